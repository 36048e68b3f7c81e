"""Helpers for the Battle tests: Lords and sides in a line, and dice that roll what a test says."""

from __future__ import annotations

from typing import Any

from judge.games.plantagenet.battle import (
    BattleLord,
    BattleOrders,
    BattleResult,
    BattleSide,
    BattleStart,
    SideOrders,
    fight,
)
from pg_helpers import Dice  # noqa: F401  (one kind of loaded dice for every Plantagenet test)


def lord(name: str, valour: int = 0, influence: int = 1, **forces: Any) -> BattleLord:
    """A Lord with the given Troops (``men_at_arms=2``), ``vassals=(...)``, ``capabilities=(...)``,
    ``carts`` and ``provender``."""
    extra = {k: forces.pop(k) for k in ("vassals", "capabilities", "carts", "provender") if k in forces}
    return BattleLord(name, valour, influence, dict(forces), **extra)


def battle(
    attackers: list[BattleLord],
    defenders: list[BattleLord],
    dice: Dice,
    *,
    attacker: str = "York",
    favour: str | None = None,
    area: str | None = None,
    orders: dict[str, SideOrders] | None = None,
    attacker_events: tuple[str, ...] = (),
    defender_events: tuple[str, ...] = (),
    **start: Any,
) -> BattleResult:
    """Fights a Battle with the given dice and checks that every die given was used."""
    defender = "Lancaster" if attacker == "York" else "York"
    side_facts = {k: start.pop(k) for k in ("route_to_port", "route_to_carlisle", "channel_port", "refuge_in_north")
                  if k in start}
    result = fight(
        BattleStart(
            "Coventry",
            area,
            favour,
            attacker=BattleSide(attacker, tuple(attackers), attacker_events, **side_facts),
            defender=BattleSide(defender, tuple(defenders), defender_events, **side_facts),
            **start,
        ),
        BattleOrders(orders or {}),
        dice,
    )
    assert dice.rolls == [], f"dice left unused: {dice.rolls}"
    return result


def steps(result: BattleResult, step: str) -> list[tuple[Any, ...]]:
    """The report's entries of one step, as (round, side, lord, unit, hits, die, outcome)."""
    return [(e.round, e.side, e.lord, e.unit, e.hits, e.die, e.outcome) for e in result.report if e.step == step]


def fate(result: BattleResult, name: str) -> str:
    return next(a.fate for a in result.lords if a.name == name)
