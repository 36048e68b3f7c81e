"""The transports a judge is configured with, opened by name: the one place that knows them all.

Inbound mail is polled (``Inbox``: a Maildir, or an IMAP folder) or pushed (the LMTP listener;
``judge ingest`` for an MTA's pipe). Outbound mail goes through an ``Outbox`` (a Maildir, or an
SMTP server). Callers hold an inbox or an outbox for as long as they poll or send, and close it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Protocol

from .imap import Backoff, ImapInbox, ImapUnavailable
from .lmtp import Ingest, LmtpListener, serve_lmtp
from .maildir import MaildirInbox, MaildirOutbox
from .settings import Transports
from .smtp import PermanentDeliveryError, SmtpOutbox

__all__ = [
    "Backoff",
    "ImapUnavailable",
    "Inbox",
    "LmtpListener",
    "Outbox",
    "PermanentDeliveryError",
    "TransportConfig",
    "open_inbox",
    "open_outbox",
    "start_lmtp",
]


class Inbox(Protocol):
    def fetch(self) -> Iterator[tuple[str, bytes]]:
        """``(key, raw bytes)`` for each mail not yet done, oldest first."""

    def done(self, keys: Sequence[str]) -> None:
        """Mark fetched mails dealt with, all in one go; one already done is left as it is."""

    def close(self) -> None: ...


class Outbox(Protocol):
    def deliver(self, raw: bytes) -> None:
        """Raises OSError when worth retrying, PermanentDeliveryError when the mail is refused."""

    def close(self) -> None: ...


class TransportConfig(Protocol):
    """What the transports need of the judge's settings (the service's ``Config`` has it)."""

    @property
    def inbox(self) -> Path: ...

    @property
    def outbox(self) -> Path: ...

    @property
    def transports(self) -> Transports: ...


def open_inbox(config: TransportConfig) -> MaildirInbox | ImapInbox:
    """The configured inbound transport that is polled: the Maildir, or the IMAP folder."""
    chosen = config.transports
    if chosen.inbound == "imap":
        assert chosen.imap is not None  # read_transports insists on the section
        return ImapInbox(chosen.imap)
    return MaildirInbox(config.inbox)


def open_outbox(config: TransportConfig) -> MaildirOutbox | SmtpOutbox:
    """The configured outbound transport: the Maildir, or the SMTP server."""
    chosen = config.transports
    if chosen.outbound == "smtp":
        assert chosen.smtp is not None  # read_transports insists on the section
        return SmtpOutbox(chosen.smtp)
    return MaildirOutbox(config.outbox)


def start_lmtp(config: TransportConfig, ingest: Ingest) -> LmtpListener | None:
    """Start the LMTP listener when the settings have an ``[lmtp]`` section (None otherwise)."""
    settings = config.transports.lmtp
    return serve_lmtp(settings, ingest) if settings is not None else None
