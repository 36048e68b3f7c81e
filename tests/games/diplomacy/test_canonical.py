"""The canonical-form fast path gives exactly what the grammar gives, or stays out of the way."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from judge.games.diplomacy.canonical import read_canonical
from judge.games.variants import load_variant
from judge.games.diplomacy.parser import parse_with_grammar

STANDARD = load_variant("standard")
LOCATIONS = sorted(set(STANDARD.provinces) | set(STANDARD.fleet_moves))

unit = st.builds(lambda t, loc: f"{t} {loc}", st.sampled_from("AF"), st.sampled_from(LOCATIONS))
place = st.sampled_from(LOCATIONS)
canonical_orders = st.one_of(
    st.builds(lambda u: f"{u} H", unit),
    st.builds(lambda u: f"{u} D", unit),
    st.builds(lambda u, d: f"{u} - {d}", unit, place),
    st.builds(lambda u, d: f"{u} - {d} via convoy", unit, place),
    st.builds(lambda u, v: f"{u} S {v}", unit, unit),
    st.builds(lambda u, v, d: f"{u} S {v} - {d}", unit, unit, place),
    st.builds(lambda f, a, d: f"F {f} C A {a} - {d}", place, place, place),
    st.builds(lambda u: f"Build {u}", unit),
)


@settings(max_examples=400, deadline=None)
@given(canonical_orders, st.booleans())
def test_fast_path_agrees_with_the_grammar(text: str, lower: bool) -> None:
    if lower:
        text = text.lower()
    fast = read_canonical(STANDARD, text)
    assert fast is not None, text
    assert fast == parse_with_grammar(STANDARD, text)


def test_other_forms_are_left_to_the_grammar() -> None:
    for text in [
        "F North Sea - Picardy",
        "A Lon-Nth-Nwy",
        "F spa(nc) - mao",
        "A lon - nth - nwy",
        "F lon - nth, A lvp - edi",
        "A xyz - lon",
        "Waive",
        "F nth C F lon - nwy",
    ]:
        assert read_canonical(STANDARD, text) is None, text
