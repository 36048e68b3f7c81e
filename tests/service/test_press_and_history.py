"""Press, broadcasts, HISTORY and SUMMARY, by mail: who receives what, signed how, and why not."""

from __future__ import annotations

from typing import Any

import pytest
from sqlmodel import col, select

from judge.service.mailing import history

from judge.store import Game, GameStatus, Membership, Outbox, PhaseRecord, Player, Press, PressKind

from mail_judge import MailJudge

MASTER = "master@example.org"
PLAYERS = [f"player{n}@example.org" for n in range(1, 8)]
PRESS_SUBJECT = "Diplomacy press alpha"


# --- helpers ------------------------------------------------------------------------------------


def start(judge: MailJudge, **settings: Any) -> dict[str, str]:
    """Create alpha (with these settings), fill it, start it; return each power's SIGNON line."""
    judge.send(MASTER, "CREATE ?alpha secret standard")
    if settings:
        configure(judge, **settings)
    for number, address in enumerate(PLAYERS, 1):
        reply = judge.send(address, f"JOIN alpha pw{number}")
    assert "alpha has started" in reply
    return {power: f"SIGNON {power}@alpha pw{PLAYERS.index(address) + 1}"
            for power, address in holders(judge).items()}


def holders(judge: MailJudge) -> dict[str, str]:
    """Each power's player's address."""
    with judge.store.session() as db:
        return {
            m.power: db.get(Player, m.player_id).address  # type: ignore[union-attr]
            for m in db.exec(select(Membership)) if m.power
        }


def configure(judge: MailJudge, **settings: Any) -> None:
    """Change alpha's settings, as the master's SET commands would."""
    with judge.store.session() as db:
        game = db.exec(select(Game)).one()
        game.settings = {**game.settings, **settings}
        db.add(game)


def press_mail(judge: MailJudge) -> dict[str, str]:
    """Every press mail queued so far, by address (one each in these tests)."""
    with judge.store.session() as db:
        rows = db.exec(select(Outbox).where(Outbox.subject == PRESS_SUBJECT)).all()
        found = {row.to_address: row.body for row in rows}
        assert len(found) == len(rows)
        return found


def clear_press(judge: MailJudge) -> None:
    with judge.store.session() as db:
        for row in db.exec(select(Outbox).where(Outbox.subject == PRESS_SUBJECT)):
            db.delete(row)


def kept_press(judge: MailJudge) -> list[Press]:
    with judge.store.session() as db:
        return list(db.exec(select(Press).order_by(col(Press.id))).all())


def press(signon: str, header: str, *body: str) -> str:
    return "\n".join([signon, header, *body, "ENDPRESS"])


def past_deadline_and_grace(judge: MailJudge) -> None:
    judge.advance(hours=49)
    judge.advance(hours=25)


# --- PRESS ----------------------------------------------------------------------------------------


def test_white_press_reaches_its_powers_and_the_master_only(judge: MailJudge) -> None:
    signons = start(judge)
    players = holders(judge)
    reply = judge.send(players["England"], press(signons["England"], "PRESS TO France, g",
                                                 "Shall we share the North Sea?", "", "  E."))
    assert "Press sent to France and Germany: they read it as from England." in reply
    assert "The master receives a copy that shows who wrote it." in reply
    mail = press_mail(judge)
    assert set(mail) == {players["France"], players["Germany"], MASTER}
    body = mail[players["France"]]
    assert body.startswith("Press in alpha from England to France and Germany "
                           "(Spring 1901 Movement):\n\nShall we share the North Sea?\n\n  E.\n")
    assert "master's copy" not in body
    assert "(The master's copy: written by England.)" in mail[MASTER]
    assert not any(address in text for text in mail.values() for address in PLAYERS)
    [kept] = kept_press(judge)
    assert (kept.kind, kept.sender_power, kept.recipients, kept.phase) == (
        PressKind.WHITE, "England", ["France", "Germany"], "S1901M")
    assert kept.body == "Shall we share the North Sea?\n\n  E."


