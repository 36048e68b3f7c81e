"""Reading a DPjudge map file (``.map``): what the file says, line by line, with every error.

The format is the hobby's: DPjudge's, also read by MILA's ``diplomacy`` package, which ships
fourteen such files. Each line is read by the grammar ``dpjudge_map.lark`` (in this package), then
applied to a ``MapFile``, the map as the file describes it; ``dpjudge_variant`` turns that into the
judge's own variant data. Nothing here does I/O: a ``MAP other.map`` line is read through the
``find`` function the caller gives (the judge's command looks beside the file).

What is read (facts of the format, as DPjudge and MILA read it):

- ``Full Name = abbr alias alias...``: a place's name, abbreviation and aliases (``+`` stands for a
  space; an alias ending in ``?`` is one the format itself calls unclear);
- ``LAND|WATER|COAST|SHUT abbr ABUTS place...``: a place, its terrain and what it touches. In the
  list, a place in capitals is reached by armies and fleets, in lower case by armies only, with only
  its first letter a capital (``Bal``) by fleets only. A province with several coasts has a line
  for itself in lower case (``bul``, where armies stand) and one per coast (``BUL/EC``). A line for
  a place already described replaces it;
- ``NAME (ADJECTIVE:L) home...``: a power, its adjective, its letter and home centres; then its
  starting units (``A bud``, ``F stp/sc``; a unit replaces any unit in its province), ``UNITS``
  (forget the units so far), ``HOME``/``HOMES``/``INHABITS`` (its homes are these instead);
  ``-abbr`` among homes removes one;
- ``UNOWNED`` (or ``NEUTRAL``) ``centre...``: supply centres nobody owns;
- ``MAP other.map``: everything the other file says, then this file's changes; ``USE`` (or
  ``USES``) ``file...``: each file's lines read here, in turn (DPjudge's own maps are split so,
  into ``.politics``, ``.geography`` and ``.military`` files);
- ``UNPLAYED power...`` (or ``ALL``, or ``ALL EXCEPT power...``): those powers are not in the
  game; their home centres stay, unowned;
- ``DUMMY power...`` (or ``ALL``, ``ALL EXCEPT power...``, or alone after a power's line): those
  powers are in the game but no player takes them (DPjudge's dummies; MILA's known_world_901 makes
  its neutral states one such power, with armies in their centres);
- ``PORT abbr ABUTS ...``: a coastal province whose fleet convoys as a fleet at sea does (MILA's
  engine: a fleet in a PORT convoys, and an army lands there as on any coast; ancmed's Baleares);
- ``RULE BUILD_ANY``: a power builds in any supply centre it owns, not only in its home centres;
  ``RULE REMOTE_BUILDS``: the same, but only while it holds one of its home centres (DPjudge's
  ``Game.buildSites``: no build site at all without one);
- ``VICTORY count``: the centres that win; ``BEGIN SPRING 1901 MOVEMENT``: the first phase, or
  ``BEGIN WINTER 1900 ADJUSTMENTS`` (DPjudge's Chaos and 1898: the game opens with builds);
- ``FLOW``: the game year's sequence. The standard one (spring and fall movements and retreats,
  winter adjustments), or a calendar of one season word, as DPjudge's Hundred and Classical
  have: ``FLOW NEWYEAR:5``, ``FLOW A.D.:MOVEMENT,RETREATS``, ``FLOW IFYEARDIV:10``, ``FLOW
  A.D.:ADJUSTMENTS`` with ``BEGIN A.D. 1425 MOVEMENT``: a movement (and its retreats) each
  turn, five years apart, the adjustments in the years divisible by ten; played when the
  adjustments come every second turn (``calendar.py``);
- ``DROP place...``: the places leave the map, with their coasts, names, centres, the units in
  them and every adjacency to them (DPjudge's Milan drops Tuscany and Venice);
- ``AMEND place ABUTS other -gone``: the place keeps its terrain; ``other`` is added to what it
  abuts, ``-gone`` (and its coasts) taken away;
- ``OLD -> New Name = new alias...``: the place ``OLD`` renamed ``new`` wherever the map names
  it (its lines, adjacencies as each line wrote them, centre, homes, units); its old names go;
- ``FLAGS folder...`` and a power's ``FLAG name``: the flags DPjudge's pictures draw; read and
  checked, they change nothing of the game (the judge's schematic pictures draw no flags).

A power's name written with ``+`` (the format's space: ``St+Petersburg``) is hyphenated, so that
it stays one word; in an adjective the ``+`` is a space.

Refused by name, each with its line: the directives the judge does not play yet (``OWNS``,
``CENTERS``; ``NEWYEAR`` and ``IFYEARDIV`` outside a FLOW), any other FLOW, every ``RULE`` but
``BUILD_ANY`` and ``REMOTE_BUILDS``, renaming a
power (``OLD -> NEW`` on a power's line), a ``VICTORY`` with more than one count, a first phase
other than a spring movement or a winter adjustment, ``-gone`` in a line that is no ``AMEND``.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from .calendar import TurnCalendar

GRAMMAR = resources.files(__package__).joinpath("dpjudge_map.lark").read_text(encoding="utf-8")

Finder = Callable[[str], "tuple[str, str] | None"]
"""Finds a file a ``MAP`` line names: its name as errors give it and its text, or None."""

RULES = ("BUILD_ANY", "REMOTE_BUILDS")
"""The ``RULE``s the judge plays: ``BUILD_ANY``, a power builds in any supply centre it owns;
``REMOTE_BUILDS``, the same while it holds one of its home centres."""

STANDARD_FLOW = ["SPRING:MOVEMENT,RETREATS", "FALL:MOVEMENT,RETREATS", "WINTER:ADJUSTMENTS"]
"""DPjudge's default game year (its ``Map.validate``), which a FLOW may also write out."""

