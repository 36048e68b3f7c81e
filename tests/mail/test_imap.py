"""The IMAP inbox against a real Dovecot: fetching, flagging and moving, keeping its place across
restarts, reconnecting with backoff, TLS, and a mailbox whose UIDVALIDITY changed."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from imapclient import SEEN
from servers import DOMAIN, Certificate, Dovecot

from judge.mail.imap import Backoff, ImapInbox, ImapUnavailable
from judge.mail.settings import TlsMode


def order_mail(number: int, to: str) -> bytes:
    return (
        f"From: player{number}@{DOMAIN}\r\nTo: {to}\r\nSubject: orders {number}\r\n"
        f"Message-ID: <orders-{number}@{DOMAIN}>\r\n\r\nA Par - Bur\r\n"
    ).encode()


def subjects(fetched: list[tuple[str, bytes]]) -> list[str]:
    found = []
    for _, raw in fetched:
        line = next(line for line in raw.split(b"\r\n") if line.startswith(b"Subject: "))
        found.append(line.removeprefix(b"Subject: ").decode())
    return found


class Sleeps:
    """An injected ``sleep``: records the delays, and may act at one of them (restart a server)."""

    def __init__(self, at: int | None = None, action: object = None) -> None:
        self.delays: list[float] = []
        self.at, self.action = at, action

    def __call__(self, seconds: float) -> None:
        self.delays.append(seconds)
        if len(self.delays) == self.at and callable(self.action):
            self.action()


def flags_of(dovecot: Dovecot, user: str, folder: str = "INBOX") -> list[tuple[bytes, ...]]:
    client = dovecot.client(user)
    try:
        client.select_folder(folder, readonly=True)
        found = client.fetch(client.search(["ALL"]), ["FLAGS"])
        return [tuple(data[b"FLAGS"]) for _, data in sorted(found.items())]
    finally:
        client.logout()


def test_fetches_in_order_flags_done_mail_and_keeps_its_place(
    dovecot: Dovecot, mailbox_user: str, tmp_path: Path
) -> None:
    dovecot.deliver([mailbox_user], order_mail(1, mailbox_user))  # by LMTP, as Postfix would
    dovecot.deliver([mailbox_user], order_mail(2, mailbox_user))
    dovecot.append(mailbox_user, order_mail(3, mailbox_user))  # by IMAP APPEND
    settings = dovecot.imap_settings(mailbox_user, tmp_path / "imap-state.json")
    inbox = ImapInbox(settings)
    fetched = list(inbox.fetch())
    assert subjects(fetched) == ["orders 1", "orders 2", "orders 3"]
    assert [SEEN in flags for flags in flags_of(dovecot, mailbox_user)] == [False] * 3  # peeked only
    inbox.done([key for key, _ in fetched])  # one command for the batch
    assert [SEEN in flags for flags in flags_of(dovecot, mailbox_user)] == [True] * 3
    assert list(inbox.fetch()) == []
    inbox.close()

    restarted = ImapInbox(settings)  # a new judge process: the state file says where it was
    assert list(restarted.fetch()) == []
    dovecot.deliver([mailbox_user], order_mail(4, mailbox_user))
    assert subjects(list(restarted.fetch())) == ["orders 4"]
    restarted.close()


def test_done_mail_is_moved_to_the_done_folder(dovecot: Dovecot, mailbox_user: str, tmp_path: Path) -> None:
    for number in (1, 2, 3):
        dovecot.deliver([mailbox_user], order_mail(number, mailbox_user))
    settings = dovecot.imap_settings(mailbox_user, tmp_path / "state.json", done_folder="Judged")
    inbox = ImapInbox(settings)
    keys = [key for key, _ in inbox.fetch()]
    inbox.done(keys[:2])  # the two moved together
    inbox.done(keys[:2])  # again: nothing left to do, no error
    assert len(flags_of(dovecot, mailbox_user)) == 1
    inbox.done(keys[2:])
    inbox.close()
    assert flags_of(dovecot, mailbox_user) == []
    assert [SEEN in flags for flags in flags_of(dovecot, mailbox_user, "Judged")] == [True] * 3


def test_a_mail_not_done_is_fetched_again(dovecot: Dovecot, mailbox_user: str, tmp_path: Path) -> None:
    for number in (1, 2, 3):
        dovecot.deliver([mailbox_user], order_mail(number, mailbox_user))
    settings = dovecot.imap_settings(mailbox_user, tmp_path / "state.json")
    inbox = ImapInbox(settings)
    first, second, third = list(inbox.fetch())
    inbox.done([first[0], third[0]])  # the second failed (not stored): it must come again
    assert subjects(list(inbox.fetch())) == ["orders 2"]
    inbox.close()
    # After a restart the place is after the first mail: the third comes again too, and the
    # store (unique by Message-ID) recognises it.
    assert subjects(list(ImapInbox(settings).fetch())) == ["orders 2", "orders 3"]


@pytest.mark.parametrize("tls", ["starttls", "implicit"])
def test_tls(dovecot: Dovecot, mailbox_user: str, tmp_path: Path, tls: TlsMode) -> None:
    dovecot.deliver([mailbox_user], order_mail(1, mailbox_user))
    inbox = ImapInbox(dovecot.imap_settings(mailbox_user, tmp_path / "state.json", tls=tls))
    assert subjects(list(inbox.fetch())) == ["orders 1"]
    inbox.close()


def test_a_server_certificate_it_cannot_verify_is_refused_at_once(
    dovecot: Dovecot, mailbox_user: str, tmp_path: Path
) -> None:
    other = Certificate.make(tmp_path)  # not the certificate Dovecot presents
    sleeps = Sleeps()
    settings = dovecot.imap_settings(mailbox_user, tmp_path / "state.json", tls="implicit", ca_file=other.cert)
    with pytest.raises(ImapUnavailable, match="certificate verify failed"):
        list(ImapInbox(settings, sleep=sleeps).fetch())
    assert sleeps.delays == []


def test_a_refused_login_is_reported_at_once(
    certificate: Certificate, mailbox_user: str, tmp_path: Path
) -> None:
    # A Dovecot of its own: after a failed login Dovecot slows further logins from the address for
    # a while, which would slow the tests that share the other one.
    dovecot = Dovecot(certificate)
    try:
        dovecot.start()
        settings = dovecot.imap_settings(mailbox_user, tmp_path / "state.json")
        sleeps = Sleeps()
        wrong = ImapInbox(replace(settings, password="wrong"), sleep=sleeps)
        with pytest.raises(ImapUnavailable, match="login"):
            list(wrong.fetch())
        assert sleeps.delays == []
    finally:
        dovecot.remove()


def test_reconnects_after_a_server_restart(
    dovecot: Dovecot, mailbox_user: str, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    dovecot.deliver([mailbox_user], order_mail(1, mailbox_user))
    inbox = ImapInbox(dovecot.imap_settings(mailbox_user, tmp_path / "state.json"), sleep=Sleeps())
    [(key, _)] = list(inbox.fetch())
    inbox.done([key])
    dovecot.stop()
    dovecot.start()
    dovecot.deliver([mailbox_user], order_mail(2, mailbox_user))
    [(key, raw)] = list(inbox.fetch())  # the old connection is dead: a new one is made
    assert subjects([(key, raw)]) == ["orders 2"]
    assert "IMAP connection lost" in caplog.text
    inbox.done([key])
    inbox.close()


def test_backs_off_while_the_server_is_down(dovecot: Dovecot, mailbox_user: str, tmp_path: Path) -> None:
    dovecot.deliver([mailbox_user], order_mail(1, mailbox_user))
    settings = dovecot.imap_settings(mailbox_user, tmp_path / "state.json")
    try:
        dovecot.stop()
        comes_back = Sleeps(at=2, action=dovecot.start)  # the server is back after the second wait
        inbox = ImapInbox(settings, sleep=comes_back)
        assert subjects(list(inbox.fetch())) == ["orders 1"]
        assert comes_back.delays == [1.0, 2.0]
        inbox.close()

        dovecot.stop()
        now = [1000.0]
        sleeps = Sleeps()
        inbox = ImapInbox(settings, backoff=Backoff(first=0.5, limit=3, attempts=3), sleep=sleeps,
                          clock=lambda: now[0])
        with pytest.raises(ImapUnavailable, match="unreachable.*next attempt in 2 s"):
            list(inbox.fetch())
        assert sleeps.delays == [0.5, 1.0]  # within the call
        with pytest.raises(ImapUnavailable, match="next attempt in 2 s"):
            list(inbox.fetch())  # a poll during the pause fails at once, without trying
        assert sleeps.delays == [0.5, 1.0]
        now[0] += 2
        with pytest.raises(ImapUnavailable, match="next attempt in 3 s"):  # 4 s, but at most 3
            list(inbox.fetch())
        assert sleeps.delays == [0.5, 1.0, 0.5, 1.0]

        dovecot.start()
        now[0] += 3
        assert subjects(list(inbox.fetch())) == ["orders 1"]  # back: the pauses start over
        inbox.close()
    finally:
        if dovecot.process is None:
            dovecot.start()


def test_a_new_uidvalidity_means_reading_the_folder_again(
    dovecot: Dovecot, mailbox_user: str, tmp_path: Path
) -> None:
    for number in (1, 2):
        dovecot.append(mailbox_user, order_mail(number, mailbox_user), folder="Orders")
    state = tmp_path / "state.json"
    inbox = ImapInbox(dovecot.imap_settings(mailbox_user, state, folder="Orders"))
    fetched = list(inbox.fetch())
    inbox.done([key for key, _ in fetched])
    old_validity = fetched[0][0].split(":")[0]
    assert f'"uidvalidity": {old_validity}' in state.read_text()

    # The folder is rebuilt (deleted and made again, as a restore from backup would): the mail
    # in it gets new UIDs under a new UIDVALIDITY, and the judge reads all of it again.
    admin = dovecot.client(mailbox_user)
    admin.delete_folder("Orders")
    admin.create_folder("Orders")
    admin.append("Orders", order_mail(2, mailbox_user))
    admin.append("Orders", order_mail(3, mailbox_user))
    admin.logout()

    again = list(inbox.fetch())
    assert subjects(again) == ["orders 2", "orders 3"]
    assert again[0][0].split(":")[0] != old_validity
    inbox.done([fetched[0][0]])  # a key of the old UIDVALIDITY: ignored, it flags nothing
    assert [SEEN in flags for flags in flags_of(dovecot, mailbox_user, "Orders")] == [False, False]
    inbox.done([key for key, _ in again])
    assert list(inbox.fetch()) == []
    inbox.close()
