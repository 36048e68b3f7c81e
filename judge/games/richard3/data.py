"""The components of Richard III, read once from the package's data files.

``components.json`` holds the facts of the published game: the areas (2.1-2.8), the land borders
with their limits (5.21), the 63 blocks (3.1-3.26) and the 25 cards (5.1). ``scenarios.json``
holds where each block starts in the three scenarios (4.3-4.5 and the scenario sheets). Nothing
here applies a rule: the other modules do, citing theirs.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

SIDES = ("York", "Lancaster")
REBEL = "Rebel"


def other(side: str) -> str:
    """The other house."""
    return "Lancaster" if side == "York" else "York"


@dataclass(frozen=True)
class Area:
    """An area of the map or an exile area (2.1, 2.7), with what stands in it."""

    name: str
    kind: str  # "land", "exile", "island"
    aliases: tuple[str, ...] = ()
    shields: tuple[str, ...] = ()  # 2.2
    city: str | None = None  # 2.4
    cathedral: str | None = None  # 2.5
    crown: bool = False  # 2.3
    seas: tuple[str, ...] = ()  # the sea zones it touches (2.81)
    major_port: bool = False  # 2.83
    wales: bool = False  # 2.6
    exile_of: str | None = None  # the house it is an exile area of (2.7)
    supply: int = 0  # an exile area's own supply limit (7.2)


@dataclass(frozen=True)
class Border:
    """A land border and how many blocks of one side may cross it in a game turn (5.21)."""

    areas: tuple[str, str]
    colour: str
    limit: int

    @property
    def key(self) -> str:
        return border_key(*self.areas)


def border_key(a: str, b: str) -> str:
    """The one name of the border between two areas, whichever way it is crossed."""
    return " / ".join(sorted((a, b)))


@dataclass(frozen=True)
class Block:
    """A block (3.1): its full strength, combat rating (3.12), loyalty (3.13), heir rank (3.21)."""

    id: str
    name: str
    side: str  # "York", "Lancaster" or "Rebel"
    type: str  # heir, noble, church, levy, bombard, mercenary, rebel
    strength: int
    combat: str  # "B2": initiative and firepower
    loyalty: int | None = None
    heir: int | None = None
    twin: str | None = None  # the other house's version (3.22, 4.6)
    home: str | None = None  # a levy's city, a church's cathedral, a mercenary's home
    aliases: tuple[str, ...] = ()

    @property
    def initiative(self) -> str:
        return self.combat[0]

    @property
    def firepower(self) -> int:
        return int(self.combat[1:])


@dataclass(frozen=True)
class Card:
    """A card (5.1): its action points and, for an event card, its event."""

    number: int
    name: str
    ap: int
    event: str | None = None


@dataclass(frozen=True)
class Scenario:
    """A scenario: where each block starts, who is King, which campaigns are played."""

    key: str
    title: str
    king: str
    first_campaign: int
    campaigns: int
    blocks: dict[str, str] = field(hash=False)


@dataclass(frozen=True)
class Board:
    """Everything fixed about the game."""

    areas: dict[str, Area]
    borders: dict[str, Border]
    neighbours: dict[str, tuple[str, ...]]  # by land
    sea_reach: dict[str, tuple[str, ...]]  # the other areas on a sea zone of each (5.3)
    heirs_of: dict[str, tuple[str, ...]]  # each house's heirs, senior first (3.21)
    blocks: dict[str, Block]
    cards: dict[int, Card]
    scenarios: dict[str, Scenario]

    def border(self, a: str, b: str) -> Border | None:
        return self.borders.get(border_key(a, b))

    def share_sea(self, a: str, b: str) -> bool:
        return bool(set(self.areas[a].seas) & set(self.areas[b].seas))


def _tuple(row: dict[str, Any], key: str) -> tuple[str, ...]:
    return tuple(row.get(key, ()))


def _read(name: str) -> Any:
    text = resources.files("judge.games.richard3").joinpath(name).read_text(encoding="utf-8")
    return json.loads(text)


def _load() -> Board:
    facts = _read("components.json")
    areas = {
        row["name"]: Area(
            row["name"],
            row["kind"],
            _tuple(row, "aliases"),
            _tuple(row, "shields"),
            row.get("city"),
            row.get("cathedral"),
            row.get("crown", False),
            _tuple(row, "seas"),
            row.get("major_port", False),
            row.get("wales", False),
            row.get("exile_of"),
            row.get("supply", 0),
        )
        for row in facts["areas"]
    }
    borders = {}
    neighbours: dict[str, list[str]] = {name: [] for name in areas}
    for row in facts["borders"]:
        a, b = row["areas"]
        border = Border((a, b), row["colour"], row["limit"])
        borders[border.key] = border
        neighbours[a].append(b)
        neighbours[b].append(a)
    blocks = {
        row["id"]: Block(
            row["id"],
            row["name"],
            row["side"],
            row["type"],
            row["strength"],
            row["combat"],
            row.get("loyalty"),
            row.get("heir"),
            row.get("twin"),
            row.get("home"),
            _tuple(row, "aliases"),
        )
        for row in facts["blocks"]
    }
    cards = {
        row["number"]: Card(row["number"], row["name"], row["ap"], row.get("event"))
        for row in facts["cards"]
    }
    raw = _read("scenarios.json")
    scenarios = {
        key: Scenario(
            key,
            row["title"],
            row["king"],
            row["first_campaign"],
            row["campaigns"],
            dict(row["blocks"]),
        )
        for key, row in raw.items()
        if key != "about"
    }
    sea_reach = {
        name: tuple(b for b, other in areas.items() if b != name and set(area.seas) & set(other.seas))
        for name, area in areas.items()
    }
    heirs_of = {
        side: tuple(sorted((b.id for b in blocks.values() if b.heir is not None and b.side == side),
                           key=lambda b: blocks[b].heir or 0))
        for side in SIDES
    }
    return Board(
        areas,
        borders,
        {name: tuple(sorted(near)) for name, near in neighbours.items()},
        sea_reach,
        heirs_of,
        blocks,
        cards,
        scenarios,
    )


BOARD = _load()
