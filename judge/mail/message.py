"""Reading a mail: from raw bytes to the sender, the subject and the lines of command text.

``read_message`` never raises on bad input. Mail is read as best it can be: MIME or not, any
charset or none, missing headers, raw 8-bit bytes in headers. What the player should be told about
the reading (HTML converted, attachments ignored, text cut at the size limit, bytes replaced) is
collected in ``notes``; whether the mail must go unanswered (an automatic mail) in ``never_answer``.

``command_lines`` then cuts the body down to what the player wrote: no signature, no quoted reply.
"""

from __future__ import annotations

import email
import hashlib
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from email.message import Message
from email.parser import BytesHeaderParser
from email.policy import compat32
from email.utils import parseaddr, parsedate_to_datetime

from .decoding import decode_bytes, eight_bit, header_text, split_lines, unflow, unfold
from .html_text import html_to_text
from .loops import never_answer_reason

DEFAULT_SIZE_LIMIT = 256 * 1024
"""The most bytes (UTF-8) of command text read from one mail."""

NOTE_HTML = (
    "Your mail had no plain-text part, so its HTML was converted to text; "
    "if a command was misread, please send plain text."
)
NOTE_NO_TEXT = "Your mail had no text to read."
NOTE_NOT_MIME = "Your mail could not be read as MIME; its raw text was read instead."

# Parts that sign a mail rather than carry it: skipped without a note.
_SIGNATURES = frozenset({"application/pgp-signature", "application/pkcs7-signature", "application/x-pkcs7-signature"})
_MSG_ID = re.compile(r"<([^<>]+)>")
_ATTRIBUTION = re.compile(r"\b(wrote|writes|schrieb|a écrit|escribió|ha scritto|schreef)\s*:\s*$", re.IGNORECASE)
_ORIGINAL_MESSAGE = re.compile(r"^\s*-{2,}\s*Original Message\s*-{2,}\s*$", re.IGNORECASE)
_UNDERSCORES = re.compile(r"^\s*_{10,}\s*$")
_FROM = re.compile(r"^\s*\*?(From|Von|De|Da|Van)\s*:\*?\s", re.IGNORECASE)
_SENT = re.compile(r"^\s*\*?(Sent|Date|Gesendet|Envoyé|Enviado|Inviato|Verzonden)\s*:\*?\s", re.IGNORECASE)


@dataclass(frozen=True)
class IncomingMail:
    """A mail as the judge reads it."""

    message_id: str
    """From the header (``<id@host>``), or ``<sha256-of-raw@judge.invalid>`` if it has none."""
    sender: str
    """The address in ``From`` (empty if none)."""
    sender_name: str
    """The display name in ``From`` (empty if none)."""
    reply_to: str | None
    """The address in ``Reply-To``, if any."""
    subject: str
    date: datetime | None
    """The ``Date`` header (timezone-aware), if present and readable. Set by the sender: not trusted."""
    references: tuple[str, ...]
    """The thread so far (``References``, else ``In-Reply-To``), oldest first."""
    body_lines: list[str] = field(repr=False)
    """The text of the mail, line by line, uncut (see ``command_lines``)."""
    notes: list[str]
    """Things the reply should tell the player about how the mail was read."""
    never_answer: str | None
    """Why this mail must never be answered (an automatic mail), or None."""

    @property
    def reply_address(self) -> str:
        """Where a reply would go if the sender is not a registered player: Reply-To, else From."""
        return self.reply_to or self.sender


@dataclass
class _Reading:
    """What the walk over the MIME parts has found so far."""

    texts: list[str] = field(default_factory=list)
    from_html: bool = False
    replaced: list[str] = field(default_factory=list)
    ignored: list[str] = field(default_factory=list)


def read_message(raw: bytes, size_limit: int = DEFAULT_SIZE_LIMIT) -> IncomingMail:
    """Read a raw mail (RFC 5322 bytes, LF or CRLF line ends, MIME or not)."""
    msg = email.message_from_bytes(raw, policy=compat32)
    body_lines, notes = _body(msg, raw, size_limit)
    return _incoming(msg, raw, body_lines, notes)


def read_envelope(raw: bytes) -> IncomingMail:
    """Only the headers of a mail, with no text: for a mail whose body the reader could not take
    apart (``read_message`` raised), so that its sender can still be told. The headers are read
    as ``read_message`` reads them, ``never_answer`` included."""
    msg = BytesHeaderParser(policy=compat32).parsebytes(raw)
    return _incoming(msg, raw, [], [])


