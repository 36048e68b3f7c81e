"""Battles (6.0-6.91): turns, reserves, hits, charges, retreats, regroups, eliminations and
treachery, with dice the tests choose."""

from __future__ import annotations

from typing import Any

from r3_setup import Dice, act, actions, events, position, where

from judge.games.kind import PhaseResult

MISS = 6


def battle(blocks: dict[str, Any], york: list[str], lancaster: list[str], dice: list[int], king: str = "Lancaster") -> PhaseResult:
    """York (player 1, AP 4) gives his orders, Lancaster his; the battles use ``dice``."""
    state = actions(position(blocks, king=king), "York", "AP 4")
    after = act(state, york).state
    return act(after, lancaster, Dice(*dice))


def fires(result: PhaseResult, round_: int | None = None) -> list[str]:
    return [e["block"] for e in events(result, "fire") if round_ is None or e["round"] == round_]


HERBERT = {"Herbert": "Warwick", "Clarence/Y": "Warwick", "York": "Ireland", "Rivers/L": "Derby", "Henry VI": "Middlesex"}


def test_6_2_battle_turns_by_initiative_defender_first() -> None:
    """6.2 (the rule's example): Herbert (A2) and Clarence (B2) attack Rivers (B2): Herbert,
    Rivers, Clarence; the attackers retreat in round 4 (6.6), back where they came from."""
    result = battle(HERBERT, ["Herbert - Derby", "Clarence - Derby"], ["DONE"], [MISS] * 26)
    assert fires(result, 1) == ["Herbert", "Rivers/L", "Clarence/Y"]
    assert [e["block"] for e in events(result, "retreat")] == ["Herbert", "Clarence/Y"]
    assert all(e["round"] == 4 for e in events(result, "retreat"))
    assert where(result.state, "Herbert") == "Warwick"
    assert events(result, "battle won")[0]["winner"] == "Lancaster"


def test_6_4_all_hits_on_the_strongest_block_then_the_next() -> None:
    """6.4: a block's hits all go to the enemy block of highest strength; the surplus to the
    next. Herbert (3 dice, A2) hits three times: Rivers (2) is eliminated, Shrewsbury (1) too."""
    blocks = {"Herbert": "Warwick", "York": "Ireland", "Rivers/L": ("Derby", 2), "Shrewsbury/L": ("Derby", 1), "Henry VI": "Middlesex"}
    result = battle(blocks, ["Herbert - Derby"], ["DONE"], [MISS, 1, 1, 1])  # Shrewsbury (A1) first
    taken = events(result, "fire")[1]["taken"]
    assert taken == [["Rivers/L", 2], ["Shrewsbury/L", 1]]
    assert where(result.state, "Rivers/L") == "pool" and result.state["blocks"]["Rivers/L"]["down"]
    assert where(result.state, "Herbert") == "Derby"


def test_6_3_reserves_do_not_fight_in_round_1() -> None:
    """6.3: blocks crossing other borders than the main attack's are reserves: no fire in
    round 1; they arrive in round 2."""
    blocks = {"Herbert": "Warwick", "Essex": "Lincoln", "York": "Ireland", "Rivers/L": ("Derby", 2), "Henry VI": "Middlesex"}
    dice = [MISS] * 3 + [MISS] * 2 + [MISS] * 3 + [MISS] * 2 + [MISS] * 3 + [MISS] * 2 + [MISS] * 3 + [MISS] * 2
    result = battle(blocks, ["Herbert - Derby", "Essex - Derby", "MAIN Derby FROM Warwick"], ["DONE"], dice + [MISS] * 6)
    assert fires(result, 1) == ["Herbert", "Rivers/L"]
    assert fires(result, 2) == ["Herbert", "Rivers/L", "Essex"]


def test_6_3_player_2_reinforcements_are_reserves() -> None:
    """6.3: blocks player 2 moves into a battle player 1 began are reserves."""
    blocks = {"Herbert": "Warwick", "York": "Ireland", "Rivers/L": ("Derby", 2), "Beaumont": "Lincoln", "Henry VI": "Middlesex"}
    result = battle(blocks, ["Herbert - Derby", "RETREAT ALL AFTER ROUND 1"], ["Beaumont - Derby"], [MISS] * 5 + [MISS] * 5)
    assert fires(result, 1) == ["Herbert", "Rivers/L"]
    assert ["Beaumont", 3, True] in events(result, "battle")[0]["blocks"]["Lancaster"]  # in reserve


