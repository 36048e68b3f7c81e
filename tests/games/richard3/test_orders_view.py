"""Reading orders as players write them, and fog of war (what each side may see)."""

from __future__ import annotations

from random import Random

import pytest
from r3_setup import GAME, actions, position

from judge.games.richard3.orders import OrderError, read_order
from judge.games.richard3.playout import play

OWN = ["Warwick/Y", "Salisbury/Y", "York", "York (church)/Y", "March", "London (levy)", "Norfolk"]
ENEMY = ["Henry VI", "Stanley/L", "Somerset"]

READINGS = [
    ("warwick - kent", "MOVE Warwick - Kent"),
    ("Warw-Mid-Oxf", "MOVE Warwick - Middlesex - Oxford"),
    ("move sal to n yorks", "MOVE Salisbury - North Yorks"),
    ("York - London", "MOVE York - Middlesex"),
    ("york church - s yorks", "MOVE York Church - South Yorks"),
    ("Edward IV - e anglia", "MOVE March - East Anglia"),
    ("sea warwick kent", "SEA Warwick - Kent"),
    ("recruit norfolk east anglia", "RECRUIT Norfolk - East Anglia"),
    ("play force", "PLAY Force March"),
    ("play 4", "PLAY AP 4"),
    ("retreat warwick after round 2", "RETREAT Warwick AFTER ROUND 2"),
    ("RETREAT all after round 1 to kent", "RETREAT ALL AFTER ROUND 1 TO Kent"),
    ("charge march at somerset", "CHARGE March AT Somerset"),
    ("no treachery", "NO TREACHERY"),
    ("treachery on stanley", "TREACHERY ON Stanley"),
    ("main sussex from kent", "MAIN Sussex FROM Kent"),
    ("battles kent, sussex", "BATTLES Kent, Sussex"),
    ("home norfolk - pool", "HOME Norfolk - pool"),
    # every form, in any case
    ("PLAY 4", "PLAY AP 4"),
    ("Play AP 3", "PLAY AP 3"),
    ("play ap2", "PLAY AP 2"),
    ("play muster", "PLAY Muster"),
    ("redeal", "REDEAL"),
    ("Mulligan", "REDEAL"),
    ("KEEP", "KEEP"),
    ("done", "DONE"),
    ("Pass", "DONE"),
    ("MOVE Warwick - Leicester - Oxford", "MOVE Warwick - Leicester - Oxford"),
    ("warwick to leicester to oxford", "MOVE Warwick - Leicester - Oxford"),
    ("move warwick kent", "MOVE Warwick - Kent"),
    ("SEA Warwick - Kent", "SEA Warwick - Kent"),
    ("Recruit Norfolk - East Anglia", "RECRUIT Norfolk - East Anglia"),
    ("regroup warwick - kent", "REGROUP Warwick - Kent"),
    ("HOME Warwick - Warwick", "HOME Warwick - Warwick"),
    ("home norfolk pool", "HOME Norfolk - pool"),
    ("muster kent", "MUSTER Kent"),
    ("PLAGUE n yorks", "PLAGUE North Yorks"),
    ("treason kent", "TREASON Kent"),
    ("Treason Kent On Stan", "TREASON Kent ON Stanley"),
    ("main attack sussex from kent", "MAIN Sussex FROM Kent"),
    ("MAIN Sussex VIA Kent", "MAIN Sussex FROM Kent"),
    ("main sussex from sea", "MAIN Sussex FROM sea"),
    ("battles kent then sussex", "BATTLES Kent, Sussex"),
    ("Battles Kent, Sussex then Oxf", "BATTLES Kent, Sussex, Oxford"),
    ("battles kent", "BATTLES Kent"),
    ("retreat all after round 3", "RETREAT ALL AFTER ROUND 3"),
    ("Retreat Sal After Round 2 To N Yorks", "RETREAT Salisbury AFTER ROUND 2 TO North Yorks"),
    ("charge york", "CHARGE York"),
    ("NO TREACHERY", "NO TREACHERY"),
    ("treachery somerset", "TREACHERY ON Somerset"),
    ("EXECUTE norf", "EXECUTE Norfolk"),
    # separators between a block and its area: "-", "to", "in", "at", or none
    ("sea warwick to kent", "SEA Warwick - Kent"),
    ("recruit norfolk in e anglia", "RECRUIT Norfolk - East Anglia"),
    ("regroup warwick at kent", "REGROUP Warwick - Kent"),
    ("sea york church kent", "SEA York Church - Kent"),
    ("recruit london levy middlesex", "RECRUIT London Levy - Middlesex"),
    ("home edward iv isle of man", "HOME March - Isle of Man"),
    ("Warwick-Kent", "MOVE Warwick - Kent"),
    # names by prefix, by another name, with punctuation
    ("york (church) - york", "MOVE York Church - South Yorks"),
    ("w - mid", "MOVE Warwick - Middlesex"),
    ("lond lev - kent", "MOVE London Levy - Kent"),
]


