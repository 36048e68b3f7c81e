"""Richard III by mail: each scenario (the full game from 1460, Kingmaker 1470, Richard III 1483)
created with ``CREATE ?game password richard3[-1470|-1483]``, joined by two players, and played
to its end through ``ingest`` and ``tick``: the card phase both at once (1.1), player 1's actions
then player 2's (1.2), battles and supply inside the second (6.0, 7.0), the political turn (8.0);
now and then a player misses a deadline and plays as the passive player (1.1). Then:

- fog of war: no mail to a player names an enemy block his own views never showed him (a test
  over every mail of every game);
- dice anyone can check: the finished game's record recomputes every roll from the secret the
  last mail reveals (``judge verify``);
- every results mail to a player who must act lists his choices, written as orders; a refused
  order is answered with the reason and the choices.
"""

from __future__ import annotations

import json
import re
from functools import partial
from pathlib import Path
from random import Random

import pytest
from mail_judge import MailJudge
from mail_judge import current_game as game
from sqlmodel import col, select

from judge.games.dice import commitment
from judge.games.record_check import check_record
from judge.games.registry import game_kind
from judge.games.richard3.data import BOARD, SIDES, other
from judge.games.richard3.game import Richard3Game
from judge.service.mailing.reports import render
from judge.service.web.archive import build_archive
from judge.service.web.records import game_record
from judge.store import GameStatus, Membership, Outbox, PhaseRecord, Picture, Player

MASTER = "master@example.org"
ADDRESSES = ("white@example.org", "red@example.org")
WATCHER = "watcher@example.org"


def start(judge: MailJudge, kind: str, maps: bool = False) -> dict[str, str]:
    """Create and fill the game; each house's SIGNON line. Without ``maps`` everyone asks for
    text only (SET MAP OFF: drawing every phase three times would only slow these tests)."""
    reply = judge.enrol(MASTER, f"CREATE ?roses secret {kind}\nSET CARDS DEADLINE 24h\n"
                                "SET ACTIONS DEADLINE 24h\nSET POLITICAL DEADLINE 24h")
    assert f"Game roses ({kind}) created" in reply, reply
    judge.enrol(WATCHER, "OBSERVE roses seen")
    judge.enrol(ADDRESSES[0], "JOIN roses pw0")
    reply = judge.enrol(ADDRESSES[1], "JOIN roses pw1")
    assert "roses has started" in reply, reply
    with judge.store.session() as db:
        rows = db.exec(select(Membership, Player).where(Membership.player_id == Player.id)).all()
    signons = {}
    for membership, player in rows:
        if membership.power:
            number = ADDRESSES.index(player.address)
            signons[membership.power] = f"SIGNON {membership.power[0]}roses pw{number}"
    assert set(signons) == set(SIDES)
    if not maps:
        for house, signon in signons.items():
            judge.send(address_of(judge, house), f"{signon}\nSET MAP OFF")
        judge.send(WATCHER, "SIGNON observer@roses seen\nSET MAP OFF")
        judge.send(MASTER, "SIGNON Mroses secret\nSET MAP OFF")
    return signons


def address_of(judge: MailJudge, house: str) -> str:
    with judge.store.session() as db:
        rows = db.exec(select(Membership, Player).where(Membership.player_id == Player.id)).all()
    return next(player.address for membership, player in rows if membership.power == house)


def play_to_the_end(judge: MailJudge, kind: str, seed: int) -> dict[str, str]:
    """The whole game by mail, each house giving random legal orders (as the engine lists them)
    or, one time in eight, nothing (the deadline passes)."""
    signons = start(judge, kind)
    engine = Richard3Game(game_kind(kind).scenario)  # type: ignore[attr-defined]
    rng = Random(seed)
    for _ in range(400):
        current = game(judge)
        if current.status is GameStatus.FINISHED:
            return signons
        pending = engine.pending(current.state)
        phase = current.phase
        for house in sorted(pending.powers):
            if rng.random() < 0.125:
                continue
            if game(judge).phase != phase:  # the other house had nothing left to order
                break
            orders = engine.random_orders(current.state, house, rng)
            if pending.timing != "cards":  # a card or a redeal answer is complete by itself
                orders.append("DONE")
            reply = judge.send(address_of(judge, house), "\n".join([signons[house], *orders]))
            assert "Error" not in reply, (phase, orders, reply)
        if game(judge).phase == phase and game(judge).status is not GameStatus.FINISHED:
            for _ in range(4):  # a house missed the deadline: the grace passes too
                judge.advance(hours=24)
                if game(judge).phase != phase:
                    break
            assert game(judge).phase != phase or game(judge).status is GameStatus.FINISHED, phase
        judge.advance(minutes=1)  # the outbox goes out
    raise AssertionError("the game did not end in 400 phases")