def test_grey_press_hides_the_sender_but_not_from_the_master(judge: MailJudge) -> None:
    signons = start(judge)
    players = holders(judge)
    reply = judge.send(players["Italy"], press(signons["Italy"], "PRESS TO Austria GREY",
                                               "Watch Trieste."))
    assert "Press sent to Austria: they read it as from an anonymous power (grey press)." in reply
    mail = press_mail(judge)
    assert "from an anonymous power to Austria" in mail[players["Austria"]]
    assert "Italy" not in mail[players["Austria"]]
    assert "written by Italy (sent as grey press)" in mail[MASTER]
    assert kept_press(judge)[0].kind is PressKind.GREY


def test_the_game_settings_decide_which_press_is_allowed(judge: MailJudge) -> None:
    signons = start(judge, press="white")
    france = holders(judge)["France"]
    reply = judge.send(france, press(signons["France"], "PRESS TO England GREY", "psst"))
    assert "Refused: alpha allows only white press: GREY (unsigned) press is not allowed." in reply
    configure(judge, press="grey")
    reply = judge.send(france, press(signons["France"], "PRESS TO England", "hello"))
    assert "Refused: alpha allows only grey press: write GREY after the recipients" in reply
    reply = judge.send(france, press(signons["France"], "PRESS TO England GREY", "psst"))
    assert "Press sent to England" in reply
    configure(judge, press="none")
    reply = judge.send(france, press(signons["France"], "PRESS TO England GREY", "psst"))
    assert "Refused: press is off in alpha (PRESS TO MASTER still reaches the master)." in reply
    reply = judge.send(france, press(signons["France"], "PRESS TO Master", "Is this allowed?"))
    assert "Press sent to the master: they read it as from France." in reply
    assert "The master receives a copy" not in reply  # the master is the recipient
    assert len(kept_press(judge)) == 2
    with judge.store.session() as db:  # England, and the master twice: a copy, then as recipient
        rows = db.exec(select(Outbox).where(Outbox.subject == PRESS_SUBJECT))
        to = [row.to_address for row in rows]
    assert sorted(to) == sorted([holders(judge)["England"], MASTER, MASTER])


def test_fake_press_only_where_allowed(judge: MailJudge) -> None:
    signons = start(judge)
    players = holders(judge)
    reply = judge.send(players["Russia"], press(signons["Russia"], "PRESS TO Turkey FAKE Austria",
                                                "Let us carve up Russia."))
    assert "Refused: alpha does not allow fake press." in reply
    configure(judge, fake_press=True)
    for header, refusal in [
        ("PRESS TO Turkey GREY FAKE Austria", "GREY and FAKE together"),
        ("PRESS TO Turkey FAKE Russia", "FAKE Russia: you are Russia"),
        ("PRESS TO Turkey FAKE Narnia", "FAKE narnia: alpha has no such power"),
    ]:
        reply = judge.send(players["Russia"], press(signons["Russia"], header, "x"))
        assert f"Refused: {refusal}" in reply
    assert not press_mail(judge)
    reply = judge.send(players["Russia"], press(signons["Russia"], "PRESS TO Turkey FAKE Austria",
                                                "Let us carve up Russia."))
    assert "Press sent to Turkey: they read it as from Austria (fake press)." in reply
    mail = press_mail(judge)
    assert mail[players["Turkey"]].startswith("Press in alpha from Austria to Turkey")
    assert "written by Russia (sent as fake press signed Austria)" in mail[MASTER]
    [kept] = kept_press(judge)
    assert (kept.kind, kept.sender_power) == (PressKind.FAKE, "Russia")