def test_6_5_heir_charge_and_the_return_fire() -> None:
    """6.5: the senior heir charges a named block, hits only it; if it survives it fires back
    once at him."""
    blocks = {"March": "Warwick", "York": "Ireland", "Rivers/L": "Derby", "Beaumont": "Derby", "Henry VI": "Middlesex"}
    result = battle(blocks, ["March - Derby", "CHARGE March AT Beaumont", "NO TREACHERY"], ["DONE"], [1, 6, 6] + [1, 6] + [MISS] * 60)
    charge = events(result, "charge")[0]
    assert charge["block"] == "March" and charge["target"] == "Beaumont"
    first, back = events(result, "fire")[:2]
    assert first["taken"] == [["Beaumont", 1]] and back["block"] == "Beaumont"
    assert back["taken"] == [["March", 1]]


def test_6_6_retreat_on_order_not_in_round_1_and_not_across_the_enemy_border() -> None:
    """6.6: no retreat in round 1; a block ordered to retreat goes in its turn, to a friendly
    or vacant area, never across a border the enemy entered by."""
    blocks = {"Herbert": "Warwick", "York": "Ireland", "Rivers/L": "Derby", "Henry VI": "Middlesex"}
    result = battle(blocks, ["Herbert - Derby"], ["RETREAT Rivers AFTER ROUND 1"], [MISS] * 3 + [MISS] * 2 + [MISS] * 3)
    retreat = events(result, "retreat")[0]
    assert retreat["block"] == "Rivers/L" and retreat["round"] == 2
    assert retreat["to"] != "Warwick"
    assert events(result, "battle won")[0]["winner"] == "York"


def test_6_6_a_retreat_on_condition_goes_only_when_outnumbered() -> None:
    """6.6 with the judge's condition (issue 18): ``RETREAT ... IF OUTNUMBERED`` retreats only
    while the enemy's blocks in the battle have more steps than the side's. Herbert (3) attacks
    Rivers: at strength 2 Rivers is outnumbered and goes in round 2; at strength 4 he stays."""
    weak = {"Herbert": "Warwick", "York": "Ireland", "Rivers/L": ("Derby", 2), "Henry VI": "Middlesex"}
    result = battle(weak, ["Herbert - Derby"], ["RETREAT Rivers AFTER ROUND 1 IF OUTNUMBERED"],
                    [MISS] * 3 + [MISS] * 2 + [MISS] * 3)
    assert [e["round"] for e in events(result, "retreat") if e["block"] == "Rivers/L"] == [2]
    strong = {**weak, "Rivers/L": ("Derby", 4)}
    result = battle(strong, ["Herbert - Derby"], ["RETREAT Rivers AFTER ROUND 1 IF OUTNUMBERED"],
                    [MISS] * 40)
    assert [e for e in events(result, "retreat") if e["block"] == "Rivers/L"] == []


def test_6_6_a_block_that_cannot_retreat_is_eliminated() -> None:
    """6.6: an attacker that must retreat in round 4 and cannot is eliminated."""
    blocks = {"Herbert": "Powys", "York": "Ireland", "Pembroke": "Pembroke", "Richmond": "Glamorgan",
              "Devon": "Caernarvon", "Wiltshire": "Caernarvon", "Henry VI": "Middlesex"}
    state = actions(position(blocks), "York", "AP 4")
    after = act(state, ["Herbert - Pembroke"]).state
    result = act(after, ["Devon - Powys"], Dice(*[MISS] * 40))  # Lancaster closes Powys behind him
    assert [e["cause"] for e in events(result, "eliminated") if e["block"] == "Herbert"] == ["no retreat"]


def test_6_7_the_victor_regroups_as_ordered() -> None:
    """6.7: the victor's blocks may regroup to an adjacent friendly or vacant area."""
    blocks = {"Herbert": "Warwick", "York": "Ireland", "Rivers/L": ("Derby", 1), "Henry VI": "Middlesex"}
    result = battle(blocks, ["Herbert - Derby", "REGROUP Herbert - Lincoln"], ["DONE"], [1, 6, 6])
    assert where(result.state, "Herbert") == "Lincoln"
    assert events(result, "regroup")
    assert events(result, "orders unused") == []  # it acted: nothing to tell (issue 18, point 4)


