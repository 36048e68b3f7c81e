"""The judge's command language: what a player writes in a mail body, read into typed items.

``parse_commands(lines)`` reads the lines of a mail body (signatures and quoted replies already
dropped by the mail layer) and returns one item for each line that is not blank, in order:

- a command: a frozen dataclass named after the command (``Signon``, ``Create``, ``Press``, ...);
- an ``OrderLine``: a line that is not a command, after a ``SIGNON`` (or ``JOIN``, ``CREATE``,
  ``OBSERVE``, ``BECOME``). Orders are not read here: the service hands them to the game kind;
- a ``CommandError``: a line that could not be read, with a message naming the word that could
  not be read and what was expected there;
- a ``Closing``: friendly lines that are no commands, a greeting ("Hi judge,") or the closing of
  the mail ("Thanks!", "Cheers, Anna", "Best regards" and a name, a name alone: ``closings``),
  listed once in the reply rather than as errors.

Every item has ``line`` (1-based) and ``raw`` (the line as written). They say where the item was
written and are left out when items are compared: ``Signon("r", "roses1", "pw")`` equals the
item read from any line that says that. One bad line never stops the rest; only ``SIGNOFF`` does.
A block (a press and its body) is one item, at its first line.

The language
------------
One command a line. Keywords are read in any case; blank lines are ignored. A line is a command
when its first word is a command word (``SIGNON``, ``SET``, ``PRESS``, ...: ``COMMAND_WORDS``);
those words are therefore never the first word of an order. Names (games, powers, variants) come
out in lower case; passwords, mail addresses and press bodies exactly as written.

- ``SIGNON Rroses1 secret`` (the power's letter written against the game's name), ``SIGNON
  England@roses1 secret`` (the power by name or letter), ``SIGNON ?roses1 secret`` (the same as
  ``JOIN roses1 secret``). The ``?`` before the game's name may be left out in CREATE and JOIN.
- ``PRESS TO <powers> [GREY|WHITE] [FAKE <power>]`` and ``BROADCAST [GREY|WHITE]`` open a block
  that ends at a line ``ENDPRESS`` or ``ENDBROADCAST`` (either ends either). Every line between is
  kept verbatim, blank lines and lines that look like commands included. A block that never ends
  is one error at its first line, and nothing of it is kept; a block whose first line cannot be
  read is one error too, its body dropped unread. Recipients, separated by spaces or commas, are
  kept as words (names, letters, ``all``, ``master``, ``observers``) for the service to resolve.
- A power is named by its name, adjective or letter; BECOME, EJECT and SET CONCEDE take a name
  of several words as written (``BECOME Red Rose``; it comes out as ``red rose``).
- ``PHASE <phase>`` (Diplomacy: ``PHASE Fall 1901 Movement``, ``PHASE F1901M``, ``PHASE fall
  1901``): the order lines that follow, up to the next command, are for that later phase
  (``OrderLine.phase``). The phase is kept as written: the game's kind reads it (``read_phase``).
- Orders never go where they were not meant to: after a ``SIGNON``, ``JOIN``, ``CREATE``,
  ``OBSERVE`` or ``BECOME`` that could not be read, order lines are refused until one that can be
  read; after a ``PHASE`` that could not be read, until the next command.
- Dates: ``2026-12-24``, ``24 Dec 2026``, ``December 24, 2026``. A date and time adds a time of
  day before or after the date: ``2026-12-24 20:00``, ``24 Dec 2026 8pm``, ``2026-12-24T20:00``.
  They are the game's local dates and times (naive values; the service places them in its zone).

Timing of a class of phases (master)::

    SET <class> [DEADLINE] [<length>] [AT <time>] [DAYS <days>] [GRACE <length>]
    SET TIMING <class> [<length>] [AT <time>] [DAYS <days>] [GRACE <length>]
    SET DAYS <days>                                    (the days, for every class of phase)

    SET MOVEMENT DEADLINE 48h AT 20:00 DAYS mon-fri GRACE 24h
    SET RETREAT 24h
    SET ADJUSTMENT AT 8pm

``<class>`` is one of the timing classes of the game kinds this judge runs (``TimingClass``: for
Diplomacy ``MOVEMENT``, ``RETREAT`` or ``ADJUSTMENT``, or ``MOVES``, ``RETREATS``,
``ADJUSTMENTS``, ``BUILDS``); the grammar knows every kind's words, and the game's kind says
whether it is one of its own. A deadline falls at least ``<length>`` after the phase begins, then
moves on to the next ``AT`` time on one of the ``DAYS``; late players then have the ``GRACE``
length. Parts left out are unchanged; at least one is given, each at most once, in any order. A
length is ``48h``, ``2d``, ``90m``, ``1d 12h``, ``2 days 12 hours`` (a bare number is hours; a
number followed by ``days`` is a length, so write ``48h DAYS mon-fri``, not ``48 DAYS mon-fri``).
A time is ``20:00`` or ``8pm``. Days are names (``mon``, ``Tuesday``; two letters are enough) and
ranges (``mon-fri``, ``fri-mon``), separated by commas or spaces, or ``all``, ``weekdays``,
``weekend``; they come out as weekday numbers, Monday 0, as ``date.weekday()`` gives them.

``COMMANDS`` is the registry of every command: its usage, a line of help, and who may use it.
HELP and the documentation are written from it.

This module reads a mail body line by line: it finds the commands, the blocks and the order lines,
and follows what each command changes for the lines after it. The rest of the language lives
beside it, and everything is imported from here: ``command_types`` (the items, the commands and
their registry), ``command_grammar`` (reading one command line, and its error messages) and
``command_values`` (the values commands carry: dates, times, lengths, days, names).
"""

