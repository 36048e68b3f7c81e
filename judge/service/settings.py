"""A game's settings: stored as a JSON object on the game, read as typed values here.

Every setting has a default, so a game created with ``CREATE ?game password`` is playable at once:
white and grey press, civil disorder for missing players, 48 hours for a movement phase and 24 for
retreats and adjustments, each with 24 hours of grace, in UTC, a reminder to late players 24 hours
before a deadline, and draws that include every surviving power. The master changes them with SET
commands before or during the game.

One key is not a setting: ``bookkeeping`` holds what the judge records about the game's course
for itself (see ``bookkeeping_of``): the order submissions a rollback set aside, why the game is
paused, the concession votes, how the game ended. It lives here rather than in columns of its
own because every entry is small, optional and read with the settings; no player sets it.
"""

from __future__ import annotations

from datetime import time, timedelta
from typing import Any

from .deadlines import Schedule, Timing

PHASE_KINDS = ("movement", "retreat", "adjustment")

DEFAULTS: dict[str, Any] = {
    "press": "both",  # none | white | grey | both
    "fake_press": False,
    "nmr": "civil_disorder",  # civil_disorder | abandon
    "zone": "UTC",
    "anonymous": False,
    "gunboat": False,
    "draw_rule": "all",  # all (or dias): a draw includes every survivor; any: any set of them
    "remind_minutes": 24 * 60,  # late players are reminded this long before the deadline; 0: never
    "timing": {
        "movement": {"minutes": 48 * 60, "at": None, "days": [], "grace_minutes": 24 * 60},
        "retreat": {"minutes": 24 * 60, "at": None, "days": [], "grace_minutes": 24 * 60},
        "adjustment": {"minutes": 24 * 60, "at": None, "days": [], "grace_minutes": 24 * 60},
    },
}


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


def with_defaults(settings: dict[str, Any]) -> dict[str, Any]:
    """The settings with every missing one at its default (a new dict)."""
    merged = {**DEFAULTS, **settings}
    merged["timing"] = {
        kind: {**DEFAULTS["timing"][kind], **settings.get("timing", {}).get(kind, {})}
        for kind in PHASE_KINDS
    }
    return merged


def reminder_of(settings: dict[str, Any]) -> timedelta | None:
    """How long before a deadline late players are reminded, or None for no reminders."""
    minutes = int(with_defaults(settings)["remind_minutes"])
    return timedelta(minutes=minutes) if minutes > 0 else None


def timing_of(settings: dict[str, Any], kind: str) -> Timing:
    spec = with_defaults(settings)["timing"][kind]
    return Timing(
        minimum=timedelta(minutes=spec["minutes"]),
        at=time.fromisoformat(spec["at"]) if spec["at"] else None,
        days=frozenset(spec["days"]),
        grace=timedelta(minutes=spec["grace_minutes"]),
    )


def schedule_of(settings: dict[str, Any]) -> Schedule:
    merged = with_defaults(settings)
    return Schedule(
        movement=timing_of(merged, "movement"),
        retreat=timing_of(merged, "retreat"),
        adjustment=timing_of(merged, "adjustment"),
        zone=merged["zone"],
    )


def set_timing(
    settings: dict[str, Any],
    kind: str,
    *,
    minimum: timedelta | None = None,
    at: time | None = None,
    days: frozenset[int] | None = None,
    grace: timedelta | None = None,
) -> dict[str, Any]:
    """New settings with one phase kind's timing changed where a value is given."""
    merged = with_defaults(settings)
    spec = dict(merged["timing"][kind])
    if minimum is not None:
        spec["minutes"] = int(minimum.total_seconds() // 60)
    if at is not None:
        spec["at"] = at.isoformat(timespec="minutes")
    if days is not None:
        spec["days"] = sorted(days)
    if grace is not None:
        spec["grace_minutes"] = int(grace.total_seconds() // 60)
    timing_of({"timing": {kind: spec}}, kind)  # refuses impossible values before they are kept
    merged["timing"] = {**merged["timing"], kind: spec}
    return merged


_DAY_NAMES = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")


def describe_timing(settings: dict[str, Any], kind: str) -> str:
    """One kind of phase's timing in words, e.g. ``at least 48h after the phase begins, at 20:00,
    on Mon Tue Wed Thu Fri; grace 24h``."""
    timing = timing_of(settings, kind)
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
