"""What could not be read, said briefly: a mail of junk gets a short answer, not an echo of it.

Every line of a mail is answered, but a reply must stay short whatever was sent: at most a few
kilobytes for a hundred lines. So, before the items of a mail are carried out:

- a run of lines that could not be read for the same reason (``CommandError`` items with one
  message: a pasted text, a forwarded mail) becomes one item, quoting its first ``QUOTED`` lines
  and counting the rest;
- after ``MAX_ERRORS`` lines refused or unreadable, the answers to the rest that fail are held
  back and counted in one sentence at the end of the reply (``HeldBack``): what failed changed
  nothing, so nothing is lost by not repeating it;
- a line is quoted up to ``LINE_WIDTH`` characters, and a batch of order lines up to
  ``QUOTED_ORDERS`` lines (every order is still answered on a line of its own);
- a command that only tells (HELP, LIST, ...) is answered once, and the same answer is never
  given twice in one reply (``Repeats``).

The order lines of a batch that cannot be read are capped the same way where they are answered
(``handlers.orders``, with ``MAX_ERRORS``).
"""

from __future__ import annotations

from ..commands import (
    Board,
    CommandError,
    Help,
    History,
    Item,
    List,
    Signon,
    Summary,
    Version,
)
from .context import Entry
from .signons import game_key

QUOTED = 3
"""The lines quoted from a run of lines that could not be read for one reason."""
MAX_ERRORS = 10
"""The most errors a reply lists one by one; the rest are counted in one entry."""
LINE_WIDTH = 200
"""The most characters of one line a reply quotes."""
QUOTED_ORDERS = 20
"""The most lines of a batch of orders a reply quotes."""


def summarised(items: list[Item]) -> tuple[list[Item], dict[int, int]]:
    """The items with each long run of one error made one item, and how many lines each such
    item answers (by ``id``; an item not there answers its own)."""
    brief: list[Item] = []
    sizes: dict[int, int] = {}
    run: list[CommandError] = []
    for item in [*items, None]:
        if isinstance(item, CommandError) and run and item.message == run[0].message:
            run.append(item)
            continue
        if len(run) > QUOTED:
            summary = _run(run)
            sizes[id(summary)] = len(run)
            brief.append(summary)
        else:
            brief.extend(run)
        run = [item] if isinstance(item, CommandError) else []
        if item is not None and not isinstance(item, CommandError):
            brief.append(item)
    return brief, sizes


def _run(run: list[CommandError]) -> CommandError:
    quote = [quote_line(item.raw) for item in run[:QUOTED]]
    quote.append(f"(and {len(run) - QUOTED} more lines)")
    return CommandError(f"these {len(run)} lines could not be read: {run[0].message}"
                        ).written_at(run[0].line, "\n> ".join(quote))


class HeldBack:
    """The answers held back: after ``MAX_ERRORS`` items refused or unreadable, the answer to
    each further one is left out of the reply and counted, to be summed up at its end."""

    def __init__(self, sizes: dict[int, int]) -> None:
        self.sizes = sizes
        self.failed = 0
        self.lines = 0
        self.first: tuple[int, str] | None = None  # the first held back: its line, what was said

    def holds_back(self, item: Item, said: list[str]) -> bool:
        """Note an item that failed (``said``: its answer); whether its answer is held back."""
        self.failed += 1
        if self.failed <= MAX_ERRORS:
            return False
        self.lines += lines_of(item, self.sizes)
        if self.first is None:
            self.first = (item.line, " ".join(said))
        return True

    def summary(self) -> str | None:
        """What the end of the reply says of the answers held back, or None if there were none."""
        if self.first is None:
            return None
        line, said = self.first
        return (f"{self.lines} more lines could not be read or were refused; they are not "
                f"answered one by one (the first of them, line {line}: {said})")


