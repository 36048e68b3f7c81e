"""Resolving the words of an order against the map: provinces, coasts and powers.

The grammar (``order_shapes``) reads the shape of an order and knows nothing of the map. The
``Resolver`` looks its words up (``Map.province_named``) and settles what the grammar cannot:
whether a hyphen written without spaces joins the words of one name (``Mid-Atlantic Ocean``) or
separates the steps of a move (``A Lon-Nth-Nwy``), whether a trailing ``nc`` or ``north coast`` is
a coast, and whether a supported unit's first word is its power (``S German Mun``). When a word
names nothing, it says why: a bad coast, a word too many, or an unknown name (with the nearest).

Names already read are remembered for each map (weakly: a map that is let go takes them along).
"""

from __future__ import annotations

import difflib
import re
import weakref
from collections.abc import Sequence

from lark import Token

from .maps import Map, coast_named, name_key
from .order_errors import ROLES, one_of
from .order_shapes import Chain, OrderShape, Segment, Target
from .orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    MoveWithKing,
    Order,
    OrderSyntaxError,
    SupportHold,
    SupportMove,
    TransferKing,
    UnitRef,
    Waive,
)
from .vocabulary import Location, Province, ProvinceKind, province_of

__all__ = ["Resolver"]


class Resolver:
    """Resolves the names of one order against the map and checks what the grammar could not."""

    __slots__ = ("map", "names", "text")

    def __init__(self, game_map: Map, text: str) -> None:
        self.map = game_map
        self.text = text
        self.names = _names_read(game_map)

    def fail(self, reason: str, column: int | None) -> OrderSyntaxError:
        return OrderSyntaxError(self.text, reason, column)

    # --- orders ---

    def order(self, raw: OrderShape) -> Order:
        kind = raw.kind
        if kind == "waive":
            return Waive()
        if kind == "move":
            return self.move(raw)
        if kind == "move_with_king":
            return MoveWithKing(self.move(raw))
        if kind == "transfer_king":
            return self.transfer_king(raw)
        if kind == "build":
            return Build(UnitRef(raw.type, self.single(raw.chains[0], "adjusted")))
        if kind == "remove":
            return Disband(UnitRef(raw.type, self.single(raw.chains[0], "adjusted")))
        unit = UnitRef(raw.type, self.single(raw.chains[0], "unit"))
        if kind == "hold":
            return Hold(unit)
        if kind == "disband":
            return Disband(unit)
        if kind == "convoy":
            return self.convoy(unit, raw)
        return self.support(unit, raw)

    def move(self, raw: OrderShape) -> Move:
        locations: list[Location] = []
        last = len(raw.chains) - 1
        for index, chain in enumerate(raw.chains):
            if index == 0:
                roles = ("unit", "destination" if last == 0 else "route")
            else:
                roles = ("destination", "destination") if index == last else ("route", "route")
            locations += self.chain(chain, roles)
        if len(locations) == 1:
            if raw.flag:
                reason = 'no destination before "via convoy"; expected "-" and a province'
            else:
                reason = "the order ends after the unit; expected " + one_of(ROLES["unit"][1])
            raise self.fail(reason, len(self.text.rstrip()) + 1)
        route = tuple(province_of(location) for location in locations[1:-1])
        return Move(
            UnitRef(raw.type, locations[0]), locations[-1], raw.flag or bool(route), route
        )

    def transfer_king(self, raw: OrderShape) -> TransferKing:
        """``K Lon - Roc``: where the King is, and the one province next to it he is handed to."""
        locations: list[Location] = []
        for index, chain in enumerate(raw.chains):
            roles = ("king", "destination") if index == 0 else ("destination", "destination")
            locations += self.chain(chain, roles)
        if len(locations) != 2:
            raise self.fail(
                'the King\'s order names where he is and the province he is handed to, as in '
                '"K Lon - Roc"',
                len(self.text.rstrip()) + 1 if len(locations) < 2 else None,
            )
        return TransferKing(province_of(locations[0]), province_of(locations[1]))

    def support(self, unit: UnitRef, raw: OrderShape) -> SupportHold | SupportMove:
        target = raw.target
        assert target is not None
        self.check_power(target, "supported unit")
        if raw.kind == "support_move":
            supported = UnitRef(target.type, self.single(target.chain, "supported"))
            destination = self.single(raw.chains[1], "supported destination")
            return SupportMove(unit, supported, destination)
        locations = self.chain(target.chain, ("supported", "supported destination"), target)
        if len(locations) == 1:
            return SupportHold(unit, UnitRef(target.type, locations[0]))
        if len(locations) > 2 or raw.flag:
            raise self.fail(
                f'"{_chain_text(target.chain)}" is not a unit to support: a support names one '
                "unit holding, or one move",
                target.chain[0].words[0].column,
            )
        return SupportMove(unit, UnitRef(target.type, locations[0]), locations[1])

    def convoy(self, unit: UnitRef, raw: OrderShape) -> Convoy:
        target = raw.target
        assert target is not None
        self.check_power(target, "convoyed army")
        locations = self.chain(target.chain, ("convoyed", "convoy destination"), target)
        if len(raw.chains) > 1:
            locations.append(self.single(raw.chains[1], "convoy destination"))
        if len(locations) == 1:
            raise self.fail(
                'the order ends after the convoyed army; expected "-" and its destination',
                len(self.text.rstrip()) + 1,
            )
        if len(locations) > 2:
            raise self.fail(
                "a convoy order names one army's move, from one province to another",
                target.chain[0].words[0].column,
            )
        return Convoy(unit, UnitRef(target.type, locations[0]), locations[1])

    def check_power(self, target: Target, what: str) -> None:
        if target.power is not None:
            words = target.power.words
            if self.map.power_named(" ".join(words)) is None:
                raise self.fail(
                    f'unknown power "{" ".join(words)}" before the {what}', words[0].column
                )

    # --- locations ---

    def single(self, chain: Chain, role: str) -> Location:
        """A chain that must name one location."""
        if len(chain) == 1:
            segment = chain[0]
            if segment.coast is None:  # the usual case, made quick
                province = self.names.get(segment.words[0].value)
                if province is not None:
                    return Location(province)
            return self.segment(segment, role)
        locations = self.chain(chain, (role, role))
        if len(locations) > 1:
            raise self.fail(
                f'"{_chain_text(chain)}" is a move, where {ROLES[role][0]} was expected',
                chain[0].words[0].column,
            )
        return locations[0]

    def chain(
        self, chain: Chain, roles: tuple[str, str], target: Target | None = None
    ) -> list[Location]:
        """The locations of a chain, joining segments into names where the map has such a name
        (fewest locations first). ``roles``: of the first location, and of the ones after it."""
        allow_power = target is not None and target.type is None
        if len(chain) == 1:
            segment = chain[0]
            if segment.coast is None:  # the usual case, made quick
                province = self.names.get(segment.words[0].value)
                if province is not None:
                    return [Location(province)]
            return [self.segment(segment, roles[0], allow_power)]
        count = len(chain)
        # best[i]: the fewest locations that chain[i:] can be read as; None if it cannot be read.
        best: list[list[Location] | None] = [None] * count + [[]]
        for start in range(count - 1, -1, -1):
            for end in range(count, start, -1):  # the longest name first
                rest, found = best[end], best[start]
                if rest is None or (found is not None and len(found) <= len(rest) + 1):
                    continue
                location = self.run(chain[start:end], allow_power and start == 0)
                if location is not None:
                    best[start] = [location, *rest]
        if best[0] is not None:
            return best[0]
        # No reading works: blame the first segment that cannot be read on its own.
        for index, segment in enumerate(chain):
            if self.lookup(segment, allow_power and index == 0) is None:
                self.segment(segment, roles[0] if index == 0 else roles[1])
        raise self.fail(f'cannot tell the provinces of "{_chain_text(chain)}"', None)

    def run(self, run: Sequence[Segment], allow_power: bool) -> Location | None:
        """The location named by segments joined with hyphens, or None."""
        if len(run) == 1:
            return self.lookup(run[0], allow_power)
        if any(segment.coast is not None for segment in run[:-1]):
            return None
        words: list[Token] = []
        for segment in run:
            if words:
                joined = Token("NAME", f"{words[-1]}-{segment.words[0]}")
                joined.column = words[-1].column
                words[-1] = joined
                words += segment.words[1:]
            else:
                words += segment.words
        return self.lookup(Segment(tuple(words), run[-1].coast), allow_power)

    def segment(self, segment: Segment, role: str, allow_power: bool = False) -> Location:
        location = self.lookup(segment, allow_power)
        if location is None:
            raise self.explain(segment, role)
        return location

    def lookup(self, segment: Segment, allow_power: bool = False) -> Location | None:
        """The location a segment names, or None."""
        words, coast = segment.words, segment.coast
        named = self.map.province_named
        text = words[0].value if len(words) == 1 else " ".join(words)
        province = self.names.get(text)
        if province is None:
            province = named(text)
            if province is None and self.map.boxes:  # an off-board box: a unit's place, no coasts
                box = self.map.box_named(text)
                if box is not None:
                    return Location(box) if coast is None else None
            if province is not None:
                if len(self.names) >= _NAMES_READ_MAX:  # "LON", "Lon", "lon", ...: keep it small
                    self.names.clear()
                self.names[text] = province
        if province is not None:
            if coast is None:
                return Location(province)
            code = coast_named(" ".join(coast.words))
            if code is not None and code in self.map.provinces[province].coasts:
                return Location(f"{province}/{code}")
            return None
        words = _split_words(words)
        count = len(words)
        if coast is None and count > 1:
            # A coast written plainly after the name: "Spain nc", "St Petersburg north coast".
            for size in (2, 1):
                if count > size:
                    code = coast_named(" ".join(words[-size:]))
                    if code is not None:
                        province = named(" ".join(words[: count - size]))
                        if province is not None and code in self.map.provinces[province].coasts:
                            return Location(f"{province}/{code}")
        if allow_power and count > 1:
            # The power of a supported or convoyed unit, written without the unit's type.
            for size in (1, 2):
                if count > size and self.map.power_named(" ".join(words[:size])) is not None:
                    return self.lookup(Segment(words[size:], coast))
        return None

    def explain(self, segment: Segment, role: str) -> OrderSyntaxError:
        """Why a segment names no location: a bad coast, a word too many, or an unknown name."""
        words, coast = _split_words(segment.words), segment.coast
        named = self.map.province_named
        count = len(words)
        for end in range(count, 0, -1):
            province = named(" ".join(words[:end]))
            if province is None:
                continue
            if end == count:
                assert coast is not None
                written = " ".join(coast.words)
                return self.fail(self.not_a_coast(province, written), coast.words[0].column)
            extra = " ".join(words[end:])
            if coast_named(extra) is not None:
                return self.fail(self.not_a_coast(province, extra), words[end].column)
            what, expected = ROLES[role]
            if coast is None and self.map.provinces[province].coasts:
                expected += ("a coast",)
            return self.fail(
                f'unexpected word "{words[end]}" after {what}; expected {one_of(expected)}',
                words[end].column,
            )
        return self.fail(self.unknown(" ".join(words)), words[0].column)

    def not_a_coast(self, province: Province, written: str) -> str:
        info = self.map.provinces[province]
        reason = f'"{written}" is not a coast of {info.name}'
        if info.coasts:
            return f"{reason} (say {one_of(info.coasts)})"
        if info.kind is ProvinceKind.LAND:
            return f"{reason}: it is inland"
        if info.kind is ProvinceKind.SEA:
            return f"{reason}: it is a sea"
        return f"{reason}: it has only one coast, so write none"

    def unknown(self, name: str) -> str:
        reason = f'unknown province "{name}"'
        names = _names_of(self.map)
        close = difflib.get_close_matches(name_key(name), names, n=1, cutoff=0.75)
        if close:
            reason += f" (did you mean {names[close[0]]}?)"
        return reason


