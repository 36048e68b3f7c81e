"""``judge init``: a new judge's folder, ignored by git when made inside a working tree."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from judge.service.daemon.operate import init_judge


def git(tree: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", "-C", str(tree), *args], capture_output=True, text=True)


def test_a_judge_made_in_a_working_tree_is_ignored_by_git(tmp_path: Path) -> None:
    tree = tmp_path / "tree"
    tree.mkdir()
    assert git(tree, "init", "-q").returncode == 0
    (tree / "README.md").write_text("a project\n")
    made = subprocess.run([sys.executable, "-m", "judge.cli", "init", str(tree / "myjudge")],
                          capture_output=True, text=True, check=True)
    assert "A new judge in" in made.stdout
    assert {p.name for p in (tree / "myjudge").iterdir()} >= {
        ".gitignore", "judge.toml", "judge.sqlite", "inbox", "outbox"}
    (tree / "myjudge" / "inbox" / "new" / "1.eml").write_text("From: a@example.org\n\nHELP\n")
    status = git(tree, "status", "--porcelain", "--untracked-files=all")
    assert status.stdout.splitlines() == ["?? README.md"], status.stdout
    assert git(tree, "check-ignore", "-q", "myjudge/judge.toml").returncode == 0


def test_a_folder_with_other_things_in_it_gets_no_gitignore(tmp_path: Path) -> None:
    """``judge init .`` in a folder of one's own must not make git ignore that folder."""
    (tmp_path / "notes.txt").write_text("mine\n")
    init_judge(tmp_path)
    assert not (tmp_path / ".gitignore").exists()


def test_an_empty_folder_gets_the_gitignore(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    init_judge(tmp_path / "empty")
    assert (tmp_path / "empty" / ".gitignore").read_text().splitlines()[-1] == "*"
