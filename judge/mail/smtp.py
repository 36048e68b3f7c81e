"""The SMTP transport: the judge hands its outgoing mail to a mail server (a relay, or the
submission port of the judge's mail provider), over TLS and with a login when configured.

Whether a failure is worth retrying decides what the sender does with the mail, so it is sorted
here, where the server's answer is known:

- The server is unreachable, or answers 4xx (greylisting, a full queue, a rate limit): ``OSError``.
  The outbox tries again later, with backoff.
- The server refuses *this mail* for good, answering 5xx to its recipient or its content:
  :class:`PermanentDeliveryError`. Sending it again would get the same answer, so it is marked failed
  at once.
- A 5xx to the greeting, EHLO, STARTTLS, the login or the envelope sender is the server refusing
  the *judge* (a wrong password, TLS required, a relay not open to this host, a sender address the
  account may not use): an ``OSError`` too. Every mail would fail alike, and they must still go
  once the operator has fixed the setting.

One connection carries a whole batch: it is opened by the first mail, reused by the next ones
(and reopened once if the server closed it meanwhile), and closed by ``close()``.
"""

from __future__ import annotations

import logging
import re
import smtplib
from email.parser import BytesHeaderParser
from email.policy import compat32, default
from email.utils import getaddresses

from .settings import SmtpSettings, client_context

log = logging.getLogger("judge.smtp")

_LINE_END = re.compile(rb"\r?\n")


class PermanentDeliveryError(Exception):
    """The server refused this mail for good (a 5xx answer to its envelope or its content).

    Not an ``OSError``: the sender's retry loop must not mistake it for a passing failure."""


class SmtpOutbox:
    """Outgoing mail through one SMTP server."""

    def __init__(self, settings: SmtpSettings) -> None:
        self.settings = settings
        self._connection: smtplib.SMTP | None = None

    def deliver(self, raw: bytes) -> None:
        """Send one mail to the recipients of its To, Cc and Bcc headers, from its Sender or From.

        Raises ``OSError`` for a failure worth retrying and :class:`PermanentDeliveryError` for a
        refusal that is final. A mail with a Bcc header is sent without it."""
        sender, recipients, raw = _envelope(raw)
        if not recipients:
            raise PermanentDeliveryError("the mail has no recipient in To, Cc or Bcc")
        international = not all(address.isascii() for address in (sender, *recipients))
        for attempt in (1, 2):
            reused = self._connection is not None
            connection = self._connected()
            try:
                options = ["BODY=8BITMIME"] if not raw.isascii() and connection.has_extn("8bitmime") else []
                if international:  # an address beyond ASCII needs the server's SMTPUTF8 (RFC 6531)
                    if not connection.has_extn("smtputf8"):
                        raise PermanentDeliveryError(
                            "the mail server does not take addresses beyond ASCII (no SMTPUTF8): "
                            + ", ".join(recipients)
                        )
                    options.append("SMTPUTF8")
                refused = connection.sendmail(sender, recipients, raw, mail_options=options)
            except smtplib.SMTPRecipientsRefused as error:
                raise _refusal(error.recipients) from error
            except smtplib.SMTPDataError as error:
                if 500 <= error.smtp_code < 600:
                    raise PermanentDeliveryError(_said(error.smtp_code, error.smtp_error)) from error
                raise
            except smtplib.SMTPResponseException as error:  # MAIL FROM refused: about the judge
                raise OSError(f"sender {sender} refused: {_said(error.smtp_code, error.smtp_error)}") from error
            except (smtplib.SMTPServerDisconnected, ConnectionError):
                self._drop()
                if reused and attempt == 1:
                    continue  # the server closed an idle connection: open a new one, once
                raise
            except OSError:
                self._drop()
                raise
            if refused:
                # Some recipients took it and some did not: sending again would repeat the mail to
                # the former, so this mail is done, and the refusal reported.
                raise PermanentDeliveryError(
                    "delivered to some recipients only; refused: " + _listed(refused)
                )
            return

    def close(self) -> None:
        """End the session politely (QUIT); a server already gone is not waited for."""
        connection, self._connection = self._connection, None
        if connection is None:
            return
        try:
            connection.quit()
        except (OSError, smtplib.SMTPException):
            connection.close()

    def _connected(self) -> smtplib.SMTP:
        if self._connection is None:
            self._connection = self._connect()
        return self._connection

    def _connect(self) -> smtplib.SMTP:
        """Connect, say EHLO, secure the connection and log in, as configured."""
        settings = self.settings
        context = client_context(settings.ca_file) if settings.tls != "none" else None
        connection: smtplib.SMTP
        if settings.tls == "implicit":
            connection = smtplib.SMTP_SSL(
                settings.host, settings.port, timeout=settings.timeout, context=context
            )
        else:
            connection = smtplib.SMTP(settings.host, settings.port, timeout=settings.timeout)
        try:
            connection.ehlo()
            if settings.tls == "starttls":
                connection.starttls(context=context)
                connection.ehlo()
            if settings.user:
                connection.login(settings.user, settings.password)
        except smtplib.SMTPResponseException as error:
            connection.close()
            raise OSError(f"SMTP server {settings.host}:{settings.port}: "
                          f"{_said(error.smtp_code, error.smtp_error)}") from error
        except BaseException:
            connection.close()
            raise
        return connection

    def _drop(self) -> None:
        connection, self._connection = self._connection, None
        if connection is not None:
            connection.close()


