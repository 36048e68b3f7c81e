"""One line of the command language, read with its grammar (``grammar/commands.lark``).

``read_line`` reads a line that begins with a command word into its command, or into a
``CommandError`` whose message names the word that could not be read and what may stand there
(and, for a misspelt keyword, the nearest). The grammar's transformer builds the command as the
LALR parser reduces each rule, reading each value with ``command_values``. The parser is built
once, when first needed; lines already read are remembered.
"""

from __future__ import annotations

import difflib
import functools
from collections.abc import Iterable, Sequence
from datetime import date, datetime
from importlib import resources
from typing import Any, cast

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken
from lark.lexer import PatternStr

from judge.games.registry import all_kinds

from .command_types import (
    COMMAND_WORDS,
    Become,
    Board,
    Broadcast,
    Clear,
    Command,
    CommandError,
    Confirm,
    Create,
    Eject,
    EjectObserver,
    Help,
    History,
    Join,
    List,
    Observe,
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
    SetMail,
    SetMap,
    SetName,
    SetNmr,
    SetNoDraw,
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
)
from .command_values import (
    DrawRule,
    NmrPolicy,
    PressMode,
    Unreadable,
    read_address,
    read_clock,
    read_code,
    read_date,
    read_datetime,
    read_days,
    read_game,
    read_length,
    read_name,
    read_power,
    read_signon_id,
    read_variant,
    read_zone,
)

__all__ = ["read_line"]


@functools.lru_cache(maxsize=4096)
def read_line(text: str) -> Command | CommandError:
    """One command line, read with the grammar; never raises."""
    try:
        return cast(Command, _parser().parse(text))
    except UnexpectedInput as error:
        return CommandError(_grammar_error(text, error))
    except Unreadable as error:
        return CommandError(f"{_command_name(text)}: {error.message}")


# --- the grammar ----------------------------------------------------------------------------------


def _words(children: Iterable[Any]) -> list[str]:
    return [str(child) for child in children]


def _power_name(children: Iterable[Any]) -> str:
    """A power named in one word or several (``Red Rose``), in lower case, one space between."""
    return " ".join(read_power(word) for word in _words(children))


