"""The one seam between the judge and its games: what the service may ask of a game kind.

The service knows games only through this interface, so Diplomacy variants, Richard III and later
games plug into the same judge. States are plain JSON values (dicts, lists, strings, numbers): the
store keeps them as they are, and every phase's record (state before, orders, resolution, state
after) is the game's archive.

Orders are handled as text: ``read_orders`` turns what a player wrote into one ``OrderLine`` per
order, each with the canonical text the judge will keep and a ``slot`` (the unit or decision it
fills: a later order for the same slot replaces the earlier one, and says which it replaced), or
an error saying exactly why it was refused.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Any, Protocol, runtime_checkable

State = dict[str, Any]


@dataclass(frozen=True, slots=True)
class OrderLine:
    """One order as read: its canonical text and slot, or why it was refused."""

    text: str  # as written
    canonical: str | None = None
    slot: str | None = None
    error: str | None = None
    replaces: str | None = None  # the order that stood in its slot before, if another


@dataclass(frozen=True)
class Pending:
    """What the current phase asks for: its name, its timing class, and who must act."""

    phase: str  # e.g. "S1901M"
    timing: str  # "movement" | "retreat" | "adjustment" (the deadline settings that apply)
    powers: frozenset[str]  # the powers with something to order


@dataclass(frozen=True)
class Outcome:
    """The end of a game: who won (empty for a draw) and in words why."""

    winners: tuple[str, ...]
    reason: str


@dataclass(frozen=True)
class PhaseResult:
    """A resolved phase: the state after it and the report of what happened (a JSON value that
    the report templates render, from each reader's view)."""

    state: State
    report: dict[str, Any]
    outcome: Outcome | None = None
    notes: list[str] = field(default_factory=list)


class GameKind(Protocol):
    """A kind of game the judge can run."""

    name: str  # "diplomacy/standard", "diplomacy/roses1", "richard3"

    def powers(self) -> Sequence[str]:
        """The powers (sides) of the game, in the order reports list them."""
        ...

    def power_named(self, text: str) -> str | None:
        """The power a name, adjective or letter stands for (``e``, ``English``), or None."""
        ...

    def new_game(self, seed: bytes) -> State:
        """The state at the start of a game."""
        ...

    def pending(self, state: State) -> Pending: ...

    def read_orders(
        self,
        state: State,
        power: str,
        lines: Sequence[str],
        standing: Mapping[str, str] | None = None,
    ) -> list[OrderLine]:
        """Read a player's order lines for the current phase (syntax, and what the position
        already shows impossible). ``standing``: the power's orders already taken for the phase
        (slot -> canonical order), which these join, replacing slot by slot: a limit on a
        phase's whole set of orders counts them too."""
        ...

    def complete(self, state: State, power: str, orders: Sequence[str]) -> bool:
        """Whether these canonical orders are all the power has to order this phase."""
        ...

    def waiting(self, state: State, power: str, orders: Sequence[str]) -> list[str]:
        """What these canonical orders leave the power to order this phase, each in a few words
        (a unit, "1 build"): empty when they are complete."""
        ...

    def resolve(self, state: State, orders: Mapping[str, Sequence[str]], rng: Random) -> PhaseResult:
        """Resolve the current phase; a power missing from ``orders`` gets the default orders
        (civil disorder). ``rng`` is the only source of chance."""
        ...

    def survivors(self, state: State) -> Sequence[str]:
        """The powers still in the game (who share a draw, who may concede), in the order of
        ``powers``."""
        ...

    def board(self, state: State) -> dict[str, Any]:
        """What each power holds, as every report shows and counts it: ``powers``, a list in the
        order of ``powers()`` of {"power", "letter" (its SIGNON letter), "units", "dislodged",
        "centres", "box_centres"} (lists of words; a power's count of centres, everywhere, is
        the length of ``centres``; ``box_centres`` are its own besides, said apart), and
        ``notes``, sentences on how they are counted."""
        ...

    def view(self, state: State, power: str | None) -> dict[str, Any]:
        """What this power (or an observer, for None) may see of the state."""
        ...

    def outcome(self, state: State) -> Outcome | None: ...


@dataclass(frozen=True)
class Standing:
    """Where a game stands, for random playouts: its year (the unit of the balance table) and
    each power's score in it (supply centres, for Diplomacy)."""

    year: int
    scores: Mapping[str, int]


@runtime_checkable
class Playout(Protocol):
    """What ``judge selfplay`` needs beyond ``GameKind`` to play a game kind at random and check
    it as it goes. Chance comes only from the ``rng`` given, so a seed replays a game exactly."""

    def random_orders(self, state: State, power: str, rng: Random) -> list[str]:
        """Orders this power could give now, chosen at random, in the form ``resolve`` takes."""
        ...

    def standing(self, state: State) -> Standing: ...

    def violations(self, before: State, result: PhaseResult) -> list[str]:
        """What is wrong with a resolved phase (the state after it, and what its report says
        became of the random orders), each in a sentence, or nothing: the game kind's
        invariants, checked after every phase of a playout."""
        ...


class PlayableKind(GameKind, Playout, Protocol):
    """A game kind that can be played at random (``judge selfplay``)."""
