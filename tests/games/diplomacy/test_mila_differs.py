"""The positions of docs/adjudication.md, "Where MILA differs": each as the judge resolves it (by
the rule the case names) and as MILA's engine does, so that the list stays true of both. The
cases are data (data/mila_differs.json); benchmarks/mila_agreement.py finds them in random
phases."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from diplomacy import Game  # type: ignore[import-untyped]

from judge.games.diplomacy.mila import mila_order
from judge.games.diplomacy.wire import adjudicate_object
from judge.games.variants import load_variant

CASES = json.loads((Path(__file__).parent / "data" / "mila_differs.json").read_text())


def _judge(position: dict[str, Any]) -> dict[str, Any]:
    answer = adjudicate_object(position, load_variant, position.get("variant", "standard"))
    units = sorted(f"{u['type']} {u['loc']}".upper() for u in answer["next"]["units"])
    retreats = {f"{d['type']} {d['loc']}".upper(): sorted(r.upper() for r in d["retreats"])
                for d in answer["next"].get("dislodged", [])}
    results = {r["order"]: [str(word) for word in r["resolution"]] for r in answer["results"]}
    return {"units": units, "retreats": retreats, "results": results}


def _mila(position: dict[str, Any]) -> dict[str, Any]:
    variant = position.get("variant", "standard")  # a shelf map is MILA's file of that name
    game = Game(map_name=variant)
    game.clear_units()
    game.clear_centers()
    game.set_current_phase(position["phase"])
    owners = position.get("supply_centers") or load_variant(variant).starting_ownership()
    for unit in position["units"]:
        game.set_units(unit["power"].upper(), [f"{unit['type']} {unit['loc']}".upper()])
    for centre, owner in owners.items():
        game.set_centers(owner.upper(), [centre.upper()])
    for item in position["orders"]:
        order = mila_order(item["order"], position["phase"][-1])
        game.set_orders(item["power"].upper(), [order], replace=False)
    game.process()
    state = game.get_state()
    units = sorted(u for listed in state["units"].values() for u in listed if not u.startswith("*"))
    retreats = {unit: sorted(places) for power in state["retreats"].values()
                for unit, places in power.items()}
    last = game.result_history.last_value()
    results = {unit: [str(r) for r in listed] for unit, listed in last.items()}
    return {"units": units, "retreats": retreats, "results": results}


def _holds(found: dict[str, Any], expected: dict[str, Any]) -> None:
    assert found["units"] == expected["units"]
    assert found["retreats"] == expected.get("retreats", {})
    for key, words in expected.get("results", {}).items():
        assert found["results"][key] == words, key


@pytest.mark.parametrize("case", CASES, ids=[c["cause"].split(":")[0] for c in CASES])
def test_the_judge_and_mila_resolve_each_listed_position_as_the_docs_say(
    case: dict[str, Any],
) -> None:
    _holds(_judge(case["position"]), case["judge"])
    _holds(_mila(case["position"]), case["mila"])
