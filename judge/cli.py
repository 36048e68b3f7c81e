"""The ``judge`` command: reads its arguments and calls the judge. No game or mail logic here."""

from __future__ import annotations

import gc
import io
import json
import os
import sys
import time
from collections.abc import Iterable, Iterator
from datetime import datetime, timezone
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, TextIO

import orjson

from . import __version__
from .games.diplomacy.wire import WireError, adjudicate_object
from .games.variants import load_variant

if TYPE_CHECKING:
    import argparse
    from collections.abc import Callable

    from .games.diplomacy.maps import Map
    from .service.config import Config

# A fall turn with a convoy, a cut support and a dislodgement: `judge example | judge adjudicate`.
EXAMPLE = {
    "variant": "standard",
    "phase": "F1901M",
    "units": [
        {"power": "England", "type": "F", "loc": "nth"},
        {"power": "England", "type": "A", "loc": "yor"},
        {"power": "England", "type": "F", "loc": "lon"},
        {"power": "France", "type": "F", "loc": "eng"},
        {"power": "France", "type": "F", "loc": "bel"},
        {"power": "Germany", "type": "A", "loc": "ruh"},
        {"power": "Germany", "type": "A", "loc": "hol"},
    ],
    "orders": [
        {"power": "England", "order": "F North Sea Convoys A Yorkshire - Norway"},
        {"power": "England", "order": "A Yorkshire - Norway"},
        {"power": "England", "order": "F London S F North Sea"},
        {"power": "France", "order": "F English Channel - North Sea"},
        {"power": "France", "order": "F Bel S F eng - nth"},
        {"power": "Germany", "order": "A ruh - bel"},
        {"power": "Germany", "order": "A hol s a ruh - bel"},
    ],
}


def adjudicate_lines(lines: Iterable[bytes | str], variant: str, svg: bool = False,
                     find_map: Callable[[str], Map] = load_variant) -> Iterator[bytes]:
    """One JSON answer per input line, in order; a bad line gets ``{"error": ...}``. No line
    stops the lines after it: should the engine fail on one (a bug), that line's answer says so.
    With ``svg``, each answer carries the picture of its next position (``"svg"``). ``find_map``
    gives a variant's map by name (the shipped ones; with ``--config``, the judge's added ones
    too), each read when a line first names it."""
    for line in lines:
        if not line.strip():
            yield orjson.dumps({"error": "empty line: expected a JSON object"})
            continue
        try:
            data = orjson.loads(line)
            answer = adjudicate_object(data, find_map, variant)
            if svg:
                from .pictures import picture  # only when asked: drawing loads the shapes

                answer["svg"] = picture(data.get("variant") or variant, answer["next"])
        except orjson.JSONDecodeError as error:
            answer = {"error": f"not valid JSON: {error}"}
        except WireError as error:
            answer = {"error": str(error)}
        except Exception as error:  # noqa: BLE001 - a bug must not cost the lines after it
            name = type(error).__name__
            answer = {"error": f"the judge could not adjudicate this line ({name}: {error})"}
        yield orjson.dumps(answer)


def _adjudicate(args: SimpleNamespace, stdin: TextIO, stdout: TextIO) -> int:
    output = stdout.buffer
    gc.freeze()  # what start-up made lives on: the collector need not look at it again
    # A line's objects die with its answer, by reference counting: the collector need look for
    # cycles only now and then, not each few hundred objects a line makes.
    gc.set_threshold(100_000, 50, 50)
    find_map: Callable[[str], Map] = load_variant
    if args.config:  # the variants this judge added, besides the shipped ones
        from .service.play.variants import added_map_finder

        find_map = added_map_finder(_config(args).variants)
    source = stdin.buffer
    assert isinstance(source, io.BufferedIOBase)  # as sys.stdin's is: typing's BinaryIO has no read1
    for lines in _arrived_lines(source):
        # The answers to all the lines that have arrived, in one write: then waiting for more
        # input, the command has answered every line it was given (a peer may wait for them).
        answers = list(adjudicate_lines(lines, args.variant, args.svg, find_map))
        answers.append(b"")
        output.write(b"\n".join(answers))
        output.flush()
    return 0


