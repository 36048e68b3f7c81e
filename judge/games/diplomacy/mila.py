"""A standard-map game in the saved-game JSON of MILA's ``diplomacy`` package (its
``to_saved_game_format``), which other tools load: that package's ``from_saved_game_format`` and
its web viewer. Only the standard map: the package knows no Wars of the Roses.

Each processed phase becomes one entry with the position it began from (``state``: units by
power, a dislodged unit written ``*A LON`` with its retreats, centres, homes) and every order
the phase resolved, the judge's defaults included (the holds of units given no order, the
disbands and removals it made for players), so that the package, replaying the orders, comes to
the same positions; the game's present position ends the list, with no orders. Names are the
package's: powers and provinces in capitals, a build ``A LON B``, a removal or disband ``A LON
D``, a retreat ``A LON R YOR``, a convoyed move ``A LON - NWY VIA``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..kind import State
from .maps import Map

_TOKEN_SEP = " - "


def saved_game(game_map: Map, game_id: str, phases: Sequence[tuple[State, dict[str, Any]]],
               present: State) -> dict[str, Any]:
    """The saved game of ``phases`` (each the state it began from and its report, oldest first)
    and the position the game is in now."""
    entries = [_entry(game_map, state, _orders(game_map, state, report)) for state, report in phases]
    entries.append(_entry(game_map, present, {power.upper(): [] for power in game_map.powers}))
    return {"id": game_id, "map": "standard", "rules": ["NO_PRESS", "POWER_CHOICE"],
            "phases": entries}


def _entry(game_map: Map, state: State, orders: dict[str, list[str]]) -> dict[str, Any]:
    return {"name": state["phase"], "state": _state(game_map, state), "orders": orders,
            "results": {}, "messages": []}


def _state(game_map: Map, state: State) -> dict[str, Any]:
    powers = [power.upper() for power in game_map.powers]
    units: dict[str, list[str]] = {power: [] for power in powers}
    retreats: dict[str, dict[str, list[str]]] = {power: {} for power in powers}
    centres: dict[str, list[str]] = {power: [] for power in powers}
    for unit in state["units"]:
        units[unit["power"].upper()].append(_unit(unit))
    for unit in state.get("dislodged", []):
        units[unit["power"].upper()].append("*" + _unit(unit))
        retreats[unit["power"].upper()][_unit(unit)] = [loc.upper() for loc in unit.get("retreats", [])]
    for centre, owner in sorted(state["supply_centers"].items()):
        centres[owner.upper()].append(centre.upper())
    homes = {power.upper(): sorted(str(c).upper() for c in info.home_centres)
             for power, info in game_map.powers.items()}
    return {"name": state["phase"], "note": "", "units": units, "retreats": retreats,
            "centers": centres, "homes": homes, "influence": {p: list(c) for p, c in centres.items()},
            "civil_disorder": {power: 0 for power in powers}, "map": "standard",
            "rules": ["NO_PRESS", "POWER_CHOICE"]}


def _unit(unit: dict[str, Any]) -> str:
    return f"{unit['type']} {unit['loc'].upper()}"


def _orders(game_map: Map, state: State, report: dict[str, Any]) -> dict[str, list[str]]:
    """Every order the phase resolved, in the package's words, by power."""
    kind = state["phase"][-1]
    orders: dict[str, list[str]] = {power.upper(): [] for power in game_map.powers}
    for result in report["results"]:
        if "illegal" in result["resolution"] and not result.get("default"):
            continue  # an order the judge refused stands for nothing; the unit held or waited
        text = mila_order(result["order"], kind)
        if text:
            orders[result["power"].upper()].append(text)
    for action in report.get("automatic", []):  # disbands and removals made for players
        orders[action["power"].upper()].append(f"{action['unit'].upper()} D")
    return orders


def mila_order(order: str, kind: str) -> str | None:
    """One canonical order of the judge (``F lon - nth``) in the package's words."""
    words = order.upper()
    if words == "WAIVE":
        return "WAIVE"
    if words.startswith("BUILD "):
        return f"{words.removeprefix('BUILD ')} B"
    if kind == "R" and _TOKEN_SEP in words:
        unit, _, destination = words.partition(_TOKEN_SEP)
        return f"{unit} R {destination}"
    if words.endswith(" VIA CONVOY"):
        return words.removesuffix(" CONVOY")
    if " C " not in words and " S " not in words and words.count(_TOKEN_SEP) > 1:
        unit, *_, destination = words.split(_TOKEN_SEP)  # a written-out convoy route
        return f"{unit} - {destination} VIA"
    return words
