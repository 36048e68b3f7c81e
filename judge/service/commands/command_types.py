"""What a mail body is read into: the items, every command, and the registry of commands.

Each line of a mail body becomes an ``Item``: a ``Command`` (a frozen dataclass named after the
command: ``Signon``, ``Create``, ``Press``, ...), an ``OrderLine`` for the game kind to read, a
``CommandError``, or (for friendly lines: a greeting, "Thanks!", a name) a ``Closing``. ``COMMANDS`` is the registry of every command: its usage, who may use it, what it
does and an example; HELP and the documentation are written from it. How lines are read into these is the
business of ``commands`` (the reader) and ``command_grammar`` (one line).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from enum import StrEnum
from typing import Self, TypeVar

from .command_values import DrawRule, NmrPolicy, PressMode


class Who(StrEnum):
    ANYONE = "anyone"
    PLAYER = "player"  # anyone signed on to a game: its players, observers and master
    MASTER = "master"


# --- items ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Item:
    """One item of a mail body. ``line`` and ``raw`` say where it was written; not compared."""

    line: int = field(default=0, kw_only=True, compare=False)
    raw: str = field(default="", kw_only=True, compare=False)

    def written_at(self, line: int, raw: str) -> Self:
        """The same item, written on line ``line`` as ``raw``."""
        return dataclasses.replace(self, line=line, raw=raw)


@dataclass(frozen=True)
class OrderLine(Item):
    """A line for the game kind to read: ``text`` is the line with each run of blanks made one
    space; ``phase`` the later phase it is for (after ``PHASE``), or None for the current phase."""

    text: str
    phase: str | None = None  # the words after PHASE, for the game's kind to read


@dataclass(frozen=True)
class CommandError(Item):
    message: str


@dataclass(frozen=True)
class Closing(Item):
    """Friendly lines, not commands: a greeting, or the closing of a mail ("Thanks!", "Cheers,
    Anna", a name; ``closings``). ``lines`` are its lines that are not blank, with each run of
    blanks made one space; ``phase`` as for an ``OrderLine`` (the service still takes any of them
    that reads as an order)."""

    lines: tuple[str, ...]
    phase: str | None = None


@dataclass(frozen=True)
class Command(Item):
    """The base of every command."""


@dataclass(frozen=True)
class CommandInfo:
    """A command as HELP explains it: how it is written, who may use it, what it does, and an
    example (lines of a mail, one command and any lines it takes with it)."""

    command: type[Command]
    usage: str
    who: Who
    help: str
    example: str


COMMANDS: dict[str, CommandInfo] = {}

_C = TypeVar("_C", bound=type[Command])


def _command(name: str, usage: str, who: Who, text: str, example: str) -> Callable[[_C], _C]:
    def register(cls: _C) -> _C:
        COMMANDS[name] = CommandInfo(cls, usage, who, text, example)
        return cls

    return register


_ANYONE, _PLAYER, _MASTER = Who.ANYONE, Who.PLAYER, Who.MASTER

# --- commands: anyone -----------------------------------------------------------------------------


@_command("SIGNON", "SIGNON <letter><game> <password>  |  SIGNON <power>@<game> <password>",
          _ANYONE,
          "Sign on to a game as a power (or as its master, with the letter M, or an observer, "
          "O); the commands and orders that follow in the mail are for that game. The power's "
          "letter is written against the game's name. One SIGNON per game in a mail: after a "
          "wrong password nothing more is done for that game; after repeated wrong passwords "
          "for a power, SIGNON for it is refused for a while (its player is told).",
          "SIGNON Ealpha mypassword")
@dataclass(frozen=True)
class Signon(Command):
    power: str
    game: str
    password: str


@_command("SIGNOFF", "SIGNOFF", _ANYONE, "End the mail: nothing after it is read (a signature, say).",
          "SIGNOFF")
@dataclass(frozen=True)
class Signoff(Command):
    pass


@_command("CREATE", "CREATE ?<game> <password> [<variant>]", _ANYONE,
          "Create a game and become its master. Its name is a letter followed by letters, "
          "digits, - or _, at most 20 in all, and not a variant's name or a command word.",
          "CREATE ?alpha mypassword roses1")
@dataclass(frozen=True)
class Create(Command):
    game: str
    password: str
    variant: str | None = None


@_command("JOIN", "JOIN <game> <password>  |  SIGNON ?<game> <password>", _ANYONE,
          "Join a game that is forming; a power is assigned when it starts.",
          "JOIN alpha mypassword")
@dataclass(frozen=True)
class Join(Command):
    game: str
    password: str


@_command("OBSERVE", "OBSERVE <game> <password>", _ANYONE,
          "Receive a game's reports as an observer.",
          "OBSERVE alpha mypassword")
@dataclass(frozen=True)
class Observe(Command):
    game: str
    password: str


@_command("CONFIRM", "CONFIRM <code>", _ANYONE,
          "Confirm your address with the code the judge mailed to it (or the new address of SET "
          "ADDRESS, sent from there). Until then the judge writes to it only to answer its mail. "
          "With the code of a mail held for wrong passwords, has that mail carried out.",
          "CONFIRM k7qx3mpa")
@dataclass(frozen=True)
class Confirm(Command):
    code: str


@_command("LIST", "LIST [<game>]", _ANYONE,
          "List the games on this judge, or one game's settings, players and deadlines.",
          "LIST alpha")
@dataclass(frozen=True)
class List(Command):
    game: str | None = None


@_command("HISTORY", "HISTORY <game> [FROM <date>|<phase>] [TO <date>]", _ANYONE,
          "Send a game's past reports.",
          "HISTORY alpha FROM 2026-01-01 TO 2026-02-01")
@dataclass(frozen=True)
class History(Command):
    game: str
    from_date: date | None = None
    to_date: date | None = None
    from_phase: str | None = None  # FROM a phase instead of a date: its words, for the kind


@_command("SUMMARY", "SUMMARY <game>", _ANYONE,
          "Send a one-screen summary of a game: its scores as the game counts them, who played "
          "which power.",
          "SUMMARY alpha")
@dataclass(frozen=True)
class Summary(Command):
    game: str


@_command("BOARD", "BOARD [<game>]", _ANYONE,
          "Send a game's board as it stands, as you may see it: the phase and deadline and "
          "what each power holds, in the game's own words (without a game: the game signed on "
          "to).",
          "BOARD alpha")
@dataclass(frozen=True)
class Board(Command):
    game: str | None = None  # None: the game signed on to in this mail


@_command("HELP", "HELP [<command> | ORDERS | <game> | <variant>]", _ANYONE,
          "Send the list of commands and how to write orders (for your game's variant, or the "
          "game or variant named), or help on one command (HELP SET: every setting).",
          "HELP SET DEADLINE")
@dataclass(frozen=True)
class Help(Command):
    topic: str | None = None


@_command("VERSION", "VERSION", _ANYONE, "Send the judge's version.",
          "VERSION")
@dataclass(frozen=True)
class Version(Command):
    pass


# --- commands: players ----------------------------------------------------------------------------


@_command("RESIGN", "RESIGN", _PLAYER, "Leave the game you are signed on to.",
          "RESIGN")
@dataclass(frozen=True)
class Resign(Command):
    pass


@_command("CLEAR", "CLEAR", _PLAYER, "Withdraw all your orders for this phase.",
          "CLEAR")
@dataclass(frozen=True)
class Clear(Command):
    pass


@_command("PRESS", "PRESS TO <powers> [GREY|WHITE] [FAKE <power>] ... ENDPRESS", _PLAYER,
          "Send a message to some powers (or all, master, observers); GREY hides who wrote it, "
          "FAKE makes it look written by another power.",
          "PRESS TO France, Germany\nShall we share Belgium?\nENDPRESS")
@dataclass(frozen=True)
class Press(Command):
    recipients: tuple[str, ...]
    grey: bool = False
    fake_as: str | None = None
    body_lines: tuple[str, ...] = ()


@_command("BROADCAST", "BROADCAST [GREY|WHITE] ... ENDBROADCAST", _PLAYER,
          "Send a message to everyone in the game.",
          "BROADCAST\nGood luck, everyone.\nENDBROADCAST")
@dataclass(frozen=True)
class Broadcast(Command):
    grey: bool = False
    body_lines: tuple[str, ...] = ()


@_command("PHASE", "PHASE <phase>  (e.g. F1901M or Fall 1901 Movement)", _PLAYER,
          "The orders that follow, up to the next command, are for that later phase: they are "
          "kept, read when it begins, and you are mailed how they read. If the game goes past "
          "that phase without playing it, they are dropped and you are told; the game's end or "
          "a rollback drops them too.",
          "PHASE F1901M")
@dataclass(frozen=True)
class Phase(Command):
    phase: str  # as written, for the game's kind to read


@_command("SET PASSWORD", "SET PASSWORD <new password>", _PLAYER, "Change your password.",
          "SET PASSWORD n3wpassword")
@dataclass(frozen=True)
class SetPassword(Command):
    password: str


@_command("SET ADDRESS", "SET ADDRESS <mail address>", _PLAYER,
          "Change where the judge writes to you: one address. The judge mails it a code, and "
          "writes there once you send it back from there (CONFIRM). One code at a time goes to "
          "an address, and at most 3 a day for you.",
          "SET ADDRESS me@example.org")
@dataclass(frozen=True)
class SetAddress(Command):
    address: str


@_command("SET ADDRESS PUBLIC", "SET ADDRESS PUBLIC|PRIVATE", _PLAYER,
          "Whether the web archive of the games may show your address (PUBLIC) or not (PRIVATE, "
          "the default: it shows the name you set with SET NAME, or none). The players of a game "
          "you play still see it where the game is not anonymous.",
          "SET ADDRESS PUBLIC")
@dataclass(frozen=True)
class SetAddressShown(Command):
    public: bool


@_command("SET NAME", "SET NAME [<name>]", _PLAYER,
          "The name the web archive of the games gives you (at most 40 characters; no @), instead "
          "of your address; SET NAME alone takes it away.",
          "SET NAME Anna K.")
@dataclass(frozen=True)
class SetName(Command):
    name: str | None


@_command("SET WAIT", "SET WAIT", _PLAYER,
          "Hold the phase until its deadline, even if all orders are in.",
          "SET WAIT")
@dataclass(frozen=True)
class SetWait(Command):
    pass


@_command("SET MAP", "SET MAP ON|OFF", _PLAYER,
          "Results mails carry the map of the phase (ON, the default), or are text only (OFF); "
          "the text report is complete either way.",
          "SET MAP OFF")
@dataclass(frozen=True)
class SetMap(Command):
    on: bool


@_command("SET MAIL", "SET MAIL EVERY PHASE|TURN", _PLAYER,
          "Mail me every phase's results as it is processed (EVERY PHASE), or, where the game "
          "has Turns, when I must act and at the end of each Turn, everything since my last "
          "mail in one (TURN, the default).",
          "SET MAIL EVERY PHASE")
@dataclass(frozen=True)
class SetMail(Command):
    every_phase: bool


@_command("SET NOWAIT", "SET NOWAIT", _PLAYER,
          "Let the phase process as soon as all orders are in.",
          "SET NOWAIT")
@dataclass(frozen=True)
class SetNoWait(Command):
    pass


@_command("SET ABSENCE", "SET ABSENCE <date> TO <date>", _PLAYER,
          "Announce an absence: a deadline that would fall in it is pushed past it "
          "(never the current one).",
          "SET ABSENCE 2026-07-01 TO 2026-07-14")
@dataclass(frozen=True)
class SetAbsence(Command):
    from_date: date
    to_date: date


@_command("SET DRAW", "SET DRAW [<powers>]", _PLAYER,
          "Vote for a draw: among all survivors, or (draw rule ANY) among the powers named.",
          "SET DRAW")
@dataclass(frozen=True)
class SetDraw(Command):
    powers: tuple[str, ...] = ()  # as written; empty: every surviving power


@_command("SET NODRAW", "SET NODRAW", _PLAYER, "Withdraw your vote for a draw.",
          "SET NODRAW")
@dataclass(frozen=True)
class SetNoDraw(Command):
    pass


@_command("SET CONCEDE", "SET CONCEDE <power>", _PLAYER, "Vote to concede the game to a power.",
          "SET CONCEDE England")
@dataclass(frozen=True)
class SetConcede(Command):
    power: str


# --- commands: masters ----------------------------------------------------------------------------


@_command("BECOME", "BECOME <power>", _MASTER,
          "Act for a power: the orders that follow in the mail are for it (a name of several "
          "words is written as it is); its player is told what you did to its orders. Not for "
          "a master who plays a power of the game, nor in a game that hides information "
          "(Richard III): a power without a player is in civil disorder until a new player "
          "takes it over.",
          "BECOME Red Rose")
@dataclass(frozen=True)
class Become(Command):
    power: str


@_command("START", "START", _MASTER, "Start a forming game.",
          "START")
@dataclass(frozen=True)
class Start(Command):
    pass


@_command("PROCESS", "PROCESS", _MASTER,
          "Process the current phase now. Only in a game where some power has a player; once "
          "a mail, at most 10 phases a game in 24 hours.",
          "PROCESS")
@dataclass(frozen=True)
class Process(Command):
    pass


@_command("PREDICT", "PREDICT", _MASTER,
          "Show what the current orders would give, without processing; any dice are thrown "
          "for the prediction alone (illustrative, not the phase's own). Not for a master who "
          "plays a power of the game, nor in a game that hides information (Richard III).",
          "PREDICT")
@dataclass(frozen=True)
class Predict(Command):
    pass


@_command("ROLLBACK", "ROLLBACK <phase>", _MASTER,
          "Return the game to the start of an earlier phase.",
          "ROLLBACK S1901M")
@dataclass(frozen=True)
class Rollback(Command):
    phase: str  # as written, for the game's kind to read


@_command("PAUSE", "PAUSE", _MASTER, "Stop the clock: no deadline passes until RESUME.",
          "PAUSE")
@dataclass(frozen=True)
class Pause(Command):
    pass


@_command("RESUME", "RESUME", _MASTER, "Restart the clock after PAUSE.",
          "RESUME")
@dataclass(frozen=True)
class Resume(Command):
    pass


@_command("TERMINATE", "TERMINATE", _MASTER, "End the game.",
          "TERMINATE")
@dataclass(frozen=True)
class Terminate(Command):
    pass


@_command("EJECT", "EJECT <power>", _MASTER,
          "Remove a power's player; the power is left abandoned; EJECT OBSERVER removes an "
          "observer.",
          "EJECT Italy")
@dataclass(frozen=True)
class Eject(Command):
    power: str


@_command("EJECT OBSERVER", "EJECT OBSERVER <mail address>", _MASTER,
          "Remove an observer (LIST <game>, signed on as master, shows their addresses). One "
          "whose address is confirmed is told, and may not observe the game again; one never "
          "confirmed may (his OBSERVE may have been forged).",
          "EJECT OBSERVER nosy@example.org")
@dataclass(frozen=True)
class EjectObserver(Command):
    address: str


@_command("SET DEADLINE", "SET DEADLINE <date> <time>", _MASTER,
          "Set the current phase's deadline.",
          "SET DEADLINE 2026-12-24 20:00")
@dataclass(frozen=True)
class SetDeadline(Command):
    when: datetime


@_command("SET GRACE", "SET GRACE <date> <time>", _MASTER,
          "Set the end of the current phase's grace.",
          "SET GRACE 2026-12-26 20:00")
@dataclass(frozen=True)
class SetGrace(Command):
    when: datetime


@_command("SET VARIANT", "SET VARIANT <variant>", _MASTER, "Choose the variant of a forming game.",
          "SET VARIANT roses1")
@dataclass(frozen=True)
class SetVariant(Command):
    variant: str


@_command("SET PRESS", "SET PRESS NONE|WHITE|GREY|BOTH [FAKE]", _MASTER,
          "Choose which press is allowed; FAKE allows fake press too.",
          "SET PRESS WHITE")
@dataclass(frozen=True)
class SetPress(Command):
    mode: PressMode
    fake: bool = False


@_command("SET NMR", "SET NMR CIVIL DISORDER|ABANDON", _MASTER,
          "What becomes of a power with no orders at the end of grace.",
          "SET NMR ABANDON")
@dataclass(frozen=True)
class SetNmr(Command):
    policy: NmrPolicy


@_command("SET TIMING",
          "SET <class> [DEADLINE] [<length>] [AT <time>] [DAYS <days>] [GRACE <length>]", _MASTER,
          "Set the timing of one class of the game's phases (each game names its own).",
          "SET MOVEMENT DEADLINE 48h AT 20:00 DAYS mon-fri GRACE 24h")
@dataclass(frozen=True)
class SetTiming(Command):
    kind: str  # the timing class as written (lower case), for the game's kind to read
    minimum: timedelta | None = None
    at: time | None = None
    days: tuple[int, ...] | None = None
    grace: timedelta | None = None


@_command("SET DAYS", "SET DAYS <days>", _MASTER,
          "Set the days of the week on which deadlines may fall, e.g. SET DAYS mon-fri.",
          "SET DAYS mon-fri")
@dataclass(frozen=True)
class SetDays(Command):
    days: tuple[int, ...]


@_command("SET TIMEZONE", "SET TIMEZONE <zone>", _MASTER,
          "Set the game's time zone, e.g. Europe/London: deadlines are given in it.",
          "SET TIMEZONE Europe/London")
@dataclass(frozen=True)
class SetTimezone(Command):
    zone: str


@_command("SET ANONYMOUS", "SET ANONYMOUS ON|OFF", _MASTER, "Hide who plays which power.",
          "SET ANONYMOUS ON")
@dataclass(frozen=True)
class SetAnonymous(Command):
    on: bool


@_command("SET GUNBOAT", "SET GUNBOAT ON|OFF", _MASTER, "Gunboat: anonymous, and no press at all.",
          "SET GUNBOAT ON")
@dataclass(frozen=True)
class SetGunboat(Command):
    on: bool


@_command("SET DRAW RULE", "SET DRAW RULE ALL|DIAS|ANY", _MASTER,
          "Choose how draws are voted: ALL (or DIAS), every survivor shares the draw; ANY, the "
          "survivors may agree on a draw among some of them.",
          "SET DRAW RULE ANY")
@dataclass(frozen=True)
class SetDrawRule(Command):
    rule: DrawRule


@_command("SET REMINDER", "SET REMINDER <length>|OFF", _MASTER,
          "Remind players whose orders are not complete this long before each deadline "
          "(24h unless set), or never.",
          "SET REMINDER 12h")
@dataclass(frozen=True)
class SetReminder(Command):
    before: timedelta | None  # None: no reminders


COMMAND_WORDS = frozenset(
    {name.split()[0] for name in COMMANDS} | {"ENDPRESS", "ENDBROADCAST"}
)
"""The words that make a line a command when they stand first on it (upper case)."""
