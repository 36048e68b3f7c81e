"""Random playouts (``judge selfplay``): games of random legal orders break no invariant, a seed
replays its game exactly, and a broken rule is caught and reported with the seed that replays it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from random import Random

import pytest

from judge.cli import main
from judge.games.diplomacy.game import DiplomacyGame
from judge.games.kind import Outcome, PhaseResult, State
from judge.games.registry import playable_kind
from judge.games.selfplay import (
    GameRecord,
    Summary,
    play_game,
    selfplay,
    summary_json,
    summary_text,
)
from judge.games.variants import load_variant
from judge.service.play.playouts import run_playouts

TOP = Path(__file__).resolve().parents[2]


def test_200_games_of_roses1_to_1500_break_no_invariant() -> None:
    summary = run_playouts("roses1", games=200, seed=1, until="1500", jobs=2)  # 2 cores
    assert summary.violations == [], summary_text(summary, "roses1")
    for record in summary.records:  # each game ran to its end, or through 1500
        assert record.outcome is not None or max(record.scores) == 1500, record.seed
    years, counts, averages = summary.balance()
    assert years == list(range(1455, 1501))
    assert counts == [200] * len(years)
    assert set(averages) == set(load_variant("roses1").powers)
    assert summary.phases > 200 * 46 * 2  # at least the two movement phases of every year


def test_standard_games_break_no_invariant() -> None:
    summary = selfplay(playable_kind("standard"), games=30, seed=1000, until="1915")
    assert summary.violations == [], summary_text(summary, "standard")
    years, counts, averages = summary.balance()
    assert years[0] == 1901 and years[-1] == 1915
    # every year the 34 centres are owned or not: the averages never exceed them
    assert all(sum(column[i] for column in averages.values()) <= 34 for i in range(len(years)))


def test_game_i_of_a_run_is_the_game_of_seed_s_plus_i() -> None:
    kind = playable_kind("standard")
    run = selfplay(kind, games=3, seed=40, until="1905")
    again = play_game(kind, 42, "1905")
    assert again == run.records[2]
    assert again != run.records[1]  # different seeds, different games


def test_a_run_on_several_processes_plays_the_same_games() -> None:
    alone = selfplay(playable_kind("standard"), games=5, seed=60, until="1906")
    shared = run_playouts("standard", games=5, seed=60, until="1906", jobs=3)
    assert shared == alone


def test_a_seed_replays_the_same_games_in_any_process() -> None:
    """Same seed, same games, whatever Python's string hashing does to set order."""
    outputs = []
    for hash_seed in ("1", "2"):
        command = [sys.executable, "-m", "judge.cli", "selfplay", "roses1", "--games", "3",
                   "--seed", "7", "--until", "1465", "--json"]  # fmt: skip
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=TOP, check=True)
        outputs.append(json.loads(done.stdout))
    assert outputs[0] == outputs[1]
    assert outputs[0]["phases"] > 3 * 11 * 2


class BrokenGame(DiplomacyGame):
    """Test only: Diplomacy with a deliberately broken rule. In spring 1903 the resolver hands
    Belgium to England, whoever stands there: a centre changing hands out of season."""

    def resolve(
        self, state: State, orders: Mapping[str, Sequence[str]], rng: Random
    ) -> PhaseResult:
        result = super().resolve(state, orders, rng)
        if state["phase"] != "S1903M":
            return result
        broken = {
            **result.state,
            "supply_centers": {**result.state["supply_centers"], "bel": "England"},
        }
        return PhaseResult(broken, result.report)


def test_a_broken_rule_is_caught_and_reported_with_the_seed_that_replays_it() -> None:
    kind = BrokenGame(load_variant("standard"))
    summary = selfplay(kind, games=3, seed=20, until="1910")
    assert [(v.seed, v.phase) for v in summary.violations] == [
        (20, "S1903M"), (21, "S1903M"), (22, "S1903M")
    ]  # fmt: skip
    violation = summary.violations[1]
    assert any(p.startswith("bel changed hands") and p.endswith("to England) between S1903M and F1903M")
               for p in violation.problems), violation.problems  # fmt: skip
    assert violation.before["phase"] == "S1903M" and violation.after["phase"] == "F1903M"
    assert violation.after["supply_centers"]["bel"] == "England"
    assert set(violation.orders) == set(kind.powers())
    replayed = play_game(kind, violation.seed, "1910").violation
    assert replayed == violation  # the seed replays it exactly
    assert summary.records[1].last_phase == "S1903M"  # the game stopped at the violation
    text = summary_text(summary, "standard")
    assert "violations: 3" in text
    assert "VIOLATION in the game of seed 21, phase S1903M:" in text
    assert "replay: judge selfplay standard --games 1 --seed 21 --until 1903" in text
    reported = summary_json(summary, "standard")["violations"][1]
    assert reported["seed"] == 21 and reported["before"] == violation.before


