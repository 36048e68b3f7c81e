"""Writing a mail: the judge's replies and notices as RFC 5322 bytes, ready for any transport.

Plain text in UTF-8 only. Every mail carries ``Auto-Submitted`` (RFC 3834) so that other robots,
and the judge itself, never answer it. The output uses CR LF line ends (the form SMTP sends), or
LF for a transport that keeps mail so (``MaildirOutbox.linesep``: Maildir expects LF).
"""

from __future__ import annotations

import base64
import re
import secrets
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from email.headerregistry import BaseHeader, HeaderRegistry
from email.message import EmailMessage, MIMEPart
from email.policy import EmailPolicy
from email.utils import format_datetime
from functools import lru_cache
from typing import Literal

AutoSubmitted = Literal["auto-replied", "auto-generated"]
"""RFC 3834: ``auto-replied`` for an answer to a mail, ``auto-generated`` for anything else."""


class _HeaderClasses(HeaderRegistry):
    """The email package's registry of header classes, with each class made once: the package's
    own makes a new class each time a header is set or read. Making each once cuts the time to
    write a mail by about a third."""

    def __init__(self) -> None:
        super().__init__()
        self._made: dict[str, type[BaseHeader]] = {}

    def __getitem__(self, name: str) -> type[BaseHeader]:
        key = name.lower()
        made = self._made.get(key)
        if made is None:
            made = self._made[key] = super().__getitem__(name)
        return made

    @lru_cache(maxsize=1024)  # noqa: B019 - one registry for the process, kept as long
    def __call__(self, name: str, value: str) -> BaseHeader:
        """A header, parsed once for every mail that carries it (the sender, the date and the
        subject of a game's results are the same in each member's mail): a header is an
        immutable string."""
        return super().__call__(name, value)


class _Policy(EmailPolicy):
    """The policy, with each header written (folded) once for every mail that carries it (a value
    given raw, a ``str``, apart from a parsed header of the same text: ``typed``)."""

    @lru_cache(maxsize=1024, typed=True)  # noqa: B019 - two policies for the process, kept as long
    def fold_binary(self, name: str, value: str) -> bytes:
        if name.lower() == "subject" and _PLAIN.fullmatch(value):
            return _fold_words(name, value, self.max_line_length or 78, self.linesep).encode("ascii")
        return super().fold_binary(name, value)


_PLAIN = re.compile(r"(?!.*=\?)[\x21-\x7e]+(?: [\x21-\x7e]+)*")
"""A header value of printable ASCII words single-spaced, with nothing that reads as an encoded word."""


def _fold_words(name: str, value: str, width: int, linesep: str) -> str:
    """``Name: value`` folded at the spaces between words, each line within ``width`` where its
    words allow, the first word always on the header's own line: the email package may fold a
    value of 70 to 77 characters before its first word, and a mail program then shows the
    subject with a leading blank."""
    lines = [f"{name}:"]
    for word in value.split(" "):
        if lines[-1] != f"{name}:" and len(lines[-1]) + 1 + len(word) > width:
            lines.append("")
        lines[-1] += f" {word}"
    return linesep.join(lines) + linesep


# Headers given as raw values are written as they are, never re-encoded: the email package would
# otherwise turn a long message id (Outlook's are ~80 characters) into an RFC 2047 word, which no
# mail program recognises as an id, and threading breaks.
_POLICY = _Policy(linesep="\r\n", refold_source="none", header_factory=_HeaderClasses())  # SMTP's
# A mail to an internationalised address (RFC 6531: UTF-8 in the local part or the domain) cannot
# be written in ASCII headers at all (an encoded word is not allowed in an address): its headers
# are written in UTF-8 (RFC 6532), and its transport must offer SMTPUTF8 (a Maildir always can).
_POLICY_UTF8 = _POLICY.clone(utf8=True)
# Printable ASCII without spaces or angle brackets: what any msg-id, even a malformed one, may safely be.
_MSG_ID = re.compile(r"<[\x21-\x3b\x3d\x3f-\x7e]+>")
_DOMAIN = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?")
_MAX_LINE = 998  # RFC 5322 2.1.1, without the CR LF
_MAX_REFERENCES = 10  # keep the first and the most recent ids of a long thread
_FOLD_WIDTH = 78


