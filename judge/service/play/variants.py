"""The variants an operator added to a judge (``judge variants add FILE.map``), kept in the judge's
variants folder (``[variants] dir`` of judge.toml; ``variants`` beside it by default).

Adding reads a DPjudge map file (``judge.games.diplomacy.dpjudge_variant``: a ``MAP`` line's file
is looked for beside it), checks it, and writes the judge's own form into the folder: ``NAME.toml``
(laid out as the shipped ``standard.toml``) and ``NAME.json``, the same data, which is what the
judge reads; and ``NAME.layout.toml``, where its provinces stand in its schematic picture
(``judge.pictures.diplomacy.layout``), which the operator may edit. A file with errors writes
nothing: no game can start on it.

The service reads the folder; the engine gets the data: ``offered(config)`` hands the folder's
variants to the registry (``registry.offering``) for the work done for one judge, a mail or a
tick, so that CREATE takes their names and the games on them run, and their pictures are drawn
from their layouts.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from judge.games import registry
from judge.games.diplomacy.maps import Map, build_map
from judge.games.registry import Entry, added_variant
from judge.games.variants import variant_names
from judge.pictures.diplomacy.layout import layouts_in

from ..config import Config

log = logging.getLogger("judge.variants")
_VARIANT_NAME = re.compile(r"[a-z][a-z0-9_]{0,31}")


class VariantError(ValueError):
    """A variant that cannot be added; ``errors`` says every reason, each on its line."""

    def __init__(self, errors: list[str]) -> None:
        super().__init__("\n".join(errors))
        self.errors = errors


@dataclass(frozen=True)
class Added:
    name: str
    toml: Path
    powers: list[str]
    centres: int


def add_variant(config: Config, path: Path, name: str | None = None) -> Added:
    """Read, check and keep the DPjudge map file at ``path`` as the variant ``name`` (default:
    the file's name, in lower case, without ``.map``). Raises VariantError; writes nothing then."""
    name = (name or path.name.removesuffix(".map")).lower()
    refused = _name_refused(name)
    if refused:
        raise VariantError([refused])
    folder = config.variants
    if (folder / f"{name}.json").exists():
        raise VariantError([f"this judge has a variant {name} already (in {folder}); games may be "
                            "played on it, so it is not replaced: give another with --name"])
    data = _read_map_file(path, name)
    layout = None if data.get("shapes") else _layout_text(build_map(data))
    added = _keep(folder, data, f"The variant {name}, added from {path.name} (a DPjudge map file) "
                                "by judge variants add.\nFormat: as standard.toml, shipped with "
                                "the judge (judge/games/variants/).")
    if layout is not None:
        (folder / f"{name}.layout.toml").write_text(layout, encoding="utf-8")
    return added


SHELF_HEADER = """The variant {name}.
Source: {source}, file {file}.
The file is in DPjudge's map format (the hobby's); it was converted by the judge's reader of that
format, `judge variants convert` (judge/service/play/variants.py and
judge/games/diplomacy/dpjudge_variant.py), and may be remade so. The data are the facts of that
file: its provinces with their abbreviations (in lower case), names and adjacencies, its supply
centres, powers, home centres, starting units, first phase, victory count and special rules.
Format: as standard.toml (judge/games/variants/)."""


def convert_shelf(maps: Path, into: Path, source: str, skip: tuple[str, ...] = ()) -> list[Added]:
    """Convert every DPjudge map file in the folder ``maps`` (``*.map``, a ``MAP`` line's file
    looked for beside it) into the judge's own variant files in ``into`` (``NAME.toml`` and its
    ``NAME.json``): the variants the judge ships, remade (MILA's maps: ``source`` names the
    package and its version). Files named in ``skip`` are left alone (the judge's own standard
    map). Raises VariantError, with every file's errors, and writes nothing then."""
    read: dict[str, tuple[Path, dict[str, Any]]] = {}
    errors: list[str] = []
    for path in sorted(maps.glob("*.map")):
        name = path.name.removesuffix(".map").lower()
        if name in skip:
            continue
        try:
            read[name] = (path, _read_map_file(path, name))
        except VariantError as error:
            errors += error.errors
    if errors:
        raise VariantError(errors)
    return [
        _keep(into, data, SHELF_HEADER.format(name=name, source=source, file=path.name))
        for name, (path, data) in read.items()
    ]


def _read_map_file(path: Path, name: str) -> dict[str, Any]:
    """The variant data of a DPjudge map file (``MAP`` and ``USE`` files looked for beside it);
    raises VariantError with every error."""
    from judge.games.diplomacy.dpjudge_variant import MapFileError, read_dpjudge_variant

    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise VariantError([f"cannot read {path}: {error}"]) from None

    def beside(file_name: str) -> tuple[str, str] | None:
        other = path.parent / file_name
        try:
            return file_name, other.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            return None

    try:
        data = read_dpjudge_variant(text, path.name, name, beside)
    except MapFileError as error:
        raise VariantError(error.errors) from None
    lender = _board_lender(build_map(data))
    return data if lender is None else {**data, "shapes": lender}


def _board_lender(game_map: Map) -> str | None:
    """The shipped variant with drawn shapes whose board a map's is, province for province and
    move for move (a DPjudge file that ``MAP``s the standard map unchanged, as 1898's and
    Chaos's do): the map is drawn on its shapes (``shapes = "standard"``). None for a board of
    its own."""
    from judge.games.variants import load_variant
    from judge.pictures.diplomacy import board_differences, has_shapes

    for name in variant_names():
        if name != game_map.name and has_shapes(name) and not board_differences(game_map, load_variant(name)):
            return name
    return None


def _keep(folder: Path, data: dict[str, Any], header: str) -> Added:
    """Write a variant's files into the folder: its TOML, opened by ``header``, and its JSON."""
    from judge.games.diplomacy.map_toml import map_toml
    from judge.games.variants import prebuilt_form

    name = data["name"]
    toml_text = map_toml(data, header)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.toml").write_text(toml_text, encoding="utf-8")
    (folder / f"{name}.json").write_text(prebuilt_form(toml_text), encoding="utf-8")
    centres = sum(1 for spec in data["provinces"].values() if spec.get("centre"))
    return Added(name, folder / f"{name}.toml", list(data["powers"]), centres)


def _layout_text(game_map: Map, pins: dict[str, tuple[float, float]] | None = None) -> str:
    """A variant's layout file: where its provinces stand in its schematic picture, computed
    (around the ``pins``, provinces kept where they are)."""
    from judge.pictures.diplomacy.layout import computed_layout, layout_text

    return layout_text(game_map, computed_layout(game_map, pins))


def lay_out(folder: Path | None, name: str, anew: bool = False) -> tuple[Path, str]:
    """``judge variants layout NAME``: the layout file of a variant (a shipped one's beside its
    map in the judge's package, an added one's in the judge's ``folder``), and what was done:
    computed and written where there was none (or ``anew``, keeping the file's ``[pins]``), else
    checked against the map. Raises VariantError for an unknown variant, a spoilt layout (or
    spoilt pins), or a variant drawn from shapes (its own or another's)."""
    from importlib import resources

    from judge.games.variants import load_variant
    from judge.pictures.diplomacy import has_shapes
    from judge.pictures.diplomacy.layout import read_layout, read_pins
    from judge.pictures.shapes import ShapesError

    if name in variant_names():
        if has_shapes(name):
            raise VariantError([f"{name} is drawn from its shapes ({name}.shapes.toml): it needs no layout"])
        game_map = load_variant(name)
        path = Path(str(resources.files("judge.games.variants").joinpath(f"{name}.layout.toml")))
    else:
        added = added_variants(folder) if folder is not None else {}
        if name not in added or folder is None:
            known = [*variant_names(), *added]
            raise VariantError([f"unknown variant {name!r}: there are {', '.join(known)}"])
        game_map = build_map(added[name])
        path = folder / f"{name}.layout.toml"
    if game_map.shapes:
        raise VariantError([f"{name} is drawn on {game_map.shapes}'s shapes (shapes = "
                            f"{game_map.shapes!r} in {name}.toml): it needs no layout"])
    if path.is_file() and not anew:
        try:
            read_layout(path.read_text(encoding="utf-8"), game_map, path.name)
        except (ShapesError, UnicodeDecodeError) as error:
            raise VariantError([str(error), "mend it, or compute it anew with --new (your changes are lost)"]) \
                from None
        return path, "checked: it places every province and coast, and colours every power"
    pins: dict[str, tuple[float, float]] = {}
    if path.is_file():
        try:
            pins = read_pins(path.read_text(encoding="utf-8"), game_map, path.name)
        except (ShapesError, UnicodeDecodeError) as error:
            raise VariantError([str(error), "mend its [pins], or delete the file to compute one "
                                "without them"]) from None
    path.write_text(_layout_text(game_map, pins), encoding="utf-8")
    return path, (f"computed and written around its {len(pins)} pinned provinces" if pins
                  else "computed and written")


def _name_refused(name: str) -> str | None:
    if _VARIANT_NAME.fullmatch(name) is None:
        return (f"{name!r} cannot be a variant's name: a letter, then letters, digits or _, at "
                "most 32 (give another with --name)")
    shipped = {entry.name for entry in registry.KINDS} | {n for e in registry.KINDS for n in e.names}
    if name in shipped or f"diplomacy/{name}" in shipped or name in variant_names():
        return f"{name!r} is a variant or game kind the judge ships: give another with --name"
    return None


def added_variants(folder: Path) -> dict[str, dict[str, Any]]:
    """The data of each variant in the folder (``NAME.json``), by name, sorted. A file that
    cannot be read, or whose name cannot be a variant's, is logged and left out: the judge and
    its other variants run on."""
    found: dict[str, dict[str, Any]] = {}
    if not folder.is_dir():
        return found
    for path in sorted(folder.glob("*.json")):
        name = path.name.removesuffix(".json")
        refused = _name_refused(name)
        if refused is not None:
            log.warning("variants folder: %s left out: %s", path, refused)
            continue
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            log.warning("variants folder: %s left out: it cannot be read (%s)", path, error)
            continue
        found[name] = data if isinstance(data, dict) else {}
    return found


def added_map_finder(folder: Path) -> Callable[[str], Map]:
    """The map of a variant by name for ``judge adjudicate``: a shipped one, else one this judge
    added (``NAME.json`` in its variants folder), each read once, when first asked for. Raises
    MapError for a name that is neither."""
    from functools import cache

    from judge.games.diplomacy.maps import MapError, build_map
    from judge.games.variants import load_variant

    @cache
    def added(name: str) -> Map:
        path = folder / f"{name}.json"
        if _VARIANT_NAME.fullmatch(name) is None or not path.is_file():
            raise MapError(f"unknown variant {name!r}: there are "
                           f"{', '.join([*variant_names(), *sorted(p.stem for p in folder.glob('*.json'))])}")
        try:
            return build_map(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError, KeyError, TypeError) as error:
            raise MapError(f"the variant {name} ({path}) cannot be read: {error}") from None

    shipped = set(variant_names())

    def find(name: str) -> Map:
        return load_variant(name) if name in shipped else added(name)

    return find


_KEPT: dict[Path, tuple[tuple[tuple[str, int], ...], tuple[Entry, ...]]] = {}
"""The entries of each folder, with the names and change times of its files when they were read:
read again only when the folder has changed (a mail or a tick costs a listing)."""


def _entries(folder: Path) -> tuple[Entry, ...]:
    stamp = tuple(sorted((p.name, p.stat().st_mtime_ns) for p in folder.glob("*.json"))) \
        if folder.is_dir() else ()
    kept = _KEPT.get(folder)
    if kept is not None and kept[0] == stamp:
        return kept[1]
    made = tuple(added_variant(name, data) for name, data in added_variants(folder).items())
    _KEPT[folder] = (stamp, made)
    return made


@contextmanager
def offered(config: Config) -> Iterator[None]:
    """Within this, the game kinds are the shipped ones and the variants of this judge's folder,
    drawn from the layouts there."""
    with offered_from(config.variants):
        yield


@contextmanager
def offered_from(folder: Path) -> Iterator[None]:
    """``offered`` for a variants folder itself: what a process of ``judge selfplay --jobs``
    is handed (a path, not the judge's settings)."""
    with registry.offering(_entries(folder)), layouts_in(folder):
        yield
