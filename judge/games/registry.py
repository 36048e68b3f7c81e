"""Every game kind the judge can run, by name: the one list the service consults.

A game kind's name is ``diplomacy/<variant>`` for the Diplomacy variants (``diplomacy/standard``);
players name the variant alone (``CREATE ?game pw standard``).
"""

from __future__ import annotations

from functools import cache

from .diplomacy.game import DiplomacyGame
from .diplomacy.maps import MapError
from .variants import load_variant, variant_names
from .kind import GameKind, PlayableKind, Playout

DIPLOMACY_VARIANTS = ("standard", "roses1")


class UnknownGameKind(ValueError):
    """No game kind by that name; the message lists those there are."""


def kind_names() -> list[str]:
    return [f"diplomacy/{variant}" for variant in DIPLOMACY_VARIANTS]


@cache
def game_kind(name: str) -> GameKind:
    """The game kind by its full name, or by a Diplomacy variant's name."""
    variant = name.lower().removeprefix("diplomacy/")
    if variant not in DIPLOMACY_VARIANTS:
        raise UnknownGameKind(
            f"unknown variant {name!r}: this judge runs {', '.join(DIPLOMACY_VARIANTS)}"
        )
    try:
        return DiplomacyGame(load_variant(variant))
    except MapError as error:
        raise UnknownGameKind(str(error)) from None


def playable_kind(name: str) -> PlayableKind:
    """A game kind for random playouts (``judge selfplay``): any the judge runs, and any variant
    it has a map for, whether or not games of it are offered by mail yet."""
    variant = name.lower().removeprefix("diplomacy/")
    if variant in DIPLOMACY_VARIANTS:
        kind: GameKind = game_kind(variant)
    elif variant in variant_names():
        kind = DiplomacyGame(load_variant(variant))
    else:
        raise UnknownGameKind(f"unknown variant {name!r}: there are {', '.join(variant_names())}")
    if not isinstance(kind, Playout):
        raise UnknownGameKind(f"{kind.name} cannot be played at random")
    return kind
