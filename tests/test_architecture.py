"""The layers of docs/architecture.md, checked: imports point downward only, and the rules engines
are pure (no I/O, no clock, no global randomness, no database, no mail, no templates)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "judge"

# Modules a rules engine may not import: they reach the clock, the disk, the network, the process,
# the database, mail or templates. (Random instances come in as arguments: ``from random import
# Random`` for the type is allowed, the module's global functions are not.)
IMPURE = {
    "os", "sys", "io", "time", "datetime", "socket", "subprocess", "sqlite3", "pathlib",
    "logging", "threading", "asyncio", "urllib", "http", "smtplib", "imaplib", "email",
    "mailbox", "shutil", "tempfile", "sqlmodel", "sqlalchemy", "alembic", "psycopg", "jinja2",
}
# The places where the games read their data files (the order grammar and the variants' maps)
# once, when first imported: not during play.
DATA_READERS = {
    "judge/games/diplomacy/parser.py",
    "judge/games/variants/__init__.py",
    "judge/games/richard3/data.py",
}


def _imports(path: Path) -> list[tuple[str, list[str]]]:
    """(module, names) for each import in a file; relative imports made absolute."""
    package = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts[:-1])
    found: list[tuple[str, list[str]]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.extend((alias.name, []) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join([*base, module] if module else base)
            found.append((module, [alias.name for alias in node.names]))
    return found


def _files(folder: str) -> list[Path]:
    return sorted((PACKAGE / folder).rglob("*.py"))


@pytest.mark.parametrize("path", _files("games"), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_games_import_nothing_from_the_layers_above(path: Path) -> None:
    for module, _ in _imports(path):
        assert not module.startswith(("judge.service", "judge.store", "judge.mail", "judge.cli")), (
            f"{path}: a game engine imports {module}"
        )


@pytest.mark.parametrize("path", _files("games"), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_games_never_import_the_pictures(path: Path) -> None:
    """The map pictures draw the engines' positions; the engines know nothing of them."""
    for module, _ in _imports(path):
        assert not module.startswith("judge.pictures"), f"{path}: a game engine imports {module}"


@pytest.mark.parametrize("path", _files("games"), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_games_are_pure(path: Path) -> None:
    relative = str(path.relative_to(PACKAGE.parent))
    for module, names in _imports(path):
        top = module.split(".")[0]
        assert top not in IMPURE, f"{relative} imports {module}"
        if top == "random":
            assert names == ["Random"], f"{relative} uses the global random functions"
        if module == "importlib" and "resources" in names:
            assert relative in DATA_READERS, f"{relative} reads files"


@pytest.mark.parametrize(
    ("layer", "forbidden"),
    [
        ("store", ("judge.service", "judge.mail", "judge.cli", "judge.games")),
        ("mail", ("judge.service", "judge.store", "judge.cli", "judge.games")),
        ("service", ("judge.cli",)),
        ("pictures", ("judge.service", "judge.store", "judge.mail", "judge.cli")),
    ],
)
def test_lower_layers_never_import_higher_ones(layer: str, forbidden: tuple[str, ...]) -> None:
    for path in _files(layer):
        for module, _ in _imports(path):
            assert not module.startswith(forbidden), f"{path} imports {module}"
