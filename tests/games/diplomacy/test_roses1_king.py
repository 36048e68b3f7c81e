"""Wars of the Roses I, rule 4: Henry VI, a piece carried and handed on by units, never eliminated.

Rule numbers are those of the variant's rules (shared/seeds/wars-of-the-roses-i-diplomacy-variant.txt).
How the engine reads rule 4 is in judge/games/diplomacy/king.py and docs/variants/roses1.md.
"""

from __future__ import annotations

from random import Random
from typing import Any

import pytest

from judge.games.diplomacy.king import holder, nearest_land
from judge.games.diplomacy.orders import MoveWithKing, TransferKing
from judge.games.diplomacy.parser import parse_order
from judge.games.diplomacy.position import Word
from judge.games.diplomacy.random_orders import random_orders
from judge.games.diplomacy.turns import adjudicate, starting_position
from judge.games.diplomacy.vocabulary import Power, Province, province_of
from judge.games.diplomacy.wire import WireError, adjudicate_object, read_position
from judge.games.variants import load_variant

from roses_play import ROSES, messages, play, units, words

R, W, P, N = "Red Rose", "White Rose", "Percies", "Nevilles"


def king_of(answer: dict[str, Any]) -> tuple[str, str | None]:
    """Where the King is after the phase, and who holds him (the power of the unit there)."""
    where = answer["next"]["king"]
    held = [u["power"] for u in answer["next"]["units"] if u["loc"].split("/")[0] == where]
    return where, held[0] if held else None


def test_rule_4_henry_starts_in_london_with_the_red_rose_army() -> None:
    position = starting_position(ROSES)
    assert position.king == "lon" and holder(position) == R
    assert str(position.units[Province("lon")]) == "A lon"


# --- carried --------------------------------------------------------------------------------------


def test_rule_4_an_army_carries_him_when_it_moves() -> None:
    answer = play("S1455M", ["Red Rose A lon"], [(R, "A+K Lon-Sry")], king="lon")
    assert words(answer) == [["succeeds"]]
    assert answer["results"][0]["order"] == "A+K Lon-Sry"
    assert king_of(answer) == ("sry", R)


def test_rule_4_a_failed_move_keeps_him_with_the_army() -> None:
    answer = play(
        "S1455M",
        ["Red Rose A lon", "White Rose A rdg"],
        [(R, "A+K lon - sry"), (W, "A rdg - sry")],
    )
    assert words(answer) == [["fails"], ["fails"]]
    assert king_of(answer) == ("lon", R)


def test_rule_4_if_his_army_is_dislodged_he_stays_and_the_victor_holds_him() -> None:
    answer = play(
        "S1455M",
        ["Red Rose A lon", "White Rose A rdg", "White Rose A sta", "White Rose A col"],
        [(R, "A+K lon - sry"), (W, "A rdg - sry"), (W, "A sta - lon"), (W, "A col S A sta - lon")],
    )
    assert words(answer)[0] == ["fails", "dislodged"]
    assert king_of(answer) == ("lon", W)
    following = answer["next"]
    retreat = adjudicate_object(
        {**following, "variant": "roses1", "orders": [{"power": R, "order": "A lon - roc"}]},
        load_variant,
    )
    assert words(retreat) == [["succeeds"]]
    assert king_of(retreat) == ("lon", W)  # he does not retreat with the army


def test_rule_4_an_army_moving_without_him_leaves_him_behind() -> None:
    answer = play("S1455M", ["Red Rose A lon", "White Rose A sta"], [(R, "A lon - sry")])
    assert king_of(answer) == ("lon", None)
    # and a unit moving into his province picks him up
    position = answer["next"]
    again = play(
        "F1455M",
        ["Red Rose A sry", "White Rose A sta"],
        [(W, "A sta - lon")],
        king=position["king"],
    )
    assert king_of(again) == ("lon", W)


def test_rule_4_a_later_order_for_the_unit_replaces_the_move_with_him() -> None:
    answer = play("S1455M", ["Red Rose A lon"], [(R, "A+K lon - sry"), (R, "A lon - sta")])
    assert words(answer) == [["illegal"], ["succeeds"]]
    assert king_of(answer) == ("lon", None)
    answer = play("S1455M", ["Red Rose A lon"], [(R, "A lon - sta"), (R, "A+K lon - sry")])
    assert king_of(answer) == ("sry", R)


def test_rule_4_only_the_unit_with_him_carries_him() -> None:
    answer = play("S1455M", ["Red Rose A lon", "Red Rose A can"], [(R, "A+K can - chi")])
    assert words(answer) == [["illegal"]]
    assert messages(answer) == ["Henry VI is not in can"]
    assert king_of(answer) == ("lon", R)
    answer = play("S1455M", ["Red Rose A lon"], [(W, "A+K lon - sry")])
    assert words(answer) == [["illegal"]] and king_of(answer) == ("lon", R)