def _arrived_lines(stream: io.BufferedIOBase) -> Iterator[list[bytes]]:
    """The input's lines, in batches: each batch the whole lines that have arrived so far, read
    in one call that waits only when nothing has. (A line at a time would cost a write, and
    often a read, for every line.)"""
    started: list[bytes] = []  # the reads since the last newline: a line not yet ended
    while chunk := stream.read1(1 << 16):
        started.append(chunk)
        if b"\n" not in chunk:  # a long line: joined once it ends, not at every read
            continue
        lines = io.BytesIO(b"".join(started)).readlines()  # by memchr: bytes.split goes byte by byte
        started = [] if lines[-1].endswith(b"\n") else [lines.pop()]
        yield lines
    if started:  # the last line, with no newline after it
        yield [b"".join(started)]


def _example(args: SimpleNamespace, stdin: TextIO, stdout: TextIO) -> int:
    stdout.write(json.dumps(EXAMPLE) + "\n")
    return 0


def _variants(args: SimpleNamespace, stdin: TextIO, stdout: TextIO) -> int:
    from .games.diplomacy.map_sheet import map_sheet, map_text, variants_text
    from .games.diplomacy.maps import MapError, build_map
    from .games.variants import variant_data, variant_names

    if args.action == "add":
        return _add_variant(args, stdout)
    if args.action == "layout":
        return _lay_out(args, stdout)
    if args.action == "draw":
        return _draw_variant(args, stdout)
    if args.action == "convert":
        return _convert_variants(args, stdout)
    added: dict[str, Any] = {}
    if args.config:
        from .service.play.variants import added_variants

        added = added_variants(_config(args).variants)
    if args.action is None:
        stdout.write(variants_text([load_variant(name) for name in variant_names()]) + "\n")
        if added:
            stdout.write("Added to this judge (judge variants add):\n"
                         + variants_text([build_map(data) for data in added.values()])
                         + "\n")
        return 0
    try:
        if args.name not in variant_names() and args.name in added:
            sheet = map_sheet(build_map(added[args.name]), added[args.name])
        else:
            sheet = map_sheet(load_variant(args.name), variant_data(args.name))
    except MapError as error:
        sys.stderr.write(f"judge: {error}\n")
        return 2
    text = json.dumps(sheet, indent=1, sort_keys=True) if args.json else map_text(sheet)
    stdout.write(text + "\n")
    return 0


def _add_variant(args: SimpleNamespace, stdout: TextIO) -> int:
    from pathlib import Path

    from .service.play.variants import VariantError, add_variant

    config = _config(args)
    try:
        added = add_variant(config, Path(args.file), args.name)
    except VariantError as error:
        sys.stderr.write(f"judge: {args.file} cannot be played on this judge; nothing was added:\n")
        sys.stderr.writelines(f"  {line}\n" for line in error.errors)
        return 2
    stdout.write(f"Added the variant {added.name} ({added.toml}): {len(added.powers)} powers "
                 f"({', '.join(added.powers)}), {added.centres} supply centres. Players may now "
                 f"CREATE ?game password {added.name}.\n")
    return 0


def _lay_out(args: SimpleNamespace, stdout: TextIO) -> int:
    from .service.play.variants import VariantError, lay_out

    try:
        path, done = lay_out(_config(args).variants if args.config else None, args.name, args.new)
    except VariantError as error:
        sys.stderr.write(f"judge: no layout for {args.name}:\n")
        sys.stderr.writelines(f"  {line}\n" for line in error.errors)
        return 2
    stdout.write(f"The layout of {args.name} ({path}): {done}.\n")
    return 0


