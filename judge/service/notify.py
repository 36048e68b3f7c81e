"""Mail to a game's members: turn reports and notices, queued in the caller's transaction."""

from __future__ import annotations

from collections import Counter
from datetime import datetime
from typing import Any

from sqlmodel import Session

from judge.store import Game, GameStatus, PhaseRecord, Role, queue_mail

from .config import Config
from .deadlines import utc_to_local
from .games import address_of, kind_of, members
from .reports import notice_subject, render, results_subject

PHASE_NAMES = {"S": "Spring", "F": "Fall", "W": "Winter"}
KIND_NAMES = {"M": "Movement", "R": "Retreat", "A": "Adjustment"}


def phase_name(phase: str) -> str:
    """``S1901M`` -> ``Spring 1901 Movement`` (other game kinds' phases are shown as they are)."""
    if len(phase) >= 3 and phase[0] in PHASE_NAMES and phase[-1] in KIND_NAMES:
        return f"{PHASE_NAMES[phase[0]]} {phase[1:-1]} {KIND_NAMES[phase[-1]]}"
    return phase


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
