"""A game family's rules history, read from its ``<family>.rules.toml`` beside its other data.

The file gives the judge version whose reading is rules version 1 (``first``) and each change
since: the rules version it began, the judge version that brought it, the rule's number, what the
judge does now, and, for a change of one variant or scenario alone, the kinds it touches
(``kinds``). A kind's ``RulesHistory`` holds the changes that touch it; its version is that of
the last of them (1 when none did). The file is read once per process (this is where it is read: the engines do no
I/O of their own).
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any

from .kind import RuleChange, RulesHistory


@cache
def _history(package: str, file_name: str) -> dict[str, Any]:
    text = resources.files(package).joinpath(file_name).read_text(encoding="utf-8")
    return tomllib.loads(text)


@cache
def read_rules(package: str, file_name: str, kind: str) -> RulesHistory:
    """The rules of the kind called ``kind`` (its full name) from the family's history file."""
    history = _history(package, file_name)
    changes = tuple(
        RuleChange(int(entry["version"]), str(entry["judge"]), str(entry["rule"]), str(entry["what"]))
        for entry in history.get("change", [])
        if kind in entry.get("kinds", [kind])
    )
    return RulesHistory(max((change.version for change in changes), default=1), changes)
