"""The transports as a judge is configured with them: the settings file's mail sections, the
factories, and the service reading mail over IMAP, answering over SMTP, and taking LMTP deliveries,
each against a real server."""

from __future__ import annotations

import re
import smtplib
from datetime import datetime, timezone
from pathlib import Path

import pytest
from servers import DOMAIN, Dovecot, SmtpServer, free_port
from sqlmodel import select

from judge.mail.imap import ImapInbox
from judge.mail.maildir import MaildirInbox, MaildirOutbox
from judge.mail.smtp import SmtpOutbox
from judge.mail.transports import open_inbox, open_outbox, start_lmtp
from judge.service.config import Config, ConfigError, load_config
from judge.service.daemon.operate import ingest_file, init_judge, tick_once
from judge.store import Outbox, OutboxStatus, open_store

NOW = datetime(2026, 1, 5, 12, 0, tzinfo=timezone.utc)
PLAYER = f"player@{DOMAIN}"


def judge_with(tmp_path: Path, mail: str = "", sections: str = "", files: dict[str, str] | None = None) -> Config:
    """A judge made by ``judge init``, its [mail] section given ``mail``, ``sections`` added, and
    ``files`` (name: text) written next to its settings."""
    path = init_judge(tmp_path / "judge")
    text = path.read_text().replace("[mail]\n", f"[mail]\n{mail}\n", 1)
    path.write_text(text + "\n" + sections)
    for name, content in (files or {}).items():
        (path.parent / name).write_text(content)
    return load_config(path)


def help_mail(number: int = 1) -> bytes:
    return (f"From: {PLAYER}\r\nTo: judge@{DOMAIN}\r\nSubject: help please\r\n"
            f"Message-ID: <help-{number}@{DOMAIN}>\r\n\r\nHELP\r\n").encode()


def outbox_rows(config: Config) -> list[Outbox]:
    store = open_store(config.database_url)
    try:
        with store.session() as db:
            rows = list(db.exec(select(Outbox).order_by(Outbox.id)).all())
            db.expunge_all()
            return rows
    finally:
        store.close()


def test_a_new_judge_keeps_its_maildirs(tmp_path: Path) -> None:
    config = load_config(init_judge(tmp_path / "judge"))
    assert (config.transports.inbound, config.transports.outbound) == ("maildir", "maildir")
    assert config.transports.imap is config.transports.smtp is config.transports.lmtp is None
    assert isinstance(open_inbox(config), MaildirInbox)
    assert isinstance(open_outbox(config), MaildirOutbox)
    assert start_lmtp(config, lambda raw: None) is None


def test_the_sections_the_template_documents_can_be_used_as_written(tmp_path: Path) -> None:
    path = init_judge(tmp_path / "judge")
    text = path.read_text()
    # Uncomment the documented mail settings, as an operator would.
    text = re.sub(r"^# (inbound|outbound) = \"maildir\"", r'\1 = "maildir"', text, flags=re.M)
    text = re.sub(r"^# \[(imap|smtp|lmtp)\].*(\n# [a-z_]+ = .*)+", lambda m: m[0].replace("# ", "", 1)
                  .replace("\n# ", "\n"), text, flags=re.M)
    (path.parent / "imap.password").write_text("imap secret\n")
    (path.parent / "smtp.password").write_text("smtp secret\n")
    path.write_text(text.replace('inbound = "maildir"', 'inbound = "imap"')
                    .replace('outbound = "maildir"', 'outbound = "smtp"'))
    chosen = load_config(path).transports
    assert (chosen.inbound, chosen.outbound) == ("imap", "smtp")
    assert chosen.imap is not None and chosen.smtp is not None and chosen.lmtp is not None
    assert (chosen.imap.host, chosen.imap.port, chosen.imap.tls) == ("imap.example.org", 993, "implicit")
    assert chosen.imap.password == "imap secret" and chosen.smtp.password == "smtp secret"
    assert chosen.imap.done_folder == "Judged"
    assert chosen.imap.state_file == path.parent.resolve() / "imap-state.json"
    assert (chosen.smtp.port, chosen.smtp.tls, chosen.smtp.user) == (587, "starttls", "judge@example.org")
    assert (chosen.lmtp.host, chosen.lmtp.port) == ("127.0.0.1", 2424)
    assert "secret" not in repr(chosen)  # passwords stay out of logs


