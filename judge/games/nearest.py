"""Names as players misspell them: the names nearest to one that names nothing (``did you mean
Salisbury?``), shared by the games that read names from orders (Richard III, Plantagenet)."""

from __future__ import annotations

import difflib
import functools
import re
from collections.abc import Iterable


@functools.lru_cache(maxsize=4096)
def normal(text: str) -> str:
    """Lower case, punctuation as spaces, single spaces (memoised: every name of every candidate
    is compared in this form, for each order read)."""
    return " ".join(re.sub(r"[^0-9a-z ]", " ", text.lower()).split())


SHORT_LIST = 10
"""The most names an error lists in full; past it, only the nearest to what was written."""
LIKENESS = 0.75
"""How alike a misspelt name must be to a name to be offered for it (difflib's ratio)."""


def choices(names: Iterable[str]) -> str:
    """`` (the choices: A, B)``, or `` (there is none to name)``."""
    listed = sorted(set(names))
    return f" (the choices: {', '.join(listed)})" if listed else " (there is none to name)"


def nearest(text: str, names: Iterable[str], listed: bool = True) -> str:
    """For a name that names nothing: the names nearest to it (`` (did you mean Somerset?)``), or
    every name where there are few (and ``listed``); else nothing, as a long list would bury the
    error."""
    options = sorted(set(names))
    by_normal = {normal(name): name for name in options}
    close = difflib.get_close_matches(normal(text), list(by_normal), n=3, cutoff=LIKENESS)
    if close:
        return f" (did you mean {' or '.join(by_normal[c] for c in close)}?)"
    if listed and len(options) <= SHORT_LIST:
        return choices(options)
    return ""


def meant(words: Iterable[str], keywords: Iterable[str]) -> str | None:
    """The keyword the first of ``words`` that is near one was meant to be (``MARCH`` for
    ``MRCH``), or None: for an order whose keyword is misspelt."""
    listed = list(keywords)
    for word in words:
        close = difflib.get_close_matches(word, listed, n=1, cutoff=LIKENESS)
        if close:
            return close[0]
    return None

