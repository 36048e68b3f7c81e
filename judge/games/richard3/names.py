"""Forgiving names: areas, blocks and cards as players write them.

A name matches in full (any case, with or without punctuation), by one of its other names
(``London`` for Middlesex, ``Edward IV`` for March), or by an unambiguous prefix taken word by
word (``n yorks``, ``mid``, ``burg``). An exact match wins over prefixes, so ``York`` is the Duke
of York and ``York Church`` the archbishop.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

from ..nearest import choices, nearest, normal
from .data import BOARD


class NameError_(ValueError):
    """A name that matches nothing, or more than one thing; the message says which."""


def _prefix_match(query: list[str], name: list[str]) -> bool:
    if len(query) > len(name):
        return False
    return all(word.startswith(q) for q, word in zip(query, name))


def resolve(text: str, candidates: Iterable[tuple[str, Iterable[str]]], what: str,
            listed: bool = True) -> str:
    """The one candidate (key, names) that ``text`` names; raises NameError_ otherwise, saying
    which candidates it could be, or, if none, what the choices are (each by its first name)."""
    options = [(key, tuple(names)) for key, names in candidates]
    shown = {key: names[0] for key, names in options}
    query = normal(text)
    if not query:
        raise NameError_(f"no {what} named{choices(shown.values())}")
    exact = [key for key, names in options if any(normal(n) == query for n in names)]
    if len(set(exact)) == 1:
        return exact[0]
    words = query.split()
    found = sorted(
        {key for key, names in options if any(_prefix_match(words, normal(n).split()) for n in names)}
    )
    if len(found) == 1:
        return found[0]
    if not found:
        raise NameError_(f"no {what} is called {text!r}{nearest(text, shown.values(), listed)}")
    raise NameError_(f"{text!r} could be {' or '.join(shown[key] for key in found)}")


@functools.lru_cache(maxsize=1024)
def area(text: str) -> str:
    """The area ``text`` names (memoised: the areas never change)."""
    return resolve(text, ((a.name, (a.name, *a.aliases)) for a in BOARD.areas.values()), "area")


def block_among(text: str, ids: Iterable[str], what: str = "block", dead: Iterable[str] = ()) -> str:
    """The block among ``ids`` that ``text`` names (a two-house block answers to its name);
    ``what`` the blocks are, for the message when none or several match. A name of a block that
    is not among them is told so (``Somerset is not a block of yours``), or, among the heirs
    killed (``dead``, their names), that he is dead (6.82). A block's name in full names it
    alone, never another by the prefix of its name (``York`` is not York Church, nor
    ``Salisbury`` the Salisbury Levy, when the Duke or the Earl is out of play)."""
    among = list(ids)
    called = _CALLED.get(normal(text), ())
    exact = set(called).intersection(among)
    if len(exact) == 1:  # what ``resolve`` would find first, found at once
        return exact.pop()
    if not exact and called:
        raise _not_among(called[0], what, dead)
    try:
        return resolve(text, _named(among), what)
    except NameError_ as error:
        other = _block_named(text, [b for b in BOARD.blocks if b not in among])
        if other is None:
            raise error
        raise _not_among(other, what, dead) from None


def _not_among(block: str, what: str, dead: Iterable[str]) -> NameError_:
    """The error for a block named that is not among those an order may name."""
    name = BOARD.blocks[block].name
    if name in dead:
        return NameError_(f"{name} is dead (6.82)")
    article = "an" if what[:1] in "aeiou" or what.startswith("heir") else "a"
    return NameError_(f"{name} is not {article} {what}")


def _named(ids: Iterable[str]) -> list[tuple[str, tuple[str, ...]]]:
    return [(b, (BOARD.blocks[b].name, *BOARD.blocks[b].aliases)) for b in ids]


def _block_named(text: str, ids: list[str]) -> str | None:
    """A block among ``ids`` that ``text`` names, where all it could name share one name (the two
    houses' versions of a noble), or None."""
    try:
        return resolve(text, _named(ids), "block")
    except NameError_:
        words = normal(text).split()
        found = {BOARD.blocks[b].name: b for b, names in _named(ids)
                 if any(_prefix_match(words, normal(n).split()) for n in names)}
        return next(iter(found.values())) if len(found) == 1 else None


def _called() -> dict[str, list[str]]:
    """Each name and other name of the blocks, in the normal form: the blocks it names."""
    found: dict[str, list[str]] = {}
    for block in BOARD.blocks.values():
        for name in (block.name, *block.aliases):
            found.setdefault(normal(name), []).append(block.id)
    return found


_CALLED = _called()


def card_kind(text: str, held: Iterable[str] | None = None) -> str:
    """A card as written (``4``, ``AP 4``, ``force march``): its name in the data. A name that
    names no card is likened only to the cards ``held`` (the player's hand), where given."""
    query = normal(text)
    if query.isdigit():
        query = f"ap {query}"
    if query.startswith("ap") and query[2:].strip().isdigit():
        query = f"ap {query[2:].strip()}"
    names = sorted({c.name for c in BOARD.cards.values()})
    try:
        return resolve(query, ((n, (n,)) for n in names), "card", listed=False)  # the hand is listed
    except NameError_ as error:
        if held is None or not str(error).startswith("no card is called"):
            raise
        raise NameError_(f"no card is called {query!r}{nearest(query, held, listed=False)}") from None


def block_name(block_id: str) -> str:
    return BOARD.blocks[block_id].name
