"""Draws by mail under each draw rule: ALL (or DIAS), every survivor shares the draw; ANY, the
survivors agree on the powers that share it."""

from __future__ import annotations

from alpha import MASTER, NOTICE, PLAYERS, Seats, as_power, game, master, new_game
from mail_judge import MailJudge

from judge.service.play.settings import bookkeeping_of
from judge.store import GameStatus

POWERS = ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]


def vote(judge: MailJudge, seats: Seats, powers: list[str], line: str = "SET DRAW") -> list[str]:
    return [as_power(judge, seats, power, line) for power in powers]


def draw_notices(judge: MailJudge) -> list[str]:
    return [m.body for address in [MASTER, *PLAYERS] for m in judge.mail_to(address, NOTICE)
            if "ended in a draw" in m.body]


def test_under_the_rule_all_every_survivor_shares_the_draw_when_all_have_voted(
    judge: MailJudge,
) -> None:
    seats = new_game(judge)
    replies = vote(judge, seats, POWERS[:-1])
    assert all("Your draw vote is recorded." in reply for reply in replies)
    assert game(judge).status is GameStatus.ACTIVE and draw_notices(judge) == []
    reply = as_power(judge, seats, "Turkey", "SET DRAW England, France")
    assert ("Refused: in alpha a draw includes every surviving power (draw rule ALL): vote with "
            "SET DRAW alone.") in reply
    reply = as_power(judge, seats, "Turkey", "SET DRAW")
    everyone = ", ".join(POWERS)
    assert f"Every surviving power agrees: alpha ends in a draw among {everyone}." in reply
    ended = game(judge)
    assert ended.status is GameStatus.FINISHED and ended.deadline is None
    assert bookkeeping_of(ended.settings)["ended"]["winners"] == POWERS
    notices = draw_notices(judge)
    assert len(notices) == 8  # the seven players and the master
    assert f"The game has ended in a draw among {everyone}." in notices[0]
    assert "alpha's secret was (hexadecimal)" in notices[0]
    assert "cannot go on" in master(judge, "ROLLBACK S1901M")  # the secret is out


def test_dias_gives_no_vote_to_a_power_without_a_player_and_a_vote_may_be_withdrawn(judge: MailJudge) -> None:
    seats = new_game(judge, "SET DRAW RULE DIAS")
    master(judge, "EJECT Turkey")  # Turkey survives, in civil disorder: it shares, not votes
    vote(judge, seats, POWERS[:5])
    assert "Your draw vote is withdrawn." in as_power(judge, seats, "Italy", "SET NODRAW")
    as_power(judge, seats, "Russia", "SET DRAW")
    assert game(judge).status is GameStatus.ACTIVE  # Italy withdrew
    reply = as_power(judge, seats, "Italy", "SET DRAW")
    assert f"alpha ends in a draw among {', '.join(POWERS)}." in reply


def test_under_the_rule_any_the_survivors_agree_on_who_shares_the_draw(judge: MailJudge) -> None:
    seats = new_game(judge, "SET DRAW RULE ANY")
    reply = as_power(judge, seats, "England", "SET DRAW England")
    assert "Refused: a draw is shared by two powers or more" in reply
    reply = as_power(judge, seats, "England", "SET DRAW Rome, France")
    assert "Refused: alpha has no power 'rome'" in reply
    reply = as_power(judge, seats, "England", "SET DRAW f, England")
    assert "Your draw vote (a draw among England, France) is recorded." in reply
    vote(judge, seats, ["Austria", "France", "Germany", "Italy", "Russia"], "SET DRAW E F")
    as_power(judge, seats, "Turkey", "SET DRAW")  # all survivors: not the same draw
    assert game(judge).status is GameStatus.ACTIVE
    reply = as_power(judge, seats, "Turkey", "SET DRAW France England")
    assert "Every surviving power agrees: alpha ends in a draw among England, France." in reply
    assert bookkeeping_of(game(judge).settings)["ended"]["winners"] == ["England", "France"]
    assert "The game has ended in a draw among England, France." in draw_notices(judge)[0]


def test_under_the_rule_any_a_vote_without_powers_is_for_every_survivor(judge: MailJudge) -> None:
    seats = new_game(judge, "SET DRAW RULE ANY")
    vote(judge, seats, POWERS[:-1])
    reply = as_power(judge, seats, "Turkey", "SET DRAW")
    assert f"alpha ends in a draw among {', '.join(POWERS)}." in reply
