"""Plantagenet by mail: nothing the rules hide from a reader reaches him (issue 22). Hidden: each
side's Plan until each card is revealed (4.1.2, 4.2), and so its unused Command cards (1.9.2);
its held Events until played (3.1.3, 1.9.1); with the Hidden Mats option (1.5.3) the mats of its
Lords (Forces, Assets, Vassals, Capabilities) outside Battle. A master who plays no side and an
observer see the same: neither side's secrets.

Random games by mail of every scenario (the short ones whole, the grand one bounded; with and
without Hidden Mats) are played from the engine's random player: Plans with standing orders, now
and then the next phase's orders sent ahead (PHASE), now and then silence until the deadline, and
BOARD, HISTORY and SUMMARY asked by each side, an observer and the master (who asks PREDICT
too: refused where the kind hides information). Two checks:

- every mail, as it is written, is searched for what its reader may not know at that moment;
- the same mails replayed with one side's secret changed (another card in its Plan, other held
  Events) give the other side, the observer and the master byte-identical mails until the rules
  reveal the difference.

(Plantagenet has no map drawing yet: ``judge.pictures.DRAWINGS`` has none for it, so no mail
carries a picture to search.)
"""

from __future__ import annotations

import copy
import difflib
import html
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from random import Random
from typing import Any

import pytest
from mail_judge import MailJudge
from plantagenet_mail import current_game, phase_records
from sqlmodel import col, select

from judge.games.plantagenet.command import PASS, plan_refusal
from judge.games.plantagenet.data import BOARD, SIDES, other
from judge.games.plantagenet.state import command_lords
from judge.games.plantagenet.view import revealed
from judge.games.registry import game_kind
from judge.service.config import load_config
from judge.service.daemon.operate import init_judge
from judge.service.web.archive import build_archive
from judge.store import Game, GameStatus, Membership, Outbox, PhaseRecord, Picture, Player, open_store

MASTER = "master@example.org"
WATCHER = "watcher@example.org"
ADDRESSES = ("white@example.org", "red@example.org")
ASKED = ("BOARD roses", "HISTORY roses", "SUMMARY roses")
CODE = re.compile(r"\bCONFIRM [a-z0-9]{8}\b")


@dataclass
class Step:
    """One thing done to the judge: a mail from ``address`` (None: the clock moves ``minutes``)."""

    address: str | None
    body: str = ""
    minutes: float = 0


@dataclass
class Played:
    """A game by mail as it went: the steps, and after each the game's state and last mail id."""

    judge: MailJudge
    steps: list[Step] = field(default_factory=list)
    states: list[dict[str, Any]] = field(default_factory=list)
    last_ids: list[int] = field(default_factory=list)
    record_counts: list[int] = field(default_factory=list)
    readers: dict[str, str | None] = field(default_factory=dict)

    def do(self, step: Step) -> str:
        reply = ""
        if step.address is None:
            self.judge.advance(minutes=step.minutes)
        else:
            reply = self.judge.send(step.address, step.body)
            assert "Traceback" not in reply and "internal error" not in reply.lower(), reply
        self.steps.append(step)
        with self.judge.store.session() as db:
            game = db.exec(select(Game)).one()
            self.states.append(copy.deepcopy(game.state or {}))
            self.last_ids.append(db.exec(select(Outbox.id).order_by(col(Outbox.id).desc())).first() or 0)
            self.record_counts.append(len(db.exec(select(PhaseRecord.id)).all()))
        return reply

    def game(self) -> Game:
        return current_game(self.judge)

    def records(self) -> list[PhaseRecord]:
        return phase_records(self.judge)

    def mails(self, after: int = 0, upto: int | None = None) -> list[Outbox]:
        with self.judge.store.session() as db:
            rows = db.exec(select(Outbox).where(col(Outbox.id) > after).order_by(col(Outbox.id))).all()
        return [row for row in rows if upto is None or (row.id or 0) <= upto]

    def map_text(self, mail: Outbox) -> str:
        """The words of the map picture a mail carries (its SVG's text), or nothing."""
        if mail.picture_id is None:
            return ""
        with self.judge.store.session() as db:
            picture = db.get(Picture, mail.picture_id)
        assert picture is not None
        return html.unescape(re.sub(r"<[^>]*>", " ", picture.svg))