def _draw_variant(args: SimpleNamespace, stdout: TextIO) -> int:
    from pathlib import Path

    from .games import variants as shipped
    from .pictures.draw_shapes import draw
    from .pictures.shapes import ShapesError

    folder = Path(shipped.__path__[0])
    source = folder / f"{args.name}.geography.toml"
    if not source.is_file():
        sys.stderr.write(f"judge: no geography for {args.name} ({source})\n")
        return 2
    try:
        text, problems = draw(args.name, source.read_text(encoding="utf-8"), load_variant(args.name))
    except ShapesError as error:
        sys.stderr.write(f"judge: {error}\n")
        return 2
    path = (Path(args.into) if args.into else folder) / f"{args.name}.shapes.toml"
    path.write_text(text, encoding="utf-8")
    stdout.write(f"The shapes of {args.name} ({path}): drawn from {source.name}"
                 + ("; left to mend by hand (a seed moved or added, or [fixes]):\n" if problems else ".\n"))
    stdout.writelines(f"  {line}\n" for line in problems)
    return 1 if problems else 0


def _convert_variants(args: SimpleNamespace, stdout: TextIO) -> int:
    from importlib import metadata
    from pathlib import Path

    from .games import variants as shipped
    from .service.play.variants import VariantError, convert_shelf

    source = args.source
    if source is None:
        try:
            source = f"MILA's `diplomacy` package {metadata.version('diplomacy')}"
        except metadata.PackageNotFoundError:
            source = "MILA's `diplomacy` package"
    into = Path(args.into) if args.into else Path(shipped.__path__[0])
    try:
        made = convert_shelf(Path(args.folder), into, source, skip=tuple(args.skip))
    except VariantError as error:
        sys.stderr.write(f"judge: {args.folder}: nothing was converted:\n")
        sys.stderr.writelines(f"  {line}\n" for line in error.errors)
        return 2
    for added in made:
        stdout.write(f"{added.name}: {len(added.powers)} powers, {added.centres} supply centres "
                     f"({added.toml})\n")
    return 0


def _selfplay(args: SimpleNamespace, stdin: TextIO, stdout: TextIO) -> int:
    from time import perf_counter

    from .games.registry import UnknownGameKind
    from .games.selfplay import summary_json, summary_text
    from .service.play.playouts import run_playouts

    added = _config(args).variants if args.config else None  # this judge's own variants too
    started = perf_counter()
    try:
        summary = run_playouts(args.variant, args.games, args.seed, args.until, args.jobs, added)
    except UnknownGameKind as error:
        sys.stderr.write(f"judge: {error}\n")
        return 2
    seconds = perf_counter() - started
    if args.json:
        stdout.write(json.dumps(summary_json(summary, args.variant), sort_keys=True) + "\n")
    else:
        stdout.write(summary_text(summary, args.variant, seconds) + "\n")
    return 1 if summary.violations else 0


def _init(args: SimpleNamespace, stdin: TextIO, stdout: TextIO) -> int:
    from pathlib import Path

    from .service.daemon.operate import init_judge

    path = init_judge(Path(args.directory))
    stdout.write(f"A new judge in {path.parent}: settings in {path}\n")
    return 0


EX_TEMPFAIL = 75  # sysexits.h: an MTA's pipe keeps the mail and tries again later


def _ingest(args: SimpleNamespace, stdin: TextIO, stdout: TextIO) -> int:
    from pathlib import Path

    from .service.daemon.operate import ingest_file

    raw = Path(args.message).read_bytes() if args.message else stdin.buffer.read()
    try:
        outcome = ingest_file(_config(args), raw, _now(args))
    except Exception as error:  # not stored (settings, database): any other status would bounce it
        sys.stderr.write(f"judge: the mail was not stored; try again later: {type(error).__name__}: {error}\n")
        return EX_TEMPFAIL
    stdout.write(outcome + "\n")
    return 0


def _tick(args: SimpleNamespace, stdin: TextIO, stdout: TextIO) -> int:
    from .service.daemon.operate import tick_once

    for line in tick_once(_config(args), _now(args)):
        stdout.write(line + "\n")
    return 0


def _serve(args: SimpleNamespace, stdin: TextIO, stdout: TextIO) -> int:
    from .service.daemon.clocks import ScaledClock
    from .service.daemon.serve import configure_logging, serve

    config = _config(args)
    configure_logging(args.log_level)
    clock = None
    if args.clock_origin or args.clock_rate != 1.0:
        origin = _instant(args.clock_origin) if args.clock_origin else datetime.now(timezone.utc)
        epoch = args.clock_epoch if args.clock_epoch is not None else time.time()
        clock = ScaledClock(origin, epoch, args.clock_rate)
    return serve(config, clock)


