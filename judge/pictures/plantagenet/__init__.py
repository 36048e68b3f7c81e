"""Plantagenet's drawing: the map's geometry (``board.py``, from ``plantagenet.map.toml``) and a
reader's view of a game on it (``draw.py``), the same for every scenario."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judge.games.kind import GameKind

from .board import geometry, read_geometry
from .draw import plantagenet_picture

__all__ = ["colours", "geometry", "kind_picture", "plantagenet_picture", "read_geometry"]


def kind_picture(
    kind: GameKind, view: dict[str, Any], reader: str | None, report: dict[str, Any] | None
) -> str:
    return plantagenet_picture(view, reader, report)


def colours(kind: GameKind) -> Mapping[str, str]:
    return geometry().network.colours
