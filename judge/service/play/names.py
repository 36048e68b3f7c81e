"""The names of games: what CREATE takes. A name is a word in every mail about its game, a
file name in the web archive, and a word HELP ORDERS reads: so a short safe word, and never a
game kind's or variant's name nor a word of the commands (issue 36: a game named ``standard``
made HELP ORDERS standard answer for that game)."""

from __future__ import annotations

import re
from functools import cache

from judge.games.registry import KINDS, added_entries
from judge.games.variants import variant_names

from ..commands import keywords


GAME_NAME_LENGTH = 20
"""The longest name a new game may have (njudge's are eight characters; twenty leave room)."""
_GAME_NAME = re.compile(rf"[a-z][a-z0-9_-]{{0,{GAME_NAME_LENGTH - 1}}}")


def name_refused(name: str) -> str | None:
    """Why a new game may not have this name, or None: it must be a letter, then letters, digits,
    - and _, at most ``GAME_NAME_LENGTH`` in all, and none of the ``reserved_names``. Games of an
    older database with other names still load (and the archive makes their file names safe)."""
    if _GAME_NAME.fullmatch(name.lower()) is None:
        shown = name if len(name) <= 30 else f"{name[:30]}..."
        what = (f"{len(name)} characters long" if len(name) > GAME_NAME_LENGTH
                else "not a letter followed by letters, digits, - or _")
        return (f"{shown!r} cannot be a game's name: it is {what}. A game's name is a letter "
                f"followed by letters, digits, - or _, at most {GAME_NAME_LENGTH} in all (e.g. "
                "alpha, roses-2)")
    word = name.lower()
    if word in reserved_names():
        what = "is a word of the judge's commands" if word in keywords() else "names a game kind"
        return f"{word!r} cannot be a game's name: it {what}; choose another (e.g. alpha, roses-2)"
    return None


@cache
def _kind_words() -> frozenset[str]:
    """The names of the game kinds and variants, as players write them and in full."""
    names = {name for entry in KINDS for name in (entry.name, *entry.names)}
    return frozenset(names | {name.split("/")[0] for name in names} | set(variant_names()))


def reserved_names() -> frozenset[str]:
    """The names no new game may take: a game kind's or variant's, or a word of the command
    language (``commands.keywords``), in any case. A game of an older database named so keeps
    its name; where a word could mean either (HELP ORDERS standard), the kind wins. The variants
    the judge's operator added are reserved as the shipped ones are."""
    added = {name for entry in added_entries() for name in entry.names}
    return _kind_words() | added | keywords()