def _backup(args: SimpleNamespace, stdin: TextIO, stdout: TextIO) -> int:
    from pathlib import Path

    from .service.daemon.maintenance import backup_database

    stdout.write(backup_database(_config(args), Path(args.file)) + "\n")
    return 0


def _upgrade(args: SimpleNamespace, stdin: TextIO, stdout: TextIO) -> int:
    from .service.daemon.maintenance import check_upgrade, upgrade_database

    if args.check:  # before upgrading: which running games a rule change touches; nothing changed
        stdout.writelines(line + "\n" for line in check_upgrade(_config(args)))
        return 0
    stdout.write(upgrade_database(_config(args)) + "\n")
    return 0


def _games(args: SimpleNamespace, stdin: TextIO, stdout: TextIO) -> int:
    from .service.daemon.operate import list_games

    for line in list_games(_config(args)):
        stdout.write(line + "\n")
    return 0


def _show(args: SimpleNamespace, stdin: TextIO, stdout: TextIO) -> int:
    from .service.web.showing import public, show_game, show_text

    shown = show_game(_config(args), args.game)
    stdout.write((json.dumps(public(shown), indent=2) if args.json else show_text(shown)) + "\n")
    return 0


def _record(args: SimpleNamespace, stdin: TextIO, stdout: TextIO) -> int:
    from pathlib import Path

    from .service.web.records import export_record

    text = json.dumps(export_record(_config(args), args.game), indent=1) + "\n"
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8")
    else:
        stdout.write(text)
    return 0


def _verify(args: SimpleNamespace, stdin: TextIO, stdout: TextIO) -> int:
    """Exit 0 only for a record that runs from the game's start to its end and matches (or, with
    ``--part``, for phases that match, saying what was not checked); each problem on a line.
    With the judge's settings, a game on a variant its operator added is checked too."""
    from pathlib import Path

    from .games.record_check import check_record

    try:
        record = json.loads(Path(args.record).read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError) as error:
        stdout.write(f"NOT VERIFIED: cannot read {args.record}: {str(error)[:200]}\n")
        return 1
    if args.config:
        from .service.play.variants import offered

        with offered(_config(args)):
            checked = check_record(record)
    else:
        checked = check_record(record)
    name = (f"{str(record.get('game'))[:64]} ({str(record.get('kind'))[:40]})"
            if isinstance(record, dict) else args.record)
    for problem in checked.problems:
        stdout.write(f"MISMATCH {problem}\n" if checked.phases else f"NOT VERIFIED: {problem}\n")
    stdout.writelines(f"RULES {ruled}\n" for ruled in checked.ruled)
    stdout.writelines(f"WORDING {worded}\n" for worded in checked.worded)
    if checked.problems:
        if checked.phases:
            stdout.write(f"{name}: {len(checked.problems)} mismatch(es) in {checked.phases} phases\n")
        return 1
    told = [f"{len(found)} {what}" for found, what in (
        (checked.ruled, "by rule readings changed since (RULES above)"),
        (checked.worded, "worded otherwise (WORDING above)")) if found]
    if checked.whole:
        stdout.write(f"{name}: verified: the secret matches its commitment, and all "
                     f"{checked.phases} phases, from the start to the end, recomputed from it "
                     + (f"give its positions and dice; {', '.join(told)}\n" if told
                        else "match the record\n"))
        return 0
    for left_out in checked.unchecked:
        stdout.write(f"NOT CHECKED {left_out}\n")
    if args.part:
        stdout.write(f"{name}: part verified: the secret matches its commitment, and the "
                     f"{checked.phases} phases of the record recomputed from it match it; "
                     f"{len(checked.unchecked)} thing(s) not checked (above)\n")
        return 0
    stdout.write(f"{name}: NOT VERIFIED: the record does not run from the game's start to its "
                 "end (judge verify --part checks a part)\n")
    return 1