def fresh_judge(tmp_path: Path, name: str) -> MailJudge:
    config = load_config(init_judge(tmp_path / name))
    return MailJudge(config, open_store(config.database_url))


def start(played: Played, kind: str, secret: bytes, every_phase: bool = True) -> dict[str, str]:
    """Create, observe and fill the game; each side's SIGNON. The game is given ``secret``
    before it starts: the same seed gives the same game (the same sides, the same dice). With
    ``every_phase`` every member reads a mail a phase (SET MAIL EVERY PHASE), else a mail by
    the default rhythm (one mail carrying several phases' reports, with a chained map)."""
    judge = played.judge
    reply = judge.enrol(MASTER, f"CREATE ?roses secret {kind}\nSET LEVY DEADLINE 24h\nSET PLAN DEADLINE 24h\n"
                                "SET COMMAND DEADLINE 24h" if game_kind(kind).hidden_information else
                        f"CREATE ?roses secret {kind}\nSET BATTLE DEADLINE 24h")
    assert "created" in reply, reply
    with judge.store.session() as db:
        game = db.exec(select(Game)).one()
        game.secret = secret
        db.add(game)
        db.commit()
    judge.enrol(WATCHER, "OBSERVE roses seen")
    judge.enrol(ADDRESSES[0], "JOIN roses pw0")
    assert "roses has started" in judge.enrol(ADDRESSES[1], "JOIN roses pw1")
    with judge.store.session() as db:
        rows = db.exec(select(Membership, Player).where(Membership.player_id == Player.id)).all()
        for membership, _ in rows:  # every phase's mail read (SET MAIL EVERY PHASE): the most told
            membership.every_phase = every_phase
            db.add(membership)
        db.commit()
    address = {m.power: p.address for m, p in rows if m.power}
    played.readers = {address[side]: side for side in SIDES} | {WATCHER: None, MASTER: None}
    played.do(Step(None, minutes=1))
    return {side: f"SIGNON {side[0]}roses pw{ADDRESSES.index(address[side])}" for side in SIDES}


def address_of(played: Played, side: str) -> str:
    return next(address for address, reader in played.readers.items() if reader == side)


def play(played: Played, kind: str, seed: int, phases: int, every_phase: bool = True) -> None:
    """The random players' game by mail, up to its end or ``phases`` phases."""
    signons = start(played, kind, b"roses %d" % seed, every_phase)
    engine = game_kind(kind)
    rng = Random(seed)
    asking = {address_of(played, side): signons[side] + "\n" for side in SIDES} | {
        WATCHER: "", MASTER: "SIGNON Mroses secret\nPREDICT\n"}
    for _ in range(phases):
        current = played.game()
        if current.status is GameStatus.FINISHED:
            return
        state = current.state
        pending = engine.pending(state)
        for side in sorted(pending.powers):
            if played.game().phase != current.phase:
                break
            orders = engine.random_orders(state, side, rng)
            if not orders or rng.random() < 0.1:
                continue
            if rng.random() < 0.4:
                orders += ahead(engine, state, side, orders, rng)
            played.do(Step(address_of(played, side), "\n".join([signons[side], *orders])))
        for address, signon in asking.items():
            if rng.random() < 0.1:
                played.do(Step(address, signon + rng.choice(ASKED)))
        if played.game().phase == current.phase and played.game().status is not GameStatus.FINISHED:
            played.do(Step(None, minutes=49 * 60))  # a side was silent: the deadline and its grace pass
        played.do(Step(None, minutes=1))


