"""Arts of War cards played or used during a Battle's Rounds and upon its Death checks (4.4.1
Events, 4.4.2, 4.4.3), each test citing its card id. Every die is given by the test."""

from __future__ import annotations

from typing import Any

import pytest
from battle_helpers import Dice, battle, fate, lord, steps

from judge.games.plantagenet.battle import BattleResult, EventPlay, SideOrders


def plays(*cards: str, **orders: Any) -> SideOrders:
    return SideOrders(events=tuple(EventPlay(card) for card in cards), **orders)


# Held Events played at the Array (4.4.1 Events) and their effects in the Rounds.

@pytest.mark.parametrize("card", ["Y1", "Y2", "L1", "L2"])
def test_y1_y2_l1_l2_culverins_add_a_die_of_missile_hits_in_round_1_and_are_discarded(card: str) -> None:
    side, other = ("York", "Lancaster") if card[0] == "Y" else ("Lancaster", "York")
    result = battle(
        [lord("Gunner", capabilities=(card,), men_at_arms=1)], [lord("Target", men_at_arms=1)],
        Dice(2,  # Culverins: 2 Missile Hits
             6, 1,  # the Defender's Men-at-Arms Routs, his Retinue saves
             1, 1, 1, 1,  # the Gunner's 4 Melee Hits: the Defender's Retinue saves them all
             1, 1, 1,  # the Defender's 3 Melee Hits: the Gunner's Men-at-Arms saves them all
             1),  # the Defender, without Troops, Routs; his Death check
        attacker=side,
    )
    assert steps(result, "culverins") == [(1, side, "Gunner", None, None, 2, None)]
    assert [(e.side, e.hits) for e in result.report if e.step == "missile hits"] == [(other, 0), (side, 2)]
    assert card in result.discarded


def test_y37_patrick_de_la_mote_yorkist_culverins_roll_two_dice() -> None:
    result = battle(
        [lord("York", capabilities=("Y1",), men_at_arms=1)], [lord("Somerset 1", men_at_arms=1)],
        Dice(1, 1, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1),
        attacker_events=("Y37",), orders={"York": plays("Y37")},
    )
    assert [e.die for e in result.report if e.step == "culverins"] == [1, 1]
    assert set(result.discarded) == {"Y1", "Y37"}


LEEWARD_DICE = (1, 1,  # 4 Missile Hits halved to 2: Somerset's Men-at-Arms save both
                1, 1, 1,  # York's 3 Melee Hits: saved
                2, 2, 1, 1, 1,  # Somerset's 5 Melee Hits: York's Longbowmen Rout, his Retinue saves
                1)  # York's Death check


def test_l1_leeward_battle_line_halves_missile_hits_to_friendly_lords() -> None:
    result = battle([lord("York", longbowmen=2)], [lord("Somerset 1", men_at_arms=2)],
                    Dice(*LEEWARD_DICE), defender_events=("L1",), orders={"Lancaster": plays("L1")})
    assert steps(result, "leeward") == [(1, "Lancaster", None, None, 2, None, None)]
    assert result.winner == "Lancaster"


def test_l1_y1_leeward_battle_line_played_by_both_sides_has_no_effect() -> None:
    dice = (1, 1) + LEEWARD_DICE
    result = battle([lord("York", longbowmen=2)], [lord("Somerset 1", men_at_arms=2)], Dice(*dice),
                    defender_events=("L1",), attacker_events=("Y1",),
                    orders={"Lancaster": plays("L1"), "York": plays("Y1")})
    assert steps(result, "leeward") == []


def test_y19_caltrops_two_more_melee_hits_each_round() -> None:
    result = battle(
        [lord("York", men_at_arms=1)], [lord("Somerset 1", men_at_arms=1)],
        Dice(6, 1, 1, 1, 1, 1,  # York's 3 + 1 + 2 Melee Hits: the Men-at-Arms Routs, 5 saved
             1, 1, 1, 1,  # Somerset's 4 Melee Hits: saved
             1),  # Somerset's Death check
        attacker_events=("Y19",), orders={"York": plays("Y19")},
    )
    assert [e.hits for e in result.report if e.step == "melee hits"] == [4, 6]