def _archive(args: SimpleNamespace, stdin: TextIO, stdout: TextIO) -> int:
    from pathlib import Path

    from .service.play.variants import offered
    from .service.web.archive import build_archive
    from .store import open_store

    config = _config(args)
    out = Path(args.out) if args.out else config.archive
    if out is None:
        raise SystemExit("judge: give --out DIR, or set [archive] dir in the judge's settings")
    store = open_store(config.database_url)
    try:
        with offered(config):
            built = build_archive(store, out)
    finally:
        store.close()
    stdout.write(f"{len(built.games)} games written to {out} (open {out / 'index.html'})\n")
    if built.failed:
        stdout.write(f"{len(built.failed)} games could not be written, and are not in the index "
                     "(the log says why): " + ", ".join(repr(name[:40]) for name in built.failed) + "\n")
    return 0


def _map(args: SimpleNamespace, stdin: TextIO, stdout: TextIO) -> int:
    from pathlib import Path

    from .service.web.pictures import map_picture

    out = Path(args.out)
    if out.suffix.lower() not in (".svg", ".png"):
        raise SystemExit("judge: --out must name a .svg or .png file")
    svg = map_picture(_config(args), args.game, args.phase)
    if out.suffix.lower() == ".png":
        from .pictures import png

        out.write_bytes(png(svg))
    else:
        out.write_text(svg, encoding="utf-8")
    stdout.write(f"{out}\n")
    return 0


def _config(args: SimpleNamespace) -> Config:
    from pathlib import Path

    from .service.config import load_config  # here: `judge adjudicate` needs no settings

    if not args.config:
        raise SystemExit("judge: give --config FILE (the judge.toml that `judge init DIR` wrote)")
    return load_config(Path(args.config))


def _now(args: SimpleNamespace) -> datetime:
    if not args.now:
        return datetime.now(timezone.utc)
    return _instant(args.now)


def _instant(text: str) -> datetime:
    moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    if moment.tzinfo is None:
        raise SystemExit("judge: a time needs a time zone, e.g. 2026-01-05T12:00:00Z")
    return moment.astimezone(timezone.utc)


