"""What a Plantagenet player reads (issue 33): every end names the winner and why; HELP in the
game's own words; his own mats and ratings from the start; warnings before a Lord goes unfed;
the grace notice as it is; the grand scenario's Influence by War and Turn; Subjects that fold
as mail programs expect."""

from __future__ import annotations

import email
import email.policy
import json
import re
from collections.abc import Callable
from pathlib import Path
from random import Random
from typing import Any

import pytest
from mail_judge import MailJudge
from plantagenet_mail import Table
from sqlmodel import select
from test_plantagenet_by_mail import WATCHER, address_of, game, play_until, seed_secrets, start

from judge.games.plantagenet.data import BOARD, SIDES
from judge.games.registry import game_kind
from judge.service.web.archive import build_archive
from judge.store import Game, GameStatus


@pytest.fixture(autouse=True)
def seeded_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    seed_secrets(monkeypatch)


def test_the_end_names_the_winner_and_why_in_the_results_summary_and_archive_5_0(
    judge: MailJudge, tmp_path: Path
) -> None:
    """5.0: the game's end says who won, then why: the results mail's first lines, SUMMARY's
    Result and the archive's page (III(B), one Battle, ends in one phase)."""
    signons = start(judge, "plantagenet-bosworth")
    engine = game_kind("plantagenet-bosworth")
    rng = Random(3)
    for side in SIDES:
        orders = engine.random_orders(game(judge).state, side, rng)  # type: ignore[attr-defined]
        judge.send(address_of(judge, side), "\n".join([signons[side], *orders]))
    finished = game(judge)
    assert finished.status is GameStatus.FINISHED
    winner = finished.state["outcome"]["winner"]
    said = f"{winner} wins: they won the Battle of Bosworth (III(B))" if winner else "A draw: "
    (report,) = judge.mail_to(WATCHER, "Plantagenet results roses")
    assert f"The game is over: {said}" in report.body.splitlines()[1], report.body
    summary = judge.send(WATCHER, "SUMMARY roses")
    assert f"Result:    {said}" in summary, summary
    build_archive(judge.store, tmp_path / "site")
    page = (tmp_path / "site" / "games" / "roses.html").read_text(encoding="utf-8")
    assert f"<dt>Result</dt><dd>{said}" in page


@pytest.mark.parametrize("kind", ["plantagenet-ia", "plantagenet-ib-hidden", "richard3"])
def test_help_in_a_game_speaks_its_own_words_never_diplomacys(judge: MailJudge, kind: str) -> None:
    """HELP from a player of a Plantagenet or Richard III game: its phases, its board, its
    scores and its timing classes, never Diplomacy's phases (F1901M) or supply centres."""
    table = Table(judge, kind)
    side = next(iter(table.address))
    engine = game_kind(kind)
    for asked in ("HELP", "HELP PHASE", "HELP SUMMARY", "HELP BOARD", "HELP SET TIMING"):
        reply = table.send(side, asked)
        for word in ("F1901M", "supply centre", "Diplomacy", "MOVEMENT", "Fall 1901"):
            assert word not in reply, (asked, word, reply)
    help_all = table.send(side, "HELP")
    assert f"PHASE <phase>  ({engine.wording.phase_example})" in help_all, help_all
    assert engine.wording.score.split()[0] in table.send(side, "HELP SUMMARY")


def test_the_grace_notice_says_civil_disorder_is_for_that_step_only(judge: MailJudge) -> None:
    """A side late at the deadline is told that, if still silent at the end of grace, it is in
    civil disorder for that step only."""
    table = Table(judge)
    judge.advance(hours=49)
    (notice,) = [m for m in table.mails_to("York") if "grace period" in m.body]
    assert "the power is in civil disorder for Turn 1 (January-February-March 1459) muster York only" in notice.body, notice.body


