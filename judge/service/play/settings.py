"""A game's settings: stored as a JSON object on the game, read as typed values here.

Every setting has a default, so a game created with ``CREATE ?game password`` is playable at once:
white and grey press, civil disorder for missing players, the deadlines of the game kind's timing
classes (Diplomacy: 48 hours for a movement phase and 24 for retreats and adjustments, each with 24
hours of grace), in UTC, a reminder to late players 24 hours before a deadline, and draws that
include every surviving power. ``settings_of`` reads them as one typed value. The master changes them with SET
commands before or during the game.

One key is not a setting: ``bookkeeping`` holds what the judge records about the game's course
for itself (see ``bookkeeping_of``): the order submissions a rollback set aside, why the game is
paused, the concession votes, how the game ended. It lives here rather than in columns of its
own because every entry is small, optional and read with the settings; no player sets it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import time, timedelta
from typing import Any

from judge.games.kind import GameKind, TimingClass

from ..commands.command_values import DrawRule, NmrPolicy, PressMode
from .deadlines import Timing

DEFAULTS: dict[str, Any] = {
    "press": PressMode.BOTH.value,  # none | white | grey | both
    "fake_press": False,
    "nmr": NmrPolicy.CIVIL_DISORDER.value,  # civil_disorder | abandon
    "zone": "UTC",
    "anonymous": False,
    "gunboat": False,
    "draw_rule": DrawRule.ALL.value,  # all (or dias): every survivor shares a draw; any: any set
    "remind_minutes": 24 * 60,  # late players are reminded this long before the deadline; 0: never
}
"""Every setting but the timings, at its default. The timings are kept under ``timing``, by the
name of the game kind's timing class (``{"movement": {"minutes", "at", "days",
"grace_minutes"}}``); a class without an entry has the kind's defaults (``TimingClass``)."""


@dataclass(frozen=True)
class GameSettings:
    """A game's settings as the judge reads them: every one typed, each at its default unless
    the master set it, and the timing of each of the game kind's timing classes."""

    press: PressMode
    fake_press: bool
    nmr: NmrPolicy
    zone: str
    anonymous: bool
    gunboat: bool
    draw_rule: DrawRule
    remind: timedelta | None  # how long before a deadline late players are reminded; None: never
    timings: Mapping[str, Timing]  # by timing class name, in the kind's order

    def timing(self, name: str) -> Timing:
        """The timing of a class of phases (``Pending.timing``)."""
        return self.timings[name]

    @property
    def hidden_players(self) -> bool:
        """Whether who plays which power is kept from everyone (anonymous and gunboat games)."""
        return self.anonymous or self.gunboat


def settings_of(settings: dict[str, Any], kind: GameKind) -> GameSettings:
    """The typed settings of a game of this kind, from what is stored (``Game.settings``)."""
    merged = {**DEFAULTS, **settings}
    minutes = int(merged["remind_minutes"])
    return GameSettings(
        press=PressMode(merged["press"]),
        fake_press=bool(merged["fake_press"]),
        nmr=NmrPolicy(merged["nmr"]),
        zone=str(merged["zone"]),
        anonymous=bool(merged["anonymous"]),
        gunboat=bool(merged["gunboat"]),
        draw_rule=DrawRule(merged["draw_rule"]),
        remind=timedelta(minutes=minutes) if minutes > 0 else None,
        timings={timing.name: _timing(settings, timing) for timing in kind.timings},
    )


def _spec(settings: dict[str, Any], timing: TimingClass) -> dict[str, Any]:
    """One timing class's stored timing, with the kind's defaults for what is not stored."""
    default: dict[str, Any] = {"minutes": timing.hours * 60, "at": None, "days": [],
               "grace_minutes": timing.grace_hours * 60}
    return {**default, **settings.get("timing", {}).get(timing.name, {})}


def _timing(settings: dict[str, Any], timing: TimingClass) -> Timing:
    spec = _spec(settings, timing)
    return Timing(
        minimum=timedelta(minutes=spec["minutes"]),
        at=time.fromisoformat(spec["at"]) if spec["at"] else None,
        days=frozenset(spec["days"]),
        grace=timedelta(minutes=spec["grace_minutes"]),
    )


