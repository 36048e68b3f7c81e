"""The invariants random playouts check after every phase: each one accepts what the rules allow
and names what they do not, on hand-made positions of the standard map."""

from __future__ import annotations

from typing import Any

from judge.games.diplomacy import selfplay_invariants as inv
from judge.games.diplomacy.position import Dislodged, Position
from judge.games.diplomacy.turns import starting_position
from judge.games.diplomacy.vocabulary import Location, Phase, Power, Province, Unit, UnitType
from judge.games.diplomacy.wire import read_position
from judge.games.variants import load_variant

STANDARD = load_variant("standard")
ROSES = load_variant("roses1")
START = starting_position(STANDARD)


def unit(power: str, kind: str, where: str) -> Unit:
    return Unit(Power(power), UnitType(kind), Location(where))


def position(
    phase: str, units: list[Unit], centres: dict[str, str] | None = None, **more: Any
) -> Position:
    return Position(
        Phase.parse(phase),
        {u.province: u for u in units},
        {
            Province(c): Power(p)
            for c, p in (dict(START.supply_centres) if centres is None else centres).items()
        },
        **more,
    )


def test_the_start_and_a_real_phase_break_nothing() -> None:
    after = read_position(
        STANDARD, {"phase": "F1901M", "units": [{"power": "England", "type": "F", "loc": "nth"}]}
    )
    before = read_position(
        STANDARD, {"phase": "S1901M", "units": [{"power": "England", "type": "F", "loc": "lon"}]}
    )
    assert inv.violations(STANDARD, before, after) == []
    assert inv.checks_for(STANDARD) == inv.STANDARD_CHECKS


def test_units_off_the_map_or_where_their_type_cannot_stand_are_named() -> None:
    after = position(
        "F1901M",
        [
            unit("England", "A", "nth"),  # an army at sea
            unit("France", "F", "par"),  # a fleet inland
            unit("Russia", "F", "stp"),  # a fleet on a two-coast province without its coast
            unit("Turkey", "A", "xyz"),  # nowhere
            unit("Mordor", "A", "mun"),  # no such power
        ],
    )
    problems = list(inv.units_stand_on_the_map(STANDARD, START, after))
    assert problems == [
        "England A nth: an army cannot stand there",
        "France F par: a fleet cannot stand there",
        "Russia F stp: a fleet cannot stand there",
        "Turkey A xyz is off the map",
        "Mordor A mun: Mordor is not a power of standard",
    ]


def test_a_unit_filed_under_another_province_is_two_in_one() -> None:
    after = Position(Phase.parse("F1901M"), {Province("lon"): unit("England", "F", "nth")}, {})
    assert list(inv.units_stand_on_the_map(STANDARD, START, after)) == [
        "England F nth is filed under lon"
    ]


def test_dislodged_units_need_a_retreat_phase_an_attacker_and_legal_retreats() -> None:
    victim = unit("France", "A", "bur")
    attacker = unit("Germany", "A", "bur")
    sound = Dislodged(victim, Province("mun"), retreats=(Location("gas"), Location("par")))
    ok = position("F1901R", [attacker], dislodged=(sound,))
    assert list(inv.dislodged_units_are_sound(STANDARD, START, ok)) == []
    bad = Dislodged(victim, Province("mun"), retreats=(Location("mun"), Location("lon")))
    wrong = position("F1901R", [attacker, unit("Italy", "A", "mar")], dislodged=(bad,))
    assert list(inv.dislodged_units_are_sound(STANDARD, START, wrong)) == [
        "A bur may retreat to mun, where its attacker came from",
        "A bur may retreat to lon, where it cannot move",
    ]
    alone = position("F1901R", [], dislodged=(sound,))
    assert "France A bur was dislodged, but nothing took its place" in list(
        inv.dislodged_units_are_sound(STANDARD, START, alone)
    )
    assert list(inv.dislodged_units_are_sound(STANDARD, START, position("F1901R", []))) == [
        "F1901R is a retreat phase without a dislodged unit"
    ]
    stray = position("S1902M", [attacker], dislodged=(sound,))
    assert list(inv.dislodged_units_are_sound(STANDARD, START, stray)) == [
        "S1902M has dislodged units or standoffs: only retreat phases have them"
    ]


def test_only_real_centres_are_owned_by_real_powers() -> None:
    after = position("F1901M", [], {"bur": "France", "par": "Mordor"})
    assert list(inv.centres_are_real(STANDARD, START, after)) == [
        "France owns bur, which is not a supply centre",
        "par is owned by Mordor, not a power of standard",
    ]


def test_centres_change_hands_only_after_the_fall_to_the_power_standing_in_them() -> None:
    before = position("F1901M", [unit("France", "A", "bel")], {"par": "France"})
    taken = position("W1901A", [unit("France", "A", "bel")], {"par": "France", "bel": "France"})
    assert list(inv.centres_change_hands_in_the_fall(STANDARD, before, taken)) == []
    unearned = position("W1901A", [], {"par": "France", "bel": "France"})
    assert list(inv.centres_change_hands_in_the_fall(STANDARD, before, unearned)) == [
        "bel went to France without a unit of France in it"
    ]
    lost = position("S1902M", [], {})
    assert list(inv.centres_change_hands_in_the_fall(STANDARD, before, lost)) == [
        "par (France) became neutral"
    ]
    spring = position("S1901M", [unit("France", "A", "bel")], {})
    early = position("F1901M", [unit("France", "A", "bel")], {"bel": "France"})
    assert list(inv.centres_change_hands_in_the_fall(STANDARD, spring, early)) == [
        "bel changed hands (None to France) between S1901M and F1901M"
    ]


