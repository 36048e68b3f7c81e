"""The components of Plantagenet, read once from the package's data files.

``components.json`` holds the facts of the published game: the 54 Strongholds with their Ways
(1.3.1), the four Exile boxes and three Seas, the Areas, the 28 Lord cards (1.5.1-1.5.2), the 19
Vassals (1.5.4), the 74 Arts of War cards (1.9.1, titles only), the Forces and Strongholds tables
of the foldout, the Calendar (1.3.2) and the Tides of War awards (4.8.1). ``scenarios.json``
holds each scenario's setup (6.0). Nothing here applies a rule: the other modules do, citing
theirs.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

SIDES = ("York", "Lancaster")
TROOPS = ("men_at_arms", "longbowmen", "militia", "mercenaries", "burgundians")
"""The wooden Troop types (1.6), in the Forces table's order; ``burgundians`` are Handgunners."""
ASSETS = ("carts", "provender", "coin", "ships")
WAYS = ("highway", "road", "path")


def other(side: str) -> str:
    """The enemy side."""
    return "Lancaster" if side == "York" else "York"


@dataclass(frozen=True)
class Locale:
    """A Stronghold (1.3.1): its type, Area, Sea if a Port, Ways and the Vassal Seats on it."""

    name: str
    type: str  # city, town, fortress, london, calais, harlech
    area: str | None = None
    sea: str | None = None  # the Sea of a Port
    ways: dict[str, str] = field(default_factory=dict, hash=False)  # neighbour -> Way type
    vassal_seats: tuple[str, ...] = ()


@dataclass(frozen=True)
class ExileBox:
    """An Exile box (1.3.1): the Sea it sails on as if a Port, and its one-way Path exits."""

    name: str
    sea: str
    march_exits: tuple[str, ...] = ()


@dataclass(frozen=True)
class Sea:
    """A Sea zone (1.3.1): the Seas next to it and its Ports."""

    name: str
    adjacent: tuple[str, ...]
    ports: tuple[str, ...]


@dataclass(frozen=True)
class Lord:
    """A Lord card (1.5.1-1.5.2): side, Seat, ring, ratings, starting Forces and Assets."""

    name: str
    card_name: str
    side: str
    seat: str
    ring: str | None  # "marshal" (gold), "lieutenant" (silver) or None (4.3.1)
    influence: int
    lordship: int
    command: int
    valour: int
    forces: dict[str, int] = field(hash=False)  # Troops only (every Lord has one Retinue)
    assets: dict[str, int] = field(hash=False)
    heir: int | None = None  # rank (6.2.1)


@dataclass(frozen=True)
class Vassal:
    """A Vassal (1.5.4): Seat, Service and Loyalty (+ favours York, - Lancaster), or a Special
    Vassal brought by the capability card ``card``."""

    name: str
    seat: str | None
    service: int | None
    loyalty: int
    special: bool
    card: str | None = None


@dataclass(frozen=True)
class Card:
    """An Arts of War card (1.9.1): its Event and Capability titles, the scenarios it belongs to
    by roses, when its Event acts, and the Lords who may levy its Capability (empty: any)."""

    id: str
    side: str
    event: str
    capability: str
    roses: int
    when: str  # hold, this_levy, this_campaign, immediate
    lords: tuple[str, ...] = ()
    special_vassal: str | None = None


@dataclass(frozen=True)
class Box:
    """A Calendar box (1.3.2): a Turn, its year offset and months, the Plan size (4.1) and the
    reminders printed under it (4.8.1, 4.8.4, 4.8.5)."""

    number: int
    year_offset: int
    months: str
    plan: int
    gain_lords_influence: bool
    grow: bool
    waste: bool


