"""A plain Battle of Lords with Forces (4.4): Array, Rounds with Missiles then Melee, Protection
and Valour rolls, Lord Rout, and the Ending with Influence, spoils, Losses and Death checks. Every
die is given by the test, in the order the rules roll them."""

from __future__ import annotations

import json
from dataclasses import asdict

import pytest
from battle_helpers import Dice, battle, fate, lord, steps

from judge.games.plantagenet.battle import BattleOrders, BattleSide, BattleStart, SideOrders
from judge.games.plantagenet.battle.field import Field
from judge.games.plantagenet.battle.strike import total_hits


def test_4_4_2_missiles_then_melee_and_both_sides_lose_4_4_3() -> None:
    """York's 1 Longbowmen and 1 Militia Strike 2 + 1/2 = 3 Missile Hits (rounded up); the
    Men-at-Arms they Rout no longer Strike in Melee. Both Lords Rout in the same Round (one by his
    Retinue, one by losing all his Troops): both sides lose, no Influence, Death checks
    Defenders first (3-6 Dies)."""
    york = lord("York", longbowmen=1, militia=1)
    somerset = lord("Somerset 1", men_at_arms=1)
    result = battle(
        [york], [somerset],
        Dice(4, 2, 4,  # Missiles: Lancaster's Men-at-Arms fails, his Retinue saves twice
             1, 2, 3, 5,  # Melee, York's 3 + 1/2 = 4 Hits: the Retinue saves three, then Routs
             2, 1, 6,  # Lancaster's 3 Melee Hits: Militia Routs, Longbowmen save then Rout
             3, 2),  # Death checks: Somerset (Defender) first, then York
    )
    assert [e.hits for e in result.report if e.step == "missile hits"] == [0, 3]
    assert [e.hits for e in result.report if e.step == "melee hits"] == [3, 4]
    assert steps(result, "lord rout") == [
        (1, "Lancaster", "Somerset 1", None, None, None, None),
        (1, "York", "York", None, None, None, None),
    ]
    assert result.winner is None
    assert result.influence == {"Lancaster": 0, "York": 0}
    assert fate(result, "Somerset 1") == "dead"
    assert fate(result, "York") == "disbanded"
    assert [e.lord for e in result.report if e.step == "death check"] == ["Somerset 1", "York"]


CLARENCE_DICE = (
    5, 3, 1, 2,  # York's 4 Missile Hits: Vassal and Militia Rout, the Retinue saves twice
    2,  # Lancaster's 1/2 Missile Hit, rounded up: York's Men-at-Arms saves
    6,  # York's 4 Melee Hits: the Retinue Routs; the other 3 have no unit to take them
    4, 1, 2,  # Lancaster's 3 Melee Hits: Men-at-Arms Routs, a Longbowmen saves, then Routs
    3, 2,  # Losses for York's Routed Troops: the Men-at-Arms returns, the Longbowmen is Lost
    2,  # Clarence's Death check: he lives, and Disbands
)


@pytest.mark.parametrize(
    ("favour", "carts", "provender"),
    [("York", 2 + 3, 3 + 2), (None, 2 + 2, 3 + 1), ("Lancaster", 2, 3)],
)
def test_4_4_3_winner_gains_influence_spoils_by_favour_and_losses(
    favour: str | None, carts: int, provender: int
) -> None:
    """4.4.3: the winner gains the losers' printed Influence plus one per Vassal; spoils are all
    the losers' Carts and Provender at a Friendly Stronghold, half rounded up at a Neutral one,
    none at the losers'; the winner's Routed Troops roll their Protection to return (Losses);
    the Routed Lord's Vassal Disbands with him."""
    york = lord("York", influence=5, longbowmen=2, men_at_arms=1, carts=2, provender=3)
    clarence = lord("Clarence", influence=1, militia=1, vassals=("Westmoreland",), carts=3, provender=2)
    result = battle([york], [clarence], Dice(*CLARENCE_DICE), favour=favour)
    assert result.winner == "York"
    assert result.influence == {"Lancaster": 0, "York": 1 + 1}
    york_after = next(a for a in result.lords if a.name == "York")
    assert (york_after.carts, york_after.provender) == (carts, provender)
    assert york_after.troops == {"longbowmen": 1, "men_at_arms": 1}
    assert york_after.lost == {"longbowmen": 1}
    clarence_after = next(a for a in result.lords if a.name == "Clarence")
    assert clarence_after.fate == "disbanded"
    assert clarence_after.vassals_disbanded == ("Westmoreland",)
    assert steps(result, "hits lost") == [(1, "Lancaster", None, None, None, None, None)]
    json.dumps(asdict(result))  # plain values


