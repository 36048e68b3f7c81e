"""Deadline arithmetic: exact deadlines across the changes of the clocks, properties, absences, outages."""

from __future__ import annotations

import functools
import re
from datetime import date, datetime, time, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judge.games.registry import game_kind
from judge.service.play.settings import set_timing, settings_of
from judge.service.play.deadlines import (
    EVERY_DAY,
    Timing,
    clock_jump_guard,
    deadline_for,
    extend_for_absences,
    extended_deadline,
    grace_end,
    is_due,
    local_to_utc,
    reminder_time,
    utc_to_local,
)

UTC = timezone.utc
H = timedelta(hours=1)
WEEKDAYS = frozenset(range(5))
MON, TUE, WED, THU, FRI, SAT, SUN = range(7)


def utc(year: int, month: int, day: int, hour: int = 0, minute: int = 0) -> datetime:
    return datetime(year, month, day, hour, minute, tzinfo=UTC)


def wall(instant: datetime, zone: str) -> datetime:
    return instant.astimezone(ZoneInfo(zone)).replace(tzinfo=None, fold=0)


# --- exact deadlines --------------------------------------------------------------------------------


def test_48h_at_20_mon_fri_from_a_friday_start() -> None:
    timing = Timing(48 * H, time(20), WEEKDAYS)
    assert date(2026, 1, 9).weekday() == FRI
    # Friday 18:00 + 48h is Sunday 18:00: the weekend is passed over, Monday 20:00 GMT.
    assert deadline_for(utc(2026, 1, 9, 18), timing, "Europe/London") == utc(2026, 1, 12, 20)
    assert deadline_for(utc(2026, 1, 9, 21), timing, "Europe/London") == utc(2026, 1, 12, 20)
    # Wednesday 19:00 + 48h is Friday 19:00: Friday 20:00.
    assert deadline_for(utc(2026, 1, 7, 19), timing, "Europe/London") == utc(2026, 1, 9, 20)
    # Wednesday 21:00 + 48h is Friday 21:00, after Friday's 20:00: Monday 20:00.
    assert deadline_for(utc(2026, 1, 7, 21), timing, "Europe/London") == utc(2026, 1, 12, 20)
    # Exactly at the time of day: that instant.
    assert deadline_for(utc(2026, 1, 7, 20), timing, "Europe/London") == utc(2026, 1, 9, 20)


def test_without_a_time_of_day_the_deadline_is_start_plus_minimum() -> None:
    timing = Timing(48 * H)
    start = datetime(2026, 1, 7, 13, 37, 12, 345, tzinfo=UTC)
    assert deadline_for(start, timing, "Europe/London") == start + 48 * H


def test_without_a_time_of_day_a_day_not_allowed_moves_to_the_next_allowed_midnight() -> None:
    timing = Timing(24 * H, None, WEEKDAYS)
    # Friday noon + 24h is Saturday: Monday 00:00 local (GMT in January, BST in June).
    assert deadline_for(utc(2026, 1, 9, 12), timing, "Europe/London") == utc(2026, 1, 12, 0)
    assert deadline_for(utc(2026, 6, 5, 12), timing, "Europe/London") == utc(2026, 6, 7, 23)


def test_across_the_london_spring_forward() -> None:
    # 2026-03-29 is the last Sunday of March: 01:00 GMT becomes 02:00 BST.
    daily = Timing(24 * H, time(20))
    # Saturday 20:00 GMT + 24h is Sunday 19:00 UTC = 20:00 BST: on time, 23 hours of clock.
    assert deadline_for(utc(2026, 3, 28, 20) - H, daily, "Europe/London") == utc(2026, 3, 29, 19)
    # Saturday 20:00 GMT + 24h is Sunday 20:00 UTC = 21:00 BST: too late for Sunday's 20:00.
    assert deadline_for(utc(2026, 3, 28, 20), daily, "Europe/London") == utc(2026, 3, 30, 19)
    # The minimum is elapsed time, not clock time.
    assert deadline_for(utc(2026, 3, 28, 12), Timing(24 * H), "Europe/London") == utc(2026, 3, 29, 12)


