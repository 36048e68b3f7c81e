"""Mail bytes to text: charsets with fallbacks, header words, and flowed text.

Mail in the wild is labelled wrongly as often as not: 8-bit bytes with no charset, "us-ascii" bodies
full of accents, "utf-8" bodies with a stray Latin-1 byte, headers with raw 8-bit bytes. Everything
here turns such input into ``str`` without ever raising, and says when bytes had to be replaced.

The order of guesses: the declared charset, then UTF-8, then Windows-1252 (what "iso-8859-1" and
unlabelled Western mail almost always is), then Latin-1, which decodes any byte.
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass
from email.errors import HeaderParseError
from email.header import decode_header

from judge.storable import storable

# Codec names (as ``codecs.lookup`` spells them) treated as no useful label: mail tagged "us-ascii" or
# "iso-8859-1" is so often really UTF-8 or Windows-1252 that those are tried first. (Windows-1252 agrees
# with Latin-1 on every printable Latin-1 character, so real Latin-1 text loses nothing.)
_WEAK_LABELS = frozenset({"ascii", "iso8859-1"})

_FOLD = re.compile(r"\r?\n(?=[ \t])")
_LINE_BREAK = re.compile(r"\r\n|\r|\n")


@dataclass(frozen=True, slots=True)
class Decoded:
    """Text decoded from bytes, with the codec used and whether undecodable bytes were replaced."""

    text: str
    charset: str
    replaced: bool


def codec_name(charset: str | None) -> str | None:
    """The Python codec for a MIME charset label, or None if the label is missing or unknown."""
    if not charset:
        return None
    try:
        return codecs.lookup(charset.strip().strip('"').lower()).name
    except (LookupError, ValueError, TypeError):
        return None


def _strict(data: bytes, codec: str) -> str | None:
    try:
        return storable(data.decode(codec))
    except (UnicodeError, LookupError):  # UnicodeError: idna and punycode raise their own
        return None


def _undeclared(data: bytes) -> Decoded:
    """8-bit text of unknown charset: UTF-8 if it is valid UTF-8, else the Western default."""
    for codec in ("utf-8", "cp1252"):
        text = _strict(data, codec)
        if text is not None:
            return Decoded(text, codec, replaced=False)
    return Decoded(storable(data.decode("latin-1")), "latin-1", replaced=False)


def decode_bytes(data: bytes, charset: str | None) -> Decoded:
    """Decode ``data`` labelled with MIME ``charset`` (maybe None, wrong or unknown); never raises."""
    declared = codec_name(charset)
    if declared is None or declared in _WEAK_LABELS:
        return _undeclared(data)
    text = _strict(data, declared)
    if text is not None:
        return Decoded(text, declared, replaced=False)
    if declared != "utf-8":
        text = _strict(data, "utf-8")
        if text is not None:
            return Decoded(text, "utf-8", replaced=False)
    try:
        lossy = storable(data.decode(declared, "replace"))
    except (LookupError, UnicodeError):  # a bytes-to-bytes codec ("base64"), or idna, punycode
        return _undeclared(data)
    if declared == "utf-8" and all(c.isascii() or c == "\ufffd" for c in lossy):
        # Not a single valid multi-byte sequence: this is single-byte text labelled UTF-8.
        return _undeclared(data)
    return Decoded(lossy, declared, replaced=True)


def split_lines(text: str) -> list[str]:
    """Lines of ``text`` split at CR LF, CR or LF only (not at NEL, form feed and the like).

    A final line break does not start another line: ``"a\\nb\\n"`` is ``["a", "b"]``.
    """
    if not text:
        return []
    lines = _LINE_BREAK.split(text)
    if lines[-1] == "":
        lines.pop()
    return lines


def eight_bit(value: str) -> str:
    """A header value as parsed from bytes, with raw 8-bit bytes (kept as surrogates) decoded."""
    if value.isascii():
        return value
    raw = value.encode("utf-8", "surrogateescape")
    return _undeclared(raw).text


def unfold(value: str) -> str:
    """A header value on one line: folding line breaks removed, stray line breaks made spaces."""
    return _LINE_BREAK.sub(" ", _FOLD.sub("", value)).strip()


def header_text(value: str | None) -> str:
    """A header value as a person reads it: unfolded, 8-bit bytes and RFC 2047 words decoded."""
    if value is None:
        return ""
    text = storable(unfold(eight_bit(value)))
    try:
        parts = decode_header(text)
    except (HeaderParseError, ValueError):
        return text
    out: list[str] = []
    for chunk, charset in parts:
        if isinstance(chunk, str):
            out.append(chunk)
        elif charset is None:
            # decode_header hands back unencoded runs encoded with raw-unicode-escape.
            try:
                out.append(chunk.decode("raw-unicode-escape"))
            except UnicodeDecodeError:
                out.append(chunk.decode("latin-1"))
        else:
            out.append(decode_bytes(chunk, charset).text)
    return storable("".join(out)).strip()


def unflow(lines: list[str], *, delsp: bool) -> list[str]:
    """Join the soft line breaks of ``format=flowed`` text (RFC 3676) back into whole lines.

    A line ending in a space continues on the next line of the same quote depth; space-stuffing is
    removed; the signature separator ``-- `` is never joined. Quoted lines come back as ``> text``.
    """
    out: list[str] = []
    pending: str | None = None
    pending_depth = 0

    def flush() -> None:
        nonlocal pending
        if pending is not None:
            out.append(_quoted(pending, pending_depth))
            pending = None

    for line in lines:
        depth = len(line) - len(line.lstrip(">"))
        text = line[depth:]
        if text.startswith(" "):
            text = text[1:]
        if pending is not None and depth != pending_depth:
            flush()
        if text == "-- " and depth == 0:
            flush()
            out.append(text)
            continue
        joined = text if pending is None else pending + text
        if text.endswith(" "):
            pending, pending_depth = (joined[:-1] if delsp else joined), depth
        else:
            pending, pending_depth = joined, depth
            flush()
    flush()
    return out


def _quoted(text: str, depth: int) -> str:
    if depth == 0:
        return text
    return ">" * depth + (" " + text if text else "")
