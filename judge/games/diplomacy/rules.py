"""The special rules of each variant, by the name its map file gives (``rules = "roses1"``).

A map without a ``rules`` key is played by the standard rules. See ``hooks.py`` for what a
variant's rules may change.
"""

from __future__ import annotations

from .hooks import StandardRules, VariantRules
from .maps import Map, MapError
from .roses1 import Roses1Rules

RULES: dict[str, VariantRules] = {rules.name: rules for rules in (StandardRules(), Roses1Rules())}


def rules_for(game_map: Map) -> VariantRules:
    """The special rules a map is played with."""
    try:
        return RULES[game_map.rules]
    except KeyError:
        raise MapError(
            f"map {game_map.name} names rules {game_map.rules!r}; there are {', '.join(RULES)}"
        ) from None