def ahead(engine: Any, state: dict[str, Any], side: str, orders: list[str], rng: Random) -> list[str]:
    """The orders of the next phases of the side's, as far as three phases on, each after a
    PHASE line, as a player guesses them: the judge keeps them, uses each when its phase begins
    and asks again if it has become illegal."""
    lines: list[str] = []
    guess = copy.deepcopy(state)
    for step in range(3):
        given = {s: orders if s == side and step == 0 else engine.random_orders(guess, s, rng)
                 for s in engine.pending(guess).powers}
        guess = engine.resolve(copy.deepcopy(guess), given, Random(rng.random())).state
        if engine.outcome(guess) is not None:
            break
        if side in engine.pending(guess).powers and (later := engine.random_orders(guess, side, rng)):
            lines += [f"PHASE {engine.phase(guess)}", *later]
    return lines


# --- what a reader may not know ------------------------------------------------------------


def plan_leaks(text: str, plan: list[str], shown: int) -> list[str]:
    """The ways a mail could write a Plan of which ``shown`` cards are revealed: the Plan as
    ordered, the revealed cards followed by the next one, or three cards in a row of which one
    is not yet revealed (each with a Lord in it: Pass cards alone say nothing)."""
    if shown >= len(plan):
        return []
    runs = [plan[: shown + 1]] if shown else []
    runs += [plan[i:i + 3] for i in range(max(0, shown - 2), len(plan) - 2)]
    words = ["PLAN " + ", ".join(plan)]
    words += [", ".join(run) for run in runs if len(run) >= 2 and any(card != PASS for card in run)]
    open_part = ", ".join(plan[:shown])  # the revealed cards may repeat what follows them
    return [word for word in words if says(text, word) and not says(open_part, word)]


UNIQUE_TITLES = {title for title, count in Counter(
    title for card in BOARD.cards.values() for title in (card.event, card.capability)).items() if count == 1}


def card_words(card: str) -> list[str]:
    """A held card as a mail could name it: its id, and its Event's title if no other card has it."""
    title = BOARD.cards[card].event
    return [card] + ([title] if title in UNIQUE_TITLES else [])


LORD_NAMES = re.compile("|".join(re.escape(lord) for lord in sorted(BOARD.lords, key=len, reverse=True)))


def without_lords(text: str) -> str:
    """The text with each Lord's name blanked: some hold a card's id (Northumberland Y1)."""
    return LORD_NAMES.sub("Lord", text)


def says(text: str, word: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text) is not None


MAT_LINE = re.compile(r"^  (\S.*?) at \S.*?(: .*| \(mat hidden, 1\.5\.3\))$", re.M)


