"""Wars of the Roses I through the game-kind seam, as the judge service uses it: orders read and
slotted as they arrive (the King's, and those for units in the boxes), completeness, default
orders, and the state the service stores.

Rule numbers are those of the variant's rules (shared/seeds/wars-of-the-roses-i-diplomacy-variant.txt).
"""

from __future__ import annotations

from random import Random

from judge.games.diplomacy.game import DiplomacyGame
from judge.games.registry import game_kind
from judge.games.variants import load_variant

GAME = DiplomacyGame(load_variant("roses1"))


def read(
    state: dict[str, object], power: str, *lines: str
) -> list[tuple[str | None, str | None, str | None]]:
    return [
        (line.canonical, line.slot, line.error) for line in GAME.read_orders(state, power, lines)
    ]


def test_a_new_game_has_seven_powers_the_king_and_the_boxes() -> None:
    state = GAME.new_game(b"seed")
    assert GAME.pending(state).powers == frozenset(GAME.powers())  # rule 2: all seven move
    assert len(GAME.powers()) == 7
    assert state["king"] == "lon"
    boxed = sorted(
        (u["power"], u["type"]) for u in state["units"] if u["loc"] in ("scotland", "france")
    )
    assert boxed == [("French", "A"), ("French", "F"), ("Scots", "A"), ("Scots", "A")]
    assert game_kind("roses1").name == "diplomacy/roses1"


def test_orders_for_units_in_a_box_fill_numbered_slots() -> None:
    state = GAME.new_game(b"")
    assert read(
        state, "Scots", "A Scotland - Teviotdale", "A Scotland H", "F Dumfries - North Channel"
    ) == [
        ("A scotland - tev", "scotland A 1", None),
        ("A scotland H", "scotland A 2", None),
        ("F dum - nch", "dum", None),
    ]
    assert read(state, "French", "F France - Harfleur", "A France - Calais", "france - pic") == [
        (None, None, "fleets come onto the board from France only at sei, wch (rule 5)"),
        (None, None, "armies come onto the board from France only at har, pic (rule 5)"),
        (None, None, "France holds armies and fleets: say which (A or F)"),
    ]
    assert read(state, "Percies", "A car - scotland", "A scotland - tev")[0][2] == (
        "nothing moves into a box: a unit on the board never leaves it (rule 5)"
    )
    assert read(state, "Scots", "A scotland - tev", "A scotland H", "A scotland - bwk")[2] == (
        None,
        None,
        "one order too many: each of the 2 armies of Scots in Scotland has its order already",
    )
    assert read(state, "French", "A france - pic", "A france H")[1][2] == (
        "one order too many: the army of French in France has its order already"
    )


def test_the_kings_orders_are_read_and_checked_as_they_arrive() -> None:
    state = GAME.new_game(b"")
    assert read(state, "Red Rose", "A+K Lon-Sry", "K London - Rochester") == [
        ("A+K lon - sry", "lon", None),
        ("K lon - roc", "king", None),
    ]
    assert read(state, "White Rose", "K lon - roc") == [
        (None, None, "Henry VI is held by Red Rose")
    ]
    assert read(state, "Red Rose", "A+K can - chi", "K lon - can") == [
        (None, None, "Henry VI is not in can"),
        (None, None, "can is not next to lon"),
    ]
    retreats = {**state, "phase": "S1455R", "dislodged": []}
    assert (
        read(retreats, "Red Rose", "K lon - roc")[0][2] == "Henry VI moves only in movement phases"
    )
    standard = DiplomacyGame(load_variant("standard"))
    lines = standard.read_orders(standard.new_game(b""), "France", ["A+K Par-Bur", "K par - bur"])
    assert [line.error for line in lines] == ["there is no King in this game"] * 2


def test_orders_are_complete_when_every_unit_in_the_box_has_one() -> None:
    state = GAME.new_game(b"")
    one = ["F dum H", "A scotland - tev"]
    assert GAME.waiting(state, "Scots", one)
    assert not GAME.waiting(state, "Scots", [*one, "A scotland - bwk"])
    assert not GAME.waiting(
        state, "Red Rose", ["A lon H", "A can H", "F roc H"]
    )  # the King is optional


def test_units_without_orders_hold_in_their_box_and_the_turn_shows_the_boxes() -> None:
    state = GAME.new_game(b"")
    result = GAME.resolve(
        state, {"Scots": ["A scotland - tev"], "Red Rose": ["A+K lon - sry"]}, Random(0)
    )
    defaults = [(r["power"], r["order"]) for r in result.report["results"] if r["default"]]
    assert ("Scots", "A scotland H") in defaults and ("Scots", "F dum H") in defaults
    assert ("French", "A france H") in defaults and ("French", "F france H") in defaults
    assert ("Red Rose", "A lon H") not in defaults  # it had its order, with the King
    assert result.state["phase"] == "F1455M" and result.state["king"] == "sry"
    assert result.report["king"]["held_by"] == "Red Rose"
    scotland = next(box for box in result.report["boxes"] if box["name"] == "Scotland")
    assert scotland["units"] == ["A"]
    assert GAME.position(result.state) == GAME.position(dict(result.state))  # the state reads back