def test_across_the_london_fall_back() -> None:
    # 2026-10-25 is the last Sunday of October: 02:00 BST becomes 01:00 GMT.
    daily = Timing(24 * H, time(20))
    # Saturday 20:00 BST (19:00 UTC) + 24h is Sunday 19:00 GMT: Sunday 20:00 GMT, 25 hours on.
    assert deadline_for(utc(2026, 10, 24, 19), daily, "Europe/London") == utc(2026, 10, 25, 20)
    assert wall(utc(2026, 10, 25, 20), "Europe/London") == datetime(2026, 10, 25, 20)


def test_new_york() -> None:
    # 2026-03-08: 02:00 EST becomes 03:00 EDT. Friday 17:00 EST + 48h = Sunday 18:00 EDT.
    timing = Timing(48 * H, time(20))
    assert deadline_for(utc(2026, 3, 6, 22), timing, "America/New_York") == utc(2026, 3, 9, 0)
    # In winter 20:00 EST is 01:00 UTC the next day.
    assert deadline_for(utc(2026, 1, 5, 12), timing, "America/New_York") == utc(2026, 1, 8, 1)
    # 2026-11-01: 02:00 EDT becomes 01:00 EST.
    assert deadline_for(utc(2026, 10, 30, 12), timing, "America/New_York") == utc(2026, 11, 2, 1)


def test_auckland() -> None:
    timing = Timing(48 * H, time(20), WEEKDAYS)
    # Thursday 13:00 NZDT (UTC+13) + 48h is Saturday: Monday 20:00 NZDT, Monday 07:00 UTC.
    assert deadline_for(utc(2026, 1, 15, 0), timing, "Pacific/Auckland") == utc(2026, 1, 19, 7)
    # 2026-04-05: 03:00 NZDT becomes 02:00 NZST (UTC+12). Friday 3 April + 48h is Sunday: Monday.
    assert deadline_for(utc(2026, 4, 3, 0), timing, "Pacific/Auckland") == utc(2026, 4, 6, 8)
    # A local day that starts on the previous UTC day, and a zone ahead of UTC: the local weekday counts.
    friday_in_auckland = utc(2026, 1, 15, 12)  # Friday 01:00 NZDT, still Thursday in UTC
    assert deadline_for(friday_in_auckland, Timing(timedelta(0), time(20), frozenset({FRI})),
                        "Pacific/Auckland") == utc(2026, 1, 16, 7)


def test_a_nonexistent_local_time_is_the_first_instant_after_the_gap() -> None:
    at_0130 = Timing(12 * H, time(1, 30))
    # 01:30 does not exist in London on 2026-03-29: 02:00 BST (01:00 UTC).
    assert deadline_for(utc(2026, 3, 28, 3), at_0130, "Europe/London") == utc(2026, 3, 29, 1)
    # The next day it does: 01:30 BST.
    assert deadline_for(utc(2026, 3, 29, 3), at_0130, "Europe/London") == utc(2026, 3, 30, 0, 30)
    # Auckland, 2026-09-27: 02:00 NZST becomes 03:00 NZDT; 02:30 is 03:00 NZDT.
    at_0230 = Timing(timedelta(0), time(2, 30))
    assert deadline_for(utc(2026, 9, 26, 12), at_0230, "Pacific/Auckland") == utc(2026, 9, 26, 14)
    # New York, 2026-03-08: 02:15 is 03:00 EDT.
    at_0215 = Timing(timedelta(0), time(2, 15))
    assert deadline_for(utc(2026, 3, 8, 5), at_0215, "America/New_York") == utc(2026, 3, 8, 7)
    assert local_to_utc(datetime(2026, 3, 29, 1, 59, 59), "Europe/London") == utc(2026, 3, 29, 1)
    # Lord Howe moves its clocks by half an hour: 02:10 on 2026-10-04 is 02:30 (UTC+11).
    assert local_to_utc(datetime(2026, 10, 4, 2, 10), "Australia/Lord_Howe") == utc(2026, 10, 3, 15, 30)


