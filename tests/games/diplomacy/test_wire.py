"""``judge adjudicate``: JSON Lines in, one answer line per input line, through a whole game year."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

from judge.cli import EXAMPLE, adjudicate_lines


def answer(data: Any, variant: str = "standard") -> dict[str, Any]:
    lines = list(adjudicate_lines([json.dumps(data)], variant))
    assert len(lines) == 1
    result: dict[str, Any] = json.loads(lines[0])
    return result


def units(*specs: str) -> list[dict[str, str]]:
    """``"England F nth"`` -> a unit object."""
    out = []
    for spec in specs:
        power, unit_type, loc = spec.split()
        out.append({"power": power, "type": unit_type, "loc": loc})
    return out


def test_example_position_resolves_with_retreat_phase_next() -> None:
    result = answer(EXAMPLE)
    words = [r["resolution"] for r in result["results"]]
    assert words == [
        ["available"],
        ["succeeds"],
        ["given"],
        ["fails"],
        ["cut", "dislodged"],
        ["succeeds"],
        ["given"],
    ]
    assert result["results"][0]["unit"] == "F nth"
    following = result["next"]
    assert following["phase"] == "F1901R"
    assert following["dislodged"] == [
        {"power": "France", "type": "F", "loc": "bel", "attacker_from": "ruh", "retreats": ["pic"]}
    ]
    assert {u["loc"] for u in following["units"]} == {"nth", "nwy", "lon", "eng", "bel", "hol"}


def test_full_names_coasts_and_default_hold() -> None:
    result = answer(
        {
            "phase": "S1901M",
            "units": units("France F mao", "Italy F wes", "France A mar"),
            "orders": [{"power": "France", "order": "F Mid-Atlantic Ocean - Spain(north coast)"}],
        }
    )
    assert result["results"] == [
        {
            "power": "France",
            "order": "F Mid-Atlantic Ocean - Spain(north coast)",
            "unit": "F mao",
            "resolution": ["succeeds"],
            "message": "",
        }
    ]
    assert {"power": "France", "type": "F", "loc": "spa/nc"} in result["next"]["units"]
    assert result["next"]["phase"] == "F1901M"


def test_unreadable_and_illegal_orders_say_why() -> None:
    result = answer(
        {
            "phase": "S1901M",
            "units": units("England F lon"),
            "orders": [
                {"power": "England", "order": "F lon - xyzzy"},
                {"power": "England", "order": "F lon - mos"},
            ],
        }
    )
    first, second = result["results"]
    assert first["resolution"] == ["illegal"] and first["unit"] is None
    assert "xyzzy" in first["message"]
    assert second["resolution"] == ["illegal"] and "inland" in second["message"]


def test_bad_lines_get_an_error_and_the_rest_are_answered() -> None:
    good = json.dumps({"phase": "S1901M", "units": units("England F lon"), "orders": []})
    lines = [
        "this is not json",
        json.dumps({"variant": "nosuch"}),
        json.dumps({"units": [{"power": "Narnia", "type": "A", "loc": "lon"}]}),
        json.dumps({"units": [{"power": "England", "type": "A", "loc": "atlantis"}]}),
        json.dumps({"phase": "X1901M"}),
        json.dumps({"units": units("England F mun")}),
        json.dumps([1, 2]),
        "",
        good,
    ]
    answers = [json.loads(line) for line in adjudicate_lines(lines, "standard")]
    assert len(answers) == len(lines)
    for bad, text in zip(answers[:-1], ["not valid JSON", "unknown variant", "unknown power",
                                        "unknown province", "not a phase", "a fleet cannot stand",
                                        "expected a JSON object", "empty line"]):
        assert text in bad["error"], bad
    assert answers[-1]["next"]["phase"] == "F1901M"


def test_a_year_round_trip_through_retreats_and_adjustments() -> None:
    spring = answer(
        {
            "phase": "F1901M",
            "units": units("Germany A mun", "Germany A ruh", "France A bur", "France A par"),
            "supply_centers": {"mun": "Germany", "par": "France", "bel": "France"},
            "orders": [
                {"power": "Germany", "order": "A mun - bur"},
                {"power": "Germany", "order": "A ruh S A mun - bur"},
            ],
        }
    )
    retreat = spring["next"]
    assert retreat["phase"] == "F1901R"
    assert retreat["dislodged"] == [
        {"power": "France", "type": "A", "loc": "bur", "attacker_from": "mun",
         "retreats": ["bel", "gas", "mar", "pic"]}
    ]
    after_retreat = answer({**retreat, "orders": [{"power": "France", "order": "A bur - mar"}]})
    assert after_retreat["results"][0]["resolution"] == ["succeeds"]
    winter = after_retreat["next"]
    # France holds par and bel and now mar (2 units, 3 centres): it builds; Germany lost nothing.
    assert winter["phase"] == "W1901A"
    assert winter["supply_centers"]["mar"] == "France"
    adjusted = answer({**winter, "orders": [{"power": "France", "order": "Build F bre"}]})
    assert adjusted["results"][0]["resolution"] == ["illegal"]  # France does not own Brest here
    adjusted = answer(
        {**winter, "supply_centers": {**winter["supply_centers"], "bre": "France"},
         "orders": [{"power": "France", "order": "Build F bre"}]}
    )
    assert adjusted["results"][0]["resolution"] == ["succeeds"]
    assert adjusted["next"]["phase"] == "S1902M"
    assert {"power": "France", "type": "F", "loc": "bre"} in adjusted["next"]["units"]


def test_unordered_retreat_is_disbanded_automatically() -> None:
    result = answer(
        {
            "phase": "S1901R",
            "units": units("Germany A bur"),
            "dislodged": [{"power": "France", "type": "A", "loc": "bur", "attacker_from": "mun"}],
            "orders": [],
        }
    )
    assert result["automatic"] == [{"power": "France", "type": "A", "loc": "bur", "action": "disband"}]


def test_civil_disorder_removal_is_reported() -> None:
    result = answer(
        {
            "phase": "W1901A",
            "units": units("Russia A lvn", "Russia A pru"),
            "supply_centers": {"stp": "Russia"},
            "orders": [],
        }
    )
    assert result["automatic"] == [{"power": "Russia", "type": "A", "loc": "pru", "action": "remove"}]
    assert result["next"]["phase"] == "S1902M"


def test_no_adjustment_phase_when_nobody_adjusts() -> None:
    result = answer({"phase": "F1901M", "units": units("England F lon"),
                     "supply_centers": {"lon": "England"}, "orders": []})
    assert result["next"]["phase"] == "S1902M"


def test_command_answers_each_line_in_order_and_flushes() -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "judge.cli", "adjudicate"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(json.dumps(EXAMPLE) + "\n")
    process.stdin.flush()
    first = json.loads(process.stdout.readline())  # answered before the input ends
    assert first["next"]["phase"] == "F1901R"
    process.stdin.write("{bad\n")
    process.stdin.close()
    second = json.loads(process.stdout.readline())
    assert "error" in second
    assert process.wait(timeout=60) == 0