def test_the_balance_table_averages_each_year_and_keeps_finished_games() -> None:
    won = Outcome(("A",), "A owns enough")
    records = [
        GameRecord(1, scores={1901: {"A": 4, "B": 2}, 1902: {"A": 6, "B": 0}}, outcome=won),
        GameRecord(
            2, scores={1901: {"A": 2, "B": 4}, 1902: {"A": 2, "B": 4}, 1903: {"A": 3, "B": 3}}
        ),
        GameRecord(3, scores={1901: {"A": 0, "B": 0}}),  # stopped by a violation in 1902
    ]
    summary = Summary("test", ["A", "B"], 1, 1903, records)
    years, counts, averages = summary.balance()
    assert years == [1901, 1902, 1903]
    assert counts == [3, 2, 2]
    assert averages == {"A": [2.0, 4.0, 4.5], "B": [2.0, 2.0, 1.5]}
    assert summary.winners() == {"A": 1}


def test_the_command_prints_the_run_and_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "standard", "--games", "2", "--seed", "3", "--until", "1903"]) == 0
    text = capsys.readouterr().out
    assert "judge selfplay standard: 2 games from seed 3, to 1903" in text
    assert "violations: 0" in text
    table = text[text.index("year  games") :].splitlines()
    assert table[0].split() == ["year", "games", *load_variant("standard").powers]
    assert [line.split()[:2] for line in table[1:]] == [["1901", "2"], ["1902", "2"], ["1903", "2"]]
    assert (
        main(["selfplay", "standard", "--games", "2", "--seed", "3", "--until", "1903", "--json"])
        == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert (
        data["games"] == 2
        and data["violations"] == []
        and data["balance"]["years"] == [1901, 1902, 1903]
    )
    assert main(["selfplay", "nosuch"]) == 2
    assert "unknown variant 'nosuch'" in capsys.readouterr().err


def test_the_command_fails_when_an_invariant_is_broken(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = selfplay(BrokenGame(load_variant("standard")), games=1, seed=5, until="1904")
    monkeypatch.setattr("judge.service.play.playouts.run_playouts", lambda *args: broken)
    assert main(["selfplay", "standard", "--games", "1", "--seed", "5", "--until", "1904"]) == 1
    out = capsys.readouterr().out
    assert "violations: 1" in out
    assert "replay: judge selfplay standard --games 1 --seed 5 --until 1903" in out


@pytest.mark.parametrize("kind", ["richard3", "richard3-1470", "richard3-1483"])
def test_200_games_of_each_richard3_scenario_end_and_break_no_invariant(kind: str) -> None:
    """``judge selfplay richard3`` (and the two later scenarios): 200 complete games each, the
    invariants checked after every decision (each block in one place, strengths within their
    limits, cards, heirs and the crown, border limits, nothing hidden in a side's view); every
    game ends in a victory (9.0)."""
    summary = run_playouts(kind, games=200, seed=1, until=None, jobs=2)  # 2 cores
    assert summary.violations == [], summary_text(summary, kind)
    won = summary.winners()
    assert sum(won.values()) == 200 and set(won) <= {"York", "Lancaster"}
    assert summary.score == "usurpation count (8.2)"


def test_richard3_periods_are_turns_counted_across_campaigns_and_named_as_players_write_them(
) -> None:
    """``Standing.period`` is consecutive (issue 19, point 5): a phase moves a game on by at most
    one period, and Richard III's turns run on from one campaign to the next (1.0: seven turns a
    campaign), I-7 then II-1; the table's rows and ``--until`` use the period's name."""
    kind = playable_kind("richard3")
    assert [kind.period_name(n) for n in (1, 7, 8, 21)] == ["I-1", "I-7", "II-1", "III-7"]
    record = play_game(kind, 5, until="II-2")
    assert record.outcome is not None or max(record.scores) == 9  # II-2 is turn 9
    assert all(kind.period_name(period) in {f"I-{t}" for t in range(1, 8)} | {"II-1", "II-2"}
               for period in record.scores)
    summary = selfplay(kind, games=2, seed=5, until="I-3")
    text = summary_text(summary, "richard3")
    assert "turn  games" in text and "\nI-1 " in text and "\nI-3 " in text and "\nI-4" not in text


def test_a_game_is_bounded_by_its_phases_whatever_its_periods() -> None:
    """A kind whose periods stopped advancing still ends its playouts: ``most_phases``."""
    kind = playable_kind("standard")
    assert play_game(kind, 3, until="1950", most_phases=7).phases == 7