@pytest.mark.parametrize("kind", ["plantagenet-ia", "plantagenet-ia-hidden"])
def test_own_mats_and_ratings_from_the_start_notice_and_board_1_5_2(judge: MailJudge, kind: str) -> None:
    """1.5.2, 1.5.3: the start notice and BOARD show each own Lord's Forces, Assets,
    Capabilities (those the first Arts of War drew, 3.1.2, named) and his four ratings; with
    Hidden Mats the enemy's Lords stand where they are, their mats and ratings not shown."""
    table = Table(judge, kind)
    york_lines = {
        "York": "  York at Ely: 2 men-at-arms, 2 longbowmen, 2 militia; 2 Carts, 2 Prov",
        "Lancaster": "  Henry VI at London: 2 men-at-arms, 2 longbowmen, 4 militia; 2 Carts, 2 Prov",
    }
    ratings = {"York": "    Lordship 3, Command 2, Influence 5, Valour 2 (1.5.2)",
               "Lancaster": "    Lordship 2, Command 2, Influence 5, Valour 0 (1.5.2)"}
    for side in SIDES:
        (notice,) = [m for m in table.mails_to(side) if "The starting position:" in m.body]
        board = table.send(side, "BOARD")
        enemy = next(s for s in SIDES if s != side)
        for text in (notice.body, board):
            lines = text.splitlines()
            own = next(i for i, line in enumerate(lines) if line.startswith(york_lines[side]))
            assert lines[own + 1] == ratings[side], text
            lord = lines[own].split(" at ")[0].strip()
            for card in table.game().state["lords"][lord]["caps"]:  # drawn at the start, named
                assert f"{card} ({BOARD.cards[card].capability})" in lines[own], lines[own]
            assert ratings[enemy] not in text
            shown = any(line.startswith(york_lines[enemy]) for line in lines)
            assert shown == (not kind.endswith("-hidden")), text


def test_a_lord_who_could_not_feed_is_flagged_and_warned_when_his_march_is_accepted_4_7(judge: MailJudge) -> None:
    """4.7: York (6 Troops, so 1 Provender to Feed) has none. Through the Campaign his own board
    flags it, the enemy's never; when his card's MARCH is accepted the reply warns that he will
    Pillage or Disband Unfed."""
    table = Table(judge, "plantagenet-ia-hidden")
    with judge.store.session() as db:
        row = db.exec(select(Game)).one()
        state = json.loads(json.dumps(row.state))
        state["lords"]["York"]["assets"]["provender"] = 0
        row.state = state
        db.add(row)
        db.commit()
    table.send("York", "PASS")
    table.send("Lancaster", "PASS")
    table.send("York", "PLAN York, Pass, Pass, Pass")
    table.send("Lancaster", "PLAN Pass, Pass, Pass, Pass")
    assert table.game().phase == "T1 card 1 York", table.game().phase
    flag = "    Cannot Feed after a March or Battle: needs 1 Provender, has 0; he would Pillage or Disband (4.7)"
    assert flag in table.mails_to("York")[-1].body, table.mails_to("York")[-1].body
    assert not any("Cannot Feed" in mail.body for mail in table.mails_to("Lancaster"))
    reply = table.send("York", "MARCH Cambridge")
    assert ("Warning: York must Feed at the card's end: he needs 1 Provender and will have 0; "
            "he will Pillage Cambridge, or Disband Unfed (4.7).") in reply, reply
    assert "Warning" not in table.send("Lancaster", "BOARD") + table.send("York", "BOARD")


def test_the_grand_scenarios_influence_is_charted_by_war_and_turn(judge: MailJudge, tmp_path: Path) -> None:
    """6.0, 6.3: the grand scenario played by mail across the change of War: SUMMARY's table and
    the archive's Influence chart number the Turns within each War (``I T2``), as its phases are
    named, not by a count across the Wars."""
    play_until(judge, "plantagenet", 11, lambda phase: not phase.startswith("I "))
    now = game(judge)
    assert now.phase.startswith(("IIY ", "IIL ")), now.phase
    summary = judge.send(WATCHER, "SUMMARY roses")
    rows = re.findall(r"^  (I T\d+) +\d+ +\d+$", summary, re.M)
    assert rows and rows[0] == "I T1" and "\n  1 " not in summary, summary
    build_archive(judge.store, tmp_path / "site")
    page = (tmp_path / "site" / "games" / "roses.html").read_text(encoding="utf-8")
    assert all(f">{row}</text>" in page for row in rows[-1:]), page
    assert game_kind("plantagenet").standing(now.state).name == f"{now.state['wars']['war']} T{now.state['box']}"


@pytest.mark.parametrize("extra", ["", " and", " and so on", " and so on and so on and so on"])
def test_a_long_subject_folds_after_its_first_word_never_before_it(judge: MailJudge, extra: str) -> None:
    """A reply's Subject of 70 to 77 characters was folded right after ``Subject:`` (a mail
    program then shows it with a leading blank): every Subject keeps its first word on its own
    line, folds between words, and reads back as written."""
    table = Table(judge)
    subject = f"Plantagenet results wars-of-the-roses IIY T13 card 12 Lancaster{extra}"
    judge.send(table.address["York"], f"{table.signon['York']}\nBOARD", subject=subject)
    judge.advance(minutes=1)
    (raw,) = [mail for mail in judge.transport.mails if f"Re: {subject.split()[0]}".encode() in mail]
    header = raw.split(b"\r\nSubject:", 1)[1].split(b"\r\nDate:", 1)[0]
    assert header.startswith(b" Re: Plantagenet results"), header
    assert all(0 < len(line) <= 78 for line in (b"Subject:" + header).split(b"\r\n")), header
    parsed = email.message_from_bytes(raw, policy=email.policy.default)
    assert parsed["Subject"] == f"Re: {subject}", parsed["Subject"]