def test_no_unit_appears_from_nowhere_and_builds_follow_the_rules() -> None:
    before = position("S1901M", [unit("France", "A", "par")], {"par": "France"})
    doubled = position("F1901M", [unit("France", "A", "par"), unit("France", "A", "bur")])
    assert list(inv.units_come_and_go_by_the_rules(STANDARD, before, doubled)) == [
        "France has 2 units of type A after S1901M, had 1"
    ]
    winter = position("W1901A", [], {"par": "France", "bre": "France", "mun": "Germany"})
    built = position("S1902M", [unit("France", "F", "bre"), unit("France", "A", "par")])
    assert list(inv.units_come_and_go_by_the_rules(STANDARD, winter, built)) == []
    abroad = position("S1902M", [unit("France", "A", "bur"), unit("Germany", "A", "mun")])
    too_many = position("W1901A", [unit("Germany", "A", "ber")], {"mun": "Germany"})
    assert list(inv.units_come_and_go_by_the_rules(STANDARD, winter, abroad)) == [
        "France built A bur outside its home centres"
    ]
    assert list(inv.units_come_and_go_by_the_rules(STANDARD, too_many, abroad)) == [
        "France built A bur outside its home centres",
        "France built 1 with 0 builds due in W1901A",
        "Germany built 1 with 0 builds due in W1901A",
        "Germany removed 1 with 0 removals due in W1901A",
    ]
    kept = position("W1901A", [unit("Germany", "A", "kie")], {"kie": "Germany"})
    assert list(inv.units_come_and_go_by_the_rules(STANDARD, kept, position("S1902M", []))) == [
        "Germany removed 1 with 0 removals due in W1901A"
    ]


def test_a_new_year_never_begins_with_more_units_than_centres() -> None:
    fall = position("F1901M", [])
    crowded = position(
        "S1902M", [unit("Italy", "A", "rom"), unit("Italy", "F", "nap")], {"rom": "Italy"}
    )
    assert list(inv.no_more_units_than_centres(STANDARD, fall, crowded)) == [
        "Italy begins S1902M with 2 units and 1 centres"
    ]
    spring = position("S1901M", [])
    assert (
        list(
            inv.no_more_units_than_centres(
                STANDARD, spring, position("F1901M", [unit("Italy", "A", "rom")], {})
            )
        )
        == []
    )


def test_phases_follow_in_order_skipping_only_what_has_nothing_to_do() -> None:
    def follows(first: Position, second: Position) -> list[str]:
        return list(inv.phases_follow_in_order(STANDARD, first, second))

    assert follows(START, position("F1901M", [])) == []
    assert follows(START, position("S1901R", [])) == []
    assert follows(START, position("S1902M", [])) == [
        "S1902M follows S1901M: F1901M was skipped or passed"
    ]
    assert follows(position("F1901M", []), position("F1901M", [])) == [
        "F1901M follows F1901M: S1902M was skipped or passed"
    ]
    idle = position("W1901A", list(START.units.values()))  # everyone has what they own
    assert follows(position("F1901M", []), idle) == [
        "W1901A is played, but nobody can build or must remove"
    ]


def test_a_variant_can_replace_the_checks() -> None:
    def everything_is_wrong(game_map: Any, before: Position, after: Position) -> list[str]:
        return ["wrong"]

    inv.VARIANT_CHECKS["standard"] = (everything_is_wrong,)
    try:
        assert inv.violations(STANDARD, START, START) == ["wrong"]
    finally:
        del inv.VARIANT_CHECKS["standard"]
    assert inv.violations(STANDARD, START, START, checks=[everything_is_wrong]) == ["wrong"]


def test_units_off_the_board_wait_only_in_their_own_box_and_only_builds_put_them_there() -> None:
    """Wars of the Roses I, rule 5, as map data: boxes."""
    start = starting_position(ROSES)
    assert start.off_board and list(inv.units_stand_on_the_map(ROSES, start, start)) == []
    strays = position(
        "S1455M", [], {}, off_board=(unit("Scots", "A", "france"), unit("French", "A", "nowhere"))
    )
    assert list(inv.units_stand_on_the_map(ROSES, start, strays)) == [
        "Scots A france waits in France, the box of French",
        "French A nowhere is off the board, but in no box",
    ]
    board = position("S1455M", [unit("Scots", "F", "dum")], {})
    boxed = position("F1455M", [], {}, off_board=(unit("Scots", "F", "scotland"),))
    assert list(inv.units_come_and_go_by_the_rules(ROSES, board, boxed)) == [
        "Scots F scotland went into a box in S1455M"
    ]
    winter = position("W1455A", [], {"dum": "Scots"})  # 1 + 2 box centres, no units: 3 builds
    built = position("S1456M", [], {"dum": "Scots"}, off_board=(unit("Scots", "A", "scotland"),))
    assert list(inv.units_come_and_go_by_the_rules(ROSES, winter, built)) == []
    crowded = position(
        "W1455A", [unit("Scots", "A", "dum")], {}, off_board=(unit("Scots", "A", "scotland"),) * 2
    )
    assert list(inv.units_come_and_go_by_the_rules(ROSES, crowded, built)) == [
        "Scots removed 2 with 1 removals due in W1455A"
    ]
    overbuilt = position(
        "S1456M", [], {"dum": "Scots"}, off_board=(unit("Scots", "A", "scotland"),) * 4
    )
    assert list(inv.units_come_and_go_by_the_rules(ROSES, winter, overbuilt)) == [
        "Scots built 4 with 3 builds due in W1455A"
    ]


