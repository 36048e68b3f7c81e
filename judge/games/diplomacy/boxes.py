"""Off-board boxes (Wars of the Roses I, rule 5): units that wait off the board, then come onto it.

A box is map data (``[boxes.NAME]`` in a variant's TOML, ``Map.boxes``): its power, its off-board
supply centres, and where its units come onto the board (army entries, fleet entries). In a
position, the units in boxes are ``Position.off_board``, each a ``Unit`` whose location is the
box's key (``A scotland``). What a box is, in the engine's terms (rule 5):

- any number of its power's units stand in it; they are built there (``adjustments.py``) on its
  centres, which are always its power's, since nothing can enter a box;
- a unit in a box holds, or moves onto one of the box's entries: an army to an army entry, a fleet
  to a fleet entry, never by convoy (the French fleet never straight into Harfleur or Picardy: the
  map's entries say so);
- it may not support or convoy, and it may not be supported, neither moving in nor holding;
- nothing moves into a box, and a unit on the board never leaves it: so a unit in a box is never
  dislodged, and it cannot be convoyed.

Units of one type in one box are alike, so orders name them by box and type (``A scotland -
dum``, ``F france H``). The orders for the armies in Scotland are matched to them in turn: the first
possible one to the first army, the second to the second, and so on. An order with no army left for
it is refused ("one too many"); armies without an order hold. An order without the unit type
(``scotland - dum``) is read when the box holds units of one type only.

Movement is resolved by the ordinary resolver (``movement.py``), unchanged: for the phase, each unit
in a box gets a province of its own, a *slot* (``scotland#1``), from which moves lead to the box's
entries and to which no move leads; the resolver decides the phase on the map with the slots added,
and the slots are translated back. The restrictions it does not know (no support or convoy from or
of a unit in a box; entries only) are checked here first.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import lru_cache

from .decisions import MOVE
from .legality import Illegal, find_unit
from .maps import BoxInfo, Map, ProvinceInfo
from .movement import MovementOutcome, resolve_movement
from .orders import Convoy, Hold, Move, Order, SupportHold, SupportMove, UnitRef
from .position import Dislodged, OrderResult, Position, Word
from .vocabulary import (
    Location,
    Power,
    Province,
    ProvinceKind,
    Unit,
    UnitType,
    coast_of,
    province_of,
)

_KIND = {UnitType.ARMY: "army", UnitType.FLEET: "fleet"}
_KINDS = {UnitType.ARMY: "armies", UnitType.FLEET: "fleets"}


def box_slot(box: str, unit_type: UnitType) -> str:
    """The order slot (``game.py``) of one order for a unit of this type in this box; numbered
    there in turn (``scotland A 1``, ``scotland A 2``)."""
    return f"{box} {unit_type} #"


def order_type(game_map: Map, off_board: Sequence[Unit], power: Power, ref: UnitRef) -> UnitType:
    """The type of the unit in a box that an order names, checked: the box is the power's, and
    holds a unit of that type (or of one type only, when the order gives none). Raises Illegal."""
    box = game_map.boxes[ref.province]
    if box.power != power:
        raise Illegal(f"the units in {box.name} belong to {box.power} (rule 5)")
    types = {u.type for u in off_board if u.province == box.key}
    if ref.type is None:
        if len(types) > 1:
            raise Illegal(f"{box.name} holds armies and fleets: say which (A or F)")
        if not types:
            raise Illegal(f"there is no unit in {box.name}")
        return next(iter(types))
    if ref.type not in types:
        raise Illegal(f"there is no {_KIND[ref.type]} in {box.name}")
    return ref.type


def check_box_order(box: BoxInfo, unit_type: UnitType, order: Order) -> Location | None:
    """Rule 5 for the order of a unit in a box: it holds (None), or moves onto one of the box's
    entries (where it arrives). Raises Illegal for anything else."""
    if isinstance(order, Hold):
        return None
    if isinstance(order, (SupportHold, SupportMove, Convoy)):
        raise Illegal("units in a box may not support or convoy (rule 5)")
    if not isinstance(order, Move):
        raise Illegal(f"a unit in {box.name} may only hold or move onto the board")
    if order.via_convoy:
        raise Illegal(f"a unit cannot be convoyed out of {box.name} (rule 5)")
    destination = province_of(order.destination)
    if unit_type is UnitType.ARMY:
        if destination not in box.army_entries:
            entries = ", ".join(sorted(box.army_entries))
            raise Illegal(f"armies come onto the board from {box.name} only at {entries} (rule 5)")
        return Location(destination)
    if order.destination in box.fleet_entries:
        return order.destination
    reachable = [
        entry
        for entry in box.fleet_entries
        if province_of(entry) == destination and coast_of(order.destination) is None
    ]
    if len(reachable) == 1:
        return reachable[0]
    if reachable:
        options = " or ".join(sorted(str(coast_of(e)) for e in reachable))
        raise Illegal(
            f"{destination} has several coasts a fleet from {box.name} can reach: "
            f"say which ({options})"
        )
    entries = ", ".join(sorted(box.fleet_entries))
    raise Illegal(f"fleets come onto the board from {box.name} only at {entries} (rule 5)")


def check_board_order(game_map: Map, order: Order) -> None:
    """Rule 5 for an order of a unit on the board: it does not move into a box, and does not
    support or convoy a unit in one. Raises Illegal."""
    boxes = game_map.boxes
    if isinstance(order, (Move, SupportMove, Convoy)) and province_of(order.destination) in boxes:
        raise Illegal("nothing moves into a box: a unit on the board never leaves it (rule 5)")
    if isinstance(order, (SupportHold, SupportMove)) and order.target.province in boxes:
        raise Illegal(
            "a unit in a box, or moving onto the board from it, cannot be supported (rule 5)"
        )
    if isinstance(order, Convoy) and order.army.province in boxes:
        raise Illegal("a unit in a box cannot be convoyed (rule 5)")


# --- movement -------------------------------------------------------------------------------------


def resolve_movement_with_boxes(
    game_map: Map, position: Position, orders: Sequence[tuple[Power, Order]]
) -> MovementOutcome:
    """The movement phase of a map with boxes: the units in them take part through their slots."""
    slots: list[tuple[Province, Unit]] = []  # each unit in a box, in the position's order
    numbers: dict[str, int] = {}
    for unit in position.off_board:
        numbers[unit.province] = numbers.get(unit.province, 0) + 1
        slots.append((Province(_slot(unit.province, numbers[unit.province])), unit))
    free: dict[tuple[str, Power, UnitType], list[int]] = {}  # the units not yet given an order
    for number, (_, unit) in enumerate(slots):
        free.setdefault((unit.province, unit.power, unit.type), []).append(number)

    passed: list[tuple[Power, Order]] = []
    refused: dict[int, OrderResult] = {}
    translated: dict[int, Unit] = {}  # order number -> the unit in a box it orders
    for number, (power, order) in enumerate(orders):
        unit_ref = getattr(order, "unit", None)
        try:
            if isinstance(unit_ref, UnitRef) and unit_ref.province in game_map.boxes:
                box = game_map.boxes[unit_ref.province]
                unit_type = order_type(game_map, position.off_board, power, unit_ref)
                arrives = check_box_order(box, unit_type, order)
                queue = free.get((box.key, power, unit_type))
                if not queue:
                    raise Illegal(_one_too_many(position, box, power, unit_type))
                slot, unit = slots[queue.pop(0)]
                ref = UnitRef(unit_type, Location(slot))
                passed.append((power, Hold(ref) if arrives is None else Move(ref, arrives)))
                translated[number] = unit
            else:
                check_board_order(game_map, order)
                passed.append((power, order))
        except Illegal as why:
            named = _ordered_unit(game_map, position, order)
            refused[number] = OrderResult(power, order, named, (Word.ILLEGAL,), str(why))

    on_board = dict(position.units)
    on_board.update((slot, Unit(u.power, u.type, Location(slot))) for slot, u in slots)
    outcome = resolve_movement(
        _slot_map(game_map, tuple(slot for slot, _ in slots)),
        Position(position.phase, on_board, position.supply_centres, king=position.king),
        passed,
    )

    results: list[OrderResult] = []
    resolved = iter(outcome.results)
    for number, (_, order) in enumerate(orders):
        if number in refused:
            results.append(_as_held(outcome, refused[number]))
            continue
        result = next(resolved)
        if number in translated:
            result = result._replace(order=order, unit=translated[number])
        results.append(result)
    from_slot = dict(slots)
    return replace(
        outcome,
        results=results,
        units={p: u for p, u in outcome.units.items() if p not in from_slot},
        dislodged=tuple(
            Dislodged(
                d.unit, Province(from_slot[d.attacker_from].province), d.by_convoy, d.retreats
            )
            if d.attacker_from in from_slot
            else d
            for d in outcome.dislodged
        ),
        off_board=tuple(unit for slot, unit in slots if slot in outcome.units),
    )


def _ordered_unit(game_map: Map, position: Position, order: Order) -> Unit | None:
    """The unit an illegal order names, as its result shows it (it holds instead), or None if
    there is none: on the board as ``find_unit`` finds it, in a box one of the type named."""
    ref = getattr(order, "unit", None)
    if not isinstance(ref, UnitRef):
        return None
    if ref.province not in game_map.boxes:
        try:
            return find_unit(position.units, ref)
        except Illegal:
            return None
    alike = [
        u for u in position.off_board if u.province == ref.province and ref.type in (None, u.type)
    ]
    return alike[0] if len({u.type for u in alike}) == 1 else None


def _as_held(outcome: MovementOutcome, result: OrderResult) -> OrderResult:
    """An order refused here, reported as the resolver reports an illegal order: a unit on the
    board that held for it, and was dislodged, is marked so (a unit in a box never is)."""
    unit, board = result.unit, outcome.board
    if unit is None or board is None or unit.province not in board.unit_at:
        return result
    i = board.unit_at[unit.province]
    if board.kind[i] == MOVE and outcome.decided[i]:
        return result  # it moved, by another order of its own
    if not any(outcome.decided[a] for a in board.moves_into.get(unit.province, ())):
        return result
    retreats = any(d.unit == unit for d in outcome.dislodged)
    return result._replace(
        resolution=(*result.resolution, Word.DISLODGED if retreats else Word.DESTROYED)
    )


def _one_too_many(position: Position, box: BoxInfo, power: Power, unit_type: UnitType) -> str:
    count = sum(
        1
        for u in position.off_board
        if u.province == box.key and u.type is unit_type and u.power == power
    )
    units = f"the {_KIND[unit_type]}" if count == 1 else f"each of the {count} {_KINDS[unit_type]}"
    return f"one order too many: {units} of {power} in {box.name} has its order already"


def one_too_many(game_map: Map, position: Position, power: Power, base: str) -> str:
    """Why an order for a unit in a box beyond their number is refused (``base``: the numbered
    slot's name without its number, ``scotland A``)."""
    box, _, letter = base.partition(" ")
    return _one_too_many(position, game_map.boxes[box], power, UnitType(letter))


def _slot(box: str, number: int) -> str:
    return f"{box}#{number}"


@lru_cache(maxsize=256)
def _slot_map(game_map: Map, slots: tuple[str, ...]) -> Map:
    """The map with a province for each slot: moves lead from it to its box's entries (an army's
    by land, a fleet's by sea) and none lead to it; it touches no sea, so nothing is convoyed from
    it. (Maps compare by identity, so this remembers a few slot maps for each map.)"""
    provinces = dict(game_map.provinces)
    army_moves = dict(game_map.army_moves)
    fleet_moves = dict(game_map.fleet_moves)
    fleet_provinces = dict(game_map._fleet_provinces)
    seas_touching = dict(game_map.seas_touching)
    for slot in slots:
        box = game_map.boxes[slot.partition("#")[0]]
        here = Province(slot)
        provinces[here] = ProvinceInfo(here, box.name, ProvinceKind.COAST, False)
        army_moves[here] = box.army_entries
        fleet_moves[Location(slot)] = box.fleet_entries
        fleet_provinces[Location(slot)] = frozenset(province_of(e) for e in box.fleet_entries)
        seas_touching[here] = frozenset()
    return replace(
        game_map,
        provinces=provinces,
        army_moves=army_moves,
        fleet_moves=fleet_moves,
        _fleet_provinces=fleet_provinces,
        seas_touching=seas_touching,
    )


def box_units(position: Position, power: Power) -> Mapping[tuple[str, UnitType], int]:
    """How many units of each type a power has in each box."""
    counts: dict[tuple[str, UnitType], int] = {}
    for unit in position.off_board:
        if unit.power == power:
            counts[(unit.province, unit.type)] = counts.get((unit.province, unit.type), 0) + 1
    return counts


def slot_limit(position: Position, power: Power, base: str) -> int | None:
    """How many orders a numbered slot of units in a box takes (``scotland A``: the power's armies
    in Scotland); None for other slots."""
    box, _, letter = base.partition(" ")
    if letter not in ("A", "F") or not any(u.province == box for u in position.off_board):
        return None
    return box_units(position, power).get((box, UnitType(letter)), 0)


def numbered_slots(position: Position, power: Power) -> set[str]:
    """The slots (``game.py``) that orders for all of a power's units in boxes fill."""
    return {
        f"{box} {unit_type} {number}"
        for (box, unit_type), count in box_units(position, power).items()
        for number in range(1, count + 1)
    }


def without_orders(position: Position, given: Sequence[tuple[Power, Order]]) -> list[Unit]:
    """The units in boxes that none of these orders names (orders are matched to them in turn)."""
    left = list(position.off_board)
    for power, order in given:
        ref = getattr(order, "unit", None)
        if not isinstance(ref, UnitRef) or ref.province not in {u.province for u in left}:
            continue
        for unit in left:
            if (
                unit.province == ref.province
                and unit.power == power
                and ref.type in (None, unit.type)
            ):
                left.remove(unit)
                break
    return left