def build_parser() -> argparse.ArgumentParser:
    """The parser of the command line (``parse_arguments`` reads most ``judge adjudicate`` lines
    without it, or argparse)."""
    import argparse  # here: loading it would cost `judge adjudicate` a thirtieth of its start-up

    parser = argparse.ArgumentParser(prog="judge", description="The play-by-email judge.")
    parser.add_argument("--version", action="version", version=f"judge {__version__}")
    parser.add_argument("--config", help="the judge's settings file (judge.toml)")
    commands = parser.add_subparsers(dest="command", required=True)
    init = commands.add_parser("init", help="make a new judge in a folder (settings, database, Maildirs)")
    init.add_argument("directory")
    init.set_defaults(run=_init)
    ingest = commands.add_parser("ingest", help="process one mail (a file, or standard input)")
    ingest.add_argument("message", nargs="?", help="an RFC 822 message file; default: standard input")
    ingest.add_argument("--now", help="the time to act at (ISO 8601 with zone); default: the clock")
    ingest.set_defaults(run=_ingest)
    tick = commands.add_parser("tick", help="do everything due now: deadlines, grace, mail out")
    tick.add_argument("--now", help="the time to act at (ISO 8601 with zone); default: the clock")
    tick.set_defaults(run=_tick)
    serve = commands.add_parser("serve", help="run the judge until stopped: mail in, deadlines, mail out")
    serve.add_argument("--log-level", default="info", choices=["debug", "info", "warning", "error"])
    serve.add_argument("--clock-origin", help="tests and demonstrations: the judge's time at "
                       "--clock-epoch (ISO 8601 with zone); default: the host's time")
    serve.add_argument("--clock-epoch", type=float, help="the host's Unix time at which the judge's "
                       "time is --clock-origin; default: now")
    serve.add_argument("--clock-rate", type=float, default=1.0,
                       help="how many times as fast as the host's clock the judge's time runs")
    serve.set_defaults(run=_serve)
    backup = commands.add_parser("backup", help="copy an SQLite judge's database to FILE, even while it runs")
    backup.add_argument("file")
    backup.set_defaults(run=_backup)
    upgrade = commands.add_parser("upgrade", help="bring the database to this judge's schema (back it up first)")
    upgrade.add_argument("--check", action="store_true",
                         help="change nothing: list the running games a rule change of this judge touches")
    upgrade.set_defaults(run=_upgrade)
    games = commands.add_parser("games", help="list the judge's games")
    games.set_defaults(run=_games)
    record = commands.add_parser(
        "record", help="write a game's record (every phase, JSON; the secret once it has ended)")
    record.add_argument("game")
    record.add_argument("--out", help="the file to write (default: standard output)")
    record.set_defaults(run=_record)
    verify = commands.add_parser(
        "verify", help="recompute every phase of a finished game's record from its secret")
    verify.add_argument("record", help="the file judge record wrote (with --config, a game on a "
                        "variant this judge added too)")
    verify.add_argument("--part", action="store_true",
                        help="accept a record of part of a game: check its phases, say what was not")
    verify.set_defaults(run=_verify)
    archive = commands.add_parser("archive", help="the web archive of every game (a static site)")
    archive_actions = archive.add_subparsers(dest="action", required=True)
    archive_build = archive_actions.add_parser("build", help="write the whole archive into a folder")
    archive_build.add_argument("--out", help="the folder (default: [archive] dir of judge.toml)")
    archive_build.set_defaults(run=_archive)
    show = commands.add_parser("show", help="show one game: phase, deadline, players, the position")
    show.add_argument("game")
    show.add_argument("--json", action="store_true", help="as JSON")
    show.set_defaults(run=_show)
    drawn = commands.add_parser("map", help="draw a game's map now, or a phase as played, as SVG or PNG")
    drawn.add_argument("game")
    drawn.add_argument("phase", nargs="?", help="a processed phase (S1901M): its position and orders")
    drawn.add_argument("--out", required=True, metavar="FILE", help="FILE.svg or FILE.png")
    drawn.set_defaults(run=_map)
    adjudicate = commands.add_parser(
        "adjudicate",
        help="adjudicate positions: JSON Lines in on standard input, one JSON line out per line",
    )
    adjudicate.add_argument(
        "--variant", default="standard", help="the variant of lines that name none"
    )
    adjudicate.add_argument(
        "--svg", action="store_true", help="add the picture of each next position (SVG) as \"svg\""
    )
    adjudicate.set_defaults(run=_adjudicate)
    example = commands.add_parser("example", help="print a sample position for judge adjudicate")
    example.set_defaults(run=_example)
    variants = commands.add_parser("variants", help="list the variants, or show one's map")
    variants.set_defaults(run=_variants)
    variant_actions = variants.add_subparsers(dest="action")
    variant_show = variant_actions.add_parser(
        "show", help="a variant's map: provinces, adjacency, centres, powers, boxes"
    )
    variant_show.add_argument("name", help="the variant (standard, roses1, ...)")
    variant_show.add_argument("--json", action="store_true", help="as JSON, complete and sorted")
    variant_add = variant_actions.add_parser(
        "add", help="add a variant to this judge from a DPjudge map file (FILE.map); needs --config"
    )
    variant_add.add_argument("file", help="the map file; a file its MAP line names is looked for beside it")
    variant_add.add_argument("--name", help="the variant's name (default: the file's, without .map)")
    variant_layout = variant_actions.add_parser(
        "layout", help="compute and write where a variant's provinces stand in its schematic picture "
        "(NAME.layout.toml), or check the one there is"
    )
    variant_layout.add_argument("name", help="a shipped variant drawn on no shapes, or one this judge added "
                                "(with --config)")
    variant_layout.add_argument("--new", action="store_true", help="compute it anew, replacing the one there is")
    variant_draw = variant_actions.add_parser(
        "draw", help="draw a variant's shapes (NAME.shapes.toml) from its real geography "
        "(NAME.geography.toml), and say what is left to mend by hand"
    )
    variant_draw.add_argument("name", help="a shipped variant with a geography file")
    variant_draw.add_argument("--into", help="the folder to write NAME.shapes.toml into (default: beside the map)")
    variant_convert = variant_actions.add_parser(
        "convert", help="remake the shipped variants from a folder of DPjudge map files "
        "(MILA's diplomacy/maps)"
    )
    variant_convert.add_argument("folder", help="the folder of map files (*.map)")
    variant_convert.add_argument(
        "--into", help="the folder to write NAME.toml and NAME.json into (default: the judge's "
        "judge/games/variants)")
    variant_convert.add_argument(
        "--source", help="where the files come from, for each file's header (default: MILA's "
        "diplomacy package and its version, if installed)")
    variant_convert.add_argument(
        "--skip", nargs="*", default=["standard"], help="files (names without .map) left "
        "alone (default: standard, the judge's own standard map)")
    play = commands.add_parser(
        "selfplay",
        help="play random games, checking the rules' invariants after every phase; "
        "print the violations and each power's average centres by year",
    )
    play.add_argument("variant", help="the variant (standard, roses1, ...; with --config, one this "
                      "judge added too)")
    play.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    play.add_argument(
        "--seed", type=int, default=1, help="game i is played from seed S+i (default 1)"
    )
    play.add_argument(
        "--until", metavar="PERIOD",
        help="the last period played, as the table names it: a year (1905), Richard III's "
        "turn (II-3) (default: 50 periods)",
    )
    play.add_argument(
        "--jobs", type=int, default=1, help="processes to play on (default 1; same games for any)"
    )
    play.add_argument("--json", action="store_true", help="as JSON")
    play.set_defaults(run=_selfplay)
    return parser