def leaks(played: Played, pages: dict[str, str] | None = None) -> list[tuple[int, str | None, str, str]]:
    """What each mail of the game showed that its reader could not know as it was written (the
    enemy's Plan, held Events, standing orders naming his Lords, with Hidden Mats his mats):
    (mail id, reader, subject, what); and each of ``pages`` (by name: the archive's, read now)
    that an observer could not know. A word counts only if the reader's mails had not carried
    it before the secret came to be (an earlier Plan, a card played in an earlier Turn)."""
    records = played.records()
    spied = {(event["side"], card) for record in records for event in record.resolution["events"]
             if event["type"] == "aspielles" for card in event.get("held", [])}  # Y13, L13: shown to its player
    found = []
    text_of = {address: "" for address in played.readers}  # each reader's mails so far
    length_at: dict[str, list[int]] = {address: [] for address in played.readers}  # ... before each step
    since: dict[tuple[str, str], int] = {}  # the step each secret came to be: a Plan, a held card
    after = 0
    for index, state in enumerate(played.states):
        before = played.states[index - 1] if index else {}
        for address in played.readers:
            length_at[address].append(len(text_of[address]))
        told = {event.get("card") for record in records[played.record_counts[index - 1] if index else 0:
                                                         played.record_counts[index]]
                for event in record.resolution["events"] if event["type"] != "event held"}  # played, discarded
        for side in SIDES if "plans" in state else []:
            if state["plans"][side] != before.get("plans", {}).get(side):
                since[side, "plan"] = index
            for card in state["held"][side]:
                if card not in before.get("held", {}).get(side, []):
                    since[side, card] = index
            for order in state.get("standing", {}).get(side, []):
                if order not in before.get("standing", {}).get(side, []):
                    since[side, "standing " + order] = index

        def new(address: str, word: str, secret: tuple[str, str]) -> bool:
            """Whether ``word`` is news to the reader at ``address``: not in his mails before."""
            return not says(text_of[address][:length_at[address][since[secret]]], word)

        read = [(mail.id or 0, mail.to_address, mail.subject, mail.body, played.map_text(mail))
                for mail in played.mails(after, played.last_ids[index]) if mail.to_address in played.readers]
        if index == len(played.states) - 1:
            read += [(0, WATCHER, name, page, "") for name, page in (pages or {}).items()]
        for mail_id, address, subject, body, drawn in read:
            reader = played.readers[address]
            text = subject + "\n" + body + "\n" + drawn  # the mail and its map
            for enemy in [side for side in SIDES if side != reader] if "plans" in state else []:
                plan = state["plans"][enemy]
                found += [(mail_id, reader, subject, f"{enemy}'s Plan: {word}")
                          for word in plan_leaks(text, plan, revealed(state, enemy))
                          if new(address, word, (enemy, "plan"))]
                for card in state["held"][enemy]:
                    if (reader, card) not in spied and card not in told:
                        found += [(mail_id, reader, subject, f"{enemy} holds {word}")
                                  for word in card_words(card)
                                  if says(without_lords(text), word) and new(address, word, (enemy, card))]
                found += [(mail_id, reader, subject, f"{enemy}'s standing order {order}")
                          for order in state.get("standing", {}).get(enemy, [])
                          if any(says(order, lord) for lord in state["lords"] if BOARD.lords[lord].side == enemy)
                          and says(text, order) and new(address, order, (enemy, "standing " + order))]
                if state.get("hidden_mats") and reader is not None and "Battle" not in text:
                    found += [(mail_id, reader, subject, f"{lord}'s mat{rest}")
                              for lord, rest in MAT_LINE.findall(body)
                              if lord in BOARD.lords and BOARD.lords[lord].side == enemy and rest.startswith(":")]
                    found += [(mail_id, reader, subject, f"{enemy}'s {what}") for what in own_figures(body, enemy)]
            found += [(mail_id, reader, subject, what) for what in own_lines(body, reader)]
            text_of[address] += text
        after = played.last_ids[index]
    return found


LORD_LINE = re.compile(r"^  (\S.*?) (?:at|in) \S")
"""A Lord's line of the board: where he stands (at a Locale, in an Exile box)."""
OWN_LINE = re.compile(r"^    (Lordship \d|Cannot Pay|Cannot Feed)")
"""The lines under a Lord of the board that only his side reads: his ratings, his Pay or Feed flag."""
WARNING = re.compile(r"^Warning: (.+?) (?:cannot Pay|must Feed)", re.M)
FIGURES = (re.compile(r"^  (York|Lancaster) pays its Troops: \d", re.M),
           re.compile(r"^    (.+?) Feeds?: \d", re.M), re.compile(r"^    (.+?) Hauls? \d", re.M))
"""Pay, Feed and Haul told with their figures (issue 33): the mat's, hidden from the enemy with Hidden Mats."""


DREW = re.compile(r"^  You (?:drew|discard) (\S+) ", re.M)
"""A side's own Arts of War draw (3.1.2) or a Capability it discards (3.4.6, 1.5.4), told to that
side alone."""


def own_lines(body: str, reader: str | None) -> list[str]:
    """A board's ratings or Pay/Feed flag under a Lord not of the reader's side, a warning on
    orders naming one, and a draw of the other side's (3.1.2, "You drew", issue 33): each is his
    side's alone, an observer's never."""
    found, lord = [], None
    for line in body.splitlines():
        if (match := LORD_LINE.match(line)) is not None and match[1] in BOARD.lords:
            lord = match[1]
        elif OWN_LINE.match(line) and (lord not in BOARD.lords or BOARD.lords[lord].side != reader):
            found.append(f"{lord}: {line.strip()}")
        elif not line.startswith("    "):
            lord = None
    found += [f"{BOARD.cards[card].side}'s draw {card}" for card in DREW.findall(body)
              if card not in BOARD.cards or BOARD.cards[card].side != reader]
    return found + [f"warning on {name}" for name in WARNING.findall(body)
                    if name not in BOARD.lords or BOARD.lords[name].side != reader]


