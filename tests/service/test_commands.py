"""The judge's command language: exact items for each command, exact errors, blocks, orders."""

from __future__ import annotations

from dataclasses import replace
from datetime import date, datetime, time, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judge.service.commands import command_grammar
from judge.service.commands import (
    COMMAND_WORDS,
    COMMANDS,
    Become,
    Board,
    Broadcast,
    Clear,
    Closing,
    Command,
    CommandError,
    Confirm,
    Create,
    DrawRule,
    Eject,
    EjectObserver,
    Help,
    History,
    Item,
    Join,
    List,
    NmrPolicy,
    Observe,
    OrderLine,
    Pause,
    Phase,
    Predict,
    Press,
    PressMode,
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
    SetReminder,
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
    parse_commands,
)

F1901M = "F1901M"  # phases are kept as written: the game's kind reads them (test_phase_names.py)
SIGNON = "SIGNON Eroses1 pw"


def read(line: str) -> Item:
    """The item read from one line, signed on first (the SIGNON item is left out)."""
    items = parse_commands([SIGNON, line])
    assert len(items) == 2, items
    return items[1]


def error(line: str) -> str:
    item = read(line)
    assert isinstance(item, CommandError), item
    return item.message


# --- each command, several spellings --------------------------------------------------------------

FORMS: list[tuple[str, Command]] = [
    # signing on
    ("SIGNON Rroses1 secret", Signon("r", "roses1", "secret")),
    ("signon rROSES1 secret", Signon("r", "roses1", "secret")),
    ("SignOn England@game1 pw", Signon("england", "game1", "pw")),
    ("SIGNON E@game1 pw", Signon("e", "game1", "pw")),
    ("signon Austria-Hungary@g-1 pw", Signon("austria-hungary", "g-1", "pw")),
    ("SIGNON ?roses1 secret", Join("roses1", "secret")),
    ("SIGNOFF", Signoff()),
    ("signoff and thanks", Signoff()),
    # anyone
    ("CREATE ?roses1 pw", Create("roses1", "pw", None)),
    ("create ?Roses1 pw Standard", Create("roses1", "pw", "standard")),
    ("Create roses1 pw roses", Create("roses1", "pw", "roses")),
    ("JOIN roses1 pw", Join("roses1", "pw")),
    ("join ?ROSES1 pw", Join("roses1", "pw")),
    ("OBSERVE roses1 pw", Observe("roses1", "pw")),
    ("LIST", List(None)),
    ("list Roses1", List("roses1")),
    ("HISTORY roses1", History("roses1")),
    ("history roses1 from 2026-01-01", History("roses1", date(2026, 1, 1), None)),
    ("History roses1 TO 2 Feb 2026", History("roses1", None, date(2026, 2, 2))),
    ("HISTORY roses1 FROM Jan 1, 2026 to 1st February 2026",
     History("roses1", date(2026, 1, 1), date(2026, 2, 1))),
    ("HISTORY roses1 FROM F1901M", History("roses1", from_phase=F1901M)),
    ("HISTORY roses1 FROM Fall 1901", History("roses1", from_phase="Fall 1901")),
    ("history roses1 from Fall 1901 Movement to 2026-02-01",
     History("roses1", None, date(2026, 2, 1), "Fall 1901 Movement")),
    ("SUMMARY roses1", Summary("roses1")),
    ("BOARD", Board(None)),
    ("board Roses1", Board("roses1")),
    ("HELP", Help(None)),
    ("help Set Deadline", Help("set deadline")),
    ("VERSION", Version()),
    # players
    ("RESIGN", Resign()),
    ("clear", Clear()),
    ("PHASE Fall 1901 Movement", Phase("Fall 1901 Movement")),
    ("phase F1901M", Phase(F1901M)),
    ("Phase   autumn 1901  moves", Phase("autumn 1901 moves")),
    ("PHASE Round 3 cards", Phase("Round 3 cards")),
    ("SET PASSWORD NewPass", SetPassword("NewPass")),
    ("set password to", SetPassword("to")),
    ("SET ADDRESS Alice.Smith@Example.org", SetAddress("Alice.Smith@Example.org")),
    ("SET ADDRESS public@example.org", SetAddress("public@example.org")),
    ("set address Public", SetAddressShown(True)),
    ("SET ADDRESS PRIVATE", SetAddressShown(False)),
    ("SET NAME Anna  K.", SetName("Anna K.")),
    ("SET NAME", SetName(None)),
    ("confirm K7QX3MPA", Confirm("k7qx3mpa")),
    ("SET WAIT", SetWait()),
    ("set nowait", SetNoWait()),
    ("Set No Wait", SetNoWait()),
    ("SET ABSENCE 2026-12-24 TO 2027-01-02", SetAbsence(date(2026, 12, 24), date(2027, 1, 2))),
    ("set absence 24 Dec 2026 to 2 January 2027", SetAbsence(date(2026, 12, 24), date(2027, 1, 2))),
    ("SET DRAW", SetDraw()),
    ("SET DRAW England, France", SetDraw(("england", "france"))),
    ("set draw e f g", SetDraw(("e", "f", "g"))),
    ("set nodraw", SetNoDraw()),
    ("SET NO DRAW", SetNoDraw()),
    ("SET CONCEDE England", SetConcede("england")),
    ("set concede E", SetConcede("e")),
    ("SET CONCEDE Red Rose", SetConcede("red rose")),
    # masters
    ("BECOME England", Become("england")),
    ("BECOME Red Rose", Become("red rose")),
    ("become  white\trose", Become("white rose")),
    ("START", Start()),
    ("process", Process()),
    ("Predict", Predict()),
    ("ROLLBACK S1901M", Rollback("S1901M")),
    ("rollback fall 1901 movement", Rollback("fall 1901 movement")),
    ("PAUSE", Pause()),
    ("resume", Resume()),
    ("TERMINATE", Terminate()),
    ("EJECT Turkey", Eject("turkey")),
    ("EJECT White Rose", Eject("white rose")),
    ("eject observer Nosy@Example.org", EjectObserver("Nosy@Example.org")),
    ("SET DEADLINE 2026-12-24 20:00", SetDeadline(datetime(2026, 12, 24, 20, 0))),
    ("set deadline 24 Dec 2026 8pm", SetDeadline(datetime(2026, 12, 24, 20, 0))),
    ("set deadline 24 Dec 2026 8 pm", SetDeadline(datetime(2026, 12, 24, 20, 0))),
    ("set deadline December 24, 2026 at 8:30am", SetDeadline(datetime(2026, 12, 24, 8, 30))),
    ("set deadline 20:00 2026-12-24", SetDeadline(datetime(2026, 12, 24, 20, 0))),
    ("set deadline 2026-12-24T20:00", SetDeadline(datetime(2026, 12, 24, 20, 0))),
    ("set deadline 2026-12-24 12am", SetDeadline(datetime(2026, 12, 24, 0, 0))),
    ("SET GRACE 2026-12-25 20.00", SetGrace(datetime(2026, 12, 25, 20, 0))),
    ("SET VARIANT Roses1", SetVariant("roses1")),
    ("SET PRESS none", SetPress(PressMode.NONE)),
    ("set press White", SetPress(PressMode.WHITE)),
    ("SET PRESS gray", SetPress(PressMode.GREY)),
    ("SET PRESS BOTH FAKE", SetPress(PressMode.BOTH, fake=True)),
    ("SET NMR civil disorder", SetNmr(NmrPolicy.CIVIL_DISORDER)),
    ("set nmr CD", SetNmr(NmrPolicy.CIVIL_DISORDER)),
    ("set nmr civil-disorder", SetNmr(NmrPolicy.CIVIL_DISORDER)),
    ("SET NMR Abandon", SetNmr(NmrPolicy.ABANDON)),
    ("SET MOVEMENT DEADLINE 48h AT 20:00 DAYS mon-fri",
     SetTiming("movement", timedelta(hours=48), time(20, 0), (0, 1, 2, 3, 4))),
    ("SET TIMING movement 48h AT 20:00 DAYS mon-fri",
     SetTiming("movement", timedelta(hours=48), time(20, 0), (0, 1, 2, 3, 4))),
    ("set moves 2 days 12 hours grace 1d",
     SetTiming("moves", timedelta(days=2, hours=12), grace=timedelta(days=1))),
    ("set retreat 24", SetTiming("retreat", timedelta(hours=24))),
    ("SET RETREATS TIMING 90m", SetTiming("retreats", timedelta(minutes=90))),
    ("set adjustment days sat, sun at 8 pm",
     SetTiming("adjustment", at=time(20, 0), days=(5, 6))),
    ("SET BUILDS GRACE 1d12h", SetTiming("builds", grace=timedelta(hours=36))),
    ("SET DAYS mon,tue,wed", SetDays((0, 1, 2))),
    ("set days Friday-Monday", SetDays((0, 4, 5, 6))),
    ("set days tu th sa", SetDays((1, 3, 5))),
    ("SET DAYS weekdays", SetDays((0, 1, 2, 3, 4))),
    ("SET DAYS all", SetDays((0, 1, 2, 3, 4, 5, 6))),
    ("SET TIMEZONE Europe/London", SetTimezone("Europe/London")),
    ("set timezone america/new_york", SetTimezone("America/New_York")),
    ("SET TZ utc", SetTimezone("UTC")),
    ("SET ANONYMOUS on", SetAnonymous(True)),
    ("set anonymous NO", SetAnonymous(False)),
    ("SET GUNBOAT off", SetGunboat(False)),
    ("set gunboat yes", SetGunboat(True)),
    ("SET DRAW RULE all", SetDrawRule(DrawRule.ALL)),
    ("set draw rule DIAS", SetDrawRule(DrawRule.DIAS)),
    ("Set Draw Rule any", SetDrawRule(DrawRule.ANY)),
    ("SET REMINDER 12h", SetReminder(timedelta(hours=12))),
    ("set remind 1 day", SetReminder(timedelta(days=1))),
    ("SET REMINDER OFF", SetReminder(None)),
    ("SET MAP off", SetMap(False)),
    ("set maps ON", SetMap(True)),
    ("SET MAIL EVERY PHASE", SetMail(True)),
    ("set mail turn", SetMail(False)),
]


