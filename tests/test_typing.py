"""Strict type checking of the engines, the store, mail and the service (configured in
pyproject.toml), as part of the test suite: a type error fails the build like a failing test."""

from __future__ import annotations

from pathlib import Path

import pytest
from mypy import api


def test_mypy_strict_passes(monkeypatch: pytest.MonkeyPatch) -> None:
    top = Path(__file__).resolve().parent.parent
    monkeypatch.chdir(top)  # the configured files are relative to the top of the tree
    report, errors, status = api.run(["--config-file", str(top / "pyproject.toml")])
    assert status == 0, report + errors
