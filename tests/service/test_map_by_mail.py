"""Results mails carry the map of the phase (issue: maps by mail): a PNG attachment beside the
text report, drawn once per view and kept once however many mails carry it; SET MAP OFF makes a
member's results text only, SET MAP ON brings the map back; observers get it too; a game kind the
judge draws no pictures of sends text alone. The text report is the same with or without the map.
"""

from __future__ import annotations

import email
from collections.abc import Iterator
from dataclasses import replace
from email.message import Message
from pathlib import Path

import pytest
from alpha import MASTER, PLAYERS, as_power, holds, master, new_game
from duel_play import duel_judge, order, started
from mail_judge import MailJudge
from sqlmodel import select

from judge.service.serve_config import ReplyLimits
from judge.store import Picture

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
WATCHER = "watcher@example.org"


def delivered(judge: MailJudge, address: str, subject_starts: str) -> list[Message]:
    """The mails the transport was handed for ``address`` whose subject starts so, parsed."""
    parsed = [email.message_from_bytes(raw) for raw in judge.transport.mails]
    return [mail for mail in parsed
            if mail["To"] == address and str(mail["Subject"]).startswith(subject_starts)]


def text_and_pictures(mail: Message) -> tuple[str, dict[str, bytes]]:
    """The mail's text part, and its attachments by file name."""
    text, pictures = "", {}
    for part in mail.walk():
        if part.is_multipart():
            continue
        if part.get_filename():
            pictures[part.get_filename()] = part.get_payload(decode=True)
        elif part.get_content_type() == "text/plain":
            text = part.get_payload(decode=True).decode()
    return text, pictures


def test_every_reader_gets_the_map_and_it_is_kept_once(judge: MailJudge) -> None:
    seats = new_game(judge)
    judge.enrol(WATCHER, "OBSERVE alpha seen")
    for power in seats:
        as_power(judge, seats, power, *holds(judge, power))
    judge.advance(minutes=1)

    for address in [*PLAYERS, WATCHER, MASTER]:
        (mail,) = delivered(judge, address, "Diplomacy results alpha S1901M")
        assert mail.get_content_type() == "multipart/mixed"
        text, pictures = text_and_pictures(mail)
        assert "Spring 1901" in text or "S1901M" in text
        assert list(pictures) == ["alpha-S1901M.png"]
        assert pictures["alpha-S1901M.png"].startswith(PNG_SIGNATURE)
        assert len(pictures["alpha-S1901M.png"]) > 10_000  # a drawn map, not an empty frame
    with judge.store.session() as db:
        kept = db.exec(select(Picture)).all()
        # one view of a standard game: one picture for all nine results mails, and one for the
        # start notices (the start as everyone may see it, named by the first phase)
        assert [picture.name for picture in kept] == ["alpha-S1901M", "alpha-S1901M"]
        assert all("<svg" in picture.svg for picture in kept)


def test_set_map_off_makes_results_text_only_and_on_brings_the_map_back(judge: MailJudge) -> None:
    seats = new_game(judge)
    address = seats["France"][0]
    reply = as_power(judge, seats, "France", "SET MAP OFF")
    assert "Your results mails of alpha are text only" in reply
    # France and England order first: the last orders' sender has his results as the answer to
    # that mail, which starts with his own lines; the two compared here get the report alone
    for power in ["France", "England", *(p for p in seats if p not in ("France", "England"))]:
        as_power(judge, seats, power, *holds(judge, power))
    judge.advance(minutes=1)

    (plain,) = delivered(judge, address, "Diplomacy results alpha S1901M")
    (other,) = delivered(judge, seats["England"][0], "Diplomacy results alpha S1901M")
    assert plain.get_content_type() == "text/plain"
    assert text_and_pictures(plain)[1] == {}
    assert text_and_pictures(plain)[0] == text_and_pictures(other)[0]  # the same report, whole
    assert list(text_and_pictures(other)[1]) == ["alpha-S1901M.png"]

    reply = as_power(judge, seats, "France", "SET MAP ON")
    assert "carry the map of the phase" in reply
    for power in seats:
        as_power(judge, seats, power, *holds(judge, power))
    judge.advance(minutes=1)
    (mapped,) = delivered(judge, address, "Diplomacy results alpha F1901M")
    assert list(text_and_pictures(mapped)[1]) == ["alpha-F1901M.png"]


def test_the_master_and_observers_may_turn_the_map_off_too(judge: MailJudge) -> None:
    seats = new_game(judge)
    judge.enrol(WATCHER, "OBSERVE alpha seen")
    assert "text only" in judge.send(WATCHER, "SIGNON observer@alpha seen\nSET MAP OFF")
    assert "text only" in master(judge, "SET MAP OFF")
    for power in seats:
        as_power(judge, seats, power, *holds(judge, power))
    judge.advance(minutes=1)
    for address in (MASTER, WATCHER):
        (mail,) = delivered(judge, address, "Diplomacy results alpha S1901M")
        assert mail.get_content_type() == "text/plain"
    (mail,) = delivered(judge, PLAYERS[0], "Diplomacy results alpha S1901M")
    assert mail.get_content_type() == "multipart/mixed"