def test_an_ambiguous_local_time_is_its_first_occurrence() -> None:
    at_0130 = Timing(6 * H, time(1, 30))
    # 01:30 happens twice in London on 2026-10-25: first at 01:30 BST (00:30 UTC).
    assert deadline_for(utc(2026, 10, 24, 12), at_0130, "Europe/London") == utc(2026, 10, 25, 0, 30)
    assert local_to_utc(datetime(2026, 10, 25, 1, 30, fold=1), "Europe/London") == utc(2026, 10, 25, 0, 30)
    # One reading a day: a start after the first occurrence passes the day over, though the second
    # occurrence (01:30 GMT) would be late enough.
    assert deadline_for(utc(2026, 10, 25, 0, 45), Timing(timedelta(0), time(1, 30)),
                        "Europe/London") == utc(2026, 10, 26, 1, 30)
    # New York, 2026-11-01: 01:30 EDT (05:30 UTC), not 01:30 EST.
    assert local_to_utc(datetime(2026, 11, 1, 1, 30), "America/New_York") == utc(2026, 11, 1, 5, 30)


def test_results_are_utc_and_inputs_in_any_offset_are_the_same_instant() -> None:
    timing = Timing(48 * H, time(20), WEEKDAYS)
    start = utc(2026, 1, 9, 18)
    in_auckland = start.astimezone(ZoneInfo("Pacific/Auckland"))
    result = deadline_for(in_auckland, timing, "Europe/London")
    assert result == utc(2026, 1, 12, 20) and result.tzinfo is UTC
    assert utc_to_local(result, "America/New_York") == datetime(2026, 1, 12, 15, tzinfo=ZoneInfo("America/New_York"))


# --- properties ---------------------------------------------------------------------------------------

ZONES = [
    "UTC", "Europe/London", "Europe/Dublin", "America/New_York", "America/St_Johns",
    "America/Santiago", "America/Havana", "Pacific/Auckland", "Australia/Lord_Howe",
    "Asia/Kolkata", "Asia/Tehran",
]


def first_showing(local: datetime, zone: str) -> datetime:
    """Test oracle, written apart from the module: the first instant whose clock shows ``local``
    or later. Both PEP 495 readings of ``local``; if neither shows it, it is in a gap: scan forward
    by whole minutes (these zones change their clocks on whole minutes) to the change."""
    tz = ZoneInfo(zone)
    readings = sorted(local.replace(tzinfo=tz, fold=fold).astimezone(UTC) for fold in (0, 1))
    for reading in readings:
        if wall(reading, zone) == local:
            return reading
    instant = readings[0].replace(second=0, microsecond=0)
    while wall(instant, zone) < local:
        instant += timedelta(minutes=1)
    return instant


def exists(local: datetime, zone: str) -> bool:
    return wall(local.replace(tzinfo=ZoneInfo(zone)).astimezone(UTC), zone) == local


@functools.cache
def transitions() -> list[tuple[str, datetime]]:
    """Every change of the clocks in ZONES in 2025-2027, to the second (from a daily scan)."""
    found = []
    for zone in ZONES:
        tz = ZoneInfo(zone)
        instant = utc(2025, 1, 1)
        while instant < utc(2028, 1, 1):
            following = instant + timedelta(days=1)
            if instant.astimezone(tz).utcoffset() != following.astimezone(tz).utcoffset():
                low, high = instant, following
                while high - low > timedelta(seconds=1):
                    middle = low + (high - low) // 2
                    if middle.astimezone(tz).utcoffset() == low.astimezone(tz).utcoffset():
                        low = middle
                    else:
                        high = middle
                found.append((zone, high))
            instant = following
    return found


timings = st.builds(
    Timing,
    minimum=st.integers(0, 10 * 24 * 60).map(lambda minutes: timedelta(minutes=minutes)),
    at=st.none() | st.times(),
    days=st.frozensets(st.integers(0, 6)),
    grace=st.integers(0, 72).map(lambda hours: timedelta(hours=hours)),
)
anytime_starts = st.tuples(
    st.sampled_from(ZONES),
    st.datetimes(datetime(2000, 1, 1), datetime(2040, 1, 1), timezones=st.just(UTC)),
)


