"""How much ``judge serve`` rewrites of the web archive when a long game moves on by one phase.

Usage (from the top of the tree, after ``pip install -e '.[test]'``):

    python benchmarks/archive_update.py [--phases 300]

A judge on SQLite in a temporary folder runs one standard game, started by mail (CREATE and seven
JOINs); its phases are then processed one after another with no orders in (every unit holds), as
deadlines would, until it has ``--phases`` phase records. The whole archive is built
(``build_archive``, timed), one more phase is processed, and the archive is updated as ``judge
serve`` does (``update_archive``, timed). The figures: the seconds of each, the files each wrote
(by their modification times), the update's CPU time (steadier on a loaded machine) and the
archive's size.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

from sqlmodel import select

import judge.store.passwords as passwords
from judge.service.config import load_config
from judge.service.daemon.operate import init_judge
from judge.service.intake.mailroom import ingest
from judge.service.play.games import process_phase
from judge.service.web.archive import build_archive, update_archive
from judge.store import Game, open_store

START = datetime(2026, 1, 5, 12, 0, tzinfo=timezone.utc)


def mail(number: int, sender: str, body: str) -> bytes:
    return (f"From: {sender}\nTo: judge@localhost\nSubject: bench\nMessage-ID: <a{number}@bench>\n\n"
            f"{body}\n").encode()


def stamps(folder: Path) -> dict[Path, int]:
    return {path: path.stat().st_mtime_ns for path in folder.rglob("*") if path.is_file()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phases", type=int, default=300)
    args = parser.parse_args()
    passwords.N = 2 ** 4  # the hashing is not what is measured
    with tempfile.TemporaryDirectory() as folder:
        config = load_config(init_judge(Path(folder) / "judge"))
        store = open_store(config.database_url)
        ingest(store, config, mail(0, "gm@example.org", "CREATE ?bench pw standard"), START)
        for n in range(1, 8):
            ingest(store, config, mail(n, f"p{n}@example.org", f"JOIN bench pw{n}"), START)
        now = START
        with store.session() as db:
            game = db.exec(select(Game)).one()
            for _ in range(args.phases):
                now += timedelta(days=1)
                process_phase(db, game, now, "bench")
            db.commit()
        out = Path(folder) / "web"
        began = time.perf_counter()
        build_archive(store, out)
        built = time.perf_counter() - began
        before = stamps(out)
        time.sleep(0.01)  # a file rewritten gets a later modification time
        with store.session() as db:
            game = db.exec(select(Game)).one()
            process_phase(db, game, now + timedelta(days=1), "bench")
            db.commit()
        began, cpu = time.perf_counter(), time.process_time()
        update_archive(store, out)
        updated, cpu = time.perf_counter() - began, time.process_time() - cpu
        after = stamps(out)
        written = sum(1 for path, stamp in after.items() if before.get(path) != stamp)
        size = sum(path.stat().st_size for path in after)
        print(f"a game of {args.phases} phases: build {built:.2f} s, {len(before)} files, "
              f"{size / 1e6:.1f} MB; one phase more: update {updated:.2f} s ({cpu:.2f} s CPU), "
              f"{written} files written")
        store.close()


if __name__ == "__main__":
    main()
