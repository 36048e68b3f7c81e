"""One mail in, its answer out: the judge's inbound path.

``ingest`` reads the mail and checks its SIGNON passwords first, with no transaction open (scrypt
is slow on purpose: ``signons``). Then one transaction stores the raw mail (once: a mail fetched
twice, the same Message-ID, sender and body, is processed once), carries out its commands, and
queues the reply and every notice they cause. A mail that must never be answered (auto-replies,
bounces) is logged and dropped. A failure while carrying out the commands rolls everything back
but the log, which records it, and the sender still gets a reply saying the mail could not be
processed. ``ingest_batch`` does the same
for several mails fetched together, with one commit for all (group commit: on SQLite the disk's sync
at each commit is most of a mail's cost), each mail in its own savepoint.

Decisions about mail the judge cannot use as it is:

- A mail whose structure the reader cannot take apart (``read_message`` raised: parts nested a
  thousand deep, say) is answered once, saying so, when its headers name a sender who may be
  answered; otherwise it is logged and dropped. Nothing in it is done.
- A sender's internationalised address (RFC 6531: UTF-8 in the local part or the domain) is
  answered like any other: the reply is written with UTF-8 headers (``judge.mail.compose``); the
  transport must then offer SMTPUTF8 (a Maildir always does). An address that cannot be written in
  a reply at all (control characters, no ``@``) is logged and the mail dropped.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from sqlmodel import Session, select

from judge.mail.message import IncomingMail, command_lines, read_envelope, read_message
from judge.store import (
    InboundStatus,
    Outbox,
    OutboxStatus,
    Store,
    forget,
    queue_mail,
    settle_inbound,
    store_inbound,
    synthetic_message_id,
)

from ..commands import Confirm, Item, OrderLine, Signon, parse_commands
from ..config import Config
from ..mailing.notify import joined
from ..mailing.reports import render, reply_subject
from .actions import report_mail
from .context import Context, Entry, find_player
from .flood import flood_guard
from .handlers import MAKES_A_PASSWORD, carry_out
from .handlers_address import how_to_confirm
from .handlers_master import tell_acted_for
from .room import RESERVE, Room, not_read
from ..play.variants import offered
from .held import held_by_code
from .signons import Checked, Held, Pending, check_signons, record_checked
from .unread import HeldBack, Repeats, Unsigned, lines_of, quoted, summarised

log = logging.getLogger("judge.mail")


def ingest(store: Store, config: Config, raw: bytes, now: datetime) -> str:
    """Process one mail; return what became of it (for the log and the operator).

    One transaction stores the mail, carries out its commands and queues the answers: if the
    process dies halfway, nothing of it was committed and the mail is processed when fetched again.
    A mail that cannot even be logged as failed is set aside (``_set_aside``), so that it never
    stops the mails after it.
    """
    with offered(config):  # the judge's added variants, for this mail
        return _ingest(store, config, raw, now)


def _ingest(store: Store, config: Config, raw: bytes, now: datetime) -> str:
    reading = _read(raw, config)
    checked = _check(store, config, reading, now, Pending())
    try:
        with store.session() as db:
            return _take_in(db, config, raw, reading, checked, now)
    except Exception as error:  # rolled back; the mail is logged and the player hears of it
        try:
            with store.session() as db:
                return _failed(db, config, raw, reading, checked, error, now)
        except Exception as refused:  # the mail itself cannot be stored: set aside
            with store.session() as db:
                return _set_aside(db, raw, refused, now)


MAX_BATCH = 100
"""The most mails ``ingest_batch`` commits together (the write lock is held meanwhile)."""


def ingest_batch(store: Store, config: Config, raws: Sequence[bytes], now: datetime) -> list[str]:
    """Process several mails fetched together, with one commit for those that hash nothing and
    one for the rest (group commit); return what became of each, in order.

    The mails that hash nothing (no SIGNON to check, no password to make) are taken in and
    committed first, so that their answers never wait behind the others' hashing (scrypt, slow on
    purpose). Each mail is handled exactly as ``ingest`` handles it, inside its own savepoints, so
    a mail whose handling fails rolls back alone (and is logged and answered as failed, or set
    aside). Nothing is committed until a group is done: the caller marks the mails done in their
    mailbox only after this returns, so a crash before the commit leaves them to be fetched
    again, and the store's Message-ID check keeps a mail fetched twice from being handled twice.
    If a group cannot be committed at all, each of its mails is taken in on its own instead.
    """
    with offered(config):  # the judge's added variants, for these mails
        readings = [_read(raw, config) for raw in raws]
        hashing = [_may_hash(reading) for reading in readings]
        outcomes: dict[int, str] = {}
        for slow in (False, True):
            group = [index for index, hashes in enumerate(hashing) if hashes is slow]
            if group:
                done = _take_in_group(store, config, [raws[i] for i in group],
                                      [readings[i] for i in group], now)
                outcomes.update(zip(group, done))
        return [outcomes[index] for index in range(len(raws))]


def _may_hash(reading: _Reading) -> bool:
    """Whether taking the mail in may hash a password: a SIGNON (or a CONFIRM, which may carry
    out a held mail's), a password made, or commands read only in the transaction."""
    if reading.mail is None or reading.unreadable:
        return False
    if reading.items is None:
        return True
    return any(isinstance(item, HASHING) for item in reading.items)


HASHING = (Signon, Confirm, *MAKES_A_PASSWORD)
"""The commands that may hash a password."""


def _take_in_group(store: Store, config: Config, raws: Sequence[bytes], readings: Sequence[_Reading],
                   now: datetime) -> list[str]:
    """``ingest_batch`` for some of its mails: their passwords checked, then one transaction."""
    pending = Pending()  # the wrong passwords of the batch, counted before they are recorded
    checks = [_check(store, config, reading, now, pending) for reading in readings]
    try:
        outcomes: list[str] = []
        with store.session() as db:
            locked = store.backend == "sqlite"  # the whole database, for this transaction
            for raw, reading, checked in zip(raws, readings, checks):
                if not locked:
                    forget(db)  # what other judges committed since the last mail counts
                outcomes.append(_take_in_alone(db, config, raw, reading, checked, now))
        return outcomes
    except Exception:  # the database refused the batch: nothing of it was committed
        log.exception("a batch of %d mails could not be committed; taking them one by one", len(raws))
        return [ingest(store, config, raw, now) for raw in raws]


def _take_in_alone(db: Session, config: Config, raw: bytes, reading: _Reading, checked: Checked,
                   now: datetime) -> str:
    """``ingest`` for one mail of a batch: each step in a savepoint of its own, so that what one
    mail spoils is rolled back alone and the batch's transaction goes on."""
    try:
        with db.begin_nested():
            return _take_in(db, config, raw, reading, checked, now)
    except Exception as error:
        failed = error
    try:
        with db.begin_nested():
            return _failed(db, config, raw, reading, checked, failed, now)
    except Exception as refused:
        refusal = refused
    with db.begin_nested():
        return _set_aside(db, raw, refusal, now)


@dataclass(frozen=True)
class _Reading:
    """A mail as read before its transaction: the whole mail and its commands, or (when the
    reader could not take it apart) only its headers and why the rest could not be read."""

    mail: IncomingMail | None
    unreadable: str = ""  # why the mail could not be read, for the log
    items: list[Item] | None = None  # its commands (None: read them in the transaction)


def _read(raw: bytes, config: Config) -> _Reading:
    try:
        mail = read_message(raw, config.body_limit)
    except Exception as error:  # a mail the reader cannot take apart: its headers may still do
        why = f"unreadable: {type(error).__name__}: {error}"[:1000]
        log.warning("a mail could not be read: %s", type(error).__name__)
        try:
            return _Reading(read_envelope(raw), why)
        except Exception:
            return _Reading(None, why)
    try:
        items = _batch_orders(parse_commands(command_lines(mail.body_lines)))
    except Exception:  # read again in the transaction, where the failure is logged and answered
        return _Reading(mail)
    return _Reading(mail, items=items)


def _check(store: Store, config: Config, reading: _Reading, now: datetime, pending: Pending) -> Checked:
    """The mail's SIGNON passwords checked before its transaction (``signons``), for a mail that
    will be read and answered."""
    mail = reading.mail
    if (mail is None or reading.items is None or reading.unreadable or mail.never_answer
            or _unanswerable(mail.reply_address) is not None):
        return Checked()
    try:
        items, held = reading.items, held_by_code(store, reading.items, mail.reply_address, now)
        if held is not None:  # carried out after the CONFIRM that gives its code: checked with it
            held = replace(held, items=tuple(_read(held.raw, config).items or ()))
            items = _with_held(items, held)
        return check_signons(store, config, items, mail.reply_address, now, pending, held=held)
    except Exception:  # the handler then checks in the transaction, as if this had not run
        log.exception("the SIGNONs of %s could not be checked before its transaction", mail.message_id)
        return Checked()


def _with_held(items: list[Item], held: Held) -> list[Item]:
    """The mail's items with the held mail's after its first CONFIRM (the one that is tried)."""
    at = next(index for index, item in enumerate(items) if isinstance(item, Confirm))
    return [*items[:at + 1], *held.items, *items[at + 1:]]


def _take_in(db: Session, config: Config, raw: bytes, reading: _Reading, checked: Checked,
             now: datetime) -> str:
    """Store the mail and answer it, or log it as dropped, in the caller's transaction.

    A mail that signs on with a right password (``checked``) counts toward the rate limit like any
    other; past it, it is carried out unanswered (the limit counts mail by its addresses, which a
    forger can write: dropping it would let him silence the player)."""
    mail = reading.mail
    if mail is None:  # not even its headers could be read: nobody to answer
        stored = store_inbound(db, raw, synthetic_message_id(raw), "", "", now,
                               status=InboundStatus.DROPPED, outcome=reading.unreadable)
        return "dropped: unreadable" if stored is not None else f"already processed: {synthetic_message_id(raw)}"
    record_checked(db, config, checked, mail.reply_address, now)
    stored = store_inbound(db, raw, mail.message_id, mail.sender, mail.subject, now,
                           reply_to=mail.reply_address)
    if stored is None:
        return f"already processed: {mail.message_id}"
    reason = mail.never_answer or _unanswerable(mail.reply_address)
    if reason is not None:
        outcome = f"{reading.unreadable}; {reason}" if reading.unreadable else reason
        settle_inbound(db, stored, InboundStatus.DROPPED, outcome)
        log.info("dropped %s: %s", mail.message_id, outcome)
        return f"dropped: {reason}"
    if (flooded := flood_guard(db, config, stored, mail, now)) is not None:
        if not checked.signs_on:
            return flooded
        # A player's own mail (a right password): carried out, so that mail forged from his
        # address cannot silence him, but not answered, so that a known password (one a forger
        # chose, say) is no way past the limit either.
        done = _answer(db, config, mail, len(raw), reading.items, checked, now, stored, answered=False)
        outcome = f"{flooded.removeprefix('dropped: ')}; signed on: {done}, not answered"
        settle_inbound(db, stored, InboundStatus.PROCESSED, outcome)
        return outcome
    if reading.unreadable:
        _reply(db, config, mail, mail.reply_address.lower(), [Entry("(your mail)", [UNREADABLE])], now)
        settle_inbound(db, stored, InboundStatus.PROCESSED, f"{reading.unreadable}; told the sender")
        return "answered: unreadable"
    outcome = _answer(db, config, mail, len(raw), reading.items, checked, now, stored)
    settle_inbound(db, stored, InboundStatus.PROCESSED, outcome)
    return outcome


UNREADABLE = ("The judge could not read this mail: its structure could not be taken apart (for "
              "example parts nested too deeply), so nothing in it was done. Please send your "
              "commands again as plain text.")


def _failed(
    db: Session, config: Config, raw: bytes, reading: _Reading, checked: Checked, error: Exception,
    now: datetime,
) -> str:
    """Log a mail whose handling raised (its changes were rolled back) and tell its sender."""
    mail = reading.mail
    log.error("processing %s failed", mail.message_id if mail else "a mail", exc_info=error)
    if mail is None:
        raise error
    record_checked(db, config, checked, mail.reply_address, now)
    stored = store_inbound(db, raw, mail.message_id, mail.sender, mail.subject, now,
                           status=InboundStatus.FAILED, outcome=f"{type(error).__name__}: {error}",
                           reply_to=mail.reply_address)
    if stored is not None and _unanswerable(mail.reply_address) is None:
        _reply(db, config, mail, mail.reply_address.lower(), [Entry("(your mail)", [
            "The judge could not process this mail; nothing in it was done. The judge's "
            "keeper has been told."])], now)
    return f"failed: {error}"


SET_ASIDE = "set aside: the mail could not be stored as it came"
"""How the outcome of a set-aside mail begins (``_set_aside``); the error follows."""


def _set_aside(db: Session, raw: bytes, error: Exception, now: datetime) -> str:
    """Keep a mail that could not be stored even as failed (a header no database index takes,
    say), so that the mails after it go on: its raw bytes under an id made from them, with no
    sender or subject, dropped unanswered, and an error in the log for the operator. If even this
    cannot be stored, the database itself is failing: the error is raised, and the mail stays in
    the mailbox to be read again."""
    message_id = synthetic_message_id(raw)
    outcome = f"{SET_ASIDE}: {type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}"[:1000]
    stored = store_inbound(db, raw, message_id, "", "", now, status=InboundStatus.DROPPED, outcome=outcome)
    log.error("mail %s %s; kept in the inbound log, unanswered", message_id, outcome)
    return f"dropped: {SET_ASIDE}" if stored is not None else f"already processed: {message_id}"


def _reply(db: Session, config: Config, mail: IncomingMail, to: str, entries: list[Entry],
           now: datetime, first: str = "", picture: int | None = None, results: str | None = None) -> None:
    """Answer the mail. If it let phases run whose results mail (Message-ID ``results``) goes to
    the sender, that mail is the answer: the answer first, then the results, with their map (one
    mail in, one mail back); unless the answer has a map of its own (BOARD), or the results wait
    for the address to be confirmed."""
    body = _reply_body(config, mail, entries, first)
    carrier = (db.exec(select(Outbox).where(Outbox.message_id == results)).first()
               if results is not None and picture is None else None)
    if carrier is not None and carrier.status is OutboxStatus.PENDING:
        carrier.body = joined(body, carrier.body)
        carrier.in_reply_to = mail.message_id
        db.add(carrier)
        return
    queue_mail(db, to, reply_subject(mail.subject), body, domain=config.domain,
               in_reply_to=mail.message_id, now=now, picture_id=picture)


def _reply_body(config: Config, mail: IncomingMail, entries: list[Entry], first: str = "") -> str:
    """A reply's text: ``first`` (a line the reply says before anything, or nothing), then each
    line of the mail with its answer."""
    return render("reply.txt", first=first, entries=entries, notes=mail.notes,
                  judge_name=config.name, judge_address=config.address)


_ADDRESS = re.compile(r"[^\s<>()\[\]\\,;:@\"]+@[^\s<>()\[\]\\,;:@\"]+\.?[^\s<>()\[\]\\,;:@\"]*")


def _unanswerable(address: str) -> str | None:
    """Why no reply can be written to this address, or None when one can (local@domain, nothing
    odd around it). Internationalised addresses (RFC 6531: UTF-8 in the local part or the domain)
    are answered: the reply is then written with UTF-8 headers (``judge.mail.compose``)."""
    if not address:
        return "no sender address to answer"
    if not address.isprintable() or _ADDRESS.fullmatch(address) is None:
        return "the sender address cannot be written in a reply"
    return None


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


def _answer(db: Session, config: Config, mail: IncomingMail, size: int, items: list[Item] | None,
            checked: Checked, now: datetime, stored: int, *, answered: bool = True) -> str:
    """Carry out the commands of a mail of ``size`` bytes (stored as ``stored``) while its reply
    has room, and reply unless not ``answered`` (``items``: its commands, read before its
    transaction; ``checked``: its SIGNONs, checked then). A held mail its CONFIRM carries out
    (``held``) is carried out right after that CONFIRM, as if its lines were there."""
    context = Context(db, config, now, mail, player=find_player(db, mail.reply_address), checked=checked,
                      stored=stored)
    context.reply_to = context.player.address if context.player else mail.reply_address.lower()
    if items is None:
        items = _batch_orders(parse_commands(command_lines(mail.body_lines)))
    items, sizes = summarised(items)
    if not items:
        context.entries.append(Entry("(no commands)", ["The judge found no commands in this "
                                                       "mail. Send HELP for the commands."]))
    empty = len(_reply_body(config, mail, []).encode()) + RESERVE
    room = context.room = Room(config.replies.reply_size(size) - empty,
                               config.replies.longest - empty)
    repeats, held, unsigned = Repeats(), HeldBack(sizes), Unsigned(sizes)
    spliced = False
    for index, item in enumerate(items):
        if room.full():
            unsigned.passes_over(None, context.entries)
            left = sum(lines_of(rest, sizes) for rest in items[index:])
            context.entries.append(Entry("(the rest of your mail)", [not_read(left)]))
            break
        if unsigned.passes_over(item, context.entries):
            continue
        entry = Entry(quoted(item.raw))
        context.entries.append(entry)
        if (line := repeats.seen_at(item)) is not None:
            context.say(f"The same as line {line}: answered there.")
        else:
            holding = context.holding
            did = carry_out(context, item)
            if context.proven and checked.held is not None and not spliced:  # its code was given
                spliced, (more, more_sizes) = True, summarised(list(checked.held.items))
                sizes.update(more_sizes)
                items[index + 1:index + 1] = more
            repeats.done(item, did)
            if not did:
                unsigned.failed(item, held=context.holding != holding)
            if (line := repeats.told_at(item, entry.said)) is not None:
                entry.said[:] = [f"The same as line {line}: answered there."]
            elif not did and held.holds_back(item, entry.said):
                context.entries.remove(entry)
                continue
        room.take(entry)
    else:
        unsigned.passes_over(None, context.entries)
    if (summary := held.summary()) is not None:
        context.entries.append(Entry("(the rest of your mail)", [summary]))
    report_mail(context)  # first: a master's BECOME is told inside the results it sent, if any
    tell_acted_for(context)
    if not answered:
        return f"carried out {len(items)} line(s)"
    _reply(db, config, mail, context.reply_to, context.entries, now, how_to_confirm(context),
           context.picture, context.results)
    return f"answered {len(items)} line(s)"