@dataclass(frozen=True)
class Scenario:
    """A scenario's setup (6.0)."""

    key: str
    title: str
    base_year: int
    first_box: int
    last_box: int
    king: str
    rebel: str
    influence: int
    lords: dict[str, tuple[str, ...]] = field(hash=False)
    mustered: dict[str, str] = field(hash=False)
    calendar: tuple[tuple[str, int, bool], ...] = ()
    favour: dict[str, tuple[str, ...]] = field(default_factory=dict, hash=False)
    exile_boxes: dict[str, tuple[str, ...]] = field(default_factory=dict, hash=False)
    vassals_at_seats: tuple[str, ...] = ()
    vassals_mustered: tuple[tuple[str, str, int | None], ...] = ()
    capabilities: tuple[tuple[str, str], ...] = ()
    allied_networks: dict[str, str] = field(default_factory=dict, hash=False)
    cards: tuple[str, ...] = ()
    thresholds: tuple[tuple[int, int, int], ...] = ()
    special_rules: tuple[str, ...] = ()
    capture_influence: int = 0  # Ia, Capture of the King: points for the capture, and for the release
    war: bool = False  # a War of the grand scenario (6.0-6.3)
    succession: dict[str, dict[str, Any]] = field(default_factory=dict, hash=False)  # 6.2.2, by Heir removed
    mandatory_capability: dict[str, str] = field(default_factory=dict, hash=False)  # Lord -> card on Muster
    war_victory: dict[str, tuple[str, ...]] = field(default_factory=dict, hash=False)  # side wins if all removed
    heir_cards: tuple[dict[str, Any], ...] = ()  # 6.3 Wars II: cards in play while an Heir is present, King or highest
    setup_cards: dict[str, tuple[str, ...]] = field(default_factory=dict, hash=False)  # 6.3 Wars III: cards by Succession at setup
    crown: dict[str, str] = field(default_factory=dict, hash=False)  # 6.3 IIY: an Heir become King is replaced by this Lord
    newcomers: dict[str, dict[str, Any]] = field(default_factory=dict, hash=False)  # 6.3 IIY: a Lord added when few Heirs remain
    heirs: dict[str, tuple[str, ...]] = field(default_factory=dict, hash=False)  # 6.3 Wars I, II: each side's Heirs present (6.1.1)

    def deck_cards(self) -> set[str]:
        """Every Arts of War card that may be in the scenario's decks: the starting decks and
        what Succession adds (6.2.2)."""
        found = set(self.cards) | {card for rule in self.succession.values() for card in rule.get("add_cards", ())}
        found |= {card for rule in self.heir_cards for card in rule["cards"]}
        return found | {card for cards in self.setup_cards.values() for card in cards}

    def cards_in_play(self) -> set[str]:
        """Every Arts of War card the scenario may bring into play: its decks, setup
        Capabilities, and what Succession adds."""
        return self.deck_cards() | {card for _, card in self.capabilities} | set(self.mandatory_capability.values())

    def threshold(self, box: int) -> int | None:
        """The Victory threshold in force at a Calendar box (5.2), or None."""
        return next((t for a, b, t in self.thresholds if a <= box <= b), None)


@dataclass(frozen=True)
class Board:
    """Everything fixed about the game."""

    locales: dict[str, Locale]
    exile_boxes: dict[str, ExileBox]
    seas: dict[str, Sea]
    areas: dict[str, tuple[str, ...]]
    lords: dict[str, Lord]
    vassals: dict[str, Vassal]
    cards: dict[str, Card]
    forces: dict[str, dict[str, Any]]
    pools: dict[str, int]
    strongholds: dict[str, dict[str, Any]]
    calendar: dict[int, Box]
    tides_of_war: dict[str, Any]
    max_lords_with_ships: int
    max_ships_per_lord: int
    scenarios: dict[str, Scenario]
    capability_effects: dict[str, dict[str, Any]] = field(default_factory=dict)
    event_effects: dict[str, dict[str, Any]] = field(default_factory=dict)

    def ways(self, place: str) -> dict[str, str]:
        """The Locales next to a Locale by Way, with the Way's type (1.3.1); from Scotland, its
        one-way Paths (1.3.1, EXILE BOXES)."""
        if place in self.locales:
            return self.locales[place].ways
        box = self.exile_boxes.get(place)
        return {exit: "path" for exit in box.march_exits} if box else {}

    def sea_of(self, place: str) -> str | None:
        """The Sea of a Port, or of an Exile box sailing as if a Port (1.3.1)."""
        if place in self.locales:
            return self.locales[place].sea
        box = self.exile_boxes.get(place)
        return box.sea if box else None


