"""The SMTP outbox against a real SMTP server (aiosmtpd, capturing what it is sent): the envelope,
TLS and AUTH, one connection for a batch, and how each kind of refusal is reported."""

from __future__ import annotations

import pytest
from servers import DOMAIN, Certificate, SmtpServer

from judge.mail.compose import compose
from judge.mail.settings import SmtpSettings
from judge.mail.smtp import PermanentDeliveryError, SmtpOutbox

JUDGE = f"judge@{DOMAIN}"


def reply(to: str = f"player@{DOMAIN}", number: int = 1, **headers: str) -> bytes:
    return compose(to, f"Diplomacy results {number}", "F North Sea - Norway\n",
                   sender=f"The Judge <{JUDGE}>", message_id=f"<r{number}@{DOMAIN}>", headers=headers)


def outbox_for(server: SmtpServer) -> SmtpOutbox:
    """An outbox for the plain server (the TLS tests set theirs up themselves)."""
    return SmtpOutbox(SmtpSettings(host="127.0.0.1", port=server.port, tls="none", timeout=10))


def test_the_envelope_comes_from_the_headers_and_bcc_is_not_sent(smtp_server: SmtpServer) -> None:
    outbox = outbox_for(smtp_server)
    outbox.deliver(reply(Cc=f"master@{DOMAIN}", Bcc=f"archive@{DOMAIN}"))
    outbox.close()
    [mail] = smtp_server.capture.mails
    assert mail.sender == JUDGE
    assert mail.recipients == [f"player@{DOMAIN}", f"master@{DOMAIN}", f"archive@{DOMAIN}"]
    assert b"\r\nBcc:" not in mail.raw and b"archive@" not in mail.raw
    assert b"\r\nCc: master@example.test\r\n" in mail.raw
    assert b"Message-ID: <r1@example.test>" in mail.raw


def test_line_ends_become_crlf(smtp_server: SmtpServer) -> None:
    outbox = outbox_for(smtp_server)
    outbox.deliver(reply().replace(b"\r\n", b"\n"))  # as a Maildir would hold it
    outbox.close()
    [mail] = smtp_server.capture.mails
    assert b"\n" not in mail.raw.replace(b"\r\n", b"")


def test_one_connection_carries_a_batch(smtp_server: SmtpServer) -> None:
    outbox = outbox_for(smtp_server)
    for number in range(3):
        outbox.deliver(reply(number=number))
    outbox.close()
    assert len(smtp_server.capture.mails) == 3
    assert len({mail.peer for mail in smtp_server.capture.mails}) == 1


def test_a_connection_the_server_closed_is_opened_again(smtp_server: SmtpServer) -> None:
    outbox = outbox_for(smtp_server)
    outbox.deliver(reply(number=1))
    smtp_server.stop()  # the server goes away (an idle timeout, a restart) ...
    smtp_server.start()  # ... and is back: the next mail opens a new connection
    outbox.deliver(reply(number=2))
    outbox.close()
    assert len({mail.peer for mail in smtp_server.capture.mails}) == 2


@pytest.mark.parametrize("smtp_server", ["starttls", "implicit"], indirect=True)
@pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS")  # implicit TLS is TLS
def test_tls_and_login(smtp_server: SmtpServer, certificate: Certificate) -> None:
    outbox = SmtpOutbox(SmtpSettings(
        host="localhost", port=smtp_server.port, tls=smtp_server.mode, user=SmtpServer.USER,
        password=SmtpServer.PASSWORD, ca_file=certificate.cert, timeout=10,
    ))
    outbox.deliver(reply())
    outbox.close()
    assert smtp_server.logins == [SmtpServer.USER]
    assert len(smtp_server.capture.mails) == 1


@pytest.mark.parametrize("smtp_server", ["starttls"], indirect=True)
def test_a_refused_login_or_missing_tls_is_worth_retrying(smtp_server: SmtpServer, certificate: Certificate) -> None:
    """The server refusing the judge itself is a setting to fix, not a reason to drop the mail."""
    cert = certificate.cert
    wrong = SmtpOutbox(SmtpSettings(host="localhost", port=smtp_server.port, tls="starttls",
                                    user="judge", password="wrong", ca_file=cert, timeout=10))
    with pytest.raises(OSError, match="535"):
        wrong.deliver(reply())
    plain = SmtpOutbox(SmtpSettings(host="127.0.0.1", port=smtp_server.port, tls="none", timeout=10))
    with pytest.raises(OSError, match="530"):
        plain.deliver(reply())
    assert smtp_server.capture.mails == []


