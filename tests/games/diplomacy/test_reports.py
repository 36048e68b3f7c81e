"""What a phase's report says of the board (``reports.py``): the units and centres after every
phase; after the fall (its retreats, when there are some) the centres that changed hands and the
adjustments due; after the winter what was built, removed (civil disorder, 2023 rules) and waived.
Wars of the Roses I: a foreign centre reverting to neutral (rule 6), box centres apart (rules 3, 5).
"""

from __future__ import annotations

from random import Random
from typing import Any

from judge.games.diplomacy.game import DiplomacyGame
from judge.games.variants import load_variant

GAME = DiplomacyGame(load_variant("standard"))
ROSES = DiplomacyGame(load_variant("roses1"))


def unit(power: str, kind: str, loc: str) -> dict[str, str]:
    return {"power": power, "type": kind, "loc": loc}


def resolve(game: DiplomacyGame, state: dict[str, Any], **orders: list[str]) -> dict[str, Any]:
    return game.resolve(state, orders, Random(0)).report


def test_the_fall_reports_centres_changing_hands_only_once_its_retreats_are_done() -> None:
    fall = {
        "phase": "F1901M",
        "units": [unit("France", "A", "bur"), unit("France", "A", "pic"),
                  unit("Germany", "A", "bel"), unit("Germany", "A", "kie")],
        "supply_centers": {"bel": "Germany", "par": "France", "mar": "France", "kie": "Germany"},
    }
    moved = resolve(GAME, fall, France=["A bur - bel", "A pic S A bur - bel"])
    assert "changes" not in moved and "due" not in moved  # a retreat phase comes first
    france = next(e for e in moved["after"]["powers"] if e["power"] == "France")
    assert france["units"] == ["A bel", "A pic"]
    germany = next(e for e in moved["after"]["powers"] if e["power"] == "Germany")
    assert germany["dislodged"] == ["A bel"] and germany["units"] == ["A kie"]

    retreated = resolve(GAME, moved["next"], Germany=["A bel - hol"])
    assert retreated["changes"] == [
        {"centre": "bel", "name": "Belgium", "owner": "France", "was": "Germany"},
        {"centre": "hol", "name": "Holland", "owner": "Germany", "was": None},
    ]
    assert retreated["due"] == [{"power": "France", "count": 1, "can_build": 1}]
    assert retreated["centres"]["France"] == 3 and retreated["centres"]["Germany"] == 2


def test_the_winter_reports_builds_removals_civil_disorder_and_waives() -> None:
    winter = {
        "phase": "W1901A",
        "units": [unit("France", "A", "bel"), unit("Italy", "A", "tyr"), unit("Italy", "A", "pie"),
                  unit("Italy", "F", "ion")],
        "supply_centers": {"bel": "France", "par": "France", "bre": "France", "mar": "France",
                           "rom": "Italy"},
    }
    report = resolve(GAME, winter, France=["Build A par", "Waive"])
    assert report["adjusted"] == [
        {"power": "France", "built": ["A par"], "removed": [], "disorder": [], "waived": 2},
        {"power": "Italy", "built": [], "removed": [], "disorder": ["F ion", "A pie"],
         "waived": 0},
    ]  # all two moves from Rome: the fleet first, then by name (2023 rules, DATC 6.J)
    italy = next(e for e in report["after"]["powers"] if e["power"] == "Italy")
    assert italy["units"] == ["A tyr"] and italy["centres"] == ["rom"]


def test_roses_a_foreign_centre_reverts_and_box_centres_are_listed_apart() -> None:
    """Rule 6: Dublin, foreign to the English, reverts to neutral when left empty at the end of
    the fall; rules 3 and 5: the Scots' box centres are theirs, listed apart from the count."""
    fall = {
        "variant": "roses1",
        "phase": "F1455M",
        "units": [unit("Red Rose", "A", "lon"), unit("Red Rose", "F", "iri")],
        "supply_centers": {"dub": "Red Rose", "lon": "Red Rose"},
    }
    report = resolve(ROSES, fall)
    assert {"centre": "dub", "name": "Dublin", "owner": None, "was": "Red Rose"} in report["changes"]
    scots = next(e for e in report["after"]["powers"] if e["power"] == "Scots")
    assert scots["centres"] == [] and scots["box_centres"] == [
        "Edinburgh (Scotland)", "Stirling (Scotland)"]
    assert report["centres"]["Scots"] == 0
    assert "victory counts them (rule 3)" in report["after"]["notes"][0]
