"""The web archive: a static site of every game on the judge, for anyone to walk through.

``build_archive`` writes into a folder: ``index.html`` (every game, running and finished: its
kind, where it stands, its players), a page per game (``games/<name>.html``: who played what, the
chart and table of each power's score by year, the map as the game stands, then every processed
phase of its line of play with its map (the position it began from and its orders, drawn by
``judge.pictures`` for the kinds it draws; SVG files beside the page), its turn report and the
public press of the phase) and each game's record for download
(``games/<name>.json``). Pages are plain HTML and one style sheet: no script, readable on a phone.

Nothing a running game hides is written: the turn reports are the observers' (the kind's
``report_view`` for no power), the record of a running game holds only what observers see (no
orders, states through the kind's ``view``, no secret), press is only what went to everyone
(BROADCAST), and no address of an anonymous or gunboat game's players before it ends. Orders
appear only once their phase is processed, in its report. Players are named as they chose (SET
NAME; else "a player"), their addresses shown only when they allowed it (SET ADDRESS PUBLIC):
the archive is read by crawlers too.

One game never stops the archive: each is written in its own try, and a game that cannot be
written (a bad record, a bug in a kind's report) is logged and left out of the index, while the
others are written. A game's files are named after it (``file_stem``) when its name is a safe file
name; any other name (a game of an older database: too long, or with dots, slashes or other
characters) gets a safe name made from it.

``judge archive build --out DIR`` writes it all; ``judge serve`` keeps a folder current (``[archive]
dir`` in judge.toml) with ``update_archive``, which writes only the games that changed since it last
wrote them, and of those only what changed: a phase's page and map once, and again only when what
they show changes (a new phase after it, its press, a rollback: each phase's fingerprint is kept
with what was written in ``.built.json``); the game's page, record and map now; and no file whose
content is the same. The pages and maps of phases a rollback undid are removed. A game of 300
phases moving on by a phase writes 9 files in 0.16 s of CPU time, where it wrote all 610 in
0.65 s of CPU and 1.4 to 2.4 s of wall time (``benchmarks/archive_update.py``).
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape
from sqlmodel import Session, col, func, select

from judge import __version__
from judge.games.kind import Exporting
from judge.pictures import kind_picture, position_drawn, power_colours
from judge.store import Game, GameStatus, Membership, PhaseRecord, Player, Press, Store

from ..mailing.history import line_of_play, summary_values
from ..mailing.notify import game_status, phase_name, turn_report
from ..mailing.press import EVERYONE, public_signature
from ..play.games import kind_of
from .charts import score_chart
from .records import public_record

log = logging.getLogger("judge.archive")

STATE_FILE = ".built.json"
_ENDED = (GameStatus.FINISHED, GameStatus.TERMINATED)


def _environment() -> Environment:
    return Environment(
        loader=PackageLoader("judge.templates", "archive"),
        undefined=StrictUndefined,
        autoescape=select_autoescape(["html"]),
        trim_blocks=True,
        lstrip_blocks=True,
    )


@dataclass(frozen=True)
class Built:
    """What one call wrote: the games whose pages it (re)wrote, and those it could not write
    (logged; left out of the index, or kept there as last written)."""

    games: list[str]
    failed: list[str] = field(default_factory=list)


_SAFE_STEM = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")


def file_stem(name: str) -> str:
    """The name of a game's files: the game's own name when it is a safe file name (a letter or
    digit, then letters, digits, - and _, at most 64); otherwise its first characters made safe
    and a hash of the whole name after a dot (no game name has a dot, so no two games share
    files)."""
    if _SAFE_STEM.fullmatch(name):
        return name
    start = re.sub(r"[^a-z0-9_-]", "-", name.lower()[:40]).strip("-_") or "game"
    return f"{start}.{hashlib.sha256(name.encode()).hexdigest()[:12]}"


def build_archive(store: Store, out: Path) -> Built:
    """Write the whole archive into ``out`` (made if need be)."""
    return _build(store, out, only_changed=False)


def update_archive(store: Store, out: Path) -> Built:
    """Rewrite the pages of the games that changed since the last call, and the index."""
    return _build(store, out, only_changed=True)


def _build(store: Store, out: Path, *, only_changed: bool) -> Built:
    (out / "games").mkdir(parents=True, exist_ok=True)
    environment = _environment()
    built_file = out / STATE_FILE
    built: dict[str, dict[str, Any]] = {}  # game -> {"fingerprint", "row"}: what was written
    if only_changed and built_file.exists():
        built = json.loads(built_file.read_text(encoding="utf-8"))
    written: list[str] = []
    failed: list[str] = []
    with store.session() as db:
        latest = dict(db.exec(select(PhaseRecord.game_id, func.max(PhaseRecord.id))
                              .group_by(col(PhaseRecord.game_id))).all())
        presses = dict(db.exec(select(Press.game_id, func.max(Press.id))
                               .group_by(col(Press.game_id))).all())
        members = {game_id: (count, last) for game_id, count, last in db.exec(
            select(Membership.game_id, func.count(), func.max(Membership.id))
            .group_by(col(Membership.game_id))).all()}
        shown: dict[int, list[tuple[str | None, bool]]] = {}  # how each game's players are named
        for game_id, name, public in db.exec(
                select(Membership.game_id, Player.name, Player.address_public)
                .where(Membership.player_id == Player.id).order_by(col(Membership.id))).all():
            shown.setdefault(game_id, []).append((name, public))
        names: list[str] = []
        light = sa.select(col(Game.id), col(Game.name), col(Game.status), col(Game.phase),
                          col(Game.deadline))  # not the states: only what a fingerprint needs
        for game_id, name, status, phase, deadline in db.execute(
                light.order_by(col(Game.name))).all():
            names.append(name)
            fingerprint = (f"{status.value}|{phase}|{deadline}|{latest.get(game_id)}|"
                           f"{presses.get(game_id)}|{members.get(game_id)}|"
                           + hashlib.sha256(repr(shown.get(game_id)).encode()).hexdigest()[:16])
            if built.get(name, {}).get("fingerprint") == fingerprint:
                continue
            try:
                game = db.get(Game, game_id)
                assert game is not None
                pages = _write_game(db, environment, game, out, built.get(name, {}).get("pages", {}))
                row = _index_row(db, game)
            except Exception:  # one game never stops the others; it is tried again next time
                log.exception("the archive of game %r could not be written", name[:100])
                failed.append(name)
                continue
            written.append(name)
            built[name] = {"fingerprint": fingerprint, "row": row, "pages": pages}
    gone = set(built) - set(names)  # removed (a forming game that lapsed): out of the index
    for name in gone:
        _remove_game(out, file_stem(name))
    if written or failed or gone or not (out / "index.html").exists():
        rows = [{**built[name]["row"], "file": file_stem(name)} for name in names if name in built]
        _write(out / "index.html", environment.get_template("index.html").render(games=rows))
        _write(out / "style.css", environment.get_template("style.css").render())
        _write(out / "favicon.svg", environment.get_template("favicon.svg").render())
        _write(built_file, json.dumps({name: built[name] for name in names if name in built},
                                      indent=1))
    return Built(written, failed)


def _index_row(db: Session, game: Game) -> dict[str, Any]:
    """A game's row of the index, as plain values (kept in the state file between updates)."""
    values = summary_values(db, game, [], game_status(game), public=True)
    return {
        "name": game.name,
        "kind": game.kind,
        "status": game_status(game),
        "year": _period_now(game),
        "players": [{"power": h.power, "players": h.players} for h in values["holders"]],
        "forming": values["forming"],
    }