def own_figures(body: str, enemy: str) -> list[str]:
    """With Hidden Mats, the enemy's Pay, Feed or Haul told with its figures."""
    return [match[0] for pattern in FIGURES for match in pattern.finditer(body)
            if match[1] == enemy or all(BOARD.lords.get(name) and BOARD.lords[name].side == enemy
                                        for name in match[1].split(", "))]


def page_leaks(record: PhaseRecord, page: str) -> list[str]:
    """What an archive page of one phase shows that an observer could not know after it: a
    Plan beyond its revealed cards (4.1.2), an Event held before and after it (3.1.3)."""
    state, found = record.state_after, list[str]()
    if "plans" not in state:
        return found
    told = {event.get("card") for event in record.resolution["events"] if event["type"] != "event held"}
    for side in SIDES:
        found += [f"{side}'s Plan: {word}" for word in plan_leaks(page, state["plans"][side], revealed(state, side))]
        found += [f"{side} holds {word}" for card in state["held"][side]
                  if card in record.state_before["held"][side] and card not in told
                  for word in card_words(card) if says(without_lords(page), word)]
    return found


SHORT = [("plantagenet-ia", 1, 400), ("plantagenet-ib-hidden", 2, 400), ("plantagenet-ic", 3, 400),
         ("plantagenet-ii-hidden", 4, 400), ("plantagenet-iii", 5, 400), ("plantagenet", 6, 60),
         ("plantagenet-bosworth", 7, 5)]


@pytest.mark.parametrize("every_phase", [True, False], ids=["every-phase", "by-turn"])
@pytest.mark.parametrize(("kind", "seed", "phases"), SHORT)
def test_no_mail_shows_its_reader_what_the_rules_hide(
    judge: MailJudge, tmp_path: Path, kind: str, seed: int, phases: int, every_phase: bool
) -> None:
    """4.1.2, 4.2: no mail names the enemy's Plan beyond its revealed cards; 3.1.3: nor a held
    Event of his; 1.5.3: with Hidden Mats, nor his Lords' mats outside Battle. Nor does the
    archive's every page, as it stands at the end (the observers' view). Nor the map a mail
    carries; in either rhythm: a mail a phase (SET MAIL EVERY PHASE), or by default one mail
    carrying every report since the reader's last, chained, with the chain's map."""
    played = Played(judge)
    play(played, kind, seed, phases, every_phase)
    site = tmp_path / "site"
    build_archive(judge.store, site)
    pages = {str(path.relative_to(site)): html.unescape(re.sub(r"<[^>]*>", "", path.read_text(encoding="utf-8")))
             for path in site.rglob("*.html")}
    assert any("roses" in name for name in pages)
    records = {f"phase-{re.sub(r'[^a-z0-9]+', '-', record.phase.lower())}.html": record for record in played.records()}
    assert any(Path(name).name in records for name in pages) or kind == "plantagenet-bosworth"
    assert [found for name, page in pages.items() if Path(name).name in records
            for found in page_leaks(records[Path(name).name], page)] == []
    assert leaks(played, {name: page for name, page in pages.items() if Path(name).name not in records}) == []
    assert played.game().status is GameStatus.FINISHED or phases < 400
    planned = [s for s in played.states if any(s.get("plans", {}).get(side) for side in SIDES)]
    assert planned or kind == "plantagenet-bosworth"
    chained = [mail for mail in played.mails() if " results roses " in mail.subject and " to " in mail.subject]
    assert every_phase or kind == "plantagenet-bosworth" or (chained and any(m.picture_id for m in chained))


# --- the same game with one side's secret changed ------------------------------------------


