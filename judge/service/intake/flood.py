"""The per-sender rate limit: a flood of mail from one address is answered once, then dropped.

A mail loop the loop rules (``judge.mail.loops``) do not recognise, or a script gone wrong, can send
the judge hundreds of mails a minute, and a judge that answers every one feeds the loop. So each
sender may have at most ``[flood] mails`` mails answered within ``[flood] window``. A mail counts
for its sender (From) and for the address its reply goes to (Reply-To, else From), so that a flood
with changing From lines cannot aim the judge's replies at one mailbox either.

Both addresses can be forged: 31 mails written "From: a player" would silence the player. So a
mail that signs on with a right password, though it counts like any other, is still carried out
past the limit, unanswered (``mailroom``): a password proves nothing about who reads the replies
(a forger may know one he chose himself), so it opens no way past the limit. The mail that
goes past the limit is answered once, saying until when the sender's mail is dropped (one window
from then); every mail until that time is stored in the log, marked dropped, and not answered.
After it the sender's mail is counted afresh, so a flood that goes on is answered once per window.

Everything needed is in the inbound log itself (sender, received_at, outcome), so the limit holds
across restarts and across judge processes sharing a database, and needs no table of its own.
"""

from __future__ import annotations

import logging
from datetime import datetime

import sqlalchemy as sa
from sqlmodel import Session, col

from judge.mail.message import IncomingMail
from judge.store import InboundMail, InboundStatus, queue_mail, settle_inbound

from ..config import Config
from ..mailing.reports import render, reply_subject
from ..play.settings import length_words

log = logging.getLogger("judge.mail")

ANSWERED = "rate limit: answered once, mail dropped until "
"""How the outcome of the mail that went past the limit begins (the instant follows)."""
DROPPED = "rate limit: dropped unanswered until "


def flood_guard(db: Session, config: Config, stored: int, mail: IncomingMail, now: datetime) -> str | None:
    """None when the mail may be answered; otherwise what became of it (its log entry, the row
    ``stored``, received at ``now``, is then settled as dropped, and the sender told once)."""
    limit = config.flood
    if limit.mails <= 0:
        return None
    since = now - limit.window
    told = sa.case((col(InboundMail.outcome).startswith(ANSWERED), col(InboundMail.received_at)))
    addresses = {mail.sender.lower(), mail.reply_address.lower()}
    statement = sa.select(sa.func.count(), sa.func.max(told)).where(
        col(InboundMail.sender).in_(addresses) | col(InboundMail.reply_to).in_(addresses),
        col(InboundMail.received_at) > since,
        col(InboundMail.id) != stored,
    )
    earlier, told_at = db.execute(statement).one()
    if told_at is not None:
        if isinstance(told_at, str):  # SQLite hands back text from an expression over the column
            told_at = datetime.fromisoformat(told_at)
        if told_at.tzinfo is None:
            told_at = told_at.replace(tzinfo=now.tzinfo)
        return _drop(db, stored, DROPPED, told_at + limit.window)
    if earlier + 1 <= limit.mails:
        return None
    until = now + limit.window
    body = render(
        "flood.txt",
        count=earlier + 1,
        sender=mail.sender,
        window=length_words(limit.window),
        limit=limit.mails,
        until=f"{until:%a %d %b %Y %H:%M} UTC",
        judge_name=config.name,
        judge_address=config.address,
    )
    queue_mail(db, mail.reply_address.lower(), reply_subject(mail.subject), body,
               domain=config.domain, in_reply_to=mail.message_id, now=now)
    log.warning("rate limit: %s sent %d mails in %s; answered once", mail.sender, earlier + 1,
                length_words(limit.window))
    return _drop(db, stored, ANSWERED, until)


def _drop(db: Session, stored: int, why: str, until: datetime) -> str:
    outcome = f"{why}{until.isoformat()}"
    settle_inbound(db, stored, InboundStatus.DROPPED, outcome)
    return f"dropped: {outcome}"
