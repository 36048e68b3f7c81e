"""Diplomacy through the game-kind seam, as the judge service uses it."""

from __future__ import annotations

from random import Random

from judge.games.diplomacy.game import DiplomacyGame
from judge.games.variants import load_variant

GAME = DiplomacyGame(load_variant("standard"))


def test_a_new_game_waits_for_every_power_in_spring_1901() -> None:
    state = GAME.new_game(b"seed")
    pending = GAME.pending(state)
    assert pending.phase == "S1901M"
    assert pending.timing == "movement"
    assert pending.powers == frozenset(GAME.powers())
    assert len(state["units"]) == 22


def test_orders_are_read_checked_and_slotted() -> None:
    state = GAME.new_game(b"")
    lines = GAME.read_orders(
        state,
        "England",
        ["F London - North Sea, A lvp - yor", "F edi - nwg", "A Par - Bur", "F lon x", "F lon - mun"],
    )
    assert [(l.canonical, l.slot) for l in lines[:3]] == [
        ("F lon - nth", "lon"),
        ("A lvp - yor", "lvp"),
        ("F edi - nwg", "edi"),
    ]
    assert lines[3].error == "the unit in par belongs to France"
    assert lines[4].error is not None and "x" in lines[4].error
    assert lines[5].error == "a fleet cannot go to mun, which is inland"
    assert not GAME.waiting(state, "England", ["F lon - nth", "A lvp - yor", "F edi - nwg"])
    assert GAME.waiting(state, "England", ["F lon - nth", "A lvp - yor"])


def test_resolution_reports_every_order_and_defaults_missing_ones() -> None:
    state = GAME.new_game(b"")
    result = GAME.resolve(
        state,
        {"England": ["F lon - nth", "A lvp - yor"], "France": ["A par - bur"]},
        Random(0),
    )
    assert result.state["phase"] == "F1901M"
    results = {(r["power"], r["order"]): r["resolution"] for r in result.report["results"]}
    assert results[("England", "F lon - nth")] == ["succeeds"]
    assert results[("France", "A par - bur")] == ["succeeds"]
    assert GAME.outcome(result.state) is None
    locations = {u["loc"] for u in result.state["units"]}
    assert {"nth", "yor", "bur", "edi"} <= locations  # edi had no order and held


def test_adjustment_completeness_counts_builds_and_waives() -> None:
    state = {
        "phase": "W1901A",
        "units": [{"power": "England", "type": "F", "loc": "nth"}],
        "supply_centers": {"lon": "England", "edi": "England", "nwy": "England"},
    }
    assert GAME.pending(state).powers == frozenset({"England"})
    assert GAME.waiting(state, "England", ["Build A lon"])
    assert not GAME.waiting(state, "England", ["Build A lon", "Waive"])
    assert not GAME.waiting(state, "England", ["Build A lon", "Build F edi"])


def test_victory_at_eighteen_centres() -> None:
    centres = dict.fromkeys(sorted(GAME.map.supply_centres)[:18], "Turkey")
    state = {"phase": "S1910M", "units": [], "supply_centers": centres}
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == ("Turkey",)
