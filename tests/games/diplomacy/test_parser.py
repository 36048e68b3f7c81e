"""The order parser: every form players type, the DATC's orders, the errors, and split_orders."""

from __future__ import annotations

import json
import tomllib
from importlib import resources
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lark import Lark
from lark.exceptions import GrammarError, UnexpectedInput

from judge.games.diplomacy import order_grammar
from judge.games.diplomacy import parser as parser_module
from judge.games.variants import load_variant
from judge.games.diplomacy.order_lexer import OrderLexer
from judge.games.diplomacy.order_shapes import ShapeBuilder
from judge.games.diplomacy.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    SupportHold,
    SupportMove,
    UnitRef,
    Waive,
)
from judge.games.diplomacy.parser import OrderSyntaxError, parse_order, split_orders
from judge.games.diplomacy.vocabulary import Location, Province, UnitType

STANDARD = load_variant("standard")
A, F = UnitType.ARMY, UnitType.FLEET

DATA = Path(__file__).parent / "data" / "datc_v3_2_chapter6.json"
DATC_ORDERS: list[str] = sorted(
    {
        order["order"]
        for case in json.loads(DATA.read_text(encoding="utf-8"))["cases"]
        for order in case["orders"] + case["retreats"]
    }
)


def unit(kind: UnitType | None, location: str) -> UnitRef:
    return UnitRef(kind, Location(location))


def move(
    kind: UnitType | None, origin: str, destination: str, *route: str, via: bool = False
) -> Move:
    return Move(
        unit(kind, origin),
        Location(destination),
        via or bool(route),
        tuple(Province(p) for p in route),
    )


def parse(text: str) -> Order:
    """Uncached, so that each test runs the parser."""
    return parser_module._parse_order(STANDARD, text)


# --- the DATC's orders ----------------------------------------------------------------------------


def test_datc_has_the_orders_it_should() -> None:
    assert len(DATC_ORDERS) > 400


def test_every_datc_order_parses_into_the_class_its_words_say() -> None:
    failures = []
    for text in DATC_ORDERS:
        try:
            order = parse(text)
        except OrderSyntaxError as error:
            failures.append(str(error))
            continue
        words = text.split()
        if "Supports" in words:
            expected: type = SupportMove if " - " in text else SupportHold
        elif "Convoys" in words:
            expected = Convoy
        elif "Holds" in words:
            expected = Hold
        elif words[0] == "Build":
            expected = Build
        elif words[0] == "Disband":
            expected = Disband
        else:
            expected = Move
        if type(order) is not expected:
            failures.append(f"{text!r}: {order!r} is not a {expected.__name__}")
    assert failures == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("F North Sea - Picardy", move(F, "nth", "pic")),
        ("A Gascony - Spain(nc)", move(A, "gas", "spa/nc")),
        ("F Gulf of Lyon - Spain(sc)", move(F, "lyo", "spa/sc")),
        ("A Norway - Sweden via convoy", move(A, "nwy", "swe", via=True)),
        (
            "F Mid-Atlantic Ocean Supports F Spain(sc) - Portugal",
            SupportMove(unit(F, "mao"), unit(F, "spa/sc"), Location("por")),
        ),
        ("F Aegean Sea Supports F Constantinople", SupportHold(unit(F, "aeg"), unit(F, "con"))),
        (
            "F Barents Sea Convoys A Edinburgh - St Petersburg",
            Convoy(unit(F, "bar"), unit(A, "edi"), Location("stp")),
        ),
        ("F Bulgaria(sc) - Constantinople", move(F, "bul/sc", "con")),
        ("A Belgium Holds", Hold(unit(A, "bel"))),
        ("Build F St Petersburg(nc)", Build(unit(F, "stp/nc"))),
        ("Disband F Gulf of Lyon", Disband(unit(F, "lyo"))),
        ("F Eastern Mediterranean - Ionian Sea", move(F, "eas", "ion")),
        ("F Helgoland Bight - Kiel", move(F, "hel", "kie")),
    ],
)
def test_datc_orders_exactly(text: str, expected: Order) -> None:
    assert text in DATC_ORDERS
    assert parse(text) == expected


# --- every form -----------------------------------------------------------------------------------

