"""The reports of a standard game's first year, read from the mail as players receive it: the start
notice (each player's power, SIGNON letter and the starting position), the board after every
phase, the fall's centres changing hands and the adjustments due, and the winter's builds,
removals (civil disorder too) and waives; and one count of centres in the results, ``judge show``
and SUMMARY.

The year (rules: the game year; supply centres change hands after the fall): France takes Spain,
Portugal and Belgium and builds two of its three (waiving one); England takes Norway and gives no
winter orders (its build lapses); Italy takes Trieste from Austria and waives its build; Austria,
owing a removal, gives no winter orders and is put in civil disorder (2023 rules).
"""

from __future__ import annotations

from alpha import PLAYERS, Seats, as_power, game, holds, new_game
from mail_judge import MailJudge

from judge.service.web.showing import game_shown

SPRING = {
    "France": ["A par - bur", "A mar - spa", "F bre - mao"],
    "England": ["F lon - nth", "A lvp H", "F edi H"],
    "Austria": ["F tri - alb", "A vie H", "A bud H"],
}
FALL = {
    "France": ["A bur - bel", "A spa H", "F mao - por"],
    "England": ["F nth - nwy", "A lvp H", "F edi H"],
    "Italy": ["A ven - tri", "A rom H", "F nap H"],
}


def play(judge: MailJudge, seats: Seats, orders: dict[str, list[str]]) -> None:
    """Every power's orders (those given, or holds), the last completing the phase."""
    for power in seats:
        as_power(judge, seats, power, *orders.get(power, holds(judge, power)))


def past_the_deadline(judge: MailJudge) -> None:
    phase = game(judge).phase
    for _ in range(12):
        judge.advance(hours=12)
        if game(judge).phase != phase:
            return
    raise AssertionError(f"{phase} was not processed")


def report(judge: MailJudge, phase: str) -> str:
    return judge.mail_to(PLAYERS[0], f"Diplomacy results alpha {phase}")[0].body


def test_the_start_notice_gives_each_player_his_power_letter_and_the_position(
    judge: MailJudge,
) -> None:
    seats = new_game(judge)
    for power, (address, _) in seats.items():
        (notice,) = judge.mail_to(address, "Diplomacy notice: alpha")
        letter = power[0]
        assert notice.body.startswith(
            f"alpha:\n\nYou play {power}: sign on with SIGNON {letter}alpha <password> (or "
            f"SIGNON {power}@alpha <password>), with the password you joined with.\n")
        units = ", ".join(f"{u['type']} {u['loc']}" for u in game(judge).state["units"]
                          if u["power"] == power)
        assert f"For Spring 1901 Movement, you are to order: {units} (HELP ORDERS" in notice.body
        assert "alpha has started. The first phase is Spring 1901 Movement" in notice.body
        assert "The starting position:\n  Austria  3 units: A bud, F tri, A vie\n" in notice.body
        assert "  France   3 units: F bre, A mar, A par\n           3 centres: bre, mar, par\n" in (
            notice.body)
        assert "  Russia   4 units: A mos, F sev, F stp/sc, A war\n" in notice.body
    (master,) = judge.mail_to("master@example.org", "Diplomacy notice: alpha")
    assert "You play" not in master.body and "The starting position:" in master.body


def test_the_reports_of_a_year_tell_the_board_the_centres_and_the_adjustments(
    judge: MailJudge,
) -> None:
    seats = new_game(judge)
    play(judge, seats, SPRING)
    spring = report(judge, "S1901M")
    assert "Units after Spring 1901 Movement:\n" in spring
    assert "  France   3 units: A bur, F mao, A spa\n" in spring
    assert "Supply centres that changed hands" not in spring  # only after the fall
    assert "  A par - bur\n" in spring  # the order's column padded only where a word follows it
    assert [line for line in spring.splitlines() if line.endswith(" ") and line != "-- "] == []

    play(judge, seats, FALL)
    fall = report(judge, "F1901M")
    assert (
        "Supply centres that changed hands:\n"
        "  Belgium (bel): France (was neutral)\n"
        "  Norway (nwy): England (was neutral)\n"
        "  Portugal (por): France (was neutral)\n"
        "  Spain (spa): France (was neutral)\n"
        "  Trieste (tri): Italy (was Austria)\n\n"
    ) in fall
    assert "  France   6 centres: bel, bre, mar, par, por, spa\n" in fall
    assert "  Austria  2 centres: bud, vie\n" in fall
    assert (
        "Adjustments due this winter:\n"
        "  Austria  removes 1\n"
        "  England  builds 1\n"
        "  France   builds 3\n"
        "  Italy    builds 1\n\n"
    ) in fall
    assert "Units after Fall 1901 Movement:\n" in fall and "  Italy    3 units: F nap, A rom, A tri" in fall
    assert game(judge).phase == "W1901A"

    reply = as_power(judge, seats, "France", "Build A par", "Build F bre", "Waive")
    assert "Your orders for W1901A are complete." in reply
    reply = as_power(judge, seats, "Italy", "Waive")
    assert "Your orders for W1901A are complete." in reply
    past_the_deadline(judge)  # Austria and England late, then in civil disorder
    winter = report(judge, "W1901A")
    assert (
        "Adjustments made:\n"
        "  Austria  removed F alb (civil disorder)\n"
        "  England  waived 1 build\n"
        "  France   built A par, F bre; waived 1 build\n"
        "  Italy    waived 1 build\n\n"
    ) in winter
    assert "The judge acted for players who gave no order:\n  Austria: F alb removed" in winter
    assert "Units after Winter 1901 Adjustment:\n" in winter
    assert "  France   5 units: A bel, F bre, A par, F por, A spa\n" in winter
    assert "  Austria  2 units: A bud, A vie\n" in winter

    # One count of centres: the results, judge show and SUMMARY agree.
    with judge.store.session() as db:
        shown = game_shown(db, game(judge))
    centres = {entry["power"]: len(entry["centres"]) for entry in shown["powers"]}
    assert centres["France"] == 6 and centres["Austria"] == 2 and centres["Italy"] == 4
    summary = judge.send("anyone@example.net", "SUMMARY alpha")
    table = summary.split("Supply centres at the start and at the end of each year:\n")[1]
    row = [line for line in table.splitlines() if line.strip().startswith("1901")][0]
    assert row.split()[1:] == [str(centres[power]) for power in sorted(centres)]
