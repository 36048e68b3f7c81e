"""When a reader is mailed a game's reports (SET MAIL): the rhythm of results mails.

A kind whose phases group into Turns (``Turned``: Plantagenet, Richard III) mails a player when
he must act (his power has no complete orders for the phase now due) and at the end of each
Turn, an observer or master at the end of each Turn, and everyone when the game ends; each mail
carries every report since the reader's last, in order. ``SET MAIL EVERY PHASE`` mails a member
each time phases are processed, as does every kind without Turns (Diplomacy: every phase needs
every player). Nothing is lost: a report not mailed yet waits (``Membership.unmailed_from``) for
the reader's next results mail, and the archive and HISTORY keep every one.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlmodel import Session, col, select

from judge.games.kind import Turned
from judge.store import Game, GameStatus, Membership, PhaseRecord

from ..play.games import kind_of, late_powers


def turn_ended(game: Game, records: Sequence[PhaseRecord]) -> bool:
    """Whether these phases (processed together) end a Turn of the game, or the game: always,
    for a kind without Turns."""
    kind = kind_of(game)
    if game.status is not GameStatus.ACTIVE or not isinstance(kind, Turned):
        return True
    return any(kind.turn(record.state_before) != kind.turn(record.state_after) for record in records)


def mailed_now(db: Session, game: Game, records: Sequence[PhaseRecord],
               readers: dict[str, tuple[str | None, Sequence[Membership]]]) -> dict[str, list[PhaseRecord]]:
    """The readers (address: the power he reads as, his memberships) to mail now that
    ``records`` (oldest first) were processed, each with the reports his mail carries: those
    waiting for him, then these. The others' wait is noted on their memberships."""
    ended = turn_ended(game, records)
    acting = set(late_powers(db, game)) if not ended and game.status is GameStatus.ACTIVE else set()
    first = records[0].id
    assert first is not None
    starts = {address: min((m.unmailed_from for m in held if m.unmailed_from is not None), default=None)
              for address, (_, held) in readers.items()}
    earliest = min((start for start in starts.values() if start is not None), default=None)
    waiting: list[PhaseRecord] = []
    if earliest is not None and earliest < first:
        waiting = list(db.exec(select(PhaseRecord).where(
            PhaseRecord.game_id == game.id, col(PhaseRecord.id) >= earliest,
            col(PhaseRecord.id) < first).order_by(col(PhaseRecord.id))).all())
        waiting = _not_undone(waiting, records)
    mailed: dict[str, list[PhaseRecord]] = {}
    for address, (power, held) in readers.items():
        due = ended or (power is not None and power in acting) or any(m.every_phase for m in held)
        start = starts[address]
        waits = None if due else (start if start is not None else first)
        for membership in held:
            if membership.unmailed_from != waits:  # most often none is changed (Diplomacy: never)
                membership.unmailed_from = waits
                db.add(membership)
        if due:
            mailed[address] = [r for r in waiting if start is not None and r.id is not None
                               and r.id >= start] + list(records)
    return mailed


def _not_undone(waiting: list[PhaseRecord], records: Sequence[PhaseRecord]) -> list[PhaseRecord]:
    """The reports waiting, but those of phases a ROLLBACK undid: a phase processed again later
    (its later record) replaces the earlier."""
    later: set[str] = set()
    kept: list[PhaseRecord] = []
    ids = {record.id for record in waiting}
    for record in reversed([*waiting, *records]):
        if record.phase not in later and record.id in ids:
            kept.append(record)
        later.add(record.phase)
    return kept[::-1]