def play_phases(judge: MailJudge, signons: dict[str, str], engine: Richard3Game, rng: Random,
                phases: int) -> None:
    """``phases`` phases by mail, every house that acts giving random legal orders in time."""
    for _ in range(phases):
        current = game(judge)
        for house in sorted(engine.pending(current.state).powers):
            if game(judge).phase != current.phase:
                break
            orders = engine.random_orders(current.state, house, rng)
            orders += [] if engine.pending(current.state).timing == "cards" else ["DONE"]
            judge.send(address_of(judge, house), "\n".join([signons[house], *orders]))


def mails_to(judge: MailJudge, address: str) -> list[Outbox]:
    return judge.mail_to(address)


def test_a_refused_order_gets_the_reason_and_the_choices(judge: MailJudge) -> None:
    signons = start(judge, "richard3-1483")
    state = game(judge).state
    engine = Richard3Game("1483")
    house = sorted(engine.pending(state).powers)[0]
    reply = judge.send(address_of(judge, house), f"{signons[house]}\nPLAY Nonsense Card")
    choices = "; ".join(engine.choices(state, house))  # a few lines: PLAY <his hand>, or a redeal
    assert choices.startswith(("PLAY <", "KEEP")) and len(choices) < 200
    assert ("Error: PLAY Nonsense Card: no card is called 'nonsense card'. You may write: "
            f"{choices}") in reply, reply  # the hand, not every card of the game
    reply = judge.send(address_of(judge, house), f"{signons[house]}\nMOVE Nobody - Kent")
    assert (f"Error: MOVE Nobody - Kent: no block of yours is called 'Nobody'. You may write: "
            f"{choices}") in reply, reply
    assert reply.count("You may write: ") == 1 and len(reply) < 1000


def test_the_start_notice_names_the_house_the_commitment_and_only_the_houses_own_blocks(
    judge: MailJudge,
) -> None:
    start(judge, "richard3")
    secret = game(judge).secret
    for house in SIDES:
        (notice,) = judge.mail_to(address_of(judge, house), "Richard III notice: roses")
        assert f"You play {house}: sign on with SIGNON {house[0]}roses" in notice.body
        assert commitment(secret) in notice.body
        assert "The starting position:" in notice.body
        assert ("you are to order: REDEAL or KEEP" in notice.body  # a weak hand (5.1)
                or "You have nothing to order in Campaign I, turn 1: the redeal" in notice.body
                or "you are to order: a card (PLAY <" in notice.body), notice.body  # the hand
        assert "the cards you are to order" not in notice.body  # the phase's name, then what is due
    (watching,) = judge.mail_to(WATCHER, "Richard III notice: roses")
    assert "Ireland (3 blocks)" in watching.body  # 4.4: York's exiles, counted for an observer
    assert not re.search(r"\b(Warwick|York|Somerset|Henry VI) [1-4]\b", watching.body)


def test_each_house_sees_its_own_hand_before_its_first_card_and_on_its_board(
    judge: MailJudge,
) -> None:
    """Issue 18, point 1: the start notice shows the reader's hand (1.1: he chooses a card from
    it), never the enemy's; so does BOARD. Observers see no hand."""
    signons = start(judge, "richard3")
    state = game(judge).state
    for house in SIDES:
        hand = sorted(BOARD.cards[n].name for n in state["cards"]["hands"][house])
        enemy = sorted(BOARD.cards[n].name for n in state["cards"]["hands"][other(house)])
        (notice,) = judge.mail_to(address_of(judge, house), "Richard III notice: roses")
        assert f"{len(hand)} cards in hand: {', '.join(hand)}" in notice.body, notice.body
        assert f"cards in hand: {', '.join(enemy)}" not in notice.body
        assert notice.body.count("cards in hand") == 1
        board = judge.send(address_of(judge, house), f"{signons[house]}\nBOARD")
        assert f"cards in hand: {', '.join(hand)}" in board and board.count("cards in hand") == 1
    (watching,) = judge.mail_to(WATCHER, "Richard III notice: roses")
    assert "cards in hand" not in watching.body


