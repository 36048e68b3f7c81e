"""The room a reply has: no mail is answered with much more than it sent.

A reply's text is at most ``[replies] multiple`` times the size of the mail it answers, but may
always be ``floor`` bytes, and is never over ``longest`` (``ReplyLimits.reply_size``). The whole
reply as sent, the map it may carry included (BOARD's, to a member of the game who reads maps:
``attach``, counted as base64 with its part's headers), is never over ``longest`` either: a map
takes the room it needs from there, or is left out. The lines of a mail
are carried out one by one while the reply has room; the answer that fills it is cut after its
last paragraph that fits (one ``said``: a HELP entry, a HISTORY phase), and the lines after it
are not carried out: the reply says how many, so the player sends them again in another mail.
HISTORY asks how much room is left and sends the phases that fit, saying where to go on from.

The same answer to a command that only tells (HELP, LIST, HISTORY, ...) is never sent twice in
one reply: ``unread.Repeats``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .context import Entry

RESERVE = 1024
"""Bytes kept for what closes the reply: the lines that sum up what was left out, the notes."""


def entry_size(entry: Entry) -> int:
    """The bytes an entry takes in the reply (``templates/reply.txt``)."""
    return len(f"> {entry.line}\n".encode()) + sum(len(said.encode()) + 1 for said in entry.said)


class Room:
    """The bytes the reply's entries may still take (``text``: its text's cap), and the whole reply
    with what it carries (``whole``: ``longest``'s)."""

    def __init__(self, text: int, whole: int | None = None) -> None:
        self.text = text
        self.whole = text if whole is None else whole
        self.most = self.whole  # what the whole reply may take when it says nothing else

    @property
    def left(self) -> int:
        """The bytes the reply's entries may still take."""
        return min(self.text, self.whole)

    def full(self) -> bool:
        return self.left <= 0

    def attach(self, size: int, besides: int = 0) -> bool:
        """Count an attachment of ``size`` bytes as sent against the whole reply, if it fits with
        the ``besides`` bytes of text that go with it."""
        if size + besides > self.whole or besides > self.left:
            return False
        self.whole -= size
        return True

    def take(self, entry: Entry) -> None:
        """Count the entry against the room; if it does not fit, cut its answer after the last
        paragraph that does (the room is then full)."""
        size = entry_size(entry)
        if size <= self.left:
            self.text -= size
            self.whole -= size
            return
        used = len(f"> {entry.line}\n".encode())
        kept: list[str] = []
        for said in entry.said:
            used += len(said.encode()) + 1
            if used > self.left:
                break
            kept.append(said)
        cut = len(entry.said) - len(kept)
        entry.said[:] = [*kept, f"(The rest of this answer, {cut} more paragraph{'' if cut == 1 else 's'}, "
                                "is left out: the reply would have been too long.)"]
        self.text = 0


def not_read(lines: int) -> str:
    """What the reply says of the lines left when it was full."""
    if lines == 1:
        return ("1 more line was not read: the reply would have been too long. Nothing in it was "
                "done; send it again in another mail.")
    return (f"{lines} more lines were not read: the reply would have been too long. Nothing in "
            "them was done; send them again in smaller mails.")
