"""One mail in, its answer out: the judge's inbound path.

``ingest`` stores the raw mail first (unique by Message-ID: a mail fetched twice is processed once),
then, in the same transaction, reads it, carries out its commands, and queues the reply and every
notice they cause. A mail that must never be answered (auto-replies, bounces) is logged and dropped.
A failure while carrying out the commands rolls everything back but the log, which records it, and
the sender still gets a reply saying the mail could not be processed.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field
from datetime import datetime

from sqlmodel import Session, select

from judge.mail.message import IncomingMail, command_lines, read_message
from judge.store import (
    Game,
    InboundStatus,
    Membership,
    Player,
    Store,
    queue_mail,
    record_inbound,
    synthetic_message_id,
)

from .commands import Item, OrderLine, parse_commands
from .config import Config
from .reports import render, reply_subject

log = logging.getLogger("judge.mail")


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
    return db.exec(select(Player).where(Player.address == address.lower())).first()


def ingest(store: Store, config: Config, raw: bytes, now: datetime) -> str:
    """Process one mail; return what became of it (for the log and the operator).

    One transaction stores the mail, carries out its commands and queues the answers: if the
    process dies halfway, nothing of it was committed and the mail is processed when fetched again.
    """
    try:
        mail = read_message(raw, config.body_limit)
    except Exception as error:  # a mail the reader cannot take apart: logged, dropped, unanswered
        log.warning("a mail could not be read: %s", type(error).__name__)
        with store.session() as db:
            row, created = record_inbound(db, raw, synthetic_message_id(raw), "", "")
            if not created:
                return f"already processed: {row.message_id}"
            row.received_at = now
            row.status = InboundStatus.DROPPED
            row.outcome = f"unreadable: {type(error).__name__}: {error}"[:1000]
            db.add(row)
        return "dropped: unreadable"
    try:
        with store.session() as db:
            row, created = record_inbound(db, raw, mail.message_id, mail.sender, mail.subject)
            if not created:
                return f"already processed: {mail.message_id}"
            row.received_at = now
            if mail.never_answer is not None or not _answerable(mail.reply_address):
                row.status = InboundStatus.DROPPED
                row.outcome = mail.never_answer or "no sender address to answer"
                db.add(row)
                log.info("dropped %s: %s", mail.message_id, row.outcome)
                return f"dropped: {row.outcome}"
            outcome = _answer(db, config, mail, now)
            row.status = InboundStatus.PROCESSED
            row.outcome = outcome
            db.add(row)
            return outcome
    except Exception as error:  # rolled back; the mail is logged and the player hears of it
        log.exception("processing %s failed", mail.message_id)
        with store.session() as db:
            row, _ = record_inbound(db, raw, mail.message_id, mail.sender, mail.subject)
            row.received_at = now
            row.status = InboundStatus.FAILED
            row.outcome = f"{type(error).__name__}: {error}"
            db.add(row)
            body = render(
                "reply.txt",
                entries=[Entry("(your mail)", ["The judge could not process this mail; nothing "
                                               "in it was done. The judge's keeper has been told."])],
                notes=[],
                judge_name=config.name,
                judge_address=config.address,
            )
            queue_mail(db, mail.reply_address, reply_subject(mail.subject), body,
                       domain=config.domain, in_reply_to=mail.message_id, now=now)
        return f"failed: {error}"


_ADDRESS = re.compile(r"[^\s<>()\[\]\\,;:@\"]+@[^\s<>()\[\]\\,;:@\"]+\.?[^\s<>()\[\]\\,;:@\"]*")


def _answerable(address: str) -> bool:
    """Whether a reply can be written to this address (local@domain, nothing odd around it)."""
    return bool(address) and address.isascii() and _ADDRESS.fullmatch(address) is not None


def _batch_orders(items: list[Item]) -> list[Item]:
    """Consecutive order lines for the same phase become one item: one submission per mail, read
    together (the reply still quotes every line)."""
    batched: list[Item] = []
    for item in items:
        last = batched[-1] if batched else None
        if (
            isinstance(item, OrderLine)
            and isinstance(last, OrderLine)
            and last.phase == item.phase
        ):
            merged = OrderLine(f"{last.text}\n{item.text}", item.phase)
            batched[-1] = merged.written_at(last.line, f"{last.raw}\n> {item.raw}")
        else:
            batched.append(item)
    return batched


def _answer(db: Session, config: Config, mail: IncomingMail, now: datetime) -> str:
    from .handlers import carry_out  # the handlers use Context, defined here

    context = Context(db, config, now, mail, player=find_player(db, mail.reply_address))
    context.reply_to = context.player.address if context.player else mail.reply_address.lower()
    items = _batch_orders(parse_commands(command_lines(mail.body_lines)))
    if not items:
        context.entries.append(Entry("(no commands)", ["The judge found no commands in this "
                                                       "mail. Send HELP for the commands."]))
    for item in items:
        context.entries.append(Entry(item.raw))
        carry_out(context, item)
    body = render(
        "reply.txt",
        entries=context.entries,
        notes=mail.notes,
        judge_name=config.name,
        judge_address=config.address,
    )
    queue_mail(db, context.reply_to, reply_subject(mail.subject), body,
               domain=config.domain, in_reply_to=mail.message_id, now=now)
    return f"answered {len(items)} line(s)"
