"""Standing Battle orders that cannot apply to the Battle: said plainly, and dropped so that the
defaults stand (a mistaken order never stops a Battle)."""

from __future__ import annotations

import json
from dataclasses import asdict
from random import Random

import pytest
from battle_helpers import lord

from judge.games.plantagenet.battle import (
    BattleOrders,
    BattleSide,
    BattleStart,
    EventPlay,
    SideOrders,
    fight,
    order_problems,
    side_orders,
)

START = BattleStart(
    "Coventry", None, None,
    attacker=BattleSide("York", (lord("York", men_at_arms=2, longbowmen=1), lord("Salisbury", militia=3)),
                        held_events=("Y19",)),
    defender=BattleSide("Lancaster", (lord("Somerset 1", men_at_arms=3, vassals=("Beaumont",)),)),
)

WRONG = SideOrders(
    array=("Somerset 1", "Salisbury", "Salisbury"),
    flank="middle",
    flee={"Warwick Y": 1, "York": 0},
    hit_order=("archers", "militia"),
    valour="sometimes",
    events=(EventPlay("Y5"), EventPlay("Y19", lord="Somerset 1"), EventPlay("Y19", target="Nobody"),
            EventPlay("Y19", extra=2)),
)


def test_order_problems_say_what_cannot_apply() -> None:
    assert order_problems(START, BattleOrders({"York": WRONG})) == [
        "York array: Somerset 1 is not a York Lord in this Battle",
        "York array: a Lord is named twice",
        "York flank: middle is not left or right",
        "York flee: Warwick Y is not a York Lord in this Battle",
        "York flee: York cannot Flee in Round 0",
        "York hit order: archers is not a Forces type",
        "York valour: sometimes is not one of armoured, always, never",
        "York Y5: York does not hold it",
        "York Y19: Somerset 1 is not a York Lord in this Battle",
        "York Y19: Nobody is not an Enemy Lord or Vassal in this Battle",
        "York Y19: a check may add 0, 1 or 3 Influence points, not 2",
    ]
    assert order_problems(START, BattleOrders()) == []


def test_a_battle_with_mistaken_orders_is_fought_as_with_what_applies() -> None:
    """The wrong parts are dropped: the Battle goes exactly as with the orders that remain."""
    kept = SideOrders(array=("Salisbury",), hit_order=("militia",))
    for seed in range(20):
        wrong = fight(START, BattleOrders({"York": WRONG}), Random(seed))
        right = fight(START, BattleOrders({"York": kept}), Random(seed))
        assert wrong == right


def test_standing_orders_round_trip_through_json() -> None:
    """A game's state keeps a side's standing Battle orders as plain JSON; side_orders rebuilds
    them exactly, and refuses a field it does not know."""
    orders = SideOrders(
        array=("Salisbury", "York"), flank="right", flee={"York": 3}, flee_below={"Salisbury": 1},
        hit_order=("militia", "retinue"), valour="never",
        events=(EventPlay("Y19", lord="York"), EventPlay("Y30", lord="Salisbury", round=2),
                EventPlay("Y9", lords=("York", "Salisbury"))),
        culverins=False, vanguard=True,
    )
    assert side_orders(json.loads(json.dumps(asdict(orders)))) == orders
    assert side_orders({}) == SideOrders()
    with pytest.raises(ValueError, match="unknown Battle order: retreat"):
        side_orders({"retreat": True})