def test_rule_4_he_is_convoyed_only_with_the_army_carrying_him() -> None:
    answer = play(
        "S1455M",
        ["Percies A lan", "Percies F iri"],
        [(P, "A+K lan - iri - dub"), (P, "F iri C A lan - dub")],
        king="lan",
    )
    assert words(answer) == [["succeeds"], ["available"]]
    assert king_of(answer) == ("dub", P)


def test_rule_4_a_disrupted_convoy_keeps_him_with_the_army() -> None:
    answer = play(
        "S1455M",
        ["Percies A lan", "Percies F iri", "Nevilles F sgc", "Nevilles F cae"],
        [
            (P, "A+K lan - iri - dub"),
            (P, "F iri C A lan - dub"),
            (N, "F sgc - iri"),
            (N, "F cae S F sgc - iri"),
        ],
        king="lan",
    )
    assert words(answer)[:2] == [["fails"], ["disrupted", "dislodged"]]
    assert king_of(answer) == ("lan", P)


# --- handed on ------------------------------------------------------------------------------------


def test_rule_4_he_is_handed_between_two_units_that_stay_put() -> None:
    answer = play(
        "S1455M", ["Red Rose A lon", "Red Rose F roc"], [(R, "K Lon-Roc"), (R, "A lon H")]
    )
    assert words(answer) == [["succeeds"], ["stands"]]
    assert answer["results"][0]["unit"] == "A lon"
    assert king_of(answer) == ("roc", R)


def test_rule_4_he_may_be_handed_to_another_powers_unit() -> None:
    answer = play("S1455M", ["Red Rose A lon", "White Rose A sry"], [(R, "K lon - sry")])
    assert words(answer) == [["succeeds"]]
    assert king_of(answer) == ("sry", W)


@pytest.mark.parametrize(
    ("orders", "reason"),
    [
        ([(R, "F roc - tha")], "the unit to receive him (F roc) was ordered to move"),
        ([(R, "A lon - sry")], "the unit with him (A lon) was ordered to move"),
        ([(R, "A lon - roc")], "the unit with him (A lon) was ordered to move"),  # even failing
        (
            [(W, "A sry - roc"), (W, "A chi S A sry - roc")],
            "the unit to receive him (F roc) was dislodged",
        ),
        (
            [(W, "A sry - lon"), (W, "A sta S A sry - lon")],
            "the unit with him (A lon) was dislodged",
        ),
    ],
)
def test_rule_4_handing_him_on_fails_if_either_unit_moves_or_is_dislodged(
    orders: list[tuple[str, str]], reason: str
) -> None:
    answer = play(
        "S1455M",
        [
            "Red Rose A lon",
            "Red Rose F roc",
            "White Rose A sry",
            "White Rose A chi",
            "White Rose A sta",
        ],
        [(R, "K lon - roc"), *orders],
    )
    assert words(answer)[0] == ["fails"]
    assert messages(answer)[0] == reason
    assert answer["next"]["king"] == "lon"


@pytest.mark.parametrize(
    ("power", "order", "reason"),
    [
        (R, "K lon - can", "can is not next to lon"),
        (R, "K lon - sry", "there is no unit in sry to receive Henry VI"),
        (W, "K lon - roc", "Henry VI is held by Red Rose"),
        (R, "K roc - lon", "Henry VI is in lon, not roc"),
    ],
)
def test_rule_4_impossible_hand_overs_are_illegal(power: str, order: str, reason: str) -> None:
    answer = play(
        "S1455M", ["Red Rose A lon", "Red Rose F roc", "Red Rose A can"], [(power, order)]
    )
    assert words(answer) == [["illegal"]] and messages(answer) == [reason]
    assert answer["next"]["king"] == "lon"


def test_rule_4_nobody_hands_him_on_when_no_unit_is_with_him() -> None:
    answer = play("S1455M", ["Red Rose F roc"], [(R, "K lon - roc")])
    assert messages(answer) == ["no unit stands with Henry VI in lon: nobody can hand him on"]


def test_rule_4_a_later_hand_over_replaces_an_earlier_one() -> None:
    answer = play(
        "S1455M",
        ["Red Rose A lon", "Red Rose F roc", "Red Rose A sry"],
        [(R, "K lon - roc"), (R, "K lon - sry")],
    )
    assert words(answer) == [["illegal"], ["succeeds"]]
    assert messages(answer)[0] == "replaced by a later order for Henry VI"
    assert king_of(answer) == ("sry", R)


# --- at sea ---------------------------------------------------------------------------------------


def test_rule_4_he_may_be_handed_to_a_fleet_and_carried_at_sea() -> None:
    answer = play("S1455M", ["Red Rose A lon", "Red Rose F tha"], [(R, "K lon - tha")])
    assert king_of(answer) == ("tha", R)
    answer = play("S1455M", ["Red Rose F tha"], [(R, "F+K tha - dov")], king="tha")
    assert king_of(answer) == ("dov", R)
    answer = play("S1455M", ["Red Rose F tha"], [(R, "F tha H")], king="tha")
    assert king_of(answer) == ("tha", R)


