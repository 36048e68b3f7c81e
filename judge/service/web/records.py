"""A game's record, for anyone to check its chance (``judge record GAME``; ``judge verify``).

The record is the game's line of play (``history.line_of_play``) in the form
``judge.games.record_check`` reads (``judge-game-record/2``): every phase's state before, orders,
report and state after, the judge version and rules version that resolved it, with the game's
kind, the judge that wrote the record, whether the game is finished, the commitment to its secret published at the start, and the state the
game stands in (so that a record cut short at its end does not pass ``judge verify``). The secret itself
is in it only once the game has ended and its final notice revealed it: while a game runs, the
record would tell every later roll. The record holds the whole state: it is the keeper's, or the
players' once the game is over, not for a running game's players.
"""

from __future__ import annotations

from typing import Any

from sqlmodel import Session

from judge import __version__
from judge.games.record_check import FORMAT
from judge.store import Game, GameStatus, PhaseRecord

from ..config import Config
from ..mailing.history import line_of_play
from ..play.games import kind_of, secret_hash
from ..play.settings import bookkeeping_of
from .stored import read_game


def game_record(db: Session, game: Game, line: list[PhaseRecord] | None = None) -> dict[str, Any]:
    """The game's record (its ``line`` of play, if the caller has read it already)."""
    line = line_of_play(db, game) if line is None else line
    revealed = bool(bookkeeping_of(game.settings).get("secret_revealed"))
    return {
        "format": FORMAT,
        "judge_version": __version__,  # the judge that wrote the record
        "game": game.name,
        "kind": game.kind,
        "status": game.status.value,
        "finished": game.status in (GameStatus.FINISHED, GameStatus.TERMINATED),  # verify waits for it
        "powers": list(kind_of(game).powers()),
        "commitment": secret_hash(game),
        "secret": game.secret.hex() if revealed else None,
        "from_start": bool(line) and line[0].state_before == kind_of(game).new_game(game.secret),
        "phases": [
            {
                "phase": record.phase,
                "processed_at": record.processed_at.isoformat(),
                "reason": record.reason,
                "state_before": record.state_before,
                "orders": record.orders,
                "report": record.resolution,
                "state_after": record.state_after,
                "judge_version": record.judge_version,  # None: resolved before versions were kept
                "rules_version": record.rules_version,
            }
            for record in line
        ],
        "state": game.state,  # where the game stands (has ended): the last phase must end here
    }


def public_record(db: Session, game: Game, line: list[PhaseRecord] | None = None) -> dict[str, Any]:
    """The record anyone may download: the whole record once the game has ended and its secret
    is revealed; before that, what observers see of each processed phase (the kind's ``view``
    and ``report_view`` for no power), without the orders as given and without the secret."""
    record = game_record(db, game, line)
    if record["secret"] is not None:
        return record
    kind = kind_of(game)
    record["phases"] = [
        {
            "phase": phase["phase"],
            "processed_at": phase["processed_at"],
            "reason": phase["reason"],
            "state_before": kind.view(phase["state_before"], None),
            "report": kind.report_view(phase["report"], None),
            "state_after": kind.view(phase["state_after"], None),
            "judge_version": phase["judge_version"],
            "rules_version": phase["rules_version"],
        }
        for phase in record["phases"]
    ]
    record["state"] = kind.view(game.state, None) if game.state is not None else None
    record["from_start"] = None  # nothing here can be checked until the secret is revealed
    return record


def export_record(config: Config, name: str) -> dict[str, Any]:
    """The record of the game called ``name``; exits naming the game if there is none."""
    return read_game(config, name, game_record)
