"""Dice anyone can check: a finished game's record (``judge record``) recomputed from its revealed
secret (``judge verify``), every roll matching; a record tampered with, or of a running game,
does not pass."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from alpha import master, new_game
from duel_play import duel_judge, order, started
from mail_judge import MailJudge
from mail_judge import current_game as game

from judge import __version__
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
    assert (record["format"], record["judge_version"], record["finished"]) == (
        "judge-game-record/2", __version__, True)
    assert all((p["judge_version"], p["rules_version"]) == (__version__, 1)
               for p in record["phases"])  # type: ignore[union-attr]
    assert record["commitment"] == commitment(game(duel).secret)
    rolls = [p for p in record["phases"] if p["phase"].endswith("roll")]  # type: ignore[union-attr]
    assert rolls and all("roll" in p["report"] for p in rolls)
    checked = check_record(record)
    assert checked.problems == [] and checked.phases == len(record["phases"])  # type: ignore[arg-type]

    loaded = copy.deepcopy(record)
    roll = next(p for p in loaded["phases"] if p["phase"].endswith("roll"))  # type: ignore[union-attr]
    roll["report"]["roll"] = roll["report"]["roll"] % 6 + 1  # a die the judge did not roll
    problems = check_record(loaded).problems
    assert problems == [f"{roll['phase']}: resolved again, it rolls other dice than recorded"]

    other = {**copy.deepcopy(record), "secret": "00" * 32}
    assert ("the secret does not match the SHA-256 commitment published at the start"
            in check_record(other).problems)


def test_a_running_game_s_record_keeps_its_secret(duel: MailJudge) -> None:
    signons = started(duel)
    order(duel, signons, "North", "BID 1")
    order(duel, signons, "South", "BID 0")
    record = _record(duel)
    assert record["secret"] is None and len(record["phases"]) == 1  # type: ignore[arg-type]
    assert record["status"] == "active" and record["finished"] is False  # it says it goes on
    assert game(duel).secret.hex() not in json.dumps(record)
    assert check_record(record).problems == [
        "the game is not finished (status 'active'): its record is checked once it ends and its "
        "secret is revealed"]


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
    assert said == ("alpha (diplomacy/standard): verified: the secret matches its commitment, and "
                    "all 1 phases, from the start to the end, recomputed from it match the record\n")
    record = json.loads(out.read_text())
    record["phases"][0]["state_after"]["units"].pop()
    out.write_text(json.dumps(record))
    assert main(["verify", str(out)]) == 1
    assert "MISMATCH S1901M: resolved again, it gives another position than recorded" in (
        capsys.readouterr().out)


# --- records cut short, and hostile records (issue 36, item 9) -------------------------------------


def _verified(path: Path, record: object, capsys: pytest.CaptureFixture[str],
              *options: str) -> tuple[int, str]:
    path.write_text(json.dumps(record))
    status = main(["verify", *options, str(path)])
    return status, capsys.readouterr().out


def test_a_record_cut_at_either_end_or_empty_is_not_verified(
    duel: MailJudge, tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    _play_to_the_end(duel)
    record = _record(duel)
    phases = record["phases"]
    assert isinstance(phases, list) and len(phases) > 3
    out = tmp_path / "cut.json"
    status, said = _verified(out, record, capsys)
    assert status == 0 and f"verified: the secret matches its commitment, and all {len(phases)}" in said

    status, said = _verified(out, {**record, "phases": []}, capsys)
    assert (status, said) == (1, "NOT VERIFIED: the record has no phases\n")

    last_cut = {**record, "phases": phases[:-2]}
    status, said = _verified(out, last_cut, capsys)
    assert status == 1
    assert said.splitlines()[0].startswith("NOT CHECKED the end: the game did not end where the last")
    assert said.splitlines()[-1].endswith("NOT VERIFIED: the record does not run from the game's "
                                          "start to its end (judge verify --part checks a part)")
    status, said = _verified(out, last_cut, capsys, "--part")
    assert status == 0 and f"part verified: the secret matches its commitment, and the " \
                           f"{len(phases) - 2} phases" in said and "NOT CHECKED the end" in said

    first_cut = {**record, "phases": phases[2:], "from_start": False}
    status, said = _verified(out, first_cut, capsys)
    assert status == 1 and said.startswith("NOT CHECKED the start: the first phase") and (
        "NOT VERIFIED" in said)
    status, said = _verified(out, {**first_cut, "from_start": True}, capsys)  # the flag is not trusted
    assert status == 1 and said.startswith("NOT CHECKED the start")
    status, said = _verified(out, first_cut, capsys, "--part")
    assert status == 0 and "NOT CHECKED the start" in said and "part verified" in said

    no_end = {key: value for key, value in record.items() if key != "state"}
    status, said = _verified(out, no_end, capsys)
    assert status == 1 and "NOT CHECKED the end: the record does not say where the game ended" in said


def test_a_running_game_s_record_is_not_verified(
    duel: MailJudge, tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    signons = started(duel)
    order(duel, signons, "North", "BID 1")
    order(duel, signons, "South", "BID 0")
    record = _record(duel)
    record["secret"] = game(duel).secret.hex()  # even with its secret: the game goes on
    status, said = _verified(tmp_path / "running.json", record, capsys, "--part")
    assert status == 1 and said == ("NOT VERIFIED: the game is not finished (status 'active'): its "
                                    "record is checked once it ends and its secret is revealed\n")


_HOSTILE = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-(10 ** 30), max_value=10 ** 30),
    st.just(10 ** 4000), st.floats(allow_nan=False), st.text(max_size=50), st.just("x" * 100_000),
    st.lists(st.integers(), max_size=3), st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
    st.just([[[[[[[[[[]]]]]]]]]]),
)


def _paths(value: object, at: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """Every place in a JSON value: keys of objects, indexes of lists."""
    found = [at]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*at, key))
    elif isinstance(value, list):
        for index, item in enumerate(value[:3]):
            found += _paths(item, (*at, index))
    return found


def test_hostile_records_get_a_reason_in_one_line_never_a_traceback(
    duel: MailJudge, tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    _play_to_the_end(duel)
    record = _record(duel)
    text = json.dumps(record)
    places = [place for place in _paths(record) if len(place) <= 4]
    out = tmp_path / "hostile.json"

    @settings(max_examples=150, deadline=None, database=None,
              suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(st.sampled_from(places), _HOSTILE, st.booleans(), st.integers(0, len(text)))
    def check(place: tuple[object, ...], value: object, remove: bool, cut: int) -> None:
        hostile = copy.deepcopy(record)
        if place:
            parent: object = hostile
            for step in place[:-1]:
                parent = parent[step]  # type: ignore[index]
            if remove and isinstance(parent, dict):
                del parent[place[-1]]
            else:
                parent[place[-1]] = value  # type: ignore[index]
        else:
            hostile = value  # type: ignore[assignment]
        written = json.dumps(hostile) if not remove or place else text[:cut]
        out.write_text(written)
        status = main(["verify", str(out)])
        said = capsys.readouterr().out.splitlines()
        assert status in (0, 1) and said
        assert all(line.startswith(("MISMATCH ", "NOT VERIFIED", "NOT CHECKED ", "hostile.json",
                                    "WORDING ", "RULES ",
                                    "duel", "None", "1", "[", "{", "x", "True", "False"))
                   or ": " in line for line in said)
        assert all(len(line) < 600 for line in said)
        if status == 0:  # a change that verifies left the game as it was played: only a report's
            # words (a newer judge's, said so) may differ, never a position or a die
            assert said[-1].endswith("recomputed from it match the record") or (
                "give its positions and dice; " in said[-1] and said[-2].startswith("WORDING "))

    check()
    out.write_text("[" * 100_000)  # nested too deep for the JSON reader
    assert main(["verify", str(out)]) == 1
    assert capsys.readouterr().out.startswith("NOT VERIFIED: cannot read")
