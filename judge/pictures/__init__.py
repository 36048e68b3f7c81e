"""Map pictures: a game as one reader may see it, and a phase's orders, drawn as SVG (and PNG).

Each family of game kinds registers its drawing in one table, ``DRAWINGS``, under the family's
name (a kind's ``templates``: ``diplomacy``, ``richard3``, ``plantagenet``): the picture of a reader's view of a
position, with a processed phase's report as that reader may see it, and each power's colour.
``kind_picture`` and ``power_colours`` ask the table and nothing else, so a new kind is drawn
once its family has a row here; the contract test (``tests/service/test_kind_contract.py``)
fails for a registered kind with none. The reader is always passed in, never guessed.

The toolkit the drawings share: ``shapes.py`` (a map as a grid of cells, read and checked against
the map's own ``Checklist``), ``network.py`` (a map of points joined by ways), ``outline.py``,
``style.py``, ``words.py`` (names batched per text style), ``layers.py`` (how a drawing marks
what changes from one picture to the next), ``draw_shapes.py`` and ``repair_shapes.py`` (a
variant's shapes file drawn from its real geography: ``judge variants draw``) and ``png.py`` (to PNG: from parts drawn once and kept,
``raster.py``, a picture's new ones drawn together on one sheet, ``sheet.py``).

This package draws; it imports the rules engines (for the maps and positions) but nothing of the
service, the store, mail or the command line, and the engines never import it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from judge.games.kind import GameKind

from . import diplomacy, plantagenet, richard3
from .diplomacy import load_shapes, picture
from .png import png
from .richard3 import richard3_picture
from .shapes import Shapes, ShapesError

__all__ = ["DRAWINGS", "Drawing", "Shapes", "ShapesError", "chained_report", "kind_picture", "load_shapes",
           "mail_picture", "picture", "png", "power_colours", "richard3_picture"]


@dataclass(frozen=True)
class Drawing:
    """How a family of game kinds is drawn.

    ``picture(kind, view, reader, report)``: the SVG text of ``reader``'s view (the observers'
    for None) of a position, with the processed phase's ``report`` as he may see it drawn on it
    (or None for the position alone); None where the kind, in a family that draws, has no
    picture (a Diplomacy variant with off-board boxes and no shapes: none the judge has). ``colours(kind)``: each power's colour.
    ``after``: a phase's report is drawn on the position it left, the one its reader acts on now
    (Richard III: the moves just made), rather than the one it began from (Diplomacy: the orders
    as given, on the board they were given for). ``mailed``: where a mail (read on a phone)
    carries another picture than ``picture``, that picture, called as ``picture`` is
    (Plantagenet: the part of the map its reader needs, at a scale he can read)."""

    picture: Callable[[GameKind, dict[str, Any], str | None, dict[str, Any] | None], str | None]
    colours: Callable[[GameKind], Mapping[str, str]]
    after: bool = False
    chained: Callable[[list[dict[str, Any]]], dict[str, Any]] | None = None
    mailed: Callable[[GameKind, dict[str, Any], str | None, dict[str, Any] | None], str | None] | None = None


DRAWINGS: dict[str, Drawing] = {
    "diplomacy": Drawing(diplomacy.kind_picture, diplomacy.colours),
    "richard3": Drawing(richard3.kind_picture, richard3.colours, after=True),
    "plantagenet": Drawing(plantagenet.kind_picture, plantagenet.colours, after=True, chained=plantagenet.chained,
                           mailed=plantagenet.mailed),
}


def kind_picture(
    kind: GameKind, view: dict[str, Any], reader: str | None, report: dict[str, Any] | None = None
) -> str | None:
    """The SVG picture of ``reader``'s view (``kind.view(state, reader)``) of a game of ``kind``
    and, given a processed phase's report as he may see it (``kind.report_view``), that phase's
    orders; None for a kind the judge has no pictures of."""
    drawing = DRAWINGS.get(kind.templates)
    return drawing.picture(kind, view, reader, report) if drawing is not None else None


def mail_picture(
    kind: GameKind, view: dict[str, Any], reader: str | None, report: dict[str, Any] | None = None
) -> str | None:
    """The picture a mail carries of ``reader``'s view and a phase's report (as ``kind_picture``
    takes them): the drawing's own for mails where it has one (``Drawing.mailed``), else the
    same as ``kind_picture``."""
    drawing = DRAWINGS.get(kind.templates)
    if drawing is not None and drawing.mailed is not None:
        return drawing.mailed(kind, view, reader, report)
    return kind_picture(kind, view, reader, report)


def position_drawn(kind: GameKind, before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """The state a processed phase's picture shows, of the one it began from (``before``) and the
    one it left (``after``): the drawing's ``after`` says which."""
    drawing = DRAWINGS.get(kind.templates)
    return after if drawing is not None and drawing.after else before


def chained_report(kind: GameKind, reports: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The reports of phases processed together (oldest first, each as its reader may see it)
    as one, drawn on the position they left (``Drawing.chained``); None for a kind whose map of
    them shows the position alone."""
    drawing = DRAWINGS.get(kind.templates)
    return drawing.chained(reports) if drawing is not None and drawing.chained is not None else None


def power_colours(kind: GameKind) -> dict[str, str]:
    """Each power's colour in the pictures of a game of ``kind``, for other drawings of the same
    game to match (the archive's chart); empty for a kind the judge draws no pictures of."""
    drawing = DRAWINGS.get(kind.templates)
    return dict(drawing.colours(kind)) if drawing is not None else {}
