"""The words of Diplomacy: powers, provinces, locations, units, seasons and phases.

A *province* is a space of the map (``spa``). A *location* is where a unit can stand: the province
itself, or one coast of a province with several (``spa/nc``). Both are plain strings at run time and
distinct types for the type checker; only the parsers and the map loader make them from text.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum, StrEnum
from typing import NewType

Power = NewType("Power", str)
Province = NewType("Province", str)
Location = NewType("Location", str)


class _Provinces(dict[str, Province]):
    """The province of each location asked about, found when first asked: the resolvers ask
    for the same few locations' provinces many times a phase, and a look-up costs a third of a
    call of a function that cuts the coast off."""

    def __missing__(self, location: str) -> Province:
        if len(self) > 65_536:  # the map's locations are few; whatever else is asked, not kept
            self.clear()
        slash = location.find("/")
        province = self[location] = Province(location if slash < 0 else location[:slash])
        return province


province_of: Callable[[str], Province] = _Provinces().__getitem__
"""The province a location lies in: ``spa/nc`` -> ``spa``."""


def coast_of(location: str) -> str | None:
    """The coast part of a location (``nc``), or None."""
    slash = location.find("/")
    return None if slash < 0 else location[slash + 1 :]


class UnitType(StrEnum):
    ARMY = "A"
    FLEET = "F"

    # Hashed as its letter, by str's own hash (in C), as it compares: Enum's hash is a method in
    # Python, and the resolvers' memos hash a unit's type with every unit that moves.
    __hash__ = str.__hash__


# The unit types as plain names, for the resolvers' inner loops: in Python 3.11 each look-up of a
# member on an Enum class (``UnitType.ARMY``) passes through its metaclass's ``__getattr__`` hook.
ARMY, FLEET = UnitType.ARMY, UnitType.FLEET


class ProvinceKind(Enum):
    LAND = "land"
    COAST = "coast"
    SEA = "sea"


class Season(Enum):
    SPRING = "S"
    FALL = "F"
    WINTER = "W"


class PhaseKind(Enum):
    MOVEMENT = "M"
    RETREAT = "R"
    ADJUSTMENT = "A"


_PHASE = re.compile(r"([SFW])(\d{1,5})([MRA])")


@dataclass(frozen=True, order=True, slots=True)
class Phase:
    """A phase of the game, written as the judges write it: ``S1901M``, ``F1901R``, ``W1901A``."""

    year: int
    season: Season
    kind: PhaseKind

    @classmethod
    def parse(cls, text: str) -> Phase:
        match = _PHASE.fullmatch(text.strip().upper())
        if not match:
            raise ValueError(f"not a phase: {text!r} (expected e.g. S1901M, F1901R, W1901A)")
        season, kind = Season(match[1]), PhaseKind(match[3])
        if (season is Season.WINTER) != (kind is PhaseKind.ADJUSTMENT):
            raise ValueError(f"not a phase: {text!r} (adjustments happen in winter, and only then)")
        return cls(int(match[2]), season, kind)

    def __str__(self) -> str:
        # the members' own attributes: Enum's ``value`` is a property, run in Python at each call
        return f"{self.season._value_}{self.year}{self.kind._value_}"

    def following(self) -> Phase:
        """The phase after this one in the full cycle, whether or not it has anything to do."""
        if self.kind is PhaseKind.MOVEMENT:
            return Phase(self.year, self.season, PhaseKind.RETREAT)
        if self.season is Season.SPRING:
            return Phase(self.year, Season.FALL, PhaseKind.MOVEMENT)
        if self.season is Season.FALL:
            return Phase(self.year, Season.WINTER, PhaseKind.ADJUSTMENT)
        return Phase(self.year + 1, Season.SPRING, PhaseKind.MOVEMENT)


@dataclass(frozen=True, slots=True)
class Unit:
    power: Power
    type: UnitType
    location: Location
    province: Province = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "province", province_of(self.location))

    def __str__(self) -> str:
        return self.type + " " + self.location  # not a format: an enum formats itself in Python
