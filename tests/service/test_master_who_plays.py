"""A master sees no more than the rules let him (issue 36, item 3), by mail.

The master who played Bosworth (``plantagenet-bosworth``) PREDICTed and read the other side's
Capabilities and Array before the deadline, and BECOME + CLEAR wiped its orders unseen. Now, in
every kind of the registry: a master who plays is refused BECOME and PREDICT (every kind keeps a
phase's orders from the other players until it is processed); where a view hides more
(``hidden_information``), every master is; and where a master may act for a power, its player
is told, in one short mail, what he did to its orders.
"""

from __future__ import annotations

import re
from random import Random
from typing import Any

import pytest
from alpha import as_power, holds, last_mail_id, mail_since, master, new_game
from mail_judge import MailJudge
from mail_judge import current_game as game
from sqlmodel import select

from judge.games.plantagenet.bosworth_game import BosworthGame
from judge.games.registry import KINDS, Entry, made
from judge.store import Game, Membership, Player

pytestmark = pytest.mark.usefixtures("cheap_passwords")

MASTER = "master@example.org"


def _seats(judge: MailJudge, name: str) -> dict[str, str]:
    """Each power of the game and its player's address."""
    with judge.store.session() as db:
        found = db.exec(select(Game).where(Game.name == name)).one()
        rows = db.exec(select(Membership, Player).where(Membership.player_id == Player.id,
                                                        Membership.game_id == found.id)).all()
    return {m.power: p.address for m, p in rows if m.power}


def _started(judge: MailJudge, name: str, kind: str, master: str, master_plays: bool) -> dict[str, str]:
    """``name`` of ``kind``, created by ``master``, filled (by the master himself first, if he
    plays) and so started; maps off, text is enough."""
    reply = judge.enrol(master, f"CREATE ?{name} secret {kind}\nSET MAP OFF")
    assert f"Game {name} (" in reply, reply
    powers = len(made(next(e for e in KINDS if kind in e.names)).powers())
    players = ([master] if master_plays else []) + [f"{name}{n}@example.org" for n in range(powers)]
    for address in players[:powers]:
        reply = judge.enrol(address, f"JOIN {name} pw{address[0]}")
    assert f"{name} has started" in reply, reply
    return _seats(judge, name)


@pytest.mark.parametrize("entry", KINDS, ids=lambda entry: entry.names[0])
def test_a_master_who_plays_is_refused_become_and_predict_in_every_kind(judge: MailJudge, entry: Entry) -> None:
    kind = made(entry)
    name = "g" + re.sub(r"[^a-z0-9]", "", entry.names[0])[:12]
    master = f"m-{name}@example.org"
    seats = _started(judge, name, entry.names[0], master, master_plays=True)
    mine = next(power for power, address in seats.items() if address == master)
    other = next(power for power in kind.powers() if power != mine)
    before = _state(judge, name)
    reply = judge.send(master, f"SIGNON M{name} secret\nBECOME {other}\nCLEAR\nPREDICT")
    assert reply.count("Refused:") == 3, reply  # BECOME, then CLEAR (no power), PREDICT
    if kind.hidden_information:
        assert f"Refused: no master acts for a power in {name}" in reply
        assert f"Refused: PREDICT is not offered in {name}" in reply
    else:
        assert (f"Refused: you hold or held {mine} in {name}: a master who plays acts for no power, as "
                f"{other}'s orders would show you what another power ordered.") in reply, reply
        assert (f"Refused: you hold or held {mine} in {name}: a master who plays may not PREDICT, as a "
                "prediction shows the other powers' orders before the deadline.") in reply
    assert "You act for" not in reply and "Prediction for" not in reply
    assert "Refused: only a power has orders to clear." in reply
    assert _state(judge, name) == before


@pytest.mark.parametrize("entry", KINDS, ids=lambda entry: entry.names[0])
def test_a_master_who_does_not_play_may_look_only_where_nothing_is_hidden(judge: MailJudge, entry: Entry) -> None:
    """Where some reader's view hides part of the state (checked here on the start, and by
    ``test_kind_contract`` over twelve phases), every master is refused; elsewhere the master
    who plays no power may act for one and PREDICT."""
    kind = made(entry)
    name = "h" + re.sub(r"[^a-z0-9]", "", entry.names[0])[:12]
    master = f"m-{name}@example.org"
    _started(judge, name, entry.names[0], master, master_plays=False)
    state = _state(judge, name)
    hides = any(kind.view(state, reader) != {**state, **kind.view(state, reader)}
                or set(state) - set(kind.view(state, reader)) for reader in [*kind.powers(), None])
    assert not hides or kind.hidden_information
    other = kind.powers()[-1]
    reply = judge.send(master, f"SIGNON M{name} secret\nBECOME {other}\nPREDICT")
    if kind.hidden_information:
        assert reply.count("Refused:") == 2, reply
    else:
        assert f"You act for {other} in {name}" in reply and f"Prediction for {name}" in reply, reply


def _state(judge: MailJudge, name: str) -> dict[str, Any]:
    with judge.store.session() as db:
        return db.exec(select(Game).where(Game.name == name)).one().state


# --- Bosworth, as the tester played it ---------------------------------------------------------


