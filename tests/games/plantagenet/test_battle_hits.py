"""4.4.2 Apply Hits ("each Hit that a player assigns") and Valour Rerolls as the player orders
them: Hits by Strike step (Missile, Melee), by Round and by Lord, a Lord's units of one type or one
Vassal first; Valour spent on the units named only. And 6.0 Ia, Capture of the King: it replaces
Henry VI's Death check (4.4.3) only when the Yorkists win the Battle."""

from __future__ import annotations

import json
from dataclasses import asdict

from battle_helpers import Dice, battle, fate, lord, steps

from judge.games.plantagenet.battle import (
    BattleLord,
    BattleOrders,
    BattleSide,
    BattleStart,
    HitsRule,
    SideOrders,
    Units,
    order_problems,
    side_orders,
)
from judge.games.plantagenet.battle.field import Field, array
from judge.games.plantagenet.battle.strike import apply_hits, chosen_units

LONGBOWMEN, MEN_AT_ARMS, MILITIA, RETINUE = (Units(kind=k) for k in ("longbowmen", "men_at_arms", "militia", "retinue"))


def field(lancaster: list[BattleLord], orders: SideOrders, *dice: int) -> Field:
    """A Battle of York against the Lancastrian Lords given, arrayed, whose Lancastrian orders are
    ``orders`` and whose dice roll ``dice`` in turn."""
    start = BattleStart("Coventry", None, None, attacker=BattleSide("York", (lord("York", men_at_arms=1),)),
                        defender=BattleSide("Lancaster", tuple(lancaster)))
    f = Field(start, BattleOrders({"Lancaster": orders}), Dice(*dice))
    array(f)
    return f


def hit(f: Field, lords: list[str], hits: int, step: str, round_: int = 1) -> list[tuple[str | None, str | None]]:
    """Applies the Hits in that Round and says which Lord's unit rolled for each, in turn."""
    f.round = round_
    before = len(f.report)
    apply_hits(f, lords, hits, step)
    return [(e.lord, e.unit) for e in f.report[before:] if e.step == "protection"]


def test_4_4_2_missile_hits_to_longbowmen_while_men_at_arms_stand_melee_hits_by_the_default() -> None:
    """4.4.2 Apply Hits: ``HITS MISSILE Longbowmen``: the Missile Hits go to the Longbowmen while
    the Men-at-Arms stand; the Melee Hits still go by the side's Hit order (Men-at-Arms first)."""
    orders = SideOrders(hits=(HitsRule((LONGBOWMEN,), "missile"),))
    f = field([lord("Somerset 1", men_at_arms=2, longbowmen=2)], orders, 6, 6, 1)
    assert hit(f, ["Somerset 1"], 2, "missile") == [("Somerset 1", "longbowmen")] * 2
    assert hit(f, ["Somerset 1"], 1, "melee") == [("Somerset 1", "men_at_arms")]
    unordered = field([lord("Somerset 1", men_at_arms=2, longbowmen=2)], SideOrders(), 1)
    assert hit(unordered, ["Somerset 1"], 1, "missile") == [("Somerset 1", "men_at_arms")]


def test_4_4_2_melee_hits_in_round_2_to_one_lords_units_first() -> None:
    """4.4.2 Apply Hits: ``HITS MELEE ROUND 2 Exeter``: in Round 1 the Hits go to the Lords in
    Array order (Somerset's units first); in Round 2 to Exeter's, his Men-at-Arms before his
    Militia (the side's Hit order within a Lord), then, when his are all Routed, to Somerset's."""
    orders = SideOrders(hits=(HitsRule((Units(lord="Exeter 1"),), "melee", 2),))
    lancaster = [lord("Somerset 1", men_at_arms=2), lord("Exeter 1", militia=1, men_at_arms=1)]
    f = field(lancaster, orders, 1, 6, 6, 6, 1)
    assert hit(f, ["Somerset 1", "Exeter 1"], 1, "melee", 1) == [("Somerset 1", "men_at_arms")]
    assert hit(f, ["Somerset 1", "Exeter 1"], 4, "melee", 2) == [
        ("Exeter 1", "men_at_arms"), ("Exeter 1", "militia"), ("Exeter 1", "retinue"), ("Somerset 1", "men_at_arms"),
    ]


