"""Random playouts: games played with random legal orders, checked after every phase.

``judge selfplay VARIANT --games N --seed S`` plays N games of a game kind, every power giving
random orders that are possible in the position, until a game ends, passes the last period asked
for (``--until 1905``; Richard III's ``--until II-3``) or has played its most phases. After
each phase the game kind's invariants are checked (``Playout.violations``); the first violation
ends that game and is reported with everything needed to replay it. Two uses: a test that the
rules engine never reaches an impossible position, and the balance table (each power's average
score, supply centres for Diplomacy, at the end of each year), which tells whether a power is
hopeless from the start. The table's rows are the kind's periods (``GameKind.period_name``).

Game ``i`` of a run from seed ``S`` is played from seed ``S + i`` alone: its own ``Random(S + i)``
chooses every order and is the phases' only source of chance, so ``--games 1 --seed S+i`` replays
it exactly. Nothing here reads the clock; the command times the run.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from random import Random
from typing import Any

from .kind import Outcome, PlayableKind, State

DEFAULT_PERIODS = 50
"""How many periods (Diplomacy's years, Richard III's turns) a game is played at most when no last
period is given."""

MOST_PHASES = 5000
"""The most phases one game is played, whatever else bounds it: a kind whose periods stopped
advancing would otherwise play forever."""


@dataclass(frozen=True)
class Violation:
    """An invariant broken in a phase: the game's seed, the phase, what is wrong, and the state
    before, the orders given and the state after, so the phase can be replayed by hand."""

    seed: int
    phase: str
    period: str  # as the kind names it: the last period a replay must play
    problems: list[str]
    before: State
    orders: dict[str, list[str]]
    after: State


@dataclass
class GameRecord:
    """One game played: its seed, how far it went, how it ended, and each power's score at the
    end of each period it completed (by ``Standing.period``)."""

    seed: int
    phases: int = 0
    last_phase: str = ""
    outcome: Outcome | None = None
    violation: Violation | None = None
    scores: dict[int, dict[str, int]] = field(default_factory=dict)


def play_game(kind: PlayableKind, seed: int, until: str | None = None,
              most_phases: int = MOST_PHASES) -> GameRecord:
    """Play one game from ``seed`` to its end, through the period named ``until`` (as the kind's
    ``period_name`` writes it; default: DEFAULT_PERIODS periods), or through ``most_phases``."""
    rng = Random(seed)
    state = kind.new_game(str(seed).encode())
    standing = kind.standing(state)
    last = standing.period + DEFAULT_PERIODS - 1 if until is None else None
    record = GameRecord(seed)
    while record.phases < most_phases:
        if last is None and kind.period_name(standing.period) == until:
            last = standing.period
        if last is not None and standing.period > last:
            break
        phase = kind.pending(state)
        orders = {power: kind.random_orders(state, power, rng) for power in sorted(phase.powers)}
        result = kind.resolve(state, orders, rng)
        record.phases += 1
        record.last_phase = phase.phase
        problems = kind.violations(state, result)
        if problems:
            record.violation = Violation(seed, phase.phase, kind.period_name(standing.period),
                                         problems, state, orders, result.state)
            break
        after = kind.standing(result.state)
        if after.period > standing.period:
            record.scores[standing.period] = dict(after.scores)
        state, standing = result.state, after
        outcome = kind.outcome(state)
        if outcome is not None:
            record.outcome = outcome
            record.scores.setdefault(standing.period, dict(standing.scores))
            break
    return record


@dataclass
class Summary:
    """A run of games: what was played, what went wrong, and the balance table."""

    kind: str
    powers: list[str]
    seed: int
    until: str | None
    records: list[GameRecord]
    score: str = "supply centres"  # what the balance table averages: the kind's ``score``
    period: str = "year"  # what its rows count: the kind's ``period``
    period_names: dict[int, str] = field(default_factory=dict)  # each row's period as named

    @property
    def phases(self) -> int:
        return sum(record.phases for record in self.records)

    @property
    def violations(self) -> list[Violation]:
        return [r.violation for r in self.records if r.violation is not None]

    def winners(self) -> Counter[str]:
        """How many games each power won (alone or in a shared win); draws count as ``draw``."""
        won: Counter[str] = Counter()
        for record in self.records:
            if record.outcome is not None:
                won.update(record.outcome.winners or ("draw",))
        return won

    def balance(self) -> tuple[list[int], list[int], dict[str, list[float]]]:
        """The years, how many games count in each, and each power's average score at the end of
        each year. A game that ended keeps its final scores in later years (its winner stays
        the winner); a game stopped by a violation counts only for the years it completed."""
        years = sorted({year for r in self.records for year in r.scores})
        counts = [0] * len(years)
        totals = {power: [0.0] * len(years) for power in self.powers}
        for record in self.records:
            if not record.scores:
                continue
            final = max(record.scores)
            for column, year in enumerate(years):
                scores = record.scores.get(year)
                if scores is None:
                    if year < final or record.outcome is None:
                        continue
                    scores = record.scores[final]
                counts[column] += 1
                for power in self.powers:
                    totals[power][column] += scores.get(power, 0)
        averages = {
            power: [total / count if count else 0.0 for total, count in zip(column, counts)]
            for power, column in totals.items()
        }
        return years, counts, averages


def selfplay(kind: PlayableKind, games: int, seed: int, until: str | None = None) -> Summary:
    """Play ``games`` games, from seeds ``seed``, ``seed + 1``, ..."""
    records = [play_game(kind, seed + number, until) for number in range(games)]
    return summary_of(kind, seed, until, records)


def summary_of(kind: PlayableKind, seed: int, until: str | None,
               records: list[GameRecord]) -> Summary:
    """The summary of games played, its periods named as the kind names them."""
    periods = {period for record in records for period in record.scores}
    return Summary(kind.name, list(kind.powers()), seed, until, records, kind.wording.score,
                   kind.wording.period, {period: kind.period_name(period) for period in periods})


# --- reports ----------------------------------------------------------------------------------


def summary_json(summary: Summary, variant: str) -> dict[str, Any]:
    years, counts, averages = summary.balance()
    return {
        "variant": variant,
        "kind": summary.kind,
        "seed": summary.seed,
        "games": len(summary.records),
        "until": summary.until,
        "phases": summary.phases,
        "won": dict(sorted(summary.winners().items())),
        "violations": [
            {
                "seed": v.seed,
                "phase": v.phase,
                "problems": v.problems,
                "replay": replay_command(variant, v),
                "before": v.before,
                "orders": v.orders,
                "after": v.after,
            }
            for v in summary.violations
        ],
        "balance": {
            "years": years,  # the periods, numbered (``Standing.period``)
            "named": [summary.period_names.get(year, str(year)) for year in years],
            "games": counts,
            "centres": {power: [round(x, 3) for x in column] for power, column in averages.items()},
        },
    }


def replay_command(variant: str, violation: Violation) -> str:
    return f"judge selfplay {variant} --games 1 --seed {violation.seed} --until {violation.period}"


def summary_text(summary: Summary, variant: str, seconds: float | None = None) -> str:
    """The run as a player reads it: totals, every violation in full, the balance table."""
    played = len(summary.records)
    limit = f", to {summary.until}" if summary.until is not None else ""
    lines = [f"judge selfplay {variant}: {played} games from seed {summary.seed}{limit}"]
    speed = ""
    if seconds:
        speed = f" in {seconds:.1f} s ({summary.phases / seconds:,.0f} phases a second)"
    lines.append(f"phases played: {summary.phases:,}{speed}")
    lines.append(f"violations: {len(summary.violations)}")
    won = summary.winners()
    ended = sum(won.values())
    results = ", ".join(f"{power} {count}" for power, count in sorted(won.items()))
    lines.append(f"games won: {ended}" + (f" ({results})" if results else ""))
    for violation in summary.violations:
        lines += ["", f"VIOLATION in the game of seed {violation.seed}, phase {violation.phase}:"]
        lines += [f"  - {problem}" for problem in violation.problems]
        lines.append(f"  replay: {replay_command(variant, violation)}")
        lines.append(f"  before: {json.dumps(violation.before, sort_keys=True)}")
        lines.append(f"  orders: {json.dumps(violation.orders, sort_keys=True)}")
        lines.append(f"  after: {json.dumps(violation.after, sort_keys=True)}")
    years, counts, averages = summary.balance()
    if years:
        lines += ["", f"Average {summary.score} at the end of each {summary.period} "
                      "(games: how many count):"]
        widths = [max(len(power), 5) for power in summary.powers]
        columns = "  ".join(p.rjust(w) for p, w in zip(summary.powers, widths))
        width = max(4, len(summary.period), *(len(summary.period_names.get(y, str(y))) for y in years))
        header = f"{summary.period:<{width}}  games  {columns}"
        lines.append(header)
        for column, year in enumerate(years):
            cells = "  ".join(
                f"{averages[p][column]:.2f}".rjust(w) for p, w in zip(summary.powers, widths)
            )
            name = summary.period_names.get(year, str(year))
            lines.append(f"{name:<{width}}  {counts[column]:>5}  {cells}")
    return "\n".join(lines)
