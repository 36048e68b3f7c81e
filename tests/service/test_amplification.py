"""No mail is an amplifier: a reply is at most a small multiple of the mail it answers (and never
over ``[replies] longest``), the same help is never sent twice in one reply, one mail sends at
most one press per game and a bounded number of mails to anyone. Each attack is made by mail,
as it was found, on SQLite and on PostgreSQL."""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest
from alpha import MASTER, as_power, holds, last_mail_id, mail_since, master, new_game
from mail_judge import MailJudge
from sqlmodel import select

from judge.cli import main
from judge.service.config import ConfigError, load_config
from judge.service.daemon.operate import init_judge
from judge.service.intake.mailroom import ingest
from judge.service.serve_config import ReplyLimits
from judge.service.web.archive import file_stem, update_archive
from judge.store import Game, Outbox, Press

VICTIM = "victim@example.net"
HELP_MARK = "How to write orders"
TOO_LONG = "the reply would have been too long"


pytestmark = pytest.mark.usefixtures("cheap_passwords")  # the hashing is not what is tested here


@pytest.fixture
def judge(judge_on_each_backend: MailJudge) -> MailJudge:
    """A judge on SQLite, then on PostgreSQL (``conftest``)."""
    return judge_on_each_backend


_ids = itertools.count()


def send_raw(judge: MailJudge, body: str, sender: str = "attacker@example.org",
             reply_to: str | None = VICTIM) -> tuple[int, str, list[Outbox]]:
    """Mail the judge (with a Reply-To, as the attack was made); return the mail's size, the
    reply's body, and every other mail it caused."""
    message_id = f"<amp{next(_ids)}@test.invalid>"
    headers = f"From: {sender}\n" + (f"Reply-To: {reply_to}\n" if reply_to else "")
    raw = (f"{headers}To: judge@localhost\nSubject: help\nMessage-ID: {message_id}\n\n{body}\n").encode()
    first = last_mail_id(judge)
    ingest(judge.store, judge.config, raw, judge.now)
    caused = mail_since(judge, first)
    [reply] = [row for row in caused if row.in_reply_to == message_id]
    return len(raw), reply.body, [row for row in caused if row.in_reply_to != message_id]


# --- the size of a reply --------------------------------------------------------------------------


def test_help_and_a_refused_join_repeated_200_times_get_one_help_and_a_bounded_reply(
    judge: MailJudge,
) -> None:
    size, reply, others = send_raw(judge, "\n".join(["HELP", "JOIN nosuchgame pw"] * 200))
    limits = judge.config.replies
    assert len(reply.encode()) <= min(limits.longest, max(limits.floor, limits.multiple * size))
    assert len(reply.encode()) < 3 * size + 8 * 1024, (size, len(reply))  # it was 3 MB for 11.5 KB
    assert reply.count(HELP_MARK) == 1
    assert reply.count("The same as line 1: answered there.") == 199
    assert others == []


def test_a_quarter_megabyte_of_help_and_join_gets_a_reply_under_the_cap(judge: MailJudge) -> None:
    lines = ["HELP", "JOIN nosuchgame pw"] * 12000  # 250 KB: it was 107 MB out
    size, reply, _ = send_raw(judge, "\n".join(lines))
    assert size > 250_000
    assert len(reply.encode()) <= judge.config.replies.longest
    assert reply.count(HELP_MARK) == 1
    assert "more lines were not read: the reply would have been too long. Nothing in them was done" in reply


def test_the_same_help_is_never_sent_twice_whatever_lies_between(judge: MailJudge) -> None:
    new_game(judge)
    # (refused lines between: a failed SIGNON would pass over the rest of the mail, see
    # test_password_guessing.py)
    body = ["HELP", "JOIN nosuchgame pw", "HELP", "SET PASSWORD sneaky", "LIST alpha",
            "HELP", "CREATE ?delta secret", "HELP", "LIST alpha", "HELP SET", "JOIN alpha pw",
            "HELP SET"]
    _, reply, _ = send_raw(judge, "\n".join(body))
    assert reply.count(HELP_MARK) == 1, reply
    assert reply.count("The same as line 1: answered there.") == 3  # nothing done changed HELP
    assert reply.count("The same as line 5: answered there.") == 1  # LIST alpha, the same
    assert reply.count("The same as line 10: answered there.") == 1


