"""Dice anyone can check: a finished game's record (``judge record``) recomputed from its revealed
secret (``judge verify``), every roll matching; a record tampered with, or of a running game,
does not pass."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from alpha import master, new_game
from duel_play import duel_judge, order, started
from mail_judge import MailJudge
from mail_judge import current_game as game

from judge.cli import main
from judge.games.dice import commitment
from judge.games.record_check import check_record
from judge.service.web.records import game_record
from judge.store import GameStatus


@pytest.fixture
def duel(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[MailJudge]:
    yield from duel_judge(tmp_path, monkeypatch)


def _play_to_the_end(judge: MailJudge) -> None:
    signons = started(judge)
    while game(judge).status is not GameStatus.FINISHED:
        order(judge, signons, "North", "BID 1")
        order(judge, signons, "South", "BID 0")
        order(judge, signons, "North", "ATTACK")


def _record(judge: MailJudge) -> dict[str, object]:
    with judge.store.session() as db:
        return game_record(db, game(judge))


def test_every_roll_of_a_finished_game_is_recomputed_from_its_secret(duel: MailJudge) -> None:
    _play_to_the_end(duel)
    record = _record(duel)
    assert record["secret"] == game(duel).secret.hex() and record["from_start"] is True
    assert record["commitment"] == commitment(game(duel).secret)
    rolls = [p for p in record["phases"] if p["phase"].endswith("roll")]  # type: ignore[union-attr]
    assert rolls and all("roll" in p["report"] for p in rolls)
    checked = check_record(record)
    assert checked.problems == [] and checked.phases == len(record["phases"])  # type: ignore[arg-type]

    loaded = copy.deepcopy(record)
    roll = next(p for p in loaded["phases"] if p["phase"].endswith("roll"))  # type: ignore[union-attr]
    roll["report"]["roll"] = roll["report"]["roll"] % 6 + 1  # a die the judge did not roll
    problems = check_record(loaded).problems
    assert problems == [f"{roll['phase']}: resolved again, it gives another report than recorded"]

    other = {**copy.deepcopy(record), "secret": "00" * 32}
    assert ("the secret does not match the SHA-256 commitment published at the start"
            in check_record(other).problems)


def test_a_running_game_s_record_keeps_its_secret(duel: MailJudge) -> None:
    signons = started(duel)
    order(duel, signons, "North", "BID 1")
    order(duel, signons, "South", "BID 0")
    record = _record(duel)
    assert record["secret"] is None and len(record["phases"]) == 1  # type: ignore[arg-type]
    assert game(duel).secret.hex() not in json.dumps(record)
    assert check_record(record).problems == [
        "the record has no secret: it is revealed only when the game ends"]


def test_judge_record_and_judge_verify_from_the_command_line(
    judge: MailJudge, tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    seats = new_game(judge)
    for power in seats:  # Spring 1901: everyone holds, so the phase processes at once
        address, password = seats[power]
        units = [f"{u['type']} {u['loc']} H" for u in game(judge).state["units"]
                 if u["power"] == power]
        judge.send(address, "\n".join([f"SIGNON {power}@alpha {password}", *units]))
    master(judge, "TERMINATE")
    out = tmp_path / "alpha.json"
    assert main(["--config", str(judge.config.path), "record", "alpha", "--out", str(out)]) == 0
    assert main(["verify", str(out)]) == 0
    said = capsys.readouterr().out
    assert said == ("alpha (diplomacy/standard): the secret matches its commitment, and all 1 "
                    "phases from its start recomputed from it match the record\n")
    record = json.loads(out.read_text())
    record["phases"][0]["state_after"]["units"].pop()
    out.write_text(json.dumps(record))
    assert main(["verify", str(out)]) == 1
    assert "MISMATCH S1901M: resolved again, it gives another position than recorded" in (
        capsys.readouterr().out)