def test_recipients_are_checked_and_named(judge: MailJudge) -> None:
    signons = start(judge)
    players = holders(judge)
    reply = judge.send(players["Turkey"], press(signons["Turkey"], "PRESS TO Russia Narnia", "hi"))
    assert ("Refused: alpha has no power 'narnia': press goes to powers (by name or letter), ALL, "
            "MASTER or OBSERVERS. Nothing was sent.") in reply
    reply = judge.send(players["Turkey"], press(signons["Turkey"], "PRESS TO Turkey", "hi"))
    assert "Refused: nobody would receive it: Turkey (your own power). Nothing was sent." in reply
    reply = judge.send(players["Turkey"], press(signons["Turkey"], "PRESS TO Turkey Russia", ""))
    assert "Refused: the press has no text: nothing was sent." in reply
    assert not press_mail(judge) and not kept_press(judge)
    reply = judge.send(players["Turkey"], press(signons["Turkey"], "PRESS TO ALL", "Peace!"))
    assert "Press sent to all powers: they read it as from Turkey." in reply
    mail = press_mail(judge)
    assert set(mail) == set(players.values()) - {players["Turkey"]} | {MASTER}
    reply = judge.send("stranger@example.org", "PRESS TO all\nhello\nENDPRESS")
    assert "PRESS: sign on to a game first (SIGNON)." in reply


def test_press_to_a_power_nobody_holds(judge: MailJudge) -> None:
    signons = start(judge)
    players = holders(judge)
    judge.send(players["England"], f"{signons['England']}\nRESIGN")
    reply = judge.send(players["France"], press(signons["France"], "PRESS TO England", "hi"))
    assert "Refused: nobody would receive it: England (no player holds it)." in reply
    reply = judge.send(players["France"],
                       press(signons["France"], "PRESS TO England Germany", "hi"))
    assert "Press sent to Germany: they read it as from France." in reply
    assert "Not sent to England (no player holds it)." in reply
    assert set(press_mail(judge)) == {players["Germany"], MASTER}


def test_broadcasts_reach_everyone_in_the_game(judge: MailJudge) -> None:
    signons = start(judge)
    players = holders(judge)
    judge.send("watcher@example.org", "OBSERVE alpha seen")
    reply = judge.send(players["Germany"], f"{signons['Germany']}\nBROADCAST\nHello all.\n"
                                           "ENDBROADCAST")
    assert "Broadcast sent to everyone: they read it as from Germany." in reply
    mail = press_mail(judge)
    others = set(players.values()) - {players["Germany"]}
    assert set(mail) == others | {MASTER, "watcher@example.org"}
    assert mail["watcher@example.org"].startswith("Broadcast in alpha from Germany")
    clear_press(judge)
    reply = judge.send(players["Germany"], f"{signons['Germany']}\nBROADCAST GREY\nBoo.\n"
                                           "ENDBROADCAST")
    assert "they read it as from an anonymous power (grey press)" in reply
    assert "from an anonymous power" in press_mail(judge)[players["Italy"]]
    assert [p.kind for p in kept_press(judge)] == [PressKind.BROADCAST, PressKind.GREY]
    assert kept_press(judge)[1].recipients == ["everyone"]


def test_observers_write_to_the_master_observers_or_everyone(judge: MailJudge) -> None:
    start(judge)
    players = holders(judge)
    observe = "OBSERVE alpha seen"
    reply = judge.send("watcher@example.org", f"{observe}\nPRESS TO England\nhi\nENDPRESS")
    assert "Refused: an observer writes only to the master or the observers" in reply
    reply = judge.send("watcher@example.org", "SIGNON observer@alpha seen\nPRESS TO England GREY"
                                              "\nhi\nENDPRESS")
    assert "Refused: only a power may send grey press" in reply
    reply = judge.send("watcher@example.org", "SIGNON observer@alpha seen\nBROADCAST\nGood luck!"
                                              "\nENDBROADCAST")
    assert "Broadcast sent to everyone: they read it as from an observer." in reply
    mail = press_mail(judge)
    assert mail[players["Italy"]].startswith("Broadcast in alpha from an observer")
    assert "watcher@example.org" not in mail[players["Italy"]]
    assert "written by an observer <watcher@example.org>" in mail[MASTER]


