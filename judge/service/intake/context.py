"""What the commands of one mail share while it is carried out (``Context``), and the reply's
entries: the handlers write into it, the mail path (``mailroom``) makes it and sends the reply."""

from __future__ import annotations

import sys
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime

from sqlmodel import Session

from judge.mail.message import IncomingMail
from judge.store import Game, Membership, Player, player_by_address, queue_mail

from ..config import Config
from ..play.games import Processed
from .room import Room
from .signons import Checked


@dataclass
class Entry:
    """One line of the mail as the reply quotes it, and what the judge says about it."""

    line: str
    said: list[str] = field(default_factory=list)


@dataclass
class Context:
    """What the commands of one mail share: the database session, who wrote, what they are
    signed on to, and the reply being written."""

    db: Session
    config: Config
    now: datetime
    mail: IncomingMail
    player: Player | None = None  # the sender, once known as a player
    game: Game | None = None  # the game signed on to
    membership: Membership | None = None
    power: str | None = None  # the power ordered for (SIGNON as a power, or BECOME)
    entries: list[Entry] = field(default_factory=list)
    reply_to: str = ""
    room: Room = field(default_factory=lambda: Room(sys.maxsize))  # the reply's (``mailroom``):
    # HISTORY fits in what is left of it, BOARD's map too or it is left out
    caused: Counter[str] = field(default_factory=Counter)  # the mails sent so far, by address
    pressed: frozenset[tuple[int, bool, str]] = frozenset()  # (game, broadcast?, address) pressed
    press_mails: frozenset[tuple[int, bool, str, int]] = frozenset()  # the same, with the Outbox
    # id of the press mail to that address (a master's copies: one mail)
    codes_mailed: int = 0  # SET ADDRESS codes mailed to new addresses: one a mail at most
    codes_tried: int = 0  # CONFIRM codes tried: one a mail at most
    passwords: int = 0  # passwords made (CREATE, JOIN, OBSERVE, SET PASSWORD): a few a mail at most
    first: str = ""  # what the reply says before anything else (a confirmation code made anew)
    checked: Checked = field(default_factory=Checked)  # the mail's SIGNONs, checked before its transaction
    stored: int | None = None  # the mail's row in the inbound log (a held mail is kept by it)
    proven: bool = False  # a CONFIRM of the mail carried out a held mail: the address reads its mail
    holding: str = ""  # the code of the hold this mail made (``held``): one a mail
    tried: set[str] = field(default_factory=set)  # the games a SIGNON of this mail named (lower case)
    picture: int | None = None  # a map the reply carries (BOARD's, to a member who reads maps)
    acted_for: tuple[tuple[int, str, str], ...] = ()  # (game, power, what): a master's BECOME,
    # told to the power's player when the mail ends (``handlers_master.tell_acted_for``)
    processed: frozenset[int] = frozenset()  # the games this mail PROCESSed: one PROCESS a game
    refused_orders: set[tuple[int, str]] = field(default_factory=set)  # (game, power) with a
    # refused order line in this mail: that power's orders in it complete nothing
    ran: dict[int, tuple[Game, list[Processed]]] = field(default_factory=dict)  # by game: the
    # phases this mail let run, reported once when it has been carried out (``actions``)
    results: str | None = None  # the Message-ID of the results mail those phases sent the
    # sender: the answer to his mail is that mail (``mailroom``), not a second one

    def say(self, text: str) -> None:
        self.entries[-1].said.append(text)

    def send(self, to: str, subject: str, body: str, game: Game | None = None) -> None:
        """Queue a mail other than the reply (notices, press, reports)."""
        queue_mail(
            self.db,
            to,
            subject,
            body,
            domain=self.config.domain,
            game_id=game.id if game is not None else None,
            now=self.now,
        )


def find_player(db: Session, address: str) -> Player | None:
    return player_by_address(db, address)
