"""Random playouts on several cores: ``judge selfplay VARIANT --jobs N``.

The playouts themselves are pure (``judge.games.selfplay``): game ``i`` of a run from seed ``S``
is played from seed ``S + i`` alone. So a run can be split into runs of consecutive seeds, one per
process, and their games joined back in seed order: the result is the same, game for game, whatever
the number of processes; only the time it takes changes.
"""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor

from judge.games.registry import playable_kind
from judge.games.selfplay import GameRecord, Summary, selfplay, summary_of


def run_playouts(
    variant: str, games: int, seed: int, until: str | None = None, jobs: int = 1
) -> Summary:
    """Play ``games`` random games of a variant from ``seed`` on ``jobs`` processes."""
    kind = playable_kind(variant)
    jobs = max(1, min(jobs, games))
    if jobs == 1:
        return selfplay(kind, games, seed, until)
    sizes = [games // jobs + (1 if part < games % jobs else 0) for part in range(jobs)]
    starts = [seed + sum(sizes[:part]) for part in range(jobs)]
    with ProcessPoolExecutor(jobs) as pool:
        parts = pool.map(_play, [variant] * jobs, sizes, starts, [until] * jobs)
        records = [record for part in parts for record in part]
    return summary_of(kind, seed, until, records)


def _play(variant: str, games: int, seed: int, until: str | None) -> list[GameRecord]:
    """One process's share: its games' records (sent back to the parent)."""
    return selfplay(playable_kind(variant), games, seed, until).records
