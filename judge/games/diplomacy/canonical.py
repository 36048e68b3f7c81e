"""Orders in the judge's own canonical form, read without the grammar.

The judge writes orders back in one form (``F nth - nwy``, ``A yor S F nth - nwy``,
``F nth C A yor - nwy``, ``A lon H``, ``A mun D``, ``Build F stp/nc``): abbreviations, single
spaces, one-letter words. Archives and programs replay that form by the thousand, so
``read_canonical`` reads it directly, as a fast path in front of the grammar. It answers only for
text that is exactly in that form (any case) and names only the map's own abbreviations, and then
its answer is the one the grammar gives (a test compares the two on every form); for anything else
it returns None and the grammar reads the order.
"""

from __future__ import annotations

from .maps import Map
from .orders import Build, Convoy, Disband, Hold, Move, Order, SupportHold, SupportMove, UnitRef
from .vocabulary import Location, UnitType

_TYPES = {"a": UnitType.ARMY, "f": UnitType.FLEET}
# (type letter, location) -> the reference: the same few units recur in order after order, and a
# reference is a value (the locations of all maps: a few hundred)
_REFS: dict[tuple[str, str], UnitRef] = {}


def _unit_ref(letter: str, where: Location) -> UnitRef:
    ref = _REFS.get((letter, where))
    if ref is None:
        ref = _REFS[letter, where] = UnitRef(_TYPES[letter], where)
    return ref


def read_canonical(game_map: Map, text: str) -> Order | None:
    words = text.lower().split()
    count = len(words)
    if count < 3:
        return None
    def place(word: str) -> Location | None:
        if word in game_map.provinces or word in game_map.fleet_moves:
            return Location(word)
        return None

    if words[0] == "build" and count == 3:
        unit_type, where = _TYPES.get(words[1]), place(words[2])
        return Build(UnitRef(unit_type, where)) if unit_type and where else None
    unit_type, where = _TYPES.get(words[0]), place(words[1])
    if unit_type is None or where is None:
        return None
    unit = _unit_ref(words[0], where)
    verb = words[2]
    if count == 3:
        return Hold(unit) if verb == "h" else Disband(unit) if verb == "d" else None
    if verb == "-":
        destination = place(words[3])
        if destination is None:
            return None
        if count == 4:
            return Move(unit, destination)
        if count == 6 and words[4:] == ["via", "convoy"]:
            return Move(unit, destination, via_convoy=True)
        return None
    if verb not in ("s", "c") or count not in (5, 7):
        return None
    target_type, target_at = _TYPES.get(words[3]), place(words[4])
    if target_type is None or target_at is None:
        return None
    target = _unit_ref(words[3], target_at)
    if count == 5:
        return SupportHold(unit, target) if verb == "s" else None
    destination = place(words[6])
    if words[5] != "-" or destination is None:
        return None
    if verb == "s":
        return SupportMove(unit, target, destination)
    return Convoy(unit, target, destination) if target_type is UnitType.ARMY else None