@pytest.mark.parametrize(
    ("answer", "permanent"),
    [("550 5.1.1 no such mailbox", True), ("450 4.2.1 mailbox busy, try later", False)],
)
def test_a_refused_recipient(smtp_server: SmtpServer, answer: str, permanent: bool) -> None:
    smtp_server.capture.refuse_rcpt[f"player@{DOMAIN}"] = answer
    outbox = outbox_for(smtp_server)
    expected: type[Exception] = PermanentDeliveryError if permanent else OSError
    with pytest.raises(expected, match=answer.split()[0]) as raised:
        outbox.deliver(reply())
    assert isinstance(raised.value, OSError) is not permanent
    outbox.deliver(reply(to=f"other@{DOMAIN}"))  # the connection is still good for the next mail
    outbox.close()
    assert [mail.recipients for mail in smtp_server.capture.mails] == [[f"other@{DOMAIN}"]]


def test_some_recipients_refused_is_not_sent_again(smtp_server: SmtpServer) -> None:
    smtp_server.capture.refuse_rcpt[f"gone@{DOMAIN}"] = "550 5.1.1 no such mailbox"
    outbox = outbox_for(smtp_server)
    with pytest.raises(PermanentDeliveryError, match="some recipients only.*gone@"):
        outbox.deliver(reply(to=f"player@{DOMAIN}, gone@{DOMAIN}"))
    outbox.close()
    assert [mail.recipients for mail in smtp_server.capture.mails] == [[f"player@{DOMAIN}"]]


@pytest.mark.parametrize(
    ("answer", "permanent"),
    [("554 5.7.1 message refused as spam", True), ("451 4.3.0 queue full", False)],
)
def test_a_refused_content(smtp_server: SmtpServer, answer: str, permanent: bool) -> None:
    smtp_server.capture.refuse_data = answer
    outbox = outbox_for(smtp_server)
    with pytest.raises(Exception, match=answer.split()[0]) as raised:
        outbox.deliver(reply())
    assert isinstance(raised.value, PermanentDeliveryError) is permanent
    assert isinstance(raised.value, OSError) is not permanent
    outbox.close()


def test_an_unreachable_server_is_worth_retrying(smtp_server: SmtpServer) -> None:
    smtp_server.stop()
    outbox = outbox_for(smtp_server)
    with pytest.raises(OSError):
        outbox.deliver(reply())
    smtp_server.start()


def test_a_mail_without_recipients_is_refused_for_good(smtp_server: SmtpServer) -> None:
    raw = b"From: judge@example.test\r\nSubject: nobody\r\nMessage-ID: <x@example.test>\r\n\r\nbody\r\n"
    with pytest.raises(PermanentDeliveryError, match="no recipient"):
        outbox_for(smtp_server).deliver(raw)



def test_an_address_beyond_ascii_needs_smtputf8(smtp_server: SmtpServer) -> None:
    """RFC 6531: a server without SMTPUTF8 cannot take such an address, and never will: the mail
    fails for good instead of being retried."""
    smtp_server.restart(enable_SMTPUTF8=False)
    outbox = outbox_for(smtp_server)
    with pytest.raises(PermanentDeliveryError, match="SMTPUTF8"):
        outbox.deliver(reply(to=f"jürgen@{DOMAIN}"))
    outbox.close()
    assert smtp_server.capture.mails == []


def test_an_address_beyond_ascii_goes_through_a_server_with_smtputf8(smtp_server: SmtpServer) -> None:
    smtp_server.restart(enable_SMTPUTF8=True)
    outbox = outbox_for(smtp_server)
    outbox.deliver(reply(to=f"jürgen@{DOMAIN}"))
    outbox.close()
    [mail] = smtp_server.capture.mails
    assert mail.recipients == [f"jürgen@{DOMAIN}"]
