"""The shape of an order as the grammar reads it, before its words are resolved against the map.

``ShapeBuilder`` is the transformer of the order grammar (``judge/games/diplomacy/orders.lark``): the LALR parser
calls it as it reduces each rule, and it builds an ``OrderShape``. A location is a ``Chain`` of
``Segment``s (the words between hyphens written without spaces, and a coast); which of them are
provinces, coasts or powers is for ``order_names`` to settle.

A NAME token holds all the words of a name ("North Sea"). Name lookups do not mind; messages that
blame one word split them (``order_names``).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from lark import Token, Transformer

from .vocabulary import UnitType

__all__ = [
    "UNIT_TYPES",
    "Chain",
    "CoastWords",
    "OrderShape",
    "PowerWords",
    "Segment",
    "ShapeBuilder",
    "Target",
]


class CoastWords(NamedTuple):
    words: tuple[Token, ...]


class Segment(NamedTuple):
    """Words between hyphens written without spaces, with the coast written after them, if any."""

    words: tuple[Token, ...]
    coast: CoastWords | None


# A location chain: segments joined by tight hyphens. One location, or a short move ("Lon-Nth-Nwy").
Chain = tuple[Segment, ...]


class PowerWords(NamedTuple):
    words: tuple[Token, ...]


class Target(NamedTuple):
    """The unit that is supported or convoyed."""

    power: PowerWords | None
    type: UnitType | None
    chain: Chain


class OrderShape(NamedTuple):
    """An order as the grammar read it, before its names are resolved."""

    kind: str
    type: UnitType | None = None
    chains: tuple[Chain, ...] = ()
    target: Target | None = None
    flag: bool = False  # "via convoy" for a move; a trailing "hold" for a support


# The grammar's terminals for the unit types, and the types.
UNIT_TYPES = {"ARMY": UnitType.ARMY, "FLEET": UnitType.FLEET}


def _unit_type(token: Token | None) -> UnitType | None:
    return None if token is None else UNIT_TYPES[token.type]


def _target(parts: list[Any]) -> Target:
    """``power-NAME TYPE loc`` or ``TYPE-or-None loc``."""
    if len(parts) == 3:
        return Target(PowerWords((parts[0],)), UNIT_TYPES[parts[1].type], parts[2])
    return Target(None, _unit_type(parts[0]), parts[1])


class ShapeBuilder(Transformer[Token, OrderShape]):
    """Called by the LALR parser as it reduces each rule: no parse tree is built. The children of
    the order's rule are the unit type (a token, or None), locations, and the few other tokens the
    grammar keeps; the order's own keywords are left out."""

    def coast(self, children: list[Token]) -> CoastWords:
        return CoastWords((children[1],))  # after "/" or "("

    def loc(self, children: list[Any]) -> Chain:
        # NAME coast-or-None, then for each tight hyphen: TIGHT NAME coast-or-None.
        if len(children) == 2:
            return (Segment((children[0],), children[1]),)
        return tuple(
            Segment((children[index],), children[index + 1])
            for index in range(0, len(children), 3)
        )

    def move(self, c: list[Any]) -> OrderShape:
        return OrderShape("move", _unit_type(c[0]), tuple(c[1:-1]), flag=c[-1] is not None)

    def hold(self, c: list[Any]) -> OrderShape:
        return OrderShape("hold", _unit_type(c[0]), (c[1],))

    def support_hold(self, c: list[Any]) -> OrderShape:
        return OrderShape(
            "support_hold", _unit_type(c[0]), (c[1],), _target(c[2:-1]), c[-1] is not None
        )

    def support_move(self, c: list[Any]) -> OrderShape:
        return OrderShape("support_move", _unit_type(c[0]), (c[1], c[-1]), _target(c[2:-1]))

    def convoy(self, c: list[Any]) -> OrderShape:
        chains = (c[1],) if c[-1] is None else (c[1], c[-1])
        return OrderShape("convoy", _unit_type(c[0]), chains, _target(c[2:-1]))

    def disband(self, c: list[Any]) -> OrderShape:
        return OrderShape("disband", _unit_type(c[0]), (c[1],))

    def build(self, c: list[Any]) -> OrderShape:
        return OrderShape("build", _unit_type(c[0]), (c[1],))

    def remove(self, c: list[Any]) -> OrderShape:
        return OrderShape("remove", _unit_type(c[0]), (c[1],))

    def waive(self, c: list[Any]) -> OrderShape:
        return OrderShape("waive")

    def move_with_king(self, c: list[Any]) -> OrderShape:
        chains = tuple(c[1:-1])
        return OrderShape("move_with_king", _unit_type(c[0]), chains, flag=c[-1] is not None)

    def transfer_king(self, c: list[Any]) -> OrderShape:
        return OrderShape("transfer_king", None, tuple(c))