SEASONS = {"SPRING": "S", "FALL": "F", "AUTUMN": "F", "WINTER": "W"}
PHASE_KINDS = {"MOVEMENT": "M", "RETREATS": "R", "ADJUSTMENTS": "A"}
FIRST_PHASES = (("SPRING", "MOVEMENT"), ("WINTER", "ADJUSTMENTS"))
"""The phases a game may begin in: a spring movement, or a winter adjustment (Chaos and 1898
begin so: each power builds its first units in its centres)."""


@dataclass(frozen=True, slots=True)
class Where:
    """A line of a map file: where a fact was said, and where an error is reported."""

    file: str
    line: int

    def __str__(self) -> str:
        return f"{self.file} line {self.line}"


@dataclass
class Place:
    """A location as a terrain line describes it: ``written`` as the file writes it (the case
    says whether it is a multi-coast province's own line), its terrain and what it abuts."""

    written: str
    terrain: str
    abuts: list[str]
    where: Where


@dataclass
class PlaceName:
    name: str
    aliases: list[str]
    where: Where


@dataclass
class PowerSpec:
    name: str
    adjective: str
    letter: str | None
    homes: list[str]
    units: list[tuple[str, str, Where]]  # (type, location as written, line)
    where: Where


@dataclass
class MapFile:
    """A map as its file (and the files it inherits from) describes it, upper-case keyed."""

    places: dict[str, Place] = field(default_factory=dict)
    names: dict[str, PlaceName] = field(default_factory=dict)
    powers: dict[str, PowerSpec] = field(default_factory=dict)
    centres: dict[str, Where] = field(default_factory=dict)
    """Every supply centre: each power's homes (a centre still when the power is unplayed or its
    homes change) and the unowned ones."""
    ports: set[str] = field(default_factory=set)
    """The places written ``PORT``: coastal provinces whose fleet convoys as if at sea."""
    rules: set[str] = field(default_factory=set)
    """The rules the file names (``RULE BUILD_ANY``), of those the judge plays (``RULES``)."""
    dummies: list[str] = field(default_factory=list)
    """The powers (keys) no player takes (``DUMMY``)."""
    victory: tuple[int, Where] | None = None
    begin: tuple[list[str], Where] | None = None
    """The words of ``BEGIN`` (upper case), read with the FLOW once the file is read."""
    flow: list[tuple[str, Where]] = field(default_factory=list)
    """The ``FLOW`` items, in order, as written (``A.D.:MOVEMENT,RETREATS``, ``NEWYEAR:5``)."""
    first_phase: tuple[str, Where] | None = None
    """The first phase, written as its calendar writes phases (``S1901M``, ``A1425M``)."""
    calendar: dict[str, Any] | None = None
    """A turn calendar (``calendar.TurnCalendar``'s fields), when the FLOW gives one."""
    files: list[str] = field(default_factory=list)
    problems: list[tuple[int, int, str]] = field(default_factory=list)

    def drop(self, province: str) -> None:
        """The province (upper case) and its coasts gone from the map (``DROP``)."""
        for key in [k for k in self.places if _same_place(k, province)]:
            del self.places[key]
        for key in [k for k in self.names if _same_place(k, province)]:
            del self.names[key]
        self.centres.pop(province, None)
        self.ports.discard(province)
        for spec in self.powers.values():
            spec.homes = [home for home in spec.homes if home != province]
            spec.units = [unit for unit in spec.units if not _same_place(unit[1], province)]
        for place in self.places.values():
            place.abuts = [site for site in place.abuts if not _same_place(site, province)]

    def rename(self, old: str, new: str) -> None:
        """The province ``old`` (upper case) is now ``new``, everywhere it is named: its lines,
        coasts, centre, homes, units and the adjacencies to it; its old names are gone."""
        def renamed(site: str) -> str:
            province, slash, coast = site.partition("/")
            if province.upper() != old:
                return site
            word = new if province.isupper() else new.lower() if province.islower() else new.title()
            return word + slash + coast  # written as the old was: its case says who moves there
        self.places = {renamed(key).upper(): Place(renamed(p.written), p.terrain,
                                                   [renamed(site) for site in p.abuts], p.where)
                       for key, p in self.places.items()}
        self.names = {key: named for key, named in self.names.items() if not _same_place(key, old)}
        if old in self.centres:
            self.centres[new] = self.centres.pop(old)
        if old in self.ports:
            self.ports = (self.ports - {old}) | {new}
        for spec in self.powers.values():
            spec.homes = [new if home == old else home for home in spec.homes]
            spec.units = [(kind, renamed(at), line) for kind, at, line in spec.units]

    def error(self, where: Where, message: str) -> None:
        """An error at a line of one of the files read."""
        order = self.files.index(where.file) if where.file in self.files else len(self.files)
        self.problems.append((order, where.line, f"{where}: {message}"))

    def whole_error(self, message: str) -> None:
        """An error of the map as a whole, said after those of its lines."""
        self.problems.append((len(self.files), 0, f"{self.files[0]}: {message}"))

    @property
    def errors(self) -> list[str]:
        """Every error, in the order of the files read and their lines."""
        return [text for _, _, text in sorted(self.problems, key=lambda p: p[:2])]


