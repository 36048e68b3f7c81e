"""HELP, LIST, BOARD and BECOME by mail: help on one command, how to write the orders of the
sender's variant, a game's settings and whose orders are in, the board as it stands, and power
names of several words."""

from __future__ import annotations

import pytest
from alpha import MASTER, PLAYERS, as_power, game, master, new_game
from mail_judge import MailJudge
from test_roses1_by_mail import MASTER as ROSES_MASTER
from test_roses1_by_mail import order
from test_roses1_by_mail import start as start_roses

from judge.games.diplomacy.parser import parse_order
from judge.games.richard3.data import BOARD
from judge.games.richard3.game import Richard3Game
from judge.games.plantagenet import bosworth
from judge.games.plantagenet.bosworth_game import BosworthGame
from judge.games.plantagenet.game import PlantagenetGame
from judge.games.plantagenet.orders import read_order as read_plantagenet_order
from judge.games.richard3.orders import read_order
from judge.games.registry import game_kind, kind_names
from judge.service.commands import COMMANDS
from judge.service.intake.handlers_info import order_help

OUTSIDER = "someone@example.org"
STANDARD = "How to write orders (Diplomacy, the standard map):"
ROSES = "How to write orders (Wars of the Roses I):"


# --- HELP -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(COMMANDS))
def test_help_on_each_command_gives_its_syntax_what_it_does_and_an_example(
    judge: MailJudge, name: str
) -> None:
    info = COMMANDS[name]
    reply = judge.send(OUTSIDER, f"HELP {name.lower()}")
    assert f"> HELP {name.lower()}\n{info.usage}\n\n" in reply
    assert " ".join(info.help.split()) in " ".join(reply.split())
    assert "Who may use it: " in reply
    assert "Example:\n" + "\n".join(f"    {line}" for line in info.example.splitlines()) in reply


def test_help_set_lists_every_setting_and_other_spellings_find_their_command(
    judge: MailJudge,
) -> None:
    reply = judge.send(OUTSIDER, "HELP SET")
    for name, info in COMMANDS.items():
        assert (info.usage in reply) == name.startswith("SET "), name
    reply = judge.send(OUTSIDER, "HELP set movement deadline\nHELP endpress")
    assert f"> HELP set movement deadline\n{COMMANDS['SET TIMING'].usage}" in reply
    assert f"> HELP endpress\n{COMMANDS['PRESS'].usage}" in reply


def test_help_on_something_unknown_says_so_and_suggests(judge: MailJudge) -> None:
    reply = judge.send(OUTSIDER, "HELP SIGNN")
    assert ("Refused: there is no command, game or variant called signn (did you mean HELP "
            "SIGNON?): HELP alone lists the commands.") in reply


def test_plain_help_gives_the_commands_and_the_orders_of_the_senders_variant(
    judge: MailJudge,
) -> None:
    reply = judge.send(OUTSIDER, "HELP")
    assert "For anyone:" in reply and "For a game's master" in reply
    assert STANDARD in reply and ROSES not in reply and "Build F StP/nc" in reply
    addresses = start_roses(judge)
    reply = order(judge, addresses, "Red Rose", "HELP")  # signed on to a roses1 game
    assert ROSES in reply and STANDARD not in reply
    for line in ("A Scotland - Dumfries", "Build A Scotland", "A+K Lon - Roc", "K Lon - Roc"):
        assert f"\n    {line}\n" in reply
    reply = judge.send(addresses["Scots"], "HELP")  # not signed on: the game the sender plays
    assert ROSES in reply
    reply = judge.send(ROSES_MASTER, "HELP")  # the master of a game is in it too
    assert ROSES in reply


def test_help_names_a_game_or_a_variant(judge: MailJudge) -> None:
    start_roses(judge)
    for topic in ("roses", "roses1", "ORDERS roses", "orders Roses1"):
        reply = judge.send(OUTSIDER, f"HELP {topic}")
        assert ROSES in reply and STANDARD not in reply, topic
    assert ("For anyone:" in judge.send(OUTSIDER, "HELP roses")) is True
    assert "For anyone:" not in judge.send(OUTSIDER, "HELP ORDERS roses1")
    assert STANDARD in judge.send(OUTSIDER, "HELP ORDERS standard")


@pytest.mark.parametrize("kind_name", kind_names())
def test_every_example_order_in_the_help_reads(kind_name: str) -> None:
    """The indented lines of each game kind's order help are orders, as the kind reads them
    (Plantagenet's by its grammar, ``orders.lark``, against the scenario's names: the grand
    scenario's examples name Lords of its first War)."""
    kind = game_kind(kind_name)
    examples = [line.strip() for line in order_help(kind).splitlines()
                if line.startswith("    ")]
    assert len(examples) >= 10
    for line in examples:
        if isinstance(kind, BosworthGame):
            bosworth.read(line)
        elif isinstance(kind, PlantagenetGame):
            read_plantagenet_order(line.removeprefix("CANCEL "), "I" if kind.scenario == "wars" else kind.scenario)
        elif isinstance(kind, Richard3Game):  # York writes them: his blocks, and targets of the enemy
            read_order(line, [b for b in BOARD.blocks if not b.endswith("/L")],  # as York reads it
                       [b for b in BOARD.blocks if not b.endswith("/Y")])
        else:
            parse_order(kind.map, line)  # type: ignore[attr-defined]  # raises if it does not read