def make_message_id(domain: str) -> str:
    """A new, unique Message-ID: ``<UTC time.random@domain>``, e.g. ``<20240102T030405.9f…@judge.org>``."""
    if not _DOMAIN.fullmatch(domain):
        raise ValueError(f"not a domain for a Message-ID: {domain!r}")
    stamp = time.strftime("%Y%m%dT%H%M%S", time.gmtime())
    return f"<{stamp}.{secrets.token_hex(10)}@{domain}>"


def compose(
    to: str | Sequence[str],
    subject: str,
    body: str,
    *,
    sender: str,
    message_id: str,
    in_reply_to: str | None = None,
    references: Sequence[str] | None = None,
    headers: Mapping[str, str] | None = None,
    auto_submitted: AutoSubmitted | None = None,
    date: datetime | None = None,
    attachments: Sequence[Attachment] = (),
    linesep: str = "\r\n",
) -> bytes:
    """A plain-text UTF-8 mail as bytes; with ``attachments``, multipart/mixed: the text first,
    then each attachment (a map picture) as a part of its own.

    ``linesep`` ``"\n"`` writes the mail with LF line ends: the same bytes as the CR LF mail with
    each CR LF made LF, without going over the whole mail (its picture's hundred kilobytes) again.

    ``to`` is one address or several (``"Name <a@b.c>"`` forms allowed). When replying, give the
    incoming mail's id as ``in_reply_to`` and its ``references``; the reply's ``References`` is
    those followed by ``in_reply_to``. ``auto_submitted`` defaults to ``auto-replied`` for a reply
    and ``auto-generated`` otherwise; ``date`` defaults to now. ``headers`` adds further headers
    (``X-Judge-Game`` and the like).

    Raises ValueError for a malformed ``message_id`` or a header value with a line break (no header
    injection). Ids of other mails (``in_reply_to``, ``references``) come from players' mail and are
    left out when malformed rather than refused.
    """
    addressed = to if isinstance(to, str) else ", ".join(to)
    msg = EmailMessage(policy=_POLICY if (addressed + sender).isascii() else _POLICY_UTF8)
    msg["From"] = sender
    msg["To"] = addressed
    msg["Subject"] = subject
    msg["Date"] = format_datetime(date or datetime.now(timezone.utc))
    if not _MSG_ID.fullmatch(message_id):
        raise ValueError(f"not a Message-ID: {message_id!r}")
    msg.set_raw("Message-ID", message_id)
    thread = [ref for ref in references or () if _MSG_ID.fullmatch(ref)]
    if in_reply_to is not None and _MSG_ID.fullmatch(in_reply_to):
        msg.set_raw("In-Reply-To", in_reply_to)
        if in_reply_to not in thread:
            thread.append(in_reply_to)
    if thread:
        msg.set_raw("References", _fold_ids(_trim(thread)))
    msg["Auto-Submitted"] = auto_submitted or ("auto-replied" if in_reply_to else "auto-generated")
    msg["X-Auto-Response-Suppress"] = "All"  # asks Exchange not to send out-of-office replies to this
    for name, value in (headers or {}).items():
        msg[name] = value
    text = body.replace("\r\n", "\n").replace("\r", "\n")
    if not text.endswith("\n"):
        text += "\n"
    if linesep not in _LINE_ENDS:
        raise ValueError(f"not a line end: {linesep!r}")
    if not attachments:
        msg.set_content(text, charset="utf-8", cte=_transfer_encoding(text))
        return _ends(msg.as_bytes(), linesep)
    parts = [_text_part(text, linesep), *(_attachment_part(attachment, linesep) for attachment in attachments)]
    boundary = _boundary(parts[0])
    msg.set_payload("")  # the headers alone, ending in an empty line: the body follows
    head = msg.as_bytes()
    assert head.endswith(b"\r\n\r\n")
    # The last two headers put after the others as the package writes them (a raw value, short: never
    # folded), rather than given to it: it would parse the new boundary's Content-Type again in
    # every mail (half the time it took to write one).
    end = linesep.encode()
    mime = f'MIME-Version: 1.0{linesep}Content-Type: multipart/mixed; boundary="{boundary}"{linesep}'.encode()
    between = end + b"--" + boundary.encode() + end
    return b"".join((_ends(head[:-2], linesep), mime, end, between[len(end):], between.join(parts),
                     between[:-len(end)], b"--", end))


