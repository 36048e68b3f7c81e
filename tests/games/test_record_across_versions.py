"""A game recorded by an older judge, checked by this one (issue 34): what decides the game (the
secret, each phase's dice, each position) is checked against today's engine; a report worded
otherwise by a newer judge is told as such, not as a mismatch; a position that differs where a
rule reading changed since the recorded rules version is told with the rules; a changed die, or
a position no rule change explains, is a mismatch.

The fixture is the issue's case: a Richard III game (scenario 1483) played to its end by mail on
the judge of commit 44fb01b (2026-11-25) and written by its ``judge record`` (format
``judge-game-record/1``: no versions, no ``state``), kept gzipped."""

from __future__ import annotations

import copy
import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from judge import __version__
from judge.cli import main
from judge.games.record_check import check_record
from judge.games.registry import game_kind

OLD = Path(__file__).parent / "fixtures" / "richard3-1483-44fb01b.json.gz"


def _old_record() -> dict[str, Any]:
    record: dict[str, Any] = json.loads(gzip.decompress(OLD.read_bytes()))
    return record


def _verify(tmp_path: Path, record: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str]]:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    status = main(["verify", str(path)])
    return status, capsys.readouterr().out.splitlines()


def test_a_record_of_the_judge_of_44fb01b_verifies_its_wording_told(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    record = _old_record()
    assert record["format"] == "judge-game-record/1" and "state" not in record
    status, said = _verify(tmp_path, record, capsys)
    assert status == 0, said
    wording = [line for line in said if line.startswith("WORDING ")]
    assert wording and len(wording) == len(said) - 1  # only wording differs
    assert wording[0].endswith(f": report wording differs (recorded by a judge before 0.5.0, "
                               f"this is {__version__})")
    assert said[-1].startswith(f"roses (richard3-1483): verified: the secret matches its "
                               f"commitment, and all {len(record['phases'])} phases, from the "
                               "start to the end, recomputed from it give its positions and dice; "
                               f"{len(wording)} worded otherwise (WORDING above)")


def test_a_die_changed_in_an_old_record_is_a_mismatch(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    record = _old_record()
    phase = next(p for p in record["phases"] if '"dice"' in json.dumps(p["report"]))
    shot = next(event for event in _events_with_dice(phase["report"]))
    shot["dice"][0] = shot["dice"][0] % 6 + 1  # a die the judge did not roll
    status, said = _verify(tmp_path, record, capsys)
    assert status == 1
    assert f"MISMATCH {phase['phase']}: resolved again, it rolls other dice than recorded" in said
    assert said[-1] == f"roses (richard3-1483): 1 mismatch(es) in {len(record['phases'])} phases"


def _events_with_dice(value: Any) -> list[dict[str, Any]]:
    if isinstance(value, dict):
        return [value] if "dice" in value else [e for item in value.values() for e in _events_with_dice(item)]
    if isinstance(value, list):
        return [e for item in value for e in _events_with_dice(item)]
    return []


def _moved(record: dict[str, Any], rules_version: int) -> tuple[dict[str, Any], str]:
    """The record as version /2 with every phase at ``rules_version``, and a block of the first
    actions phase's position a step weaker (the next phase beginning where it says)."""
    moved = copy.deepcopy(record)
    moved["format"] = "judge-game-record/2"
    for phase in moved["phases"]:
        phase.update(judge_version="0.4.0", rules_version=rules_version)
    number = next(n for n, p in enumerate(moved["phases"]) if "actions" in p["phase"])
    phase = moved["phases"][number]
    after = phase["state_after"]
    block = next(b for b in after["blocks"].values() if b["strength"] > 1)
    block["strength"] -= 1  # a step lost that the phase did not take
    moved["phases"][number + 1]["state_before"] = copy.deepcopy(after)
    return moved, phase["phase"]


def test_a_position_no_rule_change_explains_is_a_mismatch_one_a_change_explains_is_told(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    record = _old_record()
    moved, name = _moved(record, game_kind("richard3-1483").rules_history.version)
    status, said = _verify(tmp_path, {**moved, "state": moved["phases"][-1]["state_after"]}, capsys)
    assert status == 1 and f"MISMATCH {name}: resolved again, it gives another position than recorded" in said

    moved, name = _moved(record, 4)  # before 5.21, 9.0 and 5.1 were read as today (CHANGELOG 0.5.0)
    status, said = _verify(tmp_path, {**moved, "state": moved["phases"][-1]["state_after"]}, capsys)
    assert status == 0, said
    assert (f"RULES {name}: another position than recorded, as rule readings changed from rules "
            f"version 4 (judge 0.4.0) to 5 (this judge, {__version__}): 5.21 a move enters each area "
            "once; 9.0 victory is checked after each action phase (a house whose last heir dies "
            "loses at once); 5.1 a move leaves the points of the recruits written before it to them"
            ) in said
    assert "by rule readings changed since (RULES above)" in said[-1] and not any(
        line.startswith("MISMATCH") for line in said)


def test_a_version_2_record_must_say_where_the_game_ended() -> None:
    record = {**_old_record(), "format": "judge-game-record/2"}
    assert check_record(record).unchecked == ["the end: the record does not say where the game ended"]
    assert check_record(_old_record()).unchecked == []  # /1 of a judge before 0.4.0: the last phase ends it
