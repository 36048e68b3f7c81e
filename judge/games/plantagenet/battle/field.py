"""The field of one Battle while it is fought: the units on each Lord's mat, the Battle Array, the
Valour markers and the report so far (4.4.1-4.4.2), with the Array, Reposition and Engage steps.

``Field`` lives only inside ``battle.fight``; it is built from the ``BattleStart`` (which is never
changed) and thrown away once the ``BattleResult`` is made. Dice come only from its ``rng``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from random import Random

from .model import (
    FRONT,
    OPPOSITE,
    TROOPS,
    BattleLord,
    BattleOrders,
    BattleSide,
    BattleStart,
    Entry,
    EventPlay,
)
from .tables import TABLES

COLUMN = {"Defender": {"left": 0, "center": 1, "right": 2}, "Attacker": {"right": 0, "center": 1, "left": 2}}
"""Where each Front position stands across the field: the Attacker faces the Defender, so his right
is opposite the Defender's left (4.4.1: directly opposite)."""


@dataclass
class Unit:
    """One Forces unit on a Lord's mat (1.6): its type, a Vassal's name, whether a Capability added
    it for this Battle only, and whether it has Routed (4.4.2)."""

    lord: str
    kind: str
    name: str | None = None
    temporary: bool = False
    routed: bool = False

    @property
    def label(self) -> str:
        """How the report names the unit."""
        return self.name if self.name else self.kind


@dataclass
class Engagement:
    """Opposing Front Lords who fight each other this Round (4.4.2 Engage), by side."""

    lords: dict[str, list[str]]


@dataclass
class Field:
    """The Battle being fought (4.4): who stands where, what is Routed, what is left to use."""

    start: BattleStart
    orders: BattleOrders
    rng: Random
    lords: dict[str, BattleLord] = field(default_factory=dict)
    side_of: dict[str, str] = field(default_factory=dict)  # Lord -> side name
    units: dict[str, list[Unit]] = field(default_factory=dict)  # Lord -> his units
    front: dict[str, dict[str, str]] = field(default_factory=dict)  # side -> position -> Lord
    reserve: dict[str, list[str]] = field(default_factory=dict)  # side -> Lords in Reserve
    routed: set[str] = field(default_factory=set)  # Routed Lords, Fled ones included
    fled: set[str] = field(default_factory=set)
    gone: set[str] = field(default_factory=set)  # Lords Disbanded in the Battle (Suspicion)
    valour: dict[str, int] = field(default_factory=dict)  # Valour markers left
    events: dict[str, list[EventPlay]] = field(default_factory=dict)  # side -> Held Events played
    used: set[str] = field(default_factory=set)  # Held Events used once and spent (Y30)
    report: list[Entry] = field(default_factory=list)
    discarded: list[str] = field(default_factory=list)
    influence: dict[str, int] = field(default_factory=dict)
    round: int = 0

    def __post_init__(self) -> None:
        for side in (self.start.defender, self.start.attacker):
            self.front[side.side] = {}
            self.reserve[side.side] = []
            self.events[side.side] = []
            self.influence[side.side] = 0
            for lord in side.lords:
                self.lords[lord.name] = lord
                self.side_of[lord.name] = side.side
                self.units[lord.name] = _units_of(lord)

    @property
    def defender(self) -> str:
        return self.start.defender.side

    @property
    def attacker(self) -> str:
        return self.start.attacker.side

    def battle_side(self, side: str) -> BattleSide:
        return self.start.defender if side == self.defender else self.start.attacker

    def enemy(self, side: str) -> str:
        return self.attacker if side == self.defender else self.defender

    def role(self, side: str) -> str:
        return "Defender" if side == self.defender else "Attacker"

    def die(self) -> int:
        """One roll of a six-sided die."""
        return self.rng.randint(1, 6)

    def log(
        self,
        step: str,
        side: str,
        *,
        lord: str | None = None,
        unit: str | None = None,
        hits: int | None = None,
        die: int | None = None,
        target: int | None = None,
        outcome: str | None = None,
        amount: int | None = None,
    ) -> None:
        """Adds a step to the report."""
        self.report.append(Entry(self.round, step, side, lord, unit, hits, die, target, outcome, amount))

    def played(self, side: str, card: str) -> EventPlay | None:
        """The side's play of a Held Event in this Battle, if it played it."""
        return next((play for play in self.events[side] if play.card == card), None)

    def arrayed(self, side: str) -> list[str]:
        """A side's Lords still in the Battle Array: Front (center, left, right), then Reserve."""
        front = [self.front[side][p] for p in FRONT if p in self.front[side]]
        return [lord for lord in front + self.reserve[side] if lord not in self.routed]

    def unrouted(self, lord: str, kinds: tuple[str, ...] | None = None) -> list[Unit]:
        """The Lord's units that have not Routed, of the given types if given."""
        return [u for u in self.units[lord] if not u.routed and (kinds is None or u.kind in kinds)]

    def order(self, side: str, names: tuple[str, ...]) -> list[str]:
        """The side's Lords in the order a standing order gives, the others after in listing order."""
        listed = [lord.name for lord in self.battle_side(side).lords]
        return [n for n in names if n in listed] + [n for n in listed if n not in names]


