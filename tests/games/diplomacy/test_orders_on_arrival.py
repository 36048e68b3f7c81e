"""Orders checked as they arrive (``read_orders``, ``arrival.py``): what the position already
decides is refused at once with the reason and the choices left; what is left to order is named;
a second order for a unit says which order it replaced.

Builds: DATC 6.I.1 to 6.I.7 (where a power may build), 6.B.14 (a missing coast); removals and
the number of adjustments: the winter rules, DATC 6.J; retreats: DATC 6.H.1, 6.H.5, 6.H.6.
"""

from __future__ import annotations

from typing import Any

from judge.games.diplomacy.game import DiplomacyGame
from judge.games.kind import OrderLine
from judge.games.variants import load_variant

GAME = DiplomacyGame(load_variant("standard"))
ROSES = DiplomacyGame(load_variant("roses1"))


def unit(power: str, kind: str, loc: str) -> dict[str, str]:
    return {"power": power, "type": kind, "loc": loc}


# Russia builds two (four centres, two units); Germany removes one (two centres, three units).
WINTER: dict[str, Any] = {
    "phase": "W1901A",
    "units": [
        unit("Russia", "A", "mos"), unit("Russia", "F", "bla"),
        unit("Germany", "A", "mun"), unit("Germany", "A", "kie"), unit("Germany", "A", "hol"),
    ],
    "supply_centers": {
        "stp": "Russia", "mos": "Russia", "war": "Russia", "rum": "Russia",
        "sev": "Germany", "ber": "Germany",
    },
}  # fmt: skip


def read(state: dict[str, Any], power: str, *lines: str, taken: dict[str, str] | None = None,
         game: DiplomacyGame = GAME) -> list[OrderLine]:
    return game.read_orders(state, power, list(lines), taken)


def error(state: dict[str, Any], power: str, line: str, **taken: str) -> str | None:
    return read(state, power, line, taken=taken or None)[0].error


def test_a_build_where_the_power_may_not_build_is_refused_naming_where_it_may() -> None:
    """DATC 6.I.1 to 6.I.7: only on a vacant home centre the power owns; an army anywhere there,
    a fleet only on a coast."""
    sites = "Russia may build at stp, war"
    assert error(WINTER, "Russia", "Build A ber") == f"ber is not a home centre of Russia; {sites}"
    assert error(WINTER, "Russia", "Build A sev") == f"Russia does not own sev; {sites}"
    assert error(WINTER, "Russia", "Build A mos") == f"mos is occupied; {sites}"
    assert error(WINTER, "Russia", "Build F war") == (
        f"a fleet cannot be built in war, which is inland; {sites}")
    assert error(WINTER, "Russia", "Build F war/nc") == '"nc" is not a coast of Warsaw: it is inland'


def test_a_fleet_build_missing_its_coast_is_refused_with_the_coasts() -> None:
    """DATC 6.B.14: the build fails at the deadline; the judge says so as it arrives."""
    assert error(WINTER, "Russia", "Build F stp") == (
        "say on which coast of stp to build the fleet (nc or sc)")
    assert read(WINTER, "Russia", "Build F stp/nc")[0].canonical == "Build F stp/nc"


def test_builds_only_from_a_power_with_builds_due_and_no_more_than_due() -> None:
    assert error(WINTER, "Germany", "Build A ber") == "Germany has no builds due: it must remove 1 unit"
    assert error(WINTER, "Germany", "Waive") == "Germany has no builds due: it must remove 1 unit"
    lines = read(WINTER, "Russia", "Build A stp", "Build A war", "Waive")
    assert [line.slot for line in lines[:2]] == ["build stp", "build war"]
    assert lines[2].error == (
        "Russia has 2 builds due and has ordered Build A stp, Build A war already (an order for "
        "the same site replaces one; CLEAR withdraws them all)")
    # Counted with the orders taken before: a build at a site already ordered replaces its build.
    taken = {"build stp": "Build A stp", "waive 1": "Waive"}
    assert error(WINTER, "Russia", "Build A war", **taken) is not None
    replaced = read(WINTER, "Russia", "Build F stp/sc", taken=taken)[0]
    assert (replaced.slot, replaced.replaces) == ("build stp", "Build A stp")


def test_removals_only_of_ones_own_units_and_no_more_than_owed() -> None:
    assert error(WINTER, "Russia", "A mos D") == "Russia has no removals due: it has 2 builds due"
    assert error(WINTER, "Germany", "Remove A mos") == "the unit in mos belongs to Russia"
    assert error(WINTER, "Germany", "Remove A par") == "there is no unit in par"
    lines = read(WINTER, "Germany", "A kie D", "A hol D")
    assert lines[0].slot == "kie"
    assert lines[1].error == (
        "Germany must remove 1 unit and has ordered A kie D already (an order for the same unit "
        "replaces one; CLEAR withdraws them all)")
    assert error(WINTER, "Germany", "A hol D", mun="A mun D") is not None