def test_l12_ravine_the_enemy_lord_takes_no_part_in_round_1() -> None:
    result = battle(
        [lord("York", men_at_arms=1)], [lord("Somerset 1", men_at_arms=1)],
        Dice(6, 1, 1, 1,  # Round 2: York's 4 Melee Hits, Somerset's Men-at-Arms Routs
             6, 1, 1, 1,  # Somerset's 4: York's Men-at-Arms Routs; both Lords Rout
             1, 1),  # Death checks, Somerset first
        defender_events=("L12",), orders={"Lancaster": plays("L12")},
    )
    assert steps(result, "ravine") == [(1, "Lancaster", "York", None, None, None, None)]
    assert {e.round for e in result.report if e.step in ("melee hits", "protection")} == {2}
    assert result.rounds == 2 and result.winner is None


def test_y36_vanguard_makes_norfolk_s_engagement_the_only_one_of_round_1() -> None:
    result = battle(
        [lord("Norfolk", capabilities=("Y36",), men_at_arms=1), lord("X", men_at_arms=1)],
        [lord("A", men_at_arms=1), lord("B", men_at_arms=1)],
        Dice(6, 6,  # Round 1, Norfolk against A only: A's Men-at-Arms and Retinue Rout
             1, 1, 1, 1,  # A's 4 Melee Hits on Norfolk's Men-at-Arms: saved
             6, 6,  # Round 2, B against Norfolk and X: B Routs
             1, 1, 1, 1,  # B's 4 Melee Hits: saved
             1, 1),  # Death checks of A and B
        orders={"York": SideOrders(vanguard=True)},
    )
    assert steps(result, "vanguard") == [(1, "York", "Norfolk", None, None, None, None)]
    assert result.winner == "York"


def test_y36_swift_maneuver_ends_the_round_when_a_lancastrian_retinue_routs() -> None:
    retinue_first = ("retinue", "men_at_arms")
    result = battle(
        [lord("X", men_at_arms=1), lord("Y", men_at_arms=1)],
        [lord("A", men_at_arms=1), lord("B", men_at_arms=1)],
        Dice(6,  # A's Retinue takes the first Hit and Routs: the Round ends at once
             6,  # Round 2: B, alone, takes X's and Y's Hits on his Retinue first: it Routs
             1, 1),  # Death checks of A and B
        attacker_events=("Y36",),
        orders={"York": plays("Y36"), "Lancaster": SideOrders(hit_order=retinue_first)},
    )
    assert [e.round for e in result.report if e.step == "swift maneuver"] == [1, 2]
    assert result.winner == "York"


def test_y5_suspicion_success_disbands_an_enemy_lord_with_lower_printed_influence() -> None:
    result = battle(
        [lord("York", influence=5, men_at_arms=1)], [lord("Clarence", influence=1, men_at_arms=1, carts=2)],
        Dice(3),  # the check: 3 is within York's 5
        attacker_events=("Y5",), orders={"York": plays("Y5")}, favour="York",
    )
    assert steps(result, "influence check") == [(0, "York", "York", None, None, 3, "success")]
    assert fate(result, "Clarence") == "disbanded"
    assert result.winner == "York"
    assert result.influence == {"Lancaster": 0, "York": -1}  # one point for the check, none won
    assert next(a for a in result.lords if a.name == "York").carts == 0  # Clarence took his Carts away


def test_y5_suspicion_with_one_more_influence_point_checks_at_plus_1_1_4_2() -> None:
    """1.4.2: one added Influence point raises the rating by one for the check: York's 4 becomes 5,
    and a 5 succeeds; the side spends 2."""
    result = battle(
        [lord("York", influence=4, men_at_arms=1)], [lord("Clarence", influence=1, men_at_arms=1)],
        Dice(5),
        attacker_events=("Y5",), orders={"York": SideOrders(events=(EventPlay("Y5", extra=1),))},
    )
    assert steps(result, "influence check") == [(0, "York", "York", None, None, 5, "success")]
    assert result.influence["York"] == -2


def test_y5_suspicion_is_not_played_without_an_enemy_lord_of_lower_printed_influence() -> None:
    result = battle(
        [lord("Rutland", influence=2, men_at_arms=1)], [lord("Somerset 1", influence=5, men_at_arms=1)],
        Dice(6, 6,  # no check; York's 4 Melee Hits: Somerset's Men-at-Arms and Retinue Rout
             1, 1, 1, 1,  # Somerset's 4 Melee Hits: saved
             1),  # Somerset's Death check
        attacker_events=("Y5",), orders={"York": plays("Y5")},
    )
    assert steps(result, "influence check") == []
    assert "Y5" not in result.discarded and result.influence["York"] == 5  # won; nothing spent