def _units_of(lord: BattleLord) -> list[Unit]:
    """The Lord's mat as units: Retinue, Vassals, Troops, then the Troops his Capabilities add
    for this Battle only (added by ``add_battle_troops``)."""
    units = [Unit(lord.name, "retinue")]
    units += [Unit(lord.name, "vassal", name) for name in lord.vassals]
    for kind in TROOPS:
        units += [Unit(lord.name, kind) for _ in range(lord.troops.get(kind, 0))]
    return units


def add_battle_troops(battle: Field) -> None:
    """Capabilities that add Troops for one Battle, removed after it (Y3, L3 at a Friendly
    Stronghold; Y25, L25 in Wales; Y27 in the North; Y35 Gloucester in an Area; Y37 with a Route
    to Carlisle; L33 at a Friendly Stronghold that is or is next to an English Channel Port)."""
    for name, lord in battle.lords.items():
        side = battle.side_of[name]
        facts = battle.battle_side(side)
        for card in TABLES.battle_troops_cards:
            if card["card"] not in lord.capabilities or ("lords" in card and name not in card["lords"]):
                continue
            when = card["when"]
            if (
                (when == "friendly_stronghold" and battle.start.favour == side)
                or (when == "area" and battle.start.area in card["areas"])
                or (when == "route_to_carlisle" and facts.route_to_carlisle)
                or (when == "friendly_channel_port" and facts.channel_port and battle.start.favour == side)
            ):
                for kind, count in card["troops"].items():
                    battle.units[name] += [Unit(name, kind, temporary=True) for _ in range(count)]
                battle.log("capability", side, lord=name, outcome=card["card"])


def array(battle: Field) -> None:
    """4.4.1 Battle Array: the Defender fills Front center, then the flanks, one Lord each, the
    rest in Reserve; the Attacker then places a Lord opposite each Front Defender, center first,
    the rest in Reserve. Late Lords (Ib, Norfolk is Late) go to Reserve."""
    for side in (battle.defender, battle.attacker):
        orders = battle.orders.of(side)
        lords = [n for n in battle.order(side, orders.array) if n not in battle.gone]
        candidates = [n for n in lords if n not in battle.start.late]
        if side == battle.defender:
            other = "right" if orders.flank == "left" else "left"
            places = ["center", orders.flank, other]
        else:
            wanted = [OPPOSITE[p] for p in FRONT if p in battle.front[battle.defender]]
            pair = [p for p in (orders.flank, "right" if orders.flank == "left" else "left") if p in wanted]
            places = [p for p in wanted if p == "center"] + pair
        for position, lord in zip(places, candidates):
            battle.front[side][position] = lord
            battle.log("array", side, lord=lord, outcome=position)
        placed = set(battle.front[side].values())
        for lord in lords:
            if lord not in placed:
                battle.reserve[side].append(lord)
                battle.log("array", side, lord=lord, outcome="reserve")
        for lord in lords:
            battle.valour[lord] = valour(battle, lord)


