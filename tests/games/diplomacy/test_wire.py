"""``judge adjudicate``: JSON Lines in, one answer line per input line, through a whole game year."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

from judge.cli import EXAMPLE, adjudicate_lines
from judge.games.variants import load_variant


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


def test_a_unit_at_a_place_read_before_is_read_again_when_it_is_not_the_same() -> None:
    """Units are looked up by their place as given; another power, another type, or a field
    missing is read as on its own."""
    assert answer({"phase": "S1901M", "units": units("England F lon"), "orders": []})["next"]
    for unit, error in (
        ({"type": "F", "loc": "lon"}, "unknown power None"),
        ({"power": "England", "loc": "lon"}, "unit type must be A or F"),
        ({"power": "Narnia", "type": "F", "loc": "lon"}, "unknown power 'Narnia'"),
    ):
        assert error in answer({"phase": "S1901M", "units": [unit]})["error"]
    again = answer({"phase": "S1901M", "units": units("France A lon"), "orders": []})
    assert again["next"]["units"] == [{"power": "France", "type": "A", "loc": "lon"}]


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


# A fall turn in which Italy's army in Apulia is dislodged with nowhere to go: Venice is where the
# attack came from, Rome and Naples are held. Italy gives it no order.
NO_RETREAT = {
    "phase": "F1901M",
    "units": units("Austria A ven", "Austria A rom", "Italy A apu", "Italy F nap"),
    "orders": [
        {"power": "Austria", "order": "A ven - apu"},
        {"power": "Austria", "order": "A rom S A ven - apu"},
        {"power": "Italy", "order": "F nap H"},
    ],
}


def test_an_unordered_unit_destroyed_in_a_movement_phase_is_disbanded_automatically() -> None:
    """A dislodged unit with no retreat is destroyed (DATC 4.E.1's words); one given no order
    appears among what the judge did for its player, and no retreat phase follows."""
    result = answer(NO_RETREAT)
    assert [r["resolution"] for r in result["results"]] == [["succeeds"], ["given"], ["stands"]]
    assert result["automatic"] == [{"power": "Italy", "type": "A", "loc": "apu", "action": "disband"}]
    assert result["next"]["phase"] == "W1901A"
    assert {"power": "Austria", "type": "A", "loc": "apu"} in result["next"]["units"]
    assert all(u["loc"] != "apu" or u["power"] == "Austria" for u in result["next"]["units"])


def test_a_destroyed_unit_that_had_an_order_is_told_in_its_result_not_twice() -> None:
    ordered = {**NO_RETREAT, "orders": [*NO_RETREAT["orders"], {"power": "Italy", "order": "A apu H"}]}
    result = answer(ordered)
    assert result["results"][3]["resolution"] == ["destroyed"]
    assert result["automatic"] == []


def owned(power: str, count: int) -> dict[str, str]:
    """``count`` of the standard map's centres, taken in alphabetical order, owned by ``power``."""
    centres = sorted(p for p, info in load_variant("standard").provinces.items() if info.supply_centre)
    return {centre: power for centre in centres[:count]}


def test_eighteen_centres_after_the_fall_win_the_game() -> None:
    """Standard rules: a power that owns 18 supply centres wins; centres change hands after the
    fall, so the move that takes the 18th wins."""
    centres = owned("France", 17)
    assert "vie" not in centres and "tyr" not in centres
    position = {
        "phase": "F1905M",
        "units": units("France A tyr"),
        "supply_centers": centres,
        "orders": [{"power": "France", "order": "A tyr - vie"}],
    }
    won = answer(position)
    assert won["winner"] == {"powers": ["France"], "reason": "France owns 18 supply centres"}
    assert answer({**position, "orders": []})["winner"] is None  # the army held: 17
    assert answer({**position, "phase": "S1905M"})["winner"] is None  # spring: Vienna not yet hers


def test_command_says_who_won_and_what_it_disbanded() -> None:
    """Both fields through the command itself, each line answered as it comes."""
    lines = [
        json.dumps(NO_RETREAT),
        json.dumps({"phase": "F1905M", "units": units("France A tyr"),
                    "supply_centers": owned("France", 17),
                    "orders": [{"power": "France", "order": "A tyr - vie"}]}),
    ]  # fmt: skip
    done = subprocess.run(
        [sys.executable, "-m", "judge.cli", "adjudicate"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    first, second = (json.loads(line) for line in done.stdout.splitlines())
    assert first["automatic"] == [{"power": "Italy", "type": "A", "loc": "apu", "action": "disband"}]
    assert first["winner"] is None
    assert second["winner"] == {"powers": ["France"], "reason": "France owns 18 supply centres"}


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


def test_canonical_orders_need_neither_lark_nor_the_settings() -> None:
    """Start-up is most of a short ``judge adjudicate`` run: orders as the judge writes them are
    read without the grammar (Lark loads at the first other order), and the command loads no
    settings or database modules."""
    script = (
        "import sys, json\n"
        "from judge.cli import EXAMPLE, adjudicate_lines\n"
        "line = json.dumps({**EXAMPLE, 'orders': [{'power': 'England', 'order': 'A yor - wal'}]})\n"
        "assert json.loads(next(adjudicate_lines([line], 'standard')))['results'][0]['resolution']"
        " == ['succeeds']\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'lark' or 'service' in m))\n"
        "next(adjudicate_lines([json.dumps(EXAMPLE)], 'standard'))  # full names: the grammar\n"
        "print('lark' in sys.modules)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.splitlines() == ["[]", "True"]


def test_adjudicate_command_lines_read_as_the_parser_reads_them() -> None:
    from judge.cli import build_parser, parse_arguments

    for argv in (
        ["adjudicate"],
        ["adjudicate", "--svg"],
        ["adjudicate", "--variant", "roses1"],
        ["adjudicate", "--variant=roses1", "--svg"],
        ["adjudicate", "--svg", "--variant", "roses1", "--variant", "standard"],
        ["adjudicate", "--var", "roses1"],  # an abbreviation: the parser's own reading
    ):
        assert vars(parse_arguments(argv)) == vars(build_parser().parse_args(argv)), argv


class _Trickle:
    """A stream that gives a few bytes a read, as a pipe may."""

    def __init__(self, data: bytes) -> None:
        self.data = data

    def read1(self, size: int) -> bytes:
        chunk, self.data = self.data[:5], self.data[5:]
        return chunk


def test_lines_are_read_whole_in_the_batches_they_arrive_in() -> None:
    from judge.cli import _arrived_lines

    batches = list(_arrived_lines(_Trickle(b'{"a": 1}\n\n{"b": 2}\nlast')))
    assert [line for batch in batches for line in batch] == [b'{"a": 1}\n', b"\n", b'{"b": 2}\n', b"last"]
    assert all(batches)


def test_a_build_needs_its_centre_vacant_at_the_start_of_the_winter_whatever_the_order_given() -> None:
    """DATC 6.I (builds only in a vacant owned home centre) with the winter's orders resolved
    together: a centre held by another power's unit that this winter removes is not vacant, so
    the build there fails, as it would were the removal listed after it (the removal is made)."""
    position = {
        "phase": "W1901A",
        "units": units("Austria A par", "Austria A vie", "Austria A bud"),
        "supply_centers": {"par": "France", "vie": "Austria"},
    }
    for first, second in ((0, 1), (1, 0)):
        orders = [{"power": "Austria", "order": "A par D"}, {"power": "France", "order": "Build A par"}]
        result = answer({**position, "orders": [orders[first], orders[second]]})
        said = {r["order"]: r["resolution"] for r in result["results"]}
        assert said["A par D"] == ["succeeds"]
        assert said["Build A par"] == ["illegal"]
        assert all(u["loc"] != "par" for u in result["next"]["units"])