def _chain_text(chain: Chain) -> str:
    parts = []
    for segment in chain:
        part = " ".join(segment.words)
        if segment.coast is not None:
            part += "/" + " ".join(segment.coast.words)
        parts.append(part)
    return "-".join(parts)


_NAMES: weakref.WeakKeyDictionary[Map, dict[str, str]] = weakref.WeakKeyDictionary()
_NAMES_READ: weakref.WeakKeyDictionary[Map, dict[str, Province]] = weakref.WeakKeyDictionary()
_NAMES_READ_MAX = 20000


def _names_read(game_map: Map) -> dict[str, Province]:
    """The names as written in orders so far that named a province of the map, and the province:
    a quicker ``Map.province_named`` for the names players use again and again."""
    names = _NAMES_READ.get(game_map)
    if names is None:
        names = _NAMES_READ[game_map] = {}
    return names


def _names_of(game_map: Map) -> dict[str, str]:
    """Name keys of the map's provinces (names and abbreviations) -> the province's name."""
    names = _NAMES.get(game_map)
    if names is None:
        names = {}
        for province, info in game_map.provinces.items():
            names[name_key(info.name)] = info.name
            names[name_key(province)] = info.name
        _NAMES[game_map] = names
    return names


_WORDS = re.compile(r"\S+")


def _split_words(words: Sequence[Token]) -> tuple[Token, ...]:
    """Tokens of one word each, with their columns."""
    if all(" " not in word and "\t" not in word for word in words):
        return tuple(words)
    split: list[Token] = []
    for word in words:
        column = word.column or 1
        for found in _WORDS.finditer(word):
            split.append(Token("NAME", found[0], None, 1, column + found.start()))
    return tuple(split)