def test_l5_suspicion_a_6_always_fails() -> None:
    result = battle(
        [lord("Rutland", influence=2, men_at_arms=1)], [lord("Warwick L", influence=5, men_at_arms=1)],
        Dice(6,  # Warwick's check fails: Rutland stays
             1, 1, 1, 1,  # York's 4 Melee Hits: Warwick's Men-at-Arms saves them all
             6, 6,  # Warwick's 4: Rutland's Men-at-Arms and Retinue Rout
             1),  # Rutland's Death check
        defender_events=("L5",), orders={"Lancaster": plays("L5")},
    )
    assert steps(result, "influence check")[0][-1] == "failure"
    assert result.winner == "Lancaster"
    assert result.influence == {"Lancaster": 2 - 1, "York": 0}


def test_y30_regroup_routed_troops_roll_their_protection_to_return() -> None:
    """Regroup, played for York in Round 1: after the Strikes, his Routed Men-at-Arms rolls its
    Protection and returns, so York does not Rout that Round."""
    result = battle(
        [lord("York", men_at_arms=1)], [lord("Somerset 1", men_at_arms=1)],
        Dice(1, 1, 1, 1,  # Round 1: York's 4 Melee Hits, all saved
             6, 1, 1, 1,  # Somerset's 4: York's Men-at-Arms Routs, his Retinue saves
             2,  # Regroup: the Men-at-Arms rolls 2 against 1-3 and returns
             6, 6,  # Round 2: Somerset's Men-at-Arms and Retinue Rout
             1, 1, 1, 1,  # York's Men-at-Arms saves Somerset's 4 Hits
             1),  # Somerset's Death check
        attacker_events=("Y30",), orders={"York": SideOrders(events=(EventPlay("Y30", lord="York"),))},
    )
    assert steps(result, "regroup roll") == [(1, "York", "York", "men_at_arms", None, 2, "returns")]
    assert result.winner == "York" and result.rounds == 2


def test_y30_regroup_is_used_once() -> None:
    """Used in Round 1, Regroup does not act again when York's Men-at-Arms Routs in Round 2."""
    result = battle(
        [lord("York", men_at_arms=1)], [lord("Somerset 1", men_at_arms=1)],
        Dice(1, 1, 1, 1,  # Round 1: York's 4 Melee Hits, all saved
             6, 1, 1, 1,  # Somerset's 4: York's Men-at-Arms Routs
             2,  # Regroup: it returns
             6, 6,  # Round 2: Somerset's Men-at-Arms and Retinue Rout
             6, 1, 1, 1,  # Somerset's 4: York's Men-at-Arms Routs again; no second Regroup
             1, 1),  # both Lords Routed: Death checks, Somerset first
        attacker_events=("Y30",), orders={"York": plays("Y30")},
    )
    assert len(steps(result, "regroup roll")) == 1
    assert result.winner is None


def test_y30_regroup_waits_for_a_round_with_routed_troops() -> None:
    """Regroup played at the Array is used at the first Round's end in which a Yorkist Lord with his
    Retinue standing has Routed Troops: here Round 2."""
    result = battle(
        [lord("York", men_at_arms=2)], [lord("Somerset 1", men_at_arms=1)],
        Dice(1, 1, 1, 1, 1,  # Round 1: York's 5 Melee Hits, all saved
             1, 1, 1, 1,  # Somerset's 4, all saved: nothing to Regroup
             6, 1, 1, 1, 1,  # Round 2: Somerset's Men-at-Arms Routs, his Retinue saves four
             6, 1, 1, 1,  # York's first Men-at-Arms Routs, the second saves three
             3,  # Regroup: the Routed Men-at-Arms returns
             1),  # Somerset's Death check
        attacker_events=("Y30",), orders={"York": plays("Y30")},
    )
    assert steps(result, "regroup roll") == [(2, "York", "York", "men_at_arms", None, 3, "returns")]
    assert next(a for a in result.lords if a.name == "York").troops == {"men_at_arms": 2}