def test_6_8_fates_of_eliminated_blocks() -> None:
    """6.81-6.86: heirs and rose nobles die; other nobles go face-down to the pool;
    mercenaries face-down home."""
    blocks = {"March": "Warwick", "Burgundian Mercenary": "Warwick", "York": "Ireland", "Somerset": ("Derby", 1), "Clifford": ("Derby", 1), "Rivers/L": ("Derby", 1), "Henry VI": "Middlesex"}
    result = battle(blocks, ["March - Derby", "Burgundian - Derby", "NO TREACHERY"], ["DONE"], [1, 1, 1] * 2)
    fates = {e["block"]: e["fate"] for e in events(result, "eliminated")}
    assert fates["Somerset"] == "dead" and fates["Clifford"] == "dead" and fates["Rivers/L"] == "face-down to the pool"
    assert result.state["heirs_due"]["Lancaster"] == 0  # Prince Edward came of age in the supply phase
    assert where(result.state, "Prince Edward") != "minor"


def test_6_85_a_mercenary_goes_home_face_down() -> None:
    """6.85: an eliminated mercenary goes face-down to its home area."""
    blocks = {"Burgundian Mercenary": ("Warwick", 1), "York": "Ireland", "Clifford": "Derby", "Henry VI": "Middlesex"}
    result = battle(blocks, ["Burgundian - Derby"], ["DONE"], [6, 6, 6] + [1, 1, 1])
    assert where(result.state, "Burgundian Mercenary") == "Calais"
    assert result.state["blocks"]["Burgundian Mercenary"]["down"]


def test_6_9_treachery_all_even_defects_to_the_roller() -> None:
    """6.9: the King, Pretender or Warwick rolls the target's loyalty in dice; all even and it
    defects to his reserve. York (the Pretender) tries Stanley (loyalty 1)."""
    blocks = {"York": "Warwick", "Stanley/L": "Derby", "Clifford": "Derby", "Henry VI": "Middlesex"}
    result = battle(blocks, ["York - Derby"], ["NO TREACHERY"], [MISS] * 3 + [4] + [MISS] * 30)
    roll = events(result, "treachery")[0]
    assert roll["role"] == "pretender" and roll["target"] == "Stanley/L" and roll["defects"]
    assert where(result.state, "Stanley/L") == "out"
    assert result.state["blocks"]["Stanley/Y"]["at"] in ("Derby", "Warwick", "Chester", "Leicester", "Lincoln", "Lancaster", "South Yorks")


def test_6_91_warwick_rolls_one_die_for_kent_and_never_for_northumberland() -> None:
    """6.91: Kent and Salisbury take one die when Warwick rolls; Warwick never tries
    Northumberland or Westmoreland."""
    from judge.games.richard3.combat import Battle, loyalty, treachery_targets

    assert loyalty("Kent/L", by_warwick=True) == 1 and loyalty("Kent/L", by_warwick=False) == 2
    state = position({"Warwick/Y": "Derby", "Northumberland/L": "Derby", "Kent/L": "Derby", "York": "Ireland", "Henry VI": "Middlesex"})
    fight = Battle("Derby", "York", "Lancaster", "Lancaster")
    assert treachery_targets(state, fight, "York", warwick=True) == ["Kent/L"]
    assert set(treachery_targets(state, fight, "York", warwick=False)) == {"Kent/L", "Northumberland/L"}


def test_9_1_the_pretender_cannot_defect() -> None:
    """9.1: Exeter cannot defect while he is the Pretender."""
    from judge.games.richard3.combat import Battle, treachery_targets

    state = position({"Exeter/L": "Derby", "March": "Derby"}, king="York")
    fight = Battle("Derby", "York", "Lancaster", "Lancaster")
    assert treachery_targets(state, fight, "York", warwick=False) == []


def test_2_2_shield_and_2_3_crown_add_firepower_defending() -> None:
    """2.2, 2.3, 3.21: a noble +1 at his shield; the senior royal heir +2 at his shield and a
    crown; nothing attacking."""
    from judge.games.richard3.combat import Battle, firepower

    state = position({"Henry VI": "Lancaster", "Stanley/L": "Lancaster", "March": "Cumbria"})
    defending = Battle("Lancaster", "York", "Lancaster", "Lancaster")
    assert firepower(state, defending, "Stanley/L") == 3
    assert firepower(state, defending, "Henry VI") == 3  # shield, no crown in Lancaster
    crown = position({"Henry VI": "Cumbria", "Clifford": "Cumbria"})
    assert firepower(crown, Battle("Cumbria", "York", "Lancaster", "Lancaster"), "Henry VI") == 3
    assert firepower(crown, Battle("Cumbria", "Lancaster", "York", "York"), "Clifford") == 2


