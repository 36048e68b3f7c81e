"""Plantagenet by mail (issue 22): each scenario created with ``CREATE ?game password
plantagenet-ia`` (``-ib``, ``-ic``, ``-ii``, ``-iii``, ``-war-i``, ``plantagenet`` for the grand
scenario, ``plantagenet-bosworth`` for III(B)), joined by two players, and played through
``ingest`` and ``tick``: the Levy (Pay, each side's Muster, 3.2-3.4), the Plan both at once (4.1),
each revealed card's actions from its side (4.2), the other side's reactions from its standing
orders; now and then a side sends nothing and the deadline passes. The orders are the engine's
random player's, mailed as text. Then:

- the secret the last mail reveals recomputes every roll of the record (``judge verify``);
- no mail to a side, an observer or the master shows the enemy's Plan before its cards are
  revealed (4.1.2), his held Events, or his standing orders;
- the archive is built, and shows the observers' view only.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from random import Random
from typing import Any

import pytest
from mail_judge import MailJudge
from plantagenet_mail import current_game
from sqlmodel import select

from judge.games.plantagenet.data import BOARD, SIDES
from judge.games.plantagenet.game import PlantagenetGame
from judge.games.record_check import check_record
from judge.games.registry import game_kind
import judge.service.play.games as games_module
from judge.service.mailing.reports import render
from judge.service.web.archive import build_archive
from judge.service.web.records import game_record
from judge.store import GameStatus, Membership, PhaseRecord, Picture, Player

MASTER = "master@example.org"
ADDRESSES = ("white@example.org", "red@example.org")
WATCHER = "watcher@example.org"
MOST_PHASES = 400
"""The most phases a game by mail is played here: a short scenario's whole game is fewer."""