@pytest.mark.parametrize(("line", "expected"), FORMS, ids=[line for line, _ in FORMS])
def test_each_command_form(line: str, expected: Command) -> None:
    item = read(line)
    assert item == expected
    assert type(item) is type(expected)
    assert (item.line, item.raw) == (2, line)


def test_every_command_class_is_read_by_some_form() -> None:
    read_classes = {type(command) for _, command in FORMS} | {Press, Broadcast}
    assert read_classes == {info.command for info in COMMANDS.values()}


# --- the registry ---------------------------------------------------------------------------------


def _subclasses(cls: type) -> set[type]:
    found: set[type] = set(cls.__subclasses__())
    return found.union(*(_subclasses(sub) for sub in found))


def test_every_command_class_is_in_the_registry_once() -> None:
    registered = [info.command for info in COMMANDS.values()]
    assert sorted(cls.__name__ for cls in registered) == sorted(
        cls.__name__ for cls in _subclasses(Command)
    )
    assert len(set(registered)) == len(registered)


def test_registry_entries_are_complete() -> None:
    for name, info in COMMANDS.items():
        assert info.usage.upper().startswith(name) or name == "SET TIMING", name
        assert info.help and info.help.endswith("."), name
        assert isinstance(info.who, Who)
    assert COMMANDS["SIGNON"].who is Who.ANYONE
    assert COMMANDS["PRESS"].who is Who.PLAYER
    assert COMMANDS["SET DEADLINE"].who is Who.MASTER
    assert {"SIGNON", "SET", "PRESS", "ENDPRESS", "ENDBROADCAST", "PHASE"} <= COMMAND_WORDS


