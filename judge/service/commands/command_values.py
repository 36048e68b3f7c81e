"""The values that commands carry, and how they are read from the words a player writes.

The kinds of value (``PressMode``, ``NmrPolicy``, ``DrawRule``), and the readers the command
grammar calls for each value written in a command: names of games, variants and powers, dates
(``2026-12-24``, ``24 Dec 2026``),
dates and times, times of day (``20:00``, ``8pm``), lengths of time (``48h``, ``1d 12h``), days of
the week (``mon-fri``) and time zones. The forms each reader takes are those of the command
language (``commands``). A value that cannot be read raises ``Unreadable``, with the message the
player sees: the words, what they were read as, and an example of what is expected.
"""

from __future__ import annotations

import difflib
import functools
import re
import zoneinfo
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from enum import StrEnum

__all__ = [
    "DrawRule", "NmrPolicy", "PressMode", "Unreadable",
    "read_address", "read_clock", "read_code", "read_date", "read_datetime", "read_days", "read_game", "read_length",
    "read_name", "read_power", "read_signon_id", "read_variant", "read_zone",
]

# --- values ---------------------------------------------------------------------------------------


class PressMode(StrEnum):
    NONE = "none"
    WHITE = "white"
    GREY = "grey"
    BOTH = "both"


class NmrPolicy(StrEnum):
    """What becomes of a power whose player sends no orders by the end of grace."""

    CIVIL_DISORDER = "civil_disorder"
    ABANDON = "abandon"


class DrawRule(StrEnum):
    """How draws are voted; the words are read here, their meaning is the service's."""

    ALL = "all"
    DIAS = "dias"
    ANY = "any"


# --- reading values -------------------------------------------------------------------------------


class Unreadable(Exception):
    """A value, or a line, that cannot be read; the message lacks only the command's name."""

    def __init__(
        self, text: str, what: str | None = None, expected: str = "", reason: str = ""
    ) -> None:
        super().__init__(text)
        if what is None:
            self.message = text
        else:
            because = f" ({reason})" if reason else ""
            self.message = f'cannot read "{text}" as {what}{because}; expected {expected}'


_NAME = re.compile(r"[a-z0-9][a-z0-9_-]*")
_POWER = re.compile(r"[^\W\d_][\w'-]*")


def read_game(token: str, *, may_ask: bool = False) -> str:
    name = token.lower()
    if may_ask and name.startswith("?"):
        name = name[1:]
    if not _NAME.fullmatch(name):
        raise Unreadable(token, "a game name", "letters, digits, - and _, e.g. roses1")
    return name


def read_variant(token: str) -> str:
    name = token.lower()
    if not _NAME.fullmatch(name):
        raise Unreadable(token, "a variant name", "letters, digits, - and _, e.g. standard")
    return name


def read_power(token: str) -> str:
    if not _POWER.fullmatch(token):
        raise Unreadable(token, "a power", "a power's name or letter, e.g. England or E")
    return token.lower()


_LOCAL_PART = re.compile(r"[\w!#$%&'*+/=?^`{|}~-]+(?:\.[\w!#$%&'*+/=?^`{|}~-]+)*")
_DOMAIN = re.compile(r"(?:[^\W_](?:[\w-]*[^\W_])?\.)+[^\W\d_](?:[\w-]*[^\W_])?")


def read_address(token: str) -> str:
    """One plain mail address, ``local@domain``, as written: not a list, not a name with an
    address in brackets, no quoting or comments (the judge writes to the one address it reads)."""
    local, at, domain = token.rpartition("@")
    if not (at and len(token) <= 254 and len(local) <= 64 and _LOCAL_PART.fullmatch(local)
            and _DOMAIN.fullmatch(domain)):
        raise Unreadable(token, "a mail address", "one address, e.g. name@example.org")
    return token


NAME_LENGTH = 40
"""The longest name a player may give himself for the web archive (SET NAME)."""
_PLAYER_NAME = re.compile(r"[^\W_](?:[\w .'-]*[\w.])?")


def read_name(words: Sequence[str]) -> str:
    """The name a player gives himself (SET NAME): words of letters and digits, with ``.``, ``'``
    and ``-``; at most ``NAME_LENGTH`` characters; no ``@``, so that no name passes for an address."""
    name = " ".join(words)
    if len(name) > NAME_LENGTH or not _PLAYER_NAME.fullmatch(name):
        raise Unreadable(name[:NAME_LENGTH + 10], "a name",
                         f"words of letters and digits (with . ' -), at most {NAME_LENGTH} "
                         "characters, e.g. Anna K.")
    return name


_CODE = re.compile(r"[a-z0-9]{4,32}")


def read_code(token: str) -> str:
    """A confirmation code (CONFIRM), in any case: the judge's codes are letters and digits."""
    code = token.lower()
    if not _CODE.fullmatch(code):
        raise Unreadable(token, "a confirmation code", "the code the judge mailed, e.g. k7qx3mpa")
    return code


def read_signon_id(token: str) -> tuple[str, str]:
    power, at, game = token.lower().partition("@")
    if not at:
        power, game = power[:1], power[1:]
    if not (_POWER.fullmatch(power) and _NAME.fullmatch(game)):
        raise Unreadable(token, "a power and game", "the power's letter and the game together, "
                         "e.g. Rroses1, or the power and game around @, e.g. England@roses1")
    return power, game


_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september",
           "october", "november", "december")