def test_a_telling_command_whose_answer_changed_is_answered_again(judge: MailJudge) -> None:
    _, reply, _ = send_raw(judge, "LIST\nCREATE ?delta secret\nLIST")
    assert "The same as line" not in reply and reply.count("delta") >= 2


def test_normal_use_is_whole(judge: MailJudge) -> None:
    """A one-line HELP, a HISTORY of a few years and orders with their errors are answered whole."""
    seats = new_game(judge)
    for _ in range(8):  # four game years
        for power in seats:
            as_power(judge, seats, power, *holds(judge, power))
    _, help_reply, _ = send_raw(judge, "HELP", reply_to=None)
    assert HELP_MARK in help_reply and TOO_LONG not in help_reply
    _, history, _ = send_raw(judge, "HISTORY alpha", reply_to=None)
    assert "History of alpha: 8 phases" in history and "left out" not in history
    assert history.count("=== ") == 8
    reply = as_power(judge, seats, "England", "F lon - nth", "A lvp - xyz", "F edi - nwg")
    assert "Accepted: F lon - nth" in reply and "Error: A lvp - xyz" in reply
    assert TOO_LONG not in reply


def test_a_history_longer_than_the_reply_s_room_says_where_to_go_on(judge: MailJudge) -> None:
    seats = new_game(judge)
    for _ in range(8):
        for power in seats:
            as_power(judge, seats, power, *holds(judge, power))
    judge.config = replace(judge.config, replies=ReplyLimits(longest=6000, floor=6000))
    _, reply, _ = send_raw(judge, "HISTORY alpha", reply_to=None)
    assert len(reply.encode()) <= 6000
    told = reply.count("=== ")
    assert 1 <= told < 8
    assert f"{8 - told} more phases in this range were left out" in reply
    resume = reply.split("send HISTORY alpha FROM ")[1].split()[0]
    _, rest, _ = send_raw(judge, f"HISTORY alpha FROM {resume}", reply_to=None)
    assert f"({resume})" in rest


def test_an_answer_that_does_not_fit_is_cut_between_paragraphs(judge: MailJudge) -> None:
    judge.config = replace(judge.config, replies=ReplyLimits(longest=4096, floor=4096))
    _, reply, _ = send_raw(judge, "HELP\nVERSION\nLIST", reply_to=None)
    assert len(reply.encode()) <= 4096
    assert "more paragraphs, is left out: the reply would have been too long.)" in reply
    assert "2 more lines were not read" in reply and "judge " not in reply.split("> HELP")[0]


# --- the mails one mail causes ----------------------------------------------------------------------


def test_200_broadcast_blocks_in_one_mail_send_one_press(judge: MailJudge) -> None:
    seats = new_game(judge)
    address, password = seats["England"]
    blocks = [f"BROADCAST\nSpam number {n}.\nENDBROADCAST" for n in range(200)]
    _, reply, others = send_raw(judge, f"SIGNON England@alpha {password}\n" + "\n".join(blocks),
                                sender=address, reply_to=None)
    assert len(others) == 7  # the other six powers and the master, once
    assert all("Spam number 0." in row.body for row in others)
    assert ("Refused: everyone had a broadcast from this mail already, and one mail sends each "
            "reader at most one press and one broadcast in a game: nothing was sent (send it in "
            "another mail).") in reply
    with judge.store.session() as db:
        assert len(db.exec(select(Press)).all()) == 1


def test_200_press_blocks_to_one_power_send_it_one(judge: MailJudge) -> None:
    seats = new_game(judge)
    blocks = [line for n in range(200) for line in ("PRESS TO France", f"Spam {n}.", "ENDPRESS")]
    first = last_mail_id(judge)
    reply = as_power(judge, seats, "England", *blocks)
    caused = [row for row in mail_since(judge, first) if row.in_reply_to is None]
    assert sorted(row.to_address for row in caused) == sorted([seats["France"][0], MASTER])
    assert "Refused: France had a press from this mail already" in reply


