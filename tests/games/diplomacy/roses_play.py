"""Helpers for the Wars of the Roses I rule tests: a phase played through ``judge adjudicate``'s
JSON form (``wire.py``), with positions written the short way."""

from __future__ import annotations

import json
from typing import Any

from judge.games.diplomacy.wire import adjudicate_object
from judge.games.variants import load_variant

ROSES = load_variant("roses1")


def units(*specs: str) -> list[dict[str, str]]:
    """``"Red Rose A lon"``, ``"Scots A scotland"`` -> unit objects (the power may have spaces)."""
    out = []
    for spec in specs:
        *power, unit_type, loc = spec.split()
        out.append({"power": " ".join(power), "type": unit_type, "loc": loc})
    return out


def play(
    phase: str,
    placed: list[str],
    orders: list[tuple[str, str]],
    **extra: Any,
) -> dict[str, Any]:
    """Adjudicate one roses1 phase: units as ``units`` takes them, orders as (power, text)."""
    data: dict[str, Any] = {
        "variant": "roses1",
        "phase": phase,
        "units": units(*placed),
        "orders": [{"power": power, "order": text} for power, text in orders],
        **extra,
    }
    return json.loads(json.dumps(adjudicate_object(data, load_variant)))  # as the command writes it


def words(answer: dict[str, Any]) -> list[list[str]]:
    """Each order's resolution, in order."""
    return [list(result["resolution"]) for result in answer["results"]]


def messages(answer: dict[str, Any]) -> list[str]:
    return [result["message"] for result in answer["results"]]


def placed(answer: dict[str, Any]) -> set[str]:
    """The units of the next position, as ``Power T loc``."""
    return {f"{u['power']} {u['type']} {u['loc']}" for u in answer["next"]["units"]}