@pytest.mark.parametrize(
    ("mail", "sections", "message"),
    [
        ('inbound = "imap"', "", r'inbound = "imap" needs an \[imap\] section'),
        ('outbound = "smtp"', "", r'outbound = "smtp" needs an \[smtp\] section'),
        ('inbound = "pop3"', "", "expected one of"),
        ("", '[smtp]\nhost = "h"\ntls = "ssl"\n', r"\[smtp\] tls = 'ssl'"),
        ("", '[smtp]\nhost = "h"\nport = "25"\n', "port must be a number"),
        ("", '[smtp]\nhost = "h"\nuser = "u"\n', "password or password_file is missing"),
        ("", '[imap]\nhost = "h"\nuser = "u"\npassword = "p"\npassword_file = "f"\n', "not both"),
        ("", '[imap]\nhost = "h"\nuser = "u"\npassword_file = "missing"\n', "password_file .*missing"),
        ("", '[imap]\nuser = "u"\npassword = "p"\n', r"\[imap\] host is missing"),
    ],
)
def test_mistakes_in_the_mail_sections_are_named(tmp_path: Path, mail: str, sections: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        judge_with(tmp_path, mail, sections)


def test_a_judge_reads_over_imap_and_answers_over_smtp(
    tmp_path: Path, dovecot: Dovecot, mailbox_user: str, smtp_server: SmtpServer
) -> None:
    config = judge_with(tmp_path, 'inbound = "imap"\noutbound = "smtp"', f"""
[imap]
host = "localhost"
port = {dovecot.imap_port}
tls = "starttls"
ca_file = "{dovecot.certificate.cert}"
user = "{mailbox_user}"
password_file = "imap.password"
done_folder = "Judged"

[smtp]
host = "127.0.0.1"
port = {smtp_server.port}
tls = "none"
""", files={"imap.password": Dovecot.PASSWORD + "\n"})
    assert isinstance(open_inbox(config), ImapInbox) and isinstance(open_outbox(config), SmtpOutbox)
    dovecot.deliver([mailbox_user], help_mail())

    done = tick_once(config, NOW)
    assert done[0] == "answered 1 line(s)" and done[1].startswith("sent ")
    [sent] = smtp_server.capture.mails
    assert sent.recipients == [PLAYER]
    assert f"In-Reply-To: <help-1@{DOMAIN}>".encode() in sent.raw
    assert b"SIGNON" in sent.raw  # the HELP text
    assert tick_once(config, NOW) == []  # the mail was marked done: not read again
    client = dovecot.client(mailbox_user)
    assert client.select_folder("INBOX")[b"EXISTS"] == 0
    assert client.select_folder("Judged")[b"EXISTS"] == 1
    client.logout()


@pytest.mark.parametrize(
    ("answer", "status"), [("550 5.1.1 no such mailbox", "failed"), ("450 4.2.1 try later", "pending")]
)
def test_the_sender_marks_a_refusal_failed_at_once_and_retries_a_deferral(
    tmp_path: Path, smtp_server: SmtpServer, answer: str, status: str
) -> None:
    config = judge_with(tmp_path, 'outbound = "smtp"',
                        f'[smtp]\nhost = "127.0.0.1"\nport = {smtp_server.port}\ntls = "none"\n')
    ingest_file(config, help_mail(), NOW)
    smtp_server.capture.refuse_rcpt[PLAYER] = answer
    tick_once(config, NOW)
    [row] = outbox_rows(config)
    assert (row.status, row.attempts) == (OutboxStatus(status), 1)
    assert answer.split()[0] in row.last_error
    if status == "pending":
        assert row.next_attempt_at > NOW
    assert smtp_server.capture.mails == []


def test_lmtp_deliveries_go_through_the_service(tmp_path: Path) -> None:
    config = judge_with(tmp_path, sections=f'[lmtp]\nhost = "127.0.0.1"\nport = {free_port()}\n')
    assert config.transports.lmtp is not None
    listener = start_lmtp(config, lambda raw: ingest_file(config, raw, NOW))
    assert listener is not None
    try:
        with smtplib.LMTP(config.transports.lmtp.host, config.transports.lmtp.port, timeout=10) as client:
            assert client.sendmail(PLAYER, [f"judge@{DOMAIN}"], help_mail()) == {}
    finally:
        listener.stop()
    [reply] = outbox_rows(config)  # stored, processed and answered before the 250
    assert (reply.to_address, reply.in_reply_to) == (PLAYER, f"<help-1@{DOMAIN}>")


def test_lmtp_answers_451_when_the_store_is_down(tmp_path: Path) -> None:
    config = judge_with(tmp_path, sections=f'[lmtp]\nhost = "127.0.0.1"\nport = {free_port()}\n')
    assert config.transports.lmtp is not None
    broken = Config(**{**config.__dict__, "database_url": f"sqlite:///{tmp_path}/no/such/folder/judge.sqlite"})
    listener = start_lmtp(broken, lambda raw: ingest_file(broken, raw, NOW))
    assert listener is not None
    try:
        with smtplib.LMTP(config.transports.lmtp.host, config.transports.lmtp.port, timeout=10) as client:
            with pytest.raises(smtplib.SMTPDataError) as refused:
                client.sendmail(PLAYER, [f"judge@{DOMAIN}"], help_mail())
            assert refused.value.smtp_code == 451
    finally:
        listener.stop()
    assert outbox_rows(config) == []