@pytest.mark.parametrize(("text", "canonical"), READINGS)
def test_orders_read_forgivingly(text: str, canonical: str) -> None:
    """Names in full, by another name, or by an unambiguous prefix, in any case."""
    assert str(read_order(text, OWN, ENEMY)) == canonical


REFUSALS = [
    ("Yo - Kent", "'Yo' could be York or York Church"),
    ("Warwick - Atlantis", "no area is called 'Atlantis'"),  # 30 areas: no list to bury it
    ("Warwick - Kentt", "no area is called 'Kentt' (did you mean Kent?)"),
    ("Atlantis - Kent", "no block of yours is called 'Atlantis' (the choices: London Levy, March, "
     "Norfolk, Salisbury, Warwick, York, York Church)"),
    ("frobnicate", "cannot read 'frobnicate': expected an order such as 'Warwick - Kent' or one of: "
     "PLAY <card>"),
    ("- kent", "cannot read '- kent' (stopped at '-'): expected an order such as"),
    ("retreat warwick", "cannot read 'retreat warwick' (it ends too soon): expected RETREAT <block or "
     "ALL> AFTER ROUND <1, 2 or 3> [TO <area>]"),
    ("retreat warwick after round x", "(stopped at 'x'): expected RETREAT"),
    ("main kent", "(it ends too soon): expected MAIN <battle area> FROM <area"),
    ("sea warwick", "cannot read 'sea warwick': expected a block and then an area, SEA <block> - <area>"),
    ("sea warwick, kent", "(stopped at ','): expected SEA <block> - <area>"),
    ("done now", "(stopped at 'now'): expected DONE, alone"),
    ("no", "expected NO TREACHERY"),
    ("play joker", "no card is called 'joker'"),  # the choices are the hand's, listed by the game
    ("play force marhc", "no card is called 'force marhc' (did you mean Force March?)"),
    ("charge norfolk", "Norfolk is not an heir of yours"),
    ("charge nobody", "no heir of yours is called 'nobody' (the choices: March, York)"),
    ("treachery on warwick", "Warwick is not an enemy block"),
    ("treachery on nobody", "no enemy block is called 'nobody' (the choices: Henry VI, Somerset, "
     "Stanley)"),
    ("  ", "the order is empty"),
]


def test_a_misspelt_keyword_is_told_the_keyword_meant_not_every_form() -> None:
    """A keyword misspelt (PLAI for PLAY) is answered with the keyword it is nearest and that
    order's form, a line a phone shows whole, not the list of every order of the game."""
    with pytest.raises(OrderError) as refused:
        read_order("plai ap 4", OWN, ENEMY)
    assert str(refused.value) == ("cannot read 'plai ap 4': PLAI is no order (did you mean PLAY?): "
                                  "expected PLAY <card> (PLAY 4, PLAY Force March)")


@pytest.mark.parametrize(("text", "reason"), REFUSALS)
def test_orders_refused_say_why(text: str, reason: str) -> None:
    """A refused order gets the reason: the form the order should have, or the legal choices."""
    with pytest.raises(OrderError) as refused:
        read_order(text, OWN, ENEMY)
    assert reason in str(refused.value)


def test_a_retreat_comes_after_round_1_2_or_3() -> None:
    """6.6: a retreat is ordered after round 1, 2 or 3 (the attacker retreats in round 4 anyway)."""
    with pytest.raises(OrderError, match=r"after round 1, 2 or 3 \(6\.6\)"):
        read_order("retreat warwick after round 4", OWN, ENEMY)


def test_a_block_goes_home_to_the_pool() -> None:
    """8.3: HOME names the pool as well as an area."""
    assert str(read_order("HOME Norfolk to POOL", OWN, ENEMY)) == "HOME Norfolk - pool"


def test_the_main_attack_may_come_from_the_sea() -> None:
    """6.3: MAIN ... FROM sea, for a battle the attacker reached by sea."""
    assert read_order("main kent via sea", OWN, ENEMY).areas == ("Kent", "sea")


def test_keywords_stay_names_where_no_keyword_fits() -> None:
    """After PLAY only a card fits, so the cards named like orders (Plague, Treason) are cards."""
    assert read_order("play plague", OWN, ENEMY).card == "Plague"
    assert read_order("play treason", OWN, ENEMY).card == "Treason"


@pytest.mark.parametrize(("text", "canonical"), READINGS)
def test_canonical_text_reads_back_the_same(text: str, canonical: str) -> None:
    """The canonical text of an order reads back as the same order (the records replay it)."""
    order = read_order(text, OWN, ENEMY)
    assert read_order(str(order), OWN, ENEMY) == order