def test_the_bosworth_master_who_plays_reads_nothing_of_the_other_side(judge: MailJudge) -> None:
    seats = _started(judge, "bos", "plantagenet-bosworth", MASTER, master_plays=True)
    mine = next(side for side, address in seats.items() if address == MASTER)
    theirs = next(side for side in seats if side != mine)
    engine = BosworthGame()
    orders = [line for line in engine.random_orders(game(judge).state, theirs, Random(3))
              if not line.startswith("FLEE")]
    reply = judge.send(seats[theirs], "\n".join([f"SIGNON {theirs}@bos pw{seats[theirs][0]}", *orders]))
    assert reply.count("Accepted:") == len(orders), reply
    reply = judge.send(MASTER, f"SIGNON Mbos secret\nPREDICT\nBECOME {theirs}\nCLEAR")
    assert "Prediction for" not in reply and "You act for" not in reply
    array = next(line for line in orders if line.startswith("ARRAY"))
    assert array.removeprefix("ARRAY ") not in reply
    assert not [line for line in orders if line in reply.replace("> ", "")]
    reply = judge.send(seats[theirs], f"SIGNON {theirs}@bos pw{seats[theirs][0]}\nSET WAIT")
    assert "This phase will wait" in reply  # his orders stand: nothing was withdrawn


# --- a master who acts for a power: its player is told --------------------------------------------


def test_the_player_is_told_once_what_a_master_did_to_his_orders(judge: MailJudge) -> None:
    """Bosworth, its master playing no side: the master BECOMEs York, withdraws its orders,
    gives one and keeps none; York's player gets one short mail that says so, and what his
    orders are now. Lancaster's player gets nothing."""
    seats = _started(judge, "bos", "plantagenet-bosworth", MASTER, master_plays=False)
    york, lancaster = seats["York"], seats["Lancaster"]
    engine = BosworthGame()
    orders = [line for line in engine.random_orders(game(judge).state, "York", Random(5))
              if line.startswith("ARRAY")]
    judge.send(york, "\n".join([f"SIGNON York@bos pw{york[0]}", "SET WAIT", *orders]))
    told_york, told_lancaster = len(judge.mail_to(york)), len(judge.mail_to(lancaster))
    reply = judge.send(MASTER, f"SIGNON Mbos secret\nBECOME York\nCLEAR\n{orders[0]}\nCLEAR")
    assert "its player is told what you did" in reply, reply
    assert reply.count("Your orders for array are withdrawn.") == 2
    mails = judge.mail_to(york)[told_york:]
    assert len(mails) == 1, [m.body for m in mails]
    body = mails[0].body
    assert "The master of bos acted for York (BECOME) and changed your orders:" in body
    assert body.count("withdrew your orders for array (CLEAR)") == 2
    assert f"gave: {orders[0]}" in body
    assert "Your orders for array now: none." in body
    assert len(judge.mail_to(lancaster)) == told_lancaster


def test_a_master_who_changes_nothing_tells_nobody(judge: MailJudge) -> None:
    seats = _started(judge, "bos", "plantagenet-bosworth", MASTER, master_plays=False)
    told = {address: len(judge.mail_to(address)) for address in seats.values()}
    reply = judge.send(MASTER, "SIGNON Mbos secret\nBECOME York\nARRAY Nobody")
    assert "Error:" in reply
    assert {address: len(judge.mail_to(address)) for address in seats.values()} == told


def test_the_tell_rides_in_the_results_when_the_masters_orders_complete_the_phase(
    judge: MailJudge,
) -> None:
    """Every power but England has ordered; the master (playing none) BECOMEs England and orders
    its holds: the phase processes, and England's player gets one mail from the master's mail,
    the results with what the master did added to them."""
    seats = new_game(judge)
    for power in seats:
        if power != "England":
            as_power(judge, seats, power, *holds(judge, power))
    england = seats["England"][0]
    before = last_mail_id(judge)
    reply = master(judge, "BECOME England", *holds(judge, "England"))
    assert "Spring 1901 Movement of alpha has been processed (all orders in)" in reply, reply
    mails = [mail for mail in mail_since(judge, before) if mail.to_address == england]
    assert len(mails) == 1, [mail.subject for mail in mails]
    body = mails[0].body
    assert "Diplomacy results alpha S1901M" in mails[0].subject
    assert "The master of alpha acted for England (BECOME) and changed your orders:" in body
    assert f"gave: {'; '.join(holds(judge, 'England'))}" in body
    assert body.count("\n-- \n") == 1


def test_a_master_who_played_and_resigned_is_refused_too(judge: MailJudge) -> None:
    """He knows what his side ordered, and may have read the other's press: resigning his side
    gives him no more than a player's sight."""
    seats = _started(judge, "bos", "plantagenet-bosworth", MASTER, master_plays=True)
    mine = next(side for side, address in seats.items() if address == MASTER)
    theirs = next(side for side in seats if side != mine)
    assert "You have resigned" in judge.send(MASTER, f"SIGNON {mine}@bos pwm\nRESIGN")
    reply = judge.send(MASTER, f"SIGNON Mbos secret\nPREDICT\nBECOME {theirs}")
    assert reply.count(f"Refused: you hold or held {mine} in bos: a master who plays") == 2, reply
