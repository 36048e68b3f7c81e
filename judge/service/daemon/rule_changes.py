"""Which running games a newer judge's rule readings touch (``judge upgrade --check``), and the
rules version each running game is given when its database is upgraded (``judge upgrade``).

Each game keeps the rules version its phases are resolved by (``Game.rules_version``). A database
from before the judge recorded versions holds none: its schema revision tells which judge last
ran it, and so which rule changes it may not have had (``UNSEEN_FROM``). Such a game is taken to
be played by the rules before the first of those changes: a change it may in fact have had is
told once more rather than one it lacked not at all.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from judge.games.kind import GameKind, RuleChange, judge_order
from judge.games.registry import UnknownGameKind, game_kind
from judge.store import GameStatus

UNSEEN_FROM = {
    "0001": "0.1.0", "0002": "0.1.0", "0003": "0.1.0",  # the judge of 2026-11-22
    "0004": "0.3.0", "0005": "0.3.0", "0006": "0.3.0",  # 2026-11-25, before its rule fixes
    "enrol_0007": "0.5.0", "output_0007": "0.5.0", "auth_held_signons": "0.5.0",  # 2026-11-29
    "pmails_0008": "0.6.0",  # every change of 0.5.0 and before was in
}
"""For a schema revision, the first judge version some of whose rule changes a judge at that
revision may not have had (from the dates of the revisions and the changes in ``git log``)."""

RUNNING = (GameStatus.ACTIVE.value, GameStatus.PAUSED.value)


@dataclass(frozen=True)
class Touched:
    """A running game and the rule changes between its rules version and this judge's."""

    game: str
    kind: str
    played_by: int
    now: int
    changes: tuple[RuleChange, ...]


def played_by(kind: GameKind, recorded: int | None, revisions: tuple[str, ...]) -> int:
    """The rules version a game is played by: as recorded, else as its schema revision tells."""
    if recorded is not None:
        return recorded
    unseen = [UNSEEN_FROM[revision] for revision in revisions if revision in UNSEEN_FROM]
    if not unseen:  # a revision of the judge that records versions: nothing was left unrecorded
        return kind.rules_history.version
    return kind.rules_history.before_judge(min(unseen, key=judge_order))


def running_games(connection: Connection, revisions: tuple[str, ...]) -> list[Touched]:
    """Every running game whose rules version is older than its kind's on this judge, read with
    plain SQL (the schema may be older than this judge's: nothing is changed, nothing assumed
    but the game table's name, kind and status)."""
    columns = {column["name"] for column in sa.inspect(connection).get_columns("game")}
    recorded: sa.ColumnElement[Any] = (sa.column("rules_version") if "rules_version" in columns
                                         else sa.null())
    query: sa.Select[Any] = (sa.select(sa.column("name"), sa.column("kind"), recorded)
             .select_from(sa.table("game")).where(sa.column("status").in_(RUNNING))
             .order_by(sa.column("name")))
    touched = []
    for name, kind_name, version in connection.execute(query):
        try:
            kind = game_kind(kind_name)
        except UnknownGameKind:
            continue  # refused by name wherever the game is asked for
        older = played_by(kind, version, revisions)
        now = kind.rules_history.version
        if older < now:
            touched.append(Touched(name, kind_name, older, now, kind.rules_history.between(older, now)))
    return touched


def check_lines(touched: list[Touched]) -> list[str]:
    """What ``judge upgrade --check`` says: each touched game with its changes, one a line."""
    if not touched:
        return ["no running game is touched by a rule change of this judge"]
    lines = []
    for game in touched:
        lines.append(f"{game.game} ({game.kind}): rules version {game.played_by} -> {game.now}")
        lines += [f"  {change.rule} {change.what}" for change in game.changes]
    lines.append(f"{len(touched)} running game(s) touched: their players are told each change "
                 "with their next results")
    return lines