def test_a_refused_order_gets_its_reason() -> None:
    """5.2: the judge says why an order cannot be carried out."""
    state = actions(position({"Henry VI": "Middlesex", "York": "Ireland"}), "Lancaster", "AP 2")
    line = GAME.read_orders(state, "Lancaster", ["Henry VI - Kent - Calais"])[0]
    assert "enemy exile area (2.7)" in (line.error or "")


def test_fog_of_war_enemy_blocks_are_counts() -> None:
    """3.0 (fog of war): a side sees its own blocks, and of the enemy only counts per area."""
    state = GAME.new_game(b"fog")
    york = GAME.view(state, "York")
    assert "Warwick" in york["blocks"] and "Somerset" not in york["blocks"]
    assert york["counts"]["Lancaster"]["Cornwall"] == 2
    observer = GAME.view(state, None)
    assert "blocks" not in observer and "hand" not in observer


def test_reports_hide_enemy_moves_but_not_battles() -> None:
    """6.1: a battle reveals its blocks; moves and recruits show the enemy only where."""
    record = play(GAME, 5, limit=12)
    assert not record.problems
    rng = Random(5)
    state = GAME.new_game(b"5")
    seen_hidden = 0
    for _ in range(12):
        pending = GAME.pending(state)
        orders = {p: GAME.random_orders(state, p, rng) for p in sorted(pending.powers)}
        result = GAME.resolve(state, orders, rng)
        for side in ("York", "Lancaster"):
            shown = GAME.report_view(result.report, side)
            for event in shown["events"]:
                if event["type"] in ("move", "recruit", "sea move") and event["side"] != side:
                    assert event["block"] is None
                    seen_hidden += 1
        state = result.state
    assert seen_hidden > 0


def test_an_illegal_order_replaced_in_the_same_mail_is_refused_and_a_replacement_says_so() -> None:
    """5.2 (issue 18, point 3): an order replaced later in the same lines is still checked as it
    stood, so an illegal one is refused, never "accepted" for being replaced; an order that
    replaces an accepted one names it, and one that follows a refused one replaces nothing."""
    state = actions(position({"Henry VI": "Middlesex", "York": "Ireland"}), "Lancaster", "AP 2")
    illegal, legal, other = GAME.read_orders(
        state, "Lancaster", ["Henry VI - Kent - Calais", "Henry VI - Kent", "Henry VI - Essex"])
    assert "enemy exile area (2.7)" in (illegal.error or "") and illegal.canonical is None
    assert legal.error is None and legal.replaces is None
    assert other.error is None and other.replaces == legal.canonical
    again = GAME.read_orders(state, "Lancaster", ["Henry VI - Sussex"],
                             {other.slot or "": other.canonical or ""})[0]
    assert again.error is None and again.replaces == other.canonical


def test_an_order_for_a_dead_heir_says_he_is_dead() -> None:
    """6.82: an heir killed is out of the game for good, as every reader is told (the heirs
    killed); an order that names him says he is dead, not that he is not the player's."""
    from r3_setup import GAME, actions, position

    state = actions(position({"March": "Kent", "York": "Ireland", "Henry VI": "Middlesex"}), "York")
    state["blocks"]["Rutland"]["at"] = "dead"
    read = GAME.read_orders(state, "York", ["CHARGE Rutland", "RETREAT Rutland AFTER ROUND 1"])
    assert [line.error for line in read] == ["Rutland is dead (6.82)", "Rutland is dead (6.82)"], read


def test_an_order_for_a_dead_duke_of_york_is_not_read_as_one_for_york_church() -> None:
    """6.82: with the Duke of York killed, ``York`` in an order of the Yorkist player still
    names the Duke, who is dead, never York Church by the prefix of its name."""
    from r3_setup import GAME, actions, position

    blocks = {"March": "Kent", "York (church)/Y": "North Yorks", "Henry VI": "Middlesex"}
    state = actions(position(blocks), "York")
    state["blocks"]["York"]["at"] = "dead"
    (line,) = GAME.read_orders(state, "York", ["RETREAT York AFTER ROUND 1"])
    assert line.error == "York is dead (6.82)", line


def test_a_blocks_full_name_never_reads_as_another_block_by_its_prefix() -> None:
    """A block's name in full names that block alone: with Salisbury out of play (killed, 6.83),
    ``Salisbury`` in a Yorkist order is refused, not read as the Salisbury Levy."""
    from r3_setup import GAME, actions, position

    state = actions(position({"March": "Kent", "York": "Ireland", "Henry VI": "Middlesex"}), "York")
    state["blocks"]["Salisbury/Y"]["at"] = "dead"
    (line,) = GAME.read_orders(state, "York", ["RETREAT Salisbury AFTER ROUND 1"])
    assert line.error == "Salisbury is not a block of yours", line
