"""Every game kind the judge can run, by name: the one list the service consults.

A game kind's name is ``diplomacy/<variant>`` for the Diplomacy variants (``diplomacy/standard``);
players name the variant alone (``CREATE ?game pw standard``).
"""

from __future__ import annotations

from functools import cache

from .diplomacy.game import DiplomacyGame
from .diplomacy.maps import MapError
from .variants import load_variant
from .kind import GameKind

DIPLOMACY_VARIANTS = ("standard",)


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
