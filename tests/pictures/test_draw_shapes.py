"""``judge variants draw``: a variant's shapes drawn from its geography file, on a tiny made-up
geography: a coast running north and south with two seas off it, an island without a seed, and
an island across the water that the map joins to the mainland by land."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest

from judge.pictures.draw_shapes import drawn, read_geography, shapes_text
from judge.pictures.repair_shapes import Board
from judge.pictures.shapes import Checklist, ShapesError, read_shapes

GEOGRAPHY = """
# A made-up coast, for the tests.
cell = 4
[frame]
west = 0.0
east = 10.0
south = 0.0
north = 6.0
columns = 20

[[land]]
points = [[-1.0, -1.0], [6.0, -1.0], [6.0, 7.0], [-1.0, 7.0]]

[[land]]  # an island with no seed: land that is no province
points = [[8.0, 0.2], [9.6, 0.2], [9.6, 1.2], [8.0, 1.2]]

[seeds]
hil = [[0.5, 3.0]]
nor = [[4.0, 5.0]]
sou = [[4.0, 1.0]]
bay = [[8.0, 5.5]]
gul = [[8.0, 3.5]]

[colours]
Red = "#aa0000"

[places]
"nor/ec" = [10.5, 2.5]
"""

PAIRS = ["hil-nor", "hil-sou", "nor-sou", "bay-nor", "gul-sou", "bay-gul", "gul-hil"]


def _board(pairs: list[str]) -> Board:
    return Board(frozenset({"hil", "nor", "sou", "bay", "gul"}), frozenset({"bay", "gul"}), frozenset(),
                 frozenset(frozenset(pair.split("-")) for pair in pairs))


def _touching(grid: tuple[tuple[str, ...], ...], board: Board) -> set[frozenset[str]]:
    found = set()
    for y, row in enumerate(grid):
        for x, key in enumerate(row):
            for other in (row[x + 1] if x + 1 < len(row) else "", grid[y + 1][x] if y + 1 < len(grid) else ""):
                if key in board.provinces and other in board.provinces and key != other:
                    found.add(frozenset((key, other)))
    return found


def _pieces(grid: tuple[tuple[str, ...], ...], key: str) -> int:
    cells = {(x, y) for y, row in enumerate(grid) for x, k in enumerate(row) if k == key}
    count = 0
    while cells:
        count += 1
        stack = [cells.pop()]
        while stack:
            x, y = stack.pop()
            for near in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if near in cells:
                    cells.discard(near)
                    stack.append(near)
    return count


def test_the_grid_follows_the_frame_and_the_coastline() -> None:
    geography = read_geography(GEOGRAPHY)
    assert (geography.columns, geography.rows) == (20, 12)
    grid = drawn(geography, _board(PAIRS)).grid
    assert len(grid) == 12 and all(len(row) == 20 for row in grid)
    assert all(row[col] not in ("bay", "gul") for row in grid for col in range(12))  # land to 6 degrees east
    assert all(row[col] in ("bay", "gul") for row in grid[:8] for col in range(12, 20))
    assert grid[11][17] == ""  # the island without a seed is land that is no province


def test_a_frame_latitude_draws_a_degree_of_longitude_as_wide_as_its_cosine() -> None:
    """At 60 degrees a degree of longitude is half a degree of latitude: the same frame is drawn
    twice as tall, the coast where it was; without the key the two are drawn alike."""
    geography = read_geography(GEOGRAPHY.replace("columns = 20", "columns = 20\nlatitude = 60.0"))
    assert (geography.columns, geography.rows) == (20, 24)
    grid = drawn(geography, _board(PAIRS)).grid
    assert len(grid) == 24 and all(len(row) == 20 for row in grid)
    assert all(row[col] not in ("bay", "gul") for row in grid for col in range(12))
    assert all(row[col] in ("bay", "gul") for row in grid[:16] for col in range(12, 20))
    assert read_geography(GEOGRAPHY).latitude is None


def test_the_borders_are_repaired_until_they_are_the_maps() -> None:
    """By distance alone the gulf reaches north of the land's border (an extra border, nor-gul),
    and the hills, far inland, do not reach the gulf (a missing one, gul-hil)."""
    board = _board(PAIRS)
    drawing = drawn(read_geography(GEOGRAPHY), board)
    assert drawing.problems == ()
    assert _touching(drawing.grid, board) == set(board.adjacent)
    for key in board.provinces:
        assert _pieces(drawing.grid, key) == 1, key


def test_what_cannot_be_mended_is_reported_by_pair() -> None:
    """The map joins the hills to the seedless island by land, across the water: no corridor of
    land can join them, so the pair is reported; and a seed at sea for a land province is moved
    ashore and reported."""
    text = GEOGRAPHY.replace("[seeds]\n", "[seeds]\nisl = [[9.0, 0.7]]\n").replace("hil = [[0.5, 3.0]]",
                                                                                  "hil = [[7.0, 3.0]]")
    board = Board(_board(PAIRS).provinces | {"isl"}, frozenset({"bay", "gul"}), frozenset(),
                  _board([*PAIRS, "hil-isl", "gul-isl"]).adjacent)
    problems = drawn(read_geography(text), board).problems
    assert "hil-isl: adjacent on the map, apart in the picture" in problems
    assert any(line.startswith("hil: the seed at 7.0, 3.0 is not on land; moved to cell") for line in problems)
    assert not any("gul-isl" in line for line in problems)


def test_fixes_are_applied_after_the_repair_and_the_shapes_file_reads() -> None:
    text = GEOGRAPHY + '\n[fixes]\n"" = [[0, 0]]\n'
    geography = read_geography(text)
    board = _board(PAIRS)
    drawing = drawn(geography, board)
    assert drawing.grid[0][0] == ""
    shapes = read_shapes(
        shapes_text("tiny", geography, drawing, board.seas),
        Checklist("tiny", board.provinces, board.seas, ("nor/ec",), ("Red",)),
    )
    assert set(shapes.areas) == {"hil", "nor", "sou", "bay", "gul", "##"}
    assert shapes.places["nor/ec"] == (42.0, 10.0)
    assert shapes.colours == {"Red": "#aa0000"}


@pytest.mark.parametrize("broken, spoilt, message", [
    ("columns = 20", "", "[frame] needs"),
    ("points = [[-1.0, -1.0], [6.0, -1.0], [6.0, 7.0], [-1.0, 7.0]]", "points = [[1.0, 1.0]]",
     "three points or more"),
    ("hil = [[0.5, 3.0]]", "hil = [0.5]", "seed hil: needs a list"),
    ("columns = 20", "columns = 20\nlatitude = 90.0", "[frame] latitude needs"),
])
def test_a_spoilt_geography_file_is_refused_with_the_culprit_named(broken: str, spoilt: str, message: str) -> None:
    with pytest.raises(ShapesError, match=message.replace("[", r"\[")):
        read_geography(GEOGRAPHY.replace(broken, spoilt))


def test_the_command_refuses_a_variant_without_a_geography_file(capsys: pytest.CaptureFixture[str]) -> None:
    from judge.cli import main

    assert main(["variants", "draw", "pure"]) == 2
    assert "no geography for pure" in capsys.readouterr().err


GEOGRAPHIES = sorted(path.name.removesuffix(".geography.toml")
                     for path in resources.files("judge.games.variants").iterdir()
                     if path.name.endswith(".geography.toml"))


@pytest.mark.parametrize("variant", GEOGRAPHIES)
def test_a_shipped_variants_shapes_are_what_the_command_draws_from_its_geography(
        variant: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The shapes file is never edited by hand: drawing again from the geography file gives it
    back, and the command says what it left for the picture test's excuses."""
    from judge.cli import main

    assert main(["variants", "draw", variant, "--into", str(tmp_path)]) in (0, 1)
    shipped = resources.files("judge.games.variants").joinpath(f"{variant}.shapes.toml").read_text()
    assert (tmp_path / f"{variant}.shapes.toml").read_text() == shipped
    assert f"The shapes of {variant}" in capsys.readouterr().out