@functools.cache
def _parser() -> Lark:
    return Lark(GRAMMAR, parser="lalr", start=["start", "place_line"], propagate_positions=False)


def read_map_file(text: str, source: str, find: Finder) -> MapFile:
    """What a map file says, with every error found (``MapFile.errors``, each with its line)."""
    found = MapFile()
    _read(found, text, source, find)
    settle_phases(found)
    return found


def settle_phases(found: MapFile) -> None:
    """The first phase and the calendar, from ``BEGIN`` and ``FLOW`` together: the standard
    game year (no FLOW, or the standard one written out), or a turn calendar of one season word
    (``calendar.py``: DPjudge's Hundred and Classical). What the judge cannot play is an error
    at its line."""
    items = [item for item, _ in found.flow]
    if found.flow and items != STANDARD_FLOW:
        _turn_calendar(found, items)
        return
    if found.begin is None:
        return
    words, where = found.begin
    if len(words) != 3 or words[0] not in SEASONS or not words[1].isdigit() \
            or words[2] not in PHASE_KINDS:
        found.error(where, f"BEGIN {' '.join(words)}: expected e.g. BEGIN SPRING 1901 MOVEMENT")
        return
    if (words[0], words[2]) not in FIRST_PHASES:
        found.error(where, f"BEGIN {' '.join(words)}: this judge starts a game in a "
                           "spring movement or a winter adjustment phase only")
        return
    found.first_phase = (f"{SEASONS[words[0]]}{int(words[1])}{PHASE_KINDS[words[2]]}", where)


