"""The JSON form of positions and resolutions, as ``judge adjudicate`` reads and writes them.

One position per JSON object (see the README's "judge adjudicate" section for the fields). Names in
the input may be any the order grammar accepts; the output uses canonical abbreviations. A problem
with the position itself (unknown variant, power or province, a bad phase) raises ``WireError``; a
problem with one order is reported in that order's result, and the rest are still adjudicated.
"""

from __future__ import annotations

import functools
from collections import defaultdict
from collections.abc import Callable
from typing import Any

from .calendar import Calendar
from .maps import Map, MapError, coast_named
from .orders import Order
from .parser import OrderSyntaxError, parse_order
from .position import Dislodged, Position, Resolution, Word
from .retreats import retreat_options
from .rules import rules_for
from .turns import adjudicate
from .vocabulary import FLEET, Location, Phase, PhaseKind, Power, Province, Unit, UnitType, province_of


class WireError(ValueError):
    """The input cannot be adjudicated; the message says what is wrong with it."""


def adjudicate_object(
    data: Any, find_map: Callable[[str], Map], default_variant: str = "standard"
) -> dict[str, Any]:
    """Adjudicate one position given as a decoded JSON object; return the answer object.
    ``find_map`` gives a variant's map by name (raising MapError for an unknown one)."""
    if not isinstance(data, dict):
        raise WireError("expected a JSON object with phase, units and orders")
    try:
        game_map = find_map(str(data.get("variant") or default_variant))
    except MapError as error:
        raise WireError(str(error)) from None
    position = read_position(game_map, data)
    items = _list(data, "orders")
    powers = game_map.powers
    unreadable: dict[int, tuple[Power, str, str]] = {}
    orders_read = _orders_read(game_map)
    try:  # most lines give every order as the judge writes them: read at once
        parsed = [(powers[item["power"]].name, orders_read[item["order"]]) for item in items]
        texts = [item["order"] for item in items]
    except (KeyError, TypeError, AttributeError, OrderSyntaxError):  # read one by one
        parsed, texts, unreadable = _read_orders(game_map, items)
    resolution = adjudicate(game_map, position, parsed)
    return {
        "results": _results(parsed, texts, unreadable, resolution),
        "automatic": [
            {
                "power": action.unit.power,
                "type": action.unit.type,
                "loc": action.unit.location,
                "action": action.action,
            }
            for action in resolution.automatic
        ],
        "next": write_position(resolution.position, game_map.calendar),
        "winner": _winner(game_map, resolution.position),
        **({"notes": resolution.notes} if resolution.notes else {}),  # a variant's (the King's)
    }


class _OrdersRead(dict[str, Order]):
    """The orders of one map read so far, by their text as given: the same orders recur from
    line to line. (``parse_order`` remembers them too, but asking it costs more: its key pairs
    the map with the text, and it keeps its entries in the order of their use.)"""

    def __init__(self, game_map: Map) -> None:
        super().__init__()
        self.game_map = game_map

    def __missing__(self, text: str) -> Order:
        if len(self) > 65_536:  # as many as parse_order keeps
            self.clear()
        order = self[text] = parse_order(self.game_map, text)
        return order


_ORDERS_READ: dict[Map, _OrdersRead] = {}  # by map: maps compare by identity


def _orders_read(game_map: Map) -> _OrdersRead:
    try:
        return _ORDERS_READ[game_map]
    except KeyError:
        return _ORDERS_READ.setdefault(game_map, _OrdersRead(game_map))


def _read_orders(
    game_map: Map, items: list[Any]
) -> tuple[list[tuple[Power, Order]], list[str], dict[int, tuple[Power, str, str]]]:
    """The orders read, each with its text as given, and those that could not be read, by
    number: their power, text and why. Raises WireError for an item that is no order object."""
    parsed: list[tuple[Power, Order]] = []
    texts: list[str] = []
    unreadable: dict[int, tuple[Power, str, str]] = {}
    for number, item in enumerate(items):
        power, text = _order_item(game_map, item)
        try:
            parsed.append((power, parse_order(game_map, text)))
        except OrderSyntaxError as error:
            unreadable[number] = (power, text, str(error))
            continue
        texts.append(text)
    return parsed, texts, unreadable