@pytest.mark.parametrize("name", list(COMMANDS))
def test_each_command_example_reads_as_that_command(name: str) -> None:
    """HELP <command> shows the registry's example: it must read as the command it explains."""
    items = parse_commands([SIGNON, *COMMANDS[name].example.splitlines()])
    assert len(items) == 2, items
    assert type(items[1]) is COMMANDS[name].command, items[1]


# --- errors ---------------------------------------------------------------------------------------

ERRORS = [
    ("SET DEADLINE tomorow",
     'SET DEADLINE: cannot read "tomorow" as a date and time; expected e.g. 2026-12-24 20:00'),
    ("set deadline 2026-12-24",
     'SET DEADLINE: cannot read "2026-12-24" as a date and time (the time of day is missing); '
     "expected e.g. 2026-12-24 20:00"),
    ("SET GRACE 2026-02-30 20:00",
     'SET GRACE: cannot read "2026-02-30 20:00" as a date and time (there is no such day); '
     "expected e.g. 2026-12-24 20:00"),
    ("SET DEADLINE",
     'SET DEADLINE: the line ends after "DEADLINE"; '
     "expected a date and time (e.g. 2026-12-24 20:00)"),
    ("SIGNON R roses1 secret",
     'SIGNON: cannot read "R roses1" as a power and game (the power\'s letter is written against '
     "the game's name); expected e.g. Rroses1 or England@roses1"),
    ("SIGNON Rroses1 secret extra", 'SIGNON: cannot read "extra"; expected the end of the line'),
    ("SIGNON", 'SIGNON: the line ends after "SIGNON"; expected the power and game '
     "(e.g. Rroses1 or England@roses1)"),
    ("SIGNON R pw", 'SIGNON: cannot read "R" as a power and game; expected the power\'s letter and '
     "the game together, e.g. Rroses1, or the power and game around @, e.g. England@roses1"),
    ("JOIN roses1", 'JOIN: the line ends after "roses1"; expected a password'),
    ("CREATE ?ro$es pw",
     'CREATE: cannot read "?ro$es" as a game name; expected letters, digits, - and _, e.g. roses1'),
    ("LIST ?roses1",
     'LIST: cannot read "?roses1" as a game name; expected letters, digits, - and _, e.g. roses1'),
    ("RESIGN now", 'RESIGN: cannot read "now"; expected the end of the line'),
    ("SET NAME me@example.org", 'SET NAME: cannot read "me@example.org" as a name; expected words of '
     "letters and digits (with . ' -), at most 40 characters, e.g. Anna K."),
    ("SET PASSWORD two words", 'SET PASSWORD: cannot read "words"; expected the end of the line'),
    ("SET ADDRESS nobody", 'SET ADDRESS: cannot read "nobody" as a mail address; '
     "expected one address, e.g. name@example.org"),
    # one plain address: never a list, a name or brackets (the judge writes to the one it reads)
    ("SET ADDRESS a@example.org,b@example.org", 'SET ADDRESS: cannot read '
     '"a@example.org,b@example.org" as a mail address; expected one address, e.g. name@example.org'),
    ("SET ADDRESS a@example.org;b@example.org", 'SET ADDRESS: cannot read '
     '"a@example.org;b@example.org" as a mail address; expected one address, e.g. name@example.org'),
    ("SET ADDRESS a@example.org b@example.org",
     'SET ADDRESS: cannot read "b@example.org"; expected the end of the line'),
    ("SET ADDRESS <a@example.org>", 'SET ADDRESS: cannot read "<a@example.org>" as a mail '
     "address; expected one address, e.g. name@example.org"),
    ("SET ADDRESS a@@example.org", 'SET ADDRESS: cannot read "a@@example.org" as a mail '
     "address; expected one address, e.g. name@example.org"),
    ("SET ADDRESS a@example..org", 'SET ADDRESS: cannot read "a@example..org" as a mail '
     "address; expected one address, e.g. name@example.org"),
    ("CONFIRM", 'CONFIRM: the line ends after "CONFIRM"; expected the code the judge mailed you'),
    ("CONFIRM k7-qx", 'CONFIRM: cannot read "k7-qx" as a confirmation code; expected the code '
     "the judge mailed, e.g. k7qx3mpa"),
    ("SET", 'SET: the line ends after "SET"; expected what to set (HELP SET lists every setting)'),
    ("set deadlin 2026-12-24 20:00", 'SET: cannot read "deadlin"; expected what to set: '
     "did you mean DEADLINE? (HELP SET lists every setting)"),
    ("SET COLOUR red",
     'SET: cannot read "COLOUR"; expected what to set (HELP SET lists every setting)'),
    ("SET PRESS purple", 'SET PRESS: cannot read "purple"; expected NONE, WHITE, GREY, or BOTH'),
    ("SET PRESS none fake", "SET PRESS: FAKE press cannot be allowed when no press is"),
    ("SET GUNBOAT of", 'SET GUNBOAT: cannot read "of"; expected ON or OFF (did you mean OFF?)'),
    ("SET NMR", 'SET NMR: the line ends after "NMR"; expected CIVIL DISORDER or ABANDON'),
    ("SET DRAW RULE most", 'SET DRAW RULE: cannot read "most"; expected ALL, DIAS, or ANY'),
    ("SET DRAW 42", 'SET DRAW: cannot read "42" as a power; expected a power\'s name or letter, '
     "e.g. England or E"),
    ("SET REMINDER soon", 'SET REMINDER: cannot read "soon" as a length of time; expected e.g. '
     "48h, 2d, 90m or 1d 12h"),
    ("SET ABSENCE 2026-12-24", 'SET ABSENCE: the line ends after "2026-12-24"; expected TO'),
    ("SET ABSENCE 2026-12-24 TO 2026-12-20",
     "SET ABSENCE: the absence ends (2026-12-20) before it begins (2026-12-24)"),
    ("SET ABSENCE 24 Dez 2026 TO 2027-01-02", 'SET ABSENCE: cannot read "24 Dez 2026" as a date; '
     "expected e.g. 2026-12-24 or 24 Dec 2026"),
    ("HISTORY roses1 FROM 2026-02-01 TO 2026-01-01",
     "HISTORY: the history would end (2026-01-01) before it begins (2026-02-01)"),
    ("SET MOVEMENT", 'SET MOVEMENT: the line ends after "MOVEMENT"; expected a length of time '
     "(e.g. 48h), DEADLINE, AT, DAYS, or GRACE"),
    ("SET TIMING RETREAT", 'SET TIMING: the line ends after "RETREAT"; expected a length of time '
     "(e.g. 48h), AT, DAYS, or GRACE"),
    ("SET MOVEMENT DEADLINE 48x", 'SET MOVEMENT DEADLINE: cannot read "48x" as a length of time; '
     "expected e.g. 48h, 2d, 90m or 1d 12h"),
    ("SET MOVEMENT DEADLINE AT 25:00",
     'SET MOVEMENT DEADLINE: cannot read "25:00" as a time of day; expected e.g. 20:00 or 8pm'),
    ("SET MOVEMENT 2 DAYS mon-fri",  # "2 DAYS" is a length: the days need a length written 2d
     'SET MOVEMENT: cannot read "2 DAYS mon-fri" as a length of time; '
     "expected e.g. 48h, 2d, 90m or 1d 12h"),
    ("SET MOVEMENT AT 20:00 AT 21:00", "SET MOVEMENT: AT is given twice"),
    ("SET DAYS mon-frx", 'SET DAYS: cannot read "mon-frx" as days of the week; '
     "expected e.g. mon-fri or sat,sun"),
    ("SET DAYS t",
     'SET DAYS: cannot read "t" as days of the week; expected e.g. mon-fri or sat,sun'),
    ("SET TIMEZONE Europe/Londn", 'SET TIMEZONE: cannot read "Europe/Londn" as a time zone; '
     "expected an IANA name, e.g. Europe/London (did you mean Europe/London?)"),
    ("PHASE", 'PHASE: the line ends after "PHASE"; expected a phase (e.g. F1901M)'),
    ("ROLLBACK", 'ROLLBACK: the line ends after "ROLLBACK"; expected a phase (e.g. F1901M)'),
    ("EJECT 3", 'EJECT: cannot read "3" as a power; expected a power\'s name or letter, '
     "e.g. England or E"),
    ("ENDPRESS", "ENDPRESS: there is no PRESS or BROADCAST to end"),
    ("EJECT OBSERVER", 'EJECT: the line ends after "OBSERVER"; expected a mail address'),
]