class _Builder(Transformer[Token, Command]):
    """Called by the LALR parser as it reduces each rule: builds the command, reading its values."""

    def start(self, c: list[Any]) -> Command:
        return c[0]  # type: ignore[no-any-return]

    def signon(self, c: list[Any]) -> Command:
        ident, password, strays = str(c[0]), str(c[1]), _words(c[2:])
        if strays:
            if len(ident) == 1:
                raise Unreadable(f"{ident} {password}", "a power and game",
                                 "e.g. Rroses1 or England@roses1",
                                 "the power's letter is written against the game's name")
            raise Unreadable(f'cannot read "{strays[0]}"; expected the end of the line')
        if ident.startswith("?"):
            return Join(read_game(ident, may_ask=True), password)
        return Signon(*read_signon_id(ident), password)

    def create(self, c: list[Any]) -> Command:
        variant = None if c[2] is None else read_variant(str(c[2]))
        return Create(read_game(str(c[0]), may_ask=True), str(c[1]), variant)

    def join(self, c: list[Any]) -> Command:
        return Join(read_game(str(c[0]), may_ask=True), str(c[1]))

    def observe(self, c: list[Any]) -> Command:
        return Observe(read_game(str(c[0])), str(c[1]))

    def list_games(self, c: list[Any]) -> Command:
        return List(None if c[0] is None else read_game(str(c[0])))

    def history(self, c: list[Any]) -> Command:
        since, until = c[1], c[2]
        if isinstance(since, str):
            return History(read_game(str(c[0])), None, until, since)
        if since is not None and until is not None and until < since:
            raise Unreadable(f"the history would end ({until}) before it begins ({since})")
        return History(read_game(str(c[0])), since, until)

    def since(self, c: list[Any]) -> date | str:
        """A date, or else the words of a phase, for the game's kind to read (the judge's own
        continuation of a long history)."""
        try:
            return read_date(_words(c))
        except Unreadable:
            return " ".join(_words(c))

    def date(self, c: list[Any]) -> date:
        return read_date(_words(c))

    def summary(self, c: list[Any]) -> Command:
        return Summary(read_game(str(c[0])))

    def board(self, c: list[Any]) -> Command:
        return Board(None if c[0] is None else read_game(str(c[0])))

    def help(self, c: list[Any]) -> Command:
        return Help(" ".join(_words(c)).lower() or None)

    def press(self, c: list[Any]) -> Command:
        fake_as = None if c[2] is None else read_power(str(c[2]))
        return Press(c[0], c[1] == "grey", fake_as)

    def broadcast(self, c: list[Any]) -> Command:
        return Broadcast(c[0] == "grey")

    def recipients(self, c: list[Any]) -> tuple[str, ...]:
        return tuple(read_power(word) for word in _words(c))

    def phase(self, c: list[Any]) -> Command:
        return Phase(" ".join(_words(c)))

    def set_password(self, c: list[Any]) -> Command:
        return SetPassword(str(c[0]))

    def set_address(self, c: list[Any]) -> Command:
        return SetAddress(read_address(str(c[0])))

    def set_address_shown(self, c: list[Any]) -> Command:
        return SetAddressShown(c[0])

    def address_public(self, c: list[Any]) -> bool:
        return True

    def address_private(self, c: list[Any]) -> bool:
        return False

    def set_name(self, c: list[Any]) -> Command:
        return SetName(read_name(_words(c)) if c else None)

    def confirm(self, c: list[Any]) -> Command:
        return Confirm(read_code(str(c[0])))

    def set_absence(self, c: list[Any]) -> Command:
        if c[1] < c[0]:
            raise Unreadable(f"the absence ends ({c[1]}) before it begins ({c[0]})")
        return SetAbsence(c[0], c[1])

    def set_concede(self, c: list[Any]) -> Command:
        return SetConcede(_power_name(c))

    def become(self, c: list[Any]) -> Command:
        return Become(_power_name(c))

    def rollback(self, c: list[Any]) -> Command:
        return Rollback(" ".join(_words(c)))

    def eject(self, c: list[Any]) -> Command:
        return Eject(_power_name(c))

    def eject_observer(self, c: list[Any]) -> Command:
        return EjectObserver(read_address(str(c[0])))

    def set_deadline(self, c: list[Any]) -> Command:
        return SetDeadline(c[0])

    def set_grace(self, c: list[Any]) -> Command:
        return SetGrace(c[0])

    def when(self, c: list[Any]) -> datetime:
        return read_datetime(_words(c))

    def set_variant(self, c: list[Any]) -> Command:
        return SetVariant(read_variant(str(c[0])))

    def set_press(self, c: list[Any]) -> Command:
        if c[0] is PressMode.NONE and c[1] is not None:
            raise Unreadable("FAKE press cannot be allowed when no press is")
        return SetPress(c[0], c[1] is not None)

    def set_nmr(self, c: list[Any]) -> Command:
        return SetNmr(c[0])

    def set_anonymous(self, c: list[Any]) -> Command:
        return SetAnonymous(c[0])

    def set_gunboat(self, c: list[Any]) -> Command:
        return SetGunboat(c[0])

    def set_map(self, c: list[Any]) -> Command:
        return SetMap(c[0])

    def set_mail(self, c: list[Any]) -> Command:
        return SetMail(c[0])

    def set_draw(self, c: list[Any]) -> Command:
        return SetDraw(c[0] or ())

    def set_reminder(self, c: list[Any]) -> Command:
        return SetReminder(read_length(_words(c)) if c else None)

    def set_draw_rule(self, c: list[Any]) -> Command:
        return SetDrawRule(c[0])

    def set_timezone(self, c: list[Any]) -> Command:
        return SetTimezone(read_zone(str(c[0])))

    def set_timing(self, c: list[Any]) -> Command:
        word, parts = c
        return SetTiming(str(word).lower(), **parts)

    def timing(self, c: list[tuple[str, Any]]) -> dict[str, Any]:
        parts: dict[str, Any] = {}
        for name, value in c:
            if name in parts:
                raise Unreadable(f"{name.upper()} is given twice")
            parts[name] = value
        return parts

    def minimum(self, c: list[Any]) -> tuple[str, Any]:
        return "minimum", read_length(_words(c))

    def at(self, c: list[Any]) -> tuple[str, Any]:
        return "at", read_clock(_words(c))

    def days(self, c: list[Any]) -> tuple[str, Any]:
        return "days", read_days(_words(c))

    def grace(self, c: list[Any]) -> tuple[str, Any]:
        return "grace", read_length(_words(c))

    def set_days(self, c: list[Any]) -> Command:
        return SetDays(read_days(_words(c)))