def _order_item(game_map: Map, item: Any) -> tuple[Power, str]:
    """The power and the text of an order object; raises WireError if it is no such object."""
    text = item.get("order") if isinstance(item, dict) else None
    if not isinstance(text, str):
        raise WireError(f"each order must be an object with power and order: got {item!r}")
    return _power(game_map, item.get("power")), text


def _winner(game_map: Map, position: Position) -> dict[str, Any] | None:
    """Who has won in the position after the phase, by the variant's victory rule (``hooks.py``):
    ``{"powers": [...], "reason": "..."}``, or None while the game goes on."""
    outcome = rules_for(game_map).outcome(game_map, position)
    if outcome is None:
        return None
    return {"powers": list(outcome.winners), "reason": outcome.reason}


class _UnitTexts(dict[str, str]):
    """The text of a unit of one type at each location (``F stp/sc``, as ``str(unit)`` writes
    it), made when first asked for: the same few units recur in every line."""

    def __init__(self, unit_type: UnitType) -> None:
        super().__init__()
        self.unit_type = unit_type

    def __missing__(self, location: str) -> str:
        text = self[location] = str(Unit(Power(""), self.unit_type, Location(location)))
        return text


_ARMY_TEXTS, _FLEET_TEXTS = _UnitTexts(UnitType.ARMY), _UnitTexts(UnitType.FLEET)


def _results(
    parsed: list[tuple[Power, Order]],
    texts: list[str],
    unreadable: dict[int, tuple[Power, str, str]],
    resolution: Resolution,
) -> list[dict[str, Any]]:
    """One answer per order given, in the order given: what became of each order read, and for
    one that could not be read, why."""
    # Each result taken apart at once (an OrderResult is a named tuple: power, order, unit,
    # resolution, message), the unit written as ``str(unit)`` writes it but looked up, and the
    # words given as the resolution's own tuple (written as a JSON array like a list, without
    # making one): this runs for every order of every line.
    answers = [
        {
            "power": power,
            "order": text,
            "unit": (_FLEET_TEXTS if unit.type is FLEET else _ARMY_TEXTS)[unit.location] if unit else None,
            "resolution": words,  # Words are strings: a tuple of them is read back as a list
            "message": message,
        }
        for (power, _), text, (_, _, unit, words, message) in zip(parsed, texts, resolution.results)
    ]
    for number, (power, text, why) in sorted(unreadable.items()):
        answers.insert(
            number,
            {"power": power, "order": text, "unit": None, "resolution": (Word.ILLEGAL,), "message": why},
        )
    return answers


# --- positions ------------------------------------------------------------------------------


def read_position(game_map: Map, data: dict[str, Any]) -> Position:
    try:
        written = data.get("phase")
        phase = _phase(game_map.calendar, str(written)) if written else game_map.first_phase
    except ValueError as error:
        raise WireError(str(error)) from None
    units: dict[Province, Unit] = {}
    off_board: list[Unit] = []
    boxes = game_map.boxes
    last = _LAST_UNITS[game_map.name]
    for item in _list(data, "units"):
        unit: Unit | None
        try:  # most lines write their units as the judge does: the one last read there, if the same
            unit = last[item["loc"]]
            if unit.power != item["power"] or unit.type != item["type"]:
                unit = None
        except (KeyError, TypeError):
            unit = None
        if unit is None:
            unit = _unit(game_map, item)
            if len(last) > 20_000:  # spellings are many; the places few
                last.clear()
            last[item["loc"]] = unit
        province = unit.province
        if province in units:
            raise WireError(f"two units in {province}")
        if boxes and province in boxes:
            off_board.append(_in_own_box(game_map, unit))
            continue
        units[province] = unit
    if "supply_centers" in data:
        centres = _centres(game_map, data["supply_centers"])
    else:
        centres = game_map.starting_ownership()
    dislodged: list[Dislodged] = []
    standoffs = frozenset(_province(game_map, name) for name in _list(data, "standoffs"))
    if phase.kind is PhaseKind.RETREAT:
        for item in _list(data, "dislodged"):
            unit = _unit(game_map, item)
            if unit.province in boxes:
                raise WireError(f"{unit} is off the board: only a unit on it can be dislodged")
            record = Dislodged(
                unit, _province(game_map, item.get("attacker_from")), bool(item.get("by_convoy"))
            )
            options = retreat_options(game_map, units, record, standoffs)
            dislodged.append(Dislodged(unit, record.attacker_from, record.by_convoy, options))
    king = _king(game_map, data)
    return Position(phase, units, centres, tuple(dislodged), standoffs, tuple(off_board), king)