@pytest.mark.parametrize(("line", "message"), ERRORS, ids=[line for line, _ in ERRORS])
def test_error_messages(line: str, message: str) -> None:
    assert error(line) == message


def test_not_a_command_before_signon() -> None:
    items = parse_commands(["A Lon - Nth", "singon Rroses1 pw", "bla bla"])
    assert [item.message for item in items if isinstance(item, CommandError)] == [
        "not a command; orders must follow SIGNON",
        '"singon" is not a command (did you mean SIGNON?); orders must follow SIGNON',
        "not a command; orders must follow SIGNON",
    ]


def test_one_bad_line_never_stops_the_rest() -> None:
    lines = ["SIGNON Rroses1 pw", "SET DEADLINE soon", "RESIGN now", "A Lon H", "LIST"]
    items = parse_commands(lines)
    assert items == [
        Signon("r", "roses1", "pw"),
        CommandError(
            'SET DEADLINE: cannot read "soon" as a date and time; expected e.g. 2026-12-24 20:00'
        ),
        CommandError('RESIGN: cannot read "now"; expected the end of the line'),
        OrderLine("A Lon H"),
        List(None),
    ]
    assert [item.line for item in items] == [1, 2, 3, 4, 5]


# --- case -----------------------------------------------------------------------------------------