# Rules whose command takes no value, and rules that stand for one constant value.
_NO_VALUE: dict[str, type[Command]] = {
    "signoff": Signoff, "version": Version, "resign": Resign, "clear": Clear, "set_wait": SetWait,
    "set_nowait": SetNoWait, "set_nodraw": SetNoDraw, "start_game": Start,
    "process": Process, "predict": Predict, "pause": Pause, "resume": Resume,
    "terminate": Terminate,
}
_CONSTANTS: dict[str, object] = {
    "grey": "grey", "white": "white", "on": True, "off": False,
    "press_none": PressMode.NONE, "press_white": PressMode.WHITE, "press_grey": PressMode.GREY,
    "press_both": PressMode.BOTH, "civil_disorder": NmrPolicy.CIVIL_DISORDER,
    "abandon": NmrPolicy.ABANDON, "every_phase": True, "by_turn": False,
    "draw_all": DrawRule.ALL, "draw_dias": DrawRule.DIAS, "draw_any": DrawRule.ANY,
}
for _rule, _class in _NO_VALUE.items():
    setattr(_Builder, _rule, lambda self, c, made=_class: made())
for _rule, _value in _CONSTANTS.items():
    setattr(_Builder, _rule, lambda self, c, value=_value: value)


@functools.cache
def _parser() -> Lark:
    grammar = resources.files("judge.grammar").joinpath("commands.lark").read_text(encoding="utf-8")
    words = sorted(timing_words(), key=lambda word: (-len(word), word))
    grammar += "\nTIMING_CLASS: " + " | ".join(f'"{word}"i' for word in words) + "\n"
    return Lark(grammar, parser="lalr", lexer="contextual", transformer=_Builder())


@functools.cache
def timing_words() -> frozenset[str]:
    """Every word that names a timing class of some game kind this judge runs (lower case). Which
    class a word names is the game's kind's to say (``moves`` is Diplomacy's movement and Richard
    III's actions): the command keeps the word as written."""
    return frozenset(word for kind in all_kinds() for timing in kind.timings
                     for word in timing.words())


@functools.cache
def keywords() -> frozenset[str]:
    """Every word of the command language (lower case): the grammar's keywords, the timing
    classes' words, the words that begin a command line, and ``orders`` (HELP ORDERS). No game
    may be named by one (``names.name_refused``)."""
    grammar = {t.pattern.value for t in _parser().terminals
               if isinstance(t.pattern, PatternStr) and t.pattern.value[:1].isalpha()}
    return frozenset(grammar | timing_words() | {word.lower() for word in COMMAND_WORDS} | {"orders"})


# --- error messages -------------------------------------------------------------------------------

# What each value terminal stands for, when it is expected.
_VALUES = {
    "SIGNON_ID": "the power and game (e.g. Rroses1 or England@roses1)",
    "PASSWORD": "a password",
    "GAME": "a game name",
    "VARIANT": "a variant name",
    "ADDRESS": "a mail address",
    "CODE": "the code the judge mailed you",
    "TOPIC": "a command",
    "POWER": "a power",
    "PHASE_WORD": "a phase (e.g. F1901M)",
    "DATE_WORD": "a date (e.g. 2026-12-24)",
    "WHEN_WORD": "a date and time (e.g. 2026-12-24 20:00)",
    "DURATION": "a length of time (e.g. 48h)",
    "CLOCK": "a time of day (e.g. 20:00)",
    "DAY": "days of the week (e.g. mon-fri)",
    "ZONE": "a time zone (e.g. Europe/London)",
}
_END = frozenset({"$END", "<END-OF-FILE>"})
# Other spellings of a keyword, left out of the list of what was expected.
_ALIASES = frozenset({"_GRAY", "_YES", "_NO",
                      "_TIMING", "_CIVIL_DISORDER", "_CD", "_ABANDONED", "_ZONE", "_TZ", "_COMMA"})
