"""The operator's commands on a variant the judge's operator added (``judge variants add``), as on a
shipped one, given the judge's settings: ``judge selfplay NAME`` plays it at random,
``judge verify`` recomputes a finished game of it, ``judge adjudicate --variant NAME`` resolves
its positions. Without the settings the name is unknown, as before. (Issue #35.)"""

from __future__ import annotations

import io
import json
import subprocess
import sys
import tomllib
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest
from mail_judge import MailJudge
from mail_judge import current_game as game

from judge.cli import main
from judge.store import GameStatus

ISLES = Path(__file__).parent.parent / "games" / "diplomacy" / "data" / "isles.map"
"""A small map of the tests' own: two shores across a strait, two powers."""
MASTER = "master@example.org"
PLAYERS = ["north@example.org", "south@example.org"]


def run(*words: str) -> tuple[int, str, str]:
    """Run a ``judge`` command: its status, output and errors."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main(list(words))
    return status, out.getvalue(), err.getvalue()


@pytest.fixture
def isles(judge: MailJudge, tmp_path: Path) -> MailJudge:
    """A judge to which its operator added the variant ``isles``, from a map file in a folder of
    his own."""
    map_file = tmp_path / "maps" / "isles.map"
    map_file.parent.mkdir()
    map_file.write_text(ISLES.read_text(encoding="utf-8"), encoding="utf-8")
    status, out, _ = run("--config", str(judge.config.path), "variants", "add", str(map_file))
    assert status == 0 and "Added the variant isles" in out and "2 powers (North, South)" in out
    return judge


def test_selfplay_plays_an_added_variant_with_the_judges_settings(isles: MailJudge) -> None:
    settings = ("--config", str(isles.config.path))
    status, out, err = run(*settings, "selfplay", "isles", "--games", "6", "--until", "1908", "--json")
    assert (status, err) == (0, "")
    played = json.loads(out)
    assert (played["kind"], played["games"], played["violations"]) == ("diplomacy/isles", 6, [])
    assert sorted(played["balance"]["centres"]) == ["North", "South"] and played["phases"] > 12
    # Split over two processes, each reading the variant from the folder: the same games.
    status, split, _ = run(*settings, "selfplay", "isles", "--games", "6", "--until", "1908",
                           "--json", "--jobs", "2")
    assert status == 0 and json.loads(split) == played
    status, _, err = run("selfplay", "isles", "--games", "1")  # no settings: no added variants
    assert status == 2 and "unknown variant 'isles'" in err


def test_verify_recomputes_a_finished_game_of_an_added_variant(
    isles: MailJudge, tmp_path: Path,
) -> None:
    assert "Game isle (diplomacy/isles) created" in isles.enrol(MASTER, "CREATE ?isle secret isles")
    for number, address in enumerate(PLAYERS, 1):
        isles.enrol(address, f"JOIN isle pw{number}")
    assert game(isles).status is GameStatus.ACTIVE
    for year in range(2):  # two years of moves, every player ordering all his units
        for _ in range(2):
            for number, address in enumerate(PLAYERS, 1):
                for power in ("North", "South"):
                    units = [f"{u['type']} {u['loc']} H" for u in game(isles).state["units"]
                             if u["power"] == power]
                    isles.send(address, "\n".join([f"SIGNON {power}@isle pw{number}", *units]))
        assert game(isles).phase.startswith("S") and game(isles).phase != "S1901M", year
    isles.send(MASTER, "SIGNON Misle secret\nTERMINATE")
    record = tmp_path / "isle.json"
    settings = ("--config", str(isles.config.path))
    assert run(*settings, "record", "isle", "--out", str(record))[0] == 0

    status, out, _ = run(*settings, "verify", str(record))
    assert status == 0
    assert out.startswith("isle (diplomacy/isles): verified: the secret matches its commitment, "
                          "and all 4 phases, from the start to the end, recomputed from it")
    status, out, _ = run("verify", str(record))  # without the settings the judge knows no isles
    assert status == 1 and "NOT VERIFIED: unknown variant 'diplomacy/isles'" in out


def test_adjudicate_takes_an_added_variant_named_on_the_command_line(isles: MailJudge) -> None:
    line = json.dumps({"phase": "S1901M", "units": [{"power": "North", "type": "F", "loc": "kee"}],
                       "orders": [{"power": "North", "order": "F Keep - The Strait"}]}) + "\n"
    adjudicated = subprocess.run(
        [sys.executable, "-m", "judge.cli", "--config", str(isles.config.path), "adjudicate",
         "--variant", "isles"], input=line, capture_output=True, text=True, timeout=60, check=True)
    answer = json.loads(adjudicated.stdout)
    assert answer["next"]["units"] == [{"power": "North", "type": "F", "loc": "str"}]


def test_an_operator_pins_provinces_and_the_layout_computed_anew_keeps_them(isles: MailJudge) -> None:
    """``[pins]`` in the layout file: ``judge variants layout NAME --new`` computes the picture
    around them, the pinned provinces where pinned, the others turned with them; the pins stay
    in the file for the next time."""
    settings = ("--config", str(isles.config.path))
    path = isles.config.variants / "isles.layout.toml"
    path.write_text(path.read_text(encoding="utf-8") + "\n[pins]\nprt = [300, 60]\nhol = [300, 260]\n",
                    encoding="utf-8")
    status, out, _ = run(*settings, "variants", "layout", "isles", "--new")
    assert status == 0 and "computed and written around its 2 pinned provinces" in out
    text = path.read_text(encoding="utf-8")
    assert "\nprt = [300, 60]\n" in text and "\nhol = [300, 260]\n" in text  # [places] and [pins]
    places = tomllib.loads(text)["places"]
    assert places["bay"][1] < places["mid"][1] < places["kee"][1]  # the south shore up, as pinned
    assert tomllib.loads(text)["pins"] == {"prt": [300, 60], "hol": [300, 260]}
    assert "checked" in run(*settings, "variants", "layout", "isles")[1]

    path.write_text(text + "nowhere = [1, 2]\n", encoding="utf-8")
    status, _, err = run(*settings, "variants", "layout", "isles", "--new")
    assert status == 2 and "[pins] names no province of isles: nowhere" in err
