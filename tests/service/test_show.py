"""``judge show GAME``: the phase, the deadline, whose orders are complete, units and centres."""

from __future__ import annotations

import json

import pytest
from alpha import as_power, holds, master, new_game
from mail_judge import MailJudge

from judge.cli import main


def show(judge: MailJudge, capsys: pytest.CaptureFixture[str], *options: str) -> str:
    assert main(["--config", str(judge.config.path), "show", "alpha", *options]) == 0
    return capsys.readouterr().out


def test_show_tells_the_phase_deadline_orders_units_and_centres(
    judge: MailJudge, capsys: pytest.CaptureFixture[str],
) -> None:
    seats = new_game(judge)
    as_power(judge, seats, "England", *holds(judge, "England"))
    as_power(judge, seats, "France", "A par - bur")
    as_power(judge, seats, "Germany", "SET WAIT")
    master(judge, "EJECT Turkey")
    text = show(judge, capsys)
    lines = text.splitlines()
    assert lines[:5] == [
        "alpha: diplomacy/standard, active",
        "Phase:    Spring 1901 Movement (S1901M)",
        "Deadline: Wed 07 Jan 2026 12:00 UTC",
        "Reminder: Tue 06 Jan 2026 12:00 UTC",
        "Master: master@example.org",
    ]
    assert f"  England  complete          {seats['England'][0]}" in lines
    assert f"  France   not complete      {seats['France'][0]}" in lines
    assert (f"  Germany  none yet, waiting (SET WAIT)  {seats['Germany'][0]}") in lines
    assert "  Turkey   none yet          no player: civil disorder" in lines
    assert "  England  3 units: F edi, F lon, A lvp" in lines
    assert "           3 centres: edi, lon, lvp" in lines
    assert "  Russia   4 units: A mos, F sev, F stp/sc, A war" in lines
    shown = json.loads(show(judge, capsys, "--json"))
    assert shown["deadline"] == "2026-01-07T12:00:00+00:00" and shown["zone"] == "UTC"
    england = next(p for p in shown["powers"] if p["power"] == "England")
    assert england["orders"] == "complete" and england["centres"] == ["edi", "lon", "lvp"]
    assert shown["state"]["phase"] == "S1901M"
    assert not any(key.startswith("_") for key in shown)


def test_show_of_a_forming_game_and_of_no_game(judge: MailJudge,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    judge.send("master@example.org", "CREATE ?alpha secret standard\nSET TIMEZONE Europe/Paris")
    text = show(judge, capsys)
    assert text.splitlines()[0] == "alpha: diplomacy/standard, forming"
    assert "Phase:" not in text and "Master: master@example.org" in text
    with pytest.raises(SystemExit, match="there is no game called beta"):
        main(["--config", str(judge.config.path), "show", "beta"])