def _turn_calendar(found: MapFile, items: list[str]) -> None:
    """``FLOW NEWYEAR:k``, ``FLOW E:MOVEMENT,RETREATS``, ``FLOW IFYEARDIV:d``, ``FLOW
    E:ADJUSTMENTS`` with ``BEGIN E year MOVEMENT``: a movement each turn, k years apart, the
    adjustments in the years divisible by d (as DPjudge's ``Game.findNextPhase`` steps through
    a FLOW), which the judge plays when they come every second turn."""
    where = found.flow[0][1]
    shape = re.fullmatch(r"NEWYEAR:(-?\d+) ([^:\s]+):MOVEMENT,RETREATS IFYEARDIV:(\d+) "
                         r"([^:\s]+):ADJUSTMENTS", " ".join(items))
    if shape is None or shape[2] != shape[4]:
        found.error(where, f"FLOW {' '.join(items)}: this judge plays the standard game year, "
                           "or NEWYEAR:years, SEASON:MOVEMENT,RETREATS, IFYEARDIV:years, "
                           "SEASON:ADJUSTMENTS (as DPjudge's Hundred and Classical)")
        return
    era, step, every = shape[2], int(shape[1]), int(shape[3])
    begin = found.begin[0] if found.begin else []
    if len(begin) != 3 or begin[0] != era or not begin[1].isdigit() or begin[2] != "MOVEMENT":
        at = found.begin[1] if found.begin else where
        found.error(at, f"BEGIN {' '.join(begin)}: the FLOW's calendar begins with a movement: "
                        f"expected BEGIN {era} year MOVEMENT")
        return
    try:
        calendar = TurnCalendar(era, int(begin[1]), step, every)
    except ValueError as error:
        found.error(where, f"FLOW {' '.join(items)}: {error}")
        return
    found.calendar = {"era": era, "first_year": calendar.first_year,
                      "years_per_turn": step, "adjustment_years": every}
    found.first_phase = (f"{era[0]}{calendar.first_year}M", found.begin[1] if found.begin else where)


def _read(found: MapFile, text: str, source: str, find: Finder) -> None:
    found.files.append(source)
    reading = _Reading(found, find)
    for number, line in enumerate(text.splitlines(), start=1):
        where = Where(source, number)
        try:
            names_a_place = "=" in line.partition("#")[0]  # an equals sign not in a comment
            tree = _parser().parse(line, start="place_line" if names_a_place else "start")
        except UnexpectedInput as error:
            found.error(where, _syntax_error(error, line))
            continue
        reading.apply(tree, where)


def _syntax_error(error: UnexpectedInput, line: str) -> str:
    if isinstance(error, UnexpectedToken):
        return f"cannot read {str(error.token)!r} here: {line.strip()!r}"
    if isinstance(error, UnexpectedCharacters):
        return f"cannot read {line[error.pos_in_stream:].split()[0]!r}: {line.strip()!r}"
    return f"cannot read the line {line.strip()!r}"


def _words(tree: Tree[Any]) -> list[str]:
    return [str(child) for child in tree.children if isinstance(child, Token) and child.type == "WORD"]