@pytest.mark.parametrize(("kind", "seed"), [("richard3", 1), ("richard3", 4), ("richard3-1470", 2),
                                            ("richard3-1470", 5), ("richard3-1483", 3),
                                            ("richard3-1483", 6)])
def test_a_whole_game_by_mail_keeps_the_fog_of_war_and_its_dice_check(
    judge: MailJudge, kind: str, seed: int, tmp_path: Path
) -> None:
    play_to_the_end(judge, kind, seed)
    finished = game(judge)
    assert finished.status is GameStatus.FINISHED

    # Dice anyone can check: the last mail reveals the secret, and the record recomputes.
    for address in [*ADDRESSES, WATCHER]:
        revealing = [m for m in mails_to(judge, address) if finished.secret.hex() in m.body]
        assert len(revealing) == 1 and "is over" in revealing[0].subject + revealing[0].body
        winner = game_kind(kind).outcome(finished.state).winners[0]  # type: ignore[union-attr]
        assert f"The game is over: {winner} " in revealing[0].body, revealing[0].body  # 9.0
    with judge.store.session() as db:
        record = game_record(db, finished)
        phases = db.exec(select(PhaseRecord).order_by(PhaseRecord.id)).all()
    checked = check_record(record)
    assert checked.problems == [] and checked.phases == len(phases) >= 3  # a card, two actions

    # Fog of war: every enemy block a mail names was shown to its reader by his views.
    engine = game_kind(kind)
    for house in SIDES:
        address = address_of(judge, house)
        shown = "\n".join(json.dumps([engine.report_view(p.resolution, house),
                                      engine.view(p.state_after, house),
                                      engine.view(p.state_before, house)]) for p in phases)
        for mail in mails_to(judge, address):
            for name in _enemy_names(house):
                if re.search(rf"\b{re.escape(name)}\b", mail.body) and name not in shown:
                    raise AssertionError(f"{mail.subject} names {name}, hidden from {house}")
    # Results mails to a house that acts next list its choices.
    results = judge.mail_to(ADDRESSES[0], "Richard III results roses")
    assert results and any("You are to act" in mail.body for mail in results)

    # The usurpation count (8.2) reads the same in the results, SUMMARY and the archive (issue 18,
    # point 8: once York 3 in the results and 1 in the archive).
    counted = [(int(y), int(l)) for mail in judge.mail_to(WATCHER, "Richard III results roses")
               for y, l in re.findall(r"Usurpation \(8\.2\): York (\d+), Lancaster (\d+)", mail.body)]
    summary = judge.send(WATCHER, "SUMMARY roses")
    rows = [(int(y), int(l)) for y, l in re.findall(r"^  [IV]+-\d +(\d+) +(\d+)$", summary, re.M)]
    assert rows == counted, (summary, counted)
    site = tmp_path / "site"
    build_archive(judge.store, site)
    page = (site / "games" / "roses.html").read_text(encoding="utf-8")
    table = [(int(y), int(l)) for y, l in re.findall(
        r'<th scope="row">[IV]+-\d</th><td>(\d+)</td><td>(\d+)</td>', page)]
    assert table == counted


def _enemy_names(house: str) -> set[str]:
    """The names of the enemy's blocks that can only mean those blocks (not an area, a house, a
    card, or a block of the house itself)."""
    own = {b.name for b in BOARD.blocks.values() if b.side == house}
    words = own | set(BOARD.areas) | set(SIDES) | {c.name for c in BOARD.cards.values()}
    words |= {alias for area in BOARD.areas.values() for alias in area.aliases}
    return {b.name for b in BOARD.blocks.values() if b.side not in (house, None)} - words