def test_a_roses_game_sends_its_own_map(judge: MailJudge) -> None:
    judge.enrol(MASTER, "CREATE ?roses secret roses1")
    for number, address in enumerate(PLAYERS, 1):
        judge.send(address, f"JOIN roses pw{number}")
    judge.send(MASTER, "SIGNON Mroses secret\nPROCESS")
    judge.advance(minutes=1)
    (mail,) = delivered(judge, MASTER, "Diplomacy results roses S1455M")
    text, pictures = text_and_pictures(mail)
    assert list(pictures) == ["roses-S1455M.png"] and pictures["roses-S1455M.png"].startswith(PNG_SIGNATURE)
    with judge.store.session() as db:
        (kept,) = db.exec(select(Picture)).all()  # no orders: the start's picture, kept once
        assert "Scotland" in kept.svg or "scotland" in kept.svg  # the off-board boxes are drawn


@pytest.fixture
def duel(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[MailJudge]:
    yield from duel_judge(tmp_path, monkeypatch)


def test_a_game_kind_without_pictures_sends_text_alone(duel: MailJudge) -> None:
    signons = started(duel)
    order(duel, signons, "North", "BID 1")
    order(duel, signons, "South", "BID 2")
    duel.advance(minutes=1)
    mails = delivered(duel, "a@example.org", "Duel results duel")
    assert mails and all(mail.get_content_type() == "text/plain" for mail in mails)
    with duel.store.session() as db:
        assert db.exec(select(Picture)).all() == []


# --- the reply cap counts the map (issue 36, item 7) ----------------------------------------------


def _reply_as_sent(judge: MailJudge, address: str, body: str) -> tuple[int, Message]:
    """Send ``body`` from ``address``; the judge's reply as the transport was handed it: its size
    and the mail parsed."""
    before = len(judge.transport.mails)
    judge.send(address, body, subject="board")
    judge.advance(seconds=1)  # the outbox is sent
    (raw,) = [raw for raw in judge.transport.mails[before:] if b"Subject: Re: board" in raw]
    return len(raw), email.message_from_bytes(raw)


def test_a_member_s_board_alone_carries_the_map_within_the_cap(judge: MailJudge) -> None:
    seats = new_game(judge)
    address, password = seats["England"]
    size, reply = _reply_as_sent(judge, address, f"SIGNON England@alpha {password}\nBOARD")
    text, pictures = text_and_pictures(reply)
    assert list(pictures) == ["alpha-S1901M.png"] and "The map attached shows the board" in text
    assert 40_000 < size <= judge.config.replies.longest  # the map is most of it


def test_board_and_history_in_a_small_mail_never_pass_the_cap_map_included(judge: MailJudge) -> None:
    """The issue's attack: a member's BOARD + HISTORY (135 bytes) got the map beside a HISTORY as
    long as the text's cap (91 kB): the whole reply as sent now stays within ``longest``."""
    seats = new_game(judge)
    for _ in range(24):  # twelve game years: a HISTORY longer than the reply's room
        for power in seats:
            as_power(judge, seats, power, *holds(judge, power))
    address, password = seats["England"]
    limit = judge.config.replies.longest
    body = f"SIGNON England@alpha {password}\nBOARD\nHISTORY alpha"
    assert len(body) < 140

    size, reply = _reply_as_sent(judge, address, body)
    text, pictures = text_and_pictures(reply)
    assert size <= limit
    assert list(pictures) == ["alpha-S1913M.png"]  # BOARD came first: the map fits, HISTORY is cut
    assert "send HISTORY alpha FROM " in text

    size, reply = _reply_as_sent(judge, address, f"SIGNON England@alpha {password}\nHISTORY alpha\nBOARD")
    text, pictures = text_and_pictures(reply)
    assert size <= limit and pictures == {}  # HISTORY came first: no room left for the map
    assert "Map left out (" in text
    assert f"with it this reply would pass the judge's {limit // 1024} kB a reply. Send BOARD " \
           "alone for it; your results mails carry the map." in " ".join(text.split())


def test_a_map_larger_than_any_reply_is_left_out_saying_so(judge: MailJudge) -> None:
    seats = new_game(judge)
    judge.config = replace(judge.config, replies=ReplyLimits(longest=32768, floor=32768))
    address, password = seats["England"]
    size, reply = _reply_as_sent(judge, address, f"SIGNON England@alpha {password}\nBOARD")
    text, pictures = text_and_pictures(reply)
    assert pictures == {} and size <= 32768 and "England  3 units" in text
    assert ("it does not fit in the judge's 32 kB a reply; your results mails carry the map."
            in " ".join(text.split()))
