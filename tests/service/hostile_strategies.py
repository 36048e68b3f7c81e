"""Hypothesis strategies for hostile mail: raw bytes as a broken mailer, a spammer or a careless
player might send them (see ``test_hostile_mail.py``).

A mail is built from parts that each go wrong in their own way, then put together:

- headers: From missing, doubled or unparseable; addresses with groups, comments, quotes and 8-bit
  bytes; RFC 2047 words with bogus charsets and garbage payloads; huge headers, raw 8-bit bytes,
  lines that are not headers at all; the headers of robots (bounces, vacation replies, lists);
- MIME: single parts in any charset and transfer encoding (base64 and quoted-printable garbage
  included), HTML only, attachments, signatures, forwarded mails, nested multiparts whose boundary
  is missing, misquoted, never used or never closed;
- bodies: the judge's own commands (CREATE, JOIN, SIGNON with names and passwords from a pool that
  includes the real ones, orders, PRESS blocks left open, SET with junk), random text, NUL bytes,
  very long lines, signatures and quoted replies;
- the whole: LF, CRLF or CR line ends (or a mix), and sometimes cut at a random byte.

The simplest choice of each draw is the harmless one, so a failing example shrinks towards an
ordinary mail with one thing wrong. ``Known`` says what the judge under test holds (games,
passwords, the right SIGNON lines), so that commands name real things as well as invented ones.

(Strategies are built once, at import: building them on every draw made generation ten times
slower than the judge reading the mails.)
"""

from __future__ import annotations

import base64
import quopri
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import TypeVar

from hypothesis import strategies as st

T = TypeVar("T")


@dataclass(frozen=True)
class Known:
    """Names the generated commands may use: the real ones (so some commands succeed) and more."""

    games: tuple[str, ...] = ("alpha", "forming1")
    addresses: tuple[str, ...] = ("player1@example.org",)
    passwords: tuple[str, ...] = ()
    signons: tuple[str, ...] = ()  # "SIGNON <who>@<game> <password>" lines that are right
    # Only commands that cannot succeed, even when the mail is cut at any byte: no right password
    # (the real ones have capitals and punctuation; these are lower-case letters and digits), games
    # to join that do not exist (named "no..."), games to create whose names cannot be read.
    refused_only: bool = False


@dataclass(frozen=True)
class HostileMail:
    raw: bytes
    expect_answer: bool
    """True when the mail is plainly from a person (one clean From, no robot headers, not cut, not
    a report, ordinary line ends): it must be answered, never dropped."""

    def __repr__(self) -> str:  # falsifying examples print every mail of a batch: keep them short
        shown = repr(self.raw[:400]) + ("..." if len(self.raw) > 400 else "")
        return f"HostileMail({len(self.raw)} bytes, expect_answer={self.expect_answer}, raw={shown})"


# --- drawing cheaply ----------------------------------------------------------------------------


@cache
def _below(n: int) -> st.SearchStrategy[int]:
    return st.integers(0, n - 1)


def pick(draw: st.DrawFn, options: Sequence[T]) -> T:
    """One of ``options``; the first is the simplest (what a failing example shrinks to)."""
    return options[draw(_below(len(options)))]


def chance(draw: st.DrawFn, one_in: int) -> bool:
    """True once in ``one_in`` draws; False is the simpler."""
    return draw(_below(one_in)) == one_in - 1


_LETTERS = st.text(st.sampled_from("abcdefghijklmnopqrstuvwxyz0123456789"), min_size=1, max_size=10)
_PRINTABLE = st.characters(codec="utf-8", categories=("L", "N", "P", "S", "Zs"))
_WORDS = st.text(_PRINTABLE, min_size=1, max_size=12).map(lambda s: "".join(s.split()) or "x")
_JUNK = st.text(st.characters(codec="utf-8"), max_size=24)  # control characters, NUL, U+2028...
_ASCII_JUNK = st.text(st.characters(codec="ascii"), max_size=20)
_BOOL = st.booleans()


def letters(draw: st.DrawFn) -> str:
    return draw(_LETTERS)


def word(draw: st.DrawFn) -> str:
    return draw(_WORDS)


def junk(draw: st.DrawFn) -> str:
    return draw(_JUNK)


def nothing(draw: st.DrawFn) -> str:
    return ""