def test_the_archive_of_a_running_game_shows_only_what_both_houses_may_see(
    judge: MailJudge, tmp_path: Path
) -> None:
    """The web archive of a game in progress is an observer's view: blocks counted, not named,
    except where a battle revealed them (6.1); the finished game's record is whole."""
    signons = start(judge, "richard3-1470")
    engine = Richard3Game("1470")
    rng = Random(5)
    play_phases(judge, signons, engine, rng, 12)  # a few turns by mail, every order given
    out = tmp_path / "site"
    build_archive(judge.store, out)
    text = "\n".join(path.read_text(encoding="utf-8") for path in out.rglob("*") if path.is_file()
                     and path.suffix in (".html", ".json", ".svg"))
    with judge.store.session() as db:
        phases = db.exec(select(PhaseRecord).order_by(PhaseRecord.id)).all()
    assert len(phases) >= 8
    shown = "\n".join(json.dumps([engine.report_view(p.resolution, None),
                                  engine.view(p.state_after, None)]) for p in phases)
    names = {b.name for b in BOARD.blocks.values() if b.side in SIDES}
    names -= set(BOARD.areas) | set(SIDES) | {a for area in BOARD.areas.values() for a in area.aliases}
    hidden = {name for name in names if name not in shown}
    assert hidden and not [name for name in hidden if re.search(rf"\b{re.escape(name)}\b", text)]


def test_results_mails_carry_the_map_as_their_reader_sees_it(judge: MailJudge) -> None:
    """Each house's map shows its own blocks named and the enemy's counted; the observers' both
    counted; a picture is drawn once for each view."""
    signons = start(judge, "richard3-1483", maps=True)
    engine = Richard3Game("1483")
    rng = Random(8)
    first = engine.turn(game(judge).state)
    play_phases(judge, signons, engine, rng, 3)
    for _ in range(40):  # to the end of the turn: observers are mailed once a turn
        if engine.turn(game(judge).state) != first:
            break
        play_phases(judge, signons, engine, rng, 1)
    judge.advance(minutes=1)
    with judge.store.session() as db:
        mails = db.exec(select(Outbox).where(col(Outbox.subject).startswith("Richard III results"))
                        .order_by(col(Outbox.id))).all()
        pictures = {p.id: p for p in db.exec(select(Picture))}
    assert mails and all(mail.picture_id in pictures for mail in mails)
    for house in SIDES:
        address = address_of(judge, house)
        mine = [pictures[m.picture_id].svg for m in mails if m.to_address == address and m.picture_id]
        assert mine and all(f"as {house} sees it" in svg for svg in mine)
        enemy = {b.name for b in BOARD.blocks.values() if b.side not in (house, None)}
        hidden = enemy - {b.name for b in BOARD.blocks.values() if b.side == house}
        hidden -= set(BOARD.areas) | {c.name for c in BOARD.cards.values()}
        hidden -= {"Richmond", "Gloucester"}  # the heirs to the crown: public (view's "crown")
        hidden -= {"Rebel"}  # the Pretender's own block (3.26), whichever house that is
        for svg in mine:
            assert not [n for n in hidden if re.search(rf">{re.escape(n)}<|\b{re.escape(n)} [0-9]", svg)]
    watched = [pictures[m.picture_id].svg for m in mails if m.to_address == WATCHER and m.picture_id]
    assert watched and all("as an observer sees it" in svg for svg in watched)
    with judge.store.session() as db:
        notices = db.exec(select(Outbox).where(
            col(Outbox.subject).startswith("Richard III notice: roses"))).all()
    assert {m.to_address for m in notices if m.picture_id} == {*map(partial(address_of, judge),
                                                                   SIDES), WATCHER, MASTER}
    for notice in notices:  # the start as each reader may see it (issue 18, point 10)
        svg = pictures[notice.picture_id].svg if notice.picture_id in pictures else ""
        reader = next((h for h in SIDES if address_of(judge, h) == notice.to_address), None)
        assert f"as {reader} sees it" in svg if reader else "as an observer sees it" in svg
    sent = [raw for raw in judge.transport.mails if b"image/png" in raw]
    assert len(sent) == len(mails) + len(notices)


