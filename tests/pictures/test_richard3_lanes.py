"""Richard III's sea lanes (``judge/pictures/richard3/lanes.py``) are read from
``richard3.lanes.json``, the lanes the search finds on the map's grid, kept: the file must hold
what the search finds for every pair of areas sharing a sea zone.

After changing the map's shapes or the search, write the file again:
``python tests/pictures/test_richard3_lanes.py``.
"""

from __future__ import annotations

import json
from pathlib import Path

from judge.pictures.richard3.lanes import LANES_FILE, found_lane, lane_key, lane_pairs, prebuilt_lanes, sea_lane

FILE = Path(__file__).resolve().parents[2] / "judge" / "games" / "richard3" / LANES_FILE


def lanes_found() -> dict[str, list[list[float]]]:
    return {lane_key(a, b): [list(point) for point in found_lane(a, b)] for a, b in lane_pairs()}


def test_the_kept_lanes_are_the_lanes_the_search_finds() -> None:
    again = "write it with python tests/pictures/test_richard3_lanes.py"
    assert FILE.is_file(), f"{FILE.name} is missing: {again}"
    assert json.loads(FILE.read_text(encoding="utf-8")) == lanes_found(), f"{FILE.name} is out of date: {again}"


def test_a_lane_is_read_from_the_kept_lanes_either_way() -> None:
    """Kent to Sussex by the Channel (issue 18, point 10), as kept, and back the other way."""
    kept = prebuilt_lanes()
    assert len(kept) == len(lane_pairs()) > 100
    there = sea_lane("Kent", "Sussex")
    assert there == kept[lane_key("Kent", "Sussex")] and len(there) >= 2
    assert sea_lane("Sussex", "Kent") == there[::-1]


if __name__ == "__main__":
    FILE.write_text(json.dumps(lanes_found(), indent=0) + "\n", encoding="utf-8")
    print(f"wrote {FILE}")