def test_password_keeps_its_case_and_keywords_do_not_matter() -> None:
    assert parse_commands(["sIgNoN Rroses1 SeCrEt"]) == [Signon("r", "roses1", "SeCrEt")]
    assert read("set PASSWORD MiXeD-Case!") == SetPassword("MiXeD-Case!")
    # Words that are keywords elsewhere are passwords here.
    assert read("JoIn roses1 Grey") == Join("roses1", "Grey")
    assert read("CREATE ?g1 At") == Create("g1", "At")


def test_mixed_case_keywords_everywhere() -> None:
    assert read("sEt MoVeMeNt DeAdLiNe 48H aT 20:00 dAyS MON-fri gRaCe 1D") == SetTiming(
        "movement", timedelta(hours=48), time(20), (0, 1, 2, 3, 4), timedelta(days=1)
    )


# --- orders, SIGNON and SIGNOFF -------------------------------------------------------------------


def test_order_lines_after_signon_are_kept_unread() -> None:
    lines = ["", "SIGNON Rroses1 pw", "  A Lon - Nth  ", "", "F Edi S A Lon-Nth, A Lvp H", "IF x"]
    items = parse_commands(lines)
    assert items == [
        Signon("r", "roses1", "pw"),
        OrderLine("A Lon - Nth"),
        OrderLine("F Edi S A Lon-Nth, A Lvp H"),
        OrderLine("IF x"),
    ]
    assert [(item.line, item.raw) for item in items] == [
        (2, "SIGNON Rroses1 pw"),
        (3, "  A Lon - Nth  "),
        (5, "F Edi S A Lon-Nth, A Lvp H"),
        (6, "IF x"),
    ]