def test_the_master_always_writes_signed(judge: MailJudge) -> None:
    start(judge, press="none", gunboat=True)
    players = holders(judge)
    reply = judge.send(MASTER, "SIGNON master@alpha secret\nPRESS TO England GREY\nx\nENDPRESS")
    assert "Refused: the master's press is always signed: GREY is for the powers." in reply
    reply = judge.send(MASTER, "SIGNON master@alpha secret\nBROADCAST\nDeadlines are firm."
                               "\nENDBROADCAST")
    assert "Broadcast sent to everyone: they read it as from the master." in reply
    mail = press_mail(judge)
    assert set(mail) == set(players.values())
    assert "Broadcast in alpha from the master" in mail[players["England"]]


def test_gunboat_games_have_no_press_between_players(judge: MailJudge) -> None:
    signons = start(judge, gunboat=True)
    players = holders(judge)
    reply = judge.send(players["Austria"], press(signons["Austria"], "PRESS TO Italy", "hi"))
    assert ("Refused: alpha is a gunboat game: there is no press between players (PRESS TO MASTER "
            "still reaches the master).") in reply
    reply = judge.send(players["Austria"], f"{signons['Austria']}\nBROADCAST\nhi\nENDBROADCAST")
    assert "Refused: alpha is a gunboat game" in reply
    reply = judge.send(players["Austria"], press(signons["Austria"], "PRESS TO master", "help"))
    assert "Press sent to the master: they read it as from Austria." in reply
    assert set(press_mail(judge)) == {MASTER}


def test_press_before_the_start_and_after_the_end(judge: MailJudge) -> None:
    judge.send(MASTER, "CREATE ?alpha secret standard")
    judge.send(PLAYERS[0], "JOIN alpha pw1")
    judge.send(PLAYERS[1], "JOIN alpha pw2")
    reply = judge.send(PLAYERS[2], "JOIN alpha pw3\nPRESS TO England\nhi\nENDPRESS\n"
                                   "BROADCAST GREY\nhi\nENDBROADCAST")
    assert "Refused: alpha has not started: the powers are not given out yet" in reply
    assert "Refused: only a power may send grey press" in reply
    reply = judge.send(PLAYERS[3], "JOIN alpha pw4\nPRESS TO all\nWho is in?\nENDPRESS")
    assert "Press sent to all players: they read it as from a player." in reply
    mail = press_mail(judge)
    assert set(mail) == {PLAYERS[0], PLAYERS[1], PLAYERS[2], MASTER}
    assert mail[PLAYERS[0]].startswith("Press in alpha from a player to all players:")
    assert f"written by a player <{PLAYERS[3]}>" in mail[MASTER]
    with judge.store.session() as db:
        game = db.exec(select(Game)).one()
        game.status = GameStatus.FINISHED
        db.add(game)
    reply = judge.send(MASTER, "SIGNON master@alpha secret\nBROADCAST\nThanks all\nENDBROADCAST")
    assert "Refused: alpha has ended: it takes no more press." in reply


# --- HISTORY --------------------------------------------------------------------------------------


def processed_days(judge: MailJudge) -> list[str]:
    """The (UTC) date each phase processed, oldest first."""
    with judge.store.session() as db:
        records = db.exec(select(PhaseRecord).order_by(col(PhaseRecord.id))).all()
        return [record.processed_at.date().isoformat() for record in records]