def _incoming(msg: Message, raw: bytes, body_lines: list[str], notes: list[str]) -> IncomingMail:
    """The mail as the judge reads it, from its parsed headers and its body's text."""
    headers: dict[str, list[str]] = {}
    for name, value in msg.raw_items():
        headers.setdefault(name.lower(), []).append(unfold(eight_bit(str(value))))

    def first(name: str) -> str | None:
        values = headers.get(name)
        return values[0] if values else None

    sender_name, sender = _address(first("from"))
    reply_to = _address(first("reply-to"))[1] or None
    report_type = msg.get_param("report-type")
    return IncomingMail(
        message_id=_message_id(first("message-id"), raw),
        sender=sender,
        sender_name=sender_name,
        reply_to=reply_to,
        subject=header_text(first("subject")),
        date=_date(first("date")),
        references=_references(first("references")) or _references(first("in-reply-to")),
        body_lines=body_lines,
        notes=notes,
        never_answer=never_answer_reason(
            headers,
            sender=sender,
            content_type=msg.get_content_type(),
            report_type=report_type if isinstance(report_type, str) else None,
        ),
    )


def command_lines(lines: Iterable[str]) -> list[str]:
    """The lines a player wrote: up to a signature, without quoted reply lines and their attribution.

    Stops at a signature separator (``-- `` or ``--``), an Outlook ``-----Original Message-----``
    line, or the header block of a message replied to without quoting it (Outlook's: a line of
    underscores, or a ``From:`` line with ``Sent:`` or ``Date:`` on the next); drops lines starting
    with ``>`` and an ``On ... wrote:`` line (even one wrapped over two lines) just before a quote
    block. Blank lines are kept.
    """
    lines = list(lines)
    kept: list[str] = []
    for number, line in enumerate(lines):
        if line in ("-- ", "--") or _ORIGINAL_MESSAGE.match(line) or _UNDERSCORES.match(line):
            break
        if _FROM.match(line) and number + 1 < len(lines) and _SENT.match(lines[number + 1]):
            break
        if line.lstrip().startswith(">"):
            _drop_attribution(kept)
            continue
        kept.append(line)
    return kept


def _drop_attribution(kept: list[str]) -> None:
    """Remove an attribution line ("On <date>, <name> wrote:") just before a quote block."""
    end = len(kept)
    while end and not kept[end - 1].strip():
        end -= 1
    if not end or not _ATTRIBUTION.search(kept[end - 1]):
        return
    start = end - 1
    if not kept[start].lstrip().lower().startswith("on ") and start and kept[start - 1].lstrip().lower().startswith("on "):
        start -= 1  # the attribution was wrapped: "On Mon, 1 Jan 2024 at 10:00, A Player <" / "a@b.c> wrote:"
    del kept[start:]


def _address(value: str | None) -> tuple[str, str]:
    """The display name (decoded) and address of the first mailbox in an address header."""
    if not value:
        return "", ""
    name, address = parseaddr(value)
    return header_text(name), address.strip()


MAX_ID = 998
"""The longest Message-ID kept as written (RFC 5322's longest line); a longer one is replaced."""


def _message_id(value: str | None, raw: bytes) -> str:
    """The mail's Message-ID, or one made from its bytes when it has none that can be kept: an id
    with a NUL or another control character (no text column takes a NUL, and a reply could not
    name it) or one longer than a header line may be. The same bytes always give the same id, so a
    mail fetched twice is still recognised."""
    if value:
        found = _MSG_ID.search(value)
        token = "".join(found.group(1).split()) if found else "".join(value.split())
        if token and token.isprintable() and len(token) <= MAX_ID:
            return f"<{token}>"
    return f"<{hashlib.sha256(raw).hexdigest()}@judge.invalid>"


def _references(value: str | None) -> tuple[str, ...]:
    """The Message-IDs a header names, leaving out any that could not be kept (see ``_message_id``)."""
    if not value:
        return ()
    tokens = ("".join(m.split()) for m in _MSG_ID.findall(value))
    return tuple(f"<{token}>" for token in tokens if token.isprintable() and len(token) <= MAX_ID)


def _date(value: str | None) -> datetime | None:
    if not value:
        return None
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError, OverflowError):
        return None
    return when if when.tzinfo is not None else when.replace(tzinfo=timezone.utc)


