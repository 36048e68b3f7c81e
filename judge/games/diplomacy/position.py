"""The position between phases, and what a phase's resolution reports.

A ``Position`` is a plain value: the phase about to be played, the units on the board, who owns each
supply centre, and for a retreat phase the dislodged units and the provinces left empty by a
standoff. Resolvers never change a position; they return a new one.

Two parts are used only by variants: the units waiting in off-board boxes (``off_board``: each
stands in its box, its location the box's key, ``boxes.py``), and where the King is (``king``: a
province, or None in a game without one; Wars of the Roses I, rule 4, ``king.py``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import NamedTuple

from .orders import Order
from .vocabulary import Location, Phase, Power, Province, Unit


@dataclass(frozen=True, slots=True)
class Dislodged:
    """A unit dislodged this turn: where its attacker came from (and whether by convoy: a unit
    dislodged by a convoyed army may retreat to where the army came from) and where it may retreat."""

    unit: Unit
    attacker_from: Province
    by_convoy: bool = False
    retreats: tuple[Location, ...] = ()


class Position(NamedTuple):
    """A position between phases (see above). A named tuple, as ``OrderResult``, and so a value
    that cannot be changed: every phase makes two or three, and a frozen dataclass would build
    each field by field through ``object.__setattr__``, in twice the time."""

    phase: Phase
    units: Mapping[Province, Unit]
    supply_centres: Mapping[Province, Power]
    dislodged: tuple[Dislodged, ...] = ()
    standoffs: frozenset[Province] = frozenset()
    off_board: tuple[Unit, ...] = ()
    king: Province | None = None

    def units_of(self, power: Power) -> list[Unit]:
        return [unit for unit in self.units.values() if unit.power == power]

    def centre_count(self, power: Power) -> int:
        return sum(1 for owner in self.supply_centres.values() if owner == power)


class Word(StrEnum):
    """The words of an order's resolution, as DATC v3.2 writes them."""

    SUCCEEDS = "succeeds"
    FAILS = "fails"
    GIVEN = "given"  # a support
    CUT = "cut"
    STANDS = "stands"  # a hold, not dislodged
    AVAILABLE = "available"  # a convoy
    DISRUPTED = "disrupted"
    ILLEGAL = "illegal"  # impossible in this position: ignored, the unit holds
    INVALID = "invalid"  # possible, but it does not match the orders it relies on
    DISLODGED = "dislodged"
    DESTROYED = "destroyed"  # dislodged with nowhere to retreat, or both retreats to one place


class OrderResult(NamedTuple):
    """What became of one order, in the order the orders were given. (A named tuple rather than
    a frozen dataclass: a movement phase makes one per order, and this is cheaper to build.)"""

    power: Power
    order: Order
    unit: Unit | None
    resolution: tuple[Word, ...]
    message: str = ""


@dataclass(frozen=True, slots=True)
class AutomaticAction:
    """What the judge did for a player who gave no order: ``disband`` a unit in a retreat phase, or
    a dislodged unit with nowhere to retreat in a movement phase, ``remove`` a unit in civil
    disorder (2023 rules); ``waive`` is never automatic (unused builds simply lapse)."""

    unit: Unit
    action: str  # "disband" | "remove"


@dataclass
class Resolution:
    """The outcome of a phase: one result per order, the judge's own actions, and the next position.
    Not frozen: it holds lists, so it could not be hashed anyway, and every phase makes one, which
    a frozen dataclass would build field by field through ``object.__setattr__`` (with
    ``MovementOutcome``, also not frozen, 1% of what ``judge adjudicate`` spends a phase)."""

    results: list[OrderResult]
    automatic: list[AutomaticAction]
    position: Position
    notes: list[str] = field(default_factory=list)