def test_4_4_2_a_lords_units_of_one_type_and_a_named_vassal_first() -> None:
    """4.4.2 Apply Hits: ``HITS Exeter Militia, Beaumont``: Exeter's Militia, then the Vassal
    Beaumont, though Somerset is first in the Array and Vassals come before Militia by default."""
    orders = SideOrders(hits=(HitsRule((Units(lord="Exeter 1", kind="militia"), Units(kind="vassal", name="Beaumont"))),))
    lancaster = [lord("Somerset 1", militia=1, vassals=("Clifford",)), lord("Exeter 1", militia=1, vassals=("Beaumont",))]
    f = field(lancaster, orders, 6, 6, 6)
    assert hit(f, ["Somerset 1", "Exeter 1"], 3, "melee") == [
        ("Exeter 1", "militia"), ("Exeter 1", "Beaumont"), ("Somerset 1", "Clifford"),
    ]


def test_4_4_2_the_rule_for_this_step_and_round_comes_first_then_round_then_step_then_battle() -> None:
    """Several HITS rules apply at once: the one for this step and Round first, then this Round's,
    then this step's, then the whole Battle's; then the side's Hit order."""
    rules = (HitsRule((MILITIA,)), HitsRule((LONGBOWMEN,), "melee"), HitsRule((RETINUE,), None, 2),
             HitsRule((MEN_AT_ARMS,), "melee", 2), HitsRule((LONGBOWMEN,), "missile", 3))
    assert chosen_units(rules, "melee", 2) == (MEN_AT_ARMS, RETINUE, LONGBOWMEN, MILITIA)
    assert chosen_units(rules, "missile", 2) == (RETINUE, MILITIA)
    assert chosen_units(rules, "melee", 1) == (LONGBOWMEN, MILITIA)
    assert chosen_units((), "melee", 1) == ()


def test_4_4_2_valour_rerolls_for_the_retinue_only() -> None:
    """4.4.2 Valour Rerolls: ``VALOUR Retinue``: a failed Men-at-Arms roll is not rerolled,
    though by default (armoured units) it would be; the failed Retinue roll is."""
    f = field([lord("Somerset 1", valour=2, men_at_arms=1)], SideOrders(valour_units=(RETINUE,)), 6, 5, 2)
    hit(f, ["Somerset 1"], 2, "melee")
    assert [(e.step, e.unit, e.outcome) for e in f.report if e.step in ("protection", "valour", "rout")] == [
        ("protection", "men_at_arms", "failed"), ("rout", "men_at_arms", None),
        ("protection", "retinue", "failed"), ("valour", "retinue", "saved"),
    ]
    assert f.valour["Somerset 1"] == 1
    default = field([lord("Somerset 1", valour=2, men_at_arms=1)], SideOrders(), 6, 1)
    hit(default, ["Somerset 1"], 1, "melee")
    assert [e.step for e in default.report if e.step in ("protection", "valour")] == ["protection", "valour"]


def test_4_4_2_valour_rerolls_for_one_named_unit_a_lords_retinue_or_a_vassal() -> None:
    """4.4.2 Valour Rerolls by unit: ``VALOUR Exeter Retinue, Beaumont``: Beaumont's failed rolls
    are rerolled, Clifford's (another Vassal, on a Lord with Valour left) is not, nor Somerset's
    Retinue's."""
    orders = SideOrders(hits=(HitsRule((Units(kind="vassal", name="Beaumont"), Units(kind="vassal", name="Clifford"),
                                        Units(lord="Somerset 1", kind="retinue"))),),
                        valour_units=(Units(lord="Exeter 1", kind="retinue"), Units(kind="vassal", name="Beaumont")))
    lancaster = [lord("Somerset 1", valour=3, vassals=("Clifford",)), lord("Exeter 1", valour=3, vassals=("Beaumont",))]
    f = field(lancaster, orders, 6, 1, 6, 6, 6, 6)
    hit(f, ["Somerset 1", "Exeter 1"], 4, "melee")
    assert [(e.step, e.unit) for e in f.report if e.step in ("protection", "valour", "rout")] == [
        ("protection", "Beaumont"), ("valour", "Beaumont"),  # saved by the reroll: he takes the next Hit too
        ("protection", "Beaumont"), ("valour", "Beaumont"), ("rout", "Beaumont"),
        ("protection", "Clifford"), ("rout", "Clifford"), ("protection", "retinue"), ("rout", "retinue"),
    ]
    assert f.valour == {"Somerset 1": 3, "Exeter 1": 1, "York": 0}