def test_4_4_2_valour_rerolls_one_failed_roll_per_marker() -> None:
    """4.4.2 Valour Rerolls: a Lord with Valour 1 rerolls his Forces' first failed Protection roll
    (and it saves); the next failure, with no marker left, Routs the unit. 4.4.2 Lord Rout: York,
    whose only Troop Routs, Routs though his Retinue stands."""
    somerset = lord("Somerset 1", valour=1, men_at_arms=2)
    york = lord("York", longbowmen=1)
    result = battle(
        [york], [somerset],
        Dice(5, 2, 6,  # York's 2 Missile Hits: fail, reroll saves; fail, no marker: Routs
             1, 1, 1,  # York's 3 Melee Hits on the other Men-at-Arms: all saved
             3, 1, 1, 1,  # Lancaster's 3 + 1 Melee Hits: the Longbowmen Routs, the Retinue saves
             3,  # Losses: Somerset's Routed Men-at-Arms returns
             1),  # York's Death check: he lives
    )
    assert [(e.step, e.die, e.outcome) for e in result.report if e.step in ("protection", "valour")][:3] == [
        ("protection", 5, "failed"), ("valour", 2, "saved"), ("protection", 6, "failed"),
    ]
    assert result.winner == "Lancaster"
    assert fate(result, "York") == "disbanded"
    assert next(a for a in result.lords if a.name == "Somerset 1").troops == {"men_at_arms": 2}


def test_battle_never_changes_its_input() -> None:
    york = lord("York", influence=5, longbowmen=2, men_at_arms=1, carts=2, provender=3)
    clarence = lord("Clarence", influence=1, militia=1, vassals=("Westmoreland",), carts=3, provender=2)
    before = (asdict(york), asdict(clarence))
    battle([york], [clarence], Dice(*CLARENCE_DICE))
    assert (asdict(york), asdict(clarence)) == before


def test_4_4_2_lord_rout_example_a_retinue_failing_its_reroll_routs_the_lord() -> None:
    """The rulebook's Lord Rout example: a Lord's Retinue fails its Armour roll, a Valour marker
    buys a reroll, that fails too: the Retinue Routs, and so does the Lord, though his
    Men-at-Arms stands."""
    result = battle(
        [lord("York", men_at_arms=1)],
        [lord("Somerset 1", valour=1, men_at_arms=1)],
        Dice(5, 6,  # York's first Melee Hit on Somerset's Retinue: fails, the reroll fails
             1, 1, 1,  # the other three Hits on his Men-at-Arms: saved
             1, 1, 1, 1,  # Somerset's 3 + 1 Melee Hits: York's Men-at-Arms saves them
             1),  # Somerset's Death check
        orders={"Lancaster": SideOrders(hit_order=("retinue", "men_at_arms"))},
    )
    assert [(e.step, e.unit, e.die) for e in result.report if e.lord == "Somerset 1"][1:4] == [
        ("protection", "retinue", 5), ("valour", "retinue", 6), ("rout", "retinue", None),
    ]
    assert steps(result, "lord rout") == [(1, "Lancaster", "Somerset 1", None, None, None, None)]
    assert result.winner == "York"


def test_background_book_five_longbowmen_and_four_militia_strike_12_missile_hits() -> None:
    """The Background Book's example of play (p.11): 5 Longbowmen at 2 Hits each and 4 Militia
    at 1/2 Hit each Strike 12 Missile Hits (4.4.2 Total Hits)."""
    start = BattleStart(
        "London", None, None,
        attacker=BattleSide("York", (lord("York", longbowmen=5, militia=4),)),
        defender=BattleSide("Lancaster", (lord("Somerset 1", men_at_arms=1),)),
    )
    assert total_hits(Field(start, BattleOrders(), Dice()), ["York"], "missile") == 12