def test_press_to_each_power_in_one_mail_is_sent_but_never_twice_to_one(judge: MailJudge) -> None:
    seats = new_game(judge)
    reply = as_power(judge, seats, "England", "PRESS TO France", "Hello France.", "ENDPRESS",
                     "PRESS TO Germany", "Hello Germany.", "ENDPRESS",
                     "PRESS TO Germany Russia", "Hello again.", "ENDPRESS", "BROADCAST", "Hi all.",
                     "ENDBROADCAST", "PRESS TO ALL", "Once more.", "ENDPRESS")
    assert "Press sent to France" in reply and "Press sent to Germany" in reply
    assert ("Refused: Germany had a press from this mail already, and one mail sends each reader "
            "at most one press and one broadcast in a game: nothing was sent (send it in another "
            "mail).") in reply
    assert "Broadcast sent to everyone" in reply
    assert "Refused: all powers had a press from this mail already" in reply
    for power, count in (("France", 2), ("Germany", 2), ("Russia", 1), ("Italy", 1)):
        assert len(judge.mail_to(seats[power][0], "Diplomacy press")) == count, power


def test_resign_and_join_repeated_send_a_bounded_number_of_notices(judge: MailJudge) -> None:
    seats = new_game(judge)
    address, password = seats["Italy"]
    body = [f"SIGNON Italy@alpha {password}"] + ["RESIGN", "JOIN alpha pw"] * 100
    _, reply, others = send_raw(judge, "\n".join(body), sender=address, reply_to=None)
    per_address = Counter(row.to_address for row in others)
    limits = judge.config.replies
    assert max(per_address.values()) <= limits.mails_to_one
    assert len(others) <= limits.mails
    # Each JOIN makes a password: the fourth and on are refused before they notify anyone.
    assert "JOIN: refused: one mail may set at most 3 passwords" in reply


def test_a_second_resign_is_refused(judge: MailJudge) -> None:
    seats = new_game(judge)
    first = last_mail_id(judge)
    reply = as_power(judge, seats, "Italy", "RESIGN", "RESIGN", "RESIGN")
    assert reply.count("Refused: you have left alpha already.") == 2
    notices = [row for row in mail_since(judge, first) if row.in_reply_to is None]
    assert len(notices) == 7  # one notice, to the six other powers and the master


def test_the_master_s_notices_repeated_are_bounded(judge: MailJudge) -> None:
    new_game(judge)
    first = last_mail_id(judge)
    reply = master(judge, *[f"SET DEADLINE 2026-02-{day:02d} 12:00" for day in range(1, 29)] * 3)
    caused = [row for row in mail_since(judge, first) if row.in_reply_to is None]
    assert max(Counter(row.to_address for row in caused).values()) == judge.config.replies.mails_to_one
    assert ("Refused: it would send more mail than one mail may cause (at most 10 mails to anyone, "
            "200 in all): nothing of it was done; send it again in another mail.") in reply
    assert MASTER in {row.to_address for row in caused}


def test_a_new_judge_has_the_default_limits(judge: MailJudge) -> None:
    assert load_config(judge.config.path).replies == ReplyLimits(65536, 32768, 4, 200, 10)


# --- game names and the archive -----------------------------------------------------------------------


def test_create_with_a_300_character_name_is_refused(judge: MailJudge) -> None:
    reply = judge.send(MASTER, f"CREATE ?{'a' * 300} secret standard")
    assert ("Refused: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa...' cannot be a game's name: it is 300 characters "
            "long. A game's name is a letter followed by letters, digits, - or _, at most 20 in all "
            "(e.g. alpha, roses-2).") in reply
    with judge.store.session() as db:
        assert db.exec(select(Game)).all() == []


@pytest.mark.parametrize("name", ["1901", "-alpha", "_x", "a" * 21])
def test_create_refuses_a_name_that_is_not_a_letter_then_at_most_19_more(
    judge: MailJudge, name: str,
) -> None:
    reply = judge.send(MASTER, f"CREATE ?{name} secret")
    assert "cannot be a game's name" in reply or "as a game name; expected" in reply
    with judge.store.session() as db:
        assert db.exec(select(Game)).all() == []


