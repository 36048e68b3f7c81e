"""How the judge reaches its mail servers: the ``[mail]``, ``[imap]``, ``[smtp]`` and ``[lmtp]``
sections of its settings file, read into plain values that the transports take.

The transports own their settings (the service only hands over the parsed file), so that a new
transport is one module and one section here, and the service's configuration does not grow with
every protocol. Missing sections keep today's behaviour: Maildirs in and out, no listener.
"""

from __future__ import annotations

import ssl
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, cast, get_args

TlsMode = Literal["implicit", "starttls", "none"]
"""``implicit``: TLS from the first byte (IMAPS 993, SMTPS 465); ``starttls``: a plain connection
upgraded before logging in (IMAP 143, submission 587); ``none``: plain text, for a server on the
same machine only."""

Inbound = Literal["maildir", "imap"]
Outbound = Literal["maildir", "smtp"]

_IMAP_PORTS = {"implicit": 993, "starttls": 143, "none": 143}
_SMTP_PORTS = {"implicit": 465, "starttls": 587, "none": 25}


class TransportSettingsError(ValueError):
    """A mail section of the settings is incomplete or contradicts itself; the message says where."""


@dataclass(frozen=True)
class ImapSettings:
    """The mailbox the judge polls: where it is, how to log in, and where to keep its place."""

    host: str
    port: int
    tls: TlsMode
    user: str
    password: str = field(repr=False)
    state_file: Path  # the mailbox's UIDVALIDITY and the last UID done, kept across restarts
    folder: str = "INBOX"
    done_folder: str | None = None  # processed mail is moved here (and flagged \Seen either way)
    ca_file: Path | None = None  # trust this certificate (a private CA, a self-signed server)
    timeout: float = 30.0


@dataclass(frozen=True)
class SmtpSettings:
    """The server the judge hands its outgoing mail to (a relay or the provider's submission port)."""

    host: str
    port: int
    tls: TlsMode
    user: str | None = None  # AUTH only when a user is set
    password: str = field(default="", repr=False)
    ca_file: Path | None = None
    timeout: float = 30.0


@dataclass(frozen=True)
class LmtpSettings:
    """Where the judge listens for an MTA's LMTP deliveries (Postfix ``lmtp:inet:host:port``)."""

    host: str = "127.0.0.1"
    port: int = 2424


@dataclass(frozen=True)
class Transports:
    """Which transport carries mail in and out, and the servers' settings that are configured."""

    inbound: Inbound = "maildir"
    outbound: Outbound = "maildir"
    imap: ImapSettings | None = None
    smtp: SmtpSettings | None = None
    lmtp: LmtpSettings | None = None


def client_context(ca_file: Path | None) -> ssl.SSLContext:
    """A TLS client context that verifies the server: the system's CAs, or only ``ca_file``."""
    return ssl.create_default_context(cafile=str(ca_file) if ca_file is not None else None)


def read_transports(data: Mapping[str, Any], folder: Path) -> Transports:
    """The transports of a parsed settings file; relative paths are taken from ``folder``."""
    mail = _table(data, "mail")
    inbound = _choice(mail, "mail", "inbound", get_args(Inbound), "maildir")
    outbound = _choice(mail, "mail", "outbound", get_args(Outbound), "maildir")
    imap = _imap(_table(data, "imap"), folder) if "imap" in data else None
    smtp = _smtp(_table(data, "smtp"), folder) if "smtp" in data else None
    lmtp = _lmtp(_table(data, "lmtp")) if "lmtp" in data else None
    if inbound == "imap" and imap is None:
        raise TransportSettingsError('[mail] inbound = "imap" needs an [imap] section')
    if outbound == "smtp" and smtp is None:
        raise TransportSettingsError('[mail] outbound = "smtp" needs an [smtp] section')
    return Transports(cast(Inbound, inbound), cast(Outbound, outbound), imap, smtp, lmtp)