FORMS: list[tuple[str, Order]] = [
    # unit type optional, in words, any case
    ("A Par - Bur", move(A, "par", "bur")),
    ("Par - Bur", move(None, "par", "bur")),
    ("Army Paris - Burgundy", move(A, "par", "bur")),
    ("fleet north sea - norway", move(F, "nth", "nwy")),
    ("a PAR - bUr", move(A, "par", "bur")),
    ("  A   Par  -  Bur  ", move(A, "par", "bur")),
    ("A Par - Bur.", move(A, "par", "bur")),
    ("A Par H.", Hold(unit(A, "par"))),
    ("F Nth C A Lon - Nwy. ", Convoy(unit(F, "nth"), unit(A, "lon"), Location("nwy"))),
    # full names, several words, hyphens, dots, aliases
    ("F North Sea - Norway", move(F, "nth", "nwy")),
    ("F Mid-Atlantic Ocean - Brest", move(F, "mao", "bre")),
    ("F Mid Atlantic Ocean - Brest", move(F, "mao", "bre")),
    ("F Brest - Mid-Atlantic Ocean", move(F, "bre", "mao")),
    ("F Brest-Mid-Atlantic Ocean", move(F, "bre", "mao")),
    ("F Mid-Atlantic-Brest", move(F, "mao", "bre")),
    ("A St Petersburg - Moscow", move(A, "stp", "mos")),
    ("A St. Petersburg - Moscow", move(A, "stp", "mos")),
    ("A Saint Petersburg - Moscow", move(A, "stp", "mos")),
    ("F Gulf of Bothnia - Sweden", move(F, "bot", "swe")),
    ("A Spain - Portugal", move(A, "spa", "por")),
    ("A Sev - Stp", move(A, "sev", "stp")),
    # coasts
    ("F Mao - Spa/nc", move(F, "mao", "spa/nc")),
    ("F Mao - Spa(nc)", move(F, "mao", "spa/nc")),
    ("F Mao - Spa (nc)", move(F, "mao", "spa/nc")),
    ("F Mao - Spa/north coast", move(F, "mao", "spa/nc")),
    ("F Mao - Spa(north coast)", move(F, "mao", "spa/nc")),
    ("F Mao - Spain (South Coast)", move(F, "mao", "spa/sc")),
    ("F Mao - Spa(sc)", move(F, "mao", "spa/sc")),
    ("F Con - Bul/ec", move(F, "con", "bul/ec")),
    ("F Con - Bul/e", move(F, "con", "bul/ec")),
    ("F Mao - Spa/s", move(F, "mao", "spa/sc")),
    ("F Mao - Spa(S)", move(F, "mao", "spa/sc")),
    ("F Spa/s S F Mao", SupportHold(unit(F, "spa/sc"), unit(F, "mao"))),
    ("F Mao - Spa nc", move(F, "mao", "spa/nc")),
    ("F Mao - Spain north coast", move(F, "mao", "spa/nc")),
    ("F Bar - St Petersburg north", move(F, "bar", "stp/nc")),
    ("F Spa(sc) - Wes", move(F, "spa/sc", "wes")),
    ("F Stp/nc-Bar", move(F, "stp/nc", "bar")),
    ("F Mao - Spa", move(F, "mao", "spa")),  # the coast is left for the resolver to choose
    # move words
    ("A Par -> Bur", move(A, "par", "bur")),
    ("A Par => Bur", move(A, "par", "bur")),
    ("A Par → Bur", move(A, "par", "bur")),
    ("A Par-Bur", move(A, "par", "bur")),
    ("A Par m Bur", move(A, "par", "bur")),
    ("A Par move Bur", move(A, "par", "bur")),
    ("A Par moves Bur", move(A, "par", "bur")),
    ("A Par moves to Bur", move(A, "par", "bur")),
    ("A Par move to Bur", move(A, "par", "bur")),
    ("A Par to Bur", move(A, "par", "bur")),
    # convoys
    ("A Lon - Nwy via convoy", move(A, "lon", "nwy", via=True)),
    ("A Lon - Nwy by convoy", move(A, "lon", "nwy", via=True)),
    ("A Lon-Nth-Nwy", move(A, "lon", "nwy", "nth")),
    ("A Lon - Nth - Nwy", move(A, "lon", "nwy", "nth")),
    ("A Lon - North Sea - Norway", move(A, "lon", "nwy", "nth")),
    ("A Lon-Eng-Mao-Por", move(A, "lon", "por", "eng", "mao")),
    ("A Lon-Nth-Nwy via convoy", move(A, "lon", "nwy", "nth")),
    ("f nth c a lon-nwy", Convoy(unit(F, "nth"), unit(A, "lon"), Location("nwy"))),
    ("F Nth C A Lon - Nwy", Convoy(unit(F, "nth"), unit(A, "lon"), Location("nwy"))),
    ("F Nth convoy A Lon - Nwy", Convoy(unit(F, "nth"), unit(A, "lon"), Location("nwy"))),
    ("F Nth convoys A Lon to Nwy", Convoy(unit(F, "nth"), unit(A, "lon"), Location("nwy"))),
    ("F Nth T A Lon - Nwy", Convoy(unit(F, "nth"), unit(A, "lon"), Location("nwy"))),
    ("F Nth transport A Lon - Nwy", Convoy(unit(F, "nth"), unit(A, "lon"), Location("nwy"))),
    ("F Nth transports Lon - Nwy", Convoy(unit(F, "nth"), unit(None, "lon"), Location("nwy"))),
    (
        "F North Sea Convoys A London - Norway",
        Convoy(unit(F, "nth"), unit(A, "lon"), Location("nwy")),
    ),
    ("F Nth C English A Lon - Nwy", Convoy(unit(F, "nth"), unit(A, "lon"), Location("nwy"))),
    # holds
    ("A Par H", Hold(unit(A, "par"))),
    ("A Par hold", Hold(unit(A, "par"))),
    ("A Par holds", Hold(unit(A, "par"))),
    ("A Par stand", Hold(unit(A, "par"))),
    ("A Par stands", Hold(unit(A, "par"))),
    ("F North Sea Holds", Hold(unit(F, "nth"))),
    ("F Spa(nc) H", Hold(unit(F, "spa/nc"))),
    # supports
    ("F Tri S F Tri", SupportHold(unit(F, "tri"), unit(F, "tri"))),
    ("F Tri S F Tri H", SupportHold(unit(F, "tri"), unit(F, "tri"))),
    ("F Tri S F Tri hold", SupportHold(unit(F, "tri"), unit(F, "tri"))),
    ("A Mun support A Ber", SupportHold(unit(A, "mun"), unit(A, "ber"))),
    ("A Mun supports Ber", SupportHold(unit(A, "mun"), unit(None, "ber"))),
    ("A Mun S A Ber - Sil", SupportMove(unit(A, "mun"), unit(A, "ber"), Location("sil"))),
    ("A Mun S A Ber-Sil", SupportMove(unit(A, "mun"), unit(A, "ber"), Location("sil"))),
    ("A Mun S A Ber moves to Sil", SupportMove(unit(A, "mun"), unit(A, "ber"), Location("sil"))),
    ("A Mun S German A Ber - Sil", SupportMove(unit(A, "mun"), unit(A, "ber"), Location("sil"))),
    ("A Mun S Germany A Ber", SupportHold(unit(A, "mun"), unit(A, "ber"))),
    ("A Mun S German Ber", SupportHold(unit(A, "mun"), unit(None, "ber"))),
    ("A Tyr S Austrian F Tri", SupportHold(unit(A, "tyr"), unit(F, "tri"))),
    ("A Spain S A Par", SupportHold(unit(A, "spa"), unit(A, "par"))),
    ("Spa S Por", SupportHold(unit(None, "spa"), unit(None, "por"))),
    (
        "F Mid-Atlantic Ocean Supports F Spain(nc) - Mid-Atlantic Ocean",
        SupportMove(unit(F, "mao"), unit(F, "spa/nc"), Location("mao")),
    ),
    # retreats
    ("A Hol - Bel", move(A, "hol", "bel")),
    ("A Hol R Bel", move(A, "hol", "bel")),
    ("A Hol retreat Bel", move(A, "hol", "bel")),
    ("A Hol retreats to Bel", move(A, "hol", "bel")),
    ("A Hol disband", Disband(unit(A, "hol"))),
    ("A Hol D", Disband(unit(A, "hol"))),
    ("A Hol disbands", Disband(unit(A, "hol"))),
    ("Disband A Hol", Disband(unit(A, "hol"))),
    # adjustments
    ("Build F St Petersburg(nc)", Build(unit(F, "stp/nc"))),
    ("Build F Stp/sc", Build(unit(F, "stp/sc"))),
    ("B A Lon", Build(unit(A, "lon"))),
    ("build army london", Build(unit(A, "lon"))),
    ("builds fleet Edinburgh", Build(unit(F, "edi"))),
    ("Build Lon", Build(unit(None, "lon"))),
    ("Remove F Edi", Disband(unit(F, "edi"))),
    ("R F Edi", Disband(unit(F, "edi"))),
    ("remove f edi", Disband(unit(F, "edi"))),
    ("Disband A Prussia", Disband(unit(A, "pru"))),
    ("D A Pru", Disband(unit(A, "pru"))),
    ("waive", Waive()),
    ("Waive build", Waive()),
    ("WAIVE", Waive()),
    ("decline", Waive()),
    ("decline build", Waive()),
    ("build waive", Waive()),
]


