"""Richard III's drawing: the map's shapes (``shapes.py``) and a reader's view of a game on it
(``draw.py``), the same for the three scenarios."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judge.games.kind import GameKind

from .draw import richard3_picture
from .shapes import SEAS, read_richard3_shapes, richard3_shapes

__all__ = ["SEAS", "colours", "kind_picture", "read_richard3_shapes", "richard3_picture",
           "richard3_shapes"]


def kind_picture(
    kind: GameKind, view: dict[str, Any], reader: str | None, report: dict[str, Any] | None
) -> str:
    return richard3_picture(view, reader, report)


def colours(kind: GameKind) -> Mapping[str, str]:
    return richard3_shapes().colours
