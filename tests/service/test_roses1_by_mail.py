"""A Wars of the Roses I game by mail: created with ``CREATE ?game password roses1``, seven
players, power names with spaces signed on as ``RedRose@game`` or by letter, and the first year
played by mail: the King carried, units coming out of the boxes, builds in a box announced to all,
a second fleet refused (rule 7), and reports that show the King and the boxes; the Scots and the
French in the game while they own the centres of their box (rule 5), with nothing on the board.

Rule numbers are those of the variant's rules (shared/seeds/wars-of-the-roses-i-diplomacy-variant.txt).
"""

from __future__ import annotations

from mail_judge import MailJudge
from sqlmodel import col, select

from judge.games.registry import game_kind
from judge.service.play.games import survivors
from judge.service.web.showing import game_shown, show_text
from judge.store import Game, GameStatus, Membership, SubmittedOrders

MASTER = "master@example.org"
PLAYERS = [f"player{n}@example.org" for n in range(1, 8)]
PASSWORD = {address: f"pw{n}" for n, address in enumerate(PLAYERS, 1)}
# How each power signs on: by name without its space, or by letter against the game's name.
SIGNON = {
    "Red Rose": "RedRose@roses", "White Rose": "whiterose@roses", "Percies": "Proses",
    "Nevilles": "Nroses", "Beauforts": "Beauforts@roses", "Scots": "Sroses", "French": "Froses",
}  # fmt: skip


def state(judge: MailJudge) -> Game:
    with judge.store.session() as db:
        return db.exec(select(Game)).one()


def start(judge: MailJudge) -> dict[str, str]:
    """Create and fill the game; each power's player address."""
    reply = judge.send(MASTER, "CREATE ?roses secret roses1")
    assert "Game roses (diplomacy/roses1) created; you are its master." in reply
    for number, address in enumerate(PLAYERS, 1):
        reply = judge.send(address, f"JOIN roses pw{number}")
        assert f"Joined roses: {number} of 7 players." in reply
    assert "roses has started: Spring 1455 Movement" in reply
    with judge.store.session() as db:
        powers = {m.power: m.player_id for m in db.exec(select(Membership)) if m.power}
    assert set(powers) == set(SIGNON)
    addresses = {}
    for power, signon in SIGNON.items():
        for address in PLAYERS:
            if "Signed on" in judge.send(address, f"SIGNON {signon} {PASSWORD[address]}"):
                addresses[power] = address
    assert len(addresses) == 7 and len(set(addresses.values())) == 7
    return addresses


def order(judge: MailJudge, addresses: dict[str, str], power: str, *lines: str) -> str:
    address = addresses[power]
    return judge.send(address, "\n".join([f"SIGNON {SIGNON[power]} {PASSWORD[address]}", *lines]))


def test_the_first_year_of_a_roses_game_by_mail(judge: MailJudge) -> None:
    addresses = start(judge)
    notice = judge.mail_to(PLAYERS[0], "Diplomacy notice: roses")[0].body
    assert "roses has started" in notice

    # Spring 1455: the King goes with his army; the Scots and the French come out of their boxes.
    reply = order(judge, addresses, "Red Rose", "A+K London - Surrey", "A Can - Chi", "F Roc - Tha")
    assert "Accepted: A+K lon - sry" in reply and "complete" in reply
    reply = order(
        judge, addresses, "Scots", "F Dum - Nch", "A Scotland - Dumfries", "A Scotland - Berwick"
    )
    assert "Accepted: A scotland - dum" in reply and "Accepted: A scotland - bwk" in reply
    reply = order(judge, addresses, "French", "F France - Harfleur", "F Har - Eng")
    assert "Error: F France - Harfleur" in reply
    assert "fleets come onto the board from France only at sei, wch (rule 5)" in reply
    reply = order(judge, addresses, "French", "A France - Harfleur", "F France H")
    assert "Your orders for S1455M are complete." in reply
    order(judge, addresses, "White Rose", "A Don - Hul", "A Der H", "F Yor H")
    order(judge, addresses, "Percies", "A Car H", "A Dur H", "F Lan H")
    order(judge, addresses, "Nevilles", "A War H", "A Her H", "F Glo H")
    reply = order(judge, addresses, "Beauforts", "A Bri H", "A Dor H", "F Exe H")
    assert "Spring 1455 Movement of roses has been processed (all orders in)." in reply
    report = judge.mail_to(addresses["Percies"], "Diplomacy results roses S1455M")[0].body
    assert "A+K lon - sry" in report
    assert "Henry VI is in Surrey, held by Red Rose." in report
    assert "Off the board:" in report
    assert "  Scotland (Scots; centres Edinburgh, Stirling): no units" in report
    assert "  France (French; centres Paris, Rouen): F" in report
    assert state(judge).phase == "F1455M"

    # Fall 1455: the Red Rose takes Colchester and the Scots Newcastle; everyone else holds (the
    # units in boxes too).
    order(judge, addresses, "Red Rose", "A sry H", "A chi H", "F tha - col")
    order(judge, addresses, "Scots", "F nch H", "A dum H", "A bwk - ncl")
    for power in ("White Rose", "Percies", "Nevilles", "Beauforts", "French"):
        units = [u for u in state(judge).state["units"] if u["power"] == power]
        order(judge, addresses, power, *[f"{u['type']} {u['loc']} H" for u in units])
    game = state(judge)
    assert game.phase == "W1455A"
    centres = game.state["supply_centers"]
    assert (
        centres["col"] == "Red Rose" and centres["chi"] == "Red Rose" and centres["ncl"] == "Scots"
    )
    report = judge.mail_to(addresses["French"], "Diplomacy results roses F1455M")[0].body
    # Edinburgh and Stirling are the Scots' besides, and count for builds (rule 5); the report
    # says so.
    assert "  Scots       2 centres: dum, ncl; in its box: Edinburgh (Scotland), Stirling (Scotland)" in report
    assert "Centres are counted on the board, as victory counts them (rule 3)" in report
    assert "  Scots       builds 1\n" in report  # two centres and two in the box, three units

    # Winter 1455: one fleet a year (rule 7); the Scots build in their box, announced to all.
    reply = order(judge, addresses, "Red Rose", "Build F Lon", "Build F Roc")
    assert "Error: Build F Roc: Red Rose may build only one fleet a year (rule 7)" in reply
    reply = order(judge, addresses, "Red Rose", "Build F Roc")  # a later mail: F lon stands
    assert "Error: Build F Roc: Red Rose may build only one fleet a year (rule 7)" in reply
    assert "Your orders for W1455A are not complete yet: still to order 1 build (or WAIVE)." in reply
    with judge.store.session() as db:
        taken = db.exec(select(SubmittedOrders).order_by(col(SubmittedOrders.id).desc())).first()
    assert taken is not None and taken.orders == {"build lon": "Build F lon"}
    reply = order(judge, addresses, "Red Rose", "Build A Roc")
    assert "complete" in reply
    order(judge, addresses, "White Rose", "Build A don")
    reply = order(judge, addresses, "Scots", "Build A Scotland")
    assert "Accepted: Build A scotland" in reply
    assert "Winter 1455 Adjustment of roses has been processed (all orders in)." in reply
    game = state(judge)
    assert game.phase == "S1456M", game.phase
    report = judge.mail_to(addresses["Nevilles"], "Diplomacy results roses W1455A")[0].body
    assert "Build A scotland" in report  # the off-board build, announced to every player
    assert "Scotland (Scots; centres Edinburgh, Stirling): A" in report
    assert "Henry VI is in Surrey, held by Red Rose." in report
    units = {(u["power"], u["type"], u["loc"]) for u in game.state["units"]}
    assert {("Red Rose", "F", "lon"), ("Red Rose", "A", "roc"), ("Scots", "A", "scotland")} <= units


