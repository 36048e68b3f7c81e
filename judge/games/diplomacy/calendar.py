"""The calendar a variant's phases are named by: the standard seasons, or a DPjudge ``FLOW``.

The engine plays every variant by the same sequence of phases (``turns.py``): a first movement
and its retreats, a second movement and its retreats, after which the centres change hands, then
the adjustments; and again. The standard game names them by season and year (``S1901M``,
``Spring 1901 Movement``). A DPjudge map file may name them otherwise (``BEGIN``, ``FLOW``):

- Hundred (hundred.map lines 28-32): ``BEGIN A.D. 1425 MOVEMENT``, ``FLOW NEWYEAR:5``, ``FLOW
  A.D.:MOVEMENT,RETREATS``, ``FLOW IFYEARDIV:10``, ``FLOW A.D.:ADJUSTMENTS``: one movement (and
  its retreats) every five years from 1425, the adjustments in the years divisible by ten;
- Classical (classical.map lines 14-18): ``BEGIN B.C. 273 MOVEMENT``, ``FLOW NEWYEAR:-1``, ``FLOW
  B.C.:MOVEMENT,RETREATS``, ``FLOW IFYEARDIV:2``, ``FLOW B.C.:ADJUSTMENTS``: one movement a year,
  the years counting down, the adjustments in the even years.

As DPjudge reads a FLOW (its ``Map.validate`` and ``Game.findNextPhase``), each turn goes on to
the next year (``NEWYEAR:5``: five years on; ``-1``: one year back) and the phases after
``IFYEARDIV:n`` are played only in a year divisible by ``n``; centres change hands as an
adjustment phase begins (``Game.checkPhase``). When the adjustments fall on every second turn,
as in both files, the turns pair as the standard game's spring and fall do: Hundred's 1425 is a
spring, 1430 a fall and its winter, 1435 the next spring. So the engine plays them as it plays
the standard game, and only the names differ; a ``TurnCalendar`` gives them. A turn calendar's
first turn is the engine's spring of year 1.

Each name has a short code that reads back: DPjudge's (``phaseAbbr``: the season word's first
letter, the year, the phase's first letter): Hundred's ``A1425M``, ``A1430R``, ``A1430A``,
Classical's ``B273M``; and a title a player reads at once: ``1425 Movement``, ``1430
Adjustment``, ``273 B.C. Movement`` (the era is said unless it is A.D.).

The words of phases (``phase_names``) are imported by the methods that say or read words, when
first asked: ``judge adjudicate`` writes codes only, and that module brings the game kinds' seam
(``judge.games.kind``) with it, a tenth of the command's start-up.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Protocol

from .vocabulary import Phase, PhaseKind, Season


class Calendar(Protocol):
    """How a variant's phases are written (``code``), read back (``parse``, and ``read`` from a
    player's words), titled for reports, and counted by year (``period``). A value: hashed, so
    that what is read by it may be remembered with it."""

    def __hash__(self) -> int: ...

    def code(self, phase: Phase) -> str:
        """The phase as states, the archive and ``judge adjudicate`` write it: ``S1901M``."""
        ...

    def parse(self, code: str) -> Phase:
        """A code back into the phase it writes; raises ValueError for one that writes none."""
        ...

    def read(self, text: str) -> Phase | None:
        """The phase a player's words name (a code, or words: ``fall 1901``), or None."""
        ...

    def title(self, phase: Phase) -> str:
        """The phase as reports name it: ``Spring 1901 Movement``."""
        ...

    def period(self, year: int) -> str:
        """The year in which the engine's ``year`` ends, its centres counted: ``1901``."""
        ...

    def example(self) -> str:
        """How a phase is written, for a player who wrote one wrong."""
        ...

    def when(self) -> tuple[str, str]:
        """When the movements come, and when the adjustments, in words (HELP ORDERS):
        ``spring and fall``, ``winter``."""
        ...

    def adjustments_of(self, phase: Phase) -> str:
        """The adjustments after a phase, in words: ``this winter``; Hundred's ``in 1430``."""
        ...


@dataclass(frozen=True, slots=True)
class SeasonCalendar:
    """The standard calendar: spring, fall and winter of a year counting up (``phase_names``).
    It costs nothing: a phase is written as ``Phase`` writes itself."""

    first_year: int = 1901

    def code(self, phase: Phase) -> str:
        return str(phase)

    def parse(self, code: str) -> Phase:
        return Phase.parse(code)

    def read(self, text: str) -> Phase | None:
        from . import phase_names

        read = phase_names.read_phase(text)
        return None if read is None else Phase.parse(read)

    def title(self, phase: Phase) -> str:
        from . import phase_names

        return phase_names.phase_title(str(phase))

    def period(self, year: int) -> str:
        return str(year)

    def example(self) -> str:
        from . import phase_names

        return phase_names.example(self.first_year)

    def when(self) -> tuple[str, str]:
        return "spring and fall", "winter"

    def adjustments_of(self, phase: Phase) -> str:
        return "this winter"


STANDARD = SeasonCalendar()

