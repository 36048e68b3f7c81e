"""The shelf: every map of MILA's ``diplomacy`` package shipped as a variant of the judge, named as
its file is (issue #35, item 2). Each shipped file is what the judge's reader makes of MILA's
file today (``judge variants convert`` remakes them), says where it came from, plays random games
that break no rule (``judge selfplay``), and answers a position from ``judge adjudicate``, which
reads no map but the one a position names."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import diplomacy  # type: ignore[import-untyped]
import pytest

from judge.cli import adjudicate_lines
from judge.games.diplomacy.game import DiplomacyGame
from judge.games.registry import SHELF, game_kind, playable_kind
from judge.games.selfplay import selfplay
from judge.games.variants import load_variant, variant_data, variant_names
from judge.service.play.variants import convert_shelf

MILA_MAPS = Path(diplomacy.__file__).parent / "maps"
FOLDER = Path(__file__).resolve().parents[3] / "judge" / "games" / "variants"
MILA_NAMES = sorted(path.stem for path in MILA_MAPS.glob("*.map"))
MILA_SHELF = tuple(name for name in SHELF if name in MILA_NAMES)
"""The shelf's variants from MILA's maps; the others are the hobby's (test_hobby_shelf.py)."""


def test_every_map_mila_ships_is_a_variant_of_the_judge_by_its_files_name() -> None:
    assert len(MILA_NAMES) == 14
    assert set(MILA_NAMES) <= set(variant_names())
    assert sorted(MILA_SHELF) == [name for name in MILA_NAMES if name != "standard"]  # the judge's own


def test_the_shipped_files_are_what_the_reader_makes_of_milas_files(tmp_path: Path) -> None:
    """Remade from MILA's files into a folder of its own, each file is the shipped one, byte for
    byte (its JSON too): the data are the files' facts, and ``judge variants convert`` remakes
    them."""
    made = convert_shelf(MILA_MAPS, tmp_path, "MILA's `diplomacy` package 1.1.2", skip=("standard",))
    assert sorted(added.name for added in made) == sorted(MILA_SHELF)
    for name in MILA_SHELF:
        for suffix in (".toml", ".json"):
            shipped = (FOLDER / f"{name}{suffix}").read_text(encoding="utf-8")
            assert (tmp_path / f"{name}{suffix}").read_text(encoding="utf-8") == shipped, name + suffix


@pytest.mark.parametrize("name", MILA_SHELF)
def test_each_file_says_where_it_came_from(name: str) -> None:
    head = (FOLDER / f"{name}.toml").read_text(encoding="utf-8").split("\n\n")[0]
    assert f"# Source: MILA's `diplomacy` package 1.1.2, file {name}.map." in head
    assert "`judge variants convert`" in head


@pytest.mark.parametrize("name", MILA_SHELF)
def test_the_abbreviations_are_the_files_so_a_position_written_for_mila_reads(name: str) -> None:
    """MILA writes a location in capitals (``A CAR``), its powers too: the judge reads both."""
    game_map = load_variant(name)
    power, info = next((p, i) for p, i in game_map.powers.items() if i.starting_units)
    unit = info.starting_units[0]
    line = json.dumps({"variant": name, "phase": str(game_map.first_phase),
                       "units": [{"power": power.upper(), "type": str(unit.type),
                                  "loc": unit.location.upper()}],
                       "orders": [{"power": power.upper(),
                                   "order": f"{unit.type} {unit.location.upper()} H"}]})
    answer = json.loads(next(adjudicate_lines([line], "standard")))
    assert answer["results"][0]["resolution"] == ["stands"], answer
    assert answer["next"]["units"] == [{"power": power, "type": str(unit.type), "loc": unit.location}]


@pytest.mark.parametrize("name", SHELF)
def test_each_plays_random_games_that_break_no_rule(name: str) -> None:
    """``judge selfplay NAME``: two games of three years, the invariants checked after each
    phase (selfplay_invariants.py)."""
    kind = playable_kind(name)
    assert isinstance(kind, DiplomacyGame) and kind is game_kind(name)
    summary = selfplay(kind, 2, 1, str(kind.map.first_phase.year + 2))
    assert summary.violations == []


def test_judge_adjudicate_answers_a_position_of_each_variant() -> None:
    """The real command, one line per variant (each names its own), every unit holding; then a
    line of no variant, read as the one ``--variant`` names."""
    lines = []
    for name in MILA_SHELF:
        game_map = load_variant(name)
        units = [u for p in game_map.powers.values() for u in p.starting_units]
        orders = [{"power": u.power, "order": f"{u.type} {u.location} H"} for u in units]
        lines.append({"variant": name, "phase": str(game_map.first_phase),
                      "units": [{"power": u.power, "type": str(u.type), "loc": u.location} for u in units],
                      "orders": orders})
    lines.append({"phase": "S1M", "units": [{"power": "Rome", "type": "F", "loc": "nea"}],
                  "orders": [{"power": "Rome", "order": "F Neapolis - Tyrrhenian Sea"}]})
    run = subprocess.run([sys.executable, "-m", "judge.cli", "adjudicate", "--variant", "ancmed"],
                         input="\n".join(json.dumps(line) for line in lines) + "\n",
                         capture_output=True, text=True, timeout=120, check=True)
    answers = [json.loads(text) for text in run.stdout.splitlines()]
    assert len(answers) == len(MILA_SHELF) + 1
    for name, line, answer in zip(MILA_SHELF, lines, answers):
        assert "error" not in answer, (name, answer)
        assert len(answer["results"]) == len(line["orders"]), name
        assert all(r["resolution"] == ["stands"] for r in answer["results"]), name
        assert answer["next"]["phase"] == "F" + line["phase"][1:]
    assert answers[-1]["results"][0]["resolution"] == ["succeeds"]
    assert answers[-1]["next"]["units"] == [{"power": "Rome", "type": "F", "loc": "tyn"}]


def test_a_position_reads_only_the_map_it_names() -> None:
    """``judge adjudicate`` reads a map when a line first names it, never all fourteen (in a
    process of its own, as the command is)."""
    line = json.dumps({"variant": "modern", "phase": "S1994M", "units": [], "orders": []})
    script = ("import sys\nfrom judge.cli import adjudicate_lines\n"
              "from judge.games.variants import load_variant\n"
              f"list(adjudicate_lines([{line!r}], 'standard'))\n"
              "print(load_variant.cache_info().currsize)")
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         timeout=60, check=True)
    assert run.stdout.strip() == "1"


def test_variant_data_gives_the_files_special_rules() -> None:
    assert variant_data("modern")["build_any"] is True
    assert variant_data("ancmed")["provinces"]["bal"]["port"] is True
    assert variant_data("known_world_901")["powers"]["Neutral-State"]["dummy"] is True