def test_orders_kept_for_the_house_that_does_not_act_first_are_dropped_and_it_is_told(
    judge: MailJudge,
) -> None:
    """Each house keeps orders for its own first actions of turn III-2 (PHASE ... actions 1
    <house>; the 1483 scenario is campaign III): the cards decide who acts first (4.1), so one of
    the two phases never comes. Its orders are dropped as the other begins, and its house told;
    an earlier phase is refused."""
    signons = start(judge, "richard3-1483")
    engine = Richard3Game("1483")
    rng = Random(5)
    for house in SIDES:
        reply = judge.send(address_of(judge, house),
                           f"{signons[house]}\nPHASE III-2 actions 1 {house}\nDONE")
        assert f"Kept for III-2 actions 1 {house}" in reply, reply
        reply = judge.send(address_of(judge, house), f"{signons[house]}\nPHASE II-7 cards\nDONE")
        assert "is not a later phase than" in reply, reply
    while not game(judge).phase.startswith("III-2 actions"):
        play_phases(judge, signons, engine, rng, 1)
    now = game(judge).phase
    with judge.store.session() as db:
        played = {record.phase for record in db.exec(select(PhaseRecord))} | {now}
    first = next(house for house in SIDES if f"III-2 actions 1 {house}" in played)
    second = next(house for house in SIDES if house != first)
    assert f"III-2 actions 1 {second}" not in played
    dropped = [mail for mail in judge.mail_to(address_of(judge, second))
               if "were dropped, unread" in mail.body]
    assert len(dropped) == 1
    assert (f"your orders kept for Campaign III, turn 2: {second}'s actions (player 1) were dropped"
            in dropped[0].body)
    assert not any("were dropped" in mail.body for mail in judge.mail_to(address_of(judge, first)))


def test_a_missed_phase_says_who_gave_no_orders_and_what_the_judge_did(judge: MailJudge) -> None:
    """Issue 18, point 6: after the deadline and its grace, the results mail names the house that
    gave no orders and the default the rules give it (1.1: its lowest card is played; 5.1: a
    redeal not asked for is not made)."""
    signons = start(judge, "richard3-1483")
    engine = Richard3Game("1483")
    judge.send(address_of(judge, "York"), f"{signons['York']}\nSET MAIL EVERY PHASE")
    pending = engine.pending(game(judge).state)
    while "Lancaster" not in pending.powers:  # a redeal only York may ask for (5.1): he keeps
        judge.send(address_of(judge, "York"), f"{signons['York']}\nKEEP")
        pending = engine.pending(game(judge).state)
    if "York" in pending.powers:
        first = engine.legal_orders(game(judge).state, "York")[0]
        judge.send(address_of(judge, "York"), f"{signons['York']}\n{first}")
    judge.advance(hours=49)  # the deadline (24 h) and its grace (24 h) have passed
    mail = judge.mail_to(address_of(judge, "York"), "Richard III results")[-1]
    default = ("it plays its lowest card (1.1)" if pending.phase.endswith("cards")
               else "it keeps its hand (5.1)")
    assert f"Lancaster gave no orders: {default}." in mail.body, mail.body
    assert "York gave no orders" not in mail.body


def test_an_eliminated_block_in_the_pool_is_shown_as_eliminated_not_at_strength_0() -> None:
    """6.83 (issue 18, point 8): a noble eliminated goes face down to the pool until the
    campaign's end; its owner's board says so, not ``Buckingham 0 (face down)``."""
    engine = Richard3Game("1460")
    state = engine.new_game(b"eliminated")
    state["blocks"]["Buckingham/L"].update(at="pool", strength=0, down=True)
    board = render("richard3/board.txt", board=engine.view(state, "Lancaster"), powers=list(SIDES))
    assert "Buckingham (eliminated, face down until the campaign's end)" in board, board
    assert "Buckingham 0" not in board