def _envelope(raw: bytes) -> tuple[str, list[str], bytes]:
    """The envelope sender and recipients from the headers, and the mail as SMTP carries it (CR LF
    line ends, no Bcc header)."""
    head = raw.split(b"\n\n", 1)[0].split(b"\r\n\r\n", 1)[0]
    # The judge's own mail has ASCII headers, which the old policy reads the same, several times faster.
    headers = BytesHeaderParser(policy=compat32 if head.isascii() else default).parsebytes(raw)
    senders = [address for _, address in getaddresses(headers.get_all("Sender", []) or
                                                       headers.get_all("From", [])) if address]
    sender = senders[0] if senders else ""
    recipients: list[str] = []
    for name in ("To", "Cc", "Bcc"):
        for _, address in getaddresses([str(value) for value in headers.get_all(name, [])]):
            if address and address not in recipients:
                recipients.append(address)
    raw = _LINE_END.sub(b"\r\n", raw)
    if headers.get_all("Bcc"):
        raw = _without_bcc(raw)
    return sender, recipients, raw


def _without_bcc(raw: bytes) -> bytes:
    """The mail with its Bcc header (and the header's continuation lines) taken out."""
    head, separator, body = raw.partition(b"\r\n\r\n")
    kept: list[bytes] = []
    skipping = False
    for line in head.split(b"\r\n"):
        if line[:1] in (b" ", b"\t"):
            if not skipping:
                kept.append(line)
            continue
        skipping = line.lower().startswith(b"bcc:")
        if not skipping:
            kept.append(line)
    return b"\r\n".join(kept) + separator + body


def _refusal(refused: dict[str, tuple[int, bytes]]) -> Exception:
    """Every recipient refused: final if every refusal was (5xx), worth retrying otherwise."""
    if all(500 <= code < 600 for code, _ in refused.values()):
        return PermanentDeliveryError("refused: " + _listed(refused))
    return OSError("recipients deferred: " + _listed(refused))


def _listed(refused: dict[str, tuple[int, bytes]]) -> str:
    return "; ".join(f"{address}: {_said(code, text)}" for address, (code, text) in refused.items())


def _said(code: int, text: bytes | str) -> str:
    words = text.decode("utf-8", "replace") if isinstance(text, bytes) else text
    return f"{code} {words}".strip()