def replay(played: Played, kind: str, seed: int, into: Played, until: int,
           alter: Callable[[int, Step, Played], Step]) -> None:
    """``played``'s steps before ``until`` again into ``into``, with the same secret (so the
    same sides and dice); ``alter`` may change each step (or the game) before it is done."""
    start(into, kind, b"roses %d" % seed)
    for index, step in enumerate(played.steps[1:until], start=1):
        into.do(alter(index, step, into))


def mails_of(played: Played, address: str, upto: int) -> list[tuple[str, str]]:
    """The mails to ``address`` up to the mail id ``upto``, as read (a confirmation code masked)."""
    return [(mail.subject, CODE.sub("CONFIRM ?", mail.body)) for mail in played.mails(upto=upto)
            if mail.to_address == address]


def same_until(first: Played, second: Played, reader: str | None, cut: int) -> int:
    """Assert that the mails to everyone but ``reader``'s enemy are the same in both games
    before step ``cut``; how many results mails were compared."""
    compared = 0
    for address, who in first.readers.items():
        if who is None or who == reader:
            assert address in second.readers and second.readers[address] == who
            mails = mails_of(first, address, first.last_ids[cut - 1])
            others = mails_of(second, address, second.last_ids[cut - 1])
            for mail, another in zip(mails, others):
                assert mail == another, (who, mail[0], "\n".join(difflib.unified_diff(
                    mail[1].splitlines(), another[1].splitlines(), lineterm="", n=1)))
            assert len(mails) == len(others), (who, mails[len(others):], others[len(mails):])
            compared += sum("results" in subject for subject, _ in mails)
    return compared


def other_plan(state: dict[str, Any], side: str, plan: list[str]) -> list[str] | None:
    """The Plan with its second card changed for another the side may plan (4.1, 1.9.2)."""
    for card in [*command_lords(state, side), PASS]:
        changed = [plan[0], card, *plan[2:]]
        if card != plan[1] and plan_refusal(state, side, tuple(changed)) is None:
            return changed
    return None


@pytest.mark.parametrize(("kind", "seed", "phases"), [("plantagenet-ia", 11, 60), ("plantagenet-ii-hidden", 12, 60)])
def test_another_plan_changes_nothing_the_enemy_reads_until_its_card_is_revealed(
    judge: MailJudge, tmp_path: Path, kind: str, seed: int, phases: int
) -> None:
    """4.1.2: the same mails with the second card of one side's Plan changed (so other unused
    Command cards too, 1.9.2): the other side, the observer and the master read the same mails,
    byte for byte, until that card is revealed (4.2)."""
    played = Played(judge)
    play(played, kind, seed, phases)
    engine = game_kind(kind)
    chosen = None
    for index, step in enumerate(played.steps):
        side = played.readers.get(step.address or "")
        line = next((line for line in step.body.splitlines() if line.startswith("PLAN ")), None)
        state = played.states[index - 1]
        if side is None or line is None or engine.pending(state).phase.split()[-1:] != ["plan"]:
            continue
        plan = line.removeprefix("PLAN ").split(", ")
        changed = other_plan(state, side, plan)
        cut = next((later for later in range(index, len(played.states))
                    if played.states[later]["plans"][side] != plan or revealed(played.states[later], side) > 1),
                   len(played.states))
        if changed and cut > index + 1:
            chosen = index, side, line, "PLAN " + ", ".join(changed), cut
            break
    assert chosen is not None
    index, side, line, written, cut = chosen
    replayed = Played(fresh_judge(tmp_path, "other"))
    replay(played, kind, seed, replayed, cut + 1, lambda at, step, game: Step(step.address, step.body.replace(line, written))
           if at == index else step)
    assert replayed.states[index]["plans"][side] == written.removeprefix("PLAN ").split(", ")
    assert same_until(played, replayed, str(other(side)), cut) >= 1
    assert any(mails_of(played, address, played.last_ids[cut]) != mails_of(replayed, address, replayed.last_ids[cut])
               for address, who in played.readers.items() if who != side)  # then revealed (4.2)


