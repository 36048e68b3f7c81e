"""Held SIGNONs: a power locked by wrong passwords costs its player one round trip, never his turn.

A From line can be forged, and a blind guesser needs no replies, so a limit on wrong passwords
per address stops nobody, and a limit per power lets a forger lock its player out (issue 36). So
a SIGNON refused unchecked for its target's recent wrong passwords (``signons``) does not refuse
the mail: it is held (``hold``), and the reply to it, which goes to the mail's own address and
nowhere else, gives a code made for that mail alone. A mail from that address with ``CONFIRM
<code>`` has the held mail carried out (``mailroom``), its passwords checked then. Whoever
gives the code reads that address's mail, so the target's limit (which forgers may have used up)
does not apply to it: only that address's own wrong passwords given this way do (the same
``[signon]`` limit), and they count against it alone.

- The real player loses one round trip: his orders go in when he answers the code.
- A forger never sees the code (it goes to the address he wrote as), so his held mails stay held.
- A guesser writing from his own mailbox pays a round trip per guess, and after ``[signon]
  failures`` of them in ``[signon] window`` his address is refused these too.

A code is good once, and for ``HELD_FOR``; no mail is sent for it but the reply.
"""

from __future__ import annotations

import hmac
from collections.abc import Iterable
from datetime import datetime, timedelta

from sqlmodel import Session, col, select

from judge.store import HeldSignon, InboundMail, Store

from ..commands import Confirm, Item
from .actions import confirmation_code
from .signons import Held

HELD_FOR = timedelta(days=1)
"""How long a held mail waits for its code."""


def hold(db: Session, address: str, inbound_id: int, now: datetime) -> str:
    """Hold the stored mail ``inbound_id`` from ``address``; the code that carries it out."""
    code = confirmation_code()
    db.add(HeldSignon(address=address.lower(), code=code, inbound_id=inbound_id, held_at=now))
    return code


def held_by_code(store: Store, items: Iterable[Item], address: str, now: datetime) -> Held | None:
    """The mail held for ``address`` whose code the first CONFIRM of ``items`` gives (one is
    tried a mail), if it waits still: read before the confirming mail's transaction."""
    code = next((item.code for item in items if isinstance(item, Confirm)), None)
    if code is None:
        return None
    with store.reading() as db:
        for row in _waiting(db, address.lower(), now):
            if hmac.compare_digest(row.code, code.lower()):
                mail = db.get(InboundMail, row.inbound_id)
                if mail is not None and row.id is not None:
                    return Held(row.id, row.code, row.held_at, mail.raw)
    return None


def release(db: Session, held: Held) -> bool:
    """Mark the held mail carried out, in the confirming mail's transaction; False if it was
    already (a code is good once: the row is locked, so two judge processes never both do)."""
    row = db.get(HeldSignon, held.id, with_for_update=True)
    if row is None or row.done:
        return False
    row.done = True
    db.add(row)
    return True


def _waiting(db: Session, address: str, now: datetime) -> list[HeldSignon]:
    statement = select(HeldSignon).where(col(HeldSignon.address) == address,
                                         col(HeldSignon.held_at) > now - HELD_FOR,
                                         col(HeldSignon.done).is_(False))
    return list(db.exec(statement).all())