_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_ISO_DATE = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})")
_DAY_NUMBER = re.compile(r"(\d{1,2})(?:st|nd|rd|th)?")
_CLOCK = re.compile(r"(\d{1,2})(?:[:.h](\d\d))?\s*([ap]\.?m\.?)?")
_LENGTH = re.compile(r"(\d+)([a-z]*)")
_UNITS = {"d": "days", "day": "days", "days": "days", "h": "hours", "hr": "hours", "hrs": "hours",
          "hour": "hours", "hours": "hours", "m": "minutes", "min": "minutes", "mins": "minutes",
          "minute": "minutes", "minutes": "minutes"}


def _month(word: str) -> int | None:
    word = word.lower().rstrip(".")
    if len(word) >= 3:
        for number, name in enumerate(_MONTHS, 1):
            if name.startswith(word):
                return number
    return None


def _date_in(words: Sequence[str]) -> date | None:
    """The date written, None if it is not written as a date; raises ValueError for no such day."""
    parts = " ".join(words).replace(",", " ").split()
    if len(parts) == 1 and (iso := _ISO_DATE.fullmatch(parts[0])):
        return date(int(iso[1]), int(iso[2]), int(iso[3]))
    if len(parts) == 3 and parts[2].isdigit() and len(parts[2]) == 4:
        for day_word, month_word in ((parts[0], parts[1]), (parts[1], parts[0])):
            day, month = _DAY_NUMBER.fullmatch(day_word.lower()), _month(month_word)
            if day and month:
                return date(int(parts[2]), month, int(day[1]))
    return None


def _clock_in(text: str) -> time | None:
    match = _CLOCK.fullmatch(text.strip().lower())
    if not match or (match[2] is None and match[3] is None):
        return None
    hour, minute = int(match[1]), int(match[2] or 0)
    if match[3]:
        if not 1 <= hour <= 12:
            return None
        hour = hour % 12 + (12 if match[3].startswith("p") else 0)
    return time(hour, minute) if hour < 24 and minute < 60 else None


def read_date(words: Sequence[str]) -> date:
    text = " ".join(words)
    try:
        found = _date_in(words)
    except ValueError:
        raise Unreadable(text, "a date", "e.g. 2026-12-24", "there is no such day") from None
    if found is None:
        raise Unreadable(text, "a date", "e.g. 2026-12-24 or 24 Dec 2026")
    return found


def read_datetime(words: Sequence[str]) -> datetime:
    text = " ".join(words)
    parts = [word for word in " ".join(words).replace(",", " ").split() if word.lower() != "at"]
    if len(parts) == 1 and "T" in parts[0].upper():
        parts = re.split("[Tt]", parts[0], maxsplit=1)
    try:
        for size in (1, 2):
            if len(parts) > size:
                splits = ((parts[-size:], parts[:-size]), (parts[:size], parts[size:]))
                for clock_words, date_words in splits:
                    clock = _clock_in(" ".join(clock_words))
                    day = _date_in(date_words) if clock else None
                    if clock and day:
                        return datetime.combine(day, clock)
        missing = "the time of day is missing" if _date_in(parts) else ""
    except ValueError:
        raise Unreadable(
            text, "a date and time", "e.g. 2026-12-24 20:00", "there is no such day"
        ) from None
    raise Unreadable(text, "a date and time", "e.g. 2026-12-24 20:00", missing)


def read_clock(words: Sequence[str]) -> time:
    text = " ".join(words)
    found = _clock_in(text)
    if found is None:
        raise Unreadable(text, "a time of day", "e.g. 20:00 or 8pm")
    return found


def read_length(words: Sequence[str]) -> timedelta:
    text = " ".join(words)
    low = text.lower()
    compact = low.replace(" ", "") + ("h" if low.isdigit() else "")  # a bare number is hours
    parts = list(_LENGTH.finditer(compact))
    if not parts or "".join(part[0] for part in parts) != compact or not all(
        part[2] in _UNITS for part in parts
    ):
        raise Unreadable(text, "a length of time", "e.g. 48h, 2d, 90m or 1d 12h")
    try:
        return sum((timedelta(**{_UNITS[part[2]]: int(part[1])}) for part in parts), timedelta())
    except OverflowError:
        raise Unreadable(text, "a length of time", "e.g. 48h", "it is far too long") from None


def _weekday(word: str) -> int | None:
    if len(word) < 2:
        return None
    matches = [number for number, name in enumerate(_WEEKDAYS) if name.startswith(word)]
    return matches[0] if len(matches) == 1 else None


def read_days(words: Sequence[str]) -> tuple[int, ...]:
    days: set[int] = set()
    for item in (piece for word in words for piece in word.split(",") if piece):
        low = item.lower()
        if low in ("all", "any", "every", "daily"):
            days.update(range(7))
        elif low == "weekdays":
            days.update(range(5))
        elif low in ("weekend", "weekends"):
            days.update((5, 6))
        else:
            first, dash, last = low.partition("-")
            start, end = _weekday(first), _weekday(last) if dash else _weekday(first)
            if start is None or end is None:
                raise Unreadable(item, "days of the week", "e.g. mon-fri or sat,sun")
            days.update((start + step) % 7 for step in range((end - start) % 7 + 1))
    return tuple(sorted(days))


@functools.cache
def _zones() -> dict[str, str]:
    return {name.lower(): name for name in zoneinfo.available_timezones()}


def read_zone(token: str) -> str:
    zones = _zones()
    if token.lower() in zones:
        return zones[token.lower()]
    close = difflib.get_close_matches(token.lower(), zones, n=1, cutoff=0.8)
    hint = f" (did you mean {zones[close[0]]}?)" if close else ""
    raise Unreadable(token, "a time zone", "an IANA name, e.g. Europe/London" + hint)
