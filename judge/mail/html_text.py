"""A plain-text rendering of HTML mail, for players whose mail program sends nothing else.

Only what a command reader needs: the text, one line per block or ``<br>``, whitespace collapsed as a
browser would, ``<pre>`` kept as written, and ``<blockquote>`` (how mail programs quote a reply)
rendered as ``> `` lines so that quoted text is dropped like any other quote. Scripts, styles and
the like are skipped; links and images give their text only.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

_BLOCK = frozenset(
    {
        "address", "article", "aside", "blockquote", "body", "caption", "center", "dd", "div",
        "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4",
        "h5", "h6", "header", "hr", "html", "li", "main", "nav", "ol", "p", "pre", "section",
        "table", "tbody", "tfoot", "thead", "tr", "ul",
    }
)
_SKIP = frozenset({"head", "noscript", "script", "style", "template", "title", "xml"})
_CELLS = frozenset({"td", "th"})
_WHITESPACE = re.compile(r"[ \t\r\n\f\xa0]+")


class _Renderer(HTMLParser):
    """Collects the text of an HTML document as lines."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[str] = []
        self._line: list[str] = []
        self._line_depth = 0
        self._quote = 0
        self._pre = 0
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _SKIP:
            self._skip += 1
        elif tag == "br":
            self._break_line()
        elif tag in _CELLS:
            self._add(" ")
        elif tag in _BLOCK:
            self._end_line()
            if tag == "blockquote":
                self._quote += 1
            elif tag == "pre":
                self._pre += 1
            elif tag == "body":
                self._skip = 0  # a <head> that was never closed ends here

    def handle_endtag(self, tag: str) -> None:
        if tag in _SKIP:
            self._skip = max(0, self._skip - 1)
        elif tag in _BLOCK:
            self._end_line()
            if tag == "blockquote":
                self._quote = max(0, self._quote - 1)
            elif tag == "pre":
                self._pre = max(0, self._pre - 1)

    def handle_data(self, data: str) -> None:
        if self._skip:
            return
        if self._pre:
            for i, piece in enumerate(re.split(r"\r\n|\r|\n", data)):
                if i:
                    self._break_line()
                self._add(piece)
            return
        text = _WHITESPACE.sub(" ", data)
        if not "".join(self._line).strip():
            text = text.lstrip()
        self._add(text)

    def close(self) -> None:
        super().close()
        self._end_line()

    def _add(self, text: str) -> None:
        if not text:
            return
        if not self._line:
            self._line_depth = self._quote
        self._line.append(text)

    def _break_line(self) -> None:
        """End the current line, even if it is empty (a ``<br>``)."""
        depth = self._line_depth if self._line else self._quote
        text = "".join(self._line)
        text = text.rstrip("\r\n") if self._pre else text.strip()
        self.lines.append(">" * depth + (" " + text if depth and text else text))
        self._line = []

    def _end_line(self) -> None:
        """End the current line if anything is on it (a block boundary)."""
        if "".join(self._line).strip():
            self._break_line()
        else:
            self._line = []


def html_to_text(html: str) -> str:
    """The text of ``html`` as lines separated by ``\\n``, without leading or trailing blank lines."""
    renderer = _Renderer()
    renderer.feed(html)
    renderer.close()
    lines = renderer.lines
    while lines and not lines[-1].strip():
        lines.pop()
    while lines and not lines[0].strip():
        lines.pop(0)
    return "\n".join(lines)