def lines_of(item: Item, sizes: dict[int, int]) -> int:
    """How many lines of the mail an item answers (``sizes``: of the runs ``summarised`` made)."""
    return sizes.get(id(item), max(1, item.raw.count("\n> ") + 1))


def quote_line(line: str) -> str:
    """A line as the reply quotes it: cut at ``LINE_WIDTH`` characters."""
    return line if len(line) <= LINE_WIDTH else line[:LINE_WIDTH] + " [...]"


def quoted(raw: str) -> str:
    """What the reply quotes for an item written as ``raw`` (lines joined by ``"\\n> "``): each
    line cut at ``LINE_WIDTH``, and at most ``QUOTED_ORDERS`` lines."""
    lines = raw.split("\n> ")
    shown = [quote_line(line) for line in lines[:QUOTED_ORDERS]]
    if len(lines) > QUOTED_ORDERS:
        shown.append(f"(and {len(lines) - QUOTED_ORDERS} more lines)")
    return "\n> ".join(shown)


class Repeats:
    """The answers to the commands of a mail that only tell (``TELLING``), to send each once:
    a command whose answer was given already is answered "the same as line N", whatever lies
    between (a refused JOIN changes nothing an answer tells).

    The same command written again is not even carried out while nothing was done in between
    (``seen_at``); one that was is carried out, and its answer compared (``told_at``)."""

    def __init__(self) -> None:
        self.asked: dict[Item, int] = {}  # a command -> its line, since the last one that did something
        self.told: dict[str, int] = {}  # an answer -> the line it was given for

    def seen_at(self, item: Item) -> int | None:
        """The line where the same command was answered, nothing done since, or None."""
        return self.asked.get(item) if isinstance(item, TELLING) else None

    def done(self, item: Item, did: bool) -> None:
        """Note an item carried out (``did``: whether it did something)."""
        if isinstance(item, TELLING):
            self.asked.setdefault(item, item.line)
        elif did:
            self.asked.clear()  # it may change what the next one tells

    def told_at(self, item: Item, said: list[str]) -> int | None:
        """The line whose answer was the same as this telling command's (and then it is not
        sent again), or None (and then it is noted)."""
        if not isinstance(item, TELLING):
            return None
        answer = "\n".join(said)
        line = self.told.get(answer)
        if line is None:
            self.told[answer] = item.line
        return line


TELLING = (Help, Version, List, Summary, History, Board)
"""The commands that only tell, whose answer is the same while nothing else is done."""


class Unsigned:
    """The lines after a failed SIGNON, up to a SIGNON for another game: not run, and answered in
    one entry (a mail of a thousand SIGNON guesses gets one check and a short reply)."""

    def __init__(self, sizes: dict[int, int]) -> None:
        self.sizes = sizes
        self.signon: Signon | None = None  # the failed SIGNON
        self.held = False  # it held the mail (``held``): the lines are carried out with it later
        self.lines = 0

    def failed(self, item: Item, held: bool = False) -> None:
        if isinstance(item, Signon):
            self.signon, self.held, self.lines = item, held, 0

    def passes_over(self, item: Item | None, entries: list[Entry]) -> bool:
        """Whether ``item`` is passed over (None: the mail ends); when the run of lines passed
        over ends, one entry says so."""
        failed = self.signon
        if failed is None:
            return False
        if item is not None and not (isinstance(item, Signon) and game_key(item) != game_key(failed)):
            self.lines += self.sizes.get(id(item), max(1, item.raw.count("\n> ") + 1))
            return True
        if self.lines and self.held:
            entries.append(Entry(f"(the next {self.lines} lines)", [
                f"Held with the SIGNON for {failed.game} on line {failed.line}: done when the code "
                f"comes back, up to a SIGNON for another game."]))
        elif self.lines:
            entries.append(Entry(f"(the next {self.lines} lines)", [
                f"Not read: the SIGNON for {failed.game} on line {failed.line} failed, so nothing "
                f"after it is done up to a SIGNON for another game."]))
        self.signon = None
        return False
