"""What the rules hide stays hidden from masters and observers too (issue 17, points 3 and 9),
attacked by mail on SQLite and PostgreSQL:

- a master CREATEs a Richard III game and JOINs the other house from the same address; signed on
  as master he tries BECOME (the rival's house), an order for it, BOARD and PREDICT while the
  rival's card lies played: BECOME and PREDICT are refused (the kind hides information), BOARD is
  the observers', and no mail to his address ever names a rival block his house's views hid;
- PREDICT where nothing is hidden throws dice of its own, never the phase's (a toy open game with
  dice in a phase with orders), and says they are illustrative; Diplomacy's says nothing of dice;
- an outsider asks SUMMARY after every phase: the usurpation count (8.2) shows only as the
  political turn counts it openly, the same numbers as the results; the archive likewise.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from random import Random
from typing import Any

import pytest
from duel import Duel
from duel_play import duel_judge, order, started
from mail_judge import MailJudge
from mail_judge import current_game as game
from mail_judge import phase_records as records
from sqlmodel import select

from judge.games.kind import PhaseResult, State
from judge.games.richard3.data import BOARD, SIDES
from judge.games.richard3.game import Richard3Game
from judge.games.richard3.political import usurpation_count
from judge.service.config import load_config
from judge.service.daemon.operate import init_judge
from judge.service.web.archive import build_archive
from judge.store import GameStatus, Membership, Player, open_store

MASTER = "master@example.org"
RIVAL = "rival@example.org"
WATCHER = "watcher@example.org"
OUTSIDER = "outsider@example.org"


@pytest.fixture
def judge(judge_on_each_backend: MailJudge) -> MailJudge:
    """A judge on SQLite, then on PostgreSQL (``conftest``)."""
    return judge_on_each_backend


def houses(judge: MailJudge) -> dict[str, tuple[str, str]]:
    """Each house's player's address and SIGNON line (the password is ``pw`` + his address's
    first letter)."""
    with judge.store.session() as db:
        rows = db.exec(select(Membership, Player).where(Membership.player_id == Player.id)).all()
    return {m.power: (p.address, f"SIGNON {m.power[0]}roses pw{p.address[0]}")
            for m, p in rows if m.power}


def create(judge: MailJudge, kind: str, master_plays: bool) -> dict[str, tuple[str, str]]:
    """The master creates ``roses`` (and confirms his address: BOARD and PREDICT are answered
    to a confirmed address only); the rival joins, then the master from the same address (or,
    without ``master_plays``, another player); a watcher observes. Maps off: text is enough."""
    reply = judge.enrol(MASTER, f"CREATE ?roses secret {kind}\nSET CARDS DEADLINE 24h\n"
                               "SET ACTIONS DEADLINE 24h\nSET POLITICAL DEADLINE 24h\nSET MAP OFF")
    assert f"Game roses ({kind}) created" in reply, reply
    judge.send(WATCHER, "OBSERVE roses seen\nSET MAP OFF")
    judge.send(RIVAL, "JOIN roses pwr")
    other = MASTER if master_plays else "white@example.org"
    reply = judge.send(other, f"JOIN roses pw{other[0]}")
    assert "roses has started" in reply, reply
    seats = houses(judge)
    for address, signon in seats.values():
        judge.send(address, f"{signon}\nSET MAP OFF")
    return seats


def play(judge: MailJudge, seats: dict[str, tuple[str, str]], engine: Richard3Game, rng: Random,
         phases: int) -> None:
    """``phases`` phases by mail, every house that acts giving random legal orders in time."""
    for _ in range(phases):
        current = game(judge)
        if current.status is not GameStatus.ACTIVE:
            return
        for house in sorted(engine.pending(current.state).powers):
            if game(judge).phase != current.phase:
                break
            orders = engine.random_orders(current.state, house, rng)
            orders += [] if engine.pending(current.state).timing == "cards" else ["DONE"]
            address, signon = seats[house]
            judge.send(address, "\n".join([signon, *orders]))
        judge.advance(minutes=1)


def hidden_names(house: str, shown: str) -> set[str]:
    """The enemy's blocks that the house's views (``shown``: their JSON) never named, as far as
    a name can only mean such a block (not an area, a house, a card or one of its own)."""
    words = {b.name for b in BOARD.blocks.values() if b.side == house} | set(BOARD.areas)
    words |= {alias for area in BOARD.areas.values() for alias in area.aliases}
    words |= set(SIDES) | {card.name for card in BOARD.cards.values()}
    enemy = {b.name for b in BOARD.blocks.values() if b.side not in (house, None)}
    return {name for name in enemy - words if name not in shown}


def named(text: str, names: set[str]) -> list[str]:
    return sorted(name for name in names if re.search(rf"\b{re.escape(name)}\b", text))


# --- point 3: a master who plays, BECOME, BOARD, PREDICT -----------------------------------------


def test_a_master_who_plays_one_house_sees_nothing_of_the_other(judge: MailJudge) -> None:
    seats = create(judge, "richard3-1483", master_plays=True)
    mine = next(house for house, (address, _) in seats.items() if address == MASTER)
    theirs = next(house for house in SIDES if house != mine)
    engine = Richard3Game("1483")
    while game(judge).state["step"]["label"] != "cards":  # a redeal (5.1): both keep their hands
        for house in engine.pending(game(judge).state).powers:
            judge.send(seats[house][0], f"{seats[house][1]}\nKEEP")
    (card,) = engine.random_orders(game(judge).state, theirs, Random(1))
    reply = judge.send(RIVAL, f"{seats[theirs][1]}\n{card}")  # the rival's card lies played
    assert f"Accepted: {card}" in reply and "complete" in reply, reply
    state = game(judge).state
    assert state["step"]["label"] == "cards"  # the master's house has still to play its card

    reply = judge.send(MASTER, f"SIGNON Mroses secret\nBECOME {theirs}\nPLAY AP 4\nBOARD\nPREDICT")
    assert "Refused: no master acts for a power in roses: Richard III hides part" in reply, reply
    assert "JOIN roses <password>" in reply  # what becomes of a power without a player
    assert "Refused: orders need a SIGNON as a power first" in reply and "Accepted" not in reply
    assert "Refused: PREDICT is not offered in roses" in reply and "Prediction for" not in reply
    assert "The board of roses" in reply
    everyone = {b.name for b in BOARD.blocks.values() if b.side in SIDES}
    assert not [name for name in everyone if re.search(rf"\b{re.escape(name)} [1-4]\b", reply)]
    assert re.search(rf"{theirs} +\w.* \(\d blocks?\)", reply), reply  # counted, as observers see
    assert game(judge).state == state  # nothing was ordered for the rival's house

    # Signed on as his own house he sees it named: the check above would have seen names.
    reply = judge.send(MASTER, f"{seats[mine][1]}\nBOARD\nBECOME {theirs}\nPREDICT")
    own = {block for block in engine.view(state, mine)["blocks"]}
    assert own and all(re.search(rf"\b{re.escape(block)} [1-4]\b", reply) for block in own)
    assert "BECOME: only the game's master may do that." in reply
    assert "PREDICT: only the game's master may do that." in reply

    # Some turns on, no mail to the master's address names a rival block his house's views hid.
    play(judge, seats, engine, Random(4), 12)
    judge.send(MASTER, f"SIGNON Mroses secret\nBOARD\nHISTORY roses\nBECOME {theirs}\nPREDICT")
    judge.send(MASTER, f"{seats[mine][1]}\nBOARD\nHISTORY roses")
    judge.advance(minutes=1)
    phases = records(judge)
    assert len(phases) >= 8
    shown = "\n".join(json.dumps([engine.report_view(p.resolution, mine),
                                  engine.view(p.state_after, mine),
                                  engine.view(p.state_before, mine)]) for p in phases)
    hidden = hidden_names(mine, shown)
    assert hidden  # the rival's house kept something from the master's
    mails = judge.mail_to(MASTER)
    assert len(mails) > 10
    for mail in mails:
        assert not named(mail.body, hidden), (mail.subject, named(mail.body, hidden))


def test_a_master_who_does_not_play_acts_for_no_house(judge: MailJudge) -> None:
    """BECOME for a power without a player is refused too: the answers to its orders would show
    the master its blocks and hand; the house is in civil disorder until a new player joins."""
    seats = create(judge, "richard3-1483", master_plays=False)
    york_player = seats["York"][0]
    assert "York's player is ejected" in judge.send(MASTER, "SIGNON Mroses secret\nEJECT York")
    before = game(judge).state
    reply = judge.send(MASTER, "SIGNON Mroses secret\nBECOME York\nKEEP\nPLAY AP 4\nBOARD")
    assert "Refused: no master acts for a power in roses" in reply
    assert "civil disorder (it plays its lowest card and makes no move" in reply
    assert "Accepted" not in reply and "You may write" not in reply
    assert not re.search(r"\b(Gloucester|Norfolk|Richmond|Oxford) [1-4]\b", reply)
    assert game(judge).state == before
    assert york_player != MASTER


def test_a_player_who_held_one_house_takes_over_no_other(judge: MailJudge) -> None:
    """The master who played a house resigns it, ejects the rival and JOINs again: the open house
    is the rival's, whose position the rules hid from him, and he may not take it over."""
    seats = create(judge, "richard3-1483", master_plays=True)
    mine = next(house for house, (address, _) in seats.items() if address == MASTER)
    theirs = next(house for house in SIDES if house != mine)
    assert "You have resigned" in judge.send(MASTER, f"{seats[mine][1]}\nRESIGN")
    reply = judge.send("new@example.org", "JOIN roses pwn")
    assert f"You have taken over {mine} in roses" in reply, reply
    judge.send(MASTER, f"SIGNON Mroses secret\nEJECT {theirs}")
    reply = judge.send(MASTER, "JOIN roses pwm")
    assert (f"Refused: you played {mine} in roses, and Richard III hides each power's position "
            f"from the others: you may take over no other power (the open one is {theirs})") in reply
    assert f"You have taken over {theirs}" in judge.send("other@example.org", "JOIN roses pwo")


