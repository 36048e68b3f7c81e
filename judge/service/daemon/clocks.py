"""The daemon's clock: what time it is for the judge, and how long the host must wait for a moment.

The judge never reads the time itself: ``judge serve`` is given a clock. In service that is the
host's clock (``SystemClock``). Tests and demonstrations give a ``ScaledClock``: the judge's time
is ``origin`` at the host's instant ``epoch`` and runs ``rate`` times as fast, so a 48-hour phase
passes in under a minute. Every process given the same three numbers reads the same time, so a
daemon killed and restarted carries on where it was, as it would on the host's clock. Nothing else
changes: deadlines, grace and backoff are computed from the clock's ``now`` exactly as in service,
and the scheduler waits ``real_seconds`` of the host's time for a length of the judge's time.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Protocol


class Clock(Protocol):
    def now(self) -> datetime:
        """The judge's present instant (timezone-aware, UTC)."""
        ...

    def real_seconds(self, length: timedelta) -> float:
        """How many seconds of the host's time ``length`` of the judge's time takes."""
        ...


class SystemClock:
    """The host's clock: the judge's time is the time."""

    def now(self) -> datetime:
        return datetime.now(timezone.utc)

    def real_seconds(self, length: timedelta) -> float:
        return length.total_seconds()


@dataclass(frozen=True)
class ScaledClock:
    """The judge's time is ``origin`` at the host's Unix time ``epoch``, running ``rate`` times as fast."""

    origin: datetime
    epoch: float
    rate: float = 1.0

    def __post_init__(self) -> None:
        if self.origin.tzinfo is None:
            raise ValueError(f"the clock's origin needs a time zone: {self.origin}")
        if not self.rate > 0:
            raise ValueError(f"the clock's rate must be above 0, not {self.rate}")

    def now(self) -> datetime:
        elapsed = (time.time() - self.epoch) * self.rate
        return (self.origin + timedelta(seconds=elapsed)).astimezone(timezone.utc)

    def real_seconds(self, length: timedelta) -> float:
        return length.total_seconds() / self.rate
