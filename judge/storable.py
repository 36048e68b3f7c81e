"""Text every part of the judge can store: the one rule the mail reader and the store share (they
may not import each other), so that no single mail can make an insert fail."""

from __future__ import annotations


def storable(text: str) -> str:
    """``text`` as every database takes it in a text column: a NUL (which PostgreSQL refuses) or a
    lone surrogate (which no UTF-8 database can store; utf-7 and the escape codecs can make one)
    becomes the replacement character."""
    text = text.replace("\x00", "\ufffd")
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        return text.encode("utf-8", "surrogatepass").decode("utf-8", "replace")
