"""The judge's configuration: one TOML file, written by ``judge init`` and read by every command.

A newcomer's judge needs no server: SQLite in the judge's folder, and Maildirs for mail in
(``inbox``) and out (``outbox``). Paths in the file are relative to the file's folder.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from judge.mail.settings import Transports, TransportSettingsError, read_transports

from .serve_config import (
    Enrolment,
    FloodLimit,
    ReplyLimits,
    ServeSettings,
    SettingError,
    SignonLimit,
    enrolment,
    flood_limit,
    reply_limits,
    serve_settings,
    signon_limit,
)

DEFAULT_FILE = "judge.toml"

_TEMPLATE = """\
# The judge's settings (see the README). Paths are relative to this file's folder.

[judge]
address = "judge@localhost"   # the judge's own mail address: players write here
name = "The Judge"            # shown in From:
domain = "localhost"          # for the Message-IDs of the judge's mail

[store]
url = "sqlite:///judge.sqlite"   # or postgresql://user@host/database

[mail]
inbox = "inbox"      # a Maildir the judge reads
outbox = "outbox"    # a Maildir the judge writes its mail to
body_limit = 262144  # bytes of a mail body the judge reads; the rest is ignored, and said so
# inbound = "maildir"    # or "imap": poll the folder of [imap] instead of the inbox Maildir
# outbound = "maildir"   # or "smtp": send through the server of [smtp] instead of the outbox Maildir

[serve]                # judge serve, the daemon
poll_seconds = 2       # how often it reads the inbox and sends due mail (real seconds)
tick_seconds = 60      # a safety tick looking for due deadlines (a timer fires at each one)
claim_seconds = 60     # mail being sent is this judge's while it renews its claim; a dead judge's waits this long
outage_limit = "6h"    # down (or the clock jumped) longer than this: overdue deadlines are extended
# outage_extension = "24h"   # by this much; unset: by the phase's own timing, as if it began anew

[flood]                # the per-sender rate limit: past it, one answer, then mail is logged unanswered
mails = 30
window = "10m"

[replies]              # how much one mail may cause: a reply is cut, and a command that would send too much refused
longest = 65536        # bytes: the longest reply; what does not fit is left out and counted in one line
floor = 32768          # bytes: a reply may always be this long (a one-line HELP or HISTORY gets its answer)
multiple = 4           # and otherwise at most this many times the size of the mail it answers
mails = 200            # the most mails (press, notices, results) one mail may cause besides its reply
mails_to_one = 10      # and the most of them to any one address

[enrol]                # what one address may take on (0: no limit)
held_for = "7d"        # mail to an address not yet confirmed (CONFIRM) waits this long, then is dropped;
                       # its forming games nobody joined and its observing lapse then too
observers = 20         # confirmed observers of one game
games = 3              # games one confirmed address masters at once (forming, running or paused)

[signon]               # wrong SIGNON passwords: past this many for one power, or from one address,
failures = 5           # within the window, SIGNON is refused without checking the password, and the
window = "10m"         # power's player is told once; 0 failures: no limit

[variants]             # the variants added with judge variants add FILE.map (docs/variants/adding.md)
dir = "variants"       # a folder: each added variant's NAME.toml and NAME.json

# [archive]              # the web archive judge serve keeps current after every phase
# dir = "archive"        # a folder for a web server to serve (judge archive build --out DIR writes one)

# [imap]                 # the mailbox the judge polls, with [mail] inbound = "imap"
# host = "imap.example.org"
# tls = "implicit"       # or "starttls", or "none" (a server on this machine only)
# port = 993             # the default: 993 for implicit TLS, 143 otherwise
# user = "judge@example.org"
# password_file = "imap.password"   # its first line; or password = "..."
# folder = "INBOX"
# done_folder = "Judged"            # processed mail is moved here (and flagged \\Seen in any case)
# state_file = "imap-state.json"    # the judge's place in the mailbox (UIDVALIDITY, last UID)
# ca_file = "ca.pem"                # trust this certificate instead of the system's CAs

