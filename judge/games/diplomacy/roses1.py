"""The special rules of Roger Sandell's Wars of the Roses I (``rules = "roses1"`` in its map file).

Rule numbers are those of the variant's rules
(shared/seeds/wars-of-the-roses-i-diplomacy-variant.txt).
Standard Diplomacy holds wherever they say nothing (rule 1). The map (rule 2's units, rule 8's
first phase) and the off-board boxes of rule 5 are data (``variants/roses1.toml``, ``boxes.py``);
the rest are these hooks (``hooks.py``):

- **Henry VI (rule 4)** starts in London, with the Red Rose army, and moves as ``king.py`` says.
- **Foreign centres (rule 6).** To the five English powers, Dublin, Dumfries, Harfleur and Calais
  are foreign; to the Scots every centre on the board but Dumfries; to the French every centre on
  the board but Harfleur and Calais. (The box centres are not on the board: they are the Scots' and
  the French's own, and never foreign.) When the fall ends (after its retreats), centres change
  hands as usual, a centre going to the power whose unit stands in it; then a centre left without
  a unit in it, and foreign to its owner, reverts to neutral. A unit of any power keeps a centre
  from reverting, since a centre with a unit in it belongs to that unit's power.
- **One fleet a year (rule 7).** A power builds at most one fleet in a winter (there is one winter
  a year), in its box or on the board; a second fleet build is illegal. The judge refuses it as
  it arrives (counting the power's orders already taken for the winter), and again at the
  adjustment.
- **Victory (rule 3)**, checked at the end of each year (after the fall, when centres change hands,
  and again after the winter's adjustments): an English power owning 21 of the 41 centres on the
  board wins, but the Red Rose and the White Rose must also hold Henry VI; the Scots or the French
  win with seven centres on the board. (Box centres do not count.) Should two powers qualify at
  once, both are named.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from .adjustments import AdjustmentOutcome, resolve_adjustments
from .hooks import StandardRules, Victory
from .king import (
    KING,
    check_carry,
    check_transfer,
    holder,
    king_after_removals,
    resolve_movement_with_king,
)
from .legality import Illegal
from .maps import Map
from .movement import MovementOutcome
from .orders import MoveWithKing, Order, TransferKing
from .position import Position
from .vocabulary import PhaseKind, Power, Province, Season, Unit, UnitType

ENGLISH = (
    Power("Red Rose"),
    Power("White Rose"),
    Power("Percies"),
    Power("Nevilles"),
    Power("Beauforts"),
)
KING_MAKERS = (Power("Red Rose"), Power("White Rose"))  # who must also hold the King (rule 3)
FOREIGN_TO_THE_ENGLISH = frozenset({"dub", "dum", "har", "cal"})
NOT_FOREIGN = {Power("Scots"): frozenset({"dum"}), Power("French"): frozenset({"har", "cal"})}
OUTSIDERS_WIN_WITH = 7  # on-board centres, for the Scots and the French (rule 3)


def is_foreign(power: Power, centre: Province) -> bool:
    """Rule 6: whether a centre on the board is foreign to a power."""
    if power in NOT_FOREIGN:
        return centre not in NOT_FOREIGN[power]
    return centre in FOREIGN_TO_THE_ENGLISH


def refuse_second_fleet(power: Power, unit: Unit, built: Sequence[Unit]) -> str:
    """Rule 7: no power builds more than one fleet in a year."""
    if unit.type is UnitType.FLEET and any(u.type is UnitType.FLEET for u in built):
        return f"{power} built a fleet already this winter: one fleet a year (rule 7)"
    return ""


class Roses1Rules(StandardRules):
    name = "roses1"
    king_starts: Province | None = Province("lon")  # rule 4
    fleet_builds: int | None = 1  # rule 7

    def check_order(
        self, game_map: Map, position: Position, power: Power, order: Order
    ) -> str | None:
        if isinstance(order, (MoveWithKing, TransferKing)):
            if position.phase.kind is not PhaseKind.MOVEMENT:
                raise Illegal(f"{KING} moves only in movement phases")
            if isinstance(order, TransferKing):
                check_transfer(game_map, position, power, order)
                return "king"
            return check_carry(game_map, position, power, order)
        return super().check_order(game_map, position, power, order)

    def movement(
        self, game_map: Map, position: Position, orders: Sequence[tuple[Power, Order]]
    ) -> MovementOutcome:
        return resolve_movement_with_king(game_map, position, orders, super().movement)

    def too_many_fleets(self, power: Power, fleets: int) -> str:
        if self.fleet_builds is None or fleets <= self.fleet_builds:
            return ""
        return f"{power} may build only one fleet a year (rule 7)"

    def centres_after_fall(
        self, game_map: Map, centres: dict[Province, Power], units: Mapping[Province, Unit]
    ) -> dict[Province, Power]:
        return {
            centre: owner
            for centre, owner in centres.items()
            if centre in units or not is_foreign(owner, centre)
        }

    def adjustments(
        self, game_map: Map, position: Position, orders: Sequence[tuple[Power, Order]]
    ) -> AdjustmentOutcome:
        adjusted = resolve_adjustments(game_map, position, orders, refuse_second_fleet)
        return AdjustmentOutcome(
            adjusted.results,
            adjusted.automatic,
            adjusted.units,
            adjusted.off_board,
            king_after_removals(game_map, adjusted.king, adjusted.units),
        )

    def outcome(self, game_map: Map, position: Position) -> Victory | None:
        phase = position.phase
        if not (
            phase.season is Season.WINTER
            or phase.kind is PhaseKind.MOVEMENT
            and phase.season is Season.SPRING
        ):
            return None  # rule 3: only at the end of a year
        counts = Counter(position.supply_centres.values())
        held_by = holder(position)
        winners: list[Power] = []
        reasons: list[str] = []
        for power in game_map.powers:
            count = counts[power]
            if power in ENGLISH:
                if count < game_map.victory_centres:
                    continue
                if power in KING_MAKERS:
                    if held_by != power:
                        continue
                    reasons.append(
                        f"{power} owns {count} supply centres on the board and holds {KING}"
                    )
                else:
                    reasons.append(f"{power} owns {count} supply centres on the board")
            elif count >= OUTSIDERS_WIN_WITH:
                reasons.append(f"{power} own {count} supply centres on the board")
            else:
                continue
            winners.append(power)
        if not winners:
            return None
        return Victory(tuple(winners), "; ".join(reasons) + " (rule 3)")

    def report(self, game_map: Map, position: Position) -> dict[str, Any]:
        extra = super().report(game_map, position)
        if position.king is not None:
            extra["king"] = {
                "name": KING,
                "province": position.king,
                "place": game_map.provinces[position.king].name,
                "held_by": holder(position),
            }
        return extra