_LINE_ENDS = ("\r\n", "\n")


def _ends(written: bytes, linesep: str) -> bytes:
    """Bytes written with CR LF, with ``linesep`` instead."""
    return written if linesep == "\r\n" else written.replace(b"\r\n", b"\n")


# A mail with a map is multipart/mixed: the text, then each picture. Its parts are written here as
# the email package writes them (``tests/mail``: byte for byte), each once however many mails carry
# it (every member of a game gets the same results and the same map): the package took 2.5 ms a
# mail, most of it writing the picture's base64 line by line and searching it for the boundary.

@lru_cache(maxsize=64)
def _text_part(text: str, linesep: str = "\r\n") -> bytes:
    part = MIMEPart(policy=_POLICY)
    part.set_content(text, charset="utf-8", cte=_transfer_encoding(text))
    return _ends(part.as_bytes(), linesep)


@lru_cache(maxsize=32)
def _attachment_part(attachment: Attachment, linesep: str = "\r\n") -> bytes:
    """An attachment's part: its headers, then its bytes in base64 (lines of 76 characters)."""
    maintype, _, subtype = attachment.content_type.partition("/")
    part = EmailMessage(policy=_POLICY)
    part.set_content(b"", maintype=maintype, subtype=subtype, disposition="attachment",
                     filename=attachment.filename)
    encoded = base64.encodebytes(attachment.data)
    return _ends(part.as_bytes(), linesep) + (encoded if linesep == "\n" else encoded.replace(b"\n", b"\r\n"))


_MULTIPART = 200
"""What a mail with attachments has that a text mail has not, at most: its MIME headers, the text
part's own headers and the closing boundary."""


def attached_size(attachment: Attachment) -> int:
    """The bytes ``attachment`` adds to a mail as ``compose`` writes it (CR LF line ends): its part
    (base64), the boundary line before it, and what the mail's parts add to a text mail."""
    return len(_attachment_part(attachment)) + len("--" + "=" * 15 + "0" * 19 + "==\r\n") + _MULTIPART


def _boundary(text_part: bytes) -> str:
    """A new boundary (the email package's form) found nowhere in the text (the base64 of an
    attachment cannot hold one: ``-`` is not in its alphabet)."""
    while True:
        boundary = f"{'=' * 15}{secrets.randbelow(10 ** 19):019d}=="
        if boundary.encode() not in text_part:
            return boundary


@dataclass(frozen=True)
class Attachment:
    """A file a mail carries: its name, its MIME type and its bytes."""

    filename: str
    content_type: str  # "image/png"
    data: bytes


def _trim(ids: list[str]) -> list[str]:
    """At most ``_MAX_REFERENCES`` ids: the thread's first and its latest (RFC 5322 3.6.4)."""
    if len(ids) <= _MAX_REFERENCES:
        return ids
    return ids[:1] + ids[-(_MAX_REFERENCES - 1):]


def _fold_ids(ids: list[str]) -> str:
    """Ids separated by spaces, folded before an id that would pass the usual line width."""
    lines = [ids[0]]
    for ref in ids[1:]:
        if len(lines[-1]) + 1 + len(ref) + len("References: ") > _FOLD_WIDTH:
            lines.append(ref)
        else:
            lines[-1] += " " + ref
    return "\n ".join(lines)


def _transfer_encoding(text: str) -> str:
    """7bit for short ASCII lines; quoted-printable (lines wrapped, UTF-8 kept readable) otherwise."""
    if text.isascii() and all(len(line) <= _MAX_LINE for line in text.split("\n")):
        return "7bit"
    return "quoted-printable"