def _set_state(judge: MailJudge, change: Callable[[dict[str, Any]], None]) -> None:
    """The game's state changed as ``change`` says (the position a test needs)."""
    with judge.store.session() as db:
        row = db.exec(select(Game)).one()
        state = json.loads(json.dumps(row.state))
        change(state)
        row.state = state
        db.add(row)
        db.commit()


def _choices(body: str) -> list[str]:
    """The choices block of a results mail, its lines as a player copies them."""
    block = body.split("Your choices, one order a line", 1)[1].split("\n-- \n", 1)[0]
    return [line.strip() for line in block.splitlines()[1:] if line.strip()]


def test_a_lord_who_cannot_pay_is_warned_at_his_pay_choice_and_the_copied_block_reads_3_2_1(judge: MailJudge) -> None:
    """3.2.1, 3.2.2: York (6 Troops, so 1 Coin to Pay) has no Coin at the second Levy. His own
    Pay choices carry the warning at his line, as a comment (``#``) the orders reader leaves out,
    and the mail says it there alone (BOARD, without choices, flags him under his Lord); the block
    mailed back as copied (his other Lord's line left out) is read without a refusal."""
    table = Table(judge)
    table.send("York", "PASS")
    table.send("Lancaster", "PASS")
    _set_state(judge, lambda state: state["lords"]["York"]["assets"].update(coin=0))
    table.send("York", "PLAN Pass, Pass, Pass, Pass")
    table.send("Lancaster", "PLAN Pass, Pass, Pass, Pass")
    assert table.game().phase == "T2 pay", table.game().phase
    results = {side: [m for m in table.mails_to(side) if " results " in m.subject][-1].body for side in SIDES}
    choices = _choices(results["York"])
    assert "DISBAND York  # cannot Pay: needs 1 Coin, has 0; Pillages Ely or Disbands Unpaid first (3.2.1)" in choices, choices
    assert not any("#" in line for line in _choices(results["Lancaster"])), results["Lancaster"]
    assert "Cannot Pay his Troops" not in results["York"], results["York"]  # told once, at the choice
    assert "Cannot Pay his Troops" in table.send("York", "BOARD")  # BOARD lists no choices: it flags him
    reply = table.send("York", *[line for line in choices if line != "DISBAND March"])
    assert "Accepted: DISBAND York" in reply and "cannot read" not in reply and "no Lord" not in reply, reply


def _york_short_on_his_card(judge: MailJudge) -> Table:
    """Ia by mail up to York's first card, York (6 Troops: 1 Provender to Feed, 4.7) with none."""
    table = Table(judge)
    _set_state(judge, lambda state: state["lords"]["York"]["assets"].update(provender=0))
    table.send("York", "PASS")
    table.send("Lancaster", "PASS")
    table.send("York", "PLAN York, Pass, Pass, Pass")
    table.send("Lancaster", "PLAN Pass, Pass, Pass, Pass")
    assert table.game().phase == "T1 card 1 York", table.game().phase
    return table


@pytest.mark.parametrize(("orders", "warning"), [
    (("MARCH Cambridge", "FORAGE"), "York must Feed at the card's end: he needs 1 Provender and will have 0 if the "
                                    "Forage fails; he will Pillage Cambridge, or Disband Unfed (4.7)."),
    (("SUPPLY Ely", "MARCH Cambridge"), None),
    (("FORAGE", "MARCH Cambridge"), None),
])
def test_the_warning_on_a_card_counts_its_supply_and_forage_and_says_on_what_it_hangs_4_5_4_6_2_4_7(
    judge: MailJudge, orders: tuple[str, ...], warning: str | None
) -> None:
    """4.5, 4.6.2, 4.7: York, with no Provender, Marches to Cambridge and Forages there (Neutral:
    a roll of 4 or less succeeds): he may end with nothing to Feed with, if the Forage fails, and
    is told so. Supplied at Ely before he Marches, or Foraging there (Friendly and no Enemy next
    to it: no roll), he Feeds whatever the dice: no warning. The enemy never reads one."""
    table = _york_short_on_his_card(judge)
    reply = table.send("York", *orders)
    assert all(f"Accepted: {order}" in reply for order in orders), reply
    if warning:
        assert f"Warning: {warning}" in reply, reply
    else:
        assert "Warning" not in reply, reply
    assert "Warning" not in table.send("Lancaster", "BOARD")