@pytest.mark.parametrize(
    "first", ["JOIN roses1 pw", "CREATE ?roses1 pw", "OBSERVE roses1 pw", "BECOME E"]
)
def test_other_commands_that_name_the_writer_also_open_orders(first: str) -> None:
    assert parse_commands([first, "A Lon H"])[1] == OrderLine("A Lon H")


def test_orders_after_a_signon_that_failed_are_refused() -> None:
    lines = ["SIGNON Rroses1 pw", "SIGNON R roses2 pw", "A Lon H", "SIGNON Eroses2 pw", "A Lon H"]
    items = parse_commands(lines)
    assert items[2] == CommandError("order not read: the SIGNON on line 2 could not be read")
    assert items[4] == OrderLine("A Lon H")


def test_signoff_stops_reading() -> None:
    lines = ["SIGNON Rroses1 pw", "A Lon H", "SIGNOFF", "RESIGN", "A Lon - Wal", "garbage"]
    assert parse_commands(lines) == [Signon("r", "roses1", "pw"), OrderLine("A Lon H"), Signoff()]
    assert parse_commands(["signoff", "RESIGN"]) == [Signoff()]


def test_tabs_and_no_break_spaces_are_spaces() -> None:
    items = parse_commands(["SIGNON\u00a0Rroses1\tpw", "A\u00a0Lon \t H", "LIST\u00a0roses1"])
    assert items == [Signon("r", "roses1", "pw"), OrderLine("A Lon H"), List("roses1")]
    assert items[1].raw == "A\u00a0Lon \t H"