def timing_named(kind: GameKind, word: str) -> TimingClass | None:
    """The kind's timing class a word names (its name or an alias, any case), or None."""
    wanted = word.lower()
    return next((timing for timing in kind.timings if wanted in timing.words()), None)


BOOKKEEPING = "bookkeeping"
"""The key of the judge's own records in a game's settings. Entries, each optional:

- ``orders_after``: order submissions with this id or lower do not count (set by ROLLBACK to the
  last submission's id, so orders given before a rollback never count for the phases replayed);
- ``last_rollback``: ``{"phase", "from", "at"}``, the last rollback, for the record;
- ``paused_by``: ``"master"`` (PAUSE) or ``"abandonment"`` (the NMR policy): why the game is paused;
- ``concessions``: ``{power: power conceded to}``, the standing concession votes;
- ``ended``: ``{"by", "at", "winners"}``, how a game ended by TERMINATE or a concession;
- ``secret_revealed``: True once a final notice revealed the game's secret (no rollback then);
- ``reminded``: the phase whose late players were last reminded (one reminder per phase);
- ``draw_sets``: ``{membership id: [powers]}``, the powers each SET DRAW vote would have share the
  draw, under the draw rule ANY (the vote itself is the membership's ``draw_vote``).
"""


def bookkeeping_of(settings: dict[str, Any]) -> dict[str, Any]:
    """The judge's records of a game (a new dict; see ``BOOKKEEPING``)."""
    return dict(settings.get(BOOKKEEPING, {}))


def with_bookkeeping(settings: dict[str, Any], **entries: Any) -> dict[str, Any]:
    """New settings with these bookkeeping entries changed; an entry given as None is removed.
    (Assign the result to ``game.settings``: a JSON column is saved only when assigned.)"""
    kept = {**bookkeeping_of(settings), **entries}
    kept = {key: value for key, value in kept.items() if value is not None}
    return {**settings, BOOKKEEPING: kept}


def orders_after(settings: dict[str, Any]) -> int:
    """The id of the last order submission set aside by a rollback (0: none set aside)."""
    return int(bookkeeping_of(settings).get("orders_after", 0))


def set_timing(
    settings: dict[str, Any],
    timing: TimingClass,
    *,
    minimum: timedelta | None = None,
    at: time | None = None,
    days: frozenset[int] | None = None,
    grace: timedelta | None = None,
) -> dict[str, Any]:
    """New settings with one timing class's timing changed where a value is given; refuses
    (ValueError) impossible values before they are kept."""
    spec = _spec(settings, timing)
    if minimum is not None:
        spec["minutes"] = int(minimum.total_seconds() // 60)
    if at is not None:
        spec["at"] = at.isoformat(timespec="minutes")
    if days is not None:
        spec["days"] = sorted(days)
    if grace is not None:
        spec["grace_minutes"] = int(grace.total_seconds() // 60)
    _timing({"timing": {timing.name: spec}}, timing)
    return {**settings, "timing": {**settings.get("timing", {}), timing.name: spec}}


_DAY_NAMES = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")


def describe_timing(timing: Timing) -> str:
    """A timing in words, e.g. ``at least 48h after the phase begins, at 20:00, on Mon Tue Wed
    Thu Fri; grace 24h``."""
    words = [f"at least {length_words(timing.minimum)} after the phase begins"]
    if timing.at is not None:
        words.append(f"at {timing.at.isoformat(timespec='minutes')}")
    if len(timing.days) < 7:
        words.append("on " + " ".join(_DAY_NAMES[day] for day in sorted(timing.days)))
    return ", ".join(words) + f"; grace {length_words(timing.grace)}"


def length_words(length: timedelta) -> str:
    """A length as the commands write it: ``48h``, ``1h30m``, ``45m``; ``none`` for no time."""
    minutes = int(length.total_seconds() // 60)
    if minutes <= 0:
        return "none"
    hours, minutes = divmod(minutes, 60)
    return (f"{hours}h" if hours else "") + (f"{minutes}m" if minutes else "")
