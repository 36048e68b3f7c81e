"""A DPjudge map file made into the judge's own variant data, checked, every error with its line.

``read_dpjudge_variant`` reads the file (``dpjudge_map``), turns what it says into the data a
variant's TOML file holds (``judge/games/variants/standard.toml`` documents it), then checks that
data as every map is checked (``maps.build_map``). It collects the errors rather than stopping at
the first: a bad file gets them all, each with the file and line it comes from.

How the file's words become the judge's (facts of the format; see ``dpjudge_map``):

- a place's abbreviation, in lower case, is the province's (``BUL/EC`` is ``bul/ec``); LAND is
  ``land``, WATER ``sea``, COAST ``coast``, PORT a ``coast`` with ``port = true``; SHUT places
  (Switzerland) are impassable, and so, as in the judge's standard map, no province;
- an army moves from a province's own line to each place listed that is not a sea and not written
  as fleet-only (``Bal``); a fleet moves from a sea, a coast without coasts or one coast of a
  province, to each place listed that is not written in lower case and where a fleet can stand.
  The judge plays adjacencies both ways only: one listed at one end alone is an error;
- the powers keep the file's order; a power's letter (what SIGNON writes before the game's name)
  is the one the file gives (``(DUTCH:H)``), else its name's first letter, and two powers may not
  share one;
- ``RULE BUILD_ANY`` is ``build_any = true``, ``RULE REMOTE_BUILDS`` ``remote_builds = true``; a
  ``DUMMY`` power is marked ``dummy = true``;
- a ``FLOW`` of one season word is the ``calendar`` table (``calendar.TurnCalendar``), and the
  first phase is written as it writes phases (Hundred's ``A1425M``);
- without ``VICTORY``, a power needs more than half of the centres; without ``BEGIN``, the first
  phase is Spring 1901.

Not kept: aliases of a single coast (``bul(ec)``: the judge reads a province's name with any coast
written after it) and aliases the file marks unclear (ending in ``?``).
"""

from __future__ import annotations

from typing import Any

from .dpjudge_map import Finder, MapFile, Place, Where, read_map_file
from .maps import MapError, build_map, coast_named, name_key

KINDS = {"LAND": "land", "WATER": "sea", "COAST": "coast"}


class MapFileError(MapError):
    """A map file the judge cannot play: ``errors`` lists every problem, each with its line."""

    def __init__(self, errors: list[str]) -> None:
        super().__init__("\n".join(errors))
        self.errors = errors


def read_dpjudge_variant(text: str, source: str, name: str, find: Finder) -> dict[str, Any]:
    """The variant data (as a variant's TOML file holds it) of a DPjudge map file, checked by
    ``build_map``; raises MapFileError with every error found."""
    found = read_map_file(text, source, find)
    data = _Converting(found, name).data()
    if not found.problems:
        try:
            build_map(data)
        except MapError as error:
            found.whole_error(str(error))
    if found.problems:
        raise MapFileError(found.errors)
    return data


def _fleet_only(entry: str) -> bool:
    """``Bal``: only its first letter a capital, reached by fleets only."""
    return entry[:1].isupper() and any(ch.islower() for ch in entry)


def _army_only(entry: str) -> bool:
    return entry[:1].islower()