def long_text(draw: st.DrawFn, pieces: Sequence[str], sizes: Sequence[int]) -> str:
    """A long string made cheaply: a short piece repeated."""
    piece, size = pick(draw, pieces), pick(draw, sizes)
    return piece * (size // len(piece))


# --- commands ------------------------------------------------------------------------------------

CHARSETS = (
    "utf-8", "us-ascii", "UTF-8", "iso-8859-1", "iso-8859-15", "windows-1252", "koi8-r", "shift_jis",
    "euc-jp", "gb2312", "gb18030", "big5", "utf-16", "utf-16-le", "utf-32", "cp437", "mac-roman",
    "x-unknown", "unknown-8bit", "", "utf8'", '"utf-8"', "utf-8; x=y", "base64", "rot13", "zlib",
    "hex", "bz2", "idna", "punycode", "mbcs", "x-user-defined", "csUnicode", "\xff\xfe", "a" * 300,
    # These three make the judge fail today (lone surrogates; see the xfail tests): mails that hit
    # the bug are set aside by the test, the rest of such mails are sent.
    "utf-7", "unicode-escape", "raw-unicode-escape",
)
POWERS = ("England", "France", "Germany", "Italy", "Austria", "Russia", "Turkey", "E", "F", "x",
          "master", "m", "observer", "o", "Prussia", "")
PROVINCES = ("par", "bur", "lon", "nth", "edi", "lvp", "yor", "mun", "kie", "ber", "stp/nc",
             "spa(sc)", "mid-atlantic ocean", "xyz", "Ænglånd", "", "1901")
UNITS = ("A", "F", "Army", "fleet", "", "X")
ORDER_SHAPES = (
    "{u} {a} - {b}", "{u} {a}-{b}", "{u} {a} H", "{u} {a} S {u} {b}", "{u} {a} S A {b} - {a}",
    "{u} {a} C A {b} - {a}", "BUILD {u} {a}", "REMOVE {u} {a}", "WAIVE", "{u} {a} disband",
    "{u} {a} - {b}, {u} {b} H; {u} {a} S {u} {b}", "{a}", "- - -", "{u} {a} - {b} via convoy",
)
KEYWORDS = ("WAIT", "NOWAIT", "NO", "DRAW", "NODRAW", "PASSWORD", "ADDRESS", "ABSENCE", "CONCEDE",
            "DEADLINE", "GRACE", "VARIANT", "PRESS", "NMR", "TIMING", "MOVEMENT", "RETREAT",
            "ADJUSTMENT", "DAYS", "AT", "TO", "FROM", "TIMEZONE", "ZONE", "ANONYMOUS", "GUNBOAT",
            "RULE", "ALL", "DIAS", "GREY", "WHITE", "FAKE", "ON", "OFF", "48h", "2d", "8pm",
            "25:99", "mon-fri", "2026-02-30", "24 Dec 2026", "Europe/Nowhere", "UTC", "-1h",
            "999999999999h", "0m", "abandon", "civil", "disorder", "both", "none")
OTHER_COMMANDS = ("LIST", "LIST {g}", "HELP", "HELP {w}", "VERSION", "HISTORY {g} FROM {w}", "SUMMARY {g}",
                  "SIGNOFF", "RESIGN", "CLEAR", "START", "PROCESS", "PREDICT", "BECOME {p}", "EJECT {p}",
                  "PAUSE", "RESUME", "ROLLBACK {w}", "TERMINATE", "ENDPRESS", "ENDBROADCAST", "PHASE {w}",
                  "PHASE F1901M", "PHASE Spring 1901", "SET DRAW", "SET WAIT", "SET NOWAIT",
                  "SET ADDRESS {w}@{w}", "SET ADDRESS {w}@example.org", "SET ADDRESS a@x.org,{w}@x.org",
                  "CONFIRM {w}", "CONFIRM", "SET PASSWORD {pw}", "SET CONCEDE {p}", "SET ABSENCE {w} TO {w}")
MAILER_LINES = (["-- ", "My Name", "CREATE ?sig! pw"], ["--"], ["> quoted CREATE ?q! pw"],
                ["On Mon, 5 Jan 2026, Someone wrote:", "> JOIN nogame pw"],
                ["-----Original Message-----", "JOIN nogame x"], [""], ["   \t "])
LONG_PIECES = ("A par - bur ", "x", "SIGNON ", "é", "\x00", "- ", "A ")


def game_name(draw: st.DrawFn, known: Known, existing: bool) -> str:
    if existing:
        return pick(draw, known.games)
    name = letters(draw) if draw(_BOOL) else word(draw)
    return "no" + name if known.refused_only else name


def password(draw: st.DrawFn, known: Known) -> str:
    if known.refused_only or not known.passwords or draw(_BOOL):
        return letters(draw)
    return pick(draw, known.passwords) if draw(_BOOL) else word(draw)


def command_lines(draw: st.DrawFn, known: Known) -> list[str]:
    """One or a few lines: a command of the judge, an order, or junk. (Only what the kind of line
    needs is drawn: fewer draws, faster generation.)"""
    kind = draw(_below(16))
    if kind in (0, 1, 2):  # orders, sane and not
        shape = pick(draw, ORDER_SHAPES)
        return [shape.format(u=pick(draw, UNITS), a=pick(draw, PROVINCES), b=pick(draw, PROVINCES))]
    if kind == 3:
        if len(known.signons) > 0 and draw(_BOOL):
            return [pick(draw, known.signons)]
        existing = draw(_BOOL)
        game, power, secret = game_name(draw, known, existing), pick(draw, POWERS), password(draw, known)
        joining = game_name(draw, known, False) if known.refused_only else game
        return [pick(draw, (f"SIGNON {power}@{game} {secret}", f"SIGNON {power[:1]}{game} {secret}",
                            f"SIGNON ?{joining} {secret}", f"SIGNON {power[:1]} {game} {secret}", "SIGNON",
                            "SIGNON ?", f"SIGNON {power}@{game}"))]
    if kind == 4:
        secret = password(draw, known)
        if known.refused_only:  # a name that cannot be read, however the line is cut
            name = game_name(draw, known, False) + pick(draw, "!./$%é?")
            return [f"CREATE ?{name} {secret}{pick(draw, ('', ' standard'))}"]
        target = game_name(draw, known, draw(_BOOL))
        return [f"CREATE ?{target} {secret}{pick(draw, ('', ' standard', ' roses1', ' ' + word(draw)))}"]
    if kind == 5:  # joining: only games that do not exist when nothing may succeed
        target = game_name(draw, known, not known.refused_only and draw(_BOOL))
        secret = password(draw, known)
        return [pick(draw, (f"JOIN {target} {secret}", f"OBSERVE {target} {secret}", "JOIN", f"JOIN {target}"))]
    if kind == 6:
        return ["SET " + " ".join(pick(draw, KEYWORDS) if draw(_BOOL) else word(draw)
                                  for _ in range(draw(_below(6))))]
    if kind == 7:  # PRESS and BROADCAST blocks, closed or not
        power = pick(draw, POWERS)
        opening = pick(draw, (f"PRESS TO {power}", "BROADCAST", "PRESS TO all GREY", "PRESS TO",
                              f"PRESS TO {power} FAKE {power}", "PRESS", "BROADCAST WHITE x"))
        body = [junk(draw) if draw(_BOOL) else pick(draw, ("SIGNOFF", "SIGNON x y", "ENDPRESSX"))
                for _ in range(draw(_below(4)))]
        closing = pick(draw, (["ENDPRESS"], [], ["ENDBROADCAST"], ["END PRESS"], ["ENDPRESS", "ENDPRESS"]))
        return [opening, *body, *closing]
    if kind == 8:
        shape = pick(draw, OTHER_COMMANDS)
        values = {
            "g": game_name(draw, known, draw(_BOOL)) if "{g}" in shape else "",
            "w": word(draw) if "{w}" in shape else "",
            "p": pick(draw, POWERS) if "{p}" in shape else "",
            "pw": password(draw, known) if "{pw}" in shape else "",
        }
        return [shape.format(**values)]
    if kind == 9 and chance(draw, 4):
        return [long_text(draw, LONG_PIECES, (1_000, 30_000))]
    if kind == 10:  # what mail programs add
        return list(pick(draw, MAILER_LINES))
    if kind == 11:
        return ["\x00" * (1 + draw(_below(4))) + junk(draw)]
    return [junk(draw)]


def body_text(draw: st.DrawFn, known: Known, most: int = 10) -> str:
    return "\n".join(line for _ in range(draw(_below(most + 1))) for line in command_lines(draw, known))


# --- headers ---------------------------------------------------------------------------------------


def encoded_word(draw: st.DrawFn, text: str | None = None) -> str:
    """An RFC 2047 word: right or wrong charset, B or Q or bogus encoding, payload sane or garbage."""
    charset = pick(draw, CHARSETS)
    text = junk(draw) if text is None else text
    try:
        data = text.encode(charset or "utf-8", "replace")
    except (LookupError, TypeError, ValueError):
        data = text.encode("utf-8", "replace")
    how = pick(draw, ("B", "Q", "b", "q", "X", ""))
    if how.upper() == "B":
        body = base64.b64encode(data).decode()
    else:
        body = quopri.encodestring(data, header=True).decode().replace("\n", "")
    payload = pick(draw, ("good", "garbage", "cut"))
    if payload == "garbage":
        body = draw(_ASCII_JUNK)
    elif payload == "cut":
        body = body[: draw(_below(len(body) + 1))]
    return f"=?{charset}?{how}?{body}?="


def header_text(draw: st.DrawFn) -> str:
    """A header value a person (or something worse) might write."""
    parts = []
    for _ in range(1 + draw(_below(3))):
        parts.append(pick(draw, (word, junk, encoded_word))(draw))
    return pick(draw, (" ", "", "\n ", "\n\t")).join(parts)


def good_address(draw: st.DrawFn, known: Known) -> str:
    if draw(_BOOL):
        return pick(draw, known.addresses)
    return f"{letters(draw)}@{pick(draw, ('example.org', 'example.net', 'mail.example.com'))}"


def from_value(draw: st.DrawFn, known: Known) -> tuple[str, bool]:
    """A From header's value, and whether it is plainly a person's address."""
    address = good_address(draw, known)
    kind = draw(_below(12))
    if kind <= 4:
        return address, True
    if kind == 5:
        return f"{letters(draw)} {letters(draw)} <{address}>", True
    if kind == 6:
        return f"{encoded_word(draw)} <{address}>", False  # the word may hold anything, a line end too
    if kind == 7:
        return junk(draw), False
    return pick(draw, (
        "MAILER-DAEMON@example.org", "Mail Delivery System <MAILER-DAEMON@mx.example.org>",
        "postmaster@example.net", "<>", "", "@", "a@", "@b", "no-at-sign", "undisclosed-recipients:;",
        f"friends: {address}, b@example.org;", f'"quoted, name" <{address}>', f"{address} (comment",
        f"<{address}", f"{address}>", '"<"', "<<>", f"{address}, {address}", '"\\"@example.org',
        "a\x00b@example.org", "ü@ä.example", "=?utf-8?q?x?=@example.org", f"{address}\xff",
        "x" * 5000 + "@example.org", f"{junk(draw)} <{junk(draw)}>",
    )), False


ROBOT_HEADERS = (
    ("Auto-Submitted", "auto-replied"), ("Auto-Submitted", "auto-generated; by=judge"),
    ("X-Autoreply", "yes"), ("X-Autorespond", "vacation"), ("Precedence", "bulk"), ("Precedence", "junk"),
    ("Precedence", "list"), ("List-Id", "<players.example.org>"), ("List-Unsubscribe", "<mailto:x@y>"),
    ("Return-Path", "<>"), ("Return-Path", "<MAILER-DAEMON@example.org>"), ("X-Failed-Recipients", "a@b.c"),
)
HARMLESS_HEADERS = (("X-Mailer", "Eudora 1.0"), ("Auto-Submitted", "no"), ("X-Autoreply", "no"),
                    ("Precedence", "first-class"), ("Received", "from x by y; Mon, 5 Jan 2026"))
BAD_HEADER_LINES = (b"this line is not a header", b": no name", b"\xff\xfe: 8-bit name",
                    b"X-Folded:\n continued\n\tagain", b" leading space", b"X-NUL: a\x00b")
ODD_IDS = ("<>", "", "no-brackets", "<a@b> <c@d>", "<" + "i" * 3000 + "@x>", "<dup@hostile.invalid>",
           "< spaced id @ x >", "<é@ü>")
DATES = ("Mon, 5 Jan 2026 12:00:00 +0000", "yesterday", "Thu, 31 Feb 1900 99:99:99",
         "Mon, 5 Jan 99999 12:00 +9999", "")


# --- MIME ----------------------------------------------------------------------------------------

TRANSFER_ENCODINGS = ("7bit", "8bit", "binary", "base64", "quoted-printable", "x-uuencode", "bogus",
                      "BASE64", "")
PAYLOAD_GARBAGE = (b"!!!!====", b"=ZZ=\n=4", b"QUJD\n====\nQUJD", b"=\n=\n=", b"\x00\xff\xfe", b"=?=",
                   b"begin 644 x\nM\nend")
CONTENT_TYPES = ("text/plain", "text/html", "TEXT/PLAIN", "text/enriched", "text", "", "text/plain/extra",
                 "garbage", "application/octet-stream", "image/png", "application/pgp-signature",
                 "message/delivery-status", "message/rfc822", "multipart/mixed",
                 "text/plain; format=flowed; delsp=yes", "text/calendar")
HTML_SHAPES = ("<html><body><p>{}</p></body></html>", "<p>{}", "<script>{}</script>",
               "{}<br><br/>&nbsp;&#0;&#xD800;&#x110000;&bogus;<", "<style>{}")
FILENAMES = ('"orders.txt"', "map.png", "*={c}''%e9%00%ff.txt", '"=?utf-8?q?x?="', '"' + "n" * 400 + '"', "")


def encode_payload(draw: st.DrawFn, data: bytes, cte: str) -> bytes:
    if cte.lower() == "base64":
        encoded = base64.encodebytes(data)
    elif cte.lower() == "quoted-printable":
        encoded = quopri.encodestring(data)
    else:
        encoded = data
    mode = pick(draw, ("good", "good", "garbage", "cut"))
    if mode == "garbage":
        encoded = pick(draw, PAYLOAD_GARBAGE) + encoded[:50]
    elif mode == "cut":
        encoded = encoded[: draw(_below(len(encoded) + 1))]
    return encoded


def leaf_part(draw: st.DrawFn, known: Known) -> bytes:
    """One MIME part (headers, blank line, body) that is not a multipart."""
    ctype, charset = pick(draw, CONTENT_TYPES), pick(draw, CHARSETS)
    text = body_text(draw, known, most=5)
    if ctype == "text/html":
        text = pick(draw, HTML_SHAPES).format(text.replace("\n", pick(draw, ("<br>", "</p><p>", "\n"))))
    encode_as = pick(draw, (charset, "utf-8", "latin-1"))
    try:
        data = text.encode(encode_as or "utf-8", "replace")
    except (LookupError, TypeError, ValueError):
        data = text.encode("utf-8", "replace")
    cte = pick(draw, TRANSFER_ENCODINGS)
    headers = []
    if ctype or draw(_BOOL):
        parameter = pick(draw, (f"; charset={charset}", "", f'; charset="{charset}"',
                                f"; charset*={charset}''%ff%fe", "; charset", "; ;;=", "; name=x.txt"))
        headers.append(f"Content-Type: {ctype}{parameter}")
    if cte:
        headers.append(f"Content-Transfer-Encoding: {cte}")
    if chance(draw, 4):
        name = pick(draw, FILENAMES).format(c=charset)
        disposition = pick(draw, ("attachment", "inline", "bogus", ""))
        headers.append(f"Content-Disposition: {disposition}; filename{name if name.startswith('*') else '=' + name}")
    return "\n".join(headers).encode("utf-8", "replace") + b"\n\n" + encode_payload(draw, data, cte)


def multipart(draw: st.DrawFn, children: list[bytes]) -> bytes:
    """A multipart around ``children``, with a boundary that may be broken in any of several ways."""
    subtype = pick(draw, ("mixed", "alternative", "signed", "report", "related", "digest", "x-weird"))
    boundary = pick(draw, ("b1", "=_boundary", "a b", "x" * 90, "-", ""))
    shape = pick(draw, ("good", "good", "no-param", "unused", "unclosed", "quoted", "other-used",
                        "no-blank-line", "contained"))
    declared = {"no-param": "", "quoted": f'; boundary="{boundary}"'}.get(shape, f"; boundary={boundary}")
    used = ("zzz" if shape == "other-used" else boundary).encode()
    pieces = [b"This is a multi-part message in MIME format."]
    for child in children:
        pieces.append(b"--" + used + b"\n" + child + (b"\n--" + used if shape == "contained" else b""))
    if shape == "unused":
        pieces = [pieces[0], *children]
    elif shape != "unclosed":
        pieces.append(b"--" + used + b"--")
    epilogue = pick(draw, (b"", b"epilogue CREATE ?epi! pw", b"--"))
    report = "; report-type=delivery-status" if subtype == "report" else ""
    head = f"Content-Type: multipart/{subtype}{declared}{report}\n".encode()
    return head + (b"" if shape == "no-blank-line" else b"\n") + b"\n".join(pieces) + b"\n" + epilogue


def mime_part(draw: st.DrawFn, known: Known, depth: int) -> bytes:
    roll = draw(_below(10))
    if depth >= 3 or roll < 5:
        return leaf_part(draw, known)
    if roll < 9:
        return multipart(draw, [mime_part(draw, known, depth + 1) for _ in range(draw(_below(4)))])
    inner = mail_bytes(draw, known, "<fwd@hostile.invalid>", depth + 1)[0]  # a forwarded mail
    return b"Content-Type: message/rfc822\n\n" + inner


# --- whole mails ----------------------------------------------------------------------------------


def mail_bytes(draw: st.DrawFn, known: Known, message_id: str, depth: int = 0) -> tuple[bytes, bool]:
    """A mail's bytes, and whether it is plainly from a person."""
    headers: list[bytes] = []
    person = True

    def add(name: str, value: str) -> None:
        headers.append(f"{name}: {value}".encode(pick(draw, ("utf-8", "latin-1")), "replace"))

    if chance(draw, 12):
        headers.append(b"From judge-hater  Mon Jan  5 12:00:00 2026")  # an mbox From_ line
    count = pick(draw, (1, 1, 1, 1, 0, 2))
    for _ in range(count):
        value, plain = from_value(draw, known)
        add(pick(draw, ("From", "FROM", "from")), value)
        person = person and plain
    person = person and count == 1
    if chance(draw, 6):
        add("Reply-To", from_value(draw, known)[0])
        person = False  # the reply goes elsewhere, or nowhere
    if not chance(draw, 7):
        add("Subject", pick(draw, (word, header_text, nothing))(draw))
    kind_of_id = draw(_below(16))
    if kind_of_id == 14:
        add("Message-ID", pick(draw, ODD_IDS))
    elif kind_of_id < 14:
        add("Message-ID", message_id)
    # else: no Message-ID; the judge makes one from the bytes
    if draw(_BOOL):
        add("Date", pick(draw, DATES))
    for _ in range(draw(_below(3))):
        name, value = pick(draw, HARMLESS_HEADERS + ROBOT_HEADERS)
        add(name, value)
        person = person and (name, value) in HARMLESS_HEADERS
    for _ in range(draw(_below(3))):  # headers of every shape
        name = pick(draw, ("X-Junk", "X-Ünicode", "Received", "In-Reply-To", "References"))
        add(name, header_text(draw))
    if chance(draw, 20):  # and size
        add(pick(draw, ("X-Long", "References", "Subject")), long_text(draw, ("<a@b> ", "x", "é"), (10_000, 300_000)))
    if chance(draw, 15):
        headers.append(pick(draw, BAD_HEADER_LINES))
        person = False
    if chance(draw, 30):
        headers.extend(b"X-Many: %d" % n for n in range(pick(draw, (100, 2_000))))
    if chance(draw, 3):
        headers.append(b"MIME-Version: 1.0")
        body = mime_part(draw, known, depth)
        person = person and not body.startswith((b"Content-Type: message/delivery-status",
                                                 b"Content-Type: multipart/report"))
        raw = b"\n".join(headers) + b"\n" + body
    else:
        text = body_text(draw, known)
        raw = b"\n".join(headers) + b"\n\n" + text.encode(pick(draw, ("utf-8", "latin-1", "cp1252", "utf-16")),
                                                          "replace")
    ends = pick(draw, ("lf", "crlf", "cr", "mixed"))
    if ends == "crlf":
        raw = raw.replace(b"\n", b"\r\n")
    elif ends == "cr":
        raw = raw.replace(b"\n", b"\r")
        person = False  # bare CR line ends are not a mail format any mail program writes
    elif ends == "mixed":
        raw = b"".join(line + pick(draw, (b"\n", b"\r\n", b"\r")) for line in raw.split(b"\n"))
        person = False
    if chance(draw, 7):
        raw = raw[: draw(_below(len(raw) + 1))]
        person = False
    return raw, person


@st.composite
def hostile_mail(draw: st.DrawFn, known: Known, message_id: str) -> HostileMail:
    raw, person = mail_bytes(draw, known, message_id)
    return HostileMail(raw, expect_answer=person)


@st.composite
def hostile_batch(draw: st.DrawFn, known: Known, size: int, prefix: str) -> list[HostileMail]:
    """``size`` mails, the n-th with the Message-ID ``<{prefix}{n}@hostile.invalid>`` when it has one."""
    return [HostileMail(*mail_bytes(draw, known, f"<{prefix}{n}@hostile.invalid>")) for n in range(size)]
