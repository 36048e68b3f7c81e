"""Plantagenet by mail, issue 33: every order a player sends is answered as he meant it. An order
that changes nothing never holds a card (a trailing PASS, an order re-sent); a Group goes on
together (4.3.1, 4.3.3) and its acceptance and the results name who marches; a Lord named by a
title shared in the scenario is the one in play."""

from __future__ import annotations

import json

import pytest
from sqlmodel import select

from mail_judge import MailJudge
from plantagenet_mail import Table
from test_plantagenet_by_mail import seed_secrets

from judge.store import Game


@pytest.fixture(autouse=True)
def seeded_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    seed_secrets(monkeypatch)


def to_lancaster_card(table: Table, plan: str = "PLAN Henry VI, Pass, Pass, Pass") -> None:
    """Both Levies passed, York's Plan all Pass: Lancaster's first card is up."""
    table.send("York", "PASS")
    table.send("Lancaster", "PASS")
    table.send("York", "PLAN Pass, Pass, Pass, Pass")
    table.send("Lancaster", plan)


def test_a_trailing_pass_after_the_last_action_changes_nothing_and_holds_nothing(judge: MailJudge) -> None:
    """4.2.1, 4.3.3: Henry VI (Command 2) Marches London - St Albans - Cambridge (one action, the
    second Highway free), then Bedford (his second); the PASS after it has nothing left to pass: it is
    answered in one line, and the card is complete and runs (it used to be refused, "no actions
    left", and held the whole card)."""
    table = Table(judge)
    to_lancaster_card(table)
    assert table.game().phase == "T1 card 1 Lancaster"
    reply = table.send("Lancaster", "MARCH St Albans", "MARCH Cambridge", "MARCH Bedford", "PASS")
    assert "Accepted: MARCH Bedford\n" in reply, reply
    assert "No change: PASS: nothing left to pass: Henry VI has no actions left (Command 2, 4.2.1)" in reply
    assert "Error" not in reply and "on hold" not in reply and "has been processed" in reply, reply
    card = next(r for r in table.records() if r.phase == "T1 card 1 Lancaster")
    assert list(card.orders["Lancaster"].values()) == ["MARCH St Albans", "MARCH Cambridge", "MARCH Bedford"]


def test_orders_sent_again_change_nothing_and_a_refusal_lists_what_is_left(judge: MailJudge) -> None:
    """4.2.1: Lancaster (waiting for the deadline) sends Henry VI's card, then sends it again: each
    order already taken that cannot be carried out twice is answered "taken already" and holds
    nothing; a real refusal after the card is spent is refused and lists no choices (nothing is
    left to that Lord), and still holds the card as before."""
    table = Table(judge)
    to_lancaster_card(table)
    table.send("Lancaster", "SET WAIT")
    reply = table.send("Lancaster", "MARCH St Albans", "MARCH Cambridge", "MARCH Bedford")
    assert "Error" not in reply and "are complete" in reply, reply
    reply = table.send("Lancaster", "MARCH St Albans", "MARCH Cambridge", "MARCH Bedford")
    assert reply.count("No change: MARCH") == 3 and "taken already, and not twice" in reply, reply
    assert "Error" not in reply and "are complete" in reply and "on hold" not in reply, reply
    reply = table.send("Lancaster", "TAX Bedford")
    assert "Error: TAX Bedford: Henry VI has no actions left (Command 2, 4.2.1)\n" in reply, reply  # no choices
    assert "on hold" in reply


def test_a_group_marches_on_together_until_its_marshal_drops_a_lord(judge: MailJudge) -> None:
    """4.3.1, 4.3.3: `MARCH St Albans WITH Somerset` then `MARCH Cambridge` marches the Group on
    (Somerset used to be left at St Albans, then Pillaged and Disbanded unpaid); the acceptance
    and the results name who marches. `ALONE` drops the Group: the Marshal goes on by himself."""
    table = Table(judge)
    to_lancaster_card(table)
    reply = table.send("Lancaster", "MARCH St Albans WITH Somerset", "MARCH Cambridge", "MARCH Bedford ALONE")
    assert "Accepted: MARCH St Albans WITH Somerset 1\nAccepted: MARCH Cambridge WITH Somerset 1\n" in reply, reply
    assert "Accepted: MARCH Bedford ALONE\n" in reply
    card = next(r for r in table.records() if r.phase == "T1 card 1 Lancaster")
    assert card.state_after["lords"]["Somerset 1"]["at"] == "Cambridge"
    assert card.state_after["lords"]["Henry VI"]["at"] == "Bedford"
    results = [m.body for m in table.mails_to("York") if "results" in m.subject][-1]
    assert "Henry VI, Somerset 1 March St Albans - Cambridge by highway (4.3)" in results, results
    assert "Henry VI Marches Cambridge - Bedford by road (4.3)" in results