_SHOWN = {"_CIVIL": "CIVIL DISORDER"}
_SETTINGS_AFTER = {"NO": ("WAIT", "DRAW"), "DRAW": ("RULE",)}


def _command_name(text: str) -> str:
    """The command's name as written: the first word, and for SET the words naming the setting."""
    words = text.upper().split()
    timing = len(words) > 1 and words[1].lower() in timing_words()
    if words[0] != "SET" or len(words) < 2 or (words[1] not in _setting_words() and not timing):
        return words[0]
    setting = words[1]  # a timing class as written: the game's kind says which class it is
    after = ("DEADLINE", "TIMING") if timing else _SETTINGS_AFTER.get(setting, ())
    if len(words) > 2 and words[2] in after:
        return f"SET {setting} {words[2]}"
    return f"SET {setting}"


@functools.cache
def _setting_words() -> frozenset[str]:
    """The keywords that may follow SET."""
    try:
        _parser().parse("set")
    except UnexpectedToken as error:
        return frozenset(_keyword(name) for name in error.expected if name.startswith("_"))
    raise AssertionError("SET alone was read")


def _keyword(name: str) -> str:
    pattern = _terminals()[name].pattern
    assert isinstance(pattern, PatternStr)
    return _SHOWN.get(name, pattern.value.upper())


@functools.cache
def _terminals() -> dict[str, Any]:
    return {terminal.name: terminal for terminal in _parser().terminals}


def _grammar_error(text: str, error: UnexpectedInput) -> str:
    """The message for a line the grammar cannot read: the word, and what may stand there."""
    name = _command_name(text)
    word, expected = _unexpected(text, error)
    where = f'cannot read "{word}"' if word else f'the line ends after "{text.split()[-1]}"'
    keywords = [_keyword(n) for n in _ordered(expected) if n.startswith("_") and n not in _ALIASES]
    close = difflib.get_close_matches(word.upper(), keywords, n=1, cutoff=0.7) if word else []
    if name == "SET" and len(keywords) > 8:
        hint = f": did you mean {close[0]}?" if close else ""
        return f"SET: {where}; expected what to set{hint} (HELP SET lists every setting)"
    described = [_VALUES[n] for n in _ordered(expected) if n in _VALUES] + keywords
    if expected & _END:
        described.append("the end of the line")
    hint = f" (did you mean {close[0]}?)" if close else ""
    return f"{name}: {where}; expected {_one_of(described)}{hint}"


def _unexpected(text: str, error: UnexpectedInput) -> tuple[str | None, set[str]]:
    """The word the grammar could not read (None at the end of the line), and what it expected."""
    if isinstance(error, UnexpectedToken):
        # Ask the parser: error.expected lacks the end of the line when the contextual lexer, not
        # the parser, refused the word.
        parser = error.interactive_parser
        expected = parser.accepts() if parser else error.expected  # type: ignore[no-untyped-call]
        return (None if error.token.type in _END else str(error.token)), set(expected)
    rest = text[error.pos_in_stream :].split() if isinstance(error, UnexpectedCharacters) else []
    allowed = getattr(error, "allowed", None) or getattr(error, "expected", None) or ()
    return (rest[0] if rest else None), set(allowed)


def _ordered(names: Iterable[str]) -> list[str]:
    order = list(_terminals())
    return sorted(names, key=lambda name: order.index(name) if name in order else len(order))


def _one_of(items: Sequence[str]) -> str:
    if len(items) <= 2:
        return " or ".join(items)
    return ", ".join(items[:-1]) + ", or " + items[-1]
