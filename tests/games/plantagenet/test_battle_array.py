"""The Battle Array (4.4.1), Reposition and Engage (4.4.2), and Flee (4.4.2, 4.4.3)."""

from __future__ import annotations

from battle_helpers import Dice, battle, fate, lord, steps

from judge.games.plantagenet.battle import BattleOrders, BattleSide, BattleStart, SideOrders
from judge.games.plantagenet.battle.field import Field, array, engage, reposition


def field(attackers: list[str], defenders: list[str], **orders: SideOrders) -> Field:
    """A Field of Lords with one Men-at-Arms each, York attacking."""
    start = BattleStart(
        "Coventry", None, None,
        attacker=BattleSide("York", tuple(lord(n, men_at_arms=1) for n in attackers)),
        defender=BattleSide("Lancaster", tuple(lord(n, men_at_arms=1) for n in defenders)),
        late=tuple(orders.pop("late", SideOrders()).array),
    )
    return Field(start, BattleOrders(dict(orders)), Dice())


def groups(battle_field: Field) -> list[tuple[list[str], list[str]]]:
    """Each Engagement as (Defending Lords, Attacking Lords)."""
    return [(e.lords["Lancaster"], e.lords["York"]) for e in engage(battle_field, set())]


def test_4_4_1_defender_fills_center_then_flanks_and_attacker_faces_each() -> None:
    """The Defenders fill Front center, then left and right, the rest in Reserve; the Attacker
    places a Lord directly opposite each Front Defender, center first, the rest in Reserve."""
    f = field(["X", "Y"], ["A", "B", "C", "D"])
    array(f)
    assert f.front["Lancaster"] == {"center": "A", "left": "B", "right": "C"}
    assert f.reserve["Lancaster"] == ["D"]
    assert f.front["York"] == {"center": "X", "left": "Y"}  # the Attacker's left faces C
    assert f.reserve["York"] == []


def test_4_4_1_a_standing_array_and_flank() -> None:
    f = field(["X"], ["A", "B"], Lancaster=SideOrders(array=("B", "A"), flank="right"))
    array(f)
    assert f.front["Lancaster"] == {"center": "B", "right": "A"}
    assert f.front["York"] == {"center": "X"}


def test_4_4_2_attackers_in_reserve_advance_and_flank_in_round_1() -> None:
    """4.4.1 lets the Attacker put Lords only opposite Defenders; in Round 1's Reposition his
    Reserve advances into the empty Front positions, and those Lords, with no one opposite, Flank
    the closest Enemy: a single Engagement."""
    f = field(["X", "Y", "Z"], ["A"])
    array(f)
    assert f.reserve["York"] == ["Y", "Z"]
    f.round = 1
    reposition(f)
    assert f.front["York"] == {"center": "X", "left": "Y", "right": "Z"}
    assert groups(f) == [(["A"], ["X", "Y", "Z"])]


def test_4_4_2_engage_example_flanks_join_two_pairs_in_one_engagement() -> None:
    """The rulebook's Engage example: B and C oppose each other, A Flanks C and D Flanks B, so
    all four Lords form a single Engagement."""
    f = field(["C", "D"], ["B", "A"], Lancaster=SideOrders(flank="left"), York=SideOrders())
    f.front["Lancaster"] = {"center": "B", "left": "A"}
    f.front["York"] = {"center": "C", "left": "D"}  # D stands across from the empty right
    assert groups(f) == [(["B", "A"], ["C", "D"])]


def test_4_4_2_three_opposed_pairs_are_three_engagements_center_first() -> None:
    f = field(["X", "Y", "Z"], ["A", "B", "C"])
    array(f)
    assert groups(f) == [(["A"], ["X"]), (["B"], ["Z"]), (["C"], ["Y"])]


