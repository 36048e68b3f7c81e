"""Plantagenet's orders as players write them (the grammar, orders.lark), the errors a player is
told, and the standing Battle orders (4.4.1-4.4.3 and the cards' choices) carried from the Plan
into the Battle and hidden from the enemy until the Battle shows them."""

from __future__ import annotations

from random import Random
from typing import Any, cast

import pytest

from judge.games.plantagenet.battle import HitsRule, SideOrders, Units
from judge.games.plantagenet.battle.model import EventPlay
from judge.games.plantagenet.command import command
from judge.games.plantagenet.fighting import side_orders_of
from judge.games.plantagenet.held import battle_order_refusal
from judge.games.plantagenet.game import STANDING, PlantagenetGame
from judge.games.plantagenet.legal import random_orders
from judge.games.plantagenet.orders import Order, OrderError, read_order

from pg_helpers import board

# --- the grammar: every order of the docs' Orders table and standing orders -------------------

ORDERS = [
    ("disband rutland", "DISBAND Rutland"),
    ("DISMISS stanley", "DISMISS Stanley"),
    ("exile henry vi to scotland", "EXILE Henry VI TO Scotland"),
    ("EXILE Somerset", "EXILE Somerset 1"),
    ("york levy lord salisbury spend 3", "York LEVY LORD Salisbury SPEND 3"),
    ("York LEVY VASSAL Stanley", "York LEVY VASSAL Stanley"),
    ("york levy troops", "York LEVY TROOPS"),
    ("York LEVY CARTS", "York LEVY CARTS"),
    ("York LEVY SHIP", "York LEVY SHIP"),
    ("Henry VI LEVY CAPABILITY l4", "Henry VI LEVY CAPABILITY L4"),
    ("March PARLEY hereford spend 1", "March PARLEY Hereford SPEND 1"),
    ("plan york, march, pass, York", "PLAN York, March, Pass, York"),
    ("MARCH Coventry WITH Salisbury, March", "MARCH Coventry WITH Salisbury, March"),
    ("sail calais", "SAIL Calais"),
    ("SUPPLY london", "SUPPLY London"),
    ("forage", "FORAGE"),
    ("TAX London SPEND 1", "TAX London SPEND 1"),
    ("PARLEY Coventry", "PARLEY Coventry"),
    ("pass", "PASS"),
    ("march cambridge alone", "MARCH Cambridge ALONE"),
    ("INTERCEPT Northumberland WITH Exeter", "INTERCEPT Northumberland L WITH Exeter 1"),
    ("truce", "TRUCE"),
    ("FLEE Somerset ROUND 2", "FLEE Somerset 1 ROUND 2"),
    ("flee somerset below 3", "FLEE Somerset 1 BELOW 3"),
    ("PLAY y19", "PLAY Y19"),
    ("play l5 by somerset on warwick spend 1", "PLAY L5 BY Somerset 1 ON Warwick Y SPEND 1"),
    ("PLAY L7 ON Norfolk", "PLAY L7 ON Norfolk"),
    ("PLAY Y30 BY York ROUND 2", "PLAY Y30 BY York ROUND 2"),
    ("PLAY Y3 FOR York, March", "PLAY Y3 FOR York, March"),
    ("DISCARD y1", "DISCARD Y1"),
    ("array york, salisbury", "ARRAY York, Salisbury"),
    ("FLANK right", "FLANK RIGHT"),
    ("centre from right", "CENTER FROM RIGHT"),
    ("engage Left", "ENGAGE LEFT"),
    ("ABSORB March, York", "ABSORB March, York"),
    ("hits militia, men at arms, handgunners, retinue", "HITS Militia, Men-at-Arms, Handgunners, Retinue"),
    ("valor armored", "VALOUR ARMOURED"),
    ("hits missile longbowmen, men-at-arms", "HITS MISSILE Longbowmen, Men-at-Arms"),
    ("Hits Melee Round 2 Salisbury, York Retinue", "HITS MELEE ROUND 2 Salisbury, York Retinue"),
    ("HITS round 3 March Longbowmen, Stanley", "HITS ROUND 3 March Longbowmen, Stanley"),
    ("valour retinue", "VALOUR Retinue"),
    ("VALOR York Retinue, Stanley", "VALOUR York Retinue, Stanley"),
    ("SPOILS Salisbury", "SPOILS Salisbury"),
    ("keep culverins", "KEEP CULVERINS"),
    ("Vanguard", "VANGUARD"),
    ("final charge", "FINAL CHARGE"),
    ("no swift manoeuvre", "NO SWIFT MANEUVER"),
    ("No Yeomen", "NO YEOMEN"),
]