# --- LIST -----------------------------------------------------------------------------------------


def test_list_of_a_game_shows_its_settings_phase_deadline_and_whose_orders_are_in(
    judge: MailJudge,
) -> None:
    seats = new_game(judge, "SET PRESS WHITE", "SET MOVEMENT DEADLINE 72h")
    as_power(judge, seats, "England", "F lon - nth")
    as_power(judge, seats, "France", "F bre H", "A par H", "A mar H")
    reply = judge.send(OUTSIDER, "LIST alpha")
    assert "alpha: diplomacy/standard, in Spring 1901 Movement, deadline " in reply
    assert "  Press:      white press only (signed by its writer)" in reply
    assert "  Draw rule:  ALL" in reply  # seven powers: which of them a draw includes
    assert "  Movement:   deadline at least 72h after the phase begins; grace 24h" in reply
    assert f"  Master:     {MASTER}" in reply
    assert "The powers (orders for Spring 1901 Movement; player):" in reply
    assert f"  England  not complete      {seats['England'][0]}" in reply
    assert f"  France   complete          {seats['France'][0]}" in reply
    assert f"  Germany  none yet          {seats['Germany'][0]}" in reply


def test_list_of_an_anonymous_game_shows_no_player_address(judge: MailJudge) -> None:
    seats = new_game(judge, "SET ANONYMOUS ON")
    as_power(judge, seats, "France", "F bre H", "A par H", "A mar H")
    reply = judge.send(OUTSIDER, "LIST alpha")
    assert "  Anonymous:  yes" in reply
    assert "  France   complete          (anonymous)" in reply
    assert not any(address in reply for address in PLAYERS)


def test_plain_list_lists_the_games(judge: MailJudge) -> None:
    assert "No games on this judge yet." in judge.send(OUTSIDER, "LIST")
    new_game(judge)
    judge.send(MASTER, "CREATE ?beta secret roses1")
    judge.send(PLAYERS[0], "JOIN beta pw")
    reply = judge.send(OUTSIDER, "LIST")
    assert "alpha: diplomacy/standard, in Spring 1901 Movement, deadline " in reply
    assert "beta: diplomacy/roses1, forming, 1 of 7 players" in reply
    assert reply.index("alpha:") < reply.index("beta:")


# --- BOARD ----------------------------------------------------------------------------------------


def test_board_shows_the_position_and_centres(judge: MailJudge) -> None:
    seats = new_game(judge)
    for power in ("England", "France", "Germany", "Italy", "Austria", "Russia", "Turkey"):
        as_power(judge, seats, power, "F lon - nth" if power == "England" else "")
    master(judge, "PROCESS")
    reply = as_power(judge, seats, "England", "BOARD")  # the game signed on to
    assert "The board of alpha (diplomacy/standard), Fall 1901 Movement, deadline " in reply
    assert "  England  3 units: F edi, A lvp, F nth\n           3 centres: edi, lon, lvp" in reply
    assert "  Russia   4 units: A mos, F sev, F stp/sc, A war\n" in reply
    # Anyone may ask by the game's name, as with SUMMARY:
    assert "  England  3 units: F edi, A lvp, F nth" in judge.send(OUTSIDER, "BOARD alpha")


def test_board_of_a_game_not_started_or_not_named(judge: MailJudge) -> None:
    judge.send(MASTER, "CREATE ?beta secret")
    assert ("Refused: beta has not started: its board is set up at the start."
            in judge.send(OUTSIDER, "BOARD beta"))
    assert ("Refused: name the game (BOARD <game>), or sign on to it first."
            in judge.send(OUTSIDER, "BOARD"))


def test_board_of_a_roses_game_shows_the_boxes(judge: MailJudge) -> None:
    start_roses(judge)
    reply = judge.send(OUTSIDER, "BOARD roses")
    assert "  Scots       3 units: F dum, A scotland, A scotland" in reply
    assert "  Red Rose    3 units: A can, A lon, F roc\n              3 centres: can, lon, roc" in reply


# --- BECOME with a power's name of several words --------------------------------------------------


def test_become_red_rose(judge: MailJudge) -> None:
    start_roses(judge)
    reply = judge.send(ROSES_MASTER, "SIGNON Mroses secret\nBECOME Red Rose\nA Lon - Sry\n"
                                     "BECOME white  rose\nA Don H")
    assert "You act for Red Rose in roses" in reply and "Accepted: A lon - sry" in reply
    assert "You act for White Rose in roses" in reply and "Accepted: A don H" in reply
    assert "Error" not in reply and "Refused" not in reply
    assert game(judge).phase == "S1455M"
