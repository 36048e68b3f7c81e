"""Every game kind the judge can run, in one table: the one list the service consults.

Each entry names a game kind in full (``diplomacy/standard``), the names players write for it
(``CREATE ?game pw standard``) and how to make it. Naming the kinds makes none of them: a kind is
made once, when first asked for, and a kind whose data cannot be read (whatever the error) is
refused by name, with the error, while the other kinds run on. (The engines do no I/O: the
error goes to whoever asked, in the refusal.)

Besides the table, a judge offers the variants its operator added (``judge variants add``): the
service reads them from the judge's variants folder and hands their data to ``offering``, for the
work it does for that judge (a mail, a tick); within it every function here knows them, as kinds
``diplomacy/NAME``. The table itself never changes, so two judges in one process (tests) each
offer their own.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from typing import Any

from .diplomacy.game import DiplomacyGame
from .diplomacy.maps import build_map
from .kind import GameKind, PlayableKind, Playout
from .plantagenet.bosworth_game import BosworthGame
from .plantagenet.game import SCENARIOS as PLANTAGENET_SCENARIOS
from .plantagenet.game import PlantagenetGame
from .plantagenet.game import kind_name as plantagenet_name
from .richard3.game import Richard3Game, kind_name
from .variants import load_variant, variant_names


@dataclass(frozen=True)
class Entry:
    """A game kind the judge offers: its full name, the names players write, how it is made."""

    name: str
    names: tuple[str, ...]
    make: Callable[[], GameKind]


def _diplomacy(variant: str) -> Entry:
    return Entry(f"diplomacy/{variant}", (variant,), lambda: DiplomacyGame(load_variant(variant)))


def _richard3(scenario: str) -> Entry:
    name = kind_name(scenario)
    return Entry(name, (name,), lambda: Richard3Game(scenario))


def _plantagenet(scenario: str, hidden_mats: bool = False) -> Entry:
    """A Plantagenet scenario; with ``hidden_mats``, its Hidden Mats option (1.5.3), a kind of its
    own, the scenario's name with ``-hidden`` (``plantagenet-ia-hidden``, ``plantagenet-hidden``
    for the grand scenario): CREATE takes no options, and a kind name is one word. The grand
    scenario was ``plantagenet-wars`` before: that name still reads, for the games made then."""
    hidden = "-hidden" if hidden_mats else ""
    name = plantagenet_name(scenario) + hidden
    names = (name, f"plantagenet-wars{hidden}") if scenario == "wars" else (name,)
    return Entry(name, names, lambda: PlantagenetGame(scenario, hidden_mats))


SHELF: tuple[str, ...] = tuple(name for name in variant_names() if name not in ("standard", "roses1"))
"""The other variants the judge ships (judge/games/variants/: MILA's maps, ``ancmed``, ``modern``,
``world`` ...), each a game kind by the name of its map file."""

KINDS: tuple[Entry, ...] = (
    _diplomacy("standard"),
    _diplomacy("roses1"),
    *(_diplomacy(name) for name in SHELF),
    _richard3("1460"),  # the full game
    _richard3("1470"),  # Kingmaker
    _richard3("1483"),  # Richard III
    *(_plantagenet(scenario) for scenario in PLANTAGENET_SCENARIOS),
    Entry(BosworthGame.name, ("plantagenet-bosworth", BosworthGame.name), BosworthGame),
    *(_plantagenet(scenario, hidden_mats=True) for scenario in PLANTAGENET_SCENARIOS),
)
"""Every kind offered by mail. Diplomacy's: the standard map, Wars of the Roses I, the ``SHELF``.
Plantagenet's: ``plantagenet-ia`` ... ``plantagenet-iii``,
``plantagenet-war-i`` (the grand scenario's first War alone), ``plantagenet`` (the grand
scenario), ``plantagenet-bosworth`` (III(B)), and each but Bosworth with Hidden Mats (1.5.3):
``plantagenet-ia-hidden`` ... ``plantagenet-hidden``."""

_ADDED: ContextVar[tuple[Entry, ...]] = ContextVar("added_variants", default=())
"""The variants the judge at work added (``offering``), after the table's kinds."""


def added_variant(name: str, data: Mapping[str, Any]) -> Entry:
    """The entry of a variant an operator added: its name, and its map's data as its TOML file
    holds it (the judge's variants folder, read by the service)."""
    return Entry(f"diplomacy/{name}", (name,), lambda: DiplomacyGame(build_map(dict(data))))


@contextmanager
def offering(added: tuple[Entry, ...]) -> Iterator[None]:
    """Within this, the kinds are the table's and these (``added_variant``): the variants of the
    judge at work."""
    token = _ADDED.set(added)
    try:
        yield
    finally:
        _ADDED.reset(token)


def added_entries() -> tuple[Entry, ...]:
    """The variants the judge at work added (none outside ``offering``)."""
    return _ADDED.get()


def entries() -> tuple[Entry, ...]:
    """The kinds offered now: the table's, then the variants the judge at work added."""
    added = _ADDED.get()
    return (*KINDS, *added) if added else KINDS


DEFAULT = KINDS[0].names[0]
"""The game kind of a game created without naming one (``CREATE ?game pw``)."""


class UnknownGameKind(ValueError):
    """No game kind by that name; the message lists those there are."""


def kind_names() -> list[str]:
    return [entry.name for entry in entries()]


def player_names() -> list[str]:
    """The names players write for the game kinds (``standard``, ``roses1``), in table order,
    then the added variants'."""
    return [entry.names[0] for entry in entries()]


def _entry(name: str) -> Entry | None:
    wanted = name.lower()
    return next((entry for entry in entries() if wanted == entry.name or wanted in entry.names), None)


def game_kind(name: str) -> GameKind:
    """The game kind by its full name or a name players write for it."""
    entry = _entry(name)
    if entry is None:
        raise UnknownGameKind(
            f"unknown variant {name!r}: this judge runs {', '.join(player_names())}"
        )
    return made(entry)


@cache
def made(entry: Entry) -> GameKind:
    """The kind of an entry, made once; UnknownGameKind, naming it and why, when its data cannot
    be read (any error: a map, a component file, a scenario)."""
    try:
        return entry.make()
    except Exception as error:
        raise UnknownGameKind(f"{entry.name} cannot be played on this judge: its data could not "
                              f"be read ({type(error).__name__}: {error})") from None


def all_kinds() -> list[GameKind]:
    """Every game kind of the table that can be made (one whose data cannot be read is left
    out, so the others run on; asked for by name, it is refused with its error)."""
    kinds = []
    for entry in entries():
        try:
            kinds.append(made(entry))
        except UnknownGameKind:
            continue
    return kinds


def playable_kind(name: str) -> PlayableKind:
    """A game kind for random playouts (``judge selfplay``): any the judge runs, and any variant
    it has a map for, whether or not games of it are offered by mail yet."""
    entry = _entry(name)
    if entry is not None:
        kind: GameKind = made(entry)
    elif (variant := name.lower().removeprefix("diplomacy/")) in variant_names():
        kind = DiplomacyGame(load_variant(variant))
    else:
        known = list(dict.fromkeys([*variant_names(), *player_names()]))
        raise UnknownGameKind(f"unknown variant {name!r}: there are {', '.join(known)}")
    if not isinstance(kind, Playout):
        raise UnknownGameKind(f"{kind.name} cannot be played at random")
    return kind
