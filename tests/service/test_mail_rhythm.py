"""How often the judge mails a game's members (issue 33, items 10 and 11): one mail in causes at
most one mail to each reader however many phases it lets run (to its sender, the answer
carrying the results); in a game with Turns
(Plantagenet, Richard III) a player is mailed when he must act and at the end of each Turn, with
everything since his last mail in order, an observer once a Turn; ``SET MAIL EVERY PHASE``
mails every phase as it is processed, ``SET MAIL TURN`` goes back to the default."""

from __future__ import annotations

import pytest

from mail_judge import MailJudge
from mail_judge import current_game as game
from plantagenet_mail import MASTER, Table
from test_plantagenet_by_mail import seed_secrets
from test_richard3_by_mail import address_of, start

from judge.games.registry import game_kind

WATCHER = "watcher@example.org"
YORK_AHEAD = ("PASS", "PHASE T1 plan", "PLAN York, York, York, Pass",
              "PHASE T1 card 1 York", "MARCH Cambridge", "PHASE T1 card 2 York", "MARCH Ely",
              "PHASE T1 card 3 York", "MARCH Cambridge", "PHASE T2 pay", "PASS")
LANCASTER_AHEAD = ("PASS", "PHASE T1 plan", "PLAN Pass, Pass, Pass, Pass", "PHASE T2 pay", "PASS")


@pytest.fixture(autouse=True)
def seeded_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    seed_secrets(monkeypatch)


def _table(judge: MailJudge) -> Table:
    table = Table(judge)
    judge.enrol(WATCHER, "OBSERVE roses seen")
    return table


def _mailed(table: Table, after: int) -> dict[str, list[str]]:
    """The mails each reader got since ``after`` (their subjects), the answers to his own included."""
    return {address: [mail.subject for mail in table.judge.mail_to(address) if (mail.id or 0) > after]
            for address in [*table.address.values(), MASTER, WATCHER]}


def _in_order(body: str, phases: list[str]) -> bool:
    """Whether the reports of these phases follow one another in the body (after its first
    line, which names them)."""
    at = body.index("\n")
    for phase in phases:
        at = body.find(phase, at + 1)
        if at < 0:
            return False
    return True


def test_one_order_mail_that_runs_six_phases_mails_each_reader_once(judge: MailJudge) -> None:
    """Item 10: Lancaster's one mail (his Muster, his Plan, his Pay sent ahead) lets six phases
    run, York's orders sent ahead read as each phase begins: each reader (both sides, the
    observer, the master) gets one mail for it, every report in it in order; Lancaster's is the
    answer to his mail."""
    table = _table(judge)
    table.send("York", *YORK_AHEAD)
    before, last = len(table.records()), table.last_mail()
    table.send("Lancaster", *LANCASTER_AHEAD)
    ran = [record.phase for record in table.records()[before:]]
    assert len(ran) >= 6, ran
    for address, subjects in _mailed(table, last).items():
        assert len(subjects) == 1 and "results" in subjects[0], (address, subjects)
    for side in ("York", "Lancaster"):
        body = next(mail.body for mail in table.mails_to(side, last) if "results" in mail.subject)
        titles = [game_kind("plantagenet-ia").phase_title(phase) for phase in ran]
        assert _in_order(body, titles), (side, titles, body[:400])


def test_a_turn_with_orders_ahead_mails_a_player_at_most_three_times(judge: MailJudge) -> None:
    """Item 11: a whole Turn (1 of scenario Ia) with each side's orders sent ahead: each player
    is mailed at most 3 times (goal of the issue), the answers to his mails included, the
    observer once, with every report of the Turn since his last mail, in order."""
    table = _table(judge)
    start = table.last_mail()
    table.send("York", *YORK_AHEAD)
    table.send("Lancaster", *LANCASTER_AHEAD)
    assert table.game().phase.startswith("T2 ")
    mailed = _mailed(table, start)
    for side, address in table.address.items():
        assert len(mailed[address]) <= 3, (side, mailed[address])
    assert len(mailed[WATCHER]) == 1
    body = judge.mail_to(WATCHER)[-1].body
    titles = [game_kind("plantagenet-ia").phase_title(record.phase) for record in table.records()]
    assert _in_order(body, titles), (titles, body[:400])