from __future__ import annotations

import dataclasses
import difflib
from collections.abc import Sequence

from .closings import closing_end
from .command_grammar import keywords, read_line, timing_words
from .command_types import (
    COMMAND_WORDS,
    COMMANDS,
    Become,
    Board,
    Broadcast,
    Clear,
    Closing,
    Command,
    CommandError,
    CommandInfo,
    Confirm,
    Create,
    Eject,
    EjectObserver,
    Help,
    History,
    Item,
    Join,
    List,
    Observe,
    OrderLine,
    Pause,
    Phase,
    Predict,
    Press,
    Process,
    Resign,
    Resume,
    Rollback,
    SetAbsence,
    SetAddress,
    SetAddressShown,
    SetAnonymous,
    SetConcede,
    SetDays,
    SetDeadline,
    SetDraw,
    SetDrawRule,
    SetGrace,
    SetGunboat,
    SetNmr,
    SetNoDraw,
    SetMail,
    SetMap,
    SetName,
    SetNoWait,
    SetPassword,
    SetPress,
    SetReminder,
    SetTimezone,
    SetTiming,
    SetVariant,
    SetWait,
    Signoff,
    Signon,
    Start,
    Summary,
    Terminate,
    Version,
    Who,
)
from .command_values import DrawRule, NmrPolicy, PressMode

__all__ = [
    "parse_commands", "keywords", "timing_words", "COMMANDS", "COMMAND_WORDS", "CommandInfo", "Who",
    "Item", "Command", "OrderLine", "CommandError", "Closing",
    "PressMode", "NmrPolicy", "DrawRule",
    "Signon", "Signoff", "Create", "Join", "Observe", "Confirm", "List", "History", "Summary", "Board", "Help",
    "Version",
    "Resign", "Clear", "Press", "Broadcast", "Phase", "SetPassword", "SetAddress", "SetWait",
    "SetNoWait", "SetMap", "SetMail", "SetAbsence", "SetDraw", "SetNoDraw", "SetConcede", "Become", "Start",
    "Process", "Predict", "Rollback", "Pause", "Resume", "Terminate", "Eject", "EjectObserver", "SetDeadline",
    "SetGrace",
    "SetVariant", "SetPress", "SetNmr", "SetTiming", "SetDays", "SetTimezone", "SetAnonymous",
    "SetGunboat", "SetDrawRule", "SetReminder", "SetName", "SetAddressShown",
]

# Commands that say whom the orders after them are for: the lines after them that are not
# commands are orders; and the words that begin them, to refuse orders after one that failed.
_SIGNS_ON = (Signon, Join, Create, Observe, Become)
_IDENTITY_WORDS = frozenset({"SIGNON", "JOIN", "CREATE", "OBSERVE", "BECOME"})
_BLOCK_ENDS = frozenset({"ENDPRESS", "END PRESS", "ENDBROADCAST", "END BROADCAST"})

# --- parse_commands -------------------------------------------------------------------------------