def _period_now(game: Game) -> str | None:
    """Where a game stands, as its kind names the unit of its standing (1901; Richard III's I-3)."""
    if game.state is None:
        return None
    kind = kind_of(game)
    return kind.standing(game.state).period_named(kind)


def _write_game(db: Session, environment: Environment, game: Game, out: Path,
                before: dict[str, str]) -> dict[str, str]:
    """Write a game's pages; a phase's page and map only when what they show changed since
    ``before`` (each phase's fingerprint, as this returns them), and the files of phases no
    longer on its line of play (undone by a rollback) removed."""
    kind = kind_of(game)
    line = line_of_play(db, game)
    values = summary_values(db, game, line, game_status(game), public=True)
    press = _public_press(db, game)
    stem = file_stem(game.name)
    pictures = out / "games" / stem
    phases: list[dict[str, Any]] = [{"id": _anchor(record.phase), "phase": record.phase,
               "title": phase_name(game, record.phase), "press": press.get(record.phase, [])}
              for record in line]
    pages: dict[str, str] = {}
    now = kind_picture(kind, kind.view(game.state, None), None) if game.state is not None else None
    draws = now is not None  # the kind's pictures: the game now, and each phase's
    for index, (record, phase) in enumerate(zip(line, phases)):
        last = index == len(line) - 1
        outcome = values["outcome"] if last else None
        phase["map"] = f"{phase['id']}.svg" if draws else None  # beside its page
        previous = phases[index - 1] if index else None
        following = phases[index + 1] if not last else None
        pages[phase["id"]] = fingerprint = hashlib.sha256(json.dumps(
            [__version__, record.id, previous and previous["id"], following and following["id"],
             phase["press"], outcome], default=str).encode()).hexdigest()[:24]
        if before.get(phase["id"]) == fingerprint and (pictures / f"{phase['id']}.html").exists():
            continue  # the page and its map as they were written
        pictures.mkdir(exist_ok=True)
        report = turn_report(game, record, None, next_phase=kind.pending(record.state_after).phase,
                             deadline=None, outcome=outcome)
        if draws:
            shown = position_drawn(kind, record.state_before, record.state_after)
            drawn = kind_picture(kind, kind.view(shown, None), None,
                                 kind.report_view(record.resolution, None))
            assert drawn is not None
            _write(pictures / f"{phase['id']}.svg", drawn)
        _write(pictures / f"{phase['id']}.html", environment.get_template("phase.html").render(
            game=game.name, stem=stem, title=kind.wording.title,
            phase={**phase, "report": report.rstrip("\n")}, previous=previous, following=following,
        ))
    _remove_undone(pictures, pages)
    if now is not None:
        pictures.mkdir(exist_ok=True)
        _write(pictures / "now.svg", now)
    chart = score_chart(values["powers"], values["years"], values["score"], values["period"],
                        power_colours(kind))
    exports = _exports(game, line)
    page = environment.get_template("game.html").render(
        **values, chart=chart, phases=phases, title=kind.wording.title, stem=stem,
        now_map=f"{stem}/now.svg" if now is not None else None,
        record_file=f"{stem}.json", exports=[f"{stem}.{suffix}" for suffix in exports],
        current=press.get(game.phase, []) if game.phase else [],
        current_title=phase_name(game) if game.status is GameStatus.ACTIVE else None,
    )
    _write(out / "games" / f"{stem}.html", page)
    _write(out / "games" / f"{stem}.json",  # compact: the record is for programs (judge verify)
           json.dumps(public_record(db, game, line), separators=(",", ":")))
    for suffix, exported in exports.items():
        _write(out / "games" / f"{stem}.{suffix}", json.dumps(exported))
    return pages


