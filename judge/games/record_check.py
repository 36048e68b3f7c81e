"""Checking a game's record: every phase recomputed from the revealed secret (``judge verify``).

A game record (``judge record GAME``, format ``judge-game-record/2``; ``/1``, written before the
judge recorded versions, is read too) holds the game's kind, the SHA-256 commitment published at
its start, the secret once the game has ended, every phase of its line of play (the state before,
the orders as they stood, the report and the state after; in ``/2`` the judge version and rules
version that resolved it) and the state the game ended in (``state``; a ``/1`` record of a judge
before 0.4.0 has none: its last phase must then end the game).

``check_record`` checks what decides a game: the secret against its commitment, each phase's
state before against the last one's state after, and each phase resolved again with
``phase_random(secret, phase)`` by this judge: its position (a key a newer judge writes empty is
no difference) and its dice (the values a report keeps under ``dice`` and ``roll``). A report
that differs in nothing else is worded otherwise by a newer judge: told as such, never a
mismatch. A position or dice that differ where the kind's rule readings changed between the
rules version that resolved the phase and this judge's are told with those changes; where none
changed they are a mismatch. It says too whether the phases run from the start (the first begins
where ``new_game(secret)`` sets the game up, computed here, not taken from the record) to the end
(the last ends in the record's ``state``, and the game has ended): a record cut at either end is
not a verified game.

A record is a file anyone may hand over: whatever its shape (wrong types, keys missing, numbers
too large, nesting too deep), the answer is a reason in one line, never an exception.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from judge import __version__

from .dice import commitment, phase_random
from .kind import GameKind
from .registry import UnknownGameKind, game_kind

FORMAT = "judge-game-record/2"
FORMATS = ("judge-game-record/1", FORMAT)  # every format verify reads
FIRST_RECORDING = "0.5.0"  # the first judge version that recorded its versions with each phase
DICE = ("dice", "roll")  # the keys under which the kinds' reports keep what was rolled
_ENDED = ("finished", "terminated")
_PHASE_KEYS = ("phase", "state_before", "report", "state_after")


@dataclass(frozen=True)
class Checked:
    """What checking a record found: how many phases were recomputed, every mismatch, and whether
    the phases run from the game's start and to its end (what they leave out, in ``unchecked``)."""

    phases: int
    problems: list[str]
    unchecked: list[str] = field(default_factory=list)
    worded: list[str] = field(default_factory=list)  # reports worded otherwise by another judge
    ruled: list[str] = field(default_factory=list)  # differences a rule change explains

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
    if not isinstance(record, dict) or record.get("format") not in FORMATS:
        return Checked(0, [f"not a game record of the form {FORMAT} (or /1)"])
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
    checked = Checked(len(phases), [])
    if commitment(secret) != record.get("commitment"):
        checked.problems.append("the secret does not match the SHA-256 commitment published at the start")
    previous: Any = None
    for phase in phases:
        shown = phase["phase"][:40]
        if previous is not None and phase["state_before"] != previous:
            checked.problems.append(f"{shown}: its state before is not the state the phase before left")
        _check_phase(kind, secret, phase, checked)
        previous = phase["state_after"]
    checked.unchecked.extend(_ends_left_out(kind, secret, record, phases))
    return checked


def _check_phase(kind: GameKind, secret: bytes, phase: dict[str, Any], checked: Checked) -> None:
    """Resolve one phase again and say how it differs from the record (into ``checked``)."""
    shown = phase["phase"][:40]
    orders = {power: list(given.values()) for power, given in (phase.get("orders") or {}).items()}
    try:
        result = kind.resolve(phase["state_before"], orders, phase_random(secret, phase["phase"]))
    except Exception as error:  # noqa: BLE001 - a state no game reaches: said, and checked on
        checked.problems.append(f"{shown}: cannot be resolved again ({type(error).__name__})")
        return
    report = _as_stored(result.report)
    judge = phase.get("judge_version")
    by = f"judge {judge[:20]}" if isinstance(judge, str) else f"a judge before {FIRST_RECORDING}"
    same_position = _settled(_as_stored(result.state)) == _settled(phase["state_after"])
    if same_position and _dice(report) != _dice(phase["report"]):  # no rule explains a changed die
        checked.problems.append(f"{shown}: resolved again, it rolls other dice than recorded")
        return
    if same_position:
        if report != phase["report"]:
            checked.worded.append(f"{shown}: report wording differs (recorded by {by}, this is "
                                  f"{__version__})")
        return
    recorded = phase.get("rules_version")
    recorded = recorded if isinstance(recorded, int) and not isinstance(recorded, bool) else 1
    history = kind.rules_history
    changes = history.between(recorded, history.version)
    if not changes:
        checked.problems.append(f"{shown}: resolved again, it gives another position than recorded")
        return
    told = ("; ".join(f"{change.rule} {change.what}" for change in changes) if len(changes) <= 3
            else ", ".join(change.rule for change in changes) + " (CHANGELOG.md)")
    checked.ruled.append(f"{shown}: another position than recorded, as rule readings "
                         f"changed from rules version {min(recorded, history.version)} ({by}) to "
                         f"{history.version} (this judge, {__version__}): {told}")


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
    if _settled(_as_stored(kind.new_game(secret))) != _settled(phases[0]["state_before"]):
        left_out.append(f"the start: the first phase ({phases[0]['phase'][:20]}) does not begin "
                        "where the secret sets the game up")
    if "state" not in record:
        if record.get("format") == FORMAT or kind.outcome(phases[-1]["state_after"]) is None:
            left_out.append("the end: the record does not say where the game ended")
    elif record["state"] != phases[-1]["state_after"]:
        left_out.append(f"the end: the game did not end where the last phase "
                        f"({phases[-1]['phase'][:20]}) left it")
    return left_out


def _as_stored(value: Any) -> Any:
    """A value as the store keeps it (JSON: tuples are lists)."""
    return json.loads(json.dumps(value))


def _settled(value: Any) -> Any:
    """A position without the keys whose value is null: a key a newer judge writes empty (a new
    field at its default) is no difference of position."""
    if isinstance(value, dict):
        return {key: _settled(item) for key, item in value.items() if item is not None}
    if isinstance(value, list):
        return [_settled(item) for item in value]
    return value


def _dice(report: Any) -> list[Any]:
    """What a report says was rolled, in order: every value under a key of ``DICE``."""
    found: list[Any] = []
    if isinstance(report, dict):
        for key, item in report.items():
            found.extend([item] if key in DICE else _dice(item))
    elif isinstance(report, list):
        for item in report:
            found.extend(_dice(item))
    return found