@pytest.mark.parametrize(("text", "canonical"), ORDERS)
def test_every_order_is_read_in_any_case_and_its_canonical_text_reads_the_same(text: str, canonical: str) -> None:
    """Each order of the Orders table and the standing orders (plantagenet.md): names in any case,
    a Lord by his title alone where the scenario has one of that name; the canonical text the
    judge shows back is read to the same order."""
    order = read_order(text, "Ia")
    assert str(order) == canonical
    assert read_order(canonical, "Ia") == order


def test_march_the_lord_and_march_the_order() -> None:
    """The Lord March shares his name with MARCH: before an order word he is the Lord, else the
    order; in a list of Lords he is always the Lord."""
    assert read_order("March LEVY TROOPS", "Ia").lord == "March"
    assert read_order("march march Coventry", "Ia").lord == "March"
    order = read_order("MARCH Coventry", "Ia")
    assert (order.verb, order.lord, order.target) == ("MARCH", None, "Coventry")
    assert read_order("PLAN March, Pass, March, Pass", "Ia").plan == ("March", "Pass", "March", "Pass")


@pytest.mark.parametrize(("text", "told"), [
    ("Salsbury LEVY TROOPS", "did you mean Salisbury?"),
    ("MARCH Coventy", "did you mean Coventry?"),
    ("DISMISS Stanly", "did you mean Stanley?"),
    ("ARRAY York, Salsbury", "did you mean Salisbury?"),
    ("HITS Militia, Knights", "the choices: Handgunners, Longbowmen, Men-at-Arms"),
    ("PLAY Z9", "write its id"),
    ("York LEVY", "it ends too soon): expected <Lord> LEVY LORD"),
    ("FLEE Somerset", "expected FLEE <Lord> ROUND <n> or FLEE <Lord> BELOW <Troops>"),
    ("FLEE Somerset ROUND 0", "stopped at '0'"),
    ("FLANK up", "stopped at 'up'): expected FLANK LEFT|RIGHT"),
    ("VALOUR sometimes", "expected VALOUR ARMOURED|ALWAYS|NEVER"),
    ("VALOUR Longbow", "did you mean Longbowmen?"),
    ("HITS MISSILE", "expected HITS [MISSILE|MELEE] [ROUND <n>]"),
    ("HITS MELEE ROUND Retinue", "expected HITS [MISSILE|MELEE] [ROUND <n>]"),
    ("HITS Salisbury Archers", "no unit type, Lord or Vassal 'Salisbury Archers'"),
    ("FORAGE London", "expected FORAGE, alone"),
    ("York PARLEY Coventry SPEND 2", "1 or 3 Influence points to a check, never 2 (1.4.2)"),
    ("York LEVY CARTS Coventry", "expected <Lord> LEVY"),
    ("hello world", "no order word in 'hello world': expected one of DISBAND"),
    ("Clarence LEVY TROOPS", "no Lord named 'Clarence' in this scenario"),
])
def test_grammar_errors_say_what_was_expected_or_the_nearest_names(text: str, told: str) -> None:
    """A refused order says where reading stopped and what the order looks like, or for a name
    that names nothing the nearest names (as Richard III's orders do)."""
    with pytest.raises(OrderError) as error:
        read_order(text, "Ia")
    assert told in str(error.value)


@pytest.mark.parametrize(("text", "told"), [
    ("MRCH Harlech", "no order word in 'MRCH Harlech' (did you mean MARCH?): expected MARCH <Locale> [WITH <Lord>, ... | ALONE]"),
    ("Pembroke LEVVY SHIP", "no order word in 'Pembroke LEVVY SHIP' (did you mean LEVY?): expected <Lord> LEVY LORD"),
])
def test_a_misspelt_order_word_is_told_the_word_meant_not_every_word(text: str, told: str) -> None:
    """An order word misspelt (MRCH for MARCH) is answered with the word it is nearest and that
    order's form, a line a phone shows whole, not the list of every order word."""
    with pytest.raises(OrderError) as error:
        read_order(text, "Ia")
    assert str(error.value).startswith(told) and "DISBAND" not in str(error.value), error.value