# --- point 3: PREDICT's dice -----------------------------------------------------------------------


@dataclass
class OpenDuel(Duel):
    """Duel with nothing hidden (each side sees the other's reserve and bids), in which the
    leader's choice is rolled at once: a game whose PREDICT may show dice of a phase with orders."""

    hidden_information: bool = False

    def view(self, state: State, power: str | None) -> dict[str, Any]:
        return state

    def report_view(self, report: dict[str, Any], power: str | None) -> dict[str, Any]:
        return report

    def resolve(self, state: State, orders: Mapping[str, Sequence[str]],
                rng: Random) -> PhaseResult:
        chosen = super().resolve(state, orders, rng)
        if state["step"] != "choice":
            return chosen
        rolled = super().resolve(chosen.state, {}, rng)
        return PhaseResult(rolled.state, {**chosen.report, **rolled.report})


@pytest.fixture
def open_duel(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[MailJudge]:
    yield from duel_judge(tmp_path, monkeypatch, OpenDuel)


def test_predict_throws_dice_of_its_own_never_the_phases(open_duel: MailJudge) -> None:
    judge = open_duel
    signons = started(judge)
    order(judge, signons, "North", "BID 3")
    order(judge, signons, "South", "BID 1")
    assert game(judge).phase == "Round 1 choice"
    order(judge, signons, "North", "SET WAIT", "ATTACK")  # the phase waits for its deadline
    predicted = []
    for _ in range(12):
        reply = judge.send(MASTER, "SIGNON Mduel secret\nPREDICT")
        assert "Prediction for duel, Round 1 choice of the duel" in reply, reply
        assert "Its dice were thrown for this prediction alone: they are illustrative" in reply
        found = re.search(r"'roll': (\d)", reply)
        assert found is not None, reply
        predicted.append(int(found[1]))
    assert [record.phase for record in records(judge)] == ["Round 1 bid"]  # nothing processed
    judge.send(MASTER, "SIGNON Mduel secret\nPROCESS")
    record = records(judge)[-1]
    assert record.phase == "Round 1 choice"
    real = record.resolution["roll"]
    assert len(set(predicted)) > 1  # thrown afresh each time, not decided by the game's secret
    assert predicted != [real] * len(predicted)


def test_predict_in_diplomacy_says_nothing_of_dice(tmp_path: Path) -> None:
    config = load_config(init_judge(tmp_path / "judge"))
    store = open_store(config.database_url)
    judge = MailJudge(config, store)
    try:
        judge.enrol(MASTER, "CREATE ?alpha secret standard")  # confirmed: PREDICT is answered
        for number in range(7):
            judge.send(f"p{number}@example.org", f"JOIN alpha pw{number}")
        reply = judge.send(MASTER, "SIGNON Malpha secret\nPREDICT\nBECOME England\nF lon - nth")
        assert "Prediction for alpha, Spring 1901 Movement" in reply
        assert "dice" not in reply and "You act for England in alpha" in reply
        assert "Accepted: F lon - nth" in reply
    finally:
        store.close()


def test_a_kind_that_hides_information_refuses_become_and_predict_whatever_its_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The toy Duel hides its bids: the service asks the seam, not the kind's name."""
    for judge in duel_judge(tmp_path, monkeypatch):
        started(judge)
        reply = judge.send(MASTER, "SIGNON Mduel secret\nBECOME North\nBID 6\nPREDICT")
        assert "Refused: no master acts for a power in duel: Duel hides part" in reply
        assert "Refused: PREDICT is not offered in duel" in reply
        assert "Accepted" not in reply


# --- point 9: SUMMARY and the usurpation count -----------------------------------------------------


def test_summary_shows_the_usurpation_count_only_as_the_political_turn_counts_it(
    judge: MailJudge, tmp_path: Path
) -> None:
    """Kingmaker (1470): campaign II, its political turn, then campaign III. An outsider asks
    SUMMARY after every phase while recruits change the hidden count (5.4): before the political
    turn no count shows, after it the count it made, unchanged through campaign III."""
    seats = create(judge, "richard3-1470", master_plays=False)
    engine = Richard3Game("1470")
    rng = Random(2)
    summaries: list[tuple[str, str]] = []  # (the phase then, SUMMARY's reply without its counters)
    live: set[tuple[int, int]] = set()
    for _ in range(120):
        current = game(judge)
        reply = judge.send(OUTSIDER, "SUMMARY roses")
        summaries.append((current.phase, _without_counters(reply)))
        live.add((usurpation_count(current.state, "York"),
                  usurpation_count(current.state, "Lancaster")))
        if current.status is not GameStatus.ACTIVE or current.state["campaign"] == 3 and \
                current.state["turn"] >= 3:
            break
        play(judge, seats, engine, rng, 1)
    assert len(live) > 2  # the count moved as recruits came and went: SUMMARY had it to leak

    usurped = [e for r in records(judge) for e in r.resolution["events"]
               if e["type"] == "usurpation"]
    assert len(usurped) == 1, "the game did not reach its political turn"  # seed chosen for it
    counts = usurped[0]["counts"]
    before = [text for phase, text in summaries if phase.startswith("II-")]
    after = [text for phase, text in summaries if not phase.startswith("II-")]
    assert before and after
    assert len(set(before)) == 1 and len(set(after)) == 1  # nothing moves between political turns
    assert "Usurpation count (8.2): not counted openly yet." in before[0]
    assert not re.search(r"^\s+(II|III)-\d", before[0], re.M)
    rows = re.findall(r"^  (\S+) +(\d+) +(\d+)$", after[0], re.M)
    assert rows == [("II-7", str(counts["York"]), str(counts["Lancaster"]))], after[0]
    assert "each time the rules count it openly" in after[0]

    # The results told everyone the same count, at the political turn.
    said = f"Usurpation (8.2): York {counts['York']}, Lancaster {counts['Lancaster']}"
    assert any(said in mail.body for mail in judge.mail_to(WATCHER))

    # The archive's table and chart: the same single row.
    out = tmp_path / "site"
    build_archive(judge.store, out)
    page = (out / "games" / "roses.html").read_text(encoding="utf-8")
    cells = re.findall(r'<tr><th scope="row">([^<]+)</th>((?:<td>\d+</td>)+)</tr>', page)
    assert [(row, re.findall(r"\d+", tds)) for row, tds in cells] == [
        ("II-7", [str(counts["York"]), str(counts["Lancaster"])])]
    assert "each time the rules count it openly" in page


def _without_counters(summary: str) -> str:
    """SUMMARY's reply without the lines that change with every phase (status, phases
    processed), and without the quoted command."""
    kept = [line for line in summary.splitlines()
            if not line.strip().startswith(("Status:", "Phases processed:", ">"))]
    return "\n".join(kept)
