"""Henry VI (Wars of the Roses I, rule 4): a piece, never a unit, carried and handed on by units.

The King is a place on the board (``Position.king``); whoever has a unit standing there *holds*
him. He is never eliminated. How he moves, as this engine reads rule 4:

- **Carried.** ``A+K lon - roc``: the unit with him moves, and he goes with it if the move
  succeeds; if it fails he stays with the unit. An army carrying him may be convoyed, and he
  crosses the sea with it; he is never convoyed alone. A fleet may carry him too (rule 4 speaks of
  a unit, and of the King in a sea space).
- **Handed on.** ``K lon - roc``, ordered by the power that holds him: he passes to the unit in a
  province next to his (for an army or a fleet), of any power, if neither unit moves (neither's
  order is a move, even one that fails) and neither is dislodged. Otherwise he stays.
- **Left behind.** A unit that moves without carrying him, retreats, is disbanded or destroyed
  leaves him in the province he is in (a unit dislodging his holder holds him from then on, and a
  unit moving into his empty province picks him up).
- **At sea.** If he would be left in a sea (his fleet dislodged, gone without him, or removed),
  he goes at once to the nearest land province: the coasts of that sea, else of the seas next to
  it, and so on; among several, the first by name in alphabetical order (as civil disorder breaks
  its ties). This happens with the phase's end, so the retreat phase that follows already shows
  him ashore.

An order for the King that the position makes impossible is illegal, and a later possible one
replaces an earlier (as for units). A move with the King that is illegal as a whole is illegal as a
whole: the unit holds.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import lru_cache

from .decisions import MOVE
from .legality import Illegal, check_move, find_unit, fleets_in_seas
from .maps import Map
from .movement import MovementOutcome
from .orders import Move, MoveWithKing, Order, TransferKing
from .position import OrderResult, Position, Word
from .vocabulary import Power, Province, Unit, province_of

KING = "Henry VI"

Resolve = Callable[[Map, Position, Sequence[tuple[Power, Order]]], MovementOutcome]


def holder(position: Position) -> Power | None:
    """The power whose unit stands with the King, if any."""
    unit = position.units.get(position.king) if position.king is not None else None
    return unit.power if unit is not None else None


@lru_cache(maxsize=32)
def neighbours(game_map: Map) -> dict[Province, frozenset[Province]]:
    """Provinces next to each other for an army or a fleet (on any coast): where the King is
    handed on."""
    near = {p: set(a) for p, a in game_map.army_moves.items()}
    for here, places in game_map.fleet_moves.items():
        near[province_of(here)].update(province_of(p) for p in places)
    return {p: frozenset(n) for p, n in near.items()}


def nearest_land(game_map: Map, sea: Province) -> Province:
    """Where the King goes from a sea: the first by name of the nearest land provinces."""
    seen, frontier = {sea}, [sea]
    while frontier:
        coasts = {
            place
            for here in frontier
            for place in neighbours(game_map)[here]
            if not game_map.is_sea(place)
        }
        if coasts:
            return min(coasts, key=lambda p: game_map.provinces[p].name)
        frontier = sorted(
            {p for here in frontier for p in neighbours(game_map)[here] if p not in seen}
        )
        seen.update(frontier)
    raise ValueError(f"no land can be reached from {sea}")  # no map has such a sea


# --- orders as they arrive ------------------------------------------------------------------------


def check_transfer(game_map: Map, position: Position, power: Power, order: TransferKing) -> None:
    """Raises Illegal if the position makes ``K origin - destination`` impossible."""
    if position.king != order.origin:
        raise Illegal(f"{KING} is in {position.king}, not {order.origin}")
    giver = position.units.get(order.origin)
    if giver is None:
        raise Illegal(f"no unit stands with {KING} in {order.origin}: nobody can hand him on")
    if giver.power != power:
        raise Illegal(f"{KING} is held by {giver.power}")
    if order.destination not in neighbours(game_map)[order.origin]:
        raise Illegal(f"{order.destination} is not next to {order.origin}")
    if order.destination not in position.units:
        raise Illegal(f"there is no unit in {order.destination} to receive {KING}")


def check_carry(game_map: Map, position: Position, power: Power, order: MoveWithKing) -> Province:
    """The province of the unit that would carry the King; raises Illegal if it cannot."""
    if position.king != order.unit.province:
        raise Illegal(f"{KING} is not in {order.unit.province}")
    unit = find_unit(position.units, order.unit)
    if unit.power != power:
        raise Illegal(f"the unit in {unit.province} belongs to {unit.power}")
    check_move(game_map, fleets_in_seas(game_map, position.units), unit, order.move)
    return unit.province


# --- the movement phase ---------------------------------------------------------------------------


def resolve_movement_with_king(
    game_map: Map,
    position: Position,
    orders: Sequence[tuple[Power, Order]],
    resolve: Resolve,
) -> MovementOutcome:
    """The movement phase with the King's orders: ``resolve`` decides the units' orders (each
    move with the King as a plain move), then the King follows what his units did."""
    taken = _KingsOrders(game_map, position, orders)
    outcome = resolve(game_map, position, taken.passed)
    if position.king is None:
        return outcome
    where, notes = taken.follow(outcome)
    results: list[OrderResult] = []
    resolved = iter(outcome.results)
    for number, (_, order) in enumerate(orders):
        if number in taken.own:
            results.append(taken.own[number])
        else:
            result = next(resolved)
            results.append(result._replace(order=order) if number in taken.carries else result)
    return replace(outcome, results=results, king=where, notes=outcome.notes + notes)


class _KingsOrders:
    """The King's orders of one movement phase: taken out of the orders before the units' are
    resolved (``passed``: the rest, each move with him as a plain move), and followed after."""

    def __init__(
        self, game_map: Map, position: Position, orders: Sequence[tuple[Power, Order]]
    ) -> None:
        self.map, self.position = game_map, position
        self.passed: list[tuple[Power, Order]] = []
        self.own: dict[int, OrderResult] = {}  # order number -> the result decided here
        self.carries: dict[int, Move] = {}  # order number -> the move passed on for it
        self.transfer: tuple[int, Power, TransferKing] | None = None  # the last possible one
        for number, (power, order) in enumerate(orders):
            if isinstance(order, TransferKing):
                self.take_transfer(number, power, order)
            elif isinstance(order, MoveWithKing):
                if position.king != order.unit.province:
                    why = f"{KING} is not in {order.unit.province}"
                    self.own[number] = OrderResult(power, order, None, (Word.ILLEGAL,), why)
                    continue
                move = order.move
                # A new object, told apart from any other after the resolution (``follow``).
                self.carries[number] = Move(
                    move.unit, move.destination, move.via_convoy, move.route
                )
                self.passed.append((power, self.carries[number]))
            else:
                self.passed.append((power, order))

    def take_transfer(self, number: int, power: Power, order: TransferKing) -> None:
        try:
            check_transfer(self.map, self.position, power, order)
        except Illegal as impossible:
            self.own[number] = OrderResult(power, order, None, (Word.ILLEGAL,), str(impossible))
            return
        if self.transfer is not None:
            earlier, by, replaced = self.transfer
            why = f"replaced by a later order for {KING}"
            self.own[earlier] = OrderResult(by, replaced, None, (Word.ILLEGAL,), why)
        self.transfer = (number, power, order)

    def follow(self, outcome: MovementOutcome) -> tuple[Province, tuple[str, ...]]:
        """Where the King is after the units' orders, and a note if he was put ashore."""
        game_map, position = self.map, self.position
        king = position.king
        assert king is not None and outcome.board is not None
        board = outcome.board
        start = position.units.get(king)
        where, moved_him = king, False
        if start is not None:
            i = board.unit_at[king]
            followed = outcome.order_followed(i)
            carried = followed is not None and any(followed is m for m in self.carries.values())
            if carried and outcome.decided[i]:
                where, moved_him = board.destination[i], True
        if self.transfer is not None:
            number, power, order = self.transfer
            reason = _transfer_fails(position, outcome, order)
            if not reason:
                where, moved_him = order.destination, True
            words = (Word.FAILS,) if reason else (Word.SUCCEEDS,)
            self.own[number] = OrderResult(power, order, start, words, reason)
        kept_at_sea = moved_him or (start is not None and outcome.units.get(king) is start)
        if not game_map.is_sea(where) or kept_at_sea:
            return where, ()
        land = nearest_land(game_map, where)
        ashore, sea = game_map.provinces[land].name, game_map.provinces[where].name
        return land, (f"{KING} is put ashore at {ashore}, the nearest land to {sea} (rule 4)",)


def _transfer_fails(position: Position, outcome: MovementOutcome, order: TransferKing) -> str:
    """Why handing the King on failed, or "": both units must stay where they are, not ordered to
    move and not dislodged."""
    board = outcome.board
    assert board is not None
    for province, role in (
        (order.origin, "the unit with him"),
        (order.destination, "the unit to receive him"),
    ):
        unit = position.units[province]
        if board.kind[board.unit_at[province]] == MOVE:
            return f"{role} ({unit}) was ordered to move"
        if outcome.units.get(province) is not unit:
            return f"{role} ({unit}) was dislodged"
    return ""


def king_after_removals(
    game_map: Map, king: Province | None, units: dict[Province, Unit]
) -> Province | None:
    """After the winter: a King left alone in a sea (his fleet removed) goes ashore."""
    if king is not None and game_map.is_sea(king) and king not in units:
        return nearest_land(game_map, king)
    return king