def test_battle_reports_speak_the_games_terms() -> None:
    """6.4, 6.5, 6.9 (issue 18, point 5): a shot names its block, side and fire rating as the
    block shows it, and says what hits (A3: 3 or less); a charge names the block charged and the
    return fire its target; a treachery roll names who tries it, on whom, and what came of it."""
    events = [
        {"type": "charge", "block": "March", "target": "Somerset"},
        {"type": "fire", "round": 1, "side": "York", "block": "March", "firepower": 3,
         "rating": "A3", "dice": [2, 5], "hits": 1, "target": "Somerset",
         "taken": [["Somerset", 1]]},
        {"type": "fire", "round": 1, "side": "Lancaster", "block": "Somerset", "firepower": 3,
         "rating": "A3", "dice": [6], "hits": 0, "target": "March", "taken": [["March", 0]]},
        {"type": "treachery", "round": 2, "side": "York", "role": "warwick", "by": "Warwick",
         "target": "Buckingham", "dice": [5], "defects": False},
    ]
    text = render("richard3/events.txt", report={"events": events})
    assert "March charges Somerset, who fires back if he stands (6.5)." in text
    assert ("Round 1: March (York, A3: hits on 3 or less) fires at Somerset, rolls 2 5: 1 hit, "
            "Somerset loses 1.") in text, text
    assert ("Round 1: Somerset (Lancaster, A3: hits on 3 or less) fires at March, rolls 6: 0 hits."
            in text)
    assert ("Round 2: Warwick of York tries treachery on Buckingham: rolls 5, stays loyal (6.9)."
            in text)


def test_standing_orders_that_did_nothing_are_listed_for_their_owner_with_the_reason() -> None:
    """Issue 18, point 4: every accepted order says what it did or why it did nothing; the
    standing orders the battles never used are grouped by reason, one short line a reason."""
    text = render("richard3/events.txt", report={"events": [
        {"type": "orders unused", "side": "York", "groups": [
            {"why": "no battle for the block named",
             "orders": ["RETREAT Essex AFTER ROUND 1", "CHARGE March AT Rivers"]},
            {"why": "Lincoln was not friendly or vacant (6.7)", "orders": ["REGROUP Herbert - Lincoln"]}]}]})
    assert text.strip().splitlines() == [
        "Your orders that did nothing this turn:",
        "    RETREAT Essex AFTER ROUND 1; CHARGE March AT Rivers: no battle for the block named.",
        "    REGROUP Herbert - Lincoln: Lincoln was not friendly or vacant (6.7).",
    ], text


def test_list_of_a_richard3_game_speaks_of_no_draw_rule(judge: MailJudge) -> None:
    """Issue 18, point 8: no Diplomacy words in a Richard III game: a draw of two houses is
    both houses', so LIST shows no draw rule (a Diplomacy game's LIST does)."""
    start(judge, "richard3")
    reply = judge.send(WATCHER, "LIST roses")
    assert "Press:" in reply and "No orders:" in reply, reply
    assert "Draw rule" not in reply and "centre" not in reply, reply


def test_a_new_king_is_announced_at_the_supply_phase_in_words() -> None:
    """6.81: the heir becomes King at the next supply phase; the report says so in a sentence."""
    text = render("richard3/events.txt", report={"events": [
        {"type": "new king", "side": "York", "block": "March", "area": "Middlesex"}]})
    assert text.strip() == "York: March is King from now on, in Middlesex (6.81)."


def test_board_carries_the_current_map_to_a_player_who_reads_maps(judge: MailJudge) -> None:
    """Issue 18, point 10: BOARD by mail carries the map as its reader may see it, attached, to a
    member who reads maps (SET MAP ON); text alone after SET MAP OFF, and to a stranger."""
    signons = start(judge, "richard3", maps=True)
    york = address_of(judge, "York")
    reply = judge.send(york, f"{signons['York']}\nBOARD")
    assert "The map attached shows the board as you may see it." in reply
    with judge.store.session() as db:
        answer = db.exec(select(Outbox).where(Outbox.to_address == york)
                         .order_by(col(Outbox.id).desc())).first()
        assert answer is not None and answer.picture_id is not None
        drawn = db.get(Picture, answer.picture_id)
        assert drawn is not None and "as York sees it" in drawn.svg
    reply = judge.send(york, f"{signons['York']}\nSET MAP OFF\nBOARD")
    assert "The map attached" not in reply
    assert "The map attached" not in judge.send("stranger@example.org", "BOARD roses")


def test_a_house_that_gave_no_actions_gets_no_empty_list_of_its_orders() -> None:
    """1.1: a house that missed its actions' deadline is told it gave no orders, once; its
    results carry no heading "Your orders" with nothing under it."""
    engine = Richard3Game("1460")
    state = engine.new_game(b"no orders")
    report = {"events": [{"type": "no orders", "side": "Lancaster", "default": "it makes no move (1.1)"}],
              "orders": {"Lancaster": []}, "refused": {"Lancaster": []}}
    text = render("richard3/turn_report.txt", game="roses", phase_name="Campaign I, turn 1",
                  powers=list(SIDES), reader="Lancaster", report=engine.report_view(report, "Lancaster"),
                  board=engine.view(state, "Lancaster"), outcome=None, next_phase_name="the next",
                  deadline=None, choices=[])
    assert "Lancaster gave no orders: it makes no move (1.1)." in text
    assert "Your orders" not in text, text


