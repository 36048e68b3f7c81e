"""A variant's map as a player or a program reads it: ``judge variants show NAME [--json]``.

``map_sheet`` gathers everything a map fixes: provinces (name, kind, coasts, the other names
orders may use), adjacency for armies and for fleets (per coast), supply centres, each power's
home centres and starting units, who owns what at the start, the off-board boxes of variants
that have them, and the special rules a map is played with (and where their King starts, if any). Everything comes from the checked ``Map``, except what the map keeps no copy of:
the aliases as the map file spells them, taken from the file's parsed data.

The JSON form is complete and stable: keys sorted, every list sorted, so two runs (and two
versions of a map) compare line by line. ``map_text`` lays the same out for reading.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from .calendar import Calendar, TurnCalendar, calendar_from
from .maps import Map
from .rules import rules_for
from .vocabulary import ProvinceKind

_KIND_WORDS = {ProvinceKind.LAND: "inland", ProvinceKind.COAST: "coastal", ProvinceKind.SEA: "sea"}
_Name = TypeVar("_Name", bound=str)
_Value = TypeVar("_Value")


def map_sheet(game_map: Map, data: Mapping[str, Any]) -> dict[str, Any]:
    """The map as one JSON value; ``data`` is the parsed map file (for the aliases)."""
    raw_provinces: Mapping[str, Any] = data.get("provinces", {})
    ownership = game_map.starting_ownership()
    provinces = {
        abbr: {
            "name": info.name,
            "kind": info.kind.value,
            "supply_centre": info.supply_centre,
            "coasts": sorted(info.coasts),
            "aliases": sorted(raw_provinces.get(abbr, {}).get("aliases", ())),
            "port": abbr in game_map.convoying and info.kind is ProvinceKind.COAST,
        }
        for abbr, info in game_map.provinces.items()
    }
    powers = {
        power: {
            "adjective": info.adjective,
            "letter": info.letter,
            "home_centres": sorted(info.home_centres),
            "starting_units": sorted(str(unit) for unit in info.starting_units),
            "dummy": power in game_map.dummies,
        }
        for power, info in game_map.powers.items()
    }
    return {
        "variant": game_map.name,
        "title": game_map.title,
        "first_phase": game_map.calendar.code(game_map.first_phase),
        "calendar": _calendar(game_map.calendar),
        "victory_centres": game_map.victory_centres,
        "rules": game_map.rules,
        "special": special_rules(game_map),
        "king_starts": rules_for(game_map).king_starts,
        "powers": _sorted(powers),
        "provinces": _sorted(provinces),
        "adjacency": {
            "army": _sorted({p: sorted(moves) for p, moves in game_map.army_moves.items()}),
            "fleet": _sorted({loc: sorted(moves) for loc, moves in game_map.fleet_moves.items()}),
        },
        "supply_centres": sorted(game_map.supply_centres),
        "starting_ownership": _sorted(ownership),
        "boxes": {
            key: {
                "name": box.name,
                "power": box.power,
                "centres": sorted(box.centres),
                "units": sorted(str(unit.type) for unit in box.starting_units),
                "army_entries": sorted(box.army_entries),
                "fleet_entries": sorted(box.fleet_entries),
            }
            for key, box in sorted(game_map.boxes.items())
        },
    }


def special_rules(game_map: Map) -> dict[str, Any]:
    """The map's departures from the standard rules that its data switch on (DPjudge's ``RULE
    BUILD_ANY`` and ``REMOTE_BUILDS``, ``PORT``, ``DUMMY`` and ``RULE MOBILIZE``): off on most maps.
    (A ``FLOW``'s calendar is the sheet's ``calendar``.)"""
    return {
        "build_any": game_map.build_any,
        "remote_builds": game_map.remote_builds,
        "mobilize": game_map.mobilize,
        "ports": sorted(p for p in game_map.convoying if p not in game_map.seas),
        "dummies": sorted(game_map.dummies),
    }


def _calendar(calendar: Calendar) -> dict[str, Any] | None:
    """A FLOW's calendar as the map file's ``[calendar]`` gives it; None for the seasons."""
    if not isinstance(calendar, TurnCalendar):
        return None
    return {"era": calendar.era, "first_year": calendar.first_year,
            "years_per_turn": calendar.years_per_turn, "adjustment_years": calendar.adjustment_years}


def _first(sheet: Mapping[str, Any]) -> str:
    """The first phase: its code; on a FLOW's calendar its title too (``1425 Movement (A1425M)``)."""
    if not sheet["calendar"]:
        return str(sheet["first_phase"])
    calendar = calendar_from(sheet["calendar"])
    return f"{calendar.title(calendar.parse(sheet['first_phase']))} ({sheet['first_phase']})"


