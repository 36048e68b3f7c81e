"""A game's past, as HISTORY and SUMMARY tell it: from the phase records, the game's archive.

Every processed phase is kept as a ``PhaseRecord``, including the phases a rollback undid. The
game's *line of play* is the chain of records that leads to where it stands now: the last record
whose state after is the game's state, the record before it whose state after is that record's
state before, and so on back (``line_of_play``). HISTORY and SUMMARY tell only that line, never
the phases a rollback undid.

- ``past_reports``: the turn report of each phase of the line processed between two dates (local
  dates in the game's time zone, both included), or from a phase on, rendered with the results
  mail's own template. A reply carries at most ``MAX_PHASES``; it then says from which phase to
  ask for the rest.
- ``summary``: one screen: the game, its variant and status, who played which power, and each
  power's score (the kind's ``standing``: supply centres in Diplomacy) at the end of each year;
  in a game that hides information, only as its reports tell everyone (Richard III: the
  usurpation count, at the political turn). While an anonymous or gunboat game runs, nobody's
  address is shown.

Anyone may ask for either: the reports and the summary hold nothing the game's players do not
already receive, and no mail address of an anonymous game before it ends.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date
from typing import Any

from sqlmodel import Session, col, select

from judge.games.kind import Standing
from judge.store import (
    Game,
    GameStatus,
    Membership,
    MembershipStatus,
    PhaseRecord,
    Player,
    Role,
)

from ..play.deadlines import utc_to_local
from ..play.games import game_settings, kind_of
from .notify import phase_name, turn_report, when

MAX_PHASES = 60
"""The most turn reports one HISTORY reply carries (about twelve game years); asking again from
a later date gives the rest."""

_ENDED = (GameStatus.FINISHED, GameStatus.TERMINATED)


def line_of_play(db: Session, game: Game) -> list[PhaseRecord]:
    """The records of the phases that lead to the game's present state, oldest first (without
    the phases a rollback undid). Empty while nothing has been processed."""
    records = list(
        db.exec(
            select(PhaseRecord).where(PhaseRecord.game_id == game.id).order_by(col(PhaseRecord.id))
        ).all()
    )
    by_state_after: dict[str, list[PhaseRecord]] = {}
    for record in records:
        by_state_after.setdefault(_key(record.state_after), []).append(record)
    line: list[PhaseRecord] = []
    wanted, before = _key(game.state), None  # the state the next record back must lead to
    while True:
        candidates = [
            r for r in by_state_after.get(wanted, [])
            if before is None or (r.id or 0) < before
        ]
        if not candidates:
            break
        record = candidates[-1]  # the latest: a phase replayed the same way counts once
        line.append(record)
        wanted, before = _key(record.state_before), record.id
    if not line and records and _key(records[0].state_before) != _key(game.state):
        return records  # a state no record leads to (set by hand): every record, in order
    return line[::-1]


def _key(state: Any) -> str:
    return json.dumps(state, sort_keys=True, separators=(",", ":"))


# --- HISTORY --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PastReport:
    """One processed phase as HISTORY tells it: a heading (when and why it processed) and its
    turn report."""

    heading: str
    report: str


@dataclass(frozen=True)
class History:
    """The reports HISTORY sends, and how many more phases in the range were left out (at most
    ``limit`` are sent), with the phase to ask from for the rest (``HISTORY game FROM phase``:
    a phase, not a date, since several phases may be processed on one day and a date would send
    some of them again)."""

    reports: list[PastReport]
    left_out: int
    resume_from: str | None
    limit: int


def past_reports(game: Game, line: list[PhaseRecord], first: date | str | None,
                 last: date | None, reader: str | None, room: int | None = None) -> History:
    """The turn reports of the phases in ``line`` processed from ``first`` to ``last`` (local
    dates in the game's zone, both included; None leaves that end open), at most ``MAX_PHASES``,
    each as ``reader`` (a power, or None for an observer) may see it. ``first`` may be a phase
    (``S1905M``) instead: the reports from that phase of the line on. Raises ``LookupError`` for
    a phase that is not in the line. Given ``room`` (bytes), the reports stop before the first
    that would not fit in it (the first is always given): the rest are left out like those past
    ``MAX_PHASES``."""
    zone = game_settings(game).zone
    kind = kind_of(game)
    start = 0
    if isinstance(first, str):
        phases = [record.phase for record in line]
        if first not in phases:
            raise LookupError(first)
        start, first = phases.index(first), None
    chosen: list[tuple[int, PhaseRecord]] = []
    for index, record in enumerate(line[start:], start):
        day = utc_to_local(record.processed_at, zone).date()
        if (first is None or day >= first) and (last is None or day <= last):
            chosen.append((index, record))
    reports: list[PastReport] = []
    limit = MAX_PHASES
    used = 0
    for index, record in chosen[:limit]:
        latest = index == len(line) - 1
        outcome = kind.outcome(record.state_after) if latest and game.status in _ENDED else None
        running = latest and game.status is GameStatus.ACTIVE
        deadline = when(game, game.deadline) if running else None
        text = turn_report(
            game,
            record,
            reader,
            next_phase=kind.pending(record.state_after).phase,
            deadline=deadline,
            outcome=outcome.reason if outcome is not None else None,
        )
        heading = (f"=== {phase_name(game, record.phase)} ({record.phase}), processed "
                   f"{when(game, record.processed_at)}: {record.reason or 'no reason kept'} ===")
        report = PastReport(heading, text.rstrip("\n"))
        used += len(heading.encode()) + len(report.report.encode()) + 4
        if reports and room is not None and used > room:
            break
        reports.append(report)
    rest = chosen[len(reports):]
    return History(reports, len(rest), rest[0][1].phase if rest else None, limit)


# --- SUMMARY --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Holder:
    """A power and who played it, in order (addresses with what became of each), or why that
    is not shown."""

    power: str
    players: list[str]


def summary_values(db: Session, game: Game, line: list[PhaseRecord], status: str, *,
                   public: bool = False) -> dict[str, Any]:
    """What ``templates/summary.txt`` is given for a game (``status`` as LIST says it); ``public``
    for the web archive, which names players as they chose (``shown_as``), never by an address
    they did not make public."""
    kind = kind_of(game)
    hidden = game_settings(game).hidden_players and game.status not in _ENDED
    everyone = list(
        db.exec(
            select(Membership).where(Membership.game_id == game.id).order_by(col(Membership.id))
        )
    )
    powers = list(kind.powers())
    years = scores_by_year(game, line)
    outcome = kind.outcome(game.state) if game.status is GameStatus.FINISHED else None
    return {
        "game": game.name,
        "kind": game.kind,
        "variant": kind.wording.full_title,
        "status": status,
        "masters": [_address(db, m) for m in everyone
                    if m.role is Role.MASTER and m.status is MembershipStatus.ACTIVE],
        "observers": sum(1 for m in everyone
                         if m.role is Role.OBSERVER and m.status is MembershipStatus.ACTIVE),
        "forming": game.status is GameStatus.FORMING,
        "joined": sum(1 for m in everyone
                      if m.role is Role.PLAYER and m.status is MembershipStatus.ACTIVE),
        "holders": [_holder(db, power, everyone, hidden, public) for power in powers],
        "hidden": hidden,
        "powers": powers,
        "width": max((len(power) for power in powers), default=4) + 1,
        "years": years,
        "score": kind.wording.score,
        "score_note": kind.wording.score_note,
        "period": kind.wording.period,
        "counted_openly": kind.hidden_information,  # the scores only as the rules reveal them
        "outcome": outcome.reason if outcome is not None else None,
        "processed": len(line),
    }


def scores_by_year(game: Game, line: list[PhaseRecord]) -> list[tuple[str, list[int]]]:
    """Each power's score (the kind's ``standing``: supply centres, for Diplomacy), in the order
    of its powers, at the start and at the end of each year (the kind's ``period``, named by its
    ``period_name``) the line has finished (its last phase processed), and of the last year of a
    game that has ended. In a game whose kind hides information, only the scores its reports
    tell every reader (``scores_shown``), each at the end of the year that told it: the rules'
    open counts (Richard III: the usurpation count at the political turn, 8.2), never the score
    of a position nobody may see whole."""
    kind = kind_of(game)
    powers = list(kind.powers())
    rows: dict[str, list[int]] = {}
    if kind.hidden_information:
        for record in line:
            shown = kind.scores_shown(kind.report_view(record.resolution, None))
            if shown is not None:
                period = kind.standing(record.state_before)  # no secret: its period alone
                rows[period.period_named(kind)] = [shown.get(power, 0) for power in powers]
        return list(rows.items())
    if line:
        rows["start"] = _scores(kind.standing(line[0].state_before), powers)
    for record in line:
        before, after = kind.standing(record.state_before), kind.standing(record.state_after)
        if after.period > before.period or (record is line[-1] and game.status in _ENDED):
            rows[before.period_named(kind)] = _scores(after, powers)
    return list(rows.items())


def _scores(standing: Standing, powers: list[str]) -> list[int]:
    return [standing.scores.get(power, 0) for power in powers]


def _holder(db: Session, power: str, everyone: list[Membership], hidden: bool, public: bool) -> Holder:
    held = [m for m in everyone if m.power == power]
    active = any(m.status is MembershipStatus.ACTIVE for m in held)
    if hidden:
        return Holder(power, ["(hidden until the game ends)" if active else "no player"])
    players = [(shown_as(_player(db, m)) if public else _address(db, m)) + ("" if m.status is MembershipStatus.ACTIVE
                                  else f" ({m.status.value})") for m in held]
    if not active:
        players.append("now no player")
    return Holder(power, players)


def _address(db: Session, membership: Membership) -> str:
    return _player(db, membership).address


def _player(db: Session, membership: Membership) -> Player:
    player = db.get(Player, membership.player_id)
    assert player is not None
    return player


def shown_as(player: Player) -> str:
    """How the web archive names a player: the name he chose (SET NAME) or "a player", with his
    address only if he made it public (SET ADDRESS PUBLIC)."""
    if not player.address_public:
        return player.name or "a player"
    return f"{player.name} <{player.address}>" if player.name else player.address
