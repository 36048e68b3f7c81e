"""Every data file the judge reads at run time is declared as package data, so that ``pip install
.`` (the README's set-up, not an editable install) carries it: each non-Python file under the
packages must match a pattern of ``[tool.setuptools.package-data]``. And the build is clean: the
sdist and the wheel built from it with every warning of the build backend an error, the wheel
installed in a new virtual environment, and the installed judge reading its grammars, data and
templates."""

from __future__ import annotations

import fnmatch
import os
import subprocess
import tarfile
import tomllib
import venv
from collections.abc import Mapping, Sequence
from pathlib import Path

from build import ProjectBuilder
from build.env import DefaultIsolatedEnv
from pyproject_hooks import default_subprocess_runner

TOP = Path(__file__).resolve().parents[1]
FOLDERS = {"judge.grammar": TOP / "grammar", "judge.templates": TOP / "templates"}


def _folder(package: str) -> Path:
    """The folder of a package in this tree (judge.templates.archive is templates/archive)."""
    for mapped, folder in FOLDERS.items():
        if package == mapped or package.startswith(mapped + "."):
            return folder.joinpath(*package.removeprefix(mapped).split(".")[1:])
    return TOP.joinpath(*package.split("."))


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


def _strict(cmd: Sequence[str], cwd: str | None = None,
            extra_environ: Mapping[str, str] | None = None) -> None:
    """Run a hook of the build backend with its warnings made errors (setuptools warns of what a
    later release will refuse: a licence as a table, a data folder missing from the packages)."""
    default_subprocess_runner(cmd, cwd, {**(extra_environ or {}), "PYTHONWARNINGS": "error"})


def _build(source: Path, distribution: str, out: Path) -> Path:
    """Build ``distribution`` ("sdist" or "wheel") of the project in ``source`` as pip does, in an
    isolated environment with the build system it asks for."""
    with DefaultIsolatedEnv() as env:
        builder = ProjectBuilder.from_isolated_env(env, source, runner=_strict)
        env.install(builder.build_system_requires)
        env.install(builder.get_requires_for_build(distribution))
        return Path(builder.build(distribution, out))


def _run(command: list[str], cwd: Path, stdin: str = "") -> str:
    done = subprocess.run(command, cwd=cwd, input=stdin, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, (command, done.stdout, done.stderr)
    return done.stdout


def test_the_wheel_built_from_the_sdist_without_warnings_installs_a_working_judge(tmp_path: Path) -> None:
    sdist = _build(TOP, "sdist", tmp_path / "dist")
    with tarfile.open(sdist) as archive:
        archive.extractall(tmp_path / "unpacked", filter="data")
    wheel = _build(tmp_path / "unpacked" / sdist.name.removesuffix(".tar.gz"), "wheel", tmp_path / "dist")

    venv.create(tmp_path / "venv", with_pip=True)
    bin_dir = tmp_path / "venv" / "bin"
    _run([str(bin_dir / "python"), "-m", "pip", "install", "-q", str(wheel)], tmp_path)
    judge = str(bin_dir / "judge")
    where = _run([str(bin_dir / "python"), "-c", "import judge; print(judge.__file__)"], tmp_path)
    assert where.startswith(str(tmp_path / "venv")), where  # the installed judge, not this tree
    assert _run([judge, "--version"], tmp_path).startswith("judge ")

    # The order grammar and the variants' maps.
    sample = _run([judge, "example"], tmp_path)
    assert '"resolution"' in _run([judge, "adjudicate"], tmp_path, stdin=sample)
    # The command grammar and the mail templates: a HELP mail answered into the outbox.
    _run([judge, "init", "myjudge"], tmp_path)
    config = ["--config", str(tmp_path / "myjudge" / "judge.toml")]
    mail = "From: someone@example.org\nTo: judge@localhost\nSubject: help\nMessage-ID: <h@t>\n\nHELP\n"
    _run([judge, *config, "ingest"], tmp_path, stdin=mail)
    _run([judge, *config, "tick"], tmp_path)
    sent = [path.read_text() for path in (tmp_path / "myjudge" / "outbox" / "new").iterdir()]
    assert len(sent) == 1 and "SIGNON" in sent[0], sent
    # The archive's templates, style sheet and icon.
    _run([judge, *config, "archive", "build", "--out", str(tmp_path / "web")], tmp_path)
    assert {"index.html", "style.css", "favicon.svg"} <= {p.name for p in (tmp_path / "web").iterdir()}
