"""Every data file the judge reads at run time is declared as package data, so that ``pip install
.`` (the README's set-up, not an editable install) carries it: each non-Python file under the
packages must match a pattern of ``[tool.setuptools.package-data]``."""

from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path

TOP = Path(__file__).resolve().parents[1]
FOLDERS = {"judge.grammar": TOP / "grammar", "judge.templates": TOP / "templates"}


def _folder(package: str) -> Path:
    return FOLDERS.get(package, TOP.joinpath(*package.split(".")))


def _matches(relative: Path, pattern: str) -> bool:
    """A setuptools glob: ``*`` never crosses a folder (``*.txt`` is not ``orders/x.txt``)."""
    parts = pattern.split("/")
    return len(parts) == len(relative.parts) and all(
        fnmatch.fnmatch(name, part) for name, part in zip(relative.parts, parts))


def test_every_data_file_is_package_data() -> None:
    declared = tomllib.loads((TOP / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    missing = []
    for root in (TOP / "judge", TOP / "grammar", TOP / "templates"):
        for path in root.rglob("*"):
            if not path.is_file() or path.suffix in (".py", ".pyc") or "__pycache__" in path.parts:
                continue
            owners = [(package, patterns) for package, patterns in declared.items()
                      if path.is_relative_to(_folder(package))]
            if not any(_matches(path.relative_to(_folder(package)), pattern)
                       for package, patterns in owners for pattern in patterns):
                missing.append(str(path.relative_to(TOP)))
    assert missing == []