def test_6_3_control_changes_when_exact_hits_eliminate_every_round_1_defender() -> None:
    """6.3: if every defending block of round 1 is eliminated, even by exactly the hits it
    could take, the defender's reserves deploy at once and control changes: they are the
    attacker from then on and must retreat in round 4 (6.2). Herbert's two hits kill Rivers
    (2); Beaumont, come from Lincoln as a reserve, is the attacker and leaves in round 4."""
    blocks = {"Herbert": "Warwick", "York": "Ireland", "Rivers/L": ("Derby", 2), "Beaumont": "Lincoln", "Henry VI": "Middlesex"}
    result = battle(blocks, ["Herbert - Derby"], ["Beaumont - Derby"], [1, 1, MISS] + [MISS] * 30)
    assert events(result, "control") == [{"type": "control", "area": "Derby", "defender": "York"}]
    (retreat,) = events(result, "retreat")
    assert (retreat["block"], retreat["round"], retreat["to"]) == ("Beaumont", 4, "Lincoln")
    assert where(result.state, "Herbert") == "Derby"
    assert events(result, "battle won")[0]["winner"] == "York"


def test_6_81_the_dead_kings_heir_is_not_king_until_the_next_supply_phase() -> None:
    """6.81, 9.1: when the King dies the senior royal heir becomes King at the beginning of the
    next supply phase, not at once. Edward IV (March), King, dies in the first battle; in the
    second, Clarence is not yet King, so the Pretender may try treachery on him as on any heir.
    At the supply phase the new King (York, come of age, 6.82) is announced."""
    blocks = {"March": ("Derby", 1), "Clarence/Y": "Leicester", "Beaumont": "Lincoln", "Henry VI": "Middlesex"}
    state = actions(position(blocks, king="York"), "Lancaster", "AP 4")
    after = act(state, ["Beaumont - Derby", "Henry VI - Leicester", "BATTLES Derby, Leicester"]).state
    result = act(after, ["DONE"], Dice(MISS, 1, MISS, MISS, MISS, MISS, MISS, 2, *[MISS] * 30))
    assert where(result.state, "March") == "dead"
    (roll,) = events(result, "treachery")
    assert (roll["role"], roll["target"], roll["defects"]) == ("pretender", "Clarence/Y", True)
    assert where(result.state, "Clarence/L") == "Leicester"
    (king,) = events(result, "new king")
    assert (king["side"], king["block"]) == ("York", "York")
    assert king["area"] == where(result.state, "York")


def unused(result: PhaseResult, side: str) -> dict[str, list[str]]:
    """The standing orders the turn told ``side`` did nothing: reason -> orders."""
    groups = [g for e in events(result, "orders unused") if e["side"] == side for g in e["groups"]]
    return {g["why"]: g["orders"] for g in groups}


def test_6_0_every_standing_order_that_did_nothing_is_told_with_its_reason() -> None:
    """Issue 18, point 4 (6.5, 6.6, 6.7): an accepted standing order the battles never used is
    told to its owner with the reason: a block that fought no battle, a regroup to an area no
    longer open (6.7), a block eliminated before its retreat (6.6)."""
    blocks = {"Herbert": "Warwick", "Essex": "Kent", "York": "Ireland", "Rivers/L": ("Derby", 1),
              "Beaumont": "Lincoln", "Henry VI": "Middlesex"}
    york = ["Herbert - Derby", "REGROUP Herbert - Lincoln", "RETREAT Essex AFTER ROUND 1"]
    lancaster = ["RETREAT Rivers AFTER ROUND 1 IF OUTNUMBERED"]
    result = battle(blocks, york, lancaster, [1, 6, 6])  # Herbert eliminates Rivers in round 1
    told = unused(result, "York")
    assert told["Lincoln was not friendly or vacant (6.7)"] == ["REGROUP Herbert - Lincoln"]
    assert told["no battle for the block named"] == ["RETREAT Essex AFTER ROUND 1"]
    assert where(result.state, "Herbert") == "Derby"
    assert unused(result, "Lancaster") == {"Rivers was eliminated before it applied": [
        "RETREAT Rivers AFTER ROUND 1 IF OUTNUMBERED"]}