def _remove_game(out: Path, stem: str) -> None:
    """Remove the files of a game the judge no longer has (a forming game that lapsed)."""
    games = out / "games"
    shutil.rmtree(games / stem, ignore_errors=True)
    for path in games.glob(f"{stem}.*"):
        path.unlink()


def _remove_undone(pictures: Path, pages: dict[str, str]) -> None:
    """Remove the page and map of each phase not on the game's line of play now (a rollback
    undid it), so that no page of a phase that did not happen is left to be found."""
    if not pictures.is_dir():
        return
    for path in pictures.glob("phase-*"):
        if path.suffix in (".html", ".svg") and path.stem not in pages:
            path.unlink()


def _exports(game: Game, line: list[PhaseRecord]) -> dict[str, Any]:
    """The game in other programs' formats (the kind's ``exports``): only once it is over, or
    when the kind hides nothing from observers."""
    kind = kind_of(game)
    if not line or game.state is None:
        return {}
    if (game.status not in _ENDED and kind.hidden_information) or not isinstance(kind, Exporting):
        return {}
    return kind.exports(game.name, [(r.state_before, r.resolution) for r in line], game.state)


def _public_press(db: Session, game: Game) -> dict[str, list[dict[str, str]]]:
    """The press of the game that went to everyone (BROADCAST), by the phase it was sent in, as
    its readers saw it signed."""
    rows = db.exec(select(Press).where(Press.game_id == game.id).order_by(col(Press.id)))
    found: dict[str, list[dict[str, str]]] = {}
    for row in rows:
        if row.recipients == [EVERYONE]:
            found.setdefault(row.phase, []).append(
                {"from": public_signature(row), "body": row.body,
                 "sent": row.sent_at.strftime("%d %b %Y %H:%M UTC")})
    return found


def _anchor(phase: str) -> str:
    return "phase-" + "".join(c if c.isalnum() else "-" for c in phase.lower())


def _write(path: Path, text: str) -> None:
    """Write ``text`` to ``path``, unless it holds that already (the index, the style sheet, a
    game's map now: a file not written keeps its time, and a web cache its copy)."""
    data = text.encode()
    try:
        if path.stat().st_size == len(data) and path.read_bytes() == data:
            return
    except FileNotFoundError:
        pass
    temporary = path.with_name(path.name + ".new")
    temporary.write_bytes(data)
    temporary.replace(path)  # a reader never sees half a page
