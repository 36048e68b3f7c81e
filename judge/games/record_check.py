"""Checking a game's record: every phase recomputed from the revealed secret (``judge verify``).

A game record (``judge record GAME``, format ``judge-game-record/1``) holds the game's kind, the
SHA-256 commitment published at its start, the secret once the game has ended, and every phase of
its line of play: the state before, the orders as they stood, the report and the state after.
``check_record`` says what does not match, or nothing: the secret against its commitment, the
start against ``new_game(secret)``, each phase's state before against the last one's state after,
and each phase resolved again with ``phase_random(secret, phase)`` against its report and state.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from .dice import commitment, phase_random
from .registry import UnknownGameKind, game_kind

FORMAT = "judge-game-record/1"


@dataclass(frozen=True)
class Checked:
    """What checking a record found: how many phases were recomputed, and every mismatch."""

    phases: int
    problems: list[str]


def check_record(record: dict[str, Any]) -> Checked:
    if record.get("format") != FORMAT:
        return Checked(0, [f"not a game record of the form {FORMAT}"])
    try:
        kind = game_kind(str(record["kind"]))
    except UnknownGameKind as error:
        return Checked(0, [str(error)])
    if not record.get("secret"):
        return Checked(0, ["the record has no secret: it is revealed only when the game ends"])
    try:
        secret = bytes.fromhex(str(record["secret"]))
    except ValueError:
        return Checked(0, ["the secret is not hexadecimal"])
    problems: list[str] = []
    if commitment(secret) != record.get("commitment"):
        problems.append("the secret does not match the SHA-256 commitment published at the start")
    phases = list(record.get("phases", []))
    if record.get("from_start") and phases and kind.new_game(secret) != phases[0]["state_before"]:
        problems.append("the starting position is not the one the secret sets up")
    previous: Any = None
    for phase in phases:
        name = phase["phase"]
        if previous is not None and phase["state_before"] != previous:
            problems.append(f"{name}: its state before is not the state the phase before left")
        orders = {power: list((given or {}).values())
                  for power, given in (phase.get("orders") or {}).items()}
        result = kind.resolve(phase["state_before"], orders, phase_random(secret, name))
        if _as_stored(result.state) != phase["state_after"]:
            problems.append(f"{name}: resolved again, it gives another position than recorded")
        elif _as_stored(result.report) != phase["report"]:
            problems.append(f"{name}: resolved again, it gives another report than recorded")
        previous = phase["state_after"]
    return Checked(len(phases), problems)


def _as_stored(value: Any) -> Any:
    """A value as the store keeps it (JSON: tuples are lists)."""
    return json.loads(json.dumps(value))
