"""Plantagenet by mail, the mail flow of a Turn with as few mails as the rules allow (issue 22):
a whole Levy in one mail, the Plan and the actions of several cards sent ahead in one mail (PHASE
blocks: ``PHASE T1 card 2 York``), each used as its card comes up, the player asked only when one
has become illegal; the inactive side's reactions from standing orders set at any time."""

from __future__ import annotations

import json
from typing import Any

import pytest
from sqlmodel import select

from mail_judge import MailJudge
from plantagenet_mail import Table
from test_plantagenet_by_mail import seed_secrets

from judge.games.dice import phase_random
from judge.games.plantagenet.data import BOARD, SIDES
from judge.games.plantagenet.game import MOST_ACTIONS, PlantagenetGame
from judge.games.registry import game_kind
from judge.store import Game


@pytest.fixture(autouse=True)
def seeded_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each game's secret from a seeded generator: a game's dice (which decide whether an order
    sent ahead is still legal when its card comes) are the same at every run."""
    seed_secrets(monkeypatch)


def test_a_whole_levy_in_one_mail_and_a_refused_line_says_why_and_keeps_the_rest(judge: MailJudge) -> None:
    """3.4: York's Muster in one mail; one Parley refused with its rule (3.4.1) and the Lord's
    choices, the other lines taken; the phase waits for the correction, which follows the
    actions taken (3.4: each Lord's actions before the next's)."""
    table = Table(judge)
    assert table.game().phase == "T1 muster York"
    reply = table.send("York", "York LEVY TROOPS", "March PARLEY London", "March LEVY CARTS")
    assert "Accepted: York LEVY TROOPS" in reply and "Accepted: March LEVY CARTS" in reply
    error = next(line for line in reply.splitlines() if line.startswith("Error: March PARLEY London"))
    assert "(3.4.1)" in error and "You may write: March LEVY <TROOPS | CARTS>; March PARLEY <" in error
    assert "York PARLEY" not in error  # only the refused Lord's choices
    reply = table.send("York", "York PARLEY Cambrige")  # a misspelt name: the nearest names
    assert "Error: York PARLEY Cambrige: no Locale named 'Cambrige' (did you mean Cambridge" in reply, reply
    assert "are on hold" in reply and table.game().phase == "T1 muster York"
    reply = table.send("York", "March PARLEY Hereford")
    assert "Accepted: March PARLEY Hereford\n" in reply and "complete" in reply  # replaces nothing
    muster = table.records()[-1]
    assert muster.phase == "T1 muster York"
    assert list(muster.orders["York"].values()) == ["York LEVY TROOPS", "March LEVY CARTS", "March PARLEY Hereford"]


def test_a_plan_of_the_wrong_size_or_with_too_many_cards_of_a_lord_is_refused(judge: MailJudge) -> None:
    """4.1: a Plan has the Turn's number of cards; 1.9.2: three Command cards a Lord. PASS
    completes a Muster with nothing to Levy; the Plan stays secret from the other side (4.1.2)."""
    table = Table(judge)
    table.send("York", "PASS")
    assert table.game().phase == "T1 muster Lancaster"
    table.send("Lancaster", "PASS")
    assert table.game().phase == "T1 plan"
    reply = table.send("York", "PLAN York, Pass")
    assert "a Plan has 4 cards this Turn (4.1), not 2" in reply
    reply = table.send("York", "PLAN York, York, York, York")
    assert "York has only 3 Command cards (1.9.2)" in reply
    before = table.last_mail()
    assert "complete" in table.send("York", "PLAN March, York, March, Pass")
    table.send("Lancaster", "PLAN Pass, Pass, Pass, Pass")
    assert all("March, York, March" not in mail.body for mail in table.mails_to("Lancaster", before))


def test_the_actions_of_several_cards_sent_with_the_plan_are_used_as_each_comes_up(judge: MailJudge) -> None:
    """4.2: York sends his Plan and his three cards' actions in one mail (PHASE blocks); each card
    runs as it is revealed. The second card's March has become illegal when it comes up (4.3.3:
    no Way from where the first card took York): York alone is asked, with his choices for that
    Lord, answers in one mail, and the third card runs from the orders sent ahead."""
    table = Table(judge)
    table.send("York", "PASS")
    table.send("Lancaster", "PASS")
    reply = table.send("York", "PLAN York, York, York, Pass",
                       "PHASE T1 card 1 York", "MARCH Cambridge",
                       "PHASE T1 card 2 York", "MARCH Peterborough",
                       "PHASE T1 card 3 York", "MARCH St Albans")
    assert reply.count("Kept for T1 card") == 3, reply
    before = table.last_mail()
    table.send("Lancaster", "PLAN Pass, Pass, Pass, Pass")
    assert table.game().phase == "T1 card 2 York"  # the plan and card 1 ran at once
    asked = [mail for mail in table.mails_to("York", before) if "card 2 York has begun" in mail.body]
    assert len(asked) == 1
    assert ("Error: MARCH Peterborough: no Way from Cambridge to Peterborough (4.3.3). You may write: "
            "MARCH <Ely | St Albans> (Highway); MARCH <Bedford | Bury St Edmunds> (Road)") in asked[0].body
    assert not [mail for mail in table.mails_to("Lancaster", before) if "has begun" in mail.body]
    results = [mail.body for mail in table.mails_to("York", before) if "results" in mail.subject][-1]
    assert "You are to act. Your choices" in results and "  MARCH <Ely | St Albans>  # Highway\n" in results
    # Lancaster, not to act and no Turn ended, is mailed nothing yet (SET MAIL TURN, the default)
    assert not [mail for mail in table.mails_to("Lancaster", before) if "results" in mail.subject]
    sent = dict(table.sent)
    table.send("York", "PASS")
    assert table.game().phase == "T2 pay"  # card 3 ran from the orders sent ahead, then the Turn ended
    assert table.sent == {"York": sent["York"] + 1, "Lancaster": sent["Lancaster"]}
    third = next(r for r in table.records() if r.phase == "T1 card 3 York")
    assert third.orders["York"] == {"action 1": "MARCH St Albans"}
    assert {"type": "march", "lords": ["York"], "from": "Cambridge", "to": "St Albans", "way": "highway"} \
        in third.resolution["events"]


def test_standing_orders_set_while_not_due_are_replaced_cancelled_and_used_cards_later(judge: MailJudge) -> None:
    """4.3.5, 4.3.4: Lancaster, not due in York's Muster, sets EXILE Somerset and INTERCEPT Henry
    VI (with his own Muster sent ahead: his Levy in that one mail), replaces the Intercept, then
    cancels it; when York Approaches London cards later, Somerset goes into Exile and nobody
    Intercepts: Lancaster sent nothing after his Plan, and the Turn ran to its end."""
    table = Table(judge)
    reply = table.send("Lancaster", "EXILE Somerset", "INTERCEPT Henry VI", "Henry VI LEVY TROOPS",
                       "PHASE T1 muster Lancaster", "PASS")
    assert "Accepted: EXILE Somerset 1 (a standing order" in reply
    assert "Error: Henry VI LEVY TROOPS: LEVY is not an order of Lancaster in T1 muster York" in reply
    assert "Your standing orders: EXILE Somerset 1; INTERCEPT Henry VI." in reply
    reply = table.send("Lancaster", "INTERCEPT Henry VI WITH Somerset")
    assert "(replaces INTERCEPT Henry VI)" in reply
    reply = table.send("Lancaster", "CANCEL INTERCEPT Henry VI WITH Somerset")
    assert ("Accepted: CANCEL INTERCEPT Henry VI WITH Somerset 1 (INTERCEPT Henry VI WITH Somerset 1 stands "
            "no longer)\nYour standing orders: EXILE Somerset 1.\n") in reply, reply  # the CANCEL does not stand
    table.send("York", "York LEVY TROOPS")
    assert table.game().phase == "T1 plan"  # Lancaster's Muster, sent ahead, ran as it began
    table.send("York", "PLAN York, Pass, Pass, Pass", "PHASE T1 card 1 York",
               "MARCH Cambridge; MARCH St Albans; MARCH London")
    sent = dict(table.sent)
    table.send("Lancaster", "PLAN Pass, Pass, Pass, Pass")
    assert table.game().phase == "T2 pay"
    assert table.sent == {"York": sent["York"], "Lancaster": sent["Lancaster"] + 1}
    card = next(r for r in table.records() if r.phase == "T1 card 1 York")
    muster = next(r for r in table.records() if r.phase == "T1 muster York")  # told once, then gone
    assert muster.orders["Lancaster"] == {"exile Somerset 1": "EXILE Somerset 1",
                                          "intercept Henry VI": "CANCEL INTERCEPT Henry VI WITH Somerset 1"}
    assert card.orders["Lancaster"] == {"exile Somerset 1": "EXILE Somerset 1"}
    events = card.resolution["events"]
    assert any(e["type"] == "disband" and e["lord"] == "Somerset 1" and e["why"] == "Exile on Approach (4.3.5)"
               for e in events), events
    assert not any(e["type"].startswith("intercept") for e in events)
    assert {"type": "march", "lords": ["York"], "from": "St Albans", "to": "London", "way": "highway"} in events
    # Every phase replays from its record (as ``judge verify`` does): standing orders included.
    kind, secret = game_kind("plantagenet-ia"), table.game().secret
    for record in table.records():
        orders = {side: list(given.values()) for side, given in record.orders.items()}
        again = kind.resolve(record.state_before, orders, phase_random(secret, record.phase))
        assert json.loads(json.dumps(again.state)) == record.state_after, record.phase


def test_a_side_that_cancels_its_only_standing_order_has_none_even_after_clear(judge: MailJudge) -> None:
    """A CANCEL empties its slot at once and is told to the game with the phase's orders; CLEAR,
    which withdraws those, keeps it: Lancaster's one Intercept is gone from what he is told stands
    and from the game, though nothing of his stands any more to be given."""
    table = Table(judge)
    table.send("Lancaster", "INTERCEPT Henry VI")
    reply = table.send("Lancaster", "CANCEL INTERCEPT Henry VI")
    assert "Your standing orders: none." in reply, reply
    assert "withdrawn" in table.send("Lancaster", "CLEAR")
    table.send("York", "PASS")
    muster = table.records()[-1]
    assert muster.orders["Lancaster"] == {"intercept Henry VI": "CANCEL INTERCEPT Henry VI"}
    assert muster.state_after["standing"]["Lancaster"] == []
    table.send("Lancaster", "PASS")
    assert table.records()[-1].orders["Lancaster"] == {"action 1": "PASS"}  # nothing stands: nothing given


def test_a_discard_is_spent_at_the_reset_and_stands_no_longer(judge: MailJudge) -> None:
    """4.8.6: York holds Y20 and orders DISCARD Y20; at the Reset ending Turn 1 it goes back to
    his deck, and the order has done its work: it is neither kept nor shown after, and was given
    to no phase after the Reset."""
    table = Table(judge)
    with judge.store.session() as db:
        game = db.exec(select(Game)).one()
        state = json.loads(json.dumps(game.state))
        state["held"]["York"] = ["Y20"]
        state["decks"]["York"] = [card for card in state["decks"]["York"] if card != "Y20"]
        game.state = state
        db.add(game)
        db.commit()
    reply = table.send("York", "DISCARD Y20", "PASS")
    assert "Your standing orders: DISCARD Y20." in reply, reply
    table.send("Lancaster", "PASS")
    table.send("York", "PLAN Pass, Pass, Pass, Pass")
    table.send("Lancaster", "PLAN Pass, Pass, Pass, Pass")
    assert table.game().phase == "T2 pay"
    reset = table.records()[-1]  # the Plans, every card a Pass, then the end of the campaign
    assert {"type": "discard held", "side": "York", "card": "Y20"} in reset.resolution["events"]
    assert reset.orders["York"]["discard Y20"] == "DISCARD Y20"
    assert reset.state_after["standing"]["York"] == []
    results = table.mails_to("York")[-1].body
    assert "Your orders (York):\n  DISCARD Y20\n" in results and "Standing orders" not in results, results
    reply = table.send("York", "TRUCE", "PASS")
    assert "Your standing orders: TRUCE." in reply, reply
    table.send("Lancaster", "PASS")
    assert table.records()[-1].orders["York"] == {"truce": "TRUCE", "pass": "PASS"}


def test_a_mail_of_thousands_of_order_lines_costs_no_more_than_a_full_muster(
        judge: MailJudge, monkeypatch: pytest.MonkeyPatch) -> None:
    """A hostile mail: 3,000 order lines for York's Muster. The judge plays out each action's
    sequence (3.4) for at most ``MOST_ACTIONS`` of them, more than any side's Lordship ratings
    and Exiles and held cards together allow, and refuses the rest with that reason: the cost
    does not grow with the square of the lines."""
    for side in SIDES:  # every Lord of the side Levying to his Lordship, each Exile Mustered, and
        lords = [lord for lord in BOARD.lords.values() if lord.side == side]  # ten held cards played
        assert sum(lord.lordship for lord in lords) + len(lords) + 10 < MOST_ACTIONS
    assert max(lord.command for lord in BOARD.lords.values()) + 10 < MOST_ACTIONS  # a card (4.2.1)
    table = Table(judge)
    played = []
    real = PlantagenetGame._play

    def counted(self: PlantagenetGame, *args: Any) -> Any:
        played.append(1)
        return real(self, *args)

    monkeypatch.setattr(PlantagenetGame, "_play", counted)
    reply = table.send("York", *(["York LEVY TROOPS"] * 3000))  # no roll: every one played out
    assert len(played) <= MOST_ACTIONS, len(played)
    assert "2890 more orders could not be read" in reply and table.game().phase == "T1 muster York"
    assert "88 more orders changed nothing" in reply  # each Levy after Ely is Exhausted: taken already (3.4.4)
    lines = game_kind("plantagenet-ia").read_orders(table.game().state, "York", ["York LEVY TROOPS"] * 300)
    assert all(f"a step takes at most {MOST_ACTIONS} actions (3.4" in str(line.error) for line in lines[MOST_ACTIONS:])