def test_hits_and_valour_orders_that_cannot_apply_are_said_and_dropped() -> None:
    start = BattleStart("Coventry", None, None, attacker=BattleSide("York", (lord("York", men_at_arms=1),)),
                        defender=BattleSide("Lancaster", (lord("Somerset 1", vassals=("Clifford",)),)))
    wrong = SideOrders(
        hits=(HitsRule((Units(lord="Warwick L"), MILITIA), "volley"), HitsRule((Units(kind="vassal", name="Beaumont"),), None, 2)),
        valour_units=(Units(kind="archers"), RETINUE),
    )
    assert order_problems(start, BattleOrders({"Lancaster": wrong})) == [
        "Lancaster hits: volley is not Missile or Melee",
        "Lancaster hits: Warwick L is not a Lancaster Lord in this Battle",
        "Lancaster hits: Beaumont is not a Lancaster Vassal in this Battle",
        "Lancaster valour: archers is not a Forces type",
    ]
    assert order_problems(start, BattleOrders({"Lancaster": SideOrders(hits=(HitsRule((MILITIA,), "melee", 2),))})) == []


def test_hits_rules_and_valour_units_are_kept_as_plain_values() -> None:
    orders = SideOrders(hits=(HitsRule((Units(lord="Exeter 1", kind="militia"), MILITIA), "melee", 2),),
                        valour_units=(Units(kind="vassal", name="Beaumont"),))
    assert side_orders(json.loads(json.dumps(asdict(orders)))) == orders


# 6.0 Ia, Capture of the King, and 4.4.3 Death Check


def test_6_0_ia_capture_of_the_king_when_both_sides_lose_henry_vi_rolls_for_death_4_4_3() -> None:
    """6.0 Ia: Capture of the King replaces Henry VI's Death check only "if Yorkists win a Battle
    against Henry VI". When all Lords of both sides Rout, both lose (4.4.3): Henry VI rolls for
    Death as any Lord, and a 3 kills him."""
    result = battle(
        [lord("York", longbowmen=1, militia=1)], [lord("Henry VI", men_at_arms=1)],
        Dice(4, 2, 4,  # Missiles: Henry VI's Men-at-Arms fails, his Retinue saves twice
             1, 2, 3, 5,  # York's 4 Melee Hits: the Retinue saves three, then Routs
             2, 1, 6,  # Lancaster's 3 Melee Hits: Militia Routs, Longbowmen save then Rout
             3, 2),  # Death checks: Henry VI (Defender) first, then York
        instead_of_death={"Henry VI": "captured"},
    )
    assert result.winner is None
    assert steps(result, "death check") == [
        (1, "Lancaster", "Henry VI", None, None, 3, "dead"), (1, "York", "York", None, None, 2, "disbanded"),
    ]
    assert fate(result, "Henry VI") == "dead"


def test_6_0_ia_capture_of_the_king_when_the_yorkists_win_henry_vi_disbands_without_a_roll() -> None:
    """6.0 Ia: the Yorkists win the Battle against Henry VI: instead of his Death check (4.4.3)
    he Disbands, captured; no die is rolled for him."""
    result = battle(
        [lord("York", men_at_arms=1)], [lord("Henry VI", men_at_arms=1)],
        Dice(1, 6, 6,  # York's 3 + 1 Melee Hits: Men-at-Arms saves, then Routs; the Retinue Routs; one lost
             1, 1, 1, 1),  # Lancaster's 3 + 1 Melee Hits: York's Men-at-Arms saves them all
        instead_of_death={"Henry VI": "captured"},
    )
    assert result.winner == "York"
    assert steps(result, "death check") == [(1, "Lancaster", "Henry VI", None, None, None, "captured")]
    assert fate(result, "Henry VI") == "disbanded"