def swap_held(game: Played, side: str) -> None:
    """Give ``side`` other Events: each held card changes places with the deck's card at its
    index (the deck is as hidden as the hand: 1.9.1, 3.1.3). The record of the last phase
    leads to the changed state, as if its draws had been these."""
    with game.judge.store.session() as db:
        row = db.exec(select(Game)).one()
        last = db.exec(select(PhaseRecord).order_by(col(PhaseRecord.id).desc())).first()
        assert last is not None and last.state_after == row.state
        state = copy.deepcopy(row.state)
        held, deck = state["held"][side], state["decks"][side]
        for n in range(len(held)):
            held[n], deck[n] = deck[n], held[n]
        row.state, last.state_after = state, copy.deepcopy(state)
        db.add(row)
        db.add(last)
        db.commit()


@pytest.mark.parametrize(("kind", "seed", "phases"), [("plantagenet-ia", 1, 60), ("plantagenet-iii", 22, 60)])
def test_other_held_events_change_nothing_the_enemy_reads_until_one_is_played(
    judge: MailJudge, tmp_path: Path, kind: str, seed: int, phases: int
) -> None:
    """3.1.3, 1.9.1: the same mails with one side's held Events swapped for cards of its deck
    after its Plan: the other side, the observer and the master read the same mails, byte for
    byte, until a card is played, discarded or drawn, or Aspielles (Y13, L13) shows them."""
    played = Played(judge)
    play(played, kind, seed, phases)
    chosen = None
    for index, state in enumerate(played.states):
        for side in SIDES:
            if ("plans" in state and state["step"]["name"] == "command" and state["held"][side]
                    and len(state["decks"][side]) >= len(state["held"][side])
                    and not any(BOARD.cards[card].event == BOARD.cards["Y13"].event for card in state["held"][other(side)])):
                cut = next((later for later in range(index + 1, len(played.states))
                            if played.states[later]["held"] != state["held"] or played.states[later]["decks"] != state["decks"]
                            or "plans" not in played.states[later]), len(played.states))
                if cut > index + 2:
                    chosen = index, side, cut
                    break
        if chosen:
            break
    assert chosen is not None
    index, side, cut = chosen
    other_game = Played(fresh_judge(tmp_path, "other"))

    def alter(at: int, step: Step, game: Played) -> Step:
        if at == index + 1:
            swap_held(game, side)
        return step

    replay(played, kind, seed, other_game, cut + 1, alter)
    assert other_game.states[index + 1]["held"][side] != played.states[index + 1]["held"][side]
    changed = next((later for later in range(index + 1, len(other_game.states))
                    if other_game.states[later]["held"] != other_game.states[index + 1]["held"]
                    or other_game.states[later]["decks"] != other_game.states[index + 1]["decks"]), len(other_game.states))
    assert same_until(played, other_game, str(other(side)), min(cut, changed)) >= 1


def test_a_held_event_discarded_at_reset_is_not_named_to_the_enemy() -> None:
    """3.1.3, 4.8.6: a held Event goes back into its deck unseen, as it was held: the enemy
    and an observer read that a held Event was discarded, not which; its side reads which."""
    from judge.games.plantagenet.view import report_for
    from judge.service.mailing.reports import render

    report = {"events": [{"type": "discard held", "side": "York", "card": "Y20"}]}
    for reader in ("Lancaster", None):
        text = render("plantagenet/events.txt", report=report_for(report, reader))
        assert text.strip() == "York discards a held Event (4.8.6).", text
    text = render("plantagenet/events.txt", report=report_for(report, "York"))
    assert text.strip() == "York discards the held Event Y20 (Yorkist Parade) (4.8.6).", text