def test_a_sail_tells_what_its_ships_carry_and_leave_as_a_haul_line_4_6_1(judge: MailJudge) -> None:
    """4.6.1, 1.7.2: York at Lynn with two Ships (they carry four Provender and four Carts) and
    five of each Sails to Ravenspur: his results tell, as a Haul line, what the Ships carried and
    what was left behind; with Hidden Mats the enemy reads that he Hauled, not the figures."""
    table = Table(judge, "plantagenet-ia-hidden")
    _set_state(judge, lambda state: (state["lords"]["York"].update(at="Lynn"),
                                     state["lords"]["York"]["assets"].update(ships=2, provender=5, carts=5)))
    table.send("York", "PASS")
    table.send("Lancaster", "PASS")
    table.send("York", "PLAN York, Pass, Pass, Pass")
    table.send("Lancaster", "PLAN Pass, Pass, Pass, Pass")
    assert table.game().phase == "T1 card 1 York", table.game().phase
    before = table.last_mail()
    table.send("York", "SAIL Ravenspur")
    mine = "\n".join(m.body for m in table.mails_to("York", before))
    assert "    York Hauls 4 Provender and 4 Carts on 2 Ships, leaving 1 Provender and 1 Cart (4.6.1).\n" in mine, mine
    assert "York Sails Lynn - Ravenspur (4.6.1)." in mine, mine
    theirs = [m.body for m in table.mails_to("Lancaster", before) if " results " in m.subject]
    assert theirs and all("Hauls 4" not in body for body in theirs), theirs
    assert any("    York Hauls (4.6.1).\n" in body for body in theirs), theirs


def test_a_held_event_playable_on_his_own_card_is_among_its_choices_3_1_3(judge: MailJudge) -> None:
    """3.1.3, 4.4: Lancaster holds Rebel Supply Depot (L28: played after his own March or Sail),
    Havoc (L5: in a Battle his card may bring) and Flank Attack (L2: only to Intercept the enemy).
    His card's choices offer PLAY for the first two, which copied back are standing orders, not
    for Flank Attack; once ordered, a card is no longer offered."""
    table = Table(judge)
    _set_state(judge, lambda state: state["held"].update(Lancaster=["L28", "L5", "L2"]))
    table.send("York", "PASS")
    table.send("Lancaster", "PASS")
    table.send("York", "PLAN Pass, Pass, Pass, Pass")
    table.send("Lancaster", "PLAN Henry VI, Henry VI, Pass, Pass")
    assert table.game().phase == "T1 card 1 Lancaster", table.game().phase
    choices = _choices([m for m in table.mails_to("Lancaster") if " results " in m.subject][-1].body)
    assert "PLAY <L28 | L5>" in choices and not any("L2" in line.split() for line in choices), choices
    reply = table.send("Lancaster", "PLAY L28", "PASS")
    assert "Accepted: PLAY L28 (a standing order" in reply, reply
    assert table.game().phase == "T1 card 2 Lancaster", table.game().phase
    choices = _choices([m for m in table.mails_to("Lancaster") if " results " in m.subject][-1].body)
    assert "PLAY L5" in choices and not any("L28" in line for line in choices), choices


def test_a_supply_the_carts_limit_says_so_4_5_2(judge: MailJudge) -> None:
    """4.5.1, 4.5.2: York at Cambridge (Friendly) with one Cart Supplies from Ely, a City one Way
    off that would give more: he gets what one Cart carries over one Way, and his results say so."""
    table = Table(judge)
    _set_state(judge, lambda state: (state["lords"]["York"].update(at="Cambridge"), state["favour"].update(Cambridge="York"),
                                     state["lords"]["York"]["assets"].update(carts=1)))
    table.send("York", "PASS")
    table.send("Lancaster", "PASS")
    table.send("York", "PLAN York, Pass, Pass, Pass")
    table.send("Lancaster", "PLAN Pass, Pass, Pass, Pass")
    before = table.last_mail()
    table.send("York", "SUPPLY Ely", "PASS")
    mine = "\n".join(m.body for m in table.mails_to("York", before) if " results " in m.subject)
    assert "    York Supplies from Ely: 1 Provender, as much as 1 Cart carries over 1 Way (4.5.2).\n" in mine, mine