@st.composite
def near_a_change(draw: st.DrawFn) -> tuple[str, datetime, Timing]:
    """A start shortly before a change of the clocks, and a time of day in or next to its gap or
    repeated hour."""
    zone, change = draw(st.sampled_from(transitions()))
    start = change - timedelta(minutes=draw(st.integers(0, 4 * 24 * 60)))
    around = wall(change, zone) + timedelta(minutes=draw(st.integers(-90, 90)))
    at = draw(st.sampled_from([around.time(), around.time().replace(second=30)]) | st.times())
    timing = draw(timings)
    return zone, start, Timing(
        draw(st.integers(0, 4 * 24 * 60).map(lambda minutes: timedelta(minutes=minutes))),
        at, timing.days, timing.grace)


starts = (anytime_starts.flatmap(lambda pair: timings.map(lambda timing: (*pair, timing)))
          | near_a_change())


def check_deadline(zone: str, start: datetime, timing: Timing) -> None:
    deadline = deadline_for(start, timing, zone)
    earliest = start + timing.minimum
    local = wall(deadline, zone)
    assert deadline.tzinfo is UTC
    # Never before start + minimum; on an allowed local weekday.
    assert deadline >= earliest
    assert local.weekday() in timing.days
    first_day = wall(earliest, zone).date()
    if timing.at is not None:
        # At the local time of day, or, where it does not exist that day, the first instant after
        # the gap; an ambiguous time at its first occurrence.
        wanted = datetime.combine(local.date(), timing.at)
        if exists(wanted, zone):
            assert local == wanted
        else:
            assert wall(deadline - timedelta(microseconds=1), zone) < wanted < local
        assert deadline == first_showing(wanted, zone)
        # The earliest: every earlier local day (from the day of start + minimum) is not allowed,
        # or its deadline instant is too early.
        day = first_day
        while day < local.date():
            assert (day.weekday() not in timing.days
                    or first_showing(datetime.combine(day, timing.at), zone) < earliest)
            day += timedelta(days=1)
    elif deadline != earliest:
        # Without a time of day: start + minimum was on a day not allowed, and the deadline is the
        # first instant of the next allowed day.
        assert wall(earliest, zone).weekday() not in timing.days
        assert wall(deadline - timedelta(microseconds=1), zone).date() < local.date()
        day = first_day
        while day < local.date():
            assert day.weekday() not in timing.days
            day += timedelta(days=1)


@settings(max_examples=300, deadline=None)
@given(starts)
def test_deadline_properties(case: tuple[str, datetime, Timing]) -> None:
    check_deadline(*case)


@settings(deadline=None)
@given(starts)
def test_grace_and_an_outage_extension_follow_the_timing(case: tuple[str, datetime, Timing]) -> None:
    zone, start, timing = case
    deadline = deadline_for(start, timing, zone)
    assert grace_end(deadline, timing) == deadline + timing.grace
    assert extended_deadline(start, timing, zone) == deadline


def test_a_deadline_is_stable_when_computed_from_itself_with_no_minimum() -> None:
    timing = Timing(timedelta(0), time(20), WEEKDAYS)
    deadline = deadline_for(utc(2026, 3, 27, 9), timing, "Europe/London")
    assert deadline == utc(2026, 3, 27, 20)
    assert deadline_for(deadline, timing, "Europe/London") == deadline


# --- absences -----------------------------------------------------------------------------------------


def test_an_absence_moves_the_deadline_to_the_first_allowed_day_after_it() -> None:
    timing = Timing(48 * H, time(20), WEEKDAYS)
    monday = utc(2026, 1, 12, 20)
    absence = (date(2026, 1, 12), date(2026, 1, 14))  # Monday to Wednesday
    assert extend_for_absences(monday, [absence], timing, "Europe/London") == utc(2026, 1, 15, 20)
    # An absence ending on a Friday: the weekend is not allowed, Monday.
    to_friday = (date(2026, 1, 10), date(2026, 1, 16))
    assert extend_for_absences(monday, [to_friday], timing, "Europe/London") == utc(2026, 1, 19, 20)