@pytest.mark.parametrize("name", ["roses-2", "a", "spring_league", "z" * 20])
def test_create_takes_a_short_safe_name(judge: MailJudge, name: str) -> None:
    assert f"Game {name} (diplomacy/standard) created" in judge.send(MASTER, f"CREATE ?{name} secret")


ODD_NAMES = ["x" * 300, "../../etc/passwd", "a.b/c\\d", ".hidden", "<b>bold</b> & co"]


def _renamed(judge: MailJudge, old: str, new: str) -> None:
    """A game of an older database, whose name CREATE would now refuse."""
    with judge.store.session() as db:
        game = db.exec(select(Game).where(Game.name == old)).one()
        game.name = new
        db.add(game)


def test_games_with_odd_names_in_the_database_are_archived_safely(
    judge: MailJudge, tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    new_game(judge)
    for number, odd in enumerate(ODD_NAMES):
        judge.send(f"master{number}@example.org", f"CREATE ?odd{number} secret")  # 3 games a master
        _renamed(judge, f"odd{number}", odd)
    out = tmp_path / "web"
    assert main(["--config", str(judge.config.path), "archive", "build", "--out", str(out)]) == 0
    assert capsys.readouterr().out == f"6 games written to {out} (open {out / 'index.html'})\n"
    pages = sorted(path.name for path in (out / "games").glob("*.html"))
    assert len(pages) == 6 and "alpha.html" in pages
    assert all(len(name) < 80 and "/" not in name and not name.startswith(".") for name in pages)
    assert not (tmp_path / "etc").exists() and not list(tmp_path.glob("*.html"))
    index = (out / "index.html").read_text()
    assert "&lt;b&gt;bold&lt;/b&gt; &amp; co" in index and "<b>bold" not in index
    for odd in ODD_NAMES:
        page = out / "games" / f"{file_stem(odd)}.html"
        assert f'href="games/{file_stem(odd)}.html"' in index and page.exists()


def test_a_game_that_cannot_be_archived_does_not_stop_the_others(
    judge: MailJudge, tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    seats = new_game(judge)
    for power in seats:
        as_power(judge, seats, power, *holds(judge, power))
    judge.send(MASTER, "CREATE ?beta secret roses1")
    judge.send(MASTER, "CREATE ?broken secret")
    with judge.store.session() as db:  # a record that no kind can read: its pages cannot be made
        game = db.exec(select(Game).where(Game.name == "broken")).one()
        game.kind = "no/such-kind"
        db.add(game)
    _renamed(judge, "beta", "b" * 300)
    out = tmp_path / "web"
    assert main(["--config", str(judge.config.path), "archive", "build", "--out", str(out)]) == 0
    said = capsys.readouterr().out
    assert said.startswith(f"2 games written to {out}")
    assert "1 games could not be written, and are not in the index (the log says why): 'broken'" in said
    index = (out / "index.html").read_text()
    assert 'href="games/alpha.html"' in index and "b" * 300 in index and "broken" not in index
    assert (out / "games" / "alpha.html").exists()
    assert (out / "games" / f"{file_stem('b' * 300)}.html").exists()
    built = update_archive(judge.store, out)  # tried again each time, the others left as they are
    assert built.games == [] and built.failed == ["broken"]


@pytest.mark.parametrize("section, error", [
    ("longest = 100", "[replies] longest must be a whole number, at least 4096, not 100"),
    ("mails_to_one = 0", "[replies] mails_to_one must be a whole number, at least 1, not 0"),
    ("multiple = \"4\"", "[replies] multiple must be a whole number, at least 1, not '4'"),
    ("longest = 8192\nfloor = 16384", "[replies] floor (16384) is over longest (8192)"),
])
def test_limits_that_cannot_be_used_are_refused(tmp_path: Path, section: str, error: str) -> None:
    path = init_judge(tmp_path / "judge")
    text = path.read_text()
    start, end = text.index("[replies]"), text.index("# [archive]")
    path.write_text(text[:start] + f"[replies]\n{section}\n\n" + text[end:])
    with pytest.raises(ConfigError) as refused:
        load_config(path)
    assert error in str(refused.value)