def test_6_5_a_charge_by_an_heir_who_is_not_the_senior_present_is_told_why_it_did_nothing() -> None:
    """6.5: only the senior heir present charges; March's charge with York beside him did
    nothing, and York is told so."""
    blocks = {"York": "Warwick", "March": "Warwick", "Rivers/L": ("Derby", 4), "Henry VI": "Middlesex"}
    result = battle(blocks, ["York - Derby", "March - Derby", "CHARGE March AT Rivers", "NO TREACHERY"],
                    ["DONE"], [MISS] * 80)
    assert events(result, "charge") == []
    assert unused(result, "York") == {"March was not the senior heir in the battle (6.5)": ["CHARGE March AT Rivers"]}


def test_6_6_a_conditional_retreat_never_needed_says_so() -> None:
    """6.6 with the judge's condition: Rivers at 4 steps is never outnumbered by Herbert's 3,
    so his ``IF OUTNUMBERED`` retreat did nothing, and he is told why; York's order that acted
    (the regroup after winning, 6.7) is not listed."""
    blocks = {"Herbert": "Warwick", "York": "Ireland", "Rivers/L": ("Derby", 4), "Henry VI": "Middlesex"}
    result = battle(blocks, ["Herbert - Derby", "REGROUP Herbert - Lincoln"],
                    ["RETREAT Rivers AFTER ROUND 1 IF OUTNUMBERED"], [MISS] * 40)
    assert unused(result, "Lancaster") == {
        "your blocks were never outnumbered when it could apply": ["RETREAT Rivers AFTER ROUND 1 IF OUTNUMBERED"]}
    assert unused(result, "York") == {"your house did not win that battle": ["REGROUP Herbert - Lincoln"]}


def test_what_became_of_standing_orders_is_told_to_their_owner_alone() -> None:
    """A standing order is its house's secret (6.0): the note of what it did is in its owner's
    report only, never the enemy's or an observer's."""
    from judge.games.richard3.view import report_for

    blocks = {"Herbert": "Warwick", "Essex": "Kent", "York": "Ireland", "Rivers/L": ("Derby", 1),
              "Henry VI": "Middlesex"}
    result = battle(blocks, ["Herbert - Derby", "RETREAT Essex AFTER ROUND 1"], ["DONE"], [1, 6, 6])
    kinds = {reader: [e["type"] for e in report_for(result.report, reader)["events"]]
             for reader in ("York", "Lancaster", None)}
    assert "orders unused" in kinds["York"]
    assert "orders unused" not in kinds["Lancaster"] and "orders unused" not in kinds[None]
    assert all("private" not in e for e in report_for(result.report, "York")["events"])


def test_6_6_a_blocks_own_retreat_order_wins_over_retreat_all() -> None:
    """6.6: the retreat a player orders for a block is his choice for that block; RETREAT ALL
    is for the blocks he gave none. Rivers, told to stay until after round 2, stays through
    round 2 although RETREAT ALL AFTER ROUND 1 is given, and nobody is told his order did
    nothing."""
    blocks = {"Herbert": "Warwick", "York": "Ireland", "Rivers/L": ("Derby", 4), "Henry VI": "Middlesex"}
    result = battle(blocks, ["Herbert - Derby"],
                    ["RETREAT ALL AFTER ROUND 1", "RETREAT Rivers AFTER ROUND 2"], [MISS] * 40)
    assert [e["round"] for e in events(result, "retreat") if e["block"] == "Rivers/L"] == [3]
    assert unused(result, "Lancaster") == {
        "the blocks it could move had RETREAT orders of their own": ["RETREAT ALL AFTER ROUND 1"]}


def test_6_6_retreat_all_without_a_battle_says_no_block_of_the_house_fought() -> None:
    """6.6: a RETREAT ALL of a house none of whose blocks fought is told so, not that a battle
    ended before it applied."""
    blocks = {"Herbert": "Warwick", "York": "Ireland", "Rivers/L": ("Derby", 4), "Henry VI": "Middlesex"}
    result = battle(blocks, ["Herbert - Leicester", "RETREAT ALL AFTER ROUND 1"], ["DONE"], [MISS] * 40)
    assert events(result, "battle") == []
    assert unused(result, "York") == {"none of your blocks fought a battle": ["RETREAT ALL AFTER ROUND 1"]}
