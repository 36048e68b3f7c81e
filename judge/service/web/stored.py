"""One stored game read for a command of the judge's keeper (``judge show``, ``record``, ``map``):
the store opened, the game found by name (the command exits naming it if there is none), read,
and the store closed again."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from sqlmodel import Session

from judge.store import Game, game_by_name, open_store

from ..config import Config
from ..play.variants import offered

T = TypeVar("T")


def read_game(config: Config, name: str, read: Callable[[Session, Game], T]) -> T:
    store = open_store(config.database_url)
    try:
        with offered(config), store.session() as db:
            game = game_by_name(db, name)
            if game is None:
                raise SystemExit(f"judge: there is no game called {name}")
            return read(db, game)
    finally:
        store.close()
