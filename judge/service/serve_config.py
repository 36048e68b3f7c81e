"""The settings of the daemon (``[serve]``), of the per-sender rate limit (``[flood]``), of how
much one mail may cause (``[replies]``), of what one address may take on (``[enrol]``) and of the
limit on wrong SIGNON passwords (``[signon]``).

The sections are optional: a judge.toml written before they existed runs with the defaults below.
Lengths of time are written as the commands write them, ``90s``, ``10m``, ``6h``, ``2d`` or
``1h30m`` (a bare number is seconds).

The daemon's intervals are real seconds on the host's clock (they pace the scheduler); the outage
limit and extension are lengths of the judge's time (compared with the instants of deadlines).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

_UNITS = {"d": 86400, "h": 3600, "m": 60, "s": 1}
_LENGTH = re.compile(r"(?:\d+(?:\.\d+)?[dhms])+")


class SettingError(ValueError):
    """A value in the configuration that cannot be used; the message names it."""


@dataclass(frozen=True)
class ServeSettings:
    """How ``judge serve`` paces itself.

    ``poll_seconds``: how often the inbox is read and the outbox's due mail sent. ``tick_seconds``:
    the safety tick, which looks for due deadlines even if no timer fired (the timer at the next
    deadline does the real work). ``outage_limit``: a gap since the last tick longer than this is an
    outage (or a clock that jumped): deadlines that passed meanwhile are extended, not processed.
    ``outage_extension``: how long they are extended by; None gives each game a fresh deadline by the
    timing of its phase, as if the phase began when the judge came back. ``claim_seconds``: how
    long the sender's claim on the mail it is sending lasts unrenewed (it is renewed while the
    judge lives: ``daemon.claims``), so how long the mail of a judge that died while sending waits
    before another judge process (or this one restarted) sends it.
    """

    poll_seconds: float = 2.0
    tick_seconds: float = 60.0
    outage_limit: timedelta = timedelta(hours=6)
    outage_extension: timedelta | None = None
    claim_seconds: float = 60.0


@dataclass(frozen=True)
class FloodLimit:
    """At most ``mails`` mails from one sender within ``window`` are answered (0: no limit)."""

    mails: int = 30
    window: timedelta = timedelta(minutes=10)


@dataclass(frozen=True)
class ReplyLimits:
    """How much one mail in may cause, so that no mail is an amplifier (a short mail turned into
    megabytes, or into thousands of mails, sent to an address its From or Reply-To names).

    A reply is at most ``multiple`` times the size of the mail it answers, but may always be
    ``floor`` bytes (a one-line HELP or a HISTORY of a few years gets its whole answer), and is
    never over ``longest`` bytes. Besides its reply, one mail causes at most ``mails`` mails
    (press, notices, results), and at most ``mails_to_one`` to any one address.
    """

    longest: int = 65536
    floor: int = 32768
    multiple: int = 4
    mails: int = 200
    mails_to_one: int = 10

    def reply_size(self, mail_size: int) -> int:
        """The longest reply to a mail of ``mail_size`` bytes."""
        return min(self.longest, max(self.floor, self.multiple * mail_size))


@dataclass(frozen=True)
class Enrolment:
    """What one address may take on. ``held_for``: how long mail to an address not yet confirmed
    (CONFIRM) is held before it is dropped, and how long what it took on waits for it (its forming
    games nobody joined, its observing: ``play.enrolment``; a SET ADDRESS code to it). ``observers``:
    the most confirmed observers of one game; ``games``: the most games one confirmed address
    masters at once, forming, running or paused (0: no limit for either)."""

    held_for: timedelta = timedelta(days=7)
    observers: int = 20
    games: int = 3


@dataclass(frozen=True)
class SignonLimit:
    """At most ``failures`` wrong SIGNON passwords within ``window``, for one power and for one
    address: past it, a SIGNON is refused without its password being checked (0: no limit)."""

    failures: int = 5
    window: timedelta = timedelta(minutes=10)


def parse_length(text: str | int | float, where: str) -> timedelta:
    """A length of time as the configuration writes it: ``90s``, ``10m``, ``6h``, ``1h30m``, ``2d``."""
    if isinstance(text, bool):
        raise SettingError(f"{where}: {text!r} is not a length of time (e.g. 10m, 6h)")
    if isinstance(text, (int, float)):
        seconds = float(text)
    else:
        spec = text.strip().lower().replace(" ", "")
        if not spec or _LENGTH.fullmatch(spec) is None:
            raise SettingError(f"{where}: {text!r} is not a length of time (e.g. 90s, 10m, 6h, 1h30m, 2d)")
        seconds = sum(float(number) * _UNITS[unit] for number, unit in re.findall(r"(\d+(?:\.\d+)?)([dhms])", spec))
    if seconds < 0:
        raise SettingError(f"{where}: a length of time cannot be negative")
    return timedelta(seconds=seconds)


def serve_settings(data: dict[str, Any], path: Path) -> ServeSettings:
    """The ``[serve]`` section of the file at ``path`` (``data``: the section, maybe empty)."""
    defaults = ServeSettings()
    poll = _positive(data.get("poll_seconds", defaults.poll_seconds), f"{path}: [serve] poll_seconds")
    tick = _positive(data.get("tick_seconds", defaults.tick_seconds), f"{path}: [serve] tick_seconds")
    limit = parse_length(data.get("outage_limit", "6h"), f"{path}: [serve] outage_limit")
    if limit <= timedelta(0):
        raise SettingError(f"{path}: [serve] outage_limit must be longer than nothing")
    extension_text = data.get("outage_extension", "")
    extension = None
    if extension_text not in ("", None):
        extension = parse_length(extension_text, f"{path}: [serve] outage_extension")
    claim = _positive(data.get("claim_seconds", defaults.claim_seconds), f"{path}: [serve] claim_seconds")
    return ServeSettings(poll, tick, limit, extension, claim)


def flood_limit(data: dict[str, Any], path: Path) -> FloodLimit:
    """The ``[flood]`` section of the file at ``path`` (``data``: the section, maybe empty)."""
    defaults = FloodLimit()
    mails = data.get("mails", defaults.mails)
    if not isinstance(mails, int) or isinstance(mails, bool) or mails < 0:
        raise SettingError(f"{path}: [flood] mails must be a whole number, 0 for no limit")
    window = parse_length(data.get("window", "10m"), f"{path}: [flood] window")
    if mails and window <= timedelta(0):
        raise SettingError(f"{path}: [flood] window must be longer than nothing")
    return FloodLimit(mails, window)


SHORTEST_REPLY = 4096
"""The least ``[replies] longest`` and ``floor`` may be: room for a few answers and the lines
that say what was left out."""


def reply_limits(data: dict[str, Any], path: Path) -> ReplyLimits:
    """The ``[replies]`` section of the file at ``path`` (``data``: the section, maybe empty)."""
    defaults = ReplyLimits()
    values: dict[str, int] = {}
    for name in ("longest", "floor", "multiple", "mails", "mails_to_one"):
        value = data.get(name, getattr(defaults, name))
        least = SHORTEST_REPLY if name in ("longest", "floor") else 1
        if not isinstance(value, int) or isinstance(value, bool) or value < least:
            raise SettingError(f"{path}: [replies] {name} must be a whole number, at least {least}, "
                               f"not {value!r}")
        values[name] = value
    limits = ReplyLimits(**values)
    if limits.floor > limits.longest:
        raise SettingError(f"{path}: [replies] floor ({limits.floor}) is over longest ({limits.longest})")
    return limits


def enrolment(data: dict[str, Any], path: Path) -> Enrolment:
    """The ``[enrol]`` section of the file at ``path`` (``data``: the section, maybe empty)."""
    defaults = Enrolment()
    held_for = parse_length(data.get("held_for", "7d"), f"{path}: [enrol] held_for")
    if held_for <= timedelta(0):
        raise SettingError(f"{path}: [enrol] held_for must be longer than nothing")
    counts = {}
    for key in ("observers", "games"):
        value = data.get(key, getattr(defaults, key))
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise SettingError(f"{path}: [enrol] {key} must be a whole number, 0 for no limit")
        counts[key] = value
    return Enrolment(held_for, **counts)


def signon_limit(data: dict[str, Any], path: Path) -> SignonLimit:
    """The ``[signon]`` section of the file at ``path`` (``data``: the section, maybe empty)."""
    defaults = SignonLimit()
    failures = data.get("failures", defaults.failures)
    if not isinstance(failures, int) or isinstance(failures, bool) or failures < 0:
        raise SettingError(f"{path}: [signon] failures must be a whole number, 0 for no limit")
    window = parse_length(data.get("window", "10m"), f"{path}: [signon] window")
    if failures and window <= timedelta(0):
        raise SettingError(f"{path}: [signon] window must be longer than nothing")
    return SignonLimit(failures, window)


def _positive(value: Any, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 0:
        raise SettingError(f"{where} must be a number of seconds above 0, not {value!r}")
    return float(value)