def test_a_new_campaign_is_named_as_the_phases_name_it() -> None:
    """8.5: the campaign that begins after the political turn is numbered as the phases are
    (Campaign II), not with a figure."""
    engine = Richard3Game("1460")
    report = engine.report_view({"events": [{"type": "campaign", "campaign": 2}]}, None)
    assert render("richard3/events.txt", report=report).strip() == "Campaign II begins."


def test_a_results_mail_has_one_blank_line_between_its_parts_for_every_reader() -> None:
    """The position and the next phase are one blank line apart, for a house (whose hand ends
    the position) as for an observer (who sees no hand)."""
    engine = Richard3Game("1460")
    state = engine.new_game(b"spacing")
    for reader in [*SIDES, None]:
        text = render("richard3/turn_report.txt", game="roses", phase_name="Campaign I, turn 1",
                      powers=list(SIDES), reader=reader, report=engine.report_view({"events": []}, reader),
                      board=engine.view(state, reader), outcome=None, next_phase_name="the next",
                      deadline=None, choices=[])
        assert "\n\n\n" not in text, (reader, text)
        assert "\n\nThe next phase of roses is the next." in text, text


def test_the_last_results_mail_tells_the_end_once_and_first(judge: MailJudge) -> None:
    """9.0: the results mail of the phase that ends the game says so right under its heading,
    once (the report's own line for the victory is not said again), with one blank line before
    the signature; SUMMARY names the usurpation count once, over its table."""
    engine = Richard3Game("1460")
    state = engine.new_game(b"the end")
    reason = "York holds the throne after the last campaign's usurpation (9.0)"
    report = {"events": [{"type": "usurpation", "counts": {"York": 7, "Lancaster": 4}, "usurped": False,
                          "king": "York"},
                         {"type": "victory", "winner": "York", "reason": reason}]}
    for reader in [*SIDES, None]:
        text = render("richard3/results.txt", game="roses", phase_name="Campaign III, turn 7",
                      powers=list(SIDES), reader=reader, report=engine.report_view(report, reader),
                      board=engine.view(state, reader), outcome=reason, next_phase_name="the next",
                      deadline=None, choices=[], judge_name="The Judge", judge_address="judge@localhost")
        assert text.count("holds the throne after") == 1, text
        assert text.startswith(f"Richard III results for roses, Campaign III, turn 7.\nThe game is over: {reason}.\n")
        assert "\n\n\n" not in text, text
    start(judge, "richard3")
    summary = judge.send(WATCHER, "SUMMARY roses")
    assert len(re.findall(r"usurpation count\b", summary, re.I)) == 1, summary


def test_a_late_card_from_the_house_that_does_not_act_is_refused_without_talk_of_its_orders(
    judge: MailJudge,
) -> None:
    """A card sent after the card phase was processed, by the house that is not player 1 (1.2:
    it has nothing to order in player 1's actions): the reply says so, and says nothing of its
    orders being held or complete, which it has none of in this phase."""
    signons = start(judge, "richard3-1483")
    engine = Richard3Game("1483")
    while not game(judge).phase.endswith("cards"):  # a redeal first, for a weak hand (5.1)
        for house in sorted(engine.pending(game(judge).state).powers):
            judge.send(address_of(judge, house), f"{signons[house]}\nKEEP")
    for house in SIDES:
        card = engine.legal_orders(game(judge).state, house)[0]
        judge.send(address_of(judge, house), f"{signons[house]}\n{card}")
    (acting,) = engine.pending(game(judge).state).powers
    idle = other(acting)
    reply = judge.send(address_of(judge, idle), f"{signons[idle]}\nPLAY AP 2")
    assert f"Error: PLAY AP 2: {idle} has nothing to order in" in reply, reply
    assert "Your orders for" not in reply and "on hold" not in reply, reply