# --- the standing Battle orders -----------------------------------------------------------------

CHOICES = [
    pytest.param("ARRAY Exeter, Somerset", {"array": ("Exeter 1", "Somerset 1")}, id="4.4.1 Array"),
    pytest.param("FLANK RIGHT", {"flank": "right"}, id="4.4.1 second Front Lord's flank"),
    pytest.param("CENTER FROM RIGHT", {"center_from": "right"}, id="4.4.2 Reposition Center"),
    pytest.param("ENGAGE RIGHT", {"flank_target": "right"}, id="4.4.2 Flanking"),
    pytest.param("ABSORB Somerset, Exeter", {"absorb": ("Somerset 1", "Exeter 1")}, id="4.4.2 Missiles absorb"),
    pytest.param("HITS Militia, Retinue", {"hit_order": ("militia", "retinue")}, id="4.4.2 Apply Hits"),
    pytest.param("VALOUR NEVER", {"valour": "never"}, id="4.4.2 Valour Rerolls"),
    pytest.param("HITS MISSILE Longbowmen, Men-at-Arms",
                 {"hits": (HitsRule((Units(kind="longbowmen"), Units(kind="men_at_arms")), "missile"),)},
                 id="4.4.2 Apply Hits by step"),
    pytest.param("HITS MELEE ROUND 2 Exeter, Somerset Retinue",
                 {"hits": (HitsRule((Units(lord="Exeter 1"), Units(lord="Somerset 1", kind="retinue")), "melee", 2),)},
                 id="4.4.2 Apply Hits by Round and Lord"),
    pytest.param("HITS Beaumont", {"hits": (HitsRule((Units(kind="vassal", name="Beaumont"),)),)},
                 id="4.4.2 Apply Hits to a Vassal"),
    pytest.param("VALOUR Retinue, Beaumont", {"valour_units": (Units(kind="retinue"), Units(kind="vassal", name="Beaumont"))},
                 id="4.4.2 Valour Rerolls by unit"),
    pytest.param("FLEE Somerset BELOW 2", {"flee_below": {"Somerset 1": 2}}, id="4.4.2 Flee below"),
    pytest.param("FLEE Somerset ROUND 3", {"flee": {"Somerset 1": 3}}, id="4.4.2 Flee round"),
    pytest.param("SPOILS Exeter", {"spoils_to": ("Exeter 1",)}, id="4.4.3 Spoils"),
    pytest.param("KEEP CULVERINS", {"culverins": False}, id="L1 L2 Y1 Y2 Culverins"),
    pytest.param("VANGUARD", {"vanguard": True}, id="Y36 Vanguard"),
    pytest.param("FINAL CHARGE", {"final_charge": True}, id="Y32 Final Charge"),
    pytest.param("NO SWIFT MANEUVER", {"swift_maneuver": False}, id="Y36 Swift Maneuver"),
    pytest.param("NO YEOMEN", {"yeomen": False}, id="L31 Yeomen of the Crown"),
    pytest.param("PLAY L5 BY Somerset ON Warwick SPEND 3", {"events": (EventPlay("L5", "Somerset 1", "Warwick Y", 1, 3),)},
                 id="4.4.1 Events L5 Suspicion 1.4.2"),
    pytest.param("PLAY L7 ON Norfolk", {"events": (EventPlay("L7", target="Norfolk"),)}, id="4.4.1 Events L7 a Vassal"),
    pytest.param("PLAY L3 FOR Exeter", {"events": (EventPlay("L3", lords=("Exeter 1",)),)}, id="4.4.3 Events upon Death checks"),
    pytest.param("PLAY L12 ROUND 2", {"events": (EventPlay("L12", round=2),)}, id="4.4.1 Events round"),
]


@pytest.mark.parametrize(("text", "fields"), CHOICES)
def test_each_standing_battle_order_sets_its_choice_4_4(text: str, fields: dict[str, Any]) -> None:
    """Each of the Battle's choices (4.4.1 Array and flank, 4.4.2 Reposition, Flanking, Missiles,
    Apply Hits, Valour Rerolls and Flee, 4.4.3 Spoils and Events, the cards' own choices) is
    set by its standing order; every other choice keeps the Battle's default."""
    held = ["L3", "L5", "L7", "L12"]
    assert side_orders_of([read_order(text, "Ia")], held) == SideOrders(**fields)


