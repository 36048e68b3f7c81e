"""The judge's configuration: one TOML file, written by ``judge init`` and read by every command.

A newcomer's judge needs no server: SQLite in the judge's folder, and Maildirs for mail in
(``inbox``) and out (``outbox``). Paths in the file are relative to the file's folder.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

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
    )