def test_crlf_line_endings() -> None:
    items = parse_commands(["SIGNON Rroses1 pw\r\n", "A Lon H\r\n"])
    assert items == [Signon("r", "roses1", "pw"), OrderLine("A Lon H")]
    assert items[1].raw == "A Lon H"


# --- blocks ---------------------------------------------------------------------------------------


def test_press_body_is_kept_verbatim() -> None:
    body = ["Dear France,", "", "  SIGNON Rroses1 x", "RESIGN", "SIGNOFF", "PRESS TO all", "A Lon "]
    lines = [SIGNON, "press to France, Germany I GREY", *body, "  EndPress  ", "A Lon H"]
    items = parse_commands(lines)
    assert items == [
        Signon("e", "roses1", "pw"),
        Press(("france", "germany", "i"), True, None, tuple(body)),
        OrderLine("A Lon H"),
    ]
    assert (items[1].line, items[1].raw) == (2, "press to France, Germany I GREY")
    assert items[2].line == 11


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("PRESS TO all", Press(("all",))),
        ("PRESS TO master observers WHITE", Press(("master", "observers"))),
        ("Press To England,France", Press(("england", "france"))),
        ("PRESS TO E F grey FAKE Turkey", Press(("e", "f"), True, "turkey")),
        ("PRESS TO Russia FAKE T", Press(("russia",), False, "t")),
        ("BROADCAST", Broadcast()),
        ("broadcast Grey", Broadcast(True)),
        ("BROADCAST white", Broadcast(False)),
    ],
)
def test_press_headers(header: str, expected: Press | Broadcast) -> None:
    for end in ("ENDPRESS", "endbroadcast", "End Press"):
        assert parse_commands([header, "hi", end]) == [replace(expected, body_lines=("hi",))]


def test_unterminated_press_is_one_error_and_nothing_of_it_is_kept() -> None:
    lines = [SIGNON, "A Lon H", "PRESS TO France", "hello", "RESIGN", "A Par - Bur", "SIGNOFF"]
    items = parse_commands(lines)
    assert items == [
        Signon("e", "roses1", "pw"),
        OrderLine("A Lon H"),
        CommandError("PRESS: the PRESS begun on line 3 has no ENDPRESS; none of it was sent"),
    ]
    assert (items[2].line, items[2].raw) == (3, "PRESS TO France")
    assert parse_commands(["BROADCAST", "x"]) == [
        CommandError(
            "BROADCAST: the BROADCAST begun on line 1 has no ENDBROADCAST; none of it was sent"
        )
    ]


def test_press_with_a_bad_header_swallows_its_body() -> None:
    items = parse_commands([SIGNON, "PRESS France", "RESIGN", "ENDPRESS", "CLEAR"])
    assert items == [
        Signon("e", "roses1", "pw"),
        CommandError('PRESS: cannot read "France"; expected TO; none of the PRESS was sent'),
        Clear(),
    ]
    assert items[2].line == 5


def test_phase_block_until_the_next_command() -> None:
    lines = [SIGNON, "A Lon H", "PHASE F1901M", "A Lon - Nth", "", "F Edi H", "CLEAR", "A Lvp H"]
    items = parse_commands(lines)
    assert items == [
        Signon("e", "roses1", "pw"),
        OrderLine("A Lon H"),
        Phase(F1901M),
        OrderLine("A Lon - Nth", F1901M),
        OrderLine("F Edi H", F1901M),
        Clear(),
        OrderLine("A Lvp H"),
    ]
    assert [item.line for item in items] == [1, 2, 3, 4, 6, 7, 8]