@pytest.mark.parametrize(("text", "expected"), FORMS, ids=[text for text, _ in FORMS])
def test_form(text: str, expected: Order) -> None:
    assert parse(text) == expected


def test_every_name_and_alias_of_the_standard_map_reads_as_its_province() -> None:
    source = resources.files("judge.games.variants").joinpath("standard.toml").read_text("utf-8")
    provinces = tomllib.loads(source)["provinces"]
    failures = []
    for abbreviation, spec in provinces.items():
        for name in (abbreviation, spec["name"], *spec.get("aliases", ())):
            for text, expected in (
                (f"{name} H", Hold(unit(None, abbreviation))),
                (f"F Ion S A {name} - Tyr", None),
                (f"A Bur - {name} via convoy", None),
            ):
                try:
                    order = parse(text)
                except OrderSyntaxError as error:
                    failures.append(str(error))
                    continue
                if expected is not None and order != expected:
                    failures.append(f"{text!r} -> {order!r}")
            for coast in spec.get("coasts", {}):
                order = parse(f"F {name}({coast}) H")
                if order != Hold(unit(F, f"{abbreviation}/{coast}")):
                    failures.append(f"{name}({coast}) -> {order!r}")
    assert failures == []


def test_the_s_of_spain_is_not_a_support_and_keywords_are_whole_words() -> None:
    assert parse("Spain S Spain") == SupportHold(unit(None, "spa"), unit(None, "spa"))
    assert parse("A Smy S A Syr - Smyrna") == SupportMove(
        unit(A, "smy"), unit(A, "syr"), Location("smy")
    )
    assert parse("F Ska C A Den - Swe") == Convoy(unit(F, "ska"), unit(A, "den"), Location("swe"))
    assert parse("A Tus - Rome") == move(A, "tus", "rom")


