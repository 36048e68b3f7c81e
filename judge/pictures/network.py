"""A point-and-line map: locales drawn as points, joined by ways drawn as lines.

Some games' maps are not areas that touch but places joined by roads and rivers (Plantagenet's
locales and ways). Their picture needs no grid: each locale a point, each way a straight line
between its two locales. A network file (TOML) holds:

- ``size``: the picture's ``[width, height]`` in pixels;
- ``[locales]``: each locale's point (``york = [412, 160]``), in pixels from the top left;
- ``[colours]``: each power's colour.

The ways come from the game's own data (the ``NetworkChecklist``), never from the file, so the
picture cannot show a way the rules do not have. Reading checks the file against the checklist:
every locale placed and nothing else, each point inside the picture, no two locales so close that
their marks overlap, no way drawn through a third locale's mark (a reader would take it for a stop
on the way), and every power coloured; the error names the culprit.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from .outline import Point
from .shapes import ShapesError, point_table, sized_file
from .style import BORDER, INK, LAND
from .words import Words

LOCALE_RADIUS = 6.0
"""A locale's mark, in pixels: two marks closer than twice this overlap."""


@dataclass(frozen=True)
class NetworkChecklist:
    """What a point-and-line map asks of its picture: its locales, its ways (each a pair of
    locales with the way's kind, as the game names it), and the powers to colour."""

    name: str
    locales: frozenset[str]
    ways: tuple[tuple[str, str, str], ...]
    powers: tuple[str, ...] = ()


@dataclass(frozen=True)
class Network:
    """A point-and-line map's picture geometry, in pixels."""

    width: float
    height: float
    points: dict[str, Point]
    ways: tuple[tuple[str, str, str], ...]
    colours: dict[str, str]


def read_network(text: str, wanted: NetworkChecklist, source: str = "network") -> Network:
    """The geometry from a network file's text, checked against what the map asks (raises
    ShapesError naming what is wrong)."""
    data, width, height = sized_file(text, source)
    points = point_table(data.get("locales", {}), source, "locales", "locale ")
    if missing := sorted(wanted.locales - set(points)):
        raise ShapesError(f"{source}: locales not placed: {', '.join(missing)}")
    if extra := sorted(set(points) - wanted.locales):
        raise ShapesError(f"{source}: not locales of {wanted.name}: {', '.join(extra)}")
    if outside := sorted(name for name, (x, y) in points.items() if not (0 <= x <= width and 0 <= y <= height)):
        raise ShapesError(f"{source}: locales outside the picture: {', '.join(outside)}")
    if unknown := sorted({end for a, b, _ in wanted.ways for end in (a, b)} - wanted.locales):
        raise ShapesError(f"{source}: {wanted.name}'s ways name no locale: {', '.join(unknown)}")
    if crowded := _crowded(points):
        raise ShapesError(f"{source}: locales whose marks overlap: {_pairs(crowded)}")
    if through := _through(points, wanted.ways):
        raise ShapesError(f"{source}: ways drawn through another locale: "
                          + ", ".join(f"{a} - {b} through {c}" for a, b, c in through))
    colours: dict[str, str] = data.get("colours", {})
    if uncoloured := [power for power in wanted.powers if power not in colours]:
        raise ShapesError(f"{source}: powers without a colour: {', '.join(uncoloured)}")
    return Network(width, height, points, wanted.ways, dict(colours))


def network_marks(network: Network, words: Words) -> list[str]:
    """The map itself: each way a line (its kind in ``data-kind``, for styling and for tests),
    then each locale a mark, its name added to ``words``."""
    parts = []
    for a, b, kind in network.ways:
        (x1, y1), (x2, y2) = network.points[a], network.points[b]
        parts.append(f'<line class="way" data-kind="{escape(kind)}" data-ends="{escape(a)} {escape(b)}" '
                     f'x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{BORDER}" '
                     'stroke-width="2"/>')
    for name, (x, y) in network.points.items():
        parts.append(f'<circle class="locale" data-locale="{escape(name)}" cx="{x:.1f}" cy="{y:.1f}" '
                     f'r="{LOCALE_RADIUS}" fill="{LAND}" stroke="{INK}" stroke-width="1.2"/>')
        words.add(f'class="locale-names" font-size="9" text-anchor="middle" fill="{INK}"',
                  x, y - LOCALE_RADIUS - 3, name)
    return parts


def _crowded(points: dict[str, Point]) -> list[tuple[str, str]]:
    names = sorted(points)
    return [(a, b) for i, a in enumerate(names) for b in names[i + 1:]
            if math.dist(points[a], points[b]) < 2 * LOCALE_RADIUS]


def _through(points: dict[str, Point], ways: Sequence[tuple[str, str, str]]) -> list[tuple[str, str, str]]:
    """Each way whose line passes within a mark of a locale that is not one of its ends."""
    found = []
    for a, b, _ in ways:
        for c, point in points.items():
            if c not in (a, b) and _distance(point, points[a], points[b]) < LOCALE_RADIUS:
                found.append((a, b, c))
    return found


def _distance(point: Point, start: Point, end: Point) -> float:
    """How far a point lies from the segment between two others."""
    (px, py), (ax, ay), (bx, by) = point, start, end
    dx, dy = bx - ax, by - ay
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length))
    return math.dist(point, (ax + t * dx, ay + t * dy))


def _pairs(pairs: Iterable[tuple[str, str]]) -> str:
    return ", ".join(f"{a} / {b}" for a, b in pairs)
