"""The registry's table of game kinds: named without being made, each made once when asked
for, and a kind whose data cannot be read refused by name while the others run on."""

from __future__ import annotations

import pytest

from judge.games import registry
from judge.games.registry import Entry, UnknownGameKind, all_kinds, game_kind, made


def test_every_entry_is_named_as_its_kind_names_itself() -> None:
    for entry in registry.KINDS:
        assert made(entry).name == entry.name
    assert len(all_kinds()) == len(registry.KINDS)  # none left out for its data


def test_naming_the_kinds_makes_none_and_a_kind_is_made_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []

    def make() -> object:
        calls.append("made")
        return game_kind("standard")

    entry = Entry("toy/counted", ("counted",), make)  # type: ignore[arg-type]
    monkeypatch.setattr(registry, "KINDS", (*registry.KINDS, entry))
    assert "counted" in registry.player_names() and calls == []
    assert game_kind("counted") is game_kind("toy/counted")
    assert calls == ["made"]


@pytest.mark.parametrize("error", [KeyError("units"), ValueError("bad scenario"), OSError("no file")])
def test_a_kind_whose_data_cannot_be_read_is_refused_and_the_others_run_on(
    monkeypatch: pytest.MonkeyPatch, error: Exception
) -> None:
    def make() -> object:
        raise error

    entry = Entry(f"toy/broken-{type(error).__name__}", ("broken",), make)  # type: ignore[arg-type]
    monkeypatch.setattr(registry, "KINDS", (*registry.KINDS, entry))
    with pytest.raises(UnknownGameKind, match=f"{entry.name} cannot be played.*{type(error).__name__}"):
        game_kind("broken")
    assert [kind.name for kind in all_kinds()] == [e.name for e in registry.KINDS[:-1]]
    assert game_kind("standard").name == "diplomacy/standard"


def test_hidden_mats_kinds_are_named_alike_and_listed_the_old_names_still_read() -> None:
    """Issue 33, item 14: every Plantagenet scenario's Hidden Mats kind (1.5.3) is its name with
    ``-hidden``, the grand scenario's too (``plantagenet``, ``plantagenet-hidden``); each is
    listed where the kinds are listed (HELP's list); the names games were made with before
    (``plantagenet-wars``, ``plantagenet-wars-hidden``) still find their kinds."""
    names = registry.player_names()
    plain = [name for name in names if name.startswith("plantagenet") and name != "plantagenet-bosworth"
             and not name.endswith("-hidden")]
    assert "plantagenet" in plain and "plantagenet-ia" in plain
    for name in plain:
        assert f"{name}-hidden" in names, name
        hidden = game_kind(f"{name}-hidden")
        assert hidden.name == f"{game_kind(name).name}-hidden"
    assert game_kind("plantagenet-wars").name == "plantagenet"
    assert game_kind("plantagenet-wars-hidden").name == "plantagenet-hidden"
    assert "plantagenet-wars" not in names and "plantagenet-wars-hidden" not in names


def test_added_variants_are_offered_only_within_offering() -> None:
    """The variants an operator added reach the registry as data, for one judge's work: the
    table itself never changes (judge.service.play.variants reads the judge's folder)."""
    from judge.games.variants import variant_data

    entry = registry.added_variant("mine", {**variant_data("standard"), "name": "mine"})
    with registry.offering((entry,)):
        assert registry.player_names()[-1] == "mine"
        assert game_kind("mine").name == "diplomacy/mine"
        assert game_kind("diplomacy/mine") is game_kind("mine")
    assert "mine" not in registry.player_names()
    with pytest.raises(UnknownGameKind):
        game_kind("mine")