def test_set_mail_every_phase_mails_each_phase_and_set_mail_turn_waits_again(judge: MailJudge) -> None:
    """Item 11: while York plays his cards one mail at a time, Lancaster (not to act) is mailed
    nothing by default; after SET MAIL EVERY PHASE, one results mail for each phase; after SET
    MAIL TURN, none again until the Turn ends, when the reports he was not mailed come in order."""
    table = _table(judge)
    table.send("York", "PASS", "PHASE T1 plan", "PLAN York, York, York, Pass")
    table.send("Lancaster", "PASS", "PHASE T1 plan", "PLAN Pass, Pass, Pass, Pass")
    assert table.game().phase == "T1 card 1 York"
    last = table.last_mail()
    table.send("York", "MARCH Cambridge")
    assert table.game().phase == "T1 card 2 York"
    assert _mailed(table, last)[table.address["Lancaster"]] == []
    assert "every phase" in table.send("Lancaster", "SET MAIL EVERY PHASE").lower()
    last = table.last_mail()
    table.send("York", "MARCH Ely")
    assert table.game().phase == "T1 card 3 York"
    got = _mailed(table, last)[table.address["Lancaster"]]
    assert got == ["Plantagenet results roses T1 muster Lancaster to T1 card 2 York"], got  # since his last
    assert "end of each turn" in table.send("Lancaster", "SET MAIL TURN").lower()
    last = table.last_mail()
    table.send("York", "MARCH Cambridge")
    assert table.game().phase.startswith("T2 ")
    got = _mailed(table, last)[table.address["Lancaster"]]
    assert got == ["Plantagenet results roses T1 card 3 York"], got
    watcher = _mailed(table, 0)[WATCHER]
    assert [s for s in watcher if "results" in s] == ["Plantagenet results roses T1 muster York to T1 card 3 York"]


def test_the_mail_that_completes_a_phase_is_answered_by_its_results(judge: MailJudge) -> None:
    """Item 11: a mail whose orders complete what the phase waits for gets one mail back, not an
    answer and then the results: the results mail is the answer (in the thread of his mail),
    saying first what became of each line of it, then the reports of the phases it let run, with
    their map. The player who mailed first had his answer then, and now the results alone."""
    table = _table(judge)
    last = table.last_mail()
    table.send("York", *YORK_AHEAD)
    (answer,) = table.mails_to("York", last)
    assert answer.in_reply_to is not None and "results" not in answer.subject  # he waits for Lancaster
    last = table.last_mail()
    reply = table.send("Lancaster", *LANCASTER_AHEAD)
    (mail,) = table.mails_to("Lancaster", last)
    assert mail.in_reply_to is not None and mail.subject.startswith("Plantagenet results roses"), mail.subject
    assert mail.body == reply and mail.picture_id is not None
    body = mail.body
    assert body.index("> PLAN Pass, Pass, Pass, Pass\nAccepted") < body.index("phases were processed"), body
    assert body.count("\n-- \n") == 1, body  # one signature, at the end
    (york,) = table.mails_to("York", last)
    assert york.in_reply_to is None and york.subject.startswith("Plantagenet results roses")


def test_richard3_the_card_that_completes_the_card_phase_is_answered_by_its_results(judge: MailJudge) -> None:
    """Item 11 in Richard III: the second house's card completes the card phase (1.1): its mail
    gets one mail back, the answer carrying the results of the phase."""
    signons = start(judge, "richard3")
    engine = game_kind("richard3")

    def order(house: str) -> str:
        return judge.send(address_of(judge, house),
                          f"{signons[house]}\n{engine.legal_orders(game(judge).state, house)[0]}")

    while len(engine.pending(game(judge).state).powers) < 2:  # a redeal, if any (1.1)
        for house in sorted(engine.pending(game(judge).state).powers):
            order(house)
    first, second = sorted(engine.pending(game(judge).state).powers)
    order(first)
    last = max(mail.id or 0 for mail in judge.mail_to(address_of(judge, first)))
    card = engine.legal_orders(game(judge).state, second)[0]
    reply = order(second)
    mails = [mail for mail in judge.mail_to(address_of(judge, second)) if (mail.id or 0) > last]
    assert len(mails) == 1 and mails[0].subject.startswith("Richard III results roses"), [m.subject for m in mails]
    assert mails[0].body == reply, reply
    assert reply.index(f"> {card}\nAccepted") < reply.index("Richard III results for roses"), reply