def test_builds_and_removals_in_a_box_fill_slots_and_complete_the_orders() -> None:
    state = {
        "phase": "W1455A",
        "units": [{"power": "Scots", "type": "F", "loc": "nth"}],
        "supply_centers": {"dum": "Scots", "ncl": "Scots"},
        "king": "lon",
    }
    # The French have no unit: Paris and Rouen give them two builds, in their box.
    assert GAME.pending(state).powers == frozenset({"Scots", "French"})
    assert read(state, "Scots", "Build A Scotland", "Build F scotland") == [
        ("Build A scotland", "build scotland 1", None),
        ("Build F scotland", "build scotland 2", None),
    ]
    assert GAME.waiting(state, "Scots", ["Build A scotland", "Build F scotland"])
    assert not GAME.waiting(state, "Scots", ["Build A scotland", "Build F scotland", "Build A dum"])
    # four centres (two on the board, two in the box), six units: two removals
    over = {
        **state,
        "units": [*state["units"], *[{"power": "Scots", "type": "A", "loc": "scotland"}] * 5],
    }  # type: ignore[list-item]
    assert read(over, "Scots", "Remove A scotland") == [
        ("A scotland D", "remove scotland A 1", None)
    ]
    assert GAME.waiting(over, "Scots", ["A scotland D"])
    assert not GAME.waiting(over, "Scots", ["A scotland D", "A scotland D"])


def test_rule_7_a_second_fleet_build_is_refused_as_it_arrives() -> None:
    state = {
        "phase": "W1455A",
        "units": [],
        "supply_centers": {"lon": "Red Rose", "roc": "Red Rose", "har": "French"},
        "king": "lon",
    }
    assert read(state, "Red Rose", "Build F lon", "Build F lon", "Build F roc", "Build A roc") == [
        ("Build F lon", "build lon", None),
        ("Build F lon", "build lon", None),  # the same build again, not a second fleet
        (None, None, "Red Rose may build only one fleet a year (rule 7)"),
        ("Build A roc", "build roc", None),
    ]
    assert read(state, "French", "Build F france", "Build F France", "Build A france") == [
        ("Build F france", "build france 1", None),
        (None, None, "French may build only one fleet a year (rule 7)"),
        ("Build A france", "build france 2", None),
    ]
    standard = DiplomacyGame(load_variant("standard"))
    england = {
        "phase": "W1901A",
        "units": [],
        "supply_centers": {"lon": "England", "edi": "England"},
    }
    lines = standard.read_orders(england, "England", ["Build F lon", "Build F edi"])
    assert [line.error for line in lines] == [None, None]


def test_rule_7_counts_the_fleet_builds_taken_before_with_those_that_arrive() -> None:
    state = {
        "phase": "W1455A",
        "units": [],
        "supply_centers": {"lon": "Red Rose", "roc": "Red Rose", "can": "Red Rose"},
        "king": "lon",
    }
    taken = {"build lon": "Build F lon", "build roc": "Build A roc"}

    def read_after(*lines: str) -> list[tuple[str | None, str | None, str | None]]:
        read = GAME.read_orders(state, "Red Rose", lines, taken)
        return [(line.canonical, line.slot, line.error) for line in read]

    refused = (None, None, "Red Rose may build only one fleet a year (rule 7)")
    assert read_after("Build F roc") == [refused]
    assert read_after("Build F can") == [refused]
    assert read_after("Build F lon") == [("Build F lon", "build lon", None)]  # the same again
    # A new order for London replaces the fleet built there: a fleet elsewhere is then the one.
    assert read_after("Build A lon", "Build F roc") == [
        ("Build A lon", "build lon", None),
        ("Build F roc", "build roc", None),
    ]
    assert read_after("Build F roc", "Build A lon") == [refused, ("Build A lon", "build lon", None)]
    # The French: a fleet built in their box counts against one built on the board.
    french = {**state, "supply_centers": {"har": "French", "cal": "French"}}
    in_box = {"build france 1": "Build F france"}
    lines = GAME.read_orders(french, "French", ["Build F har"], in_box)
    assert [line.error for line in lines] == ["French may build only one fleet a year (rule 7)"]
    lines = GAME.read_orders(french, "French", ["Build F france"], in_box)
    assert [line.slot for line in lines] == ["build france 1"]  # numbered afresh: replaces it


def test_rule_5_the_scots_and_the_french_survive_on_the_centres_of_their_boxes() -> None:
    # Nothing of theirs on the board: the Scots have an army in their box, the French nothing.
    state = {
        "phase": "F1456M",
        "units": [
            {"power": "Red Rose", "type": "A", "loc": "lon"},
            {"power": "Scots", "type": "A", "loc": "scotland"},
        ],
        "supply_centers": {"lon": "Red Rose", "dum": "Percies", "har": "Nevilles"},
        "king": "lon",
    }
    assert GAME.survivors(state) == ["Red Rose", "Percies", "Nevilles", "Scots", "French"]
    standard = DiplomacyGame(load_variant("standard"))
    england = {"phase": "F1901M", "units": [], "supply_centers": {"lon": "England"}}
    assert standard.survivors(england) == ["England"]  # no box: nothing left, out of the game