# [smtp]                 # the server the judge sends through, with [mail] outbound = "smtp"
# host = "smtp.example.org"
# tls = "starttls"       # or "implicit" (port 465), or "none" (a server on this machine only)
# port = 587             # the default: 465 for implicit TLS, 587 for STARTTLS, 25 for none
# user = "judge@example.org"        # AUTH only when a user is set
# password_file = "smtp.password"

# [lmtp]                 # judge serve listens for the MTA's deliveries (Postfix: lmtp:inet:127.0.0.1:2424)
# host = "127.0.0.1"
# port = 2424
"""


class ConfigError(ValueError):
    """The configuration file is missing, unreadable or incomplete; the message says which."""


@dataclass(frozen=True)
class Config:
    path: Path
    address: str
    name: str
    domain: str
    database_url: str
    inbox: Path
    outbox: Path
    body_limit: int
    serve: ServeSettings = field(default_factory=ServeSettings)
    flood: FloodLimit = field(default_factory=FloodLimit)
    replies: ReplyLimits = field(default_factory=ReplyLimits)
    enrol: Enrolment = field(default_factory=Enrolment)
    signon: SignonLimit = field(default_factory=SignonLimit)
    transports: Transports = field(default_factory=Transports)  # the [mail]/[imap]/[smtp]/[lmtp] servers
    archive: Path | None = None  # [archive] dir: the web archive judge serve keeps current
    variants: Path = Path("variants")  # [variants] dir: the added variants (judge variants add)


def write_default_config(directory: Path) -> Path:
    """Write a new judge's configuration into ``directory`` (refusing to overwrite one)."""
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / DEFAULT_FILE
    if path.exists():
        raise ConfigError(f"{path} exists already: the judge there is left as it is")
    path.write_text(_TEMPLATE, encoding="utf-8")
    return path


def load_config(path: Path) -> Config:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(f"no configuration at {path}: run `judge init DIR` first") from None
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path}: not valid TOML: {error}") from None
    folder = path.parent.resolve()

    def value(section: str, key: str) -> Any:
        try:
            return data[section][key]
        except KeyError:
            raise ConfigError(f"{path}: [{section}] {key} is missing") from None

    url = str(value("store", "url"))
    if url.startswith("sqlite:///") and not url.startswith("sqlite:////"):
        url = f"sqlite:///{folder / url.removeprefix('sqlite:///')}"
    return Config(
        path=path,
        address=str(value("judge", "address")),
        name=str(value("judge", "name")),
        domain=str(value("judge", "domain")),
        database_url=url,
        inbox=folder / str(value("mail", "inbox")),
        outbox=folder / str(value("mail", "outbox")),
        body_limit=int(value("mail", "body_limit")),
        **_daemon_sections(data, path),
        transports=_transports(data, path),
        archive=folder / str(data["archive"]["dir"]) if "dir" in data.get("archive", {}) else None,
        variants=folder / str(data.get("variants", {}).get("dir", "variants")),
    )


def _transports(data: dict[str, Any], path: Path) -> Transports:
    """The mail servers of the ``[mail]``, ``[imap]``, ``[smtp]`` and ``[lmtp]`` sections."""
    try:
        return read_transports(data, path.parent.resolve())
    except TransportSettingsError as error:
        raise ConfigError(f"{path}: {error}") from None


def _daemon_sections(data: dict[str, Any], path: Path) -> dict[str, Any]:
    """The optional ``[serve]``, ``[flood]``, ``[replies]``, ``[enrol]`` and ``[signon]`` sections
    (see ``serve_config``)."""
    try:
        return {
            "serve": serve_settings(dict(data.get("serve", {})), path),
            "flood": flood_limit(dict(data.get("flood", {})), path),
            "replies": reply_limits(dict(data.get("replies", {})), path),
            "enrol": enrolment(dict(data.get("enrol", {})), path),
            "signon": signon_limit(dict(data.get("signon", {})), path),
        }
    except SettingError as error:
        raise ConfigError(str(error)) from None
