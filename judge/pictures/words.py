"""A picture's words gathered into one text element per style.

resvg lays out each text element at a cost, so a hundred names in one element (one ``tspan``
each) draw far faster than in a hundred elements. Every drawing sets its names through this.
"""

from __future__ import annotations

from html import escape


class Words:
    """The words of a picture by style (the ``text`` element's attributes), in the order added."""

    def __init__(self) -> None:
        self.styles: dict[str, list[str]] = {}

    def add(self, style: str, x: float, y: float, words: str, attributes: str = "") -> None:
        self.styles.setdefault(style, []).append(
            f'<tspan {attributes}x="{x:.1f}" y="{y:.1f}">{escape(words)}</tspan>'
        )

    def elements(self) -> list[str]:
        return [f"<text {style}>{''.join(spans)}</text>" for style, spans in self.styles.items()]