def _imap(table: Mapping[str, Any], folder: Path) -> ImapSettings:
    tls = _choice(table, "imap", "tls", get_args(TlsMode), "implicit")
    done_folder = _text(table, "imap", "done_folder", "")
    return ImapSettings(
        host=_text(table, "imap", "host"),
        port=_port(table, "imap", _IMAP_PORTS[tls]),
        tls=cast(TlsMode, tls),
        user=_text(table, "imap", "user"),
        password=_password(table, "imap", folder, required=True),
        state_file=folder / _text(table, "imap", "state_file", "imap-state.json"),
        folder=_text(table, "imap", "folder", "INBOX"),
        done_folder=done_folder or None,
        ca_file=_path(table, "imap", "ca_file", folder),
        timeout=_seconds(table, "imap"),
    )


def _smtp(table: Mapping[str, Any], folder: Path) -> SmtpSettings:
    tls = _choice(table, "smtp", "tls", get_args(TlsMode), "starttls")
    user = _text(table, "smtp", "user", "")
    return SmtpSettings(
        host=_text(table, "smtp", "host"),
        port=_port(table, "smtp", _SMTP_PORTS[tls]),
        tls=cast(TlsMode, tls),
        user=user or None,
        password=_password(table, "smtp", folder, required=bool(user)),
        ca_file=_path(table, "smtp", "ca_file", folder),
        timeout=_seconds(table, "smtp"),
    )


def _lmtp(table: Mapping[str, Any]) -> LmtpSettings:
    return LmtpSettings(host=_text(table, "lmtp", "host", "127.0.0.1"), port=_port(table, "lmtp", 2424))


def _table(data: Mapping[str, Any], section: str) -> Mapping[str, Any]:
    table = data.get(section, {})
    if not isinstance(table, Mapping):
        raise TransportSettingsError(f"[{section}] must be a section")
    return table


def _text(table: Mapping[str, Any], section: str, key: str, default: str | None = None) -> str:
    value = table.get(key, default)
    if value is None:
        raise TransportSettingsError(f"[{section}] {key} is missing")
    if not isinstance(value, str):
        raise TransportSettingsError(f"[{section}] {key} must be a string")
    return value


def _choice(
    table: Mapping[str, Any], section: str, key: str, choices: tuple[str, ...], default: str
) -> str:
    value = _text(table, section, key, default)
    if value not in choices:
        allowed = ", ".join(f'"{choice}"' for choice in choices)
        raise TransportSettingsError(f"[{section}] {key} = {value!r}: expected one of {allowed}")
    return value


def _port(table: Mapping[str, Any], section: str, default: int) -> int:
    value = table.get("port", default)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 < value < 65536:
        raise TransportSettingsError(f"[{section}] port must be a number from 1 to 65535")
    return value


def _seconds(table: Mapping[str, Any], section: str) -> float:
    value = table.get("timeout", 30)
    if not isinstance(value, (int, float)) or isinstance(value, bool) or value <= 0:
        raise TransportSettingsError(f"[{section}] timeout must be a positive number of seconds")
    return float(value)


def _path(table: Mapping[str, Any], section: str, key: str, folder: Path) -> Path | None:
    value = _text(table, section, key, "")
    return folder / value if value else None


def _password(table: Mapping[str, Any], section: str, folder: Path, *, required: bool) -> str:
    """``password``, or the first line of ``password_file`` (kept out of the settings file, e.g.
    readable by the judge's user only); both at once is a mistake worth refusing."""
    if "password" in table and "password_file" in table:
        raise TransportSettingsError(f"[{section}] give password or password_file, not both")
    if "password_file" in table:
        path = folder / _text(table, section, "password_file")
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except OSError as error:
            raise TransportSettingsError(
                f"[{section}] password_file {path}: {error.strerror or error}"
            ) from None
        return lines[0] if lines else ""
    password = _text(table, section, "password", "")
    if required and not password:
        raise TransportSettingsError(f"[{section}] password or password_file is missing")
    return password