def test_absences_chain() -> None:
    timing = Timing(48 * H, time(20))
    monday = utc(2026, 1, 12, 20)
    absences = [(date(2026, 1, 14), date(2026, 1, 20)), (date(2026, 1, 11), date(2026, 1, 14))]
    assert extend_for_absences(monday, absences, timing, "Europe/London") == utc(2026, 1, 21, 20)


def test_a_deadline_on_no_absent_day_is_unchanged() -> None:
    timing = Timing(48 * H, time(20), WEEKDAYS)
    monday = utc(2026, 1, 12, 20)
    absences = [(date(2026, 1, 13), date(2026, 1, 20)), (date(2026, 1, 1), date(2026, 1, 11))]
    assert extend_for_absences(monday, absences, timing, "Europe/London") == monday
    assert extend_for_absences(monday, [], timing, "Europe/London") == monday


def test_absences_are_local_dates() -> None:
    timing = Timing(48 * H, time(8))
    # Tuesday 08:00 NZDT is Monday 19:00 UTC: an absence on Tuesday (local) moves it.
    deadline = utc(2026, 1, 12, 19)
    assert wall(deadline, "Pacific/Auckland") == datetime(2026, 1, 13, 8)
    tuesday = (date(2026, 1, 13), date(2026, 1, 13))
    assert extend_for_absences(deadline, [tuesday], timing, "Pacific/Auckland") == utc(2026, 1, 13, 19)
    monday = (date(2026, 1, 12), date(2026, 1, 12))
    assert extend_for_absences(deadline, [monday], timing, "Pacific/Auckland") == deadline


def test_without_a_time_of_day_an_absence_keeps_the_deadlines_local_time_across_a_change() -> None:
    timing = Timing(48 * H)
    friday = utc(2026, 3, 27, 13, 15)  # 13:15 GMT
    weekend = (date(2026, 3, 27), date(2026, 3, 29))
    assert extend_for_absences(friday, [weekend], timing, "Europe/London") == utc(2026, 3, 30, 12, 15)


def test_an_absence_that_ends_before_it_begins_is_refused() -> None:
    with pytest.raises(ValueError, match="before it begins"):
        extend_for_absences(utc(2026, 1, 12, 20), [(date(2026, 1, 14), date(2026, 1, 13))],
                            Timing(48 * H), "Europe/London")


absence_lists = st.lists(
    st.tuples(st.integers(-3, 20), st.integers(0, 10)), max_size=4)


@settings(max_examples=200, deadline=None)
@given(starts, absence_lists)
def test_absence_properties(case: tuple[str, datetime, Timing],
                            offsets: list[tuple[int, int]]) -> None:
    zone, start, timing = case
    deadline = deadline_for(start, timing, zone)
    day = wall(deadline, zone).date()
    absences = [(day + timedelta(days=a), day + timedelta(days=a + n)) for a, n in offsets]

    def absent(d: date) -> bool:
        return any(first <= d <= last for first, last in absences)

    moved = extend_for_absences(deadline, absences, timing, zone)
    local = wall(moved, zone)
    assert moved.tzinfo is UTC
    assert not absent(local.date())
    if not absent(day):
        assert moved == deadline
        return
    assert moved > deadline
    assert local.weekday() in timing.days
    at = timing.at if timing.at is not None else wall(deadline, zone).time()
    assert moved == first_showing(datetime.combine(local.date(), at), zone)
    # The first such day: every allowed day between is within an absence.
    between = day + timedelta(days=1)
    while between < local.date():
        assert between.weekday() not in timing.days or absent(between)
        between += timedelta(days=1)


# --- due, reminders, outages -----------------------------------------------------------------------------


def test_is_due() -> None:
    deadline = utc(2026, 1, 12, 20)
    assert not is_due(deadline - timedelta(microseconds=1), deadline)
    assert is_due(deadline, deadline)
    assert is_due(deadline + H, deadline)
    assert is_due(deadline.astimezone(ZoneInfo("America/New_York")), deadline)