def test_history_sends_the_turn_reports_of_past_phases(judge: MailJudge) -> None:
    reply = judge.send("anyone@example.net", "HISTORY alpha")
    assert "Refused: there is no game called alpha." in reply
    judge.send(MASTER, "CREATE ?alpha secret standard")
    reply = judge.send("anyone@example.net", "HISTORY alpha")
    assert "Refused: alpha has not started: it has no history yet." in reply
    signons = start_more(judge)
    reply = judge.send("anyone@example.net", "HISTORY alpha")
    assert "Refused: no phase of alpha has been processed yet." in reply
    england = holders(judge)["England"]
    judge.send(england, f"{signons['England']}\nF lon - nth\nF edi - nwg\nA lvp - yor")
    past_deadline_and_grace(judge)  # S1901M
    past_deadline_and_grace(judge)  # F1901M, three days later
    spring, fall = processed_days(judge)
    assert spring != fall

    reply = judge.send("anyone@example.net", "HISTORY alpha")
    assert "History of alpha: 2 phases (times in UTC)." in reply
    assert "=== Spring 1901 Movement (S1901M), processed " in reply
    assert ("end of grace: civil disorder for Austria, France, Germany, Italy, Russia, "
            "Turkey ===") in reply
    assert "F lon - nth" in reply and "A vie H                      (no order)" in reply
    assert "The next phase of alpha is Fall 1901 Movement.\n" in reply  # no deadline: it is past
    results = judge.mail_to(england, "Diplomacy results alpha F1901M")[0].body
    assert results.split("\n-- \n")[0].rstrip("\n") in reply  # the latest, as the players had it

    reply = judge.send("anyone@example.net", f"HISTORY alpha FROM {fall}")
    assert f"History of alpha from {fall}: 1 phase" in reply
    assert "(S1901M)" not in reply and "(F1901M)" in reply
    reply = judge.send("anyone@example.net", f"HISTORY alpha TO {spring}")
    assert f"History of alpha up to {spring}: 1 phase" in reply
    assert "(S1901M)" in reply and "(F1901M)" not in reply
    reply = judge.send("anyone@example.net", "HISTORY alpha FROM 2030-01-01 TO 2030-02-01")
    assert ("Refused: no phase of alpha was processed from 2030-01-01 to 2030-02-01 "
            "(dates in UTC).") in reply


def start_more(judge: MailJudge) -> dict[str, str]:
    """Fill and start alpha, created already."""
    for number, address in enumerate(PLAYERS, 1):
        judge.send(address, f"JOIN alpha pw{number}")
    return {power: f"SIGNON {power}@alpha pw{PLAYERS.index(address) + 1}"
            for power, address in holders(judge).items()}


def test_history_leaves_out_the_phases_a_rollback_undid(judge: MailJudge) -> None:
    signons = start(judge)
    england = holders(judge)["England"]
    past_deadline_and_grace(judge)  # S1901M
    past_deadline_and_grace(judge)  # F1901M: everything holds
    with judge.store.session() as db:  # the master rolls back to F1901M (as ROLLBACK F1901M does)
        game = db.exec(select(Game)).one()
        fall = db.exec(select(PhaseRecord).where(PhaseRecord.phase == "F1901M")).one()
        game.state, game.phase = fall.state_before, "F1901M"
        game.deadline, game.grace_until = judge.now, None
        db.add(game)
    reply = judge.send("anyone@example.net", "HISTORY alpha")
    assert "History of alpha: 1 phase" in reply and "(F1901M)" not in reply
    judge.send(england, f"{signons['England']}\nF lon - eng")
    judge.advance(hours=25)  # late: grace; then civil disorder for the others
    judge.advance(hours=25)
    reply = judge.send("anyone@example.net", "HISTORY alpha")
    assert "History of alpha: 2 phases" in reply
    assert reply.count("(F1901M)") == 1 and "F lon - eng" in reply
    assert "F lon H" not in reply.split("(F1901M)")[1]


# --- SUMMARY --------------------------------------------------------------------------------------


