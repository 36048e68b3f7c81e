"""A master's PROCESS runs a game only with its players, and a bounded number of phases (issue 36,
item 5): 30 mails of PROCESS on a game with no players ran 300 phases and grew the database
1,700 times the mail's size. By mail, on SQLite and on PostgreSQL."""

from __future__ import annotations

import pytest
import sqlalchemy as sa
from alpha import MASTER, master, new_game
from mail_judge import MailJudge
from mail_judge import current_game as game
from mail_judge import phase_records as records

from judge.service.play.mastering import MOST_PROCESSED_A_DAY

pytestmark = pytest.mark.usefixtures("cheap_passwords")


@pytest.fixture
def judge(judge_on_each_backend: MailJudge) -> MailJudge:
    """A judge on SQLite, then on PostgreSQL (``conftest``)."""
    return judge_on_each_backend


def _database_bytes(judge: MailJudge) -> int | None:
    """The SQLite database's size as it stands, its write-ahead log included (None on
    PostgreSQL, whose files grow by whole extents: the phases are counted there)."""
    if not judge.config.database_url.startswith("sqlite"):
        return None
    with judge.store.session() as db:
        pages = db.execute(sa.text("PRAGMA page_count")).scalar_one()
        return int(pages) * int(db.execute(sa.text("PRAGMA page_size")).scalar_one())


@pytest.mark.parametrize("kind", ["standard", "plantagenet-ia"])
def test_thirty_process_mails_on_a_game_without_players_process_nothing(
    judge: MailJudge, kind: str,
) -> None:
    reply = judge.enrol(MASTER, f"CREATE ?empty secret {kind}\nSTART")
    assert "empty has started" in reply, reply
    size, sent = _database_bytes(judge), 0
    for _ in range(30):
        body = "SIGNON Mempty secret\n" + "PROCESS\n" * 10
        sent += len(body)
        reply = judge.send(MASTER, body)
        judge.advance(minutes=1)
        assert ("Refused: no power of empty has a player, and PROCESS runs a game only with its "
                "players: its phases are processed at their deadlines.") in reply, reply
    assert records(judge) == []
    after = _database_bytes(judge)
    if size is not None and after is not None:  # the mails and their replies are kept, no more
        assert after - size < 50 * sent, (after - size, sent)


def test_one_process_a_mail_and_a_bounded_number_a_day(judge: MailJudge) -> None:
    new_game(judge)
    reply = master(judge, "PROCESS", "PROCESS")
    assert "Spring 1901 Movement of alpha has been processed (processed by the master)" in reply
    assert "Refused: one PROCESS of alpha in a mail: this one is not done." in reply
    for _ in range(MOST_PROCESSED_A_DAY - 1):
        judge.advance(minutes=10)
        assert "has been processed (processed by the master)" in master(judge, "PROCESS")
    assert len([r for r in records(judge) if r.reason == "processed by the master"]) == MOST_PROCESSED_A_DAY
    phase = game(judge).phase
    judge.advance(minutes=10)
    reply = master(judge, "PROCESS")
    assert (f"Refused: alpha's master has processed {MOST_PROCESSED_A_DAY} phases with PROCESS in "
            "the last 24 hours, as many as one may") in reply, reply
    assert game(judge).phase == phase
    judge.advance(hours=23)  # 24 hours after the first PROCESS: it counts no longer
    assert "has been processed (processed by the master)" in master(judge, "PROCESS")


def test_a_game_without_players_is_not_brought_forward_by_its_deadline(judge: MailJudge) -> None:
    """PROCESS's way round: SET DEADLINE a minute ahead, mail after mail. In a game where no power
    has a player the deadline may be put back, not brought forward."""
    judge.enrol(MASTER, "CREATE ?empty secret standard\nSTART")
    reply = judge.send(MASTER, "SIGNON Mempty secret\nSET DEADLINE 2026-01-05 12:05")
    assert ("Refused: no power of empty has a player: its deadline may be put back, not brought "
            "forward.") in reply, reply
    judge.advance(minutes=10)
    assert records(judge) == []
    reply = judge.send(MASTER, "SIGNON Mempty secret\nSET DEADLINE 2026-01-20 12:00")
    assert "The deadline for Spring 1901 Movement of empty is now" in reply, reply