def test_4_4_2_a_center_lord_with_no_one_opposite_chooses_the_flank() -> None:
    """Flanking: a center Lord with no Enemy opposite (here the Enemy center is ignored in Round 1
    by Ravine, L12) Engages the closest Front Enemy, and the center may choose left or right
    (here by standing order): he joins that flank's Engagement."""
    for choice, expected in (("left", ["A", "C"]), ("right", ["A", "B"])):
        f = field(["X", "Y", "Z"], ["A", "B", "C"], Lancaster=SideOrders(flank_target=choice))
        array(f)  # York: X center, Y left (facing C), Z right (facing B)
        found = [(e.lords["Lancaster"], e.lords["York"]) for e in engage(f, {"X"})]
        assert len(found) == 2
        assert expected in [d for d, _ in found]


def test_4_4_2_reposition_center_is_filled_from_the_chosen_flank() -> None:
    """Reposition, Center: with Front center empty and no Reserve, a flank Lord slides to the
    center (by standing order, left unless told)."""
    for choice, moved in (("left", "B"), ("right", "C")):
        f = field(["X", "Y", "Z"], ["A", "B", "C"], Lancaster=SideOrders(center_from=choice))
        array(f)
        f.routed.add("A")
        f.round = 2
        reposition(f)
        assert f.front["Lancaster"]["center"] == moved
        assert len(f.front["Lancaster"]) == 2


def test_ib_norfolk_is_late_stays_in_reserve_until_round_2() -> None:
    """Ib Norfolk is Late: he Arrays in Reserve (4.4.1) and does not Advance in Round 1."""
    f = field(["Norfolk", "X"], ["A", "B"], late=SideOrders(array=("Norfolk",)))
    array(f)
    assert f.front["York"] == {"center": "X"} and f.reserve["York"] == ["Norfolk"]
    f.round = 1
    reposition(f)
    assert f.reserve["York"] == ["Norfolk"]
    f.round = 2
    reposition(f)
    assert "Norfolk" in f.front["York"].values()


def test_4_4_2_flee_all_lords_of_a_side_ends_the_battle_and_4_4_3_fled_check_death_at_minus_2() -> None:
    """Flee: Lords who Flee Rout at once; when all of a side's Lords Flee the Battle ends with no
    Strike. 4.4.3: a Fled Lord's Death check subtracts two (a 4 becomes 2: he lives; a 5
    becomes 3: he Dies)."""
    for die, expected in ((4, "disbanded"), (5, "dead")):
        result = battle(
            [lord("York", men_at_arms=2)],
            [lord("Somerset 1", influence=5, men_at_arms=1)],
            Dice(die),
            orders={"Lancaster": SideOrders(flee={"Somerset 1": 1})},
        )
        assert steps(result, "flee") == [(1, "Lancaster", "Somerset 1", None, None, None, None)]
        assert steps(result, "protection") == []
        assert result.winner == "York" and result.rounds == 1
        assert result.influence["York"] == 5
        assert fate(result, "Somerset 1") == expected
        assert next(a for a in result.lords if a.name == "Somerset 1").fled


def test_4_4_2_flee_by_standing_order_once_too_few_troops_are_left() -> None:
    """A standing order to Flee when fewer than two of Somerset's Troops stand: after Round 1
    Routs one of his two Men-at-Arms, he Flees at the start of Round 2."""
    result = battle(
        [lord("York", men_at_arms=2)],
        [lord("Somerset 1", men_at_arms=2)],
        Dice(6, 1, 1, 1, 1,  # York's 5 Melee Hits: a Men-at-Arms Routs, the other saves four
             1, 1, 1, 1, 1,  # Somerset's 5: York's Men-at-Arms saves them all
             4),  # Somerset Fled: a 4 is 2 for his Death check, and he lives
        orders={"Lancaster": SideOrders(flee_below={"Somerset 1": 2})},
    )
    assert steps(result, "flee") == [(2, "Lancaster", "Somerset 1", None, None, None, None)]
    assert result.winner == "York" and fate(result, "Somerset 1") == "disbanded"