def test_what_is_left_to_order_in_an_adjustment_phase() -> None:
    assert GAME.waiting(WINTER, "Russia", []) == ["2 builds (or WAIVE)"]
    assert GAME.waiting(WINTER, "Russia", ["Build A stp"]) == ["1 build (or WAIVE)"]
    assert GAME.waiting(WINTER, "Russia", ["Build A stp", "Waive"]) == []
    assert GAME.waiting(WINTER, "Germany", []) == ["1 removal"]
    assert GAME.waiting(WINTER, "Germany", ["A hol D"]) == []
    assert not GAME.waiting(WINTER, "Germany", ["A hol D"])
    # An order that cannot stand leaves its build to order: never "complete" on it.
    assert GAME.waiting(WINTER, "Russia", ["Build A mos", "Build A war"]) == ["1 build (or WAIVE)"]


RETREATS: dict[str, Any] = {
    "phase": "F1901R",
    "units": [unit("Germany", "A", "bur"), unit("France", "A", "pic"), unit("England", "F", "eng")],
    "supply_centers": {},
    "dislodged": [
        {"power": "France", "type": "A", "loc": "bur", "attacker_from": "mun"},
        {"power": "France", "type": "F", "loc": "bre", "attacker_from": "mao"},
    ],
    "standoffs": ["gas"],
}


def test_a_retreat_to_a_place_not_offered_is_refused_with_the_places() -> None:
    """DATC 6.H.5, 6.H.6, 6.H.11: not where the attacker came from, not into an occupied province,
    not into one left empty by a standoff."""
    offered = "it may retreat to bel, mar, par, ruh"
    for place in ("mun", "pic", "gas"):
        assert error(RETREATS, "France", f"A bur - {place}") == (
            f"A bur cannot retreat to {place}; {offered}")
    assert read(RETREATS, "France", "A bur - par")[0].slot == "bur"
    assert error(RETREATS, "France", "A pic - bel") == (
        "no unit was dislodged from pic (yours: A bur, F bre)")
    assert error(RETREATS, "Germany", "A bur - par") == "the dislodged unit in bur belongs to France"
    assert error(RETREATS, "France", "A bur H") == (
        "only retreats and disbands are ordered in a retreat phase (DATC 6.H.1)")
    assert GAME.waiting(RETREATS, "France", ["A bur - par"]) == ["F bre (retreat or disband)"]
    assert GAME.waiting(RETREATS, "France", ["A bur - par", "F bre D"]) == []


def test_a_move_missing_a_coast_it_needs_is_void_with_the_coasts() -> None:
    """DATC 6.B.1: a fleet that could reach two coasts must name one; the order is void (refused
    as it arrives), not a move that bounces."""
    state = {"phase": "S1901M", "units": [unit("France", "F", "mao")], "supply_centers": {}}
    assert error(state, "France", "F mao - spa") == (
        "spa has several coasts a fleet in mao can reach: say which (nc or sc)")
    assert GAME.waiting(state, "France", []) == ["F mao"]


def test_a_second_order_for_a_unit_says_which_it_replaced() -> None:
    state = GAME.new_game(b"")
    lines = read(state, "France", "F bre - mao", "A par - bur", "F bre - pic", "A par - bur")
    assert [line.replaces for line in lines] == [None, None, "F bre - mao", None]
    later = read(state, "France", "A par - gas", taken={"par": "A par - bur", "bre": "F bre H"})
    assert later[0].replaces == "A par - bur"
    assert GAME.waiting(state, "France", ["A par - gas"]) == ["F bre", "A mar"]


def test_roses_builds_in_a_box_count_against_those_due() -> None:
    """Wars of the Roses I, rule 5: the Scots build in their box, as many units as they have
    builds due."""
    state = {
        "variant": "roses1",
        "phase": "W1455A",
        "units": [unit("Scots", "A", "dum")],
        "supply_centers": {"dum": "Scots"},
    }  # three centres (one on the board, two in the box), one unit: two builds
    lines = read(state, "Scots", "Build A Scotland", "Build F Scotland", "Build A Scotland",
                 game=ROSES)
    assert [line.canonical for line in lines[:2]] == ["Build A scotland", "Build F scotland"]
    assert lines[2].error is not None and "Scots has 2 builds due" in lines[2].error
    assert ROSES.waiting(state, "Scots", ["Build A scotland"]) == ["1 build (or WAIVE)"]