def parse_commands(lines: Sequence[str]) -> list[Item]:
    """Read the lines of a mail body into commands, order lines and errors: see the module's doc."""
    lines = [line.rstrip("\r\n") for line in lines]
    reader = _Reader()
    index = 0
    while index < len(lines) and not reader.signed_off:
        index = reader.read(lines, index)
    return reader.items


class _Reader:
    """What is known while a mail is read: who the orders are for, and for which phase."""

    def __init__(self) -> None:
        self.items: list[Item] = []
        self.signed_on = False
        self.signed_off = False
        self.refused: str | None = None  # why order lines are refused, after a line that failed
        self.phase: str | None = None  # the later phase the order lines are for, as written
        self.phase_refused: str | None = None

    def read(self, lines: list[str], index: int) -> int:
        """Read the line at ``index`` (and the block it opens); return the index of the next one."""
        number, raw = index + 1, lines[index]
        text = " ".join(raw.split())  # tabs and no-break spaces (from HTML mail) are spaces here
        if not text:
            return index + 1
        word = text.split(None, 1)[0]
        first = word.upper()
        if first not in COMMAND_WORDS:
            end = closing_end(lines, index, _is_command)
            if end is not None:
                kept = tuple(" ".join(line.split()) for line in lines[index:end] if line.strip())
                quoted = "\n> ".join(line for line in lines[index:end] if line.strip())
                self.items.append(Closing(kept, self.phase).written_at(number, quoted))
                return end
            self.items.append(self.order_line(text, word).written_at(number, raw))
            return index + 1
        self.phase, self.phase_refused = None, None
        following = index + 1
        if first in ("PRESS", "BROADCAST"):
            end = next((i for i in range(following, len(lines)) if _is_block_end(lines[i])), None)
            if end is None:
                closing = "ENDPRESS" if first == "PRESS" else "ENDBROADCAST"
                item: Item = CommandError(f"{first}: the {first} begun on line {number} has no "
                                          f"{closing}; none of it was sent")
                following = len(lines)
            else:
                item = _block(read_line(text), first, tuple(lines[following:end]))
                following = end + 1
        elif first in ("ENDPRESS", "ENDBROADCAST"):
            item = CommandError(f"{first}: there is no PRESS or BROADCAST to end")
        else:
            item = read_line(text)
        self.items.append(item.written_at(number, raw))
        self.after(item, first, number)
        return following

    def order_line(self, text: str, word: str) -> Item:
        """A line that is not a command (``word`` is its first word): an order, if one may stand."""
        if self.phase_refused or self.refused:
            return CommandError(f"order not read: {self.phase_refused or self.refused}")
        if self.signed_on:
            return OrderLine(text, self.phase)
        return CommandError(_not_a_command(word))

    def after(self, item: Item, first: str, number: int) -> None:
        """Follow what a command changes for the lines after it."""
        if isinstance(item, Signoff):
            self.signed_off = True
        elif isinstance(item, _SIGNS_ON):
            self.signed_on, self.refused = True, None
        elif isinstance(item, Phase):
            self.phase = item.phase
        elif isinstance(item, CommandError) and first in _IDENTITY_WORDS:
            self.refused = f"the {first} on line {number} could not be read"
        elif isinstance(item, CommandError) and first == "PHASE":
            self.phase_refused = f"the PHASE on line {number} could not be read"


def _block(header: Command | CommandError, first: str, body: tuple[str, ...]) -> Item:
    """A PRESS or BROADCAST with its body; if its first line cannot be read, an error alone."""
    if isinstance(header, CommandError):
        return CommandError(f"{header.message}; none of the {first} was sent")
    assert isinstance(header, (Press, Broadcast))
    return dataclasses.replace(header, body_lines=body)


def _is_command(line: str) -> bool:
    """Whether a line (not blank) begins with a command word."""
    return line.split(None, 1)[0].upper() in COMMAND_WORDS


def _is_block_end(line: str) -> bool:
    return " ".join(line.split()).upper() in _BLOCK_ENDS


def _not_a_command(word: str) -> str:
    close = difflib.get_close_matches(word.upper(), COMMAND_WORDS, n=1, cutoff=0.75)
    if close:
        return f'"{word}" is not a command (did you mean {close[0]}?); orders must follow SIGNON'
    return "not a command; orders must follow SIGNON"
