"""The orders of Richard III as values, their canonical text, and the reader of what players write.

One order a line (several may share a line, split by ``;``). Keywords and names in any case;
names in full, by another name, or by an unambiguous prefix (``names``). Each order fills a
*slot*: a later order for the same slot replaces the earlier one.

Card phase (1.1, 5.1): ``PLAY 4``, ``PLAY Force March``; at a campaign's start ``REDEAL`` or
``KEEP`` (5.1, the mulligan). Actions (5.0): ``[MOVE] Warwick - Leicester - Oxford`` (a land move,
5.2), ``SEA Warwick - Kent`` (5.3), ``RECRUIT Norfolk - East Anglia`` (5.4), ``MUSTER Area``,
``PLAGUE Area``, ``TREASON Area [ON Block]`` (the event cards). Standing battle orders, given with
the actions: ``MAIN Area FROM Area`` (6.3), ``BATTLES Area, Area`` (6.1, player 1), ``RETREAT
Block|ALL AFTER ROUND n [TO Area]`` (6.6), ``CHARGE Heir [AT Block]`` (6.5), ``NO TREACHERY`` or
``TREACHERY ON Block`` (6.9), ``REGROUP Block - Area`` (6.7), ``EXECUTE Block`` (9.1). Political
turn (8.3, 8.4): ``HOME Block - Area``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from . import names
from .data import BOARD
from .names import NameError_


class OrderError(ValueError):
    """An order that cannot be read, with the reason."""


@dataclass(frozen=True)
class Order:
    keyword: str  # PLAY, REDEAL, KEEP, MOVE, SEA, RECRUIT, MUSTER, PLAGUE, TREASON, MAIN, ...
    block: str | None = None  # a block id
    areas: tuple[str, ...] = ()
    card: str | None = None
    number: int | None = None
    target: str | None = None  # a block id (the enemy's version) or "ALL"

    @property
    def slot(self) -> str:
        k = self.keyword
        if k in ("MOVE", "SEA", "RECRUIT"):
            return f"block {self.block}"
        if k in ("REGROUP", "EXECUTE", "HOME"):
            return f"{k.lower()} {self.block}"
        if k == "RETREAT":
            return f"retreat {self.block or 'ALL'}"
        if k == "MAIN":
            return f"main {self.areas[0]}"
        if k in ("REDEAL", "KEEP"):
            return "redeal"
        if k in ("NO TREACHERY", "TREACHERY"):
            return "treachery"
        if k == "CHARGE":
            return f"charge {self.block}"
        return k.lower()

    def __str__(self) -> str:
        k = self.keyword
        name = names.block_name(self.block) if self.block else ""
        target = names.block_name(self.target) if self.target and self.target != "ALL" else ""
        if k == "PLAY":
            return f"PLAY {self.card}"
        if k in ("REDEAL", "KEEP", "NO TREACHERY", "DONE"):
            return k
        if k == "MOVE":
            return f"MOVE {name} - {' - '.join(self.areas)}"
        if k in ("SEA", "RECRUIT", "REGROUP", "HOME"):
            return f"{k} {name} - {self.areas[0]}"
        if k in ("MUSTER", "PLAGUE"):
            return f"{k} {self.areas[0]}"
        if k == "TREASON":
            return f"TREASON {self.areas[0]}" + (f" ON {target}" if target else "")
        if k == "MAIN":
            return f"MAIN {self.areas[0]} FROM {self.areas[1]}"
        if k == "BATTLES":
            return "BATTLES " + ", ".join(self.areas)
        if k == "RETREAT":
            who = name or "ALL"
            to = f" TO {self.areas[0]}" if self.areas else ""
            return f"RETREAT {who} AFTER ROUND {self.number}{to}"
        if k == "CHARGE":
            return f"CHARGE {name}" + (f" AT {target}" if target else "")
        if k == "TREACHERY":
            return f"TREACHERY ON {target}"
        if k == "EXECUTE":
            return f"EXECUTE {name}"
        raise AssertionError(k)


def split_orders(text: str) -> list[str]:
    return [part.strip() for part in re.split(r"[;\n]", text) if part.strip()]


def _area(text: str) -> str:
    if normal_word(text) == "sea":
        return "sea"
    return names.area(text)


def normal_word(text: str) -> str:
    return names.normal(text)


def _split_two(text: str) -> tuple[str, str]:
    """A block and an area written one after the other, with or without a separator."""
    parts = re.split(r"\s+-\s+|-|\s+(?:in|to|at)\s+", text, maxsplit=1, flags=re.I)
    if len(parts) == 2:
        return parts[0], parts[1]
    words = text.split()
    for cut in range(1, len(words)):
        head, tail = " ".join(words[:cut]), " ".join(words[cut:])
        try:
            names.area(tail)
        except NameError_:
            continue
        return head, tail
    raise OrderError(f"expected a block and an area in {text!r}")


def _split_word(text: str, word: str) -> tuple[str, str]:
    """``text`` cut at the keyword ``word`` (``Kent ON Warwick``); the tail is "" without it."""
    parts = re.split(rf"\s+{word}\s+", text, maxsplit=1, flags=re.I)
    return parts[0], parts[1] if len(parts) > 1 else ""


def read_order(text: str, own: list[str], enemy: list[str]) -> Order:
    """Read one order. ``own``: the ids of the player's blocks it may name; ``enemy``: the ids of
    the enemy's blocks (both versions of a two-house block), which targets name."""
    try:
        return _read(text.strip(), own, enemy)
    except NameError_ as error:
        raise OrderError(str(error)) from None


