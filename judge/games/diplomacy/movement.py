"""The movement phase: from the orders given to the position after the move.

1. Each order is checked against the position (``legality.py``); an impossible order is illegal and
   ignored. The last possible order for a unit is the one used; a unit without one holds.
2. Orders are matched: a support must match what the supported unit does, a convoy must match a
   convoyed move; a mismatch is invalid (the supporter or convoying fleet then simply holds). An army
   moving to an adjacent province goes by convoy only when its order says so or a fleet of its own
   power is ordered to convoy it (2023 rules, DATC 4.A.3, no land fallback).
3. The decisions are solved (``decisions.py``) and turned into the DATC words, the dislodged units
   with their retreats, and the next position. A dislodged unit with nowhere to retreat is
   destroyed at once: in its order's result, or, when it was given none, as the judge's own
   disband (``automatic``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final, NamedTuple

from .convoys import route_exists
from .decisions import CONVOY, HOLD, MOVE, SUPPORT, Board, Decisions
from .legality import (
    Illegal,
    check_convoy,
    check_move,
    check_support,
    find_unit,
    fleets_in_seas,
)
from .maps import Map
from .orders import (
    Convoy,
    Hold,
    Move,
    MoveWithKing,
    Order,
    SupportHold,
    SupportMove,
    TransferKing,
    Waive,
)
from .position import AutomaticAction, Dislodged, OrderResult, Position, Word
from .retreats import retreat_options
from .vocabulary import ARMY, Location, Power, Province, Unit, UnitType, coast_of, province_of


# The decision kind of each order class, and the resolution for a decision's two outcomes.
_KIND: dict[type, int] = {Hold: HOLD, Move: MOVE, SupportHold: SUPPORT, SupportMove: SUPPORT, Convoy: CONVOY}
_OUTCOME_WORDS = {
    MOVE: ((Word.FAILS,), (Word.SUCCEEDS,)),
    SUPPORT: ((Word.CUT,), (Word.GIVEN,)),
    CONVOY: ((Word.DISRUPTED,), (Word.AVAILABLE,)),
}
_ILLEGAL, _INVALID, _STANDS = (Word.ILLEGAL,), (Word.INVALID,), (Word.STANDS,)
# The King's orders reach this resolver only on a map without a King (the King's hook takes them).
_NOT_MOVEMENT: dict[type, str] = {
    MoveWithKing: "there is no King in this game",
    TransferKing: "there is no King in this game",
}


# One order as given, with what the checks made of it (``_check``): a plain tuple, one an order, of
#   power, order,
#   kind     the decision kind of the order (decisions.py), -1 for none
#   unit     the unit ordered, None for none
#   number   the unit's number on the board, -1 for none
#   illegal  why the order is impossible, if it is ("" if not)
#   arrives  for a possible move: where it arrives (None for other orders)
#   target   for a possible support or convoy: the number of the unit it concerns (-1 for none)
# (A plain tuple: a named tuple costs four times as much to make, and this is made for every
# order of every phase.) Read it by unpacking, or by these indexes:
_ORDER_FIELD: Final = 1
_KIND_FIELD: Final = 2
_NUMBER_FIELD: Final = 4
_ILLEGAL_FIELD: Final = 5
_ARRIVES_FIELD: Final = 6
_Given = tuple[Power, Order, int, Unit | None, int, str, Location | None, int]

_new = tuple.__new__  # builds an OrderResult from its fields, at C speed


@dataclass
class MovementOutcome:
    """The resolved phase. ``board``, ``decided`` and ``chosen`` are the resolver's own working
    (each unit's decision, and the order it followed) for variant hooks that act on the outcome,
    as the King's does; ``off_board`` and ``king`` are passed on unchanged (see ``position.py``).
    Not frozen, as ``Resolution`` is not: a hook changes it by ``replace``, never in place."""

    results: list[OrderResult]
    units: dict[Province, Unit]
    dislodged: tuple[Dislodged, ...]
    standoffs: frozenset[Province]
    off_board: tuple[Unit, ...] = ()
    king: Province | None = None
    board: Board | None = None
    decided: list[bool | None] = field(default_factory=list)
    chosen: list[_Given | None] = field(default_factory=list)
    notes: tuple[str, ...] = ()
    automatic: tuple[AutomaticAction, ...] = ()  # destroyed units that were given no order

    def order_followed(self, i: int) -> Order | None:
        """The order unit i followed (None if it had none: it held)."""
        entry = self.chosen[i]
        return None if entry is None else entry[_ORDER_FIELD]


def resolve_movement(
    game_map: Map, position: Position, orders: Sequence[tuple[Power, Order]]
) -> MovementOutcome:
    units = position.units
    board_units = list(units.values())
    index = dict(zip(units, range(len(units))))  # province -> the number of the unit there
    given = _check(game_map, units, index, orders)
    chosen: list[_Given | None] = [None] * len(board_units)
    for entry in given:  # the last possible order for a unit is the one it follows
        if not entry[_ILLEGAL_FIELD]:  # a possible order names a unit on the board
            chosen[entry[_NUMBER_FIELD]] = entry

    board, to_match = _build_board(game_map, board_units, index, chosen)
    invalid = _match(game_map, board, board_units, chosen, to_match)
    decided = Decisions(board).solve()

    after: dict[Province, Unit] = {}  # the units that moved, then those that stayed
    dislodged_by: dict[int, int] = {}
    staying: list[Unit] = []
    kind, destination, moves_into = board.kind, board.destination, board.moves_into
    for i, unit in enumerate(board_units):
        if decided[i] and kind[i] == MOVE:
            arrives = chosen[i][_ARRIVES_FIELD]  # type: ignore[index]
            moved = _MOVED.get((unit.power, unit.type, arrives))  # type: ignore[arg-type]
            after[destination[i]] = moved or _moved(unit, arrives)  # type: ignore[arg-type]
            continue
        attackers = moves_into.get(unit.province)
        if attackers:
            for attacker in attackers:
                if decided[attacker]:
                    dislodged_by[i] = attacker
            if i in dislodged_by:
                continue
        staying.append(unit)
    for unit in staying:
        after[unit.province] = unit

    standoffs = frozenset(
        province
        for province, movers in board.moves_into.items()
        if province not in after and _stood_off(game_map, board, decided, movers)
    )
    dislodged: list[Dislodged] = []
    destroyed: set[int] = set()
    for i, attacker in dislodged_by.items():
        record = Dislodged(board_units[i], board.province[attacker], board.convoyed[attacker])
        options = retreat_options(game_map, after, record, standoffs)
        if options:
            dislodged.append(Dislodged(record.unit, record.attacker_from, record.by_convoy, options))
        else:
            destroyed.add(i)

    results = _results(given, chosen, decided, invalid, dislodged_by, destroyed)
    automatic: tuple[AutomaticAction, ...] = ()
    if destroyed:
        ordered = {entry[_NUMBER_FIELD] for entry in given}
        automatic = tuple(
            AutomaticAction(board_units[i], "disband") for i in sorted(destroyed) if i not in ordered
        )
    return MovementOutcome(
        results, after, tuple(dislodged), standoffs, position.off_board, position.king,
        board, decided, chosen, automatic=automatic,
    )


# (power, type, where it arrives) -> the unit after its move: the same moves recur from phase to
# phase, and a unit is a value
_MOVED: dict[tuple[Power, UnitType, Location], Unit] = {}


def _moved(unit: Unit, arrives: Location) -> Unit:
    """The unit after its move, remembered in ``_MOVED``."""
    if len(_MOVED) > 8192:
        _MOVED.clear()
    moved = _MOVED[unit.power, unit.type, arrives] = Unit(unit.power, unit.type, arrives)
    return moved


def _stood_off(game_map: Map, board: Board, decided: list[bool | None], movers: list[int]) -> bool:
    """Whether one of the moves into a province failed in a standoff (``_bounced``). A loop, not
    ``any`` of a generator: one left unfinished is closed by raising an exception into it."""
    for i in movers:
        if _bounced(game_map, board, decided, i):
            return True
    return False


def _bounced(game_map: Map, board: Board, decided: list[bool | None], i: int) -> bool:
    """Whether move i failed in a standoff, leaving its destination contested for retreats: not a
    move that lacked its convoy, nor one beaten head to head by the unit it swapped with (DATC
    6.H.9)."""
    if decided[i]:
        return False
    if board.convoyed[i] and not _route_open(game_map, board, decided, i):
        return False
    other = board.unit_at.get(board.destination[i])
    return not (
        other is not None
        and board.kind[other] == MOVE
        and board.destination[other] == board.province[i]
        and not board.convoyed[other]
        and not board.convoyed[i]
        and decided[other]
    )


def _route_open(game_map: Map, board: Board, decided: list[bool | None], i: int) -> bool:
    fleets = {board.province[f] for f in board.convoy_fleets[i] if decided[f]}
    return route_exists(game_map, board.province[i], board.destination[i], fleets)


def _check(
    game_map: Map,
    units: Mapping[Province, Unit],
    index: dict[Province, int],
    orders: Sequence[tuple[Power, Order]],
) -> list[_Given]:
    """Each order as given, checked against the position (one loop for all: a call an order
    would cost more than most checks)."""
    fleets = fleets_in_seas(game_map, units)
    given: list[_Given] = []
    for power, order in orders:
        kind = _KIND.get(type(order), -1)
        unit: Unit | None = None
        number = target = -1
        arrives: Location | None = None
        try:
            if kind < 0:
                raise Illegal(_NOT_MOVEMENT.get(type(order), "not an order for a movement phase"))
            ref = order.unit  # type: ignore[union-attr]
            unit = units.get(ref.province)
            if unit is None or (ref.type is not None and ref.type is not unit.type):
                unit = find_unit(units, ref)  # which says why there is no such unit
            number = index[unit.province]
            if unit.power != power:
                raise Illegal(f"the unit in {unit.province} belongs to {unit.power}")
            if kind == MOVE:
                arrives = check_move(game_map, fleets, unit, order)  # type: ignore[arg-type]
            elif kind == SUPPORT:
                supported = check_support(game_map, units, fleets, unit, order)  # type: ignore[arg-type]
                target = index[supported.province]
            elif kind == CONVOY:
                army = check_convoy(game_map, units, fleets, unit, order)  # type: ignore[arg-type]
                target = index[army.province]
        except Illegal as why:
            given.append((power, order, kind, unit, number, str(why), None, -1))
            continue
        given.append((power, order, kind, unit, number, "", arrives, target))
    return given


class _ToMatch(NamedTuple):
    """The orders ``_match`` looks at, gathered as the board is built."""

    army_moves: list[int]
    supports_and_convoys: list[int]
    convoys_for: dict[tuple[int, str], list[int]]  # (army, destination) -> fleets


def _build_board(
    game_map: Map,
    board_units: list[Unit],
    index: dict[Province, int],
    chosen: list[_Given | None],
) -> tuple[Board, _ToMatch]:
    """The board of the orders followed, and the orders to match (one pass over the units)."""
    count = len(board_units)
    board = Board(
        kind=[HOLD] * count,
        power=[u.power for u in board_units],
        province=list(index),
        destination=[Province("")] * count,
        convoyed=[False] * count,
        convoy_fleets=[()] * count,  # set for the convoyed moves (``_match``)
        support_target=[-1] * count,
        supports=[()] * count,
        moves_into={},
        unit_at=index,
        seas_touching=game_map.seas_touching,
    )
    to_match = _ToMatch([], [], {})
    kind, destinations, moves_into = board.kind, board.destination, board.moves_into
    for i, entry in enumerate(chosen):
        if entry is None:
            continue
        _, order, entry_kind, _, _, _, arrives, target = entry
        kind[i] = entry_kind
        if entry_kind == MOVE:
            destination = province_of(arrives)  # type: ignore[arg-type]
            destinations[i] = destination
            if destination in moves_into:
                moves_into[destination].append(i)
            else:
                moves_into[destination] = [i]
            if board_units[i].type is ARMY:
                to_match.army_moves.append(i)
        elif entry_kind != HOLD:
            to_match.supports_and_convoys.append(i)
            if entry_kind == SUPPORT:
                board.support_target[i] = target
            else:
                key = (target, order.destination.partition("/")[0])  # type: ignore[union-attr]
                to_match.convoys_for.setdefault(key, []).append(i)
    return board, to_match


def _match(
    game_map: Map,
    board: Board,
    board_units: list[Unit],
    chosen: list[_Given | None],
    to_match: _ToMatch,
) -> set[int]:
    """Decide which moves go by convoy and which supports and convoys match; return the units
    whose order is invalid. Invalid supports and convoys become holds; an invalid move still
    tries to move, so it can receive no hold support (DATC 6.D.8) but has no path."""
    invalid: set[int] = set()
    kind = board.kind
    convoys_for = to_match.convoys_for

    neighbours = game_map.army_moves
    for i in to_match.army_moves:
        unit = board_units[i]
        order = chosen[i][_ORDER_FIELD]  # type: ignore[index]
        assert isinstance(order, Move)
        destination = board.destination[i]
        fleets = convoys_for.get((i, destination), []) if convoys_for else []
        # a list, not ``any`` of a generator (see ``_stood_off``)
        own_fleet = bool(fleets) and unit.power in [board.power[f] for f in fleets]
        if not order.via_convoy and not own_fleet and destination in neighbours[unit.province]:
            continue
        board.convoyed[i] = True
        board.convoy_fleets[i] = fleets
        seas = {board.province[f] for f in fleets}
        if not route_exists(game_map, unit.province, destination, seas):
            invalid.add(i)

    for i in to_match.supports_and_convoys:
        entry = chosen[i]
        assert entry is not None
        _, order, entry_kind, _, _, _, _, target = entry
        if entry_kind == CONVOY:
            # A convoy matches when the army is ordered there, even by land: an unwanted convoy
            # is still available, or disrupted (DATC 6.G.2 to 6.G.4, 6.G.7).
            assert isinstance(order, Convoy)
            if not (
                kind[target] == MOVE
                and board.destination[target] == province_of(order.destination)
            ):
                invalid.add(i)
        else:
            if _support_matches(chosen[target], order):
                board.supports[target] += (i,)
            else:
                invalid.add(i)
    for i in invalid:
        if kind[i] != MOVE:
            kind[i] = HOLD
    return invalid


def _support_matches(supported: _Given | None, order: Order) -> bool:
    moving = supported is not None and supported[_KIND_FIELD] == MOVE
    if isinstance(order, SupportHold):
        return not moving
    assert isinstance(order, SupportMove)
    arrives = supported[_ARRIVES_FIELD] if supported is not None else None
    if not moving or arrives is None:
        return False
    if province_of(arrives) != province_of(order.destination):
        return False
    coast = coast_of(order.destination)
    return coast is None or coast_of(arrives) in (None, coast)  # DATC 6.B.9


def _results(
    given: list[_Given],
    chosen: list[_Given | None],
    decided: list[bool | None],
    invalid: set[int],
    dislodged_by: dict[int, int],
    destroyed: set[int],
) -> list[OrderResult]:
    """What became of each order given (one loop for all, as ``_check``)."""
    results: list[OrderResult] = []
    for entry in given:
        power, order, kind, unit, i, illegal, _, _ = entry  # once an order: taken apart at once
        message = illegal
        words: tuple[Word, ...]
        if message:
            # An order possible as written, but not for the fleet on the other coast, fails (6.B.11).
            words = (Word.FAILS,) if _names_other_coast(entry) else _ILLEGAL
        elif chosen[i] is not entry:
            words, message = _ILLEGAL, "replaced by a later order for the same unit"
        elif i in invalid:
            words, message = _INVALID, _invalid_reason(order)
        elif kind != HOLD:
            words = _OUTCOME_WORDS[kind][bool(decided[i])]
        else:
            words = () if i in dislodged_by else _STANDS
        if i in dislodged_by and (illegal or chosen[i] is entry):
            words += (Word.DESTROYED if i in destroyed else Word.DISLODGED,)
        results.append(_new(OrderResult, (power, order, unit, words, message)))
    return results


def _names_other_coast(entry: _Given) -> bool:
    _, order, _, unit, _, _, _, _ = entry
    if (
        unit is None
        or isinstance(order, (Waive, TransferKing))
        or coast_of(order.unit.location) is None
    ):
        return False
    return unit.location != order.unit.location


def _invalid_reason(order: Order) -> str:
    if isinstance(order, Move):
        return "no convoy was ordered along a route to the destination"
    if isinstance(order, Convoy):
        return "the army is not ordered to move there by convoy"
    if isinstance(order, SupportHold):
        return "the supported unit does not hold"
    return "the supported unit is not ordered to make that move"
