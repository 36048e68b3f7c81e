"""Orders as written: what a player asked for, with names already resolved against the map.

The parser (``parser.py``) makes these from text; the phase resolvers decide whether each is legal in
the position and what becomes of it. An order names its unit by type and location, as players write
it: the type may be omitted (None) and a fleet's coast may be missing or wrong, so a ``UnitRef`` is a
reference to look up in the position, not a unit.

Phase-neutral words: a ``Move`` in a retreat phase is a retreat; ``Disband`` is both the retreat
phase's disband and the adjustment phase's removal ("remove" means the same). The King's orders
(``MoveWithKing``, ``TransferKing``) are read on every map, and refused where there is no King.
Text that is no order raises ``OrderSyntaxError`` (its messages are made in ``order_errors``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .vocabulary import Location, Province, UnitType, province_of


class OrderSyntaxError(ValueError):
    """An order that cannot be read. ``text`` is the order as given, ``column`` the 1-based column
    of the offending word in it (None when no single place is to blame), ``reason`` the explanation
    alone; the message is ``cannot read "<text>": <reason>``."""

    def __init__(self, text: str, reason: str, column: int | None = None) -> None:
        super().__init__(f'cannot read "{text.strip()}": {reason}')
        self.text = text
        self.reason = reason
        self.column = column


@dataclass(frozen=True, slots=True)
class UnitRef:
    """A unit as an order names it: ``F spa/nc``, ``A lon``, or just ``lon`` (type None)."""

    type: UnitType | None
    location: Location
    province: Province = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "province", province_of(self.location))

    def __str__(self) -> str:
        return f"{self.type} {self.location}" if self.type else str(self.location)


@dataclass(frozen=True, slots=True)
class Hold:
    unit: UnitRef

    def __str__(self) -> str:
        return f"{self.unit} H"


@dataclass(frozen=True, slots=True)
class Move:
    """A move (or, in a retreat phase, a retreat). ``route`` holds the seas of a written-out convoy
    route (``A Lon-Nth-Nwy``); writing a route, or ``via convoy``, asks for the convoy."""

    unit: UnitRef
    destination: Location
    via_convoy: bool = False
    route: tuple[Province, ...] = ()

    def __str__(self) -> str:
        if self.route:
            return f"{self.unit} - " + " - ".join((*self.route, self.destination))
        return f"{self.unit} - {self.destination}" + (" via convoy" if self.via_convoy else "")


@dataclass(frozen=True, slots=True)
class SupportHold:
    unit: UnitRef
    target: UnitRef

    def __str__(self) -> str:
        return f"{self.unit} S {self.target}"


@dataclass(frozen=True, slots=True)
class SupportMove:
    unit: UnitRef
    target: UnitRef
    destination: Location

    def __str__(self) -> str:
        return f"{self.unit} S {self.target} - {self.destination}"


@dataclass(frozen=True, slots=True)
class Convoy:
    unit: UnitRef
    army: UnitRef
    destination: Location

    def __str__(self) -> str:
        return f"{self.unit} C {self.army} - {self.destination}"


@dataclass(frozen=True, slots=True)
class Disband:
    unit: UnitRef

    def __str__(self) -> str:
        return f"{self.unit} D"


@dataclass(frozen=True, slots=True)
class Build:
    unit: UnitRef

    def __str__(self) -> str:
        return f"Build {self.unit}"


@dataclass(frozen=True, slots=True)
class Waive:
    """Decline a build (DATC: "decline a build")."""

    def __str__(self) -> str:
        return "Waive"


@dataclass(frozen=True, slots=True)
class MoveWithKing:
    """A move that takes the King along (Wars of the Roses I, rule 4): ``A+K lon - roc``. The unit
    moves as ``move`` says, and Henry VI goes where it goes (``king.py``)."""

    move: Move

    @property
    def unit(self) -> UnitRef:
        return self.move.unit

    def __str__(self) -> str:
        unit = self.move.unit
        return f"{unit.type}+K{str(self.move).removeprefix(str(unit.type))}"


@dataclass(frozen=True, slots=True)
class TransferKing:
    """The King handed from the unit he is with to a unit next to it (Wars of the Roses I, rule 4):
    ``K lon - roc``. It names provinces, not units: the units are those standing there."""

    origin: Province
    destination: Province

    def __str__(self) -> str:
        return f"K {self.origin} - {self.destination}"


Order = (
    Hold | Move | SupportHold | SupportMove | Convoy | Disband | Build | Waive | MoveWithKing
    | TransferKing
)