def _read(text: str, own: list[str], enemy: list[str]) -> Order:
    word, _, rest = text.partition(" ")
    key = word.upper()
    rest = rest.strip()
    if key == "PLAY":
        return Order("PLAY", card=names.card_kind(rest))
    if key in ("DONE", "PASS") and not rest:
        return Order("DONE")
    if key in ("REDEAL", "KEEP", "MULLIGAN") and not rest:
        return Order("KEEP" if key == "KEEP" else "REDEAL")
    if key == "NO" and rest.upper() == "TREACHERY":
        return Order("NO TREACHERY")
    if key == "TREACHERY":
        target = re.sub(r"^on\s+", "", rest, flags=re.I)
        return Order("TREACHERY", target=names.block_among(target, enemy))
    if key == "SEA":
        block, area = _split_two(rest)
        return Order("SEA", names.block_among(block, own), (names.area(area),))
    if key in ("RECRUIT", "REGROUP", "HOME"):
        block, area = _split_two(rest)
        home = key == "HOME" and normal_word(area) == "pool"  # 8.3: to the pool
        return Order(key, names.block_among(block, own), ("pool" if home else names.area(area),))
    if key in ("MUSTER", "PLAGUE"):
        return Order(key, areas=(names.area(rest),))
    if key == "TREASON":
        area, target = _split_word(rest, "on")
        return Order(
            "TREASON",
            areas=(names.area(area),),
            target=names.block_among(target, enemy) if target else None,
        )
    if key == "MAIN":
        match = re.fullmatch(r"(?:attack\s+)?(.+?)\s+(?:from|via)\s+(.+)", rest, flags=re.I)
        if not match:
            raise OrderError("write MAIN <battle area> FROM <area the main attack comes from>")
        return Order("MAIN", areas=(names.area(match[1]), _area(match[2])))
    if key == "BATTLES":
        areas = [names.area(a) for a in re.split(r"\s*,\s*|\s+then\s+", rest, flags=re.I) if a]
        return Order("BATTLES", areas=tuple(areas))
    if key == "RETREAT":
        match = re.fullmatch(
            r"(.+?)\s+after\s+round\s+([0-3])(?:\s+to\s+(.+))?", rest, flags=re.I
        )
        if not match:
            raise OrderError("write RETREAT <block or ALL> AFTER ROUND <1, 2 or 3> [TO <area>]")
        who = None if match[1].upper() == "ALL" else names.block_among(match[1], own)
        to = (names.area(match[3]),) if match[3] else ()
        return Order("RETREAT", who, to, number=int(match[2]))
    if key == "CHARGE":
        heir, target = _split_word(rest, "at")
        heirs = [b for b in own if BOARD.blocks[b].heir is not None]
        return Order(
            "CHARGE",
            names.block_among(heir, heirs),
            target=names.block_among(target, enemy) if target else None,
        )
    if key == "EXECUTE":
        return Order("EXECUTE", names.block_among(rest, own))
    if key == "MOVE":
        text = rest
    parts = [p.strip() for p in re.split(r"\s*-\s*|\s+to\s+", text, flags=re.I) if p.strip()]
    if len(parts) < 2:
        raise OrderError(
            f"cannot read {text!r}: expected an order such as 'Warwick - Kent' or 'RECRUIT Norfolk'"
        )
    return Order("MOVE", names.block_among(parts[0], own), tuple(names.area(p) for p in parts[1:]))