def test_the_french_with_nothing_on_the_board_survive_on_their_box_centres(
    judge: MailJudge,
) -> None:
    """Rule 5: the French own the two centres of their box, and can build there, so a French
    power without a unit or a centre on the board is still in the game: it shares a draw."""
    addresses = start(judge)
    with judge.store.session() as db:
        game = db.exec(select(Game)).one()
        position = game.state
        game.state = {
            **position,
            "units": [u for u in position["units"] if u["power"] != "French"],
            "supply_centers": {
                centre: owner
                for centre, owner in position["supply_centers"].items()
                if owner != "French"
            },
        }
        db.add(game)
        db.commit()
    game = state(judge)
    assert not [u for u in game.state["units"] if u["power"] == "French"]
    assert "French" not in game.state["supply_centers"].values()
    assert survivors(game) == list(game_kind("diplomacy/roses1").powers())
    for power in SIGNON:
        if power != "French":
            assert "Your draw vote is recorded." in order(judge, addresses, power, "SET DRAW")
    assert state(judge).status is GameStatus.ACTIVE  # the French have not voted
    reply = order(judge, addresses, "French", "SET DRAW")
    everyone = ", ".join(SIGNON)
    assert f"Every surviving power agrees: roses ends in a draw among {everyone}." in reply


def test_box_centres_are_counted_alike_everywhere_and_said_so(judge: MailJudge) -> None:
    """Rule 5: the centres of the Scots' and the French's boxes are theirs and count for builds,
    but not for victory (rule 3): the results, ``judge show``, SUMMARY and the start notice all
    count the centres on the board, list the box centres apart, and say so."""
    start(judge)
    notice = judge.mail_to(PLAYERS[0], "Diplomacy notice: roses")[0].body
    assert ("  Scots       3 units: F dum, A scotland, A scotland\n"
            "              1 centre: dum\n"
            "              2 centres in its box (for builds): Edinburgh (Scotland), Stirling "
            "(Scotland)\n") in notice
    said = "Centres are counted on the board, as victory counts them (rule 3); the centres of a"
    assert said in notice
    judge.advance(hours=49)  # past the deadline, then the grace: everything holds
    judge.advance(hours=25)
    assert state(judge).phase == "F1455M"
    spring = judge.mail_to(PLAYERS[0], "Diplomacy results roses S1455M")[0].body
    assert "  French      3 units: F har, A france, F france\n" in spring

    with judge.store.session() as db:
        shown = game_shown(db, state(judge))
    scots = next(entry for entry in shown["powers"] if entry["power"] == "Scots")
    assert scots["centres"] == ["dum"]
    box = ["Edinburgh (Scotland)", "Stirling (Scotland)"]
    assert scots["centres in its box (for builds)"] == box
    text = show_text(shown)
    assert "1 centre: dum\n" in text and f"2 centres in its box (for builds): {', '.join(box)}" in text
    assert said in text

    summary = judge.send("anyone@example.net", "SUMMARY roses")
    table = summary.split("Supply centres on the board at the start and at the end of each year:\n")[1]
    start_row = table.splitlines()[1]
    assert start_row.split()[1:] == ["3", "3", "3", "3", "3", "1", "1"]  # on the board
    assert said in table