def valour(battle: Field, name: str) -> int:
    """A Lord's Valour markers (4.4.1): his Valour rating with his Capabilities' changes (L13,
    L20; L19, L21, L26 while he keeps their Special Vassal; L28 only with Margaret in the Battle
    on his side)."""
    lord = battle.lords[name]
    total = lord.valour
    for card in lord.capabilities:
        if card == "L28" and battle.side_of.get("Margaret") != battle.side_of[name]:
            continue
        if not TABLES.works(card, lord.vassals):
            continue
        total += TABLES.valour_cards.get(card, 0)
    return total


def reposition(battle: Field) -> None:
    """4.4.2 Reposition: Routed Lords leave the Array; the Defender then the Attacker advances
    Reserve Lords into empty Front positions; then each fills an empty Front center from a flank."""
    for side in (battle.defender, battle.attacker):
        for position, lord in list(battle.front[side].items()):
            if lord in battle.routed or lord in battle.gone:
                del battle.front[side][position]
        battle.reserve[side] = [n for n in battle.reserve[side] if n not in battle.routed | battle.gone]
    for side in (battle.defender, battle.attacker):
        waiting = [n for n in battle.reserve[side] if battle.round >= 2 or n not in battle.start.late]
        for position in FRONT:
            if position not in battle.front[side] and waiting:
                lord = waiting.pop(0)
                battle.reserve[side].remove(lord)
                battle.front[side][position] = lord
                battle.log("advance", side, lord=lord, outcome=position)
    for side in (battle.defender, battle.attacker):
        front = battle.front[side]
        if "center" not in front and front:
            preferred = battle.orders.of(side).center_from
            flank = preferred if preferred in front else next(p for p in ("left", "right") if p in front)
            front["center"] = front.pop(flank)
            battle.log("center", side, lord=front["center"], outcome=flank)


def engage(battle: Field, ignored: set[str]) -> list[Engagement]:
    """4.4.2 Engage: each Front Lord fights the Enemy directly opposite or, if none, Flanks the
    closest Front Enemy (a center Lord chooses a flank); Lords joined by fighting form one
    Engagement. ``ignored`` Lords take no part this Round (L12 Ravine). Engagements come in the
    Attacker's order: the one with a center Lord first, then by column."""
    placed: dict[str, dict[int, str]] = {}
    for side in (battle.defender, battle.attacker):
        role = battle.role(side)
        placed[side] = {
            COLUMN[role][pos]: lord for pos, lord in battle.front[side].items() if lord not in ignored
        }
    links: dict[str, str] = {}
    for side in (battle.defender, battle.attacker):
        enemies = placed[battle.enemy(side)]
        for column, lord in placed[side].items():
            engaged = _engaged_column(battle, side, column, enemies)
            if engaged is not None:
                links[lord] = enemies[engaged]
    groups: list[set[str]] = []
    for lord, foe in links.items():
        joined = [g for g in groups if lord in g or foe in g]
        merged = {lord, foe}.union(*joined)
        groups = [g for g in groups if g not in joined] + [merged]
    column_of = {lord: col for side in placed for col, lord in placed[side].items()}
    groups.sort(key=lambda g: (0 if 1 in {column_of[n] for n in g} else 1, min(column_of[n] for n in g)))
    return [
        Engagement(
            {
                side: [n for n in battle.arrayed(side) if n in group]
                for side in (battle.defender, battle.attacker)
            }
        )
        for group in groups
    ]


def _engaged_column(battle: Field, side: str, column: int, enemies: dict[int, str]) -> int | None:
    if column in enemies:
        return column
    if not enemies:
        return None
    if column == 1 and 0 in enemies and 2 in enemies:
        choice = battle.orders.of(side).flank_target
        return COLUMN["Defender" if side != battle.defender else "Attacker"][choice]
    return min(enemies, key=lambda c: abs(c - column))