def test_reminder_time() -> None:
    deadline = utc(2026, 1, 12, 20)
    assert reminder_time(deadline, 24 * H) == utc(2026, 1, 11, 20)
    assert reminder_time(deadline, timedelta(0)) == deadline
    with pytest.raises(ValueError, match="before the deadline"):
        reminder_time(deadline, -H)


def test_grace_end() -> None:
    assert grace_end(utc(2026, 1, 12, 20), Timing(48 * H, grace=24 * H)) == utc(2026, 1, 13, 20)


def test_clock_jump_guard() -> None:
    limit = timedelta(minutes=10)
    last = utc(2026, 1, 12, 20)
    assert not clock_jump_guard(last, last + timedelta(minutes=1), limit)
    assert not clock_jump_guard(last, last + limit, limit)
    assert clock_jump_guard(last, last + limit + timedelta(seconds=1), limit)
    assert clock_jump_guard(last, last + timedelta(days=365), limit)  # the clock set a year ahead
    assert clock_jump_guard(last, last - timedelta(hours=1), limit)  # and set back again
    assert not clock_jump_guard(last, last - timedelta(seconds=1), limit)  # a small correction
    assert clock_jump_guard(None, last, limit)  # no tick on record: the gap is unknown
    with pytest.raises(ValueError, match="positive"):
        clock_jump_guard(last, last, timedelta(0))


def test_after_an_outage_the_deadline_is_fresh_from_now() -> None:
    timing = Timing(48 * H, time(20), WEEKDAYS)
    overdue, now = utc(2026, 1, 9, 20), utc(2026, 1, 14, 9)
    assert is_due(now, overdue) and clock_jump_guard(overdue - timedelta(minutes=1), now, timedelta(minutes=10))
    assert extended_deadline(now, timing, "Europe/London") == utc(2026, 1, 16, 20)


# --- the model and its checks ---------------------------------------------------------------------------------


def test_settings_give_the_timing_of_each_of_the_kinds_timing_classes() -> None:
    kind = game_kind("standard")
    stored = set_timing({}, kind.timings[0], minimum=12 * H, at=time(20))
    settings = settings_of(stored, kind)
    assert list(settings.timings) == ["movement", "retreat", "adjustment"]
    assert settings.timing("movement") == Timing(12 * H, time(20), grace=24 * H)
    assert settings.timing("retreat") == Timing(24 * H, grace=24 * H)
    with pytest.raises(KeyError):
        settings.timing("winter")


@pytest.mark.parametrize("zone", ["Mars/Olympus_Mons", "", "Europe", "../etc/passwd", "/etc/localtime",
                                  "localtime", "europe/london "])
def test_an_unknown_zone_is_refused_by_name(zone: str) -> None:
    with pytest.raises(ValueError, match=re.escape(f"unknown time zone {zone!r}")):
        deadline_for(utc(2026, 1, 1), Timing(H), zone)


def test_timing_is_checked_and_no_days_means_every_day() -> None:
    assert Timing(H).days == EVERY_DAY
    assert Timing(H, days=frozenset()) == Timing(H, days=EVERY_DAY)
    with pytest.raises(ValueError, match="negative"):
        Timing(-H)
    with pytest.raises(ValueError, match="negative"):
        Timing(H, grace=-H)
    with pytest.raises(ValueError, match=r"not \[7\]"):
        Timing(H, days=frozenset({0, 7}))
    with pytest.raises(ValueError, match="without a zone"):
        Timing(H, at=time(20, tzinfo=UTC))


def test_naive_instants_are_refused() -> None:
    with pytest.raises(ValueError, match="timezone-aware"):
        deadline_for(datetime(2026, 1, 1), Timing(H), "Europe/London")
    with pytest.raises(ValueError, match="timezone-aware"):
        is_due(datetime(2026, 1, 1), utc(2026, 1, 1))
    with pytest.raises(ValueError, match="naive"):
        local_to_utc(utc(2026, 1, 1), "Europe/London")
