"""``judge map GAME [PHASE]``: the map picture of a stored game, from its phase records.

Without a phase, the game's position now (no orders: those of the current phase are secret until it
is processed). With one, that phase as it was played: its position and its orders, drawn with
their results, from the record on the game's line of play (a phase a rollback undid is not drawn).
What is drawn is what an observer may see (the game kind's view).
"""

from __future__ import annotations

from sqlmodel import Session

from judge.pictures import kind_picture, position_drawn
from judge.store import Game

from ..config import Config
from ..mailing.history import line_of_play
from ..play.games import kind_of
from .stored import read_game


def map_picture(config: Config, name: str, phase: str | None = None) -> str:
    """The SVG picture of the game ``name`` now, or of its phase ``phase`` (as the game's kind
    reads phase names: ``S1901M``) as played; exits with a message naming what is missing."""
    return read_game(config, name, lambda db, game: _picture(db, game, phase))


def _picture(db: Session, game: Game, phase: str | None) -> str:
    kind = kind_of(game)
    if not isinstance(game.state, dict):
        raise SystemExit(f"judge: {game.name} has not started")
    if phase is None:
        drawn = kind_picture(kind, kind.view(game.state, None), None)
    else:
        wanted = kind.read_phase(phase)
        if wanted is None:
            raise SystemExit(f"judge: cannot read {phase!r} as a phase of {game.name} "
                             f"({kind.wording.phase_example})")
        records = [r for r in line_of_play(db, game) if r.phase == wanted]
        if not records:
            raise SystemExit(f"judge: {game.name} has no processed phase {wanted}")
        record = records[-1]
        shown = position_drawn(kind, record.state_before, record.state_after)
        drawn = kind_picture(kind, kind.view(shown, None), None,
                             kind.report_view(record.resolution, None))
    if drawn is None:
        raise SystemExit(f"judge: no map pictures for {game.kind} games yet")
    return drawn