_KIND_LETTERS = {PhaseKind.MOVEMENT: "M", PhaseKind.RETREAT: "R", PhaseKind.ADJUSTMENT: "A"}
_KIND_OF_LETTER = {letter: kind for kind, letter in _KIND_LETTERS.items()}
_CODE = re.compile(r"([a-z])(\d{1,5})([a-z])")


@dataclass(frozen=True, slots=True)
class TurnCalendar:
    """A DPjudge ``FLOW`` of one season word (``era``: ``A.D.``, ``B.C.``): a movement and its
    retreats each turn, ``years_per_turn`` years apart (``NEWYEAR``, negative when the years
    count down), the adjustments in the years divisible by ``adjustment_years`` (``IFYEARDIV``),
    which must be every second turn from the second (see the module)."""

    era: str
    first_year: int
    years_per_turn: int
    adjustment_years: int

    def __post_init__(self) -> None:
        second = self.first_year + self.years_per_turn
        if (not self.era[:1].isalpha() or self.years_per_turn == 0
                or self.adjustment_years != 2 * abs(self.years_per_turn)
                or self.first_year % self.adjustment_years == 0
                or second % self.adjustment_years != 0):
            raise ValueError(
                f"calendar {self.era} {self.first_year}, {self.years_per_turn:+d} years a turn, "
                f"adjustments in the years divisible by {self.adjustment_years}: the judge plays "
                "a calendar whose adjustments come every second turn, from the second")

    def year_of(self, phase: Phase) -> int:
        """The calendar's year of a phase: the engine's spring of year 1 is the first turn."""
        turn = 2 * (phase.year - 1) + (phase.season is not Season.SPRING)
        return self.first_year + self.years_per_turn * turn

    def phase_of(self, year: int, kind: PhaseKind) -> Phase | None:
        """The phase of a kind in a calendar year, None if the calendar plays none."""
        turn, off = divmod(year - self.first_year, self.years_per_turn)
        if off or turn < 0:
            return None
        if kind is PhaseKind.ADJUSTMENT:
            return Phase(turn // 2 + 1, Season.WINTER, kind) if turn % 2 else None
        return Phase(turn // 2 + 1, Season.FALL if turn % 2 else Season.SPRING, kind)

    def code(self, phase: Phase) -> str:
        return f"{self.era[0].upper()}{self.year_of(phase)}{_KIND_LETTERS[phase.kind]}"

    def parse(self, code: str) -> Phase:
        match = _CODE.fullmatch(code.strip().lower())
        phase = None
        if match and match[1] == self.era[0].lower() and match[3].upper() in _KIND_OF_LETTER:
            phase = self.phase_of(int(match[2]), _KIND_OF_LETTER[match[3].upper()])
        if phase is None:
            raise ValueError(f"not a phase: {code!r} ({self.example()})")
        return phase

    def read(self, text: str) -> Phase | None:
        """``A1430M``, ``1430``, ``1430 movement``, ``A.D. 1430 Movement``, ``273 BC retreats``,
        ``1430 builds``: a year alone names its movement."""
        from . import phase_names

        words = text.lower().replace(",", " ").split()
        if len(words) == 1 and _CODE.fullmatch(words[0]):
            try:
                return self.parse(words[0])
            except ValueError:
                return None
        era = self.era.lower().replace(".", "")
        words = [word for word in words if word.replace(".", "") != era]
        if not words or not phase_names.is_year(words[0]) or len(words) > 2:
            return None
        kind = phase_names.KINDS.get(words[1]) if len(words) == 2 else PhaseKind.MOVEMENT
        return None if kind is None else self.phase_of(int(words[0]), kind)

    def title(self, phase: Phase) -> str:
        from . import phase_names

        return f"{self._year(self.year_of(phase))} {phase_names.KIND_TITLES[phase.kind]}"

    def period(self, year: int) -> str:
        """The year of the engine's year's second turn, when the centres change hands."""
        return str(self.year_of(Phase(year, Season.FALL, PhaseKind.MOVEMENT)))

    def example(self) -> str:
        second = Phase(1, Season.FALL, PhaseKind.MOVEMENT)
        return f"e.g. {self.code(second)} or {self.title(second)}"

    def when(self) -> tuple[str, str]:
        step = abs(self.years_per_turn)
        every = "every year" if step == 1 else f"every {step} years"
        down = ", the years counting down" if self.years_per_turn < 0 else ""
        return (f"{every} from {self._year(self.first_year)}{down}",
                f"in the years divisible by {self.adjustment_years}")

    def adjustments_of(self, phase: Phase) -> str:
        return f"in {self._year(self.year_of(phase))}"

    def _year(self, year: int) -> str:
        """A year as titles write it: ``1430``, ``272 B.C.`` (the era said unless it is A.D.)."""
        return str(year) if self.era.upper() == "A.D." else f"{year} {self.era}"


def calendar_from(data: dict[str, Any] | None, first_year: int = 1901) -> Calendar:
    """The calendar a map file's ``[calendar]`` table gives (none: the standard one)."""
    if not data:
        return STANDARD if first_year == 1901 else SeasonCalendar(first_year)
    return TurnCalendar(
        str(data["era"]), int(data["first_year"]), int(data["years_per_turn"]),
        int(data["adjustment_years"]),
    )