def special_words(special: Mapping[str, Any]) -> list[str]:
    """Each special rule of a sheet's ``special`` in a few words."""
    said = []
    if special["build_any"]:
        said.append("a power builds in any supply centre it owns (DPjudge's RULE BUILD_ANY)")
    if special["remote_builds"]:
        said.append("a power builds in any supply centre it owns while it holds one of its home "
                    "centres (DPjudge's RULE REMOTE_BUILDS)")
    if special["ports"]:
        said.append(f"a fleet in a port convoys as one at sea: {', '.join(special['ports'])} "
                    "(DPjudge's PORT)")
    if special["mobilize"]:
        said.append("the powers start with no unit and no centre; first each builds one unit in any "
                    "of its home centres, which becomes the only centre it owns (DPjudge's RULE "
                    "MOBILIZE)")
    if special["dummies"]:
        said.append(f"no player takes {', '.join(special['dummies'])}: its units hold, its builds "
                    "are waived (DPjudge's DUMMY)")
    return said


def _sorted(mapping: Mapping[_Name, _Value]) -> dict[_Name, _Value]:
    return {key: mapping[key] for key in sorted(mapping)}


def map_text(sheet: Mapping[str, Any]) -> str:
    """The sheet laid out for a player: powers, boxes, then every province with its neighbours."""
    provinces: Mapping[str, Any] = sheet["provinces"]
    owners: Mapping[str, str] = sheet["starting_ownership"]
    centres = len(sheet["supply_centres"])
    lines = [
        f"{sheet['title']} ({sheet['variant']})",
        f"First phase {_first(sheet)}; {centres} supply centres on the board, "
        f"{sheet['victory_centres']} to win.",
    ]
    if sheet["rules"] != "standard":
        lines.append(f"Special rules: {sheet['rules']}.")
    lines += [f"Special rule: {rule}." for rule in special_words(sheet["special"])]
    if sheet["calendar"]:
        movements, adjustments = calendar_from(sheet["calendar"]).when()
        lines.append(f"Special rule: a movement (and its retreats) {movements}, adjustments "
                     f"{adjustments} (DPjudge's FLOW).")
    if king := sheet["king_starts"]:
        lines.append(f"The King starts in {provinces[king]['name']} ({king}).")
    lines += [
        "",
        "Powers",
    ]
    for power, info in sheet["powers"].items():
        homes = ", ".join(f"{provinces[h]['name']} ({h})" for h in info["home_centres"])
        dummy = ", played by no one" if info["dummy"] else ""
        lines.append(f"  {power} ({info['adjective']}, {info['letter']}{dummy})")
        lines.append(f"    home centres: {homes or 'none'}")
        lines.append(f"    starting units: {', '.join(info['starting_units']) or 'none'}")
    if sheet["boxes"]:
        lines += ["", "Boxes (off the board)"]
        for key, box in sheet["boxes"].items():
            lines.append(
                f"  {box['name']} ({key}), of the {box['power']}:"
                f" centres {', '.join(box['centres'])};"
                f" starting units {', '.join(box['units']) or 'none'}"
            )
            lines.append(
                f"    armies enter at {', '.join(box['army_entries']) or 'nowhere'};"
                f" fleets at {', '.join(box['fleet_entries']) or 'nowhere'}"
            )
    kinds = [info["kind"] for info in provinces.values()]
    counts = ", ".join(f"{kinds.count(kind.value)} {word}" for kind, word in _KIND_WORDS.items())
    lines += ["", f"Provinces ({len(provinces)}: {counts}); * marks a supply centre"]
    army: Mapping[str, list[str]] = sheet["adjacency"]["army"]
    fleet: Mapping[str, list[str]] = sheet["adjacency"]["fleet"]
    for abbr, info in provinces.items():
        centre = ""
        if info["supply_centre"]:
            centre = f" * ({owners[abbr]})" if abbr in owners else " * (neutral)"
        also = f"; also {', '.join(info['aliases'])}" if info["aliases"] else ""
        kind = _KIND_WORDS[ProvinceKind(info["kind"])] + (", a port" if info["port"] else "")
        lines.append(f"  {abbr}  {info['name']}{centre}, {kind}{also}")
        if army.get(abbr):
            lines.append(f"       army to: {' '.join(army[abbr])}")
        if info["coasts"]:
            for coast in info["coasts"]:
                lines.append(f"       fleet ({coast}) to: {' '.join(fleet[f'{abbr}/{coast}'])}")
        elif fleet.get(abbr):
            lines.append(f"       fleet to: {' '.join(fleet[abbr])}")
    return "\n".join(lines)


def variants_text(maps: list[Map]) -> str:
    """One line per variant: its name, title, powers (named), centres, the count that wins and
    its first phase."""
    return "\n".join(
        f"{m.name}{f' ({m.title})' if m.title != m.name else ''}: {len(m.powers)} powers ({', '.join(m.powers)}), "
        f"{len(m.supply_centres)} supply centres ({m.victory_centres} to win), first phase "
        f"{m.calendar.code(m.first_phase)}"
        for m in maps
    )