def _body(msg: Message, raw: bytes, size_limit: int) -> tuple[list[str], list[str]]:
    """The text lines of the mail and the notes about reading them."""
    reading = _Reading()
    notes: list[str] = []
    try:
        _collect(msg, reading)
    except Exception:  # a parser bug must not cost the player a reply; read the raw text instead
        head, _, rest = raw.replace(b"\r\n", b"\n").partition(b"\n\n")
        reading = _Reading(texts=[decode_bytes(rest or head, None).text])
        notes.append(NOTE_NOT_MIME)
    lines: list[str] = []
    for text in reading.texts:
        lines.extend(split_lines(text))
    if reading.from_html:
        notes.append(NOTE_HTML)
    if reading.ignored:
        notes.append("Attachments are not read; ignored: " + ", ".join(reading.ignored) + ".")
    if reading.replaced:
        charsets = ", ".join(dict.fromkeys(reading.replaced))
        notes.append(f"Some bytes of your mail were not valid {charsets} and were replaced by \ufffd.")
    if not any(line.strip() for line in lines):
        notes.append(NOTE_NO_TEXT)
    lines, cut = _truncate(lines, size_limit)
    if cut:
        notes.append(
            f"Your mail's text was longer than {size_limit} bytes; only its first {len(lines)} lines were read."
        )
    return lines, notes


def _truncate(lines: list[str], size_limit: int) -> tuple[list[str], bool]:
    """The whole lines that fit in ``size_limit`` bytes of UTF-8 (with line ends), and whether any did not."""
    used = 0
    for count, line in enumerate(lines):
        used += len(line.encode("utf-8", "surrogatepass")) + 1
        if used > size_limit:
            return lines[:count], True
    return lines, False


def _collect(part: Message, reading: _Reading) -> None:
    """Walk the MIME tree, gathering body text in order and naming what is not read."""
    ctype = part.get_content_type()
    maintype = part.get_content_maintype()
    if maintype == "message":
        if ctype == "message/rfc822":
            inner = part.get_payload()
            forwarded = inner[0] if isinstance(inner, list) and inner else None
            subject = header_text(_raw_header(forwarded, "subject")) if isinstance(forwarded, Message) else ""
            reading.ignored.append(_describe(part, f'a forwarded message ("{subject}")' if subject else "a forwarded message"))
        return  # delivery-status and other machine reports: nothing to read
    if part.is_multipart():
        subparts = [p for p in part.get_payload() if isinstance(p, Message)]
        if ctype == "multipart/alternative":
            chosen = _choose_alternative(subparts)
            subparts = [chosen] if chosen is not None else []
        elif ctype in ("multipart/signed", "multipart/report"):
            subparts = subparts[:1]  # the content, not the signature or the report's machine parts
        for sub in subparts:
            _collect(sub, reading)
        return
    if ctype in _SIGNATURES:
        return
    is_text = ctype in ("text/plain", "text/html") or maintype == "multipart"  # multipart without boundary
    if not is_text or part.get_content_disposition() == "attachment":
        reading.ignored.append(_describe(part, f"an unnamed {ctype} part"))
        return
    payload = part.get_payload(decode=True)
    data = payload if isinstance(payload, bytes) else b""
    decoded = decode_bytes(data, part.get_content_charset())
    if decoded.replaced:
        reading.replaced.append(decoded.charset)
    if ctype == "text/html":
        reading.texts.append(html_to_text(decoded.text))
        reading.from_html = True
    elif str(part.get_param("format", "")).lower() == "flowed":
        delsp = str(part.get_param("delsp", "")).lower() == "yes"
        reading.texts.append("\n".join(unflow(split_lines(decoded.text), delsp=delsp)))
    else:
        reading.texts.append(decoded.text)


def _choose_alternative(parts: list[Message]) -> Message | None:
    """Of the alternatives, the first that holds plain text, else the first with HTML, else the last."""
    for wanted in ("text/plain", "text/html"):
        for part in parts:
            if any(p.get_content_type() == wanted and p.get_content_disposition() != "attachment" for p in part.walk()):
                return part
    return parts[-1] if parts else None


def _raw_header(msg: Message, name: str) -> str | None:
    """The first ``name`` header of ``msg`` as stored (8-bit bytes still as surrogates)."""
    return next((str(v) for k, v in msg.raw_items() if k.lower() == name), None)


def _describe(part: Message, unnamed: str) -> str:
    """How a note names an ignored part: ``"map.png" (image/png)``."""
    filename = part.get_filename()
    if filename:
        return f'"{header_text(filename)}" ({part.get_content_type()})'
    return unnamed