def _read(name: str) -> Any:
    text = resources.files("judge.games.plantagenet").joinpath(name).read_text(encoding="utf-8")
    return json.loads(text)


def _load() -> Board:
    facts = _read("components.json")
    locales = {
        row["name"]: Locale(
            row["name"], row["type"], row.get("area"), row.get("port_on_sea"),
            {n: way for way in WAYS for n in row.get(way, ())}, tuple(row.get("vassal_seats", ())),
        )
        for row in facts["locales"]
    }
    exile_boxes = {
        row["name"]: ExileBox(row["name"], row["sea"], tuple(row["march_exits"]))
        for row in facts["exile_boxes"]
    }
    seas = {row["name"]: Sea(row["name"], tuple(row["adjacent"]), tuple(row["ports"])) for row in facts["seas"]}
    lords = {
        row["name"]: Lord(
            row["name"], row["card_name"], row["side"], row["seat"], row["ring"], row["influence"],
            row["lordship"], row["command"], row["valour"],
            {t: n for t, n in row["forces"].items() if t != "retinue"}, dict(row["assets"]), row.get("heir"),
        )
        for row in facts["lords"]
    }
    vassals = {
        row["name"]: Vassal(row["name"], row.get("seat"), row.get("service"), row.get("loyalty") or 0,
                            row["special"], row.get("card"))
        for row in facts["vassals"]
    }
    cards = {
        row["id"]: Card(
            row["id"], row["side"], row["event"], row["capability"], row["roses"], row["when"],
            () if row["lords"] == "any" else tuple(row["lords"]), row.get("special_vassal"),
        )
        for row in facts["cards"]
    }
    forces = {row["type"]: row for row in facts["forces"]}
    calendar = {
        row["box"]: Box(row["box"], row["year_offset"], row["months"], row["plan"],
                        row["gain_lords_influence"], row["grow"], row["waste"])
        for row in facts["calendar"]
    }
    raw = _read("scenarios.json")
    scenarios = {
        key: Scenario(
            key, row["title"], row["base_year"], row["first_box"], row["last_box"], row["king"],
            row["rebel"], row["influence"],
            {side: tuple(names) for side, names in row["lords"].items()}, dict(row["mustered"]),
            tuple((c["lord"], c["box"], c["exile"]) for c in row["calendar"]),
            {side: tuple(names) for side, names in row["favour"].items()},
            {side: tuple(names) for side, names in row["exile_boxes"].items()},
            tuple(row["vassals_at_seats"]),
            tuple((v["vassal"], v["lord"], v["box"]) for v in row["vassals_mustered"]),
            tuple((c["lord"], c["card"]) for c in row["capabilities"]),
            dict(row["allied_networks"]), tuple(row["cards"]),
            tuple((t["from"], t["to"], t["threshold"]) for t in row["thresholds"]),
            tuple(row["special_rules"]), row.get("capture_influence", 0), row.get("war", False),
            dict(row.get("succession", {})), dict(row.get("mandatory_capability", {})),
            {side: tuple(lords) for side, lords in row.get("war_victory", {}).items()},
            tuple(row.get("heir_cards", ())),
            {name: tuple(cards) for name, cards in row.get("setup_cards", {}).items()},
            dict(row.get("crown", {})), dict(row.get("newcomers", {})),
            {side: tuple(lords) for side, lords in row.get("heirs", {}).items()},
        )
        for key, row in raw.items()
        if key != "about"
    }
    return Board(
        locales, exile_boxes, seas, {k: tuple(v) for k, v in facts["areas"].items()}, lords, vassals,
        cards, forces, {t: forces[t]["pool"] for t in TROOPS}, facts["strongholds"], calendar,
        facts["tides_of_war"], facts["ships"]["max_lords"], facts["ships"]["max_per_lord"], scenarios,
        {card: effect for card, effect in facts["capability_effects"].items() if card != "_doc"},
        {card: effect for card, effect in facts["event_effects"].items() if card != "_doc"},
    )


BOARD = _load()

LORD_SIDE: dict[str, str] = {lord: card.side for lord, card in BOARD.lords.items()}
"""Each Lord's side, for the loops over every Lord that ask it often."""
