"""Versions (issue 34): the judge's version in one place, each game kind's rules version with
the rule changes that made it (its family's ``*.rules.toml``), and CHANGELOG.md telling each
change, by rule number, under the judge version that brought it."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

import judge
from judge.cli import main
from judge.games.kind import RuleChange, RulesHistory, judge_order
from judge.games.registry import all_kinds, game_kind

TOP = Path(__file__).resolve().parents[2]


def _sections() -> dict[str, str]:
    """CHANGELOG.md's text under each version's heading, its words joined by single spaces."""
    text = (TOP / "CHANGELOG.md").read_text(encoding="utf-8")
    parts = re.split(r"^## (\d+\.\d+\.\d+) \(\d{4}-\d\d-\d\d\)$", text, flags=re.M)
    return {version: " ".join(body.split()) for version, body in zip(parts[1::2], parts[2::2])}


def test_the_judge_s_version_is_written_once_and_is_the_changelog_s_latest(
    capsys: pytest.CaptureFixture[str],
) -> None:
    project = tomllib.loads((TOP / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert "version" not in project and project["dynamic"] == ["version"]
    assert tomllib.loads((TOP / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"][
        "dynamic"]["version"] == {"attr": "judge.__version__"}
    with pytest.raises(SystemExit):
        main(["--version"])
    assert capsys.readouterr().out == f"judge {judge.__version__}\n"
    assert next(iter(_sections())) == judge.__version__  # the newest first


@pytest.mark.parametrize("kind", all_kinds(), ids=lambda kind: kind.name)
def test_every_rule_change_of_every_kind_is_in_the_changelog_under_its_version(kind: object) -> None:
    history: RulesHistory = kind.rules_history  # type: ignore[attr-defined]
    sections = _sections()
    versions = [change.version for change in history.changes]
    assert versions == sorted(versions) and history.version == max(versions, default=1)
    for change in history.changes:
        assert change.rule and change.what and change.judge in sections, change
        assert judge_order(change.judge) <= judge_order(judge.__version__)
        assert f"{change.rule} {change.what}" in sections[change.judge], change


def test_a_kind_s_changes_between_two_rules_versions_and_before_a_judge_version() -> None:
    history = game_kind("richard3-1483").rules_history
    assert [c.rule for c in history.between(4, 5)] == ["5.21", "9.0", "5.1"]
    assert history.between(5, 5) == ()
    assert history.before_judge("0.3.0") == 1  # the first engine's reading (44fb01b)
    assert history.before_judge("0.4.0") == 3 and history.before_judge("0.5.0") == 4
    assert history.before_judge("0.6.0") == history.version == 5
    # a scenario's own rule touches that scenario alone (Plantagenet's 6.0 Ia)
    assert "6.0 Ia" in [c.rule for c in game_kind("plantagenet-ia").rules_history.changes]
    assert "6.0 Ia" not in [c.rule for c in game_kind("plantagenet-ib").rules_history.changes]
    assert game_kind("standard").rules_history == RulesHistory(1)
    assert game_kind("roses1").rules_history.changes[0] == RuleChange(
        2, "0.2.0", "5", "the Scots and the French holding only their box are still in the game")
