"""Deadline arithmetic: when a phase's deadline falls, when its grace ends, absences, outages.

Pure: no clock and no I/O. Every function that needs the present takes it as an argument (``now``).
Instants go in and come out as timezone-aware datetimes; results are always in UTC. A naive datetime
given as an instant is a ``ValueError``. Local times (``Timing.at``, absence dates) are read in the
game's zone, an IANA name such as ``Europe/London``.

The rules
---------
- A phase's deadline (``deadline_for``) is the first instant at or after ``start + minimum`` that
  falls at the local time ``at`` on an allowed day of the week. ``minimum`` is elapsed time, not
  clock time: 24 hours across a change of the clocks is 24 hours. Without ``at``, the deadline is
  ``start + minimum`` itself when that falls on an allowed local day, and otherwise the first
  instant (local midnight) of the next allowed day.
- Each local day has exactly one deadline instant, its reading of ``at``. If that instant is
  earlier than ``start + minimum``, the day is passed over, even in the repeated hour of an
  autumn change where a second reading of ``at`` would be late enough.
- Reading a local time (``local_to_utc``; also ``at`` on a given day): it is *the first instant at
  which the local clock shows that time or later*. So 20:00 is 20:00 local on both sides of a
  change of the clocks; a time that does not exist (01:30 in Europe/London on the last Sunday of
  March) is the first instant after the gap (02:00 BST); an ambiguous time (01:30 in
  Europe/London on the last Sunday of October) is its first occurrence (fold=0, 01:30 BST).
- A local day is allowed when its weekday (Monday 0, as ``date.weekday()``) is in
  ``Timing.days``; no days, or all seven, means any day.
- Absences (``extend_for_absences``) are inclusive local dates. A deadline whose local date falls
  within one moves to the first allowed day after that absence, at ``at`` (or, without ``at``, at
  the deadline's own local time of day), and on again while the new day falls within another
  absence. The conventions say an absence pushes the *next* deadline, never the current one; this
  module leaves that to the caller, who passes only the absences that may move the deadline in
  hand (those set before its phase began) and never calls it again for a phase already running.
- After an outage (``clock_jump_guard``) the caller does not process overdue phases in a burst:
  it gives each a fresh deadline from ``now`` (``extended_deadline``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta, timezone
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

__all__ = [
    "EVERY_DAY",
    "Timing",
    "deadline_for",
    "grace_end",
    "extend_for_absences",
    "is_due",
    "reminder_time",
    "clock_jump_guard",
    "extended_deadline",
    "local_to_utc",
    "utc_to_local",
]

UTC = timezone.utc
EVERY_DAY: frozenset[int] = frozenset(range(7))
_ONE_DAY = timedelta(days=1)
_MICROSECOND = timedelta(microseconds=1)


@dataclass(frozen=True)
class Timing:
    """The timing of one class of phases (a game kind's ``TimingClass``: Diplomacy's movement,
    retreat or adjustment).

    ``minimum``: the least time from the phase's start to its deadline. ``at``: the local time of
    day the deadline falls at (None: exactly ``start + minimum``). ``days``: the weekdays a deadline
    may fall on, Monday 0; none means every day (and is stored as ``EVERY_DAY``). ``grace``: how long
    late players still have after the deadline before the game's NMR policy applies.
    """

    minimum: timedelta
    at: time | None = None
    days: frozenset[int] = EVERY_DAY
    grace: timedelta = timedelta(0)

    def __post_init__(self) -> None:
        if self.minimum < timedelta(0):
            raise ValueError(f"the minimum time to a deadline cannot be negative: {self.minimum}")
        if self.grace < timedelta(0):
            raise ValueError(f"a grace period cannot be negative: {self.grace}")
        if self.at is not None and self.at.tzinfo is not None:
            raise ValueError(f"the deadline's time of day is local to the game, without a zone: {self.at}")
        days = frozenset(self.days)
        wrong = sorted(day for day in days if day not in EVERY_DAY)
        if wrong:
            raise ValueError(f"days of the week are numbered 0 (Monday) to 6 (Sunday), not {wrong}")
        object.__setattr__(self, "days", days or EVERY_DAY)


def deadline_for(start: datetime, timing: Timing, zone: str) -> datetime:
    """The deadline of a phase that starts at ``start``: the first instant at or after
    ``start + timing.minimum`` at the local time ``timing.at`` (if given) on an allowed local day.

    Daylight saving: ``at`` is read on each day as the first instant the local clock shows it or
    later, so a nonexistent time (spring forward) is the first instant after the gap and an
    ambiguous one (fall back) is its first occurrence (fold=0). A day whose reading of ``at`` is
    too early is passed over whole. Without ``at``, an earliest instant on a day not allowed moves
    to the first instant (local midnight) of the next allowed day.
    """
    tz = _zone(zone)
    earliest = _instant("start", start) + timing.minimum
    day = _wall(earliest, tz).date()
    if timing.at is None:
        if day.weekday() in timing.days:
            return earliest
        return _read(datetime.combine(_allowed_from(day + _ONE_DAY, timing.days), time()), tz)
    while True:
        if day.weekday() in timing.days:
            candidate = _read(datetime.combine(day, timing.at), tz)
            if candidate >= earliest:
                return candidate
        day += _ONE_DAY


def grace_end(deadline: datetime, timing: Timing) -> datetime:
    """When the grace period after ``deadline`` ends and the NMR policy applies."""
    return _instant("deadline", deadline) + timing.grace


def extend_for_absences(
    deadline: datetime, absences: list[tuple[date, date]], timing: Timing, zone: str
) -> datetime:
    """The deadline, moved past every absence its local date falls within.

    Each absence is ``(first, last)``, inclusive local dates. A deadline on a day within an absence
    moves to the first allowed day after the absence's last day, at ``timing.at`` (without ``at``,
    at the deadline's own local time of day), read as ``deadline_for`` reads it; and on again while
    that day falls within another absence. A deadline on no absent day is returned unchanged.

    Which deadline to extend is the caller's decision: absences push the *next* deadline, never the
    current one, so the caller calls this when it sets a phase's deadline, with the absences known
    then, and not again for that phase when a new absence arrives.
    """
    tz = _zone(zone)
    current = _instant("deadline", deadline)
    for first, last in absences:
        if first > last:
            raise ValueError(f"an absence cannot end ({last}) before it begins ({first})")
    at = timing.at if timing.at is not None else _wall(current, tz).time()
    moved = True
    while moved:  # each absence moves the deadline at most once: the local date only grows
        moved = False
        day = _wall(current, tz).date()
        for first, last in absences:
            if first <= day <= last:
                current = _read(datetime.combine(_allowed_from(last + _ONE_DAY, timing.days), at), tz)
                day = _wall(current, tz).date()
                moved = True
    return current


def is_due(now: datetime, deadline: datetime) -> bool:
    """Whether the deadline has come: ``now`` is at or after it."""
    return _instant("now", now) >= _instant("deadline", deadline)


def reminder_time(deadline: datetime, before: timedelta) -> datetime:
    """When to remind late players: ``before`` ahead of the deadline."""
    if before < timedelta(0):
        raise ValueError(f"a reminder comes before the deadline, not {-before} after it")
    return _instant("deadline", deadline) - before


def clock_jump_guard(last_tick: datetime | None, now: datetime, limit: timedelta) -> bool:
    """Whether the time since the scheduler's last tick is more than ``limit`` either way.

    True means the judge was down or the clock jumped (forward, or backward by more than
    ``limit``): the caller must not process overdue phases in a burst but give each a fresh deadline
    (``extended_deadline``). With no last tick on record the gap is unknown, and the answer is True:
    harmless on a new judge, which has nothing overdue, and safe on one that lost its record.
    """
    if limit <= timedelta(0):
        raise ValueError(f"the limit on the time between ticks must be positive, not {limit}")
    if last_tick is None:
        return True
    return abs(_instant("now", now) - _instant("last_tick", last_tick)) > limit


def extended_deadline(now: datetime, timing: Timing, zone: str) -> datetime:
    """The new deadline of a phase found overdue after an outage: a fresh deadline from ``now``."""
    return deadline_for(now, timing, zone)


def local_to_utc(local: datetime, zone: str) -> datetime:
    """A naive local date and time in ``zone`` (e.g. from ``SET DEADLINE``) as a UTC instant:
    the first instant the local clock shows it or later (see the module's rules)."""
    if local.tzinfo is not None:
        raise ValueError(f"a local time is naive, read in the game's zone: {local}")
    return _read(local, _zone(zone))


def utc_to_local(instant: datetime, zone: str) -> datetime:
    """An instant as the game's local time (aware, in ``zone``), for showing to players."""
    return _instant("instant", instant).astimezone(_zone(zone))


# --- helpers ---------------------------------------------------------------------------------------


def _zone(name: str) -> ZoneInfo:
    if name == "localtime":  # the host's zone, not an IANA name: a game must not depend on its host
        raise ValueError(f"unknown time zone {name!r}: give an IANA name, e.g. Europe/London")
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        raise ValueError(f"unknown time zone {name!r}: give an IANA name, e.g. Europe/London") from None


def _instant(name: str, value: datetime) -> datetime:
    if value.tzinfo is None or value.utcoffset() is None:
        raise ValueError(f"{name} must be a timezone-aware instant, not the naive {value}")
    return value.astimezone(UTC)


def _wall(instant: datetime, tz: ZoneInfo) -> datetime:
    """What the local clock shows at ``instant``, as a naive datetime."""
    return instant.astimezone(tz).replace(tzinfo=None, fold=0)


def _read(local: datetime, tz: ZoneInfo) -> datetime:
    """The first instant at which the local clock shows ``local`` (naive) or later, in UTC."""
    local = local.replace(fold=0)
    first = local.replace(tzinfo=tz).astimezone(UTC)  # fold=0: the first occurrence, if any
    if _wall(first, tz) == local:
        return first
    # In a gap, fold=0 reads the time with the offset from before the change, which lands after
    # the gap; fold=1, with the offset from after it, lands before. The change lies between:
    # find the first instant whose clock shows ``local`` or later.
    before = local.replace(tzinfo=tz, fold=1).astimezone(UTC)
    after = first
    while after - before > _MICROSECOND:
        middle = before + (after - before) // 2
        if _wall(middle, tz) >= local:
            after = middle
        else:
            before = middle
    return after


def _allowed_from(day: date, days: frozenset[int]) -> date:
    """The first allowed day on or after ``day``."""
    while day.weekday() not in days:
        day += _ONE_DAY
    return day
