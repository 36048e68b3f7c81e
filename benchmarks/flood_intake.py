"""How ``judge serve`` takes a flood of mail from many senders: every legitimate mail answered once.

Usage (from the top of the tree, after ``pip install -e '.[test]'``):

    python benchmarks/flood_intake.py [--mails 2000] [--senders 50] [--loud 0.5]
        [--database sqlite|postgresql] [--poll 0.1]

The mails are dropped in the judge's inbox Maildir at once; the daemon (``judge serve``'s own
scheduler, inbox job and sender thread, in this process, on the host's clock) reads them in
batches while its sender hands the replies to a transport that counts them by Message-ID. One
sender is a loop gone wrong, sending the ``--loud`` share of the mails; the others are players
sending the rest in turn (fewer each than the flood limit). The flood limit is at its default
(``[flood] mails = 30`` in ``window = "10m"``): the loud sender's first 30 mails are answered, the
31st gets the one answer saying its mail is dropped, and the rest are dropped. Each mail is HELP
(a full reply, no game, so password hashing does not set the pace).

The figures: mails read a second, replies delivered (and how many while the inbox was still being
read), a reply's wait after its mail was committed, duplicates (a Message-ID delivered twice: must
be 0), and mails that did not get exactly the replies due (must be 0: every mail answered is
answered once, every mail dropped gets none). ``--database postgresql`` makes a database for the
run on the local server (tests/store/conftest.py: ``JUDGE_TEST_POSTGRES_URL``) and drops it after.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import logging
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent / "tests"
sys.path.insert(0, str(TESTS / "service"))
from flood_support import flood  # noqa: E402  (the load test's own counting)
from serve_support import mail  # noqa: E402

from judge.service.config import load_config  # noqa: E402
from judge.service.daemon.clocks import SystemClock  # noqa: E402
from judge.service.daemon.operate import init_judge  # noqa: E402
from judge.store import open_store  # noqa: E402


@contextlib.contextmanager
def database(kind: str, folder: Path) -> Iterator[str | None]:
    """None for the judge's own SQLite file, else the URL of a new PostgreSQL database."""
    if kind == "sqlite":
        yield None
        return
    spec = importlib.util.spec_from_file_location("store_conftest", TESTS / "store" / "conftest.py")
    assert spec is not None and spec.loader is not None
    fixtures = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fixtures)
    with fixtures.new_postgres_database() as url:
        yield url


def mails(count: int, senders: int, loud: float) -> list[bytes]:
    """``count`` HELP mails: the loud sender's share spread evenly among the players', who take
    turns."""
    players = [f"player{number}@players.test" for number in range(1, senders)]
    raws: list[bytes] = []
    turn = 0
    for number in range(count):
        if int((number + 1) * loud) > int(number * loud):
            sender = "loop@robots.test"
        else:
            sender, turn = players[turn % len(players)], turn + 1
        raws.append(mail(sender, "HELP", f"<flood-{number}@players.test>", subject="help"))
    return raws


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mails", type=int, default=2000)
    parser.add_argument("--senders", type=int, default=50, help="one loud sender and the players")
    parser.add_argument("--loud", type=float, default=0.5, help="the loud sender's share of the mails")
    parser.add_argument("--database", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--poll", type=float, default=0.1, help="the judge's [serve] poll_seconds")
    parser.add_argument("--limit", type=int, default=None,
                        help="[flood] mails (default: the judge's default; 0: no limit, the loud sender "
                             "answered every time)")
    args = parser.parse_args()
    logging.basicConfig(level=logging.ERROR)  # the scheduler's notes on runs skipped: by design


    work = Path(tempfile.mkdtemp(prefix="judge-flood-"))
    path = init_judge(work / "judge")
    with database(args.database, work) as url:
        if url is not None:
            path.write_text(path.read_text().replace('url = "sqlite:///judge.sqlite"', f'url = "{url}"'))
        config = load_config(path)
        config = replace(config, serve=replace(config.serve, poll_seconds=args.poll))
        if args.limit is not None:
            config = replace(config, flood=replace(config.flood, mails=args.limit))
        raws = mails(args.mails, args.senders, args.loud)
        store = open_store(config.database_url)
        try:
            result = flood(config, store, raws, SystemClock(), timeout=600)
        finally:
            store.close()
    print(f"{args.mails} mails from {args.senders} senders (one loud: {args.loud:.0%} of them) on {args.database}, "
          f"flood limit {config.flood.mails} in {config.flood.window}")
    print("\n".join(result.lines()))
    loud = sum(1 for raw in raws if raw.startswith(b"From: loop@"))
    limit = config.flood.mails
    due = len(raws) - loud + (loud if limit <= 0 or loud <= limit else limit + 1)  # + the flood's answer
    print(f"legitimate mails (and the flood's one answer) answered: {result.answered} of {due}")
    good = not result.wrong and not result.duplicates and result.answered == due
    print("every legitimate mail answered exactly once" if good else "SOME MAILS NOT ANSWERED EXACTLY ONCE")
    if not good:
        sys.exit(1)


if __name__ == "__main__":
    main()
