"""Plantagenet's drawing: the map's geometry (``board.py``, from ``plantagenet.map.toml``) and a
reader's view of a game on it (``draw.py``, its Lords' tiles ``stacks.py``), the same for every
scenario; in a mail, the part of it he needs, to be read on a phone (``mailed.py``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judge.games.kind import GameKind

from .board import geometry, read_geometry
from .draw import plantagenet_picture
from .mailed import mail_picture

__all__ = ["chained", "colours", "geometry", "kind_picture", "mail_picture", "mailed", "plantagenet_picture",
           "read_geometry"]


def kind_picture(
    kind: GameKind, view: dict[str, Any], reader: str | None, report: dict[str, Any] | None
) -> str:
    return plantagenet_picture(view, reader, report)


def mailed(
    kind: GameKind, view: dict[str, Any], reader: str | None, report: dict[str, Any] | None
) -> str:
    return mail_picture(view, reader, report)


def colours(kind: GameKind) -> Mapping[str, str]:
    return geometry().network.colours


def chained(reports: list[dict[str, Any]]) -> dict[str, Any]:
    """Several steps' reports as one: their events in order (every March, Sail and Battle of them
    drawn on the position they left)."""
    return {"events": [event for report in reports for event in report.get("events", [])]}
