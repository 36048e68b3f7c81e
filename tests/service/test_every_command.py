"""Every command of the registry, sent by mail, is answered: never "not available", never unread.

Each command's own example (the one HELP shows) is sent in a running game "alpha", by whom it is
for: anyone, a player signed on as England, or the master.
"""

from __future__ import annotations

import pytest
from alpha import MASTER, as_power, master, new_game
from mail_judge import MailJudge

from judge.service.commands import COMMANDS, Item, Who, parse_commands
from judge.service.intake.handlers import HANDLERS

OUTSIDER = "someone@example.org"


def _item_classes(cls: type) -> set[type]:
    found = set(cls.__subclasses__())
    return found.union(*(_item_classes(sub) for sub in found))


def test_every_item_has_a_handler() -> None:
    assert {cls for cls in _item_classes(Item) if cls.__subclasses__() == []} <= set(HANDLERS)


@pytest.mark.parametrize("name", list(COMMANDS))
def test_each_command_is_answered_by_mail(judge: MailJudge, name: str) -> None:
    info = COMMANDS[name]
    seats = new_game(judge)
    if info.who is Who.MASTER:
        reply = master(judge, info.example)
    elif info.who is Who.PLAYER:
        reply = as_power(judge, seats, "England", info.example)
    else:
        reply = judge.send(OUTSIDER, info.example)
    assert "not available" not in reply
    first = info.example.splitlines()[0]
    assert type(parse_commands([first])[0]) is info.command or name in ("PRESS", "BROADCAST")
    answer = reply.split(f"> {first}\n", 1)[1]
    said = answer.split("\n> ", 1)[0].split("\n-- \n", 1)[0].strip()
    assert said and not said.startswith(("Error:", ">")), reply


def test_signoff_is_answered_and_ends_the_mail(judge: MailJudge) -> None:
    seats = new_game(judge)
    reply = as_power(judge, seats, "England", "F lon - nth", "SIGNOFF", "A lvp - yor", "Anna")
    assert "> SIGNOFF\nSigned off: nothing after this line is read." in reply
    assert "A lvp - yor" not in reply and "Anna" not in reply
    assert "Accepted: F lon - nth" in reply


def test_phase_is_answered_and_orders_after_it_are_kept(judge: MailJudge) -> None:
    seats = new_game(judge)
    reply = as_power(judge, seats, "England", "PHASE F1901M", "F nth - nwy")
    assert ("> PHASE F1901M\nThe orders that follow, up to the next command, are for Fall 1901 "
            "Movement: they are kept, and read when that phase begins.") in reply
    assert "Kept for F1901M" in reply
    reply = as_power(judge, seats, "England", "PHASE S1901M", "F lon - nth")
    assert "S1901M is the current phase: the orders that follow are for it." in reply
    assert "Accepted: F lon - nth" in reply


def test_phase_already_played_is_refused(judge: MailJudge) -> None:
    seats = new_game(judge)
    master(judge, "PROCESS")
    reply = as_power(judge, seats, "England", "PHASE S1901M", "F lon - nth")
    assert "Refused: S1901M is not a later phase than F1901M" in reply
    assert "Accepted" not in reply


def test_a_command_for_the_master_is_refused_to_a_player_not_unavailable(judge: MailJudge) -> None:
    seats = new_game(judge)
    reply = as_power(judge, seats, "England", "PAUSE")
    assert "PAUSE: only the game's master may do that." in reply
    reply = judge.send(MASTER, "PHASE F1901M")
    assert "PHASE: sign on to a game first (SIGNON)." in reply