def test_y32_final_charge_richard_s_retinue_takes_a_hit_for_three_more() -> None:
    result = battle(
        [lord("Richard III", capabilities=("Y32",), men_at_arms=1)], [lord("Oxford", men_at_arms=1)],
        Dice(6, 6,  # Richard's 3 + 1 + 3 Melee Hits: Oxford's Men-at-Arms and Retinue Rout
             1,  # the Hit Richard's Retinue takes for the charge: saved
             1, 1, 1, 1,  # Oxford's 4 Melee Hits on Richard's Men-at-Arms: saved
             1),  # Oxford's Death check
        orders={"York": SideOrders(final_charge=True)},
    )
    assert [e.hits for e in result.report if e.step == "melee hits"] == [4, 7]
    assert steps(result, "final charge") == [(1, "York", "Richard III", None, 1, None, None)]


def test_l31_yeomen_of_the_crown_a_failed_retinue_routs_a_men_at_arms_instead() -> None:
    result = battle(
        [lord("York", men_at_arms=1)],
        [lord("Margaret", capabilities=("L31",), men_at_arms=2)],
        Dice(6, 6, 6,  # York's 4 Hits on Margaret's Retinue: two Men-at-Arms Rout in its place,
                       # then the Retinue Routs; the 4th Hit has nothing left to take it
             1, 1, 1, 1, 1,  # Margaret's 3 + 2 Melee Hits on York's Men-at-Arms: saved
             1),  # Margaret's Death check
        orders={"Lancaster": SideOrders(hit_order=("retinue", "men_at_arms"))},
    )
    assert len(steps(result, "yeomen")) == 2
    assert [e.unit for e in result.report if e.step == "rout"] == ["men_at_arms", "men_at_arms", "retinue"]


# Upon Death checks (4.4.3 Events, Defenders then Attackers).

def fled_battle(dice: Dice, *, york_events: tuple[str, ...] = (), lancaster_events: tuple[str, ...] = (),
                york: str = "York", **start: Any) -> BattleResult:
    """Lancaster's Somerset Flees in Round 1: the Battle ends and his Death check comes at once."""
    return battle(
        [lord(york, capabilities=("Y33",) if york == "Richard III" else (), men_at_arms=1)],
        [lord("Somerset 1", men_at_arms=1)],
        dice,
        attacker_events=york_events,
        defender_events=lancaster_events,
        orders={"Lancaster": plays(*lancaster_events, flee={"Somerset 1": 1})},
        **start,
    )


def test_l3_escape_ship_routed_lancastrians_go_into_exile_with_a_route_to_a_port() -> None:
    result = fled_battle(Dice(), lancaster_events=("L3",), route_to_port=True)
    assert fate(result, "Somerset 1") == "exiled"
    assert "L3" in result.discarded
    result = fled_battle(Dice(3), lancaster_events=("L3",))  # no Route: the Death check is rolled
    assert fate(result, "Somerset 1") == "disbanded"


@pytest.mark.parametrize("card", ["Y3", "Y9"])
def test_y3_y9_escape_ship_routed_yorkists_go_into_exile(card: str) -> None:
    result = battle(
        [lord("Somerset 1", men_at_arms=1)], [lord("York", men_at_arms=1)], Dice(),
        attacker="Lancaster", defender_events=(card,), route_to_port=True,
        orders={"York": plays(card, flee={"York": 1})},
    )
    assert fate(result, "York") == "exiled" and card in result.discarded


def test_l36_talbot_to_the_rescue_routed_lancastrians_disband_without_a_roll() -> None:
    result = fled_battle(Dice(), lancaster_events=("L36",))
    assert fate(result, "Somerset 1") == "disbanded"
    assert steps(result, "death check") == []


def test_l36_talbot_to_the_rescue_for_the_routed_lords_its_play_names() -> None:
    """Talbot saves "any" Routed Lancastrians: played for Somerset only, Exeter still rolls."""
    result = battle(
        [lord("York", men_at_arms=1)],
        [lord("Somerset 1", men_at_arms=1), lord("Exeter 1", men_at_arms=1)],
        Dice(5),  # Exeter's Death check: a Fled Lord's 5 is 3, he Dies
        defender_events=("L36",),
        orders={"Lancaster": SideOrders(events=(EventPlay("L36", lords=("Somerset 1",)),),
                                        flee={"Somerset 1": 1, "Exeter 1": 1})},
    )
    assert (fate(result, "Somerset 1"), fate(result, "Exeter 1")) == ("disbanded", "dead")
    assert [e.lord for e in result.report if e.step == "death check"] == ["Exeter 1"]