def test_a_later_battle_order_replaces_an_earlier_one_and_unheld_events_are_not_played() -> None:
    """A side gives one standing order for each choice: the later stands. PLAY names a held Event
    (4.4.1): one the side no longer holds is not played."""
    orders = [read_order(t, "Ia") for t in ("FLANK RIGHT", "FLANK LEFT", "PLAY L12", "ARRAY Exeter")]
    assert side_orders_of(orders, []) == SideOrders(flank="left", array=("Exeter 1",))


def test_hits_orders_are_kept_one_for_each_step_and_round_4_4_2() -> None:
    """4.4.2 Apply Hits: a HITS order stands for its step and Round, beside those for others; a
    later one for the same step and Round replaces it; VALOUR with units replaces VALOUR ALWAYS."""
    from judge.games.plantagenet.game import standing_slot

    slots = [standing_slot(read_order(t, "Ia")) for t in (
        "HITS Militia", "HITS MISSILE Militia", "HITS MELEE ROUND 2 Militia", "HITS ROUND 2 Militia", "VALOUR ALWAYS",
        "VALOUR Retinue")]
    assert slots == ["hits", "hits missile", "hits melee round 2", "hits round 2", "valour", "valour"]


@pytest.mark.parametrize(("text", "why"), [
    ("ARRAY York, Somerset", "York is not your Lord"),
    ("FLEE York ROUND 1", "York is not your Lord"),
    ("PLAY L5 BY York", "York is not your Lord"),
    ("PLAY L5 ON Somerset", "Somerset 1 is your own Lord"),
    ("PLAY Y19", "not a card of your deck"),
    ("PLAY L14", "not an Event played"),
    ("HITS MELEE York Retinue", "York is not your Lord"),
    ("VALOUR York", "York is not your Lord"),
])
def test_battle_orders_name_the_side_s_own_lords_and_cards_4_4_1(text: str, why: str) -> None:
    """4.4.1: a side Arrays, Flees with and plays Events for its own Lords, on Enemy Lords, and
    plays only its own Held Events that act in Battle (or to Intercept, upon Approach)."""
    assert why in (battle_order_refusal(read_order(text, "Ia"), "Lancaster") or "")
    assert battle_order_refusal(read_order("PLAY L7 ON Norfolk", "Ia"), "Lancaster") is None


def _battle_with(standing: tuple[str, ...]) -> dict[str, Any]:
    """York Marches from Ely on Somerset and Exeter at Cambridge, who give Battle with the
    Lancastrians' standing orders; the Battle's event."""
    state = board(York="Ely", Somerset_1="Cambridge", Exeter_1="Cambridge")
    events: list[dict[str, Any]] = []
    command(state, "York", [read_order("MARCH Cambridge", "Ia")], [read_order(t, "Ia") for t in standing],
            Random(5), events)
    return next(e for e in events if e["type"] == "battle")


def test_the_defender_arrays_by_its_standing_orders_4_4_1() -> None:
    """4.4.1: the Defenders fill Front center, then a flank: by default the first Lord of the side
    at the center and the second on the left; by standing order Exeter at the center and
    Somerset on the right."""
    def arrayed(battle: dict[str, Any]) -> dict[str, Any]:
        return {e["lord"]: e["outcome"] for e in battle["report"] if e["step"] == "array" and e["side"] == "Lancaster"}

    assert arrayed(_battle_with(())) == {"Somerset 1": "center", "Exeter 1": "left"}
    assert arrayed(_battle_with(("ARRAY Exeter, Somerset", "FLANK RIGHT"))) == {"Exeter 1": "center", "Somerset 1": "right"}