# For each map, by name: the last centres taken as written (comparing a line's to them costs less
# than checking every name: the owners' names are new strings in each line, hashed to be looked up)
_LAST_CENTRES: dict[str, dict[Province, Power]] = {}


def _centres(game_map: Map, raw: Any) -> dict[Province, Power]:
    if not isinstance(raw, dict):
        raise WireError("supply_centers must be an object: province -> power")
    if raw == _LAST_CENTRES.get(game_map.name):  # as the line before: a game's lines repeat them
        return dict(raw)
    try:  # most lines name them as the judge writes them: taken as they are, not read
        if raw.keys() <= game_map.centres and game_map.powers.keys() >= set(raw.values()):
            _LAST_CENTRES[game_map.name] = dict(raw)
            return dict(raw)
    except TypeError:  # an unhashable owner: read one by one below, which says what is wrong
        pass
    centres: dict[Province, Power] = {}
    provinces = game_map.provinces
    for name, owner in raw.items():
        province = _province(game_map, name)
        if not provinces[province].supply_centre:
            raise WireError(f"{province} is not a supply centre")
        centres[province] = _power(game_map, owner)
    return centres


@functools.lru_cache(maxsize=1024)
def _phase(calendar: Calendar, text: str) -> Phase:
    """A phase as the map's calendar writes it (``S1901M``; Hundred's ``A1425M``), read and
    remembered: the lines of a stream name the same few phases."""
    return calendar.parse(text)


def _in_own_box(game_map: Map, unit: Unit) -> Unit:
    box = game_map.boxes[unit.province]
    if unit.power != box.power:
        raise WireError(f"{unit.power} units cannot stand in {box.name}: it is {box.power}'s box")
    return unit


def _king(game_map: Map, data: dict[str, Any]) -> Province | None:
    """Where the King is (``"king": "lon"``); absent, where he starts. None in a game without."""
    starts = rules_for(game_map).king_starts
    if "king" not in data:
        return starts
    if starts is None:
        raise WireError(f"there is no King in variant {game_map.name}")
    return _province(game_map, data["king"])


def write_position(position: Position, calendar: Calendar) -> dict[str, Any]:
    """The JSON form of a position, its phase written as the map's calendar writes phases."""
    owners = position.supply_centres
    data: dict[str, Any] = {
        "phase": calendar.code(position.phase),
        "units": [
            {"power": u.power, "type": u.type, "loc": u.location}
            for u in position.units.values()
        ],
        # sorted by the names alone: cheaper than sorting the (name, owner) pairs
        "supply_centers": {centre: owners[centre] for centre in sorted(owners)},
    }
    if position.off_board:  # units in off-board boxes, the box's key as their place
        data["units"] += [
            {"power": u.power, "type": u.type, "loc": u.location} for u in position.off_board
        ]
    if position.king is not None:
        data["king"] = position.king
    if position.phase.kind is PhaseKind.RETREAT:
        data["dislodged"] = [
            {
                "power": d.unit.power,
                "type": d.unit.type,
                "loc": d.unit.location,
                "attacker_from": d.attacker_from,
                **({"by_convoy": True} if d.by_convoy else {}),
                "retreats": list(d.retreats),
            }
            for d in position.dislodged
        ]
        data["standoffs"] = sorted(position.standoffs)
    return data


