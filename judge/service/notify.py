"""Mail to a game's members: turn reports and notices, queued in the caller's transaction."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlmodel import Session

from judge.store import Game, GameStatus, PhaseRecord, Role, queue_mail

from .config import Config
from .deadlines import utc_to_local
from .games import (
    KeptRead,
    Processed,
    Submission,
    address_of,
    kind_of,
    members,
    secret_revealed,
)
from .reports import notice_subject, orders_subject, render, results_subject

PHASE_NAMES = {"S": "Spring", "F": "Fall", "W": "Winter"}
KIND_NAMES = {"M": "Movement", "R": "Retreat", "A": "Adjustment"}


def phase_name(phase: str) -> str:
    """``S1901M`` -> ``Spring 1901 Movement`` (other game kinds' phases are shown as they are)."""
    if len(phase) >= 3 and phase[0] in PHASE_NAMES and phase[-1] in KIND_NAMES:
        return f"{PHASE_NAMES[phase[0]]} {phase[1:-1]} {KIND_NAMES[phase[-1]]}"
    return phase


def orders_status(submission: Submission) -> str:
    """``complete``, or ``not complete yet`` and what is still to order."""
    if submission.complete:
        return "complete"
    return f"not complete yet: still to order {', '.join(submission.waiting)}"


def when(game: Game, instant: datetime | None) -> str:
    """A deadline as players read it: in the game's time zone, with the zone named."""
    if instant is None:
        return "not set"
    zone = str(game.settings.get("zone", "UTC"))
    return utc_to_local(instant, zone).strftime(f"%a %d %b %Y %H:%M {zone}")


def recipients(db: Session, game: Game) -> list[str]:
    """Every active member's address: players, observers and the master, each once."""
    seen: dict[str, None] = {}
    for membership in members(db, game):
        seen[address_of(db, membership)] = None
    return list(seen)


def send_notice(
    db: Session,
    config: Config,
    game: Game,
    paragraphs: list[str],
    now: datetime,
    to: list[str] | None = None,
) -> None:
    body = render(
        "notice.txt",
        game=game.name,
        paragraphs=paragraphs,
        judge_name=config.name,
        judge_address=config.address,
    )
    for address in to if to is not None else recipients(db, game):
        queue_mail(db, address, notice_subject(game.name), body, domain=config.domain,
                   game_id=game.id, now=now)


def send_results(
    db: Session, config: Config, game: Game, record: PhaseRecord, now: datetime
) -> None:
    """The turn report of a processed phase, to every member of the game."""
    body = results_body(config, game, record)
    for address in recipients(db, game):
        queue_mail(db, address, results_subject(game.name, record.phase), body,
                   domain=config.domain, game_id=game.id, now=now)


def report_processed(
    db: Session, config: Config, game: Game, processed: Processed, now: datetime
) -> None:
    """Everything a processed phase tells: the turn report to every member, to each player whose
    orders kept for the new phase (PHASE) were read as it began how they read (their errors
    included), and the end of the game if it ended."""
    send_results(db, config, game, processed.record, now)
    for kept in _by_membership(processed.kept):
        entries = [_kept_entry(read) for read in kept]
        last = kept[-1].submission
        entries.append(_Entry(
            f"(your orders for {phase_name(game.phase)})",
            [f"Your orders for {game.phase} are {orders_status(last)}"
             f"; the deadline is {when(game, game.deadline)}."]))
        body = render("kept_orders.txt", game=game.name, phase_name=phase_name(game.phase),
                      entries=entries, judge_name=config.name, judge_address=config.address)
        queue_mail(db, address_of(db, kept[0].membership), orders_subject(game.name, game.phase), body,
                   domain=config.domain, game_id=game.id, now=now)
    if game.status is GameStatus.FINISHED:
        send_notice(db, config, game, ["The game is over.", secret_revealed(game)], now)


@dataclass(frozen=True)
class _Entry:
    """A line as the reply template quotes it, and what the judge says about it."""

    line: str
    said: list[str]


def _by_membership(kept: list[KeptRead]) -> list[list[KeptRead]]:
    """The readings grouped by membership, in the order each was first read: one mail each."""
    grouped: dict[int | None, list[KeptRead]] = {}
    for read in kept:
        grouped.setdefault(read.membership.id, []).append(read)
    return list(grouped.values())


def _kept_entry(read: KeptRead) -> _Entry:
    said = [f"Error: {line.text}: {line.error}" if line.error else f"Accepted: {line.canonical}"
            + (f" (replaces {line.replaces})" if line.replaces else "") for line in read.submission.lines]
    text = "\n> ".join(line.text for line in read.submission.lines) or "(no orders)"
    return _Entry(text, said)


def results_body(config: Config, game: Game, record: PhaseRecord) -> str:
    """The results mail of the phase just processed (``record``), the game now in its next phase:
    the turn report, the next phase and its deadline (or the game's end), and the signature."""
    outcome = None
    if game.status is GameStatus.FINISHED:
        outcome = kind_of(game).outcome(game.state)
    values = results_values(
        game,
        record,
        next_phase=game.phase,
        deadline=when(game, game.deadline),
        outcome=outcome.reason if outcome is not None else None,
    )
    return render("diplomacy/results.txt", **values, judge_name=config.name,
                  judge_address=config.address)


def turn_report(
    game: Game, record: PhaseRecord, *, next_phase: str, deadline: str | None, outcome: str | None
) -> str:
    """The turn report of a processed phase without the mail's signature, as the results mail
    shows it (HISTORY sends past ones). ``deadline`` None leaves the deadline out."""
    values = results_values(game, record, next_phase=next_phase, deadline=deadline, outcome=outcome)
    return render("diplomacy/turn_report.txt", **values)


def results_values(
    game: Game, record: PhaseRecord, *, next_phase: str, deadline: str | None, outcome: str | None
) -> dict[str, Any]:
    """What the turn report templates are given for a processed phase (``record.resolution``)."""
    kind = kind_of(game)
    report = record.resolution
    units = Counter(unit["power"] for unit in report["next"]["units"])
    return {
        "game": game.name,
        "phase_name": phase_name(record.phase),
        "powers": list(kind.powers()),
        "report": report,
        "show_centres": record.phase.startswith("F") or record.phase.startswith("W"),
        "units": {power: units.get(power, 0) for power in kind.powers()},
        "outcome": outcome,
        "next_phase_name": phase_name(next_phase),
        "deadline": deadline,
    }


def masters(db: Session, game: Game) -> list[str]:
    return [address_of(db, m) for m in members(db, game) if m.role is Role.MASTER]