# --- errors ---------------------------------------------------------------------------------------

ERRORS: list[tuple[str, str, int | None]] = [
    # (text, the reason given, the column blamed)
    (
        "A Par - Bur xyz",
        (
            'unexpected word "xyz" after the destination; expected the end of the order or '
            '"via convoy"'
        ),
        13,
    ),
    (
        "A Par xyz - Bur",
        (
            'unexpected word "xyz" after the unit; expected "-", "holds", "supports", "convoys", '
            'or "disbands"'
        ),
        7,
    ),
    (
        "A Par Bur",
        (
            'unexpected word "Bur" after the unit; expected "-", "holds", "supports", "convoys", '
            'or "disbands"'
        ),
        7,
    ),
    (
        "F Mao - Spain xyz",
        (
            'unexpected word "xyz" after the destination; expected the end of the order, '
            '"via convoy", or a coast'
        ),
        15,
    ),
    (
        "A Par - Bur H",
        (
            'unexpected word "H" after the destination; expected the end of the order, "-", '
            'or "via convoy"'
        ),
        13,
    ),
    (
        "A Mun S A Ber xyz",
        (
            'unexpected word "xyz" after the supported unit; expected "-", "hold", or the end of '
            "the order"
        ),
        15,
    ),
    (
        "A Mun S A Ber - Sil H",
        (
            'unexpected word "H" after the destination of the supported move; expected the end '
            "of the order"
        ),
        21,
    ),
    (
        "F Nth C A Lon xyz - Nwy",
        'unexpected word "xyz" after the convoyed army; expected "-"',
        15,
    ),
    ("Build A Lon xyz", 'unexpected word "xyz" after the unit; expected the end of the order', 13),
    ("A Lodnon - Wal", 'unknown province "Lodnon" (did you mean London?)', 3),
    ("A Xyzzy - Wal", 'unknown province "Xyzzy"', 3),
    ("A Lon-Nht-Nwy", 'unknown province "Nht"', 7),
    ("F Spa/xyz - Mao", '"xyz" is not a coast of Spain (say nc or sc)', 7),
    ("F Spa(ec) - Mao", '"ec" is not a coast of Spain (say nc or sc)', 7),
    ("F Por/s - Mao", '"s" is not a coast of Portugal: it has only one coast, so write none', 7),
    ("F Spa(supports) - Mao", '"supports" is not a coast of Spain (say nc or sc)', 7),
    ("F Por/nc - Mao", '"nc" is not a coast of Portugal: it has only one coast, so write none', 7),
    ("A Par/nc - Bur", '"nc" is not a coast of Paris: it is inland', 7),
    ("F Nth(sc) - Eng", '"sc" is not a coast of North Sea: it is a sea', 7),
    ("F Bur north - Mao", '"north" is not a coast of Burgundy: it is inland', 7),
    (
        "A Par",
        (
            'the order ends after the unit; expected "-", "holds", "supports", "convoys", or '
            '"disbands"'
        ),
        6,
    ),
    ("A Par -", 'the order ends after "-"; expected a province', 8),
    ("A Par - Bur via", 'the order ends after "via"; expected "convoy"', 16),
    ("A Par - Bur via xyz", 'unexpected word "xyz" after "via"; expected "convoy"', 17),
    ("A Par S", 'the order ends after "S"; expected a unit (such as "A Mun")', 8),
    ("A Par H - Bur", 'unexpected "-" after "H"; expected the end of the order', 9),
    (
        "A Par - Bur!",
        (
            'unexpected character "!" after the destination; expected the end of the order, "-", '
            '"via convoy", or a coast'
        ),
        12,
    ),
    ("F Spa(nc - Mao", 'unexpected "-" after "nc"; expected ")"', 10),
    (
        "- Bur",
        (
            'unexpected "-" at the start; expected a unit (such as "A Par"), "build", "remove", '
            '"disband", or "waive"'
        ),
        1,
    ),
    ("waive now", 'unexpected word "now" after "waive"; expected the end of the order', 7),
    (
        "F Nth C A Lon",
        'the order ends after the convoyed army; expected "-" and its destination',
        14,
    ),
    ("A Par via convoy", 'no destination before "via convoy"; expected "-" and a province', 17),
    ("A Mun S Germn A Ber", 'unknown power "Germn" before the supported unit', 9),
    ("A Par-Bur S A Mar", '"Par-Bur" is a move, where the unit was expected', 3),
    (
        "A Mun S A Ber-Sil H",
        '"Ber-Sil" is not a unit to support: a support names one unit holding, or one move',
        11,
    ),
    ("Build", 'the order ends after "Build"; expected a unit (such as "A Mun") or "waive"', 6),
    ("Remove", 'the order ends after "Remove"; expected a unit (such as "A Mun")', 7),
    ("A Par - Bur ; A Mar H", (
        'unexpected character ";" after the destination; expected the end of the order, "-", '
        '"via convoy", or a coast'
    ), 13),
    ("A Par-", 'the order ends after "-"; expected a province', 7),
    ("A Par - Bur(nc", 'the order ends after "nc"; expected ")"', 15),
    ("A Par(", "the order ends after the unit; expected a coast", 7),
    ("A Par to to Bur", 'unexpected word "to" after "to"; expected a province', 10),
    ("A Par H H", 'unexpected word "H" after "H"; expected the end of the order', 9),
    ("A Par - Bur via convoy via convoy", (
        'unexpected word "via" after "convoy"; expected the end of the order'
    ), 24),
    (".", "the order is empty", None),
    ("", "the order is empty", None),
    ("   ", "the order is empty", None),
]