def _list(data: dict[str, Any], key: str) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise WireError(f"{key} must be a list")
    return value


def _power(game_map: Map, name: Any) -> Power:
    if isinstance(name, str) and name in game_map.powers:
        return Power(name)  # as the judge writes it: most lines
    power = game_map.power_named(name) if isinstance(name, str) else None
    if power is None:
        raise WireError(f"unknown power {name!r} in variant {game_map.name}")
    return power


def _province(game_map: Map, name: Any) -> Province:
    if isinstance(name, str) and name in game_map.provinces:
        return Province(name)  # as the judge writes it: most lines
    province = game_map.province_named(name) if isinstance(name, str) else None
    if province is None:
        raise WireError(f"unknown province {name!r} in variant {game_map.name}")
    return province


def _location(game_map: Map, name: Any) -> Location:
    if not isinstance(name, str):
        raise WireError(f"a location must be a string: got {name!r}")
    if name in game_map.provinces or name in game_map.fleet_moves:
        return Location(name)  # already canonical
    text = name.replace("(", "/").replace(")", "")
    place, _, coast_text = text.partition("/")
    province = _province(game_map, place)
    if not coast_text:
        return Location(province)
    coast = coast_named(coast_text)
    if coast is None or coast not in game_map.provinces[province].coasts:
        raise WireError(f"{name!r}: {province} has no such coast")
    return Location(f"{province}/{coast}")


_UNIT_TYPES = {"A": UnitType.ARMY, "ARMY": UnitType.ARMY, "F": UnitType.FLEET, "FLEET": UnitType.FLEET}


# For each map, by name: the units read so far, by (power, type, loc) as given
_UNITS: defaultdict[str, dict[tuple[Any, Any, Any], Unit]] = defaultdict(dict)
# For each map, by name: loc as given -> the unit last read there. A unit's power and type, as
# the judge writes them, read as themselves: where they are the same, so is the unit. (Cheaper
# than a look-up by power, type and loc, which hashes the three and compares them.)
_LAST_UNITS: defaultdict[str, dict[str, Unit]] = defaultdict(dict)


def _unit(game_map: Map, item: Any) -> Unit:
    """The unit an input object describes (remembered: the same few units recur in every line)."""
    if not isinstance(item, dict):
        raise WireError(f"a unit must be an object with power, type and loc: got {item!r}")
    known = _UNITS[game_map.name]
    key = (item.get("power"), item.get("type"), item.get("loc"))
    try:
        return known[key]
    except KeyError:
        pass
    except TypeError:  # an unhashable value: _read_unit says what is wrong with it
        return _read_unit(game_map, item)
    if len(known) > 20_000:  # spellings are many; the units few
        known.clear()
    unit = known[key] = _read_unit(game_map, item)
    return unit


def _read_unit(game_map: Map, item: dict[str, Any]) -> Unit:
    unit_type = _UNIT_TYPES.get(str(item.get("type", "")).upper())
    if unit_type is None:
        raise WireError(f"unit type must be A or F: got {item.get('type')!r}")
    box = game_map.box_named(item["loc"]) if isinstance(item.get("loc"), str) else None
    if box is not None:  # a unit in an off-board box: its place is the box's key
        return Unit(_power(game_map, item.get("power")), unit_type, Location(box))
    location = _location(game_map, item.get("loc"))
    if unit_type is UnitType.FLEET:
        if location not in game_map.fleet_moves:
            raise WireError(f"a fleet cannot stand in {item.get('loc')!r}")
    elif game_map.is_sea(location):
        raise WireError(f"an army cannot stand in {item.get('loc')!r}")
    else:
        location = Location(province_of(location))  # an army stands in the whole province
    return Unit(_power(game_map, item.get("power")), unit_type, location)