class _Converting:
    def __init__(self, found: MapFile, name: str) -> None:
        self.found, self.name = found, name
        self.provinces: dict[str, Place] = {}
        self.coasts: dict[str, dict[str, Place]] = {}
        self.fleet_at: dict[str, Place] = {}  # where a fleet can stand (upper case) -> its line
        self.places: dict[str, Place] = {}  # every place, SHUT ones too, its coast canonical
        self.unknown: set[tuple[Where, str]] = set()  # unknown places reported, once each

    def error(self, where: Where, message: str) -> None:
        self.found.error(where, message)

    def data(self) -> dict[str, Any]:
        self.sort_places()
        provinces = self.province_entries()
        powers = self.power_entries()
        centres = [p for p in provinces if provinces[p].get("centre")]
        if len(powers) < 2:
            self.found.whole_error(f"a map needs two powers at least; this one has {len(powers)}")
        victory = self.found.victory[0] if self.found.victory else len(centres) // 2 + 1
        first = self.found.first_phase[0] if self.found.first_phase else "S1901M"
        data: dict[str, Any] = {
            "name": self.name,
            "title": self.name,
            "first_phase": first,
            "victory_centres": victory,
        }
        if "BUILD_ANY" in self.found.rules:
            data["build_any"] = True
        if "REMOTE_BUILDS" in self.found.rules:
            data["remote_builds"] = True
        if self.found.calendar:
            data["calendar"] = self.found.calendar
        return {**data, "powers": powers, "provinces": provinces}

    # --- places ----------------------------------------------------------------------------

    def sort_places(self) -> None:
        """Provinces, their coasts, and where fleets can stand; SHUT places left out."""
        for key, place in self.found.places.items():
            if "/" not in key:
                self.places[key] = place
                if place.terrain != "SHUT":
                    self.provinces[key] = place
                continue
            province, _, word = key.partition("/")
            coast = coast_named(word)
            if coast is None:
                self.error(place.where, f"{place.written}: the judge names a coast nc, sc, ec or wc")
                continue
            self.places[f"{province}/{coast.upper()}"] = place
            if place.terrain != "SHUT":
                self.coasts.setdefault(province, {})[coast] = place
        for province, coasts in self.coasts.items():
            first = next(iter(coasts.values()))
            own = self.provinces.get(province)
            if own is None:
                self.error(first.where, f"{first.written} is a coast of {province}, which has no "
                                        "line of its own")
                continue
            if own.terrain != "COAST":
                self.error(first.where, f"{first.written}: a {own.terrain} province has no coasts")
                continue
            if not own.written.islower():
                self.error(own.where, f"{own.written} has coasts: its own line is written in lower "
                                      f"case ({own.written.lower()}), where armies stand")
            for coast, place in coasts.items():
                self.fleet_at[f"{province}/{coast.upper()}"] = place
        for key, place in self.provinces.items():
            if place.terrain == "WATER" or (place.terrain == "COAST" and key not in self.coasts):
                self.fleet_at[key] = place

    def target(self, entry: str, where: Where) -> str | None:
        """The upper-case location an adjacency names (its coast canonical), None if it is
        impassable; an unknown one is an error."""
        province, slash, word = entry.upper().partition("/")
        coast = coast_named(word) if slash else None
        key = f"{province}/{coast.upper()}" if coast else entry.upper()
        place = self.places.get(key)
        if place is None:
            if (where, entry) not in self.unknown:
                self.unknown.add((where, entry))
                self.error(where, f"{entry} is no place of the map")
            return None
        return None if place.terrain == "SHUT" else key

    def province_entries(self) -> dict[str, dict[str, Any]]:
        army: dict[str, set[str]] = {}
        fleet: dict[str, set[str]] = {}
        for key, place in self.provinces.items():
            if place.terrain == "WATER":
                continue
            for entry in place.abuts:
                target = self.target(entry, place.where)
                if target is None or _fleet_only(entry):
                    continue
                province = self.provinces.get(target.split("/")[0])
                if province is not None and province.terrain != "WATER":
                    army.setdefault(key, set()).add(target.split("/")[0])
        for key, place in self.fleet_at.items():
            for entry in place.abuts:
                target = self.target(entry, place.where)
                if target is None or _army_only(entry) or target not in self.fleet_at:
                    continue
                fleet.setdefault(key, set()).add(target)
        self.check_both_ways(army, "armies", lambda key: self.provinces[key])
        self.check_both_ways(fleet, "fleets", lambda key: self.fleet_at[key])
        entries: dict[str, dict[str, Any]] = {}
        for key in sorted(self.provinces, key=str.lower):
            entries[key.lower()] = self.province_entry(key, army.get(key, set()), fleet)
        self.check_centres(entries)
        return entries

    def check_both_ways(self, moves: dict[str, set[str]], who: str, line: Any) -> None:
        for here, theres in moves.items():
            for there in sorted(theres):
                if here not in moves.get(there, ()):
                    self.error(line(here).where, f"{here} abuts {there} for {who}, but {there} "
                                                 f"({line(there).where}) does not abut {here}")

    def province_entry(self, key: str, army: set[str], fleet: dict[str, set[str]]) -> dict[str, Any]:
        place = self.provinces[key]
        named = self.found.names.get(key)
        if named is None:
            self.error(place.where, f"{key} has no name: add a line 'Its Name = {key.lower()}'")
        entry: dict[str, Any] = {
            "name": named.name if named else key.lower(),
            "kind": KINDS[place.terrain],
        }
        if key in self.found.centres:
            entry["centre"] = True
        if key in self.found.ports:
            entry["port"] = True
        aliases = self.aliases(key, named)
        if aliases:
            entry["aliases"] = aliases
        if army:
            entry["army"] = sorted(p.lower() for p in army)
        if key in self.coasts:
            entry["coasts"] = {
                coast: sorted(t.lower() for t in fleet.get(f"{key}/{coast.upper()}", ()))
                for coast in sorted(self.coasts[key])
            }
        elif key in fleet:
            entry["fleet"] = sorted(t.lower() for t in fleet[key])
        return entry

    def aliases(self, key: str, named: Any) -> list[str]:
        if named is None:
            return []
        own = {name_key(key), name_key(named.name)}
        kept: list[str] = []
        for alias in named.aliases:
            if alias.endswith("?") or "/" in alias or "(" in alias:
                continue
            text = alias.replace("+", " ")
            if name_key(text) and name_key(text) not in own:
                own.add(name_key(text))
                kept.append(text)
        return kept

    def check_centres(self, entries: dict[str, dict[str, Any]]) -> None:
        for centre, where in self.found.centres.items():
            if centre.lower() not in entries:
                self.error(where, f"centre {centre} is no province of the map")
        seen: dict[str, str] = {}
        for key, entry in entries.items():
            for text in (key, entry["name"], *entry.get("aliases", ())):
                other = seen.setdefault(name_key(text), key)
                if other != key:
                    named = self.found.names.get(key.upper())
                    where = named.where if named else self.provinces[key.upper()].where
                    self.error(where, f"the name {text!r} of {key} is also {other}'s")
        for key, named in self.found.names.items():
            if key in self.found.powers:
                self.error(named.where, f"{named.name} = {key.lower()}: names for a power are not "
                                        "read by this judge yet")
            elif key not in self.found.places:
                self.error(named.where, f"{key} is named but has no terrain line")

    # --- powers ----------------------------------------------------------------------------

    def power_entries(self) -> dict[str, dict[str, Any]]:
        powers: dict[str, dict[str, Any]] = {}
        letters: dict[str, str] = {}
        for key, spec in self.found.powers.items():
            letter = spec.letter or spec.name[:1].upper()
            if letter in letters:
                self.error(spec.where, f"{spec.name} would sign on with the letter {letter}, as "
                                       f"{letters[letter]} does: give it one, ({spec.adjective.upper()}:X)")
            letters.setdefault(letter, spec.name)
            for home in spec.homes:
                if home not in self.provinces:
                    self.error(spec.where, f"home centre {home} of {spec.name} is no province of the map")
            units = [self.unit(spec.name, *unit) for unit in spec.units]
            powers[spec.name] = {
                "adjective": spec.adjective,
                "letter": letter,
                "home_centres": [home.lower() for home in spec.homes],
                "units": [unit for unit in units if unit is not None],
            }
            if key in self.found.dummies:
                powers[spec.name]["dummy"] = True
        return powers

    def unit(self, power: str, unit_type: str, written: str, where: Where) -> str | None:
        location = self.target(written, where)
        if location is None:
            return None
        can_stand = (location in self.fleet_at if unit_type == "F"
                     else "/" not in location and self.provinces[location].terrain != "WATER")
        if not can_stand:
            kind = "fleet" if unit_type == "F" else "army"
            self.error(where, f"{power}'s {kind} cannot stand in {written}")
            return None
        return f"{unit_type} {location.lower()}"
