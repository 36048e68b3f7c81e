"""The LMTP listener: a mail server (Postfix ``lmtp:inet:127.0.0.1:2424``) hands the judge its mail
directly, without a mailbox in between.

LMTP (RFC 2033) is SMTP without a queue of its own: the server answers each mail only once it has
dealt with it, once for every recipient. The judge answers 250 only after ``ingest`` has returned,
that is once the mail is committed to the store, and 451 (try again later) if ``ingest`` raised.
The MTA keeps a mail that got a 451, or no answer at all (the judge died meanwhile), and delivers
it again later; the store, which keeps each mail once by Message-ID, makes the repeat harmless.

The listener runs in a thread of its own (aiosmtpd's ``Controller``) and calls ``ingest`` in one
worker thread, one mail at a time, so the event loop keeps answering other connections while a
mail is processed and the store sees no more concurrency than from ``judge ingest``.
"""

from __future__ import annotations

import asyncio
import logging
import socket
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from aiosmtpd.controller import Controller
from aiosmtpd.lmtp import LMTP
from aiosmtpd.smtp import SMTP, Envelope, Session

from .settings import LmtpSettings

log = logging.getLogger("judge.lmtp")

Ingest = Callable[[bytes], object]
"""Stores and processes one mail; returns once it is committed, raises if it could not be."""


class _Deliveries:
    """aiosmtpd's handler: collects the recipients, then gives the mail to ``ingest`` once."""

    def __init__(self, ingest: Ingest, worker: ThreadPoolExecutor) -> None:
        self._ingest = ingest
        self._worker = worker

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        raw = _with_return_path(envelope.mail_from or "", envelope.original_content or b"")
        try:
            await asyncio.get_running_loop().run_in_executor(self._worker, self._ingest, raw)
        except Exception:
            log.exception("a mail from %s could not be stored: answered 451", envelope.mail_from)
            answer = "451 4.3.0 the judge could not store the mail; try again later"
        else:
            answer = "250 2.0.0 stored"
        # LMTP: one answer per accepted recipient, in the order of RCPT TO (RFC 2033 4.2). The mail
        # is one mail to the judge whichever of its addresses it went to, so the answers agree.
        return "\r\n".join(f"{answer} <{rcpt}>" for rcpt in envelope.rcpt_tos)


def _with_return_path(sender: str, content: bytes) -> bytes:
    """The mail as a final delivery stores it: with the envelope sender as ``Return-Path`` on top
    (RFC 5321 4.4), so that a bounce (``<>``) is recognised and never answered."""
    address = sender.removeprefix("<").removesuffix(">")  # aiosmtpd gives a null sender as "<>"
    return b"Return-Path: <" + address.encode("utf-8", "replace") + b">\r\n" + content


class _LmtpController(Controller):
    """aiosmtpd's threaded controller, speaking LMTP instead of SMTP."""

    def factory(self) -> SMTP:
        return LMTP(self.handler, **self.SMTP_kwargs)


class LmtpListener:
    """The judge's LMTP server: ``start()`` it next to the other work of ``judge serve``, ``stop()``
    it on the way out (the mail being processed is finished first)."""

    def __init__(self, settings: LmtpSettings, ingest: Ingest, hostname: str | None = None) -> None:
        self.settings = settings
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="judge-lmtp-ingest")
        options: dict[str, Any] = {"server_hostname": hostname or socket.gethostname()}
        self._controller = _LmtpController(
            _Deliveries(ingest, self._worker),
            hostname=settings.host,
            port=settings.port,
            **options,
        )
        self._running = False

    def start(self) -> None:
        """Listen on the configured address; returns once the listener accepts connections."""
        self._controller.start()
        self._running = True
        log.info("LMTP listener on %s:%d", self.settings.host, self.settings.port)

    def stop(self) -> None:
        """Stop listening, then wait for the mail being processed to be committed."""
        if self._running:
            self._controller.stop()
            self._running = False
        self._worker.shutdown(wait=True)

    def __enter__(self) -> LmtpListener:
        self.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stop()


def serve_lmtp(settings: LmtpSettings, ingest: Ingest, hostname: str | None = None) -> LmtpListener:
    """Start an LMTP listener that hands each mail to ``ingest``; the caller stops it."""
    listener = LmtpListener(settings, ingest, hostname)
    listener.start()
    return listener