class _Reading:
    """One file being read: the map so far, and the power whose block the lines are in."""

    def __init__(self, found: MapFile, find: Finder) -> None:
        self.found, self.find = found, find
        self.current: PowerSpec | None = None
        self.root_seen = False

    def apply(self, tree: Tree[Any], where: Where) -> None:
        if tree.data == "place_line":
            self.place_name(tree, where)
            return
        if not tree.children or tree.children[0] is None:
            return  # a blank line or a comment
        directive: Tree[Any] = tree.children[0]
        getattr(self, directive.data)(directive, where)  # each rule of the grammar, a method here

    # --- the places ------------------------------------------------------------------------

    def place_name(self, tree: Tree[Any], where: Where) -> None:
        names = [child for child in tree.children if isinstance(child, Tree)]
        name = " ".join(str(word) for word in names[-1].children)
        words = _words(tree)
        if not words:
            self.found.error(where, f"{name!r} has no abbreviation after '='")
            return
        abbreviation, aliases = words[0].upper(), words[1:]
        if len(names) > 1:  # OLD -> New Name = new ...: the place OLD is now the place new
            old = " ".join(str(word) for word in names[0].children).upper()
            if old not in self.found.places:
                self.found.error(where, f"{old} -> {name}: there is no place {old} to rename")
                return
            self.found.rename(old, abbreviation)
        earlier = self.found.names.get(abbreviation)
        if earlier is not None and earlier.where.file == where.file:
            self.found.error(where, f"{abbreviation} is named twice (also {earlier.where})")
        self.found.names[abbreviation] = PlaceName(name, aliases, where)

    def terrain(self, tree: Tree[Any], where: Where) -> None:
        terrain = str(tree.children[0]).upper()
        words = _words(tree)
        if not words:
            self.found.error(where, f"{terrain} names no place")
            return
        written, abuts = words[0], words[1:]
        removed = [site for site in abuts if site.startswith("-")]
        if terrain == "AMEND":  # the place's terrain kept; these added to, -these taken from, its list
            self.amend(written, abuts, where)
            return
        if removed:
            self.found.error(where, f"removing an adjacency ({removed[0]}) is for an AMEND line: "
                                    "a terrain line gives the place's whole list")
        if terrain == "PORT":  # a coast whose fleet convoys as if at sea (MILA's ancmed)
            self.found.ports.add(written.upper())
            terrain = "COAST"
        else:
            self.found.ports.discard(written.upper())
        self.found.places[written.upper()] = Place(written, terrain, abuts, where)

    def amend(self, written: str, abuts: list[str], where: Where) -> None:
        """``AMEND place ABUTS other -gone``: the place keeps its terrain; each place listed is
        added to what it abuts, each written ``-gone`` taken from it (with its coasts)."""
        place = self.found.places.get(written.upper())
        if place is None:
            self.found.error(where, f"AMEND {written}: there is no place {written.upper()} to amend")
            return
        kept = list(place.abuts)
        for site in abuts:
            if site.startswith("-"):
                kept = [old for old in kept if not _same_place(old, site[1:])]
            elif site not in kept:
                kept.append(site)
        self.found.places[written.upper()] = Place(written, place.terrain, kept, where)

    # --- the powers ------------------------------------------------------------------------

    def power(self, tree: Tree[Any], where: Where) -> None:
        name_token = tree.children[0]
        own_word = tree.children[1]
        homes = [str(word) for word in tree.children[2:] if word is not None]
        key = _power_key(str(name_token))
        spec = self.found.powers.get(key)
        if spec is None:
            name = _title(str(name_token).replace("+", "-"))
            spec = PowerSpec(name, name, None, [], [], where)
            self.found.powers[key] = spec
        if own_word is not None:
            adjective, _, letter = str(own_word)[1:-1].partition(":")
            spec.adjective = _title(adjective.replace("+", " ")) if adjective else spec.name
            if letter:
                spec.letter = letter[:1].upper()
        self.current = spec
        self.add_homes(spec, homes, where, replace=False)

    def add_homes(self, spec: PowerSpec, homes: list[str], where: Where, replace: bool) -> None:
        if replace:
            spec.homes = []
        for word in homes:
            home = word.lstrip("-").upper()
            if home in spec.homes:
                spec.homes.remove(home)
            self.found.centres.setdefault(home, where)  # a centre, whoever holds it
            if not word.startswith("-"):
                spec.homes.append(home)

    def homes(self, tree: Tree[Any], where: Where) -> None:
        if self.current is None:
            self.found.error(where, f"{tree.children[0]} before any power")
            return
        self.add_homes(self.current, _words(tree), where, replace=True)

    def unit(self, tree: Tree[Any], where: Where) -> None:
        unit_type = str(tree.children[0]).upper()
        words = _words(tree)
        if self.current is None:
            self.found.error(where, "a unit before any power")
            return
        if len(words) != 1:
            self.found.error(where, f"expected '{unit_type} place', not {' '.join([unit_type, *words])!r}")
            return
        province = words[0].upper().split("/")[0]
        for spec in self.found.powers.values():
            spec.units = [u for u in spec.units if u[1].upper().split("/")[0] != province]
        self.current.units.append((unit_type, words[0], where))

    def clear_units(self, tree: Tree[Any], where: Where) -> None:
        if self.current is None:
            self.found.error(where, "UNITS before any power")
            return
        self.current.units = []

    def unowned(self, tree: Tree[Any], where: Where) -> None:
        self.current = None
        for word in _words(tree):
            self.found.centres.setdefault(word.upper(), where)

    def unplayed(self, tree: Tree[Any], where: Where) -> None:
        for key in self.powers_named("UNPLAYED", tree, where):
            self.found.powers.pop(key, None)
            if key in self.found.dummies:
                self.found.dummies.remove(key)
        self.current = None

    def dummy(self, tree: Tree[Any], where: Where) -> None:
        """``DUMMY``: powers in the game that no player takes (their units hold, their builds
        are waived, their removals made by the civil disorder rule)."""
        for key in self.powers_named("DUMMY", tree, where):
            if key not in self.found.dummies:
                self.found.dummies.append(key)

    def powers_named(self, directive: str, tree: Tree[Any], where: Where) -> list[str]:
        """The powers an ``UNPLAYED`` or ``DUMMY`` line names: those listed; ``ALL``; ``ALL
        EXCEPT`` those listed; none listed, the power whose block the line is in."""
        every, but = tree.children[0] is not None, tree.children[1] is not None
        named = [_power_key(word) for word in _words(tree)]
        for key in named:
            if key not in self.found.powers:
                self.found.error(where, f"{directive}: there is no power {key}")
        if every and but and not named:
            self.found.error(where, f"{directive} ALL EXCEPT names no power")
        elif every and not but and named:
            self.found.error(where, f"expected EXCEPT after {directive} ALL")
            named = []
        elif every:
            named = [key for key in self.found.powers if key not in named]
        elif not named:
            if self.current is None:
                self.found.error(where, f"{directive} names no power, and follows none")
            else:
                named = [_power_key(self.current.name)]
        return [key for key in named if key in self.found.powers]

    # --- the game --------------------------------------------------------------------------

    def begin(self, tree: Tree[Any], where: Where) -> None:
        """``BEGIN SPRING 1901 MOVEMENT``: read with the ``FLOW`` once the whole file is
        (``settle_phases``), as a calendar's season words are the FLOW's."""
        self.found.begin = ([word.upper() for word in _words(tree)], where)

    def flow(self, tree: Tree[Any], where: Where) -> None:
        """``FLOW A.D.:MOVEMENT,RETREATS``, ``FLOW NEWYEAR:5``: the items of the game year's
        sequence, in order (the grammar drops the commas: a word without a colon is one more
        phase of the item before it)."""
        for word in (word.upper() for word in _words(tree)):
            if ":" in word or word == "NEWYEAR" or not self.found.flow:
                self.found.flow.append((word, where))
            else:
                item, at = self.found.flow[-1]
                self.found.flow[-1] = (f"{item},{word}", at)

    def victory(self, tree: Tree[Any], where: Where) -> None:
        words = _words(tree)
        if not words or not all(word.isdigit() for word in words):
            self.found.error(where, f"VICTORY {' '.join(words)}: expected a number of centres")
        elif len(words) > 1:
            self.found.error(where, f"VICTORY {' '.join(words)}: a count that changes year by "
                                    "year is not supported by this judge; give one number")
        else:
            self.found.victory = (int(words[0]), where)

    def root_map(self, tree: Tree[Any], where: Where) -> None:
        words = _words(tree)
        if len(words) != 1:
            self.found.error(where, "MAP names one file: MAP standard.map")
            return
        if self.root_seen:
            self.found.error(where, "a second MAP line: a file inherits from one map")
            return
        self.root_seen = True
        self.read_other("MAP", words[0], where)

    def uses(self, tree: Tree[Any], where: Where) -> None:
        words = _words(tree)
        if not words:
            self.found.error(where, "USE names no file")
        for word in words:
            self.read_other("USE", word, where)

    def read_other(self, directive: str, word: str, where: Where) -> None:
        """The lines of another file, read as if here (``MAP``, ``USE``)."""
        wanted = word if "." in word else f"{word}.map"
        if wanted in self.found.files:
            self.found.error(where, f"{directive} {wanted}: that file is read already")
            return
        other = self.find(wanted)
        if other is None:
            self.found.error(where, f"{directive} {wanted}: no such file beside this one")
            return
        _read(self.found, other[1], other[0], self.find)
        self.current = None

    # --- refused ---------------------------------------------------------------------------

    def rule(self, tree: Tree[Any], where: Where) -> None:
        rules = _words(tree) or ["(none named)"]
        for name in rules:
            if name.upper() in RULES:
                self.found.rules.add(name.upper())
            else:
                self.found.error(where, f"RULE {name.upper()} is a rule this judge does not play yet")

    def drop(self, tree: Tree[Any], where: Where) -> None:
        """``DROP place...``: the places leave the map, with their coasts, names, centres, the
        units in them and every adjacency to them."""
        for word in _words(tree):
            if word.upper() not in self.found.places:
                self.found.error(where, f"DROP {word}: there is no place {word.upper()}")
                continue
            self.found.drop(word.upper())

    def flag(self, tree: Tree[Any], where: Where) -> None:
        """``FLAGS folder...``: where DPjudge's pictures find the powers' flags; ``FLAG name``,
        after a power's line: that power's flag. Pictures only: the judge's schematic draws no
        flags, so both are read, checked and kept nowhere; no rule of play is in them."""
        word = str(tree.children[0]).upper()
        if word == "FLAGS":
            return
        if self.current is None:
            self.found.error(where, "FLAG before any power")
        elif len(_words(tree)) != 1:
            self.found.error(where, "FLAG names one flag: FLAG TURKEY")

    def refused(self, tree: Tree[Any], where: Where) -> None:
        word = str(tree.children[0]).upper()
        self.found.error(where, f"{word} is a directive this judge does not read yet")

    def rename(self, tree: Tree[Any], where: Where) -> None:
        self.found.error(where, "renaming a power (old -> new) is not supported by this judge")


def _same_place(site: str, province: str) -> bool:
    """Whether a place as written (``ven``, ``Bul/ec``) is the province (upper case) or a coast
    of it."""
    return site.upper().split("/")[0] == province.upper()


def _power_key(word: str) -> str:
    return "".join(ch for ch in word.upper() if ch.isalnum())


def _title(word: str) -> str:
    """A power's name or adjective as the judge writes it: ``AUSTRIA`` -> ``Austria``; a word in
    mixed case stays as the file writes it. The format writes a space as ``+``: the caller makes
    it a hyphen in a power's name, one word in orders and lists (Chaos's ``St+Petersburg`` is
    ``St-Petersburg``), and a space in an adjective (``St Petersburger``)."""
    return word.title() if word.isupper() or word.islower() else word