def test_battle_orders_given_with_the_plan_are_shown_to_their_side_only_4_1_2() -> None:
    """Standing Battle orders given with the Plan are kept for the side's Battles and shown back to
    it; the enemy does not see them (the Battle's report shows what they did, to both)."""
    game = PlantagenetGame("Ia")
    state = game.new_game(b"7")
    state["step"] = {"name": "plan"}
    lines = ["PLAN Henry VI, Somerset, Pass, Pass", "ARRAY Somerset, Henry VI", "VALOUR ALWAYS", "HITS militia"]
    read = game.read_orders(state, "Lancaster", lines)
    assert [line.canonical for line in read] == ["PLAN Henry VI, Somerset 1, Pass, Pass", "ARRAY Somerset 1, Henry VI",
                                                  "VALOUR ALWAYS", "HITS Militia"]
    assert [line.slot for line in read[1:]] == ["array", "valour", "hits"]
    after = game.resolve(state, {"Lancaster": lines, "York": ["PLAN York, March, Pass, Pass"]}, Random(1)).state
    assert game.view(after, "Lancaster")["standing"]["Lancaster"] == ["ARRAY Somerset 1, Henry VI", "VALOUR ALWAYS",
                                                                      "HITS Militia"]
    assert "Lancaster" not in game.view(after, "York").get("standing", {})
    assert "Lancaster" not in game.view(after, None).get("standing", {})


def test_the_side_not_acting_may_change_its_battle_orders_for_a_card() -> None:
    """During the enemy's card the side not acting may send standing orders for that card
    (the Battle's choices among them); it may not send actions."""
    game = PlantagenetGame("Ia")
    state = game.new_game(b"8")
    state["step"] = {"name": "command", "side": "York", "card": 0}
    state["plans"] = {"York": ["York", "Pass", "Pass", "Pass"], "Lancaster": ["Pass"] * 4}
    read = game.read_orders(state, "Lancaster", ["ENGAGE RIGHT", "NO YEOMEN", "MARCH London"])
    assert read[0].canonical == "ENGAGE RIGHT" and read[1].canonical == "NO YEOMEN"
    assert read[2].error and "not an order" in read[2].error
    assert {"ARRAY", "HITS", "VALOUR", "FLANK", "CENTER", "ENGAGE", "SPOILS", "ABSORB"} <= set(STANDING)


def test_random_plans_sometimes_give_battle_orders_and_all_are_accepted() -> None:
    """The random players give the standing Battle orders now and then; the game accepts every
    one of them."""
    game = PlantagenetGame("Ia")
    state = game.new_game(b"9")
    state["step"] = {"name": "plan"}
    rng = Random(3)
    given = [line for _ in range(30) for side in ("York", "Lancaster")
             for line in game.read_orders(state, side, random_orders(game, state, side, rng))]
    assert all(line.canonical for line in given), [line.error for line in given if line.error]
    verbs = {line.canonical.split()[0] for line in given if line.canonical}
    assert {"ARRAY", "ABSORB", "SPOILS", "HITS", "FLANK", "ENGAGE", "CENTER", "VALOUR"} <= verbs


def test_capture_of_the_king_ia_the_yorkists_choose_who_holds_henry_by_captor() -> None:
    """Ia, Capture of the King: the Yorkists place Henry VI on the mat of any Unrouted Yorkist Lord
    of the Battle: the first of their standing ``CAPTOR`` list still Unrouted (by default the first
    of the Battle)."""
    from judge.games.plantagenet.battle import BattleResult, LordAftermath
    from judge.games.plantagenet.fighting import after_battle, battle_start

    def after(name: str, side: str, fate: str) -> LordAftermath:
        return LordAftermath(name=name, side=side, fate=fate, fled=False, troops={"militia": 2}, lost={},
                             vassals=(), vassals_disbanded=(), vassals_levied=(), carts=0, provender=0)

    for captors, holder in (((), "York"), (("Salisbury", "York"), "Salisbury"), (("Rutland", "March"), "March")):
        state = board(York="Cambridge", Salisbury="Cambridge", March="Cambridge", Henry_VI="Cambridge", box=4)
        start = battle_start(state, "York", "Cambridge")
        result = BattleResult("York", 2, (), (after("York", "York", "fought"), after("Salisbury", "York", "fought"),
                                              after("March", "York", "fought"),
                                              after("Henry VI", "Lancaster", "disbanded")), {}, ())
        after_battle(state, start, result, [], captors)
        assert state["lords"]["Henry VI"] == {"prisoner_of": holder}
    assert str(read_order("captor salisbury, york", "Ia")) == "CAPTOR Salisbury, York"