def parse_arguments(argv: list[str]) -> SimpleNamespace:
    """The arguments of a command line, as the parser reads them into a namespace. ``judge
    adjudicate``, which other programs start for each batch, is read without a parser when it says
    no more than ``--variant NAME`` and ``--svg``: making a parser, even of that command alone,
    would cost it a twentieth of its start-up. Any other command line, or a mistake, goes to the
    whole parser, which says what is wrong."""
    if argv[:1] == ["adjudicate"]:
        args = _plain_adjudicate_arguments(argv[1:])
        if args is not None:
            return args
    return build_parser().parse_args(argv, SimpleNamespace())


def _plain_adjudicate_arguments(words: list[str]) -> SimpleNamespace | None:
    """The arguments after ``adjudicate``, as the parser would read them; None for anything but
    ``--variant NAME`` (or ``--variant=NAME``) and ``--svg``."""
    variant, svg = "standard", False
    rest = iter(words)
    for word in rest:
        if word == "--svg":
            svg = True
        elif word == "--variant":
            given = next(rest, None)
            if given is None or given.startswith("-"):
                return None
            variant = given
        elif word.startswith("--variant="):
            variant = word.removeprefix("--variant=")
        else:
            return None
    return SimpleNamespace(config=None, command="adjudicate", variant=variant, svg=svg, run=_adjudicate)


def main(argv: list[str] | None = None) -> int:
    args = parse_arguments(sys.argv[1:] if argv is None else argv)
    try:
        status = int(args.run(args, sys.stdin, sys.stdout))
    except BrokenPipeError:
        return 0
    except Exception as error:
        # not imported above: `judge adjudicate` needs neither settings nor a database
        from .service.config import ConfigError
        from .store import SchemaOutOfDate

        if isinstance(error, ConfigError):
            sys.stderr.write(f"judge: {error}\n")
            return 2
        if not isinstance(error, SchemaOutOfDate):
            raise
        sys.stderr.write(f"judge: {error}\n(back it up: judge --config FILE backup COPY, or pg_dump; then: "
                         "judge --config FILE upgrade)\n")
        return 2
    if argv is None and args.command == "adjudicate":
        # Every answer is written and flushed, and the command opened no file and started no
        # thread: the process ends here, without the interpreter's tear-down, which frees every
        # object one by one (the map, the orders read) and costs a run of 3,000 lines 2% of its time.
        try:
            sys.stdout.flush()
        except BrokenPipeError:
            status = 0  # the reader left: as above
        sys.stderr.flush()
        os._exit(status)
    return status


if __name__ == "__main__":
    sys.exit(main())