@pytest.fixture(autouse=True)
def seeded_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each game's secret drawn from a seeded generator, so that a game by mail of this module
    replays exactly, dice included (the judge draws it from the system otherwise)."""
    seed_secrets(monkeypatch)


def seed_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    made = Random(22)
    monkeypatch.setattr(games_module.secrets, "token_bytes", lambda n=32: made.randbytes(n))


game = current_game


def start(judge: MailJudge, kind: str, maps: bool = False) -> dict[str, str]:
    """Create and fill the game; each side's SIGNON line. Without ``maps`` everyone asks for text
    only (SET MAP OFF: these tests read the reports)."""
    deadlines = ("SET BATTLE DEADLINE 24h" if game_kind(kind).name == "plantagenet-iiib" else
                 "SET LEVY DEADLINE 24h\nSET PLAN DEADLINE 24h\nSET COMMAND DEADLINE 24h")
    reply = judge.enrol(MASTER, f"CREATE ?roses secret {kind}\n{deadlines}")
    assert f"Game roses ({game_kind(kind).name}) created" in reply, reply
    judge.enrol(WATCHER, "OBSERVE roses seen")
    judge.enrol(ADDRESSES[0], "JOIN roses pw0")
    reply = judge.enrol(ADDRESSES[1], "JOIN roses pw1")
    assert "roses has started" in reply, reply
    signons = {}
    for side in SIDES:
        number = ADDRESSES.index(address_of(judge, side))
        signons[side] = f"SIGNON {side[0]}roses pw{number}"
    if not maps:
        for side in SIDES:
            judge.send(address_of(judge, side), f"{signons[side]}\nSET MAP OFF")
        judge.send(WATCHER, "SIGNON observer@roses seen\nSET MAP OFF")
        judge.send(MASTER, "SIGNON Mroses secret\nSET MAP OFF")
    return signons


def address_of(judge: MailJudge, side: str) -> str:
    with judge.store.session() as db:
        rows = db.exec(select(Membership, Player).where(Membership.player_id == Player.id)).all()
    return next(player.address for membership, player in rows if membership.power == side)


def play(judge: MailJudge, kind: str, seed: int, phases: int = MOST_PHASES) -> dict[str, str]:
    """The game by mail, up to its end or ``phases`` phases: each side due gives the random
    player's orders or, one time in ten (or when it has nothing to order), nothing: the deadline
    and its grace pass."""
    signons = start(judge, kind)
    engine = game_kind(kind)
    rng = Random(seed)
    for _ in range(phases):
        current = game(judge)
        if current.status is GameStatus.FINISHED:
            return signons
        pending = engine.pending(current.state)
        for side in sorted(pending.powers):
            if game(judge).phase != current.phase:
                break
            orders = engine.random_orders(current.state, side, rng)  # type: ignore[attr-defined]
            if not orders or rng.random() < 0.1:
                continue
            reply = judge.send(address_of(judge, side), "\n".join([signons[side], *orders]))
            assert "Error" not in reply, (current.phase, orders, reply)
        if game(judge).phase == current.phase and game(judge).status is not GameStatus.FINISHED:
            judge.advance(hours=49)  # a side was silent: the deadline and the grace pass
            assert game(judge).phase != current.phase or game(judge).status is GameStatus.FINISHED
        judge.advance(minutes=1)  # the outbox goes out
    return signons


def mail_random_orders(judge: MailJudge, engine: Any, signons: dict[str, str], rng: Random) -> None:
    """One phase by mail: each side due mails the random player's orders; if the phase is still
    waiting (a side had nothing it could order), its deadline and grace pass."""
    current = game(judge)
    for side in sorted(engine.pending(current.state).powers):
        orders = engine.random_orders(current.state, side, rng)
        judge.send(address_of(judge, side), "\n".join([signons[side], *orders]))
    if game(judge).phase == current.phase:
        judge.advance(hours=49)


def finished_record(judge: MailJudge) -> tuple[dict[str, Any], list[PhaseRecord]]:
    with judge.store.session() as db:
        record = game_record(db, game(judge))
        phases = list(db.exec(select(PhaseRecord).order_by(PhaseRecord.id)).all())
    return record, phases


def hidden_words(phases: list[PhaseRecord], engine: Any, reader: str | None) -> set[str]:
    """What the rules hide from ``reader`` in this game and no view of his (the states' views, the
    events his reports tell) ever showed, as a mail would write it: each enemy standing order,
    each enemy Plan as ordered and as the board lists it (``Plan: York, March, Pass, York``),
    each held Event's id."""
    views = [view for p in phases for view in (engine.view(p.state_before, reader), engine.view(p.state_after, reader))]
    shown = json.dumps([engine.report_view(p.resolution, reader)["events"] for p in phases]) + json.dumps(views)
    shown += "\n".join(f"Plan: {', '.join(plan)}" for view in views for plan in view["plans"].values())
    hidden: set[str] = set()
    for p in phases:
        for side in SIDES:
            if side == reader:
                continue
            hidden |= set(p.state_after.get("standing", {}).get(side, []))
            hidden |= {f"Plan: {', '.join(plan)}" for plan in [p.state_after["plans"][side]] if plan}
            hidden |= set(p.state_after["held"][side])
            hidden |= {order for order in (p.orders or {}).get(side, {}).values() if order.startswith("PLAN ")}
    return {word for word in hidden if word not in shown}