def test_foreign_haven_ii_edward_iv_checks_death_by_standing_order() -> None:
    """II, Foreign Haven: Edward IV Routed while Margaret is off the map may go into Exile instead
    of checking Death (4.4.3): he does, unless the Yorkists' standing order ``DEATH CHECK Edward
    IV`` says he checks Death. The order belongs to that scenario rule alone (6.0)."""
    from judge.games.plantagenet.fighting import battle_start

    state = board("II", Edward_IV="Dover", Warwick_L="Dover")
    assert battle_start(state, "Lancaster", "Dover").instead_of_death == {"Edward IV": "exile"}
    standing = {"York": [read_order("DEATH CHECK Edward IV", "II")]}
    assert battle_start(state, "Lancaster", "Dover", standing).instead_of_death == {}
    game = PlantagenetGame("II")
    read = game.read_orders({**game.new_game(b"1"), "step": {"name": "plan"}}, "York", ["DEATH CHECK Edward IV", "CAPTOR Edward IV"])
    assert read[0].canonical == "DEATH CHECK Edward IV" and "Capture of the King" in (read[1].error or "")


@pytest.mark.parametrize("text", [text for text, _ in ORDERS] + [
    "PLAN March, Pass, Henry VI, Somerset 1", "Jasper Tudor 1 PARLEY Pembroke", "york,march levy troops",
    "MARCH  Bury St Edmunds   WITH York,March", "PLAY Y30 BY Edward IV ROUND 3 SPEND 3 FOR Edward IV", "PLAY Y30 BY Northumberland Y2", "PLAN Henry VI SPEND 1"])
def test_the_skeleton_reads_as_the_text_itself(text: str) -> None:
    """The grammar reads an order's skeleton (its names' words as placeholders, memoised): the
    order read is the one the grammar gives for the text itself."""
    from lark.exceptions import UnexpectedInput

    from judge.games.plantagenet.order_grammar import _parser
    from judge.games.plantagenet.orders import _resolved

    scenario = "II" if "Edward" in text or "Y2" in text else "Ia"
    try:
        direct = _resolved(text, cast(Order, _parser().parse(text)), (), scenario)
    except (OrderError, UnexpectedInput) as error:
        with pytest.raises(OrderError) as refused:
            read_order(text, scenario)
        assert isinstance(error, UnexpectedInput) or str(refused.value) == str(error)
        return
    assert read_order(text, scenario) == direct


@pytest.mark.parametrize(("text", "canonical"), [
    ("york levy capability y5 to coventry", "York LEVY CAPABILITY Y5 TO Coventry"),
    ("York LEVY TROOPS FROM Cambridge", "York LEVY TROOPS Cambridge"),
    ("agitate coventry", "AGITATE Coventry"),
    ("Merchants spend 1", "MERCHANTS SPEND 1"),
    ("HERALDS Somerset SPEND 3", "HERALDS Somerset 1 SPEND 3"),
    ("surrender", "SURRENDER"),
    ("PLAY Y24 ON london", "PLAY Y24 ON London"),
])
def test_the_capabilities_commands_and_the_grand_scenario_s_orders_read(text: str, canonical: str) -> None:
    """The orders the Capabilities and Events bring (Y5 Thomas Bourchier's start, L12 Commission
    of Array, Y10 Agitators, L30 Merchants, L4 Heralds, Y24 played ON a Locale) and 6.1.1's
    SURRENDER read as the grammar gives them, and their canonical text reads the same."""
    order = read_order(text, "Ia")
    assert str(order) == canonical and read_order(canonical, "Ia") == order


def test_a_comment_is_left_out_so_a_choice_line_copied_back_is_an_order() -> None:
    """A ``#`` and what follows it on a line is a comment (the notes the choices carry: a March's
    Way, a Pay warning); a ``;`` inside one splits nothing, and a line of comment alone is no
    order."""
    from judge.games.plantagenet.orders import split_orders

    text = "DISBAND York  # cannot Pay: needs 1 Coin, has 0; Pillages Ely\n# a note\nMARCH Ely  # Highway; PASS"
    assert split_orders(text) == ["DISBAND York", "MARCH Ely"]
    assert split_orders("MARCH Ely # Highway") == ["MARCH Ely"]
    assert split_orders("# nothing") == []
