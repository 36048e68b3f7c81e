"""The ``judge`` command: reads its arguments and calls the judge. No game or mail logic here."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Iterator
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, TextIO

import orjson

from . import __version__
from .games.diplomacy.wire import WireError, adjudicate_object
from .games.variants import load_variant
from .service.config import Config, ConfigError, load_config

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


def adjudicate_lines(lines: Iterable[bytes | str], variant: str) -> Iterator[bytes]:
    """One JSON answer per input line, in order; a bad line gets ``{"error": ...}``."""
    for line in lines:
        if not line.strip():
            yield orjson.dumps({"error": "empty line: expected a JSON object"})
            continue
        try:
            answer = adjudicate_object(orjson.loads(line), load_variant, variant)
        except orjson.JSONDecodeError as error:
            answer = {"error": f"not valid JSON: {error}"}
        except WireError as error:
            answer = {"error": str(error)}
        yield orjson.dumps(answer)


def _adjudicate(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    output = stdout.buffer
    for answer in adjudicate_lines(stdin.buffer, args.variant):
        output.write(answer + b"\n")
        output.flush()
    return 0


def _example(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    stdout.write(json.dumps(EXAMPLE) + "\n")
    return 0


def _init(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    from .service.operate import init_judge

    path = init_judge(Path(args.directory))
    stdout.write(f"A new judge in {path.parent}: settings in {path}\n")
    return 0


def _ingest(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    from .service.operate import ingest_file

    raw = Path(args.message).read_bytes() if args.message else stdin.buffer.read()
    stdout.write(ingest_file(_config(args), raw, _now(args)) + "\n")
    return 0


def _tick(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    from .service.operate import tick_once

    for line in tick_once(_config(args), _now(args)):
        stdout.write(line + "\n")
    return 0


def _games(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    from .service.operate import list_games

    for line in list_games(_config(args)):
        stdout.write(line + "\n")
    return 0


def _show(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    from .service.operate import show_game

    shown = show_game(_config(args), args.game)
    stdout.write((json.dumps(shown, indent=2) if args.json else _show_text(shown)) + "\n")
    return 0


def _show_text(shown: dict[str, Any]) -> str:
    lines = [f"{shown['name']}: {shown['kind']}, {shown['status']}"]
    if shown["phase"]:
        lines.append(f"phase {shown['phase']}, deadline {shown['deadline']}")
    for member in shown["members"]:
        done = " (orders complete)" if member.get("complete") else ""
        lines.append(f"  {member['role']} {member['power'] or ''} {member['address']}{done}")
    state = shown.get("state") or {}
    for unit in state.get("units", []):
        lines.append(f"  {unit['power']}: {unit['type']} {unit['loc']}")
    for centre, owner in sorted(state.get("supply_centers", {}).items()):
        lines.append(f"  {centre}: {owner}")
    return "\n".join(lines)


def _config(args: argparse.Namespace) -> Config:
    if not args.config:
        raise SystemExit("judge: give --config FILE (the judge.toml that `judge init DIR` wrote)")
    return load_config(Path(args.config))


def _now(args: argparse.Namespace) -> datetime:
    if not args.now:
        return datetime.now(timezone.utc)
    moment = datetime.fromisoformat(args.now.replace("Z", "+00:00"))
    if moment.tzinfo is None:
        raise SystemExit("judge: --now needs a time zone, e.g. 2026-01-05T12:00:00Z")
    return moment.astimezone(timezone.utc)


def build_parser() -> argparse.ArgumentParser:
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
    games = commands.add_parser("games", help="list the judge's games")
    games.set_defaults(run=_games)
    show = commands.add_parser("show", help="show one game: phase, deadline, players, the position")
    show.add_argument("game")
    show.add_argument("--json", action="store_true", help="as JSON")
    show.set_defaults(run=_show)
    adjudicate = commands.add_parser(
        "adjudicate",
        help="adjudicate positions: JSON Lines in on standard input, one JSON line out per line",
    )
    adjudicate.add_argument(
        "--variant", default="standard", help="the variant of lines that name none"
    )
    adjudicate.set_defaults(run=_adjudicate)
    example = commands.add_parser("example", help="print a sample position for judge adjudicate")
    example.set_defaults(run=_example)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.run(args, sys.stdin, sys.stdout))
    except BrokenPipeError:
        return 0
    except ConfigError as error:
        sys.stderr.write(f"judge: {error}\n")
        return 2


if __name__ == "__main__":
    sys.exit(main())
