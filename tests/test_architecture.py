"""The layers of docs/architecture.md, checked: imports point downward only, and the rules engines
are pure (no I/O, no clock, no global randomness, no database, no mail, no templates)."""

from __future__ import annotations

import ast
from collections.abc import Callable
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
    "judge/games/diplomacy/order_grammar.py",
    "judge/games/diplomacy/dpjudge_map.py",  # its grammar, dpjudge_map.lark, read once
    "judge/games/variants/__init__.py",
    "judge/games/plantagenet/battle/tables.py",  # battle.json, read once
    "judge/games/plantagenet/data.py",  # components.json and scenarios.json, read once
    "judge/games/plantagenet/order_grammar.py",  # its grammar, judge/games/plantagenet/orders.lark, read once
    "judge/games/richard3/data.py",
    "judge/games/richard3/orders.py",  # its grammar, judge/games/richard3/orders.lark, read once
    "judge/games/rule_history.py",  # each family's *.rules.toml, read once
}


def _imports(path: Path) -> list[tuple[str, list[str]]]:
    """(module, names) for each import in a file; relative imports made absolute."""
    return _imports_of(ast.parse(path.read_text(encoding="utf-8")), path)


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


# The service's subpackages, each one concern, in the order they may import one another: a module
# imports from its own subpackage, from those before it, and from the service's own settings
# (config, serve_config) at the top; never from one after it.
SERVICE_LAYERS = ("commands", "play", "mailing", "web", "intake", "daemon")
SERVICE_TOP = {"judge.service.config", "judge.service.serve_config", "judge.service"}


def _service_layer(module: str) -> int | None:
    parts = module.split(".")
    if len(parts) > 2 and parts[:2] == ["judge", "service"] and parts[2] in SERVICE_LAYERS:
        return SERVICE_LAYERS.index(parts[2])
    return None


@pytest.mark.parametrize("path", _files("service"), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_the_service_s_subpackages_import_one_way(path: Path) -> None:
    own = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    layer = _service_layer(own)
    if layer is None:
        assert own in SERVICE_TOP or own.endswith("__init__"), f"{own}: a service module outside the subpackages"
        return
    for module, names in _imports(path):
        targets = [module] + [f"{module}.{name}" for name in names]
        for target in targets:
            other = _service_layer(target)
            assert other is None or other <= layer, (
                f"{own} ({SERVICE_LAYERS[layer]}) imports {target} ({SERVICE_LAYERS[other]})")


def _runtime_imports(path: Path) -> list[tuple[str, list[str]]]:
    """The imports of a file that run (at the top of the module or inside a function), leaving
    out those under ``if TYPE_CHECKING:``, which only the type checker reads."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and getattr(node.test, "id", None) == "TYPE_CHECKING":
            node.body = []
    return _imports_of(tree, path)


def _imports_of(tree: ast.AST, path: Path) -> list[tuple[str, list[str]]]:
    """(module, names) for each import in a parsed file; relative imports made absolute."""
    package = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts[:-1])
    found: list[tuple[str, list[str]]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((alias.name, []) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join([*base, module] if module else base)
            found.append((module, [alias.name for alias in node.names]))
    return found


def _module_name(path: Path) -> str:
    return ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts).removesuffix(".__init__")


def _import_graph(paths: list[Path], read: Callable[[Path], list[tuple[str, list[str]]]]) -> dict[str, set[str]]:
    """Module -> the modules among ``paths`` it imports (``from pkg import module`` counted as
    importing the module; a package's own ``__init__`` left out of its modules' edges)."""
    graph: dict[str, set[str]] = {}
    for path in paths:
        own = _module_name(path)
        known = graph.setdefault(own, set())
        for module, names in read(path):
            for target in (module, *(f"{module}.{name}" for name in names)):
                if target.startswith("judge.") and target != own:
                    known.add(target)
    modules = set(graph)
    return {m: {t for t in targets if t in modules and not m.startswith(t + ".")}
            for m, targets in graph.items()}


def _circle(edges: dict[str, set[str]]) -> list[str] | None:
    """A cycle of imports (its modules, the first repeated at the end), or None."""
    state: dict[str, int] = {}

    def visit(module: str, trail: list[str]) -> list[str] | None:
        state[module] = 1
        for target in sorted(edges[module]):
            if state.get(target) == 1:
                return [*trail[trail.index(target):], target]
            if target not in state:
                found = visit(target, [*trail, target])
                if found:
                    return found
        state[module] = 2
        return None

    for module in sorted(edges):
        if module not in state:
            found = visit(module, [module])
            if found:
                return found
    return None


def test_no_module_of_the_judge_imports_itself_round_a_circle() -> None:
    """Every import that runs, at the top of a module or inside a function: the modules of the
    package form no cycle."""
    circle = _circle(_import_graph(sorted(PACKAGE.rglob("*.py")), _runtime_imports))
    assert circle is None, " -> ".join(circle or [])


ENGINES = sorted(p.parent for p in (PACKAGE / "games").glob("*/__init__.py"))


@pytest.mark.parametrize("engine", ENGINES, ids=lambda p: p.name)
def test_an_engine_s_modules_import_one_way_even_for_types(engine: Path) -> None:
    """Within each engine package (diplomacy, richard3, ...) imports flow one way: no circle,
    counting the imports made only for the type checker (``if TYPE_CHECKING:``) too: a module
    that takes the module above it as an argument calls back into it, a circle in all but name."""
    circle = _circle(_import_graph(sorted(engine.rglob("*.py")), _imports))
    assert circle is None, " -> ".join(circle or [])
