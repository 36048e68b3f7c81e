"""End to end through real mail servers: a player's mail goes into Postfix, reaches the judge (over
IMAP from Dovecot, or over LMTP straight from Postfix), is processed by the service, and the reply
goes back through Postfix into the player's Dovecot mailbox, where it is read over IMAP."""

from __future__ import annotations

import secrets
import smtplib
import time
from collections.abc import Callable, Iterator
from datetime import datetime, timezone
from email import message_from_bytes
from pathlib import Path

import pytest
from postfix_server import Postfix
from servers import DOMAIN, Dovecot, free_port
from sqlmodel import select

from judge.mail.transports import start_lmtp
from judge.service.config import Config, load_config
from judge.service.daemon.operate import ingest_file, init_judge, tick_once
from judge.store import InboundMail, open_store

NOW = datetime(2026, 1, 5, 12, 0, tzinfo=timezone.utc)
LMTP_DOMAIN = f"lmtp.{DOMAIN}"  # Postfix hands this domain to the judge's LMTP listener
JUDGE_LMTP_PORT = free_port()


@pytest.fixture(scope="module")
def postfix(dovecot: Dovecot) -> Iterator[Postfix]:
    server = Postfix(dovecot.lmtp_port, routes={LMTP_DOMAIN: f"lmtp:inet:127.0.0.1:{JUDGE_LMTP_PORT}"})
    try:
        server.start()
        yield server
    finally:
        server.remove()


def eventually(condition: Callable[[], bool], what: str, log: Callable[[], str], seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} did not happen within {seconds} s; the mail log:\n{log()}")
        time.sleep(0.1)


def player_mail(player: str, judge: str, body: str = "HELP") -> tuple[str, bytes]:
    message_id = f"<{secrets.token_hex(6)}@{DOMAIN}>"
    raw = (f"From: A Player <{player}>\r\nTo: {judge}\r\nSubject: help please\r\n"
           f"Message-ID: {message_id}\r\n\r\n{body}\r\n").encode()
    return message_id, raw


def send_through_postfix(postfix: Postfix, sender: str, recipient: str, raw: bytes) -> None:
    with smtplib.SMTP("127.0.0.1", postfix.port, timeout=10) as client:
        assert client.sendmail(sender, [recipient], raw) == {}


def judge_config(tmp_path: Path, address: str, mail: str, sections: str) -> Config:
    """A judge made by ``judge init`` at ``address``, with ``mail`` in its [mail] section."""
    path = init_judge(tmp_path / "judge")
    text = path.read_text().replace('address = "judge@localhost"', f'address = "{address}"', 1)
    text = text.replace('domain = "localhost"', f'domain = "{DOMAIN}"', 1)
    path.write_text(text.replace("[mail]\n", f"[mail]\n{mail}\n", 1) + sections)
    return load_config(path)


def assert_reply_in_mailbox(dovecot: Dovecot, postfix: Postfix, player: str, message_id: str,
                            judge: str) -> None:
    mails = dovecot.wait_for_mail(player)
    assert mails, f"no reply reached {player}; the mail log:\n{postfix.log()}"
    [raw] = mails.values()
    reply = message_from_bytes(raw)
    assert reply["In-Reply-To"] == message_id
    assert reply["Subject"] == "Re: help please"
    assert judge in reply["From"]
    assert reply["Return-Path"] == f"<{judge}>"  # the envelope sender, from the judge's headers
    assert "(Postfix)" in " ".join(reply.get_all("Received", []))  # it went through Postfix
    assert "SIGNON" in reply.get_payload(decode=True).decode()


def test_player_to_postfix_to_dovecot_to_the_judge_over_imap_and_back(
    tmp_path: Path, dovecot: Dovecot, postfix: Postfix
) -> None:
    judge = f"judge-{secrets.token_hex(4)}@{DOMAIN}"
    player = f"player-{secrets.token_hex(4)}@{DOMAIN}"
    config = judge_config(tmp_path, judge, 'inbound = "imap"\noutbound = "smtp"', f"""
[imap]
host = "localhost"
port = {dovecot.imap_port}
tls = "starttls"
ca_file = "{dovecot.certificate.cert}"
user = "{judge}"
password = "{Dovecot.PASSWORD}"
done_folder = "Judged"

[smtp]
host = "127.0.0.1"
port = {postfix.port}
tls = "none"
""")

    message_id, raw = player_mail(player, judge)
    send_through_postfix(postfix, player, judge, raw)
    eventually(lambda: len(dovecot.wait_for_mail(judge, 1)) == 1, "delivery to the judge's mailbox", postfix.log)

    done = tick_once(config, NOW)  # IMAP in, the service, SMTP out
    assert done[0] == "answered 1 line(s)" and done[1].startswith("sent ")
    assert_reply_in_mailbox(dovecot, postfix, player, message_id, judge)
    assert dovecot.wait_for_mail(judge, folder="Judged")  # the judge's mail was moved once done
    assert tick_once(config, NOW) == []


def test_player_to_postfix_to_the_judge_over_lmtp_with_a_deferral_and_back(
    tmp_path: Path, dovecot: Dovecot, postfix: Postfix
) -> None:
    judge = f"judge@{LMTP_DOMAIN}"
    player = f"player-{secrets.token_hex(4)}@{DOMAIN}"
    config = judge_config(tmp_path, judge, 'outbound = "smtp"', f"""
[smtp]
host = "127.0.0.1"
port = {postfix.port}
tls = "none"

[lmtp]
host = "127.0.0.1"
port = {JUDGE_LMTP_PORT}
""")
    store_down = [True]  # the first delivery finds the store down: 451, and Postfix keeps the mail

    def ingest(raw: bytes) -> str:
        if store_down[0]:
            raise OSError("the database is not reachable")
        return ingest_file(config, raw, NOW)

    listener = start_lmtp(config, ingest)
    assert listener is not None
    try:
        message_id, raw = player_mail(player, judge)
        send_through_postfix(postfix, player, judge, raw)
        eventually(lambda: f"to=<{judge}>" in postfix.log() and "status=deferred" in postfix.log()
                   and "451 4.3.0" in postfix.log(), "a deferral after 451", postfix.log)
        assert stored_ids(config) == []

        store_down[0] = False
        postfix.flush()
        eventually(lambda: stored_ids(config) == [message_id], "the retried delivery", postfix.log)
    finally:
        listener.stop()

    done = tick_once(config, NOW)  # the reply goes out through Postfix
    assert [line for line in done if line.startswith("sent ")]
    assert_reply_in_mailbox(dovecot, postfix, player, message_id, judge)


def stored_ids(config: Config) -> list[str]:
    store = open_store(config.database_url)
    try:
        with store.session() as db:
            return [row.message_id for row in db.exec(select(InboundMail)).all()]
    finally:
        store.close()