def test_rule_4_from_a_sea_he_goes_to_the_nearest_land_when_his_fleet_is_dislodged() -> None:
    answer = play(
        "S1455M",
        ["Red Rose F tha", "White Rose F col", "White Rose F sbt"],
        [(W, "F col - tha"), (W, "F sbt S F col - tha")],
        king="tha",
    )
    assert words(answer)[0] == ["succeeds"]
    assert answer["next"]["phase"] == "S1455R"
    # The Thames Estuary touches Canterbury, Colchester, London and Rochester: the first by name.
    assert king_of(answer) == ("can", None)
    assert answer["notes"] == [
        "Henry VI is put ashore at Canterbury, the nearest land to Thames Estuary (rule 4)"
    ]


def test_rule_4_a_fleet_sailing_without_him_puts_him_ashore() -> None:
    answer = play("S1455M", ["Red Rose F tha", "Red Rose A lon"], [(R, "F tha - dov")], king="tha")
    assert king_of(answer) == ("can", None)


def test_rule_4_the_nearest_land_may_be_two_seas_away() -> None:
    # The Dogger Bank touches no coast; the Humber, the North Sea and the Southern Bight do.
    assert nearest_land(ROSES, Province("dgb")) == "bwk"  # Berwick, first by name
    assert nearest_land(ROSES, Province("sol")) == "car"  # Carlisle before Dumfries
    assert nearest_land(ROSES, Province("nch")) == "dum"  # Dumfries before Ulster


def test_rule_4_a_removed_fleet_leaves_him_ashore_and_a_build_picks_him_up() -> None:
    answer = play(
        "W1455A",
        ["Red Rose F tha", "Red Rose A sta"],
        [(R, "Remove F tha")],
        king="tha",
        supply_centers={"lon": "White Rose"},
    )
    assert answer["next"]["king"] == "can"
    answer = play(
        "W1455A", ["White Rose A col"], [(R, "Build A lon")], king="lon",
        supply_centers={"lon": "Red Rose", "roc": "Red Rose"},
    )  # fmt: skip
    assert king_of(answer) == ("lon", R)


# --- phases and maps without him ------------------------------------------------------------------


def test_rule_4_the_king_moves_only_in_movement_phases() -> None:
    answer = play(
        "S1455R", ["Red Rose A lon", "Red Rose F roc"], [(R, "K lon - roc")],
        dislodged=[], standoffs=[],
    )  # fmt: skip
    assert words(answer) == [["illegal"]]
    assert answer["next"]["king"] == "lon"


def test_there_is_no_king_in_standard_diplomacy() -> None:
    data = {
        "phase": "S1901M",
        "units": [{"power": "France", "type": "A", "loc": "par"}],
        "orders": [
            {"power": "France", "order": "A+K Par - Bur"},
            {"power": "France", "order": "K par - bur"},
        ],
    }
    answer = adjudicate_object(data, load_variant)
    assert messages(answer) == ["there is no King in this game"] * 2
    assert "king" not in answer["next"]
    with pytest.raises(WireError, match="there is no King in variant standard"):
        adjudicate_object({**data, "king": "par"}, load_variant)


def test_the_king_in_the_json_form() -> None:
    assert read_position(ROSES, {"units": units("Red Rose A lon")}).king == "lon"  # as he starts
    assert read_position(ROSES, {"units": [], "king": "Rochester"}).king == "roc"
    with pytest.raises(WireError, match="unknown province"):
        read_position(ROSES, {"king": "Camelot"})


# --- random games ---------------------------------------------------------------------------------


def test_rule_4_in_random_games_the_king_moves_only_as_rule_4_allows() -> None:
    """Random legal orders (the King's among them) for 10 games of 15 years: after each phase he is
    where he was, where his carrier's successful move went, where a successful hand-over sent him,
    or ashore from a sea; never alone at sea; and no random order is refused."""
    moved = {"carried": 0, "handed": 0}
    for seed in range(10):
        rng = Random(seed)
        position = starting_position(ROSES)
        while position.phase.year < 1470:
            orders = [
                (Power(power), parse_order(ROSES, text))
                for power in ROSES.powers
                for text in random_orders(ROSES, position, Power(power), rng)
            ]
            resolution = adjudicate(ROSES, position, orders)
            assert not [r for r in resolution.results if Word.ILLEGAL in r.resolution], seed
            before, after = position.king, resolution.position.king
            assert before is not None and after is not None
            allowed = {before}
            for result in resolution.results:
                if result.resolution[:1] == (Word.SUCCEEDS,):
                    if isinstance(result.order, MoveWithKing):
                        allowed.add(province_of(result.order.move.destination))
                        moved["carried"] += after == province_of(result.order.move.destination)
                    elif isinstance(result.order, TransferKing):
                        allowed.add(result.order.destination)
                        moved["handed"] += after == result.order.destination
            allowed |= {nearest_land(ROSES, p) for p in set(allowed) if ROSES.is_sea(p)}
            assert after in allowed, (seed, str(position.phase), before, after)
            if ROSES.is_sea(after):
                assert after in resolution.position.units, (seed, str(position.phase))
            position = resolution.position
    assert moved["carried"] > 20 and moved["handed"] > 5, moved