@pytest.mark.parametrize(("kind", "seed"), [
    ("plantagenet-ia", 1), ("plantagenet-ib", 2), ("plantagenet-ic", 3), ("plantagenet-ii", 4),
    ("plantagenet-iii", 5), ("plantagenet-war-i", 6), ("plantagenet-ib-hidden", 7),
])
def test_a_whole_game_by_mail_keeps_the_plans_secret_and_its_dice_check(
    judge: MailJudge, kind: str, seed: int, tmp_path: Path
) -> None:
    play(judge, kind, seed)
    finished = game(judge)
    assert finished.status is GameStatus.FINISHED

    # Dice anyone can check: the last mail reveals the secret, and the record recomputes.
    for address in [*ADDRESSES, WATCHER, MASTER]:
        revealing = [m for m in judge.mail_to(address) if finished.secret.hex() in m.body]
        assert len(revealing) == 1 and "is over" in revealing[0].subject + revealing[0].body
    record, phases = finished_record(judge)
    checked = check_record(record)
    assert checked.problems == [] and checked.phases == len(phases) >= 4

    # Nothing hidden from a reader reaches him: enemy standing orders, Plans, held Events.
    engine = game_kind(kind)
    for reader, address in [("York", address_of(judge, "York")),
                            ("Lancaster", address_of(judge, "Lancaster")), (None, WATCHER), (None, MASTER)]:
        hidden = hidden_words(phases, engine, reader)
        for mail in judge.mail_to(address):
            leaked = [word for word in hidden if re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", mail.body)]
            assert not leaked, (mail.subject, leaked)

    results = judge.mail_to(ADDRESSES[0], "Plantagenet results roses")
    assert results and any("You are to act." in mail.body for mail in results)
    if kind.endswith("-hidden"):  # 1.5.3: the enemy's Lords where they stand, their mats hidden
        hidden_mats = 0
        for side in SIDES:
            for mail in judge.mail_to(address_of(judge, side), "Plantagenet results roses"):
                for lord, rest in re.findall(r"^  (\S.*?) (?:at|in) \S.*?(: .*| \(mat hidden, 1\.5\.3\))$", mail.body, re.M):
                    assert (BOARD.lords[lord].side == side) == (rest != " (mat hidden, 1.5.3)"), (lord, rest)
                    hidden_mats += BOARD.lords[lord].side != side
        assert hidden_mats
    site = tmp_path / "site"
    build_archive(judge.store, site)
    page = (site / "games" / "roses.html").read_text(encoding="utf-8")
    assert "Plantagenet" in page


def test_the_grand_scenario_by_mail_to_the_end_of_its_first_war_then_a_draw(judge: MailJudge) -> None:
    """``plantagenet``, the Wars of the Roses (6.1-6.3): played by mail until War I is won and the
    next War begins (6.3), its phases named with their War; then both sides agree a draw, which
    ends the game and reveals the secret: the record recomputes across the change of War."""
    signons = play_until(judge, "plantagenet", 11, lambda phase: not phase.startswith("I "))
    assert game(judge).kind == "plantagenet" and game(judge).phase.startswith(("IIY ", "IIL "))
    for side in SIDES:
        judge.send(address_of(judge, side), f"{signons[side]}\nSET DRAW")
    finished = game(judge)
    assert finished.status is GameStatus.FINISHED
    record, phases = finished_record(judge)
    checked = check_record(record)
    assert checked.problems == [] and checked.phases == len(phases)
    assert any("wins War I" in mail.body for mail in judge.mail_to(WATCHER, "Plantagenet results"))


def play_until(judge: MailJudge, kind: str, seed: int, reached: Any) -> dict[str, str]:
    """``play`` a phase at a time until the phase now due is one ``reached`` accepts."""
    signons = start(judge, kind)
    engine = game_kind(kind)
    rng = Random(seed)
    for _ in range(MOST_PHASES):
        current = game(judge)
        if reached(current.phase) or current.status is GameStatus.FINISHED:
            return signons
        for side in sorted(engine.pending(current.state).powers):
            if game(judge).phase != current.phase:
                break
            orders = engine.random_orders(current.state, side, rng)  # type: ignore[attr-defined]
            if orders:
                judge.send(address_of(judge, side), "\n".join([signons[side], *orders]))
        if game(judge).phase == current.phase:
            judge.advance(hours=49)
    raise AssertionError(f"{kind}: not reached in {MOST_PHASES} phases")


def test_bosworth_by_mail_is_one_battle_both_sides_at_once(judge: MailJudge) -> None:
    """III(B), ``plantagenet-bosworth``: one phase, both sides' Capabilities, Array and Flight in
    one mail each; the Battle told round by round to everyone; nothing but the orders is hidden,
    so the master may PREDICT it. The record recomputes."""
    signons = start(judge, "plantagenet-bosworth")
    assert game(judge).kind == "plantagenet-iiib"
    engine = game_kind("plantagenet-bosworth")
    rng = Random(3)
    orders = {side: engine.random_orders(game(judge).state, side, rng) for side in SIDES}  # type: ignore[attr-defined]
    judge.send(address_of(judge, "York"), "\n".join([signons["York"], *orders["York"]]))
    prediction = judge.send(MASTER, "SIGNON Mroses secret\nPREDICT")
    assert "Prediction for roses, Bosworth, 22 August 1485: the Array" in prediction, prediction
    assert "Battle at Bosworth Field: Lancaster Attacks (4.4)." in prediction
    judge.send(address_of(judge, "Lancaster"), "\n".join([signons["Lancaster"], *orders["Lancaster"]]))
    assert game(judge).status is GameStatus.FINISHED
    (report,) = judge.mail_to(WATCHER, "Plantagenet results roses")
    assert "Round 1:" in report.body and "Strikes:" in report.body and "wins" in report.body
    record, phases = finished_record(judge)
    assert check_record(record).problems == [] and len(phases) == 1


def test_a_refused_order_says_why_with_the_rule_and_the_master_may_roll_back(judge: MailJudge) -> None:
    """An order the rules forbid is refused with the reason and its rule; HISTORY tells an
    observer the phases played without any side's Plan; ROLLBACK returns to an earlier phase."""
    signons = start(judge, "plantagenet-ia")
    york = address_of(judge, "York")
    reply = judge.send(york, f"{signons['York']}\nMARCH London")
    assert "Error: MARCH London: MARCH is not an order of T1 muster York (2.2.1); it takes LEVY, " in reply, reply
    reply = judge.send(york, f"{signons['York']}\nHenry VI LEVY TROOPS")
    assert "Error: Henry VI LEVY TROOPS: Henry VI is not your Lord (1.5.1)" in reply, reply
    engine = game_kind("plantagenet-ia")
    rng = Random(2)
    first = game(judge).state
    while game(judge).phase != "T1 plan":
        mail_random_orders(judge, engine, signons, rng)
    for plan, why in [("York, York, York, York, York", "a Plan has 4 cards this Turn (4.1), not 5"),
                      ("York, York, York, York", "York has only 3 Command cards (1.9.2)"),
                      ("York, Henry VI, Pass, Pass", "Henry VI is not a Lord of your side in this scenario (1.9.2)")]:
        reply = judge.send(york, f"{signons['York']}\nPLAN {plan}")
        assert f"Error: PLAN {plan}: {why}" in reply, reply
    history = judge.send(WATCHER, "HISTORY roses")
    assert "Plantagenet results for roses, Turn 1 (January-February-March 1459) muster York." in history
    assert "Your orders" not in history, history
    reply = judge.send(MASTER, "SIGNON Mroses secret\nROLLBACK T1 muster York")
    assert "roses is back at the start of Turn 1 (January-February-March 1459) muster York" in reply, reply
    assert game(judge).state == first


def turn_report(engine: Any, phase: str, result: Any, reader: str | None) -> str:
    """The turn report of a resolved phase as ``reader`` (None: an observer) reads it."""
    return render(f"{engine.templates}/turn_report.txt", game="g", phase_name=phase, powers=list(SIDES),
                  reader=reader, report=engine.report_view(result.report, reader),
                  board=engine.view(result.state, reader), outcome=None, next_phase_name="n", deadline="d",
                  choices=[])


def test_every_report_of_random_games_reads_for_every_reader() -> None:
    """Each phase of random games of every kind renders for each side and for observers (every
    event the engine tells has its words), and no side's Plan is shown to another reader before
    its cards are revealed (4.1.2)."""
    for name in ("plantagenet-ia", "plantagenet-ib", "plantagenet-ic", "plantagenet-ii", "plantagenet-iii",
                 "plantagenet-war-i", "plantagenet-ii-hidden", "plantagenet-bosworth"):
        engine = game_kind(name)
        for seed in range(2):
            rng = Random(seed)
            state = engine.new_game(b"%d" % seed)
            for _ in range(150):
                if engine.outcome(state):
                    break
                pending = engine.pending(state)
                result = engine.resolve(state, {side: engine.random_orders(state, side, rng)  # type: ignore[attr-defined]
                                                for side in pending.powers}, rng)
                for reader in [*SIDES, None]:
                    text = turn_report(engine, pending.phase, result, reader)
                    assert "{" not in text and "None" not in text, text
                    for side in SIDES:
                        plan = result.state.get("plans", {}).get(side)
                        if plan and side != reader and "?" in engine.view(result.state, reader)["plans"][side]:
                            assert f"Plan: {', '.join(plan)}" not in text
                state = result.state


def test_a_card_played_without_orders_reads_as_a_lord_doing_nothing_4_2() -> None:
    """A Lord's card revealed when his side sent no orders for it (the deadline and the grace
    passed) says that he does nothing, for every reader, rather than leaving the card's line
    with nothing under it."""
    engine = game_kind("plantagenet-iii")
    rng = Random(5)
    state = engine.new_game(b"5")
    idle = 0
    for _ in range(200):
        if engine.outcome(state):
            break
        pending = engine.pending(state)
        silent = "card" in pending.phase and rng.random() < 0.5
        orders = {side: [] if silent else engine.random_orders(state, side, rng)  # type: ignore[attr-defined]
                  for side in pending.powers}
        result = engine.resolve(state, orders, rng)
        cards = [e for e in result.report["events"] if e["type"] == "card"]
        for reader in [*SIDES, None]:
            text = turn_report(engine, pending.phase, result, reader)
            for card in cards:
                told = re.search(rf"reveals {re.escape(card['lord'])}'s card \(4\.2\):\n(.*)\n", text)
                assert told and told[1].startswith("    "), text
                if silent and card["side"] in pending.powers:
                    assert told[1] == f"    {card['lord']} does nothing.", text
                    idle += 1
        state = result.state
    assert idle > 5


def test_the_order_help_shows_every_order_of_the_game() -> None:
    """HELP ORDERS names every order a side may give (each with an example that the grammar
    reads: tests/service/test_help_and_list.py), the scenario rules' own where they apply."""
    from judge.games.plantagenet.game import STANDING, STEP_VERBS
    from judge.service.intake.handlers_info import order_help
    for name, own in [("plantagenet-ia", "CAPTOR"), ("plantagenet-ii", "DEATH CHECK"),
                      ("plantagenet-iii", "CROWN"), ("plantagenet", "SURRENDER")]:
        text = order_help(game_kind(name))
        examples = [line.strip() for line in text.splitlines() if line.startswith("    ")]
        verbs = {verb for step in STEP_VERBS.values() for verb in step} | set(STANDING)
        verbs -= {"CAPTOR", "DEATH CHECK", "CROWN", "SURRENDER", "AGITATE", "HERALDS", "MERCHANTS"}
        verbs |= {own}
        missing = [verb for verb in verbs if not any(re.search(rf"(^|\s){verb}(\s|$)", line) for line in examples)]
        assert not missing, (name, missing)
        assert "AGITATE <Locale>, HERALDS <Lord>, MERCHANTS" in text


def test_results_mails_carry_the_map_as_their_reader_sees_it(judge: MailJudge) -> None:
    """Each results mail of a Plantagenet game carries the map drawn from its reader's view (a
    side's, or the observers' for an observer and the master), drawn once for each view."""
    signons = start(judge, "plantagenet-ia", maps=True)
    engine = game_kind("plantagenet-ia")
    rng = Random(4)
    for _ in range(MOST_PHASES):  # to the end of the first Turn: observers are mailed once a Turn
        mail_random_orders(judge, engine, signons, rng)
        if engine.turn(game(judge).state) > 1:
            break
    with judge.store.session() as db:
        pictures = {p.id: p.svg for p in db.exec(select(Picture))}
    for address, reader in [(address_of(judge, "York"), "York"), (address_of(judge, "Lancaster"), "Lancaster"),
                            (WATCHER, "observer"), (MASTER, "observer")]:
        mails = judge.mail_to(address, "Plantagenet results roses")
        assert mails and all(mail.picture_id in pictures for mail in mails), address
        assert all(f'data-reader="{reader}"' in pictures[mail.picture_id] for mail in mails), address


def test_held_and_drawn_events_are_named_for_a_reader_who_may_know_them_3_1_3() -> None:
    """3.1.3: a side reads its held Events with their names (``Y20 (Yorkist Parade)``), as
    the cards it holds show them, and each Event drawn with its name; the enemy and an observer
    read the count of held Events only, and no name of a held one."""
    engine = game_kind("plantagenet-ia")
    state = engine.new_game(b"named")
    state["held"]["York"] = ["Y20"]
    report = {"events": [{"type": "event held", "side": "York", "card": "Y20"},
                         {"type": "event", "side": "York", "card": "Y15", "implemented": True}]}
    result = type("Result", (), {"report": report, "state": state})()
    mine = turn_report(engine, "T1", result, "York")
    assert "Held Events: Y20 (Yorkist Parade)" in mine, mine
    assert "York draws Y20 (Yorkist Parade) and holds it." in mine
    assert "York draws the Event Y15 (London for York)." in mine
    for reader in ("Lancaster", None):
        theirs = turn_report(engine, "T1", result, reader)
        assert "Held Events: 1" in theirs and "Yorkist Parade" not in theirs, theirs
        assert "York draws the Event Y15 (London for York)." in theirs


def test_capabilities_are_named_for_every_reader_who_may_see_them_1_9_2() -> None:
    """1.9.2: a Capability is read by its number and name (``Y11 (Yorkists Never Wait)``) on the
    mats, in a Levy and when one stops an Approach, by every reader; with Hidden Mats the enemy
    reads neither of a Capability on a mat or Levied."""
    engine = game_kind("plantagenet-ia")
    state = engine.new_game(b"named")
    report = {"events": [{"type": "levy", "side": "York", "lord": "York", "what": "CAPABILITY", "target": "Y9"},
                         {"type": "capability effect", "side": "Lancaster", "lord": "Henry VI", "card": "L15",
                          "cancels": "approach"}]}
    result = type("Result", (), {"report": report, "state": state})()
    for reader in [*SIDES, None]:
        text = turn_report(engine, "T1", result, reader)
        assert "York at Ely: 2 men-at-arms, 2 longbowmen, 2 militia; 2 Carts, 2 Prov, 2 Coin; Y11 (Yorkists Never Wait)" \
            in text, text
        assert "York Levies capability Y9 (Barricades)." in text
        assert "Henry VI (L15 King's Parley) stops the Approach." in text
    hidden = game_kind("plantagenet-ii-hidden")
    state = hidden.new_game(b"named")
    report = {"hidden_mats": True, "events": [
        {"type": "levy", "side": "York", "lord": "Edward IV", "what": "CAPABILITY", "target": "Y9"}]}
    result = type("Result", (), {"report": report, "state": state})()
    card = state["lords"]["Edward IV"]["caps"][0]
    named = f"{card} ({BOARD.cards[card].capability})"
    mine, theirs = (turn_report(hidden, "T1", result, reader) for reader in SIDES)
    assert named in mine and "Edward IV Levies capability Y9 (Barricades)." in mine, mine
    assert named not in theirs and "Barricades" not in theirs and "Edward IV Levies capability." in theirs, theirs
    bosworth = game_kind("plantagenet-bosworth")  # III(B): the deck to choose from, the mats after
    state = bosworth.new_game(b"named")
    card = state["decks"]["York"][0]
    assert f"{card} ({BOARD.cards[card].capability})" in bosworth.choices(state, "York")[1]  # type: ignore[attr-defined]
    state["lords"]["Norfolk"]["caps"] = [card]
    assert f"Norfolk: {card} ({BOARD.cards[card].capability})" in bosworth.holdings(state, "York")["lords"]
    steps = [{"round": 1, "step": "capability", "side": "York", "lord": "Norfolk", "outcome": card}]
    text = render("plantagenet/battle.txt", e={"at": "Bosworth Field", "attacker": "Lancaster",
                                               "report": bosworth.report_view({"events": [], "battle": {"report": steps}},
                                                                              None)["battle"]["report"]})
    assert f"Norfolk (York) uses {card} ({BOARD.cards[card].capability})." in text, text


def test_one_troop_is_counted_by_its_singular_and_a_parley_tells_the_favour_it_leaves_3_4_1() -> None:
    """One of a Troop type reads by its singular (1 man-at-arms, 1 longbowman; militia has none),
    on the mats, in a Levy and in a Battle; a Parley that succeeds says the Favour it leaves, one
    level toward its side (3.4.1, 4.6.4), and one The King's Name cancels says so."""
    engine = game_kind("plantagenet-ia")
    state = engine.new_game(b"one")
    state["lords"]["York"]["troops"] = {"men_at_arms": 1, "longbowmen": 1, "militia": 1, "mercenaries": 0,
                                        "burgundians": 0}
    state["lords"]["York"]["assets"].update(carts=1, ships=1)
    report = {"events": [
        {"type": "levy", "side": "York", "lord": "March", "what": "TROOPS", "target": None,
         "troops": {"men_at_arms": 1, "longbowmen": 2, "militia": 1}},
        {"type": "parley", "side": "York", "lord": "York", "target": "Cambridge", "success": True, "roll": 2,
         "now": "York"},
        {"type": "parley", "side": "Lancaster", "lord": "Henry VI", "target": "Ely", "success": True, "roll": 1,
         "cancelled": True},
        {"type": "parley", "lord": "Henry VI", "target": "Oxford", "success": True, "roll": 3, "now": None},
        {"type": "battle", "at": "Ely", "attacker": "York", "report": [
            {"round": 1, "step": "protection", "side": "York", "lord": "York", "unit": "men_at_arms", "die": 4},
            {"round": 1, "step": "spoils", "side": "York", "unit": "carts", "amount": 1}]}]}
    result = type("Result", (), {"report": report, "state": state})()
    text = turn_report(engine, "T1", result, "York")
    assert "York at Ely: 1 man-at-arms, 1 longbowman, 1 militia; 1 Cart, 2 Prov, 2 Coin, 1 Ship;" in text, text
    assert "March Levies troops: 1 man-at-arms, 2 longbowmen, 1 militia." in text
    assert "York Parleys with Cambridge: succeeds (rolls 2); Cambridge is now Friendly to York (3.4.1)." in text
    assert "Henry VI Parleys with Ely: succeeds (rolls 1), cancelled (3.4.1)." in text
    assert "Henry VI Parleys with Oxford: succeeds (rolls 3); Oxford is now Neutral (4.6.4)." in text
    assert "York (York): man-at-arms 4" in text and "York takes 1 Cart as spoils (4.4.3)." in text
    played = PlantagenetGame("Ia").resolve(state, {"York": ["York PARLEY Cambridge SPEND 3"]}, Random(1))
    parley = next(e for e in played.report["events"] if e["type"] == "parley")
    assert parley["success"] and parley["now"] == played.state["favour"].get("Cambridge") == "York", parley


def test_the_end_of_the_game_is_told_once_and_first() -> None:
    """5.2: the report of the phase that ends the game says so under its heading, and its own
    line for the victory is not said again; a War won in the grand scenario is still told."""
    engine = game_kind("plantagenet-ia")
    state = engine.new_game(b"the end")
    reason = "York reaches the Victory threshold (5.2)"
    report = {"events": [{"type": "victory", "winner": "York", "reason": reason}]}
    text = render("plantagenet/turn_report.txt", game="g", phase_name="T3 card 2 York", powers=list(SIDES),
                  reader="York", report=engine.report_view(report, "York"), board=engine.view(state, "York"),
                  outcome=reason, next_phase_name="n", deadline="d", choices=[])
    assert text.count(reason) == 1 and f"The game is over: {reason}." in text.splitlines()[1], text
    assert "York wins: " in render("plantagenet/events.txt", report=report, outcome=None)


def test_a_held_event_played_is_told_as_played_not_drawn_3_1_3() -> None:
    """3.1.3: a held Event played from the hand is revealed as played; the mail does not say it
    was drawn (it was drawn, and held, turns before)."""
    from judge.games.plantagenet.held import use

    engine = game_kind("plantagenet-ia")
    state = engine.new_game(b"played")
    state["held"]["Lancaster"] = ["L13"]
    events: list = []
    use(state, "Lancaster", "L13", events)
    for reader in [*SIDES, None]:
        text = render("plantagenet/events.txt", report=engine.report_view({"events": events}, reader))
        assert text.strip() == "Lancaster plays the held Event L13 (Aspielles).", text


def test_a_held_event_played_in_the_levy_is_told_once_then_what_it_did() -> None:
    """Y13 Aspielles and Y24 Sun in Splendour played in the Muster: one line says the card is
    played, the next what it did, without saying the card is played a second time."""
    engine = game_kind("plantagenet-ia")
    events = [{"type": "event", "side": "York", "card": "Y13", "implemented": True, "held": True},
              {"type": "aspielles", "side": "York", "card": "Y13", "held": ["L1"], "inspected": "Somerset 1",
               "mat": {"troops": {"men_at_arms": 2}, "assets": {}, "vassals": [], "caps": []}},
              {"type": "event", "side": "York", "card": "Y24", "implemented": True, "held": True},
              {"type": "muster", "side": "York", "lord": "Edward IV", "at": "London", "card": "Y24"}]
    text = render("plantagenet/events.txt", report=engine.report_view({"events": events}, "York"))
    assert [line.strip() for line in text.splitlines() if line.strip()] == [
        "York plays the held Event Y13 (Aspielles).",
        "Aspielles looks at Somerset 1: he has 2 men-at-arms; the enemy holds L1.",
        "York plays the held Event Y24 (Sun in Splendour).",
        "Edward IV Musters at London (Y24).",
    ], text
    text = render("plantagenet/events.txt", report=engine.report_view({"events": events}, "Lancaster"))
    assert "Aspielles looks at Somerset 1." in text and "L1" not in text, text