def test_phase_then_another_phase_then_press() -> None:
    s1902 = "S1902M"
    lines = [SIGNON, "PHASE F1901M", "A", "PHASE S1902M", "B", "PRESS TO all", "x", "ENDPRESS", "C"]
    assert parse_commands(lines)[1:] == [
        Phase(F1901M),
        OrderLine("A", F1901M),
        Phase(s1902),
        OrderLine("B", s1902),
        Press(("all",), body_lines=("x",)),
        OrderLine("C"),
    ]


def test_orders_after_a_phase_that_failed_are_refused_until_the_next_command() -> None:
    items = parse_commands([SIGNON, "PHASE", "A Lon - Nth", "LIST", "A Lon H"])
    assert items[2:] == [
        CommandError("order not read: the PHASE on line 2 could not be read"),
        List(None),
        OrderLine("A Lon H"),
    ]


# --- the parser -----------------------------------------------------------------------------------


def test_the_parser_is_built_once() -> None:
    assert command_grammar._parser() is command_grammar._parser()


def test_items_compare_by_meaning_not_by_place() -> None:
    first, second = parse_commands(["LIST roses1", "  list ROSES1"])
    assert first == second
    assert (first.line, first.raw) == (1, "LIST roses1")
    assert (second.line, second.raw) == (2, "  list ROSES1")


# --- robustness -----------------------------------------------------------------------------------

_VOCABULARY = sorted(
    {word for name in COMMANDS for word in name.split()}
    | {"TO", "AT", "DAYS", "GRACE", "FAKE", "GREY", "FROM", "RULE", "MOVEMENT", "DEADLINE", "ALL"}
    | {"2026-12-24", "20:00", "8pm", "48h", "99999999999999999999999d", "mon-fri", "?g", "E@g",
       "Rg", "F1901M", "fall", "1901", "31", "Feb", "9999-99-99", ",", "-", "é", "\u00a0"}
)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(_VOCABULARY), min_size=1, max_size=7) | st.text(max_size=40).map(
    lambda text: [text]))
def test_no_line_makes_the_reader_raise(words: list[str]) -> None:
    line = " ".join(words).replace("\n", " ").replace("\r", " ")
    if line.split() and line.split()[0].upper() in ("PRESS", "BROADCAST", "SIGNOFF"):
        return
    items = parse_commands([SIGNON, line])
    assert len(items) == (2 if line.strip() else 1)


def test_friendly_lines_are_one_closing_not_errors() -> None:
    items = parse_commands([SIGNON, "F lon - nth", "Best regards,", "", "Anna  Smith", "LIST"])
    assert items[1:] == [OrderLine("F lon - nth"), Closing(("Best regards,", "Anna Smith")), List()]
    assert (items[2].line, items[2].raw) == (3, "Best regards,\n> Anna  Smith")
    assert parse_commands(["Hi judge,", "HELP", "Thanks!"]) == [
        Closing(("Hi judge,",)), Help(None), Closing(("Thanks!",))]


def test_a_closing_keeps_the_phase_of_the_orders_before_it() -> None:
    items = parse_commands([SIGNON, "PHASE F1901M", "F nth - nwy", "Cheers, Anna"])
    assert items[-1] == Closing(("Cheers, Anna",), F1901M)


@pytest.mark.parametrize("line", ["A Lvp-Yrk", "F lon - nth", "Build A Par", "lorem ipsum dolor",
                                  "A Mun S A Par - Bur", "F Nth C A Lon - Nwy"])
def test_orders_and_junk_are_no_closing(line: str) -> None:
    """(A word alone, "Waive" as "Anna", is a closing here: the service then takes it as an
    order if it reads as one, test_friendly_and_junk_mail.py.)"""
    assert not isinstance(read(line), Closing)
