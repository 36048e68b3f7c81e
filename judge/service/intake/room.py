"""The room a reply has: no mail is answered with much more than it sent.

A reply is at most ``[replies] multiple`` times the size of the mail it answers, but may always
be ``floor`` bytes, and is never over ``longest`` (``ReplyLimits.reply_size``). The lines of a mail
are carried out one by one while the reply has room; the answer that fills it is cut after its
last paragraph that fits (one ``said``: a HELP entry, a HISTORY phase), and the lines after it
are not carried out: the reply says how many, so the player sends them again in another mail.
HISTORY asks how much room is left and sends the phases that fit, saying where to go on from.

The same answer to a command that only tells (HELP, LIST, HISTORY, ...) is never sent twice in
one reply: ``unread.Repeats``.
"""

from __future__ import annotations

from .context import Entry

RESERVE = 1024
"""Bytes kept for what closes the reply: the lines that sum up what was left out, the notes."""


def entry_size(entry: Entry) -> int:
    """The bytes an entry takes in the reply (``templates/reply.txt``)."""
    return len(f"> {entry.line}\n".encode()) + sum(len(said.encode()) + 1 for said in entry.said)


class Room:
    """The bytes the reply's entries may still take."""

    def __init__(self, size: int) -> None:
        self.left = size

    def full(self) -> bool:
        return self.left <= 0

    def take(self, entry: Entry) -> None:
        """Count the entry against the room; if it does not fit, cut its answer after the last
        paragraph that does (the room is then full)."""
        size = entry_size(entry)
        if size <= self.left:
            self.left -= size
            return
        used = entry_size(Entry(entry.line))
        kept: list[str] = []
        for said in entry.said:
            used += len(said.encode()) + 1
            if used > self.left:
                break
            kept.append(said)
        cut = len(entry.said) - len(kept)
        entry.said[:] = [*kept, f"(The rest of this answer, {cut} more paragraph{'' if cut == 1 else 's'}, "
                                "is left out: the reply would have been too long.)"]
        self.left = 0


def not_read(lines: int) -> str:
    """What the reply says of the lines left when it was full."""
    if lines == 1:
        return ("1 more line was not read: the reply would have been too long. Nothing in it was "
                "done; send it again in another mail.")
    return (f"{lines} more lines were not read: the reply would have been too long. Nothing in "
            "them was done; send them again in smaller mails.")
