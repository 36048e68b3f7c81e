"""Richard III by mail as a new player meets it (issue 37): an order accepted is carried out, the
results say what happened to whom, and a card is asked for with the hand in sight.

Each test plays its case through ``ingest`` and ``tick``; where the case needs a position the
dealt cards would seldom give, the test sets the game's state in the store first, as a position
the rules allow, and the players then act by mail.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from mail_judge import MailJudge
from mail_judge import current_game as game
from sqlmodel import select
from test_richard3_by_mail import address_of, start

from judge.games.richard3.data import BOARD
from judge.games.richard3.game import Richard3Game
from judge.games.richard3.legal import points_left
from judge.store import Game

ENGINE = Richard3Game("1483")
AP4 = next(n for n, card in BOARD.cards.items() if card.ap == 4 and card.event is None)


def edit_state(judge: MailJudge, change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    """Change the game's state in the store (a position the rules allow) and return it."""
    with judge.store.session() as db:
        row = db.exec(select(Game)).one()
        state = json.loads(json.dumps(row.state))
        change(state)
        row.state = state
        db.add(row)
        db.commit()
    return state


def to_actions(judge: MailJudge, signons: dict[str, str]) -> str:
    """Play the redeal and card phases by mail (each house its first choice); the house whose
    actions come first."""
    while not game(judge).phase.split(" ", 1)[1].startswith("actions"):
        for house in sorted(ENGINE.pending(game(judge).state).powers):
            first = ENGINE.legal_orders(game(judge).state, house)[0]
            judge.send(address_of(judge, house), f"{signons[house]}\n{first}")
    (acting,) = ENGINE.pending(game(judge).state).powers
    return str(acting)


def test_an_order_that_would_overspend_the_card_is_refused_on_arrival_not_dropped_after(
    judge: MailJudge,
) -> None:
    """1.2, 5.1, 5.4: each action point allows one move (of one area's blocks) or one recruit. A
    RECRUIT is accepted in one mail; the next mail's moves spend the card's other points, and the
    move that would need a fifth is refused then, with what it would cost, so the orders are not
    called complete; the recruit is carried out at the phase, nothing "Not carried out"."""
    signons = start(judge, "richard3-1483")
    house = to_actions(judge, signons)
    state = edit_state(judge, lambda s: s["cards"]["played"].update({house: AP4}))
    recruit = next(o for o in ENGINE.legal_orders(state, house) if o.startswith("RECRUIT "))
    moves: list[str] = []
    while len(moves) < 4:  # four moves (by land or sea), a point each
        left = points_left(state, house, moves)
        moves.append(next(o for o in ENGINE.legal_orders(state, house, moves) if o.startswith(
            ("MOVE ", "SEA ")) and points_left(state, house, [*moves, o]) == left - 1))
    address = address_of(judge, house)
    reply = judge.send(address, f"{signons[house]}\n{recruit}")
    assert "Error" not in reply and "not complete yet" in reply, reply
    reply = judge.send(address, "\n".join([signons[house], *moves]))
    assert f"Error: {moves[-1]}: it needs a 5th action point and the card has 4 (1.2)" in reply, reply
    assert reply.count("Error") == 1, reply
    assert "Your orders for" in reply and " complete." not in reply, reply
    judge.send(address, f"{signons[house]}\nSET MAIL EVERY PHASE\nDONE")  # this phase's results now
    results = judge.mail_to(address, "Richard III results")[-1].body
    assert "Not carried out" not in results, results
    assert recruit in results and all(move in results for move in moves[:3]), results


def to_cards(judge: MailJudge, signons: dict[str, str]) -> None:
    """Past a redeal, if a hand allows one (5.1): every house keeps its hand."""
    while game(judge).phase.endswith(("redeal", "redeal answer")):
        for house in sorted(ENGINE.pending(game(judge).state).powers):
            judge.send(address_of(judge, house), f"{signons[house]}\nKEEP")


def hand(judge: MailJudge, house: str) -> list[str]:
    return sorted({BOARD.cards[n].name for n in game(judge).state["cards"]["hands"][house]})


def test_the_reminder_and_the_late_notice_show_the_hand_the_card_is_played_from(
    judge: MailJudge,
) -> None:
    """1.1: each house plays a card from its hand. A house that has sent none is reminded before
    the deadline, and told after it that it is late, with its own hand in the mail, written as
    the order it may send (PLAY <AP 2 | ...>); never the other house's hand."""
    signons = start(judge, "richard3-1483")
    judge.send("master@example.org", "SIGNON Mroses secret\nSET REMINDER 12h")
    to_cards(judge, signons)
    judge.advance(hours=13)
    for mails in ("Reminder:", "were not complete at the deadline"):
        for house in ("York", "Lancaster"):
            body = next(m.body for m in reversed(judge.mail_to(address_of(judge, house)))
                        if mails in m.body)
            written = f"PLAY <{' | '.join(hand(judge, house))}>"
            assert f"Still to order: a card ({written})." in body, body
        judge.advance(hours=12)  # the deadline passes: the grace period begins


def test_a_misspelt_card_is_likened_only_to_the_cards_in_the_hand(judge: MailJudge) -> None:
    """1.1: a card is played from the hand, so a card named wrongly is likened to the cards the
    player holds, never to one he does not hold (which would tell him nothing he may play)."""
    signons = start(judge, "richard3-1483")
    to_cards(judge, signons)
    house = "York"
    held = hand(judge, house)
    missing = next(c.name for c in BOARD.cards.values() if c.event and c.name not in held)
    misspelt = missing[:-2] + missing[-1] + missing[-2]  # Plauge for Plague
    reply = judge.send(address_of(judge, house), f"{signons[house]}\nPLAY {misspelt}")
    assert f"no card is called '{misspelt.lower()}'" in reply, reply
    assert missing not in reply, reply
    assert f"You may write: PLAY <{' | '.join(held)}>" in reply, reply


def test_the_plague_names_the_block_that_lost_a_step_to_its_owner_alone_by_mail(
    judge: MailJudge,
) -> None:
    """The Plague card: every block in one enemy city area loses a step. Played by mail, the
    results tell the blocks' owner which of his blocks lost one, and the player of the Plague
    only that a block did (the blocks stand face down to him)."""
    signons = start(judge, "richard3-1483")
    house = to_actions(judge, signons)
    enemy = "Lancaster" if house == "York" else "York"
    plague = next(n for n, card in BOARD.cards.items() if card.event == "plague")
    city = next(a for a, area in BOARD.areas.items() if area.city and area.kind != "exile"
                and not any(e["at"] == a for e in game(judge).state["blocks"].values()))
    struck = next(b for b, e in game(judge).state["blocks"].items()
                  if e["at"] in BOARD.areas and BOARD.blocks[b].side == enemy and not BOARD.blocks[b].heir)

    def set_up(state: dict[str, Any]) -> None:
        state["cards"]["played"][house] = plague
        state["blocks"][struck]["at"] = city  # the enemy block alone in a city area

    edit_state(judge, set_up)
    judge.send(address_of(judge, house), f"{signons[house]}\nPLAGUE {city}\nDONE")
    judge.send(address_of(judge, enemy), f"{signons[enemy]}\nDONE")
    name = BOARD.blocks[struck].name
    owner = "".join(m.body for m in judge.mail_to(address_of(judge, enemy), "Richard III results"))
    assert f"{enemy}: {name} in {city} loses a step to the Plague." in owner, owner
    player = "".join(m.body for m in judge.mail_to(address_of(judge, house), "Richard III results"))
    assert f"{enemy}: a block in {city} loses a step to the Plague." in player, player
    assert f"{name} in {city}" not in player, player
