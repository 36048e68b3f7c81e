"""Variant hooks: the few points at which a variant's special rules enter a Diplomacy game.

The resolvers know the rules of Diplomacy, and off-board boxes, which are map data (``boxes.py``).
A variant whose rules say more names them in its map file (``rules = "roses1"``); ``rules.py``
finds its ``VariantRules``. ``StandardRules`` is plain Diplomacy, every hook doing what the
standard rules do; a variant subclasses it and overrides what its rules change, so adding a variant
never means editing a resolver. The hooks, in the order a game meets them:

- ``king_starts``: where the King starts (None: a game without one);
- ``check_order``: an order as it arrives, for the orders only the variant knows (the judge tells a
  player at once of an order the position already makes impossible);
- ``movement``: the movement phase (standard: ``movement.resolve_movement``, with the boxes of a map
  that has them);
- ``centres_after_fall``: who owns each centre after the fall, once its captures are made;
- ``adjustments``: the winter's builds and removals;
- ``fleet_builds``: how many fleets a power may build in one winter (None: any number), and
  ``too_many_fleets``: the refusal of one more, citing the variant's rule, as the orders arrive;
- ``outcome``: whether the game is won;
- ``report``: what the turn reports show beyond each order's result (the King, the boxes).

Plain Diplomacy pays nothing for this: one hook call a phase, each the standard resolver.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import eq
from typing import Any, NamedTuple, Protocol

from .adjustments import AdjustmentOutcome, resolve_adjustments
from .boxes import (
    box_slot,
    check_board_order,
    check_box_order,
    order_type,
    resolve_movement_with_boxes,
)
from .legality import Illegal
from .maps import Map
from .movement import MovementOutcome, resolve_movement
from .orders import Build, Disband, MoveWithKing, Order, TransferKing, UnitRef
from .position import Position
from .vocabulary import PhaseKind, Power, Province, Unit


class Victory(NamedTuple):
    """Who has won (``outcome``), and in words why: the engine's own (``judge adjudicate``'s
    ``winner``), which ``game.py`` gives the service as the game kinds' ``Outcome``."""

    winners: tuple[Power, ...]
    reason: str


class VariantRules(Protocol):
    """A variant's special rules, at the points where they enter a game (see the module)."""

    name: str
    king_starts: Province | None
    fleet_builds: int | None

    def check_order(
        self, game_map: Map, position: Position, power: Power, order: Order
    ) -> str | None:
        """The slot of an order only the variant knows (see ``game.py``), None for an order the
        standard checks handle; raises Illegal for an impossible order."""
        ...

    def movement(
        self, game_map: Map, position: Position, orders: Sequence[tuple[Power, Order]]
    ) -> MovementOutcome: ...

    def centres_after_fall(
        self, game_map: Map, centres: dict[Province, Power], units: Mapping[Province, Unit]
    ) -> dict[Province, Power]:
        """``centres``: after the standard changes of hands at the end of the fall."""
        ...

    def adjustments(
        self, game_map: Map, position: Position, orders: Sequence[tuple[Power, Order]]
    ) -> AdjustmentOutcome: ...

    def too_many_fleets(self, power: Power, fleets: int) -> str:
        """Why a power may not build this many fleets in one winter, or "" if it may."""
        ...

    def outcome(self, game_map: Map, position: Position) -> Victory | None: ...

    def report(self, game_map: Map, position: Position) -> dict[str, Any]: ...


class StandardRules:
    """Diplomacy's own rules (2023 rulebook, DATC v3.2), and the boxes of a map that has them."""

    name = "standard"
    king_starts: Province | None = None
    fleet_builds: int | None = None

    def check_order(
        self, game_map: Map, position: Position, power: Power, order: Order
    ) -> str | None:
        if isinstance(order, (MoveWithKing, TransferKing)):
            raise Illegal("there is no King in this game")
        if not game_map.boxes:
            return None
        return _check_box_order(game_map, position, power, order)

    def movement(
        self, game_map: Map, position: Position, orders: Sequence[tuple[Power, Order]]
    ) -> MovementOutcome:
        if game_map.boxes:
            return resolve_movement_with_boxes(game_map, position, orders)
        return resolve_movement(game_map, position, orders)

    def centres_after_fall(
        self, game_map: Map, centres: dict[Province, Power], units: Mapping[Province, Unit]
    ) -> dict[Province, Power]:
        return centres

    def adjustments(
        self, game_map: Map, position: Position, orders: Sequence[tuple[Power, Order]]
    ) -> AdjustmentOutcome:
        return resolve_adjustments(game_map, position, orders)

    def too_many_fleets(self, power: Power, fleets: int) -> str:
        return ""

    def outcome(self, game_map: Map, position: Position) -> Victory | None:
        """A power owning the variant's number of supply centres wins (checked after every phase;
        centres change hands only after the fall)."""
        # Asked after every phase, and most phases have no winner: the owners sorted, each power's
        # centres stand together, and a power owns enough of them only if some owner is also the
        # owner that many places on (compared in C; cheaper than counting each power's, or than a
        # Counter, which hashes every owner's name).
        need = game_map.victory_centres
        owners = sorted(position.supply_centres.values())
        if len(owners) < need or not any(map(eq, owners, owners[need - 1 :])):
            return None
        for power in game_map.powers:
            count = owners.count(power)
            if count >= need:
                return Victory((power,), f"{power} owns {count} supply centres")
        return None

    def report(self, game_map: Map, position: Position) -> dict[str, Any]:
        if not game_map.boxes:
            return {}
        return {
            "boxes": [
                {
                    "name": box.name,
                    "power": box.power,
                    "centres": list(box.centres),
                    "units": sorted(str(u.type) for u in position.off_board if u.province == key),
                }
                for key, box in game_map.boxes.items()
            ]
        }


def _check_box_order(game_map: Map, position: Position, power: Power, order: Order) -> str | None:
    """Rule 5 as an order arrives: the slot of an order for a unit in a box, of a build in a box or
    of a removal from it; None for other orders (checked for moves into boxes and supports or
    convoys of units in them)."""
    kind = position.phase.kind
    ref = getattr(order, "unit", None)
    if not isinstance(ref, UnitRef) or ref.province not in game_map.boxes:
        if kind is PhaseKind.MOVEMENT:
            check_board_order(game_map, order)
        return None
    if kind is PhaseKind.MOVEMENT:
        unit_type = order_type(game_map, position.off_board, power, ref)
        check_box_order(game_map.boxes[ref.province], unit_type, order)
        return box_slot(ref.province, unit_type)
    if kind is PhaseKind.ADJUSTMENT:
        box = game_map.boxes[ref.province]
        if isinstance(order, Build):
            if box.power != power:
                raise Illegal(f"only {box.power} build in {box.name}")
            if ref.type is None:
                raise Illegal("say which unit to build: A or F")
            return f"build {box.key} #"
        if isinstance(order, Disband):
            unit_type = order_type(game_map, position.off_board, power, ref)
            return f"remove {box_slot(box.key, unit_type)}"
    return None