# --- Wars of the Roses I: the variant's own checks (rule numbers of the variant's rules) -----------


def test_roses1_has_its_own_checks() -> None:
    checks = inv.checks_for(ROSES)
    assert inv.centres_change_hands_in_the_fall not in checks
    assert inv.roses1_centres_change_hands in checks and inv.units_stand_on_the_map in checks
    assert inv.roses1_the_king_is_never_lost in checks and inv.roses1_one_fleet_a_year in checks


def test_roses1_foreign_centres_left_empty_revert_and_no_others() -> None:
    """Rule 6: after the fall, an empty centre foreign to its owner reverts to neutral."""
    fall = position("F1455M", [], {"dub": "Percies", "lon": "Red Rose", "cal": "French"})
    reverted = position("W1455A", [], {"lon": "Red Rose", "cal": "French"})
    assert list(inv.roses1_centres_change_hands(ROSES, fall, reverted)) == []
    kept = position("W1455A", [], {"dub": "Percies", "lon": "Red Rose", "cal": "French"})
    assert list(inv.roses1_centres_change_hands(ROSES, fall, kept)) == [
        "Percies keeps dub, foreign to it, with no unit in it (rule 6)"
    ]
    home_lost = position("W1455A", [], {"cal": "French"})
    assert list(inv.roses1_centres_change_hands(ROSES, fall, home_lost)) == [
        "lon (Red Rose) became neutral, but it is not foreign to Red Rose or not empty (rule 6)"
    ]
    occupied = position(
        "W1455A", [unit("Percies", "A", "dub")], {"lon": "Red Rose", "cal": "French"}
    )
    assert list(inv.roses1_centres_change_hands(ROSES, fall, occupied)) == [
        "dub (Percies) became neutral, but it is not foreign to Percies or not empty (rule 6)"
    ]
    spring = position("S1456M", [], {"dub": "Percies"})
    assert list(inv.roses1_centres_change_hands(ROSES, spring, position("F1456M", [], {}))) == [
        "dub changed hands (Percies to None) between S1456M and F1456M"
    ]


def test_roses1_the_king_is_on_land_or_with_a_unit() -> None:
    """Rule 4: Henry VI is never eliminated, and never alone at sea."""
    start = starting_position(ROSES)
    assert start.king == "lon"
    assert list(inv.roses1_the_king_is_never_lost(ROSES, start, start)) == []
    lost = position("F1455M", [], king=None)
    assert list(inv.roses1_the_king_is_never_lost(ROSES, start, lost)) == [
        "Henry VI is nowhere in F1455M"
    ]
    at_sea = position("F1455M", [], king=Province("iri"))
    assert list(inv.roses1_the_king_is_never_lost(ROSES, start, at_sea)) == [
        "Henry VI is alone in the sea iri"
    ]
    aboard = position("F1455M", [unit("Percies", "F", "iri")], king=Province("iri"))
    assert list(inv.roses1_the_king_is_never_lost(ROSES, start, aboard)) == []
    boxed = position("F1455M", [], king=Province("scotland"))
    assert list(inv.roses1_the_king_is_never_lost(ROSES, start, boxed)) == [
        "Henry VI is in scotland, which is not a province of the board"
    ]


def test_roses1_one_fleet_a_year_on_the_board_and_in_the_box_together() -> None:
    """Rule 7: no power builds more than one fleet in a winter."""
    winter = position("W1455A", [], {"har": "French", "lon": "Red Rose", "roc": "Red Rose"})
    one = position(
        "S1456M",
        [unit("French", "F", "har"), unit("Red Rose", "F", "roc"), unit("Red Rose", "A", "lon")],
    )
    assert list(inv.roses1_one_fleet_a_year(ROSES, winter, one)) == []
    two = position(
        "S1456M",
        [unit("French", "F", "har"), unit("Red Rose", "F", "roc"), unit("Red Rose", "F", "lon")],
        off_board=(unit("French", "F", "france"),),
    )
    assert list(inv.roses1_one_fleet_a_year(ROSES, winter, two)) == [
        "French built 2 fleets in W1455A (rule 7)",
        "Red Rose built 2 fleets in W1455A (rule 7)",
    ]
