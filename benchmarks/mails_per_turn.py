"""How many mails a player receives and sends per Turn, by mail, in the kinds with Turns (issue
33, item 11: a median of at most 3 received and 2.5 sent, with orders sent ahead).

Usage (from the top of the tree, after ``pip install -e '.[test]'``):

    python benchmarks/mails_per_turn.py [--kinds plantagenet-ia,plantagenet-ii,richard3]
                                        [--games 3] [--turns 5] [--seed 1]

A judge on SQLite in a temporary folder runs each game by mail through ``ingest`` and ``tick``
(``plantagenet_mails.ByMail``): created, observed, joined by two players. Each player is a bot
that mails only when the judge waits for him, with random legal orders (as ``judge selfplay``
plays); in Plantagenet, with his Pay and his Plan, the rest of his Levy and his cards' actions
sent ahead (``plantagenet_mails.ahead``); Richard III's bots send nothing ahead (its next steps
hang on the cards both houses play). When the judge waits for both players, either may mail
first (drawn at random: as in a game, neither side always first). Each game is played twice
from the same seed, its dice included (the game's secret): the judge's default (SET MAIL TURN)
and every member on SET MAIL EVERY PHASE (the judge before issue 33); the same seed gives the
same games before and after a change of the judge's mail. Every mail the judge sends is counted
against the Turn (``Turned.turn``) it was sent in, the answers to a player's own mails included;
the table gives, per (player, Turn) of the Turns played whole, the median and mean of the mails
he received (all; and those that answer none of his mails) and sent, and the observer's median;
a second table what the players received, by cause.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from collections import Counter
from pathlib import Path
from random import Random
from unittest.mock import patch

from sqlmodel import col, select

from judge.games.kind import Turned
from judge.games.plantagenet.game import PlantagenetGame
from judge.games.registry import game_kind
from judge.service.play import games
from judge.store import GameStatus, Membership, Outbox

sys.path.insert(0, str(Path(__file__).parent))
from plantagenet_mails import ByMail, ahead  # noqa: E402  (a sibling script)

OBSERVER = "watcher@example.org"


def _every_phase(table: ByMail) -> None:
    with table.store.session() as db:
        for membership in db.exec(select(Membership)).all():
            membership.every_phase = True
            db.add(membership)
        db.commit()


def play(folder: Path, kind_name: str, turns: int, seed: int, every_phase: bool
         ) -> tuple[list[int], list[int], list[int], list[int], Counter[str]]:
    """One game by mail for ``turns`` Turns (or to its end): the mails received (all, and but the
    replies to his own) and sent by each (player, Turn) played whole, the observer's received by
    Turn, and the players' received by cause (``_cause``) over those Turns. The game's secret
    (its dice) comes from ``seed``: the same game in both rhythms, before and after a change."""
    made = Random(seed)
    with patch.object(games.secrets, "token_bytes", lambda n=32: made.randbytes(n)):
        table = ByMail(folder, kind_name)
    table.send(OBSERVER, "OBSERVE bench seen")
    if every_phase:
        _every_phase(table)
    kind = game_kind(kind_name)
    assert isinstance(kind, Turned)
    rng = Random(seed)
    who = {address: side for side, address in table.address.items()} | {OBSERVER: "observer"}
    received: Counter[tuple[str, int]] = Counter()
    causes: Counter[tuple[str, int, str]] = Counter()
    replies: Counter[tuple[str, int]] = Counter()
    sent: Counter[tuple[str, int]] = Counter()
    seen = _last_id(table)
    first = kind.turn(table.game().state)
    refused: Counter[str] = Counter()
    while True:
        game = table.game()
        turn = kind.turn(game.state)
        if game.status is not GameStatus.ACTIVE or turn - first >= turns:
            break
        late = table.late()
        if not late or refused[game.phase] >= 2:
            table.advance(hours=80 if late else 1)
        else:
            side = rng.choice(late)  # who mails first, when both must: either, as in a game
            orders = kind.random_orders(game.state, side, rng)  # type: ignore[attr-defined]
            lines = ["CLEAR", *(orders or ["PASS"])]
            step = game.state.get("step", {}).get("name") if isinstance(kind, PlantagenetGame) else None
            if step in ("pay", "plan"):
                lines += ahead(kind, game.state, side, orders, Random(rng.getrandbits(32)),  # type: ignore[arg-type]
                               ("plan",) if step == "pay" else ("pay", "muster"))
            if refused[game.phase]:
                lines = ["CLEAR", "PASS"]
            reply = table.as_side(side, lines)
            sent[(side, turn)] += 1
            if "Error" in reply.split("> PHASE")[0] and table.game().phase == game.phase:
                refused[game.phase] += 1
        with table.store.session() as db:
            for mail in db.exec(select(Outbox).where(col(Outbox.id) > seen)).all():
                if mail.to_address in who:
                    received[(who[mail.to_address], turn)] += 1
                    replies[(who[mail.to_address], turn)] += mail.in_reply_to is not None
                    causes[(who[mail.to_address], turn, _cause(mail))] += 1
        seen = _last_id(table)
    last = kind.turn(table.game().state)
    whole = range(first, last)  # the Turns played to their end
    players = [received[(side, t)] for side in table.address for t in whole]
    others = [received[(side, t)] - replies[(side, t)] for side in table.address for t in whole]
    mailed = [sent[(side, t)] for side in table.address for t in whole]
    by_cause: Counter[str] = Counter()
    for (side, t, cause), count in causes.items():
        by_cause[cause] += count if side in table.address and t in whole else 0
    table.store.close()
    return players, others, mailed, [received[("observer", t)] for t in whole], by_cause


CAUSES = ("answer", "answer with results", "results", "orders read", "reminder", "other notice")


def _cause(mail: Outbox) -> str:
    """Why the judge mailed a player: its answer to his mail (alone, or carrying results), a
    results mail, his orders sent ahead read as their phase began, a reminder, another notice."""
    if mail.in_reply_to is not None:
        return "answer with results" if " results " in mail.body else "answer"
    if " results " in mail.subject:
        return "results"
    if " orders " in mail.subject:
        return "orders read"
    return "reminder" if "Reminder:" in mail.body else "other notice"


def _last_id(table: ByMail) -> int:
    with table.store.session() as db:
        return db.exec(select(Outbox.id).order_by(col(Outbox.id).desc())).first() or 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kinds", default="plantagenet-ia,plantagenet-ii,richard3")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--turns", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"mails per player per Turn, {args.games} games of at most {args.turns} Turns a kind "
          "(median / mean; received includes the answers to his own mails):")
    print(f"{'kind':16} {'mail':11} {'Turns':>5} {'received':>12} {'not answers':>12} {'sent':>11} "
          f"{'observer':>8}")
    broken_down: list[tuple[str, bool, int, Counter[str]]] = []
    with tempfile.TemporaryDirectory() as tmp:
        for name in args.kinds.split(","):
            for every_phase in (False, True):
                got: list[int] = []
                other: list[int] = []
                gave: list[int] = []
                watched: list[int] = []
                why: Counter[str] = Counter()
                for number in range(args.games):
                    folder = Path(tmp) / f"{name}-{number}-{every_phase}"
                    players, others, mailed, observer, causes = play(
                        folder, name, args.turns, args.seed * 1000 + number, every_phase)
                    why.update(causes)
                    got += players
                    other += others
                    gave += mailed
                    watched += observer
                if not got:
                    print(f"{name:16} no Turn played whole")
                    continue
                print(f"{name:16} {'EVERY PHASE' if every_phase else 'TURN':11} {len(watched):5} "
                      f"{statistics.median(got):5.1f} /{statistics.mean(got):5.1f} "
                      f"{statistics.median(other):5.1f} /{statistics.mean(other):5.1f} "
                      f"{statistics.median(gave):4.1f} /{statistics.mean(gave):5.1f} "
                      f"{statistics.median(watched):8.1f}")
                broken_down.append((name, every_phase, len(got), why))
    print("\nwhat a player receives, by cause (mean per player and Turn):")
    print(f"{'kind':16} {'mail':11} " + " ".join(f"{cause:>19}" for cause in CAUSES))
    for name, every_phase, count, why in broken_down:
        print(f"{name:16} {'EVERY PHASE' if every_phase else 'TURN':11} "
              + " ".join(f"{why[cause] / count:19.2f}" for cause in CAUSES))


if __name__ == "__main__":
    main()