@pytest.mark.parametrize("kind", ["plantagenet-ia", "plantagenet-ia-hidden"])
def test_the_first_draws_are_told_to_their_side_alone_in_the_start_notice_3_1_2(judge: MailJudge, kind: str) -> None:
    """3.1.2, 1.5.3: each side's start notice tells it, a line each, the Capabilities it drew at
    the first Levy and for which Lord ("You drew ... (3.1.2)"); the other side, the observer and
    the master are told none of them (with Hidden Mats not even the card), nor does BOARD repeat
    them."""
    played = Played(judge)
    signons = start(played, kind, b"roses draws")
    drawn = {side: [(card, lord) for lord, mat in played.game().state["lords"].items()
                    if BOARD.lords[lord].side == side for card in mat.get("caps", ())] for side in SIDES}
    assert all(drawn.values()), drawn
    notices = {played.readers[mail.to_address]: mail.body for mail in played.mails()
               if "The starting position:" in mail.body and mail.to_address in (*ADDRESSES, WATCHER, MASTER)}
    for side in SIDES:
        mine = notices[side]
        for card, lord in drawn[side]:
            assert f"  You drew {card} ({BOARD.cards[card].capability}) for {lord} (3.1.2).\n" in mine, mine
        assert mine.count("You drew") == 2, mine  # two cards a side; one none may take is discarded
        enemy_cards = [card for card, _ in drawn[other(side)]]
        assert own_lines(mine, side) == [], mine
        if kind.endswith("-hidden"):
            assert not any(says(without_lords(mine), card) for card in enemy_cards), mine
        board = played.do(Step(address_of(played, side), f"{signons[side]}\nBOARD roses"))
        assert "You drew" not in board, board
    observers = [body for address, body in ((m.to_address, m.body) for m in played.mails())
                 if address in (WATCHER, MASTER) and "The starting position:" in body]
    assert observers and not any("You drew" in body for body in observers), observers


def test_a_later_draw_is_told_to_its_side_alone_3_1_2() -> None:
    """3.1.2 (each War's first Levy in the grand scenario): a Capability drawn, or drawn and
    discarded, is told to its side as its own line; the enemy and observers read nothing of it."""
    from judge.games.plantagenet.view import report_for
    from judge.service.mailing.reports import render

    report = {"events": [{"type": "capability", "side": "York", "card": "Y10", "lord": "March"},
                         {"type": "capability discarded", "side": "York", "card": "Y5"}]}
    for reader in ("Lancaster", None):
        assert render("plantagenet/events.txt", report=report_for(report, reader)).strip() == ""
    text = render("plantagenet/events.txt", report=report_for(report, "York"))
    assert text == ("  You drew Y10 (Agitators) for March (3.1.2).\n"
                    "  You drew Y5 (Thomas Bourchier) and discard it: no Lord may take it (3.1.2).\n"), text


def test_a_capability_discarded_at_the_crowning_is_told_to_its_side_alone_3_4_6(judge: MailJudge) -> None:
    """III King Richard, 3.4.6: Gloucester (2) holds So wise, so young (Y34), which Richard III may
    not hold; crowned, Richard III takes his mat without it. The Yorkists' results tell them, a
    line of its own, that the card is discarded; the Lancastrians', the observer's and the
    master's do not."""
    played = Played(judge)
    signons = start(played, "plantagenet-iii", b"roses crown")
    with judge.store.session() as db:
        row = db.exec(select(Game)).one()
        state = copy.deepcopy(row.state)
        for pile in (state["decks"]["York"], state["held"]["York"], state["aside"]):
            if "Y34" in pile:
                pile.remove("Y34")
        caps = state["lords"]["Gloucester 2"]["caps"]
        state["decks"]["York"] += caps[1:]
        state["lords"]["Gloucester 2"]["caps"] = [*caps[:1], "Y34"]
        row.state = state
        db.add(row)
        db.commit()
    after = played.mails()[-1].id or 0
    played.do(Step(address_of(played, "Lancaster"), f"{signons['Lancaster']}\nPASS"))
    played.do(Step(address_of(played, "York"), f"{signons['York']}\nCROWN Richard III"))
    assert "Y34" not in played.game().state["lords"]["Richard III"]["caps"]
    told = {address: "\n".join(m.body for m in played.mails(after) if m.to_address == address and " results " in m.subject)
            for address in played.readers}
    line = "  You discard Y34 (So wise, so young) from Gloucester 2 (3.4.6).\n"
    assert line in told[address_of(played, "York")], told
    assert all(body and "You discard" not in body for address, body in told.items()
               if played.readers[address] != "York"), told