@pytest.mark.parametrize(("text", "reason", "column"), ERRORS, ids=[e[0] or "-" for e in ERRORS])
def test_error(text: str, reason: str, column: int | None) -> None:
    with pytest.raises(OrderSyntaxError) as caught:
        parse(text)
    error = caught.value
    assert error.reason == reason
    assert str(error) == f'cannot read "{text.strip()}": {reason}'
    assert error.column == column
    assert error.text == text
    assert isinstance(error, ValueError)


def test_the_column_points_at_the_word_blamed() -> None:
    for text, _, column in ERRORS:
        word = text[column - 1 :] if column and column <= len(text) else ""
        if word:
            assert not word[0].isspace(), text


# --- the parser itself ----------------------------------------------------------------------------


def test_parse_order_is_memoised_but_errors_are_not() -> None:
    first = parse_order(STANDARD, "A Vie - Bud")
    assert parse_order(STANDARD, "A Vie - Bud") is first
    for _ in range(2):
        with pytest.raises(OrderSyntaxError):
            parse_order(STANDARD, "A Vie - Bux")


def test_the_fast_lexer_reads_as_larks_own_contextual_lexer() -> None:
    """OrderLexer is only an optimisation: the grammar must mean the same with Lark's lexer."""
    lark_own = Lark(
        order_grammar.GRAMMAR,
        parser="lalr",
        lexer="contextual",
        transformer=ShapeBuilder(),
    )
    texts = [*DATC_ORDERS, *(text for text, _ in FORMS), *(e[0] for e in ERRORS if e[0].strip())]
    differences = []
    for text in texts:
        results = []
        for run in (order_grammar.run_parser, lark_own.parse):
            try:
                results.append(repr(run(text)))
            except UnexpectedInput as error:  # the same kind of error, at the same place
                results.append(f"{type(error).__name__} at {getattr(error, 'column', None)}")
        if results[0] != results[1]:
            differences.append((text, *results))
    assert differences == []