def test_summary_tells_who_played_what_and_the_centres_each_year(judge: MailJudge) -> None:
    judge.send(MASTER, "CREATE ?alpha secret standard")
    judge.send(PLAYERS[0], "JOIN alpha pw1")
    reply = judge.send("anyone@example.net", "SUMMARY alpha")
    assert ("Summary of alpha\n  Game:      Diplomacy, the standard map (diplomacy/standard)\n"
            "  Status:    forming") in reply
    assert "The powers are given out when the game starts; 1 of 7 players have joined." in reply
    signons = start_more(judge)
    players = holders(judge)
    england = players["England"]
    judge.send(england, f"{signons['England']}\nF lon - nth\nF edi - nwg\nA lvp - yor")
    past_deadline_and_grace(judge)  # S1901M
    judge.send(england, f"{signons['England']}\nF nth - nor\nF nwg H\nA yor H")
    past_deadline_and_grace(judge)  # F1901M: England takes Norway
    reply = judge.send(england, f"{signons['England']}\nBUILD F lon")  # all in: W1901A processes
    assert "Winter 1901 Adjustment of alpha has been processed" in reply
    judge.send(players["Italy"], f"{signons['Italy']}\nRESIGN")

    reply = judge.send("anyone@example.net", "SUMMARY alpha")
    assert "Status:    in Spring 1902 Movement, deadline" in reply
    assert f"Master:    {MASTER}" in reply and "Phases processed: 3" in reply
    assert f"  England  {england}\n" in reply
    assert f"  Italy    {players['Italy']} (resigned), now no player\n" in reply
    table = reply.split("Supply centres at the start and at the end of each year:\n")[1]
    assert table.splitlines()[:3] == [
        "  Year   Austria England  France Germany   Italy  Russia  Turkey",
        "  start        3       3       3       3       3       4       3",
        "  1901         3       4       3       3       3       4       3",
    ]


def test_summary_of_an_anonymous_game_shows_no_address_until_it_ends(judge: MailJudge) -> None:
    start(judge, anonymous=True)
    reply = judge.send("anyone@example.net", "SUMMARY alpha")
    assert "Who plays which power is shown when the game ends (an anonymous game)." in reply
    assert "  England  (hidden until the game ends)" in reply
    assert not any(address in reply for address in PLAYERS)
    with judge.store.session() as db:
        game = db.exec(select(Game)).one()
        game.status = GameStatus.FINISHED
        db.add(game)
    reply = judge.send("anyone@example.net", "SUMMARY alpha")
    assert "Who played which power:" in reply
    assert all(address in reply for address in PLAYERS)


def test_a_long_history_comes_in_parts(judge: MailJudge, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(history, "MAX_PHASES", 1)
    start(judge)
    past_deadline_and_grace(judge)  # S1901M
    past_deadline_and_grace(judge)  # F1901M
    reply = judge.send("anyone@example.net", "HISTORY alpha")
    assert "History of alpha: 1 phase" in reply and "(S1901M)" in reply
    assert ("1 more phase in this range was left out (one reply holds at most 1, and what fits in "
            "its length): send HISTORY alpha FROM F1901M for the rest.") in reply
    reply = judge.send("anyone@example.net", "HISTORY alpha FROM F1901M")
    assert "(F1901M)" in reply and "(S1901M)" not in reply and "left out" not in reply


def test_a_history_continued_never_repeats_phases_processed_on_the_same_day(
    judge: MailJudge, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(history, "MAX_PHASES", 2)
    start(judge)
    for _ in range(3):  # the master processes three phases within the hour: one day for all
        assert "has been processed" in judge.send(MASTER, "SIGNON master@alpha secret\nPROCESS")
    played = processed_phases(judge)
    assert len(played) == 3 and len(set(processed_days(judge))) == 1
    day = processed_days(judge)[0]
    first = judge.send("anyone@example.net", f"HISTORY alpha FROM {day} TO {day}")
    assert f"send HISTORY alpha FROM {played[2]} TO {day} for the rest." in first
    rest = judge.send("anyone@example.net", f"HISTORY alpha FROM {played[2]} TO {day}")
    told = [phase for phase in played if f"({phase})" in first]
    told_again = [phase for phase in played if f"({phase})" in rest]
    assert told == played[:2] and told_again == played[2:]  # every phase once, none twice
    reply = judge.send("anyone@example.net", "HISTORY alpha FROM S1950M")
    assert "Refused: alpha has no processed phase S1950M (processed: S1901M, " in reply


def processed_phases(judge: MailJudge) -> list[str]:
    with judge.store.session() as db:
        return [r.phase for r in db.exec(select(PhaseRecord).order_by(col(PhaseRecord.id))).all()]