def test_refusals_of_a_levy_say_why(judge: MailJudge) -> None:
    """3.4.2: `LEVY LORD Salisbury` without the Levying Lord, Salisbury not Ready, says both;
    3.4.1: a refused Parley says what stands in the way."""
    table = Table(judge)
    reply = table.send("York", "LEVY LORD Salisbury", "York PARLEY Coventry")
    assert ("Error: LEVY LORD Salisbury: Salisbury is not Ready on the Calendar (3.4.2); LEVY needs the "
            "Levying Lord first: York LEVY LORD Salisbury") in reply, reply
    assert ("Error: York PARLEY Coventry: no Route from Ely to Coventry: every Locale on the way but Coventry "
            "must be Friendly and free of Enemy Lords (3.4.1)") in reply, reply


def test_the_owner_names_who_pillages_by_a_standing_order(judge: MailJudge) -> None:
    """4.7, 3.2.1 PILLAGE: Henry VI and Somerset March with no Provender; at Feed one of them
    Pillages St Albans: Lancaster's standing ``PILLAGE Somerset`` names him (by default Henry VI,
    the first short one, would)."""
    table = Table(judge)
    with judge.store.session() as db:
        game = db.exec(select(Game)).one()
        state = json.loads(json.dumps(game.state))
        for lord in ("Henry VI", "Somerset 1"):
            state["lords"][lord]["assets"]["provender"] = 0
        game.state = state
        db.add(game)
        db.commit()
    reply = table.send("Lancaster", "PILLAGE Somerset")
    assert "Accepted: PILLAGE Somerset 1 (a standing order" in reply, reply
    to_lancaster_card(table)
    table.send("Lancaster", "MARCH St Albans WITH Somerset", "PASS")
    card = next(r for r in table.records() if r.phase == "T1 card 1 Lancaster")
    pillages = [e for e in card.resolution["events"] if e["type"] == "pillage"]
    assert [(e["lord"], e["at"]) for e in pillages] == [("Somerset 1", "St Albans")], pillages


def test_orders_sent_ahead_for_a_card_that_passes_are_told_it_passed(judge: MailJudge) -> None:
    """4.2.3: Lancaster's Plan puts Exeter's card second while Exeter is on the Calendar, and sends
    that card's March ahead; the card Passes when revealed, and Lancaster is told so (not that the
    phase "can no longer come")."""
    table = Table(judge)
    table.send("York", "PASS")
    table.send("Lancaster", "PASS")
    table.send("York", "PLAN Pass, Pass, Pass, Pass")
    before = table.last_mail()
    reply = table.send("Lancaster", "PLAN Henry VI, Exeter, Pass, Pass", "PHASE T1 card 2 Lancaster", "MARCH Cambridge")
    assert "Kept for T1 card 2 Lancaster" in reply, reply
    table.send("Lancaster", "PASS")  # Henry VI's card
    told = [mail.body for mail in table.mails_to("Lancaster", before) if "were not used" in mail.body]
    assert len(told) == 1, [m.body for m in table.mails_to("Lancaster", before)]
    assert ("card 2 Lancaster were not used: that card was a Pass: a Pass card, or the card of a Lord not on "
            "the map when it was revealed, Passes without orders (4.2.3)") in told[0]
    assert "can no longer come" not in told[0]


def test_a_standing_order_for_a_lord_out_of_the_game_is_refused(judge: MailJudge) -> None:
    """A standing order naming the side's own Lord who is out of the game (dead, 4.4.3) is not
    Accepted: it could never apply."""
    table = Table(judge)
    with judge.store.session() as db:
        game = db.exec(select(Game)).one()
        state = json.loads(json.dumps(game.state))
        state["lords"]["Somerset 1"] = {"gone": "dead"}
        game.state = state
        db.add(game)
        db.commit()
    reply = table.send("Lancaster", "INTERCEPT Somerset", "FLEE Somerset ROUND 2")
    assert reply.count("Somerset 1 is out of the game (dead): no order for him stands") == 2, reply
    assert "Accepted" not in reply


def test_a_title_names_the_one_lord_of_it_in_play_by_mail(judge: MailJudge) -> None:
    """War I alone (6.3) has two Somersets, Somerset (1) alone in play at its start: `Somerset`
    names him, and the judge writes him as everywhere else, Somerset 1."""
    table = Table(judge, "plantagenet-war-i")
    table.send("York", "PASS")
    reply = table.send("Lancaster", "Somerset LEVY TROOPS")
    assert "Accepted: Somerset 1 LEVY TROOPS" in reply, reply


def test_an_action_for_a_lord_off_the_map_is_not_accepted_on_another_lords_card(judge: MailJudge) -> None:
    """4.2: a card's actions are its Lord's. Buckingham is on the Calendar: `Buckingham MARCH
    Cambridge` on Henry VI's card is refused, saying so (it used to be Accepted, and Henry VI
    would have Marched); Somerset, on the map, acts on his own cards."""
    table = Table(judge)
    to_lancaster_card(table)
    reply = table.send("Lancaster", "Buckingham MARCH Cambridge", "Somerset TAX London")
    assert "Error: Buckingham MARCH Cambridge: this card is Henry VI's: Buckingham is not on the map (4.2)" in reply
    assert "Error: Somerset TAX London: this card is Henry VI's: Somerset 1 acts on his own cards (4.2)" in reply
    assert "Accepted" not in reply, reply