WORDS = ["A", "F", "Par", "Bur", "North Sea", "Mid-Atlantic", "Ocean", "Spa", "(nc)", "/sc", "nc",
         "-", "->", "S", "C", "H", "via", "convoy", "Build", "R", "D", "waive", "German", "(", ")",
         "/", "xyz", ".", "!", "to", "moves"]  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(WORDS), max_size=8), st.sampled_from([" ", "", "  ", "\t"]))
def test_any_text_gives_an_order_or_an_order_syntax_error(words: list[str], joiner: str) -> None:
    text = joiner.join(words)
    try:
        order = parse(text)
    except OrderSyntaxError as error:
        assert error.reason
        assert error.column is None or 1 <= error.column <= len(text) + 1
    else:
        assert isinstance(
            order, (Move, Hold, SupportHold, SupportMove, Convoy, Disband, Build, Waive)
        )


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("|holds|", "|"),  # one copy of the list of reserved words differs from the other
        ("|holds|", "|holdz|"),  # a reserved word that is no keyword
    ],
)
def test_the_lexer_checks_the_reserved_words(old: str, new: str) -> None:
    grammar = order_grammar.GRAMMAR.replace(old, new, 1)
    assert grammar != order_grammar.GRAMMAR
    with pytest.raises(GrammarError):
        Lark(grammar, parser="lalr", lexer=OrderLexer)


# --- split_orders ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "orders"),
    [
        ("A Par - Bur", ["A Par - Bur"]),
        ("A Par - Bur\nF Bre - Mao\n", ["A Par - Bur", "F Bre - Mao"]),
        ("A Par - Bur, F Bre - Mao; A Mar H", ["A Par - Bur", "F Bre - Mao", "A Mar H"]),
        ("\n\n  A Par - Bur  \n\n\t\n F Bre - Mao ,, ;\r\n", ["A Par - Bur", "F Bre - Mao"]),
        ("A Par - Bur;F Bre - Mao\r\nA Mar H", ["A Par - Bur", "F Bre - Mao", "A Mar H"]),
        ("", []),
        ("  \n , ; \n", []),
    ],
)
def test_split_orders(text: str, orders: list[str]) -> None:
    assert split_orders(text) == orders


def test_split_orders_then_parse() -> None:
    block = "A Vie - Bud, A Bud - Ser; F Tri H\nF Nth C A Lon - Nwy"
    assert [parse(order) for order in split_orders(block)] == [
        move(A, "vie", "bud"),
        move(A, "bud", "ser"),
        Hold(unit(F, "tri")),
        Convoy(unit(F, "nth"), unit(A, "lon"), Location("nwy")),
    ]
