"""The map a mail carries, as it is sent: a kept picture (``keep_picture``: its SVG) rendered to
PNG once per process however many mails carry it, and the bytes it adds to a mail (what the reply
cap counts: ``intake.room``)."""

from __future__ import annotations

from judge.mail.compose import Attachment, attached_size
from judge.pictures import png

KEPT = 50
"""The PNGs kept, the latest first: at least a batch of the sender's mails (``ticker.SEND_BATCH``)."""


def map_attachment(name: str, digest: str, svg: str) -> Attachment:
    """The PNG attachment of the kept picture ``name`` (its ``digest`` and SVG)."""
    return Attachment(f"{name}.png", "image/png", map_png(digest, svg))


def map_size(name: str, digest: str, svg: str) -> int:
    """The bytes the picture adds to a mail as it is sent (base64, its part's headers)."""
    return attached_size(map_attachment(name, digest, svg))


def map_png(digest: str, svg: str) -> bytes:
    """A map picture rendered to PNG once per process, however many mails carry it (``digest``
    names it; the rendering takes about a tenth of a second, done with no transaction open where
    the sender draws ahead). The last ``KEPT`` are kept, found by their digest alone (the SVG is a
    hundred kilobytes to compare)."""
    drawn = _DRAWN.get(digest)
    if drawn is None:
        drawn = _DRAWN[digest] = png(svg)
        while len(_DRAWN) > KEPT:
            del _DRAWN[next(iter(_DRAWN))]  # the oldest
    return drawn


_DRAWN: dict[str, bytes] = {}
