"""Random playouts on several cores: ``judge selfplay VARIANT --jobs N``.

The playouts themselves are pure (``judge.games.selfplay``): game ``i`` of a run from seed ``S``
is played from seed ``S + i`` alone. So a run can be split into runs of consecutive seeds, one per
process, and their games joined back in seed order: the result is the same, game for game, whatever
the number of processes; only the time it takes changes.

With a judge's variants folder (``judge --config judge.toml selfplay NAME``), a variant its
operator added plays too: each process reads it from the folder, as the judge does.
"""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from pathlib import Path
from typing import ContextManager

from judge.games.registry import playable_kind
from judge.games.selfplay import GameRecord, Summary, selfplay, summary_of

from .variants import offered_from


def run_playouts(
    variant: str, games: int, seed: int, until: str | None = None, jobs: int = 1,
    added: Path | None = None,
) -> Summary:
    """Play ``games`` random games of a variant from ``seed`` on ``jobs`` processes; ``added``,
    a judge's variants folder, offers the variants it holds besides the shipped ones."""
    with _offering(added):
        kind = playable_kind(variant)
        jobs = max(1, min(jobs, games))
        if jobs == 1:
            return selfplay(kind, games, seed, until)
    sizes = [games // jobs + (1 if part < games % jobs else 0) for part in range(jobs)]
    starts = [seed + sum(sizes[:part]) for part in range(jobs)]
    with ProcessPoolExecutor(jobs) as pool:
        parts = pool.map(_play, [variant] * jobs, sizes, starts, [until] * jobs, [added] * jobs)
        records = [record for part in parts for record in part]
    return summary_of(kind, seed, until, records)


def _play(variant: str, games: int, seed: int, until: str | None,
          added: Path | None) -> list[GameRecord]:
    """One process's share: its games' records (sent back to the parent)."""
    with _offering(added):
        return selfplay(playable_kind(variant), games, seed, until).records


def _offering(added: Path | None) -> ContextManager[None]:
    return offered_from(added) if added is not None else nullcontext()
