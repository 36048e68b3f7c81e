"""A game may not be named as a game kind, a variant or a word of the commands (issue 36, item
10): a game called ``standard`` made ``HELP ORDERS standard`` answer for that game. By mail, on
SQLite and on PostgreSQL; a game of an older database named so keeps working."""

from __future__ import annotations

import pytest
from alpha import MASTER
from mail_judge import MailJudge
from sqlmodel import select

from judge.games.registry import KINDS
from judge.service.commands import keywords
from judge.store import Game

pytestmark = pytest.mark.usefixtures("cheap_passwords")


@pytest.fixture
def judge(judge_on_each_backend: MailJudge) -> MailJudge:
    """A judge on SQLite, then on PostgreSQL (``conftest``)."""
    return judge_on_each_backend


def _games(judge: MailJudge) -> list[str]:
    with judge.store.session() as db:
        return [game.name for game in db.exec(select(Game)).all()]


@pytest.mark.parametrize(("name", "why"), [
    ("standard", "names a game kind"), ("roses1", "names a game kind"),
    ("Plantagenet-Bosworth", "names a game kind"), ("richard3", "names a game kind"),
    ("diplomacy", "names a game kind"),
    ("help", "is a word of the judge's commands"), ("orders", "is a word of the judge's commands"),
    ("PROCESS", "is a word of the judge's commands"), ("endpress", "is a word of the judge's commands"),
    ("movement", "is a word of the judge's commands"), ("deadline", "is a word of the judge's commands"),
])
def test_create_refuses_a_kind_s_name_or_a_command_word_in_any_case(
    judge: MailJudge, name: str, why: str,
) -> None:
    reply = judge.send(MASTER, f"CREATE ?{name} secret richard3")
    assert (f"Refused: '{name.lower()}' cannot be a game's name: it {why}; choose another (e.g. "
            "alpha, roses-2).") in reply, reply
    assert _games(judge) == []


def test_every_kind_name_and_command_word_is_refused(judge: MailJudge) -> None:
    """Every name of the registry and every keyword of the grammar, each by mail (three a mail:
    the most passwords one mail may make; each from its own address)."""
    names = sorted({n for entry in KINDS for n in entry.names} | keywords())
    assert {"standard", "plantagenet", "help", "orders", "signon", "set", "array"} <= set(names)
    for start in range(0, len(names), 3):
        chunk = names[start:start + 3]
        sender = f"master{start}@example.org"  # a sender of its own: the flood limit is not tested
        reply = judge.send(sender, "\n".join(f"CREATE ?{name} secret" for name in chunk))
        assert reply.count("cannot be a game's name") == len(chunk), reply
    assert _games(judge) == []


def test_a_game_of_an_older_database_named_as_a_kind_keeps_working(judge: MailJudge) -> None:
    """A Richard III game renamed ``standard`` in the database (as an older judge allowed): its
    master signs on and it lists; HELP ORDERS standard answers for the kind, Diplomacy."""
    assert "Game old (richard3-1483) created" in judge.send(MASTER, "CREATE ?old secret richard3-1483")
    with judge.store.session() as db:
        game = db.exec(select(Game).where(Game.name == "old")).one()
        game.name = "standard"
        db.add(game)
    reply = judge.send(MASTER, "SIGNON Mstandard secret\nLIST standard\nHELP ORDERS standard")
    assert "Signed on to standard as master" in reply, reply
    assert "richard3-1483" in reply
    assert "Diplomacy, the standard map" in reply and "Richard III" not in reply.split(
        "HELP ORDERS standard")[-1]
    reply = judge.send("p@example.org", "JOIN standard pwp")
    assert "Joined standard: 1 of 2 players" in reply, reply
