"""Checking a game's record: every phase recomputed from the revealed secret (``judge verify``).

A game record (``judge record GAME``, format ``judge-game-record/1``) holds the game's kind, the
SHA-256 commitment published at its start, the secret once the game has ended, every phase of its
line of play (the state before, the orders as they stood, the report and the state after) and the
state the game ended in (``state``). ``check_record`` says what does not match: the secret against
its commitment, each phase's state before against the last one's state after, and each phase
resolved again with ``phase_random(secret, phase)`` against its report and state. It says too
whether the phases run from the start (the first begins where ``new_game(secret)`` sets the game
up, computed here, not taken from the record) to the end (the last ends in the record's ``state``,
and the game has ended): a record cut at either end is not a verified game.

A record is a file anyone may hand over: whatever its shape (wrong types, keys missing, numbers
too large, nesting too deep), the answer is a reason in one line, never an exception.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from .dice import commitment, phase_random
from .registry import UnknownGameKind, game_kind

FORMAT = "judge-game-record/1"
_ENDED = ("finished", "terminated")
_PHASE_KEYS = ("phase", "state_before", "report", "state_after")


@dataclass(frozen=True)
class Checked:
    """What checking a record found: how many phases were recomputed, every mismatch, and whether
    the phases run from the game's start and to its end (what they leave out, in ``unchecked``)."""

    phases: int
    problems: list[str]
    unchecked: list[str] = field(default_factory=list)

    @property
    def whole(self) -> bool:
        """Every phase of the game, from its start to its end, recomputed and matching."""
        return self.phases > 0 and not self.problems and not self.unchecked


def check_record(record: Any) -> Checked:
    """Check ``record`` (anything JSON may hold); never raises for a record's content."""
    try:
        return _check(record)
    except Exception as error:  # noqa: BLE001 - a hostile record gets a reason, not a traceback
        return Checked(0, [f"the record cannot be checked: {type(error).__name__} in its values"])


def _check(record: Any) -> Checked:
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        return Checked(0, [f"not a game record of the form {FORMAT}"])
    if not isinstance(record.get("kind"), str):
        return Checked(0, ["the record names no game kind"])
    try:
        kind = game_kind(record["kind"])
    except UnknownGameKind as error:
        return Checked(0, [str(error)[:200]])
    if record.get("status") not in _ENDED:
        return Checked(0, [f"the game is not finished (status {str(record.get('status'))[:20]!r}): "
                           "its record is checked once it ends and its secret is revealed"])
    if not record.get("secret"):
        return Checked(0, ["the record has no secret: it is revealed only when the game ends"])
    if not isinstance(record["secret"], str):
        return Checked(0, ["the secret is not hexadecimal"])
    try:
        secret = bytes.fromhex(record["secret"])
    except ValueError:
        return Checked(0, ["the secret is not hexadecimal"])
    phases = record.get("phases")
    if not isinstance(phases, list) or not phases:
        return Checked(0, ["the record has no phases"])
    for number, phase in enumerate(phases, 1):
        if (reason := _malformed(phase)) is not None:
            return Checked(0, [f"phase {number} of the record {reason}"])
    problems: list[str] = []
    if commitment(secret) != record.get("commitment"):
        problems.append("the secret does not match the SHA-256 commitment published at the start")
    previous: Any = None
    for phase in phases:
        name, shown = phase["phase"], phase["phase"][:40]
        if previous is not None and phase["state_before"] != previous:
            problems.append(f"{shown}: its state before is not the state the phase before left")
        orders = {power: list(given.values()) for power, given in (phase.get("orders") or {}).items()}
        try:
            result = kind.resolve(phase["state_before"], orders, phase_random(secret, name))
        except Exception as error:  # noqa: BLE001 - a state no game reaches: said, and checked on
            problems.append(f"{shown}: cannot be resolved again ({type(error).__name__})")
        else:
            if _as_stored(result.state) != phase["state_after"]:
                problems.append(f"{shown}: resolved again, it gives another position than recorded")
            elif _as_stored(result.report) != phase["report"]:
                problems.append(f"{shown}: resolved again, it gives another report than recorded")
        previous = phase["state_after"]
    return Checked(len(phases), problems, _ends_left_out(kind, secret, record, phases))


def _malformed(phase: Any) -> str | None:
    """Why a phase of a record cannot be checked (its one line), or None."""
    if not isinstance(phase, dict):
        return "is not an object"
    missing = [key for key in _PHASE_KEYS if key not in phase]
    if missing:
        return f"has no {missing[0]}"
    if not isinstance(phase["phase"], str) or not phase["phase"]:
        return "has no phase name"
    orders = phase.get("orders")
    if orders is not None and (not isinstance(orders, dict) or not all(
            isinstance(given, dict) and all(isinstance(o, str) for o in given.values())
            for given in orders.values())):
        return f"({phase['phase'][:20]}) has orders that are not a power's written orders"
    return None


def _ends_left_out(kind: Any, secret: bytes, record: dict[str, Any], phases: list[Any]) -> list[str]:
    """What the phases leave out of the game: its start, its end, or nothing."""
    left_out = []
    if kind.new_game(secret) != phases[0]["state_before"]:
        left_out.append(f"the start: the first phase ({phases[0]['phase'][:20]}) does not begin "
                        "where the secret sets the game up")
    if "state" not in record:
        left_out.append("the end: the record does not say where the game ended")
    elif record["state"] != phases[-1]["state_after"]:
        left_out.append(f"the end: the game did not end where the last phase "
                        f"({phases[-1]['phase'][:20]}) left it")
    return left_out


def _as_stored(value: Any) -> Any:
    """A value as the store keeps it (JSON: tuples are lists)."""
    return json.loads(json.dumps(value))
