"""Maps: provinces, coasts, adjacency, supply centres and powers, loaded from a variant's data file.

A map file is TOML (see ``judge/games/variants/standard.toml`` for the format, documented in its
header); ``judge.games.variants`` reads the files, this module only builds maps from their text.
A map may also have off-board boxes (``[boxes.NAME]``, as in Wars of the Roses: see ``boxes.py``)
and name the special rules it is played with (``rules = "roses1"``: see ``rules.py``).
Building checks the data and refuses a map with an unknown name, a one-way adjacency, a coast
without its province, or a fleet adjacency on a province a fleet cannot be in; the error names the
culprit. Names are matched leniently: case, spaces, dots and hyphens do not matter
(``Mid-Atlantic Ocean`` = ``mid atlantic ocean`` = ``midatlanticocean``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from .calendar import STANDARD, Calendar, calendar_from
from .vocabulary import (
    Location,
    Phase,
    PhaseKind,
    Power,
    Province,
    ProvinceKind,
    Unit,
    UnitType,
    coast_of,
    province_of,
)


class MapError(ValueError):
    """The map data is inconsistent; the message names the culprit."""


COAST_NAMES: dict[str, str] = {}
for _coast, _words in {
    "nc": ("nc", "n", "north", "northcoast", "ncs"),
    "sc": ("sc", "s", "south", "southcoast", "scs"),
    "ec": ("ec", "e", "east", "eastcoast", "ecs"),
    "wc": ("wc", "w", "west", "westcoast", "wcs"),
}.items():
    for _word in _words:
        COAST_NAMES[_word] = _coast

_NOWHERE: frozenset[Any] = frozenset()
_NOT_NAME = re.compile(r"[^0-9a-z]+")


def name_key(text: str) -> str:
    """The form in which names are compared: lower case, letters and digits only."""
    return _NOT_NAME.sub("", text.lower())


def coast_named(text: str) -> str | None:
    """``north coast``, ``(nc)``, ``/n`` -> ``nc``; None if the words name no coast."""
    return COAST_NAMES.get(name_key(text))


@dataclass(frozen=True, slots=True)
class ProvinceInfo:
    abbreviation: Province
    name: str
    kind: ProvinceKind
    supply_centre: bool
    coasts: tuple[str, ...] = ()  # only for a province with more than one coast


@dataclass(frozen=True, slots=True)
class PowerInfo:
    name: Power
    adjective: str
    letter: str
    home_centres: tuple[Province, ...]
    starting_units: tuple[Unit, ...]


@dataclass(frozen=True, slots=True)
class BoxInfo:
    """An off-board box (Wars of the Roses I, rule 5): where one power's units wait off the board.

    A box is not a province. Its ``key`` (``scotland``) is how orders and positions write a unit in
    it (``A scotland - dum``); its ``centres`` are its power's for good (nothing can enter a box)
    and count for its supply; its units come onto the board at the ``army_entries`` (provinces)
    and ``fleet_entries`` (locations). ``boxes.py`` says how units in a box move."""

    key: str
    name: str
    power: Power
    centres: tuple[str, ...]
    starting_units: tuple[Unit, ...]
    army_entries: frozenset[Province]
    fleet_entries: frozenset[Location]


@dataclass(frozen=True, eq=False)
class Map:
    name: str
    title: str
    first_phase: Phase
    victory_centres: int
    provinces: dict[Province, ProvinceInfo]
    powers: dict[Power, PowerInfo]
    army_moves: dict[Province, frozenset[Province]]
    fleet_moves: dict[Location, frozenset[Location]]
    _names: dict[str, Province] = field(repr=False)
    _power_names: dict[str, Power] = field(repr=False)
    seas: frozenset[Province] = field(repr=False)
    _fleet_provinces: dict[Location, frozenset[Province]] = field(repr=False)
    seas_touching: dict[Province, frozenset[Province]] = field(repr=False)
    """For each province, the seas and ports a fleet there (on any coast) could move to: the
    convoy graph."""
    boxes: dict[str, BoxInfo] = field(default_factory=dict)
    """The off-board boxes by key (none on most maps)."""
    rules: str = "standard"
    """The name of the special rules the map is played with (``rules.py``)."""
    _box_names: dict[str, str] = field(default_factory=dict, repr=False)
    centres: frozenset[Province] = field(default=frozenset(), repr=False)
    """The supply centres on the board, as a set (``supply_centres`` lists them in map order)."""
    convoying: frozenset[Province] = field(default=frozenset(), repr=False)
    """Where a fleet convoys: the seas, and the ports (coastal provinces whose fleet convoys as
    if at sea: ``port = true``, DPjudge's ``PORT``, as in MILA's ancmed)."""
    build_any: bool = False
    """Whether a power builds in any supply centre it owns, not only in its home centres
    (``build_any = true``: DPjudge's ``RULE BUILD_ANY``)."""
    dummies: frozenset[Power] = field(default=frozenset(), repr=False)
    """The powers no player takes (``dummy = true``: DPjudge's ``DUMMY``): they are in civil
    disorder for the whole game."""
    mobilize: bool = False
    """Whether the game opens with one build a power and nothing owned (``mobilize = true``:
    DPjudge's ``RULE MOBILIZE``, as in its 1898): the powers start with no unit and no centre; in
    the first phase, a winter, each builds one unit in any of its home centres, and that centre
    becomes the only one it owns (``adjustments.mobilizing``)."""
    remote_builds: bool = False
    """Whether a power builds in any supply centre it owns, but only while it holds one of its
    home centres (``remote_builds = true``: DPjudge's ``RULE REMOTE_BUILDS``)."""
    shapes: str | None = None
    """The variant whose board this map's is, province for province, coast for coast and move for
    move (``shapes = "standard"``: 1898, Chaos): its picture is drawn on that variant's shapes
    (``judge.pictures``), in this map's powers' colours. None for a map with a board of its own."""
    calendar: Calendar = field(default=STANDARD, repr=False)
    """How the phases are named (``calendar.py``): the standard seasons, or the ``[calendar]``
    a DPjudge ``FLOW`` gives (Hundred's years five apart, Classical's B.C.)."""

    # --- names -----------------------------------------------------------------------------

    def province_named(self, text: str) -> Province | None:
        """The province a name, abbreviation or alias stands for, or None."""
        if text in self.provinces:
            return Province(text)
        return self._names.get(name_key(text))

    def box_named(self, text: str) -> str | None:
        """The key of the off-board box a name stands for (``Scotland``: ``scotland``), or None."""
        if text in self.boxes:
            return text
        return self._box_names.get(name_key(text)) if self._box_names else None

    def power_named(self, text: str) -> Power | None:
        """The power a name, adjective or letter stands for, or None."""
        if text in self.powers:
            return Power(text)
        return self._power_names.get(name_key(text))

    # --- geography -------------------------------------------------------------------------

    def kind(self, province: str) -> ProvinceKind:
        return self.provinces[province_of(province)].kind

    def is_sea(self, province: str) -> bool:
        return province_of(province) in self.seas

    def fleet_locations(self, province: Province) -> tuple[Location, ...]:
        """Where a fleet can stand in a province: its coasts, the province itself, or nowhere."""
        info = self.provinces[province]
        if info.coasts:
            return tuple(Location(f"{province}/{coast}") for coast in info.coasts)
        if info.kind is ProvinceKind.LAND:
            return ()
        return (Location(province),)

    def can_move(self, unit_type: UnitType, origin: Location, destination: Location) -> bool:
        """Whether a unit can move from origin to destination directly (fleets: coast to coast)."""
        if unit_type is UnitType.ARMY:
            return province_of(destination) in self.army_moves.get(province_of(origin), _NOWHERE)
        return destination in self.fleet_moves.get(origin, _NOWHERE)

    def fleet_reaches(self, origin: Location, province: Province) -> tuple[Location, ...]:
        """The locations of a province that a fleet at origin can move to (any of its coasts)."""
        targets = self.fleet_moves.get(origin, _NOWHERE)
        return tuple(loc for loc in self.fleet_locations(province) if loc in targets)

    def reaches(self, unit_type: UnitType, origin: Location, province: Province) -> bool:
        """Whether a unit could move into a province at all, on any coast (the test for support)."""
        if unit_type is UnitType.ARMY:
            return province in self.army_moves.get(province_of(origin), _NOWHERE)
        return province in self._fleet_provinces.get(origin, _NOWHERE)

    @property
    def supply_centres(self) -> tuple[Province, ...]:
        return tuple(p for p, info in self.provinces.items() if info.supply_centre)

    def starting_ownership(self) -> dict[Province, Power]:
        """Who owns each centre at the start: each power its home centres; nobody anything in a
        game that opens with mobilization (``mobilize``)."""
        if self.mobilize:
            return {}
        return {
            centre: power.name for power in self.powers.values() for centre in power.home_centres
        }


# --- loading -------------------------------------------------------------------------------


def read_map(text: str, source: str = "map") -> Map:
    """Build and check a map from the text of a map file (TOML); ``source`` names it in errors."""
    import tomllib  # here: the variants' maps are read from their JSON form (judge.games.variants)

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise MapError(f"{source}: not valid TOML: {error}") from error
    return build_map(data)


def build_map(data: dict[str, Any]) -> Map:
    """Build and check a map from the parsed contents of a map file."""
    provinces: dict[Province, ProvinceInfo] = {}
    names: dict[str, Province] = {}
    ports: set[Province] = set()

    def add_name(text: str, province: Province) -> None:
        key = name_key(text)
        if key in names and names[key] != province:
            raise MapError(f"name {text!r} is used by both {names[key]} and {province}")
        names[key] = province

    raw_provinces: dict[str, Any] = data.get("provinces", {})
    for abbr, spec in raw_provinces.items():
        province = Province(abbr)
        try:
            kind = ProvinceKind(spec["kind"])
        except (KeyError, ValueError):
            raise MapError(f"province {abbr}: kind must be land, coast or sea") from None
        coasts = tuple(spec.get("coasts", {}))
        if coasts and kind is not ProvinceKind.COAST:
            raise MapError(f"province {abbr}: only a coastal province can have coasts")
        provinces[province] = ProvinceInfo(
            province, spec["name"], kind, bool(spec.get("centre", False)), coasts
        )
        if spec.get("port") and (kind is not ProvinceKind.COAST or coasts):
            raise MapError(f"province {abbr}: only a coastal province with one coast is a port")
        if spec.get("port"):
            ports.add(province)
        add_name(abbr, province)
        add_name(spec["name"], province)
        for alias in spec.get("aliases", ()):
            add_name(alias, province)

    def location(text: str, where: str) -> Location:
        province = province_of(text)
        if province not in provinces:
            raise MapError(f"{where}: unknown province {province!r} in {text!r}")
        coast = coast_of(text)
        if coast is not None and coast not in provinces[province].coasts:
            raise MapError(f"{where}: {text!r} is a coast that province {province} does not have")
        return Location(text)

    army_moves: dict[Province, frozenset[Province]] = {}
    fleet_moves: dict[Location, frozenset[Location]] = {}
    for province, info in provinces.items():
        spec = raw_provinces[province]
        army = [location(p, f"army moves of {province}") for p in spec.get("army", ())]
        if army and info.kind is ProvinceKind.SEA:
            raise MapError(f"province {province} is a sea but has army moves")
        for target in army:
            if "/" in target or provinces[Province(target)].kind is ProvinceKind.SEA:
                raise MapError(f"army moves of {province}: {target!r} is not a land province")
        army_moves[province] = frozenset(Province(p) for p in army)
        if info.coasts:
            if "fleet" in spec:
                raise MapError(f"province {province} has coasts: give fleet moves per coast")
            for coast, targets in spec["coasts"].items():
                here = Location(f"{province}/{coast}")
                fleet_moves[here] = frozenset(location(t, f"fleet moves of {here}") for t in targets)
        elif "fleet" in spec:
            if info.kind is ProvinceKind.LAND:
                raise MapError(f"province {province} is inland but has fleet moves")
            fleet_moves[Location(province)] = frozenset(
                location(t, f"fleet moves of {province}") for t in spec["fleet"]
            )
    for start, neighbours in army_moves.items():
        for neighbour in neighbours:
            if start not in army_moves[neighbour]:
                raise MapError(f"one-way army adjacency: {start} -> {neighbour}")
    for here, places in fleet_moves.items():
        for there in places:
            if there not in fleet_moves:
                raise MapError(f"fleet moves of {here}: a fleet cannot stand in {there!r}")
            if here not in fleet_moves[there]:
                raise MapError(f"one-way fleet adjacency: {here} -> {there}")

    powers: dict[Power, PowerInfo] = {}
    power_names: dict[str, Power] = {}
    for power_name, spec in data.get("powers", {}).items():
        power = Power(power_name)
        homes = tuple(location(c, f"home centres of {power}") for c in spec.get("home_centres", ()))
        for home in homes:
            if "/" in home or not provinces[Province(home)].supply_centre:
                raise MapError(f"home centre {home} of {power} is not a supply centre")
        units = []
        for text in spec.get("units", ()):
            type_letter, _, where = text.partition(" ")
            unit = Unit(power, UnitType(type_letter), location(where, f"units of {power}"))
            if unit.type is UnitType.FLEET and unit.location not in fleet_moves:
                raise MapError(f"units of {power}: a fleet cannot stand in {where}")
            if unit.type is UnitType.ARMY and (
                "/" in where or provinces[unit.province].kind is ProvinceKind.SEA
            ):
                raise MapError(f"units of {power}: an army cannot stand in {where}")
            units.append(unit)
        powers[power] = PowerInfo(
            power,
            spec.get("adjective", power_name),
            spec.get("letter", power_name[0]),
            tuple(Province(h) for h in homes),
            tuple(units),
        )
        for text in (power_name, spec.get("adjective", power_name), spec.get("letter", "")):
            if text:
                key = name_key(text)
                if power_names.get(key, power) != power:
                    raise MapError(f"power name {text!r} is used twice")
                power_names[key] = power

    seas = frozenset(p for p, info in provinces.items() if info.kind is ProvinceKind.SEA)
    convoying = seas | ports
    seas_touching: dict[Province, set[Province]] = {p: set() for p in provinces}
    for here, places in fleet_moves.items():
        for there in places:
            if province_of(there) in convoying:
                seas_touching[province_of(here)].add(province_of(there))

    boxes, box_names = _build_boxes(data.get("boxes", {}), provinces, names, powers, fleet_moves)
    calendar, first_phase = _calendar(data)
    mobilize = bool(data.get("mobilize", False))
    if mobilize and (first_phase.kind is not PhaseKind.ADJUSTMENT
                     or any(power.starting_units for power in powers.values())):
        raise MapError("a map with mobilize = true starts in a winter adjustment phase, with no units")
    return Map(
        name=data["name"],
        title=data.get("title", data["name"]),
        first_phase=first_phase,
        victory_centres=int(data["victory_centres"]),
        provinces=provinces,
        powers=powers,
        army_moves=army_moves,
        fleet_moves=fleet_moves,
        _names=names,
        _power_names=power_names,
        _fleet_provinces={
            here: frozenset(province_of(there) for there in places)
            for here, places in fleet_moves.items()
        },
        seas=seas,
        seas_touching={p: frozenset(near) for p, near in seas_touching.items()},
        boxes=boxes,
        rules=str(data.get("rules", "standard")),
        _box_names=box_names,
        centres=frozenset(p for p, info in provinces.items() if info.supply_centre),
        convoying=convoying,
        build_any=bool(data.get("build_any", False)),
        dummies=frozenset(Power(name) for name, spec in data.get("powers", {}).items()
                          if spec.get("dummy")),
        mobilize=mobilize,
        remote_builds=bool(data.get("remote_builds", False)),
        shapes=str(data["shapes"]) if data.get("shapes") else None,
        calendar=calendar,
    )


def _calendar(data: dict[str, Any]) -> tuple[Calendar, Phase]:
    """The map's calendar (its ``[calendar]``, or the standard one) and its first phase, written
    as the calendar writes phases (``S1901M``; Hundred's ``A1425M``)."""
    try:
        if data.get("calendar"):
            calendar = calendar_from(data["calendar"])
            first = calendar.parse(str(data["first_phase"]))
            if first.kind is not PhaseKind.MOVEMENT:
                raise ValueError("a game on a turn calendar begins with a movement")
            return calendar, first
        first = Phase.parse(data["first_phase"])
    except (KeyError, TypeError, ValueError) as error:
        raise MapError(f"first_phase and calendar: {error}") from None
    return calendar_from(None, first.year), first


def _build_boxes(
    raw: dict[str, Any],
    provinces: dict[Province, ProvinceInfo],
    names: dict[str, Province],
    powers: dict[Power, PowerInfo],
    fleet_moves: dict[Location, frozenset[Location]],
) -> tuple[dict[str, BoxInfo], dict[str, str]]:
    """The off-board boxes of a map file, checked: a box's names are no province's, its power is
    one of the map's, and its entries are places where its armies or fleets can stand."""
    boxes: dict[str, BoxInfo] = {}
    box_names: dict[str, str] = {}
    for key, spec in raw.items():
        if not re.fullmatch(r"[a-z][a-z0-9]*", key):
            raise MapError(f"box {key!r}: its key must be lower-case letters and digits")
        name = str(spec.get("name", key))
        for text in (key, name):
            if name_key(text) in names:
                raise MapError(f"box {key}: the name {text!r} is a province's")
            if box_names.get(name_key(text), key) != key:
                raise MapError(f"box {key}: the name {text!r} is another box's")
            box_names[name_key(text)] = key
        power = Power(str(spec.get("power", "")))
        if power not in powers:
            raise MapError(f"box {key}: unknown power {power!r}")
        army_entries = frozenset(Province(p) for p in spec.get("army_entries", ()))
        for entry in army_entries:
            info = provinces.get(entry)
            if info is None or info.kind is ProvinceKind.SEA:
                raise MapError(f"box {key}: army entry {entry!r} is not a land province")
        fleet_entries = frozenset(Location(p) for p in spec.get("fleet_entries", ()))
        for location in fleet_entries:
            if location not in fleet_moves:
                raise MapError(f"box {key}: a fleet cannot stand in its entry {location!r}")
        units = []
        for letter in spec.get("units", ()):
            try:
                units.append(Unit(power, UnitType(letter), Location(key)))
            except ValueError:
                raise MapError(f"box {key}: unit type {letter!r} is not A or F") from None
        boxes[key] = BoxInfo(
            key,
            name,
            power,
            tuple(str(c) for c in spec.get("centres", ())),
            tuple(units),
            army_entries,
            fleet_entries,
        )
    return boxes, box_names