def test_l16_warden_of_the_marches_moves_routed_lancastrians_in_the_north() -> None:
    """The Lord who moves keeps his Unrouted Troops (the Men-at-Arms of a Lord who Fled)."""
    result = fled_battle(Dice(), lancaster_events=("L16",), area="North", refuge_in_north=True)
    assert fate(result, "Somerset 1") == "moved"
    somerset = next(a for a in result.lords if a.name == "Somerset 1")
    assert somerset.troops == {"men_at_arms": 1}
    result = fled_battle(Dice(1), lancaster_events=("L16",), area="North")  # no Friendly Stronghold there
    assert [e.die for e in result.report if e.step == "death check"] == [1]
    result = fled_battle(Dice(5), lancaster_events=("L16",), area="South", refuge_in_north=True)
    assert fate(result, "Somerset 1") == "dead"


def test_y33_bloody_thou_art_routed_lancastrians_die_and_no_death_event_helps() -> None:
    """Richard III with Bloody thou art wins: no Death checks (no roll for a Fled Lord, who would
    live on most rolls), Talbot to the Rescue cannot be played, and Routed Lancastrians Die."""
    result = fled_battle(Dice(), york="Richard III", lancaster_events=("L36",))
    assert fate(result, "Somerset 1") == "dead"
    assert "L36" not in result.discarded


def test_scenario_rule_replaces_the_death_check() -> None:
    """Ia, Capture of the King: Henry VI Disbands instead of checking Death (a scenario rule the
    caller passes as instead_of_death)."""
    result = battle(
        [lord("York", men_at_arms=1)], [lord("Henry VI", men_at_arms=1)], Dice(),
        orders={"Lancaster": SideOrders(flee={"Henry VI": 1})},
        instead_of_death={"Henry VI": "disband"},
    )
    assert fate(result, "Henry VI") == "disbanded"


def test_l7_for_trust_not_him_levies_an_enemy_vassal_who_then_fights_for_the_lancastrians() -> None:
    """L7: Somerset checks Influence against 5 - 2 (Fauconberg's Loyalty favours York by 2): a 3
    succeeds, and Fauconberg takes Hits for Somerset from then on. York wins, but Fauconberg,
    Routed on Somerset's mat, Disbands with him."""
    result = battle(
        [lord("York", influence=5, men_at_arms=1, vassals=("Fauconberg",))],
        [lord("Somerset 1", influence=5, men_at_arms=1)],
        Dice(3,  # the Influence check: 3 is within 5 - 2
             6, 6, 6,  # York's 4 Melee Hits: Fauconberg, then Somerset's Men-at-Arms and Retinue Rout
             1, 1, 1, 1, 1, 1,  # Somerset's 3 + 1 + 2 Melee Hits: York's Men-at-Arms saves them
             1),  # Somerset's Death check
        defender_events=("L7",), orders={"Lancaster": plays("L7")},
    )
    assert steps(result, "vassal levied") == [(0, "Lancaster", "Somerset 1", "Fauconberg", None, None, "York")]
    somerset = next(a for a in result.lords if a.name == "Somerset 1")
    assert somerset.vassals_levied == ("Fauconberg",) and somerset.vassals_disbanded == ("Fauconberg",)
    assert next(a for a in result.lords if a.name == "York").vassals == ()
    assert result.influence == {"Lancaster": -1, "York": 5 + 1}


def test_l7_for_trust_not_him_spares_salisbury_s_vassals_with_y17_alice_montagu() -> None:
    result = battle(
        [lord("Salisbury", influence=3, men_at_arms=1, vassals=("Fauconberg",), capabilities=("Y17",))],
        [lord("Somerset 1", influence=5, men_at_arms=1)],
        Dice(6, 6,  # no check; York's 3 + 2 + 1 Melee Hits: Somerset's Men-at-Arms and Retinue Rout
             1, 1, 1, 1,  # Somerset's 4 Melee Hits on Fauconberg: saved
             1),
        defender_events=("L7",), orders={"Lancaster": plays("L7")},
    )
    assert steps(result, "influence check") == []
    assert next(a for a in result.lords if a.name == "Salisbury").vassals == ("Fauconberg",)
    assert "L7" not in result.discarded and result.influence["Lancaster"] == 0  # not played
