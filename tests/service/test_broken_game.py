"""A game whose deadline cannot be processed is set aside: the other games still process."""

from __future__ import annotations

from datetime import timedelta

from sqlmodel import select

from judge.service.daemon.ticker import process_due
from judge.store import Game, GameStatus

from mail_judge import MailJudge


def start(judge: MailJudge, name: str, master: str) -> None:
    judge.send(master, f"CREATE ?{name} secret standard")
    for number in range(1, 8):
        reply = judge.send(f"{name}{number}@example.org", f"JOIN {name} pw{number}")
    assert f"{name} has started" in reply


def test_a_game_that_raises_at_its_deadline_is_paused_and_its_master_told(judge: MailJudge) -> None:
    start(judge, "alpha", "alpha-master@example.org")
    start(judge, "beta", "beta-master@example.org")
    with judge.store.session() as db:
        alpha = db.exec(select(Game).where(Game.name == "alpha")).one()
        alpha.state = {"phase": "S1901M", "units": "not a list of units"}  # what a bad upgrade might leave
        db.add(alpha)

    done = judge.advance(hours=48, minutes=30)  # past both deadlines: late notices, grace
    done += judge.advance(hours=24)  # past both graces: civil disorder

    assert any(line.startswith("alpha: set aside and paused") for line in done)
    with judge.store.session() as db:
        games = {game.name: game for game in db.exec(select(Game))}
        assert games["alpha"].status is GameStatus.PAUSED and games["alpha"].deadline is None
        assert games["alpha"].phase == "S1901M"
        assert games["beta"].status is GameStatus.ACTIVE and games["beta"].phase == "F1901M"
    (notice,) = [mail for mail in judge.mail_to("alpha-master@example.org") if "could not process" in mail.body]
    assert "RESUME" in notice.body
    assert not any("alpha" in line for line in judge.advance(hours=48))  # set aside: not retried


def test_a_stop_between_games_keeps_the_games_done_and_leaves_the_rest_due(judge: MailJudge) -> None:
    """The due games are found several at a time (``CLAIM_GAMES``), each processed in its own
    transaction: a stop asked between two of them leaves those done committed and the others
    untouched, due at the next tick."""
    names = ["alpha", "beta", "gamma"]
    for name in names:
        start(judge, name, f"{name}-master@example.org")
    with judge.store.session() as db:
        for game in db.exec(select(Game)):
            game.settings = {"timing": {"movement": {"grace_minutes": 0}}}
            db.add(game)
    judge.now += timedelta(hours=49)
    asked = iter([False, False, False, True])  # the loop, then before each game: two games, then stop
    done = process_due(judge.store, judge.config, judge.now, lambda: next(asked, True))
    assert [line.split(":")[0] for line in done] == ["alpha", "beta"]
    with judge.store.session() as db:
        phases = {game.name: game.phase for game in db.exec(select(Game))}
    assert phases == {"alpha": "F1901M", "beta": "F1901M", "gamma": "S1901M"}
    assert [line.split(":")[0] for line in process_due(judge.store, judge.config, judge.now)] == ["gamma"]
