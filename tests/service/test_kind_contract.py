"""The contract of the seam (``judge/games/kind.py``), checked against every game kind in the
registry's table and the toy Duel: what the service relies on, whatever the game."""

from __future__ import annotations

import copy
import json
from importlib import resources
from pathlib import Path
from random import Random
from typing import Any
from xml.etree import ElementTree

import pytest
from duel import Duel
from jinja2 import ChoiceLoader, FileSystemLoader

from judge.games.kind import Choosing, GameKind, Lettered
from judge.service.intake.handlers_info import order_help
from judge.service.mailing import reports
from judge.games.registry import all_kinds
from judge.pictures import DRAWINGS, Drawing, kind_picture, power_colours

KINDS: list[GameKind] = [*all_kinds(), Duel()]
PHASES = 12  # phases played from the start of each kind, every power giving no orders


def _json(value: object) -> object:
    """The value as the store would keep and read it back (and fails if it is not JSON)."""
    return json.loads(json.dumps(value))


def _templates(kind: GameKind) -> Path:
    if isinstance(kind, Duel):
        return Path(__file__).parent / "duel_templates" / kind.templates
    return Path(str(resources.files("judge.templates").joinpath(kind.templates)))


@pytest.fixture(params=KINDS, ids=lambda kind: kind.name)
def kind(request: pytest.FixtureRequest) -> GameKind:
    return request.param  # type: ignore[no-any-return]


def test_the_kind_names_itself_its_timings_and_its_templates(kind: GameKind) -> None:
    wording = kind.wording
    assert kind.name and wording.title and wording.full_title and wording.phase_example
    assert wording.civil_disorder and wording.score and wording.period
    names = [timing.name for timing in kind.timings]
    words = [word for timing in kind.timings for word in timing.words()]
    assert names and len(words) == len(set(words)) and all(w == w.lower() for w in words)
    assert all(timing.hours > 0 and timing.grace_hours >= 0 for timing in kind.timings)
    for template in ("results.txt", "turn_report.txt"):
        assert (_templates(kind) / template).is_file(), template
    # PREDICT is refused where information is hidden: only a kind that hides nothing needs its own
    assert (_templates(kind) / "prediction.txt").is_file() or kind.hidden_information


def test_the_order_help_comes_from_the_kinds_template_family_with_its_title(
    kind: GameKind, monkeypatch: pytest.MonkeyPatch
) -> None:
    """HELP ORDERS: one ``orders.txt`` a template family (issue 19, point 7), given the kind's
    full title: no file named after each kind."""
    assert (_templates(kind) / "orders.txt").is_file()
    environment = reports.environment()
    both = environment.overlay(loader=ChoiceLoader([
        environment.loader, FileSystemLoader(_templates(Duel()).parent)]))  # type: ignore[list-item]
    monkeypatch.setattr(reports, "environment", lambda: both)
    text = order_help(kind)
    assert text.startswith(f"How to write orders ({kind.wording.full_title}):\n"), text[:200]
    assert "{" not in text and "\n\n\n" not in text


def test_powers_are_named_by_their_own_names(kind: GameKind) -> None:
    powers = list(kind.powers())
    assert powers and len(powers) == len(set(powers))
    for power in powers:
        assert kind.power_named(power) == power
        assert kind.power_named(power.lower()) == power
        if isinstance(kind, Lettered):
            assert kind.power_named(kind.letter(power)) == power
    assert kind.power_named("nobody-at-all") is None


def test_a_game_is_played_phase_by_phase_on_plain_json_values(kind: GameKind) -> None:
    """From the start, each phase resolved with no orders (the defaults): states, reports and
    views are JSON, nothing is changed in place, phase names are unique and read back. A kind
    says it hides information exactly when some reader's view leaves out or changes part of the
    state (what a view adds for the reports, such as the names of cards, hides nothing); the
    scores a report tells are the powers' counts."""
    state = _json(kind.new_game(b"contract"))
    hides = False
    assert state == kind.new_game(b"contract")  # the start depends on the seed alone
    seen: list[str] = []
    powers = list(kind.powers())
    for _ in range(PHASES):
        assert isinstance(state, dict)
        pending = kind.pending(state)
        assert pending.phase not in seen, f"{pending.phase} comes twice"
        seen.append(pending.phase)
        assert kind.read_phase(pending.phase) == pending.phase
        assert kind.phase_title(pending.phase)
        assert pending.timing in [timing.name for timing in kind.timings]
        assert pending.powers <= set(powers)
        for power in pending.powers:
            assert kind.waiting(state, power, [])
            if isinstance(kind, Choosing):
                assert all(isinstance(choice, str) and choice
                           for choice in kind.choices(state, power))
        for power in [*powers, None]:
            assert _json(kind.view(state, power)) == kind.view(state, power)
            seen_state = kind.view(state, power)
            hides |= any(key not in seen_state or seen_state[key] != value for key, value in state.items())
        assert list(kind.survivors(state)) == [p for p in powers if p in kind.survivors(state)]
        assert set(kind.standing(state).scores) <= set(powers)
        for power in powers:
            holdings = kind.holdings(state, power)
            assert all(isinstance(items, list) for items in holdings.values())
        before = copy.deepcopy(state)
        result = kind.resolve(state, {}, Random(len(seen)))
        assert state == before, "resolve changed the state it was given"
        assert _json(result.report) == result.report
        for power in [*powers, None]:
            assert _json(kind.report_view(result.report, power)) == kind.report_view(result.report,
                                                                                      power)
            shown = kind.scores_shown(kind.report_view(result.report, power))
            assert shown is None or (set(shown) <= set(powers)
                                     and all(isinstance(n, int) for n in shown.values()))
        state = _json(result.state)
        outcome = kind.outcome(state)
        if outcome is not None:
            assert set(outcome.winners) <= set(powers) and outcome.reason
            break
    assert hides is kind.hidden_information


def test_each_phase_played_comes_after_the_one_before_in_the_kinds_order(kind: GameKind) -> None:
    """``phase_order``: each phase of a game has a greater key than the phase before it."""
    state, rng = kind.new_game(b"order"), Random(2)
    before = kind.phase_order(kind.pending(state).phase)
    for _ in range(PHASES):
        if kind.outcome(state) is not None:
            break
        state = kind.resolve(state, {}, rng).state
        now = kind.phase_order(kind.pending(state).phase)
        assert now > before, (kind.pending(state).phase, now, before)
        before = now


def test_a_phase_name_that_is_not_one_reads_as_none(kind: GameKind) -> None:
    for text in ("", "no such phase", "9999999999 nonsense"):
        assert kind.read_phase(text) is None


def test_the_unit_of_a_standing_is_named(kind: GameKind) -> None:
    """SUMMARY's and the archive's tables count ``Standing.period`` in the kind's ``period``."""
    state = kind.new_game(b"contract")
    assert kind.wording.period and kind.wording.period == kind.wording.period.lower()
    assert kind.period_name(kind.standing(state).period)


def test_the_kind_is_drawn_for_each_reader_with_every_power_coloured(kind: GameKind) -> None:
    """Every kind of the registry has its family's row in the pictures' table (``DRAWINGS``): no
    registered kind goes without a picture. Each reader's view is drawn as that reader's."""
    if isinstance(kind, Duel):  # no row: nothing drawn, which kind_picture says with None
        assert kind.templates not in DRAWINGS
        assert kind_picture(kind, kind.view(kind.new_game(b"x"), None), None) is None
        assert power_colours(kind) == {}
        return
    state = kind.new_game(b"contract")
    assert set(power_colours(kind)) >= set(kind.powers())
    for reader in [None, *kind.powers()]:
        svg = kind_picture(kind, kind.view(state, reader), reader)
        assert svg is not None
        root = ElementTree.fromstring(svg)
        if "data-reader" in root.attrib:  # a kind that hides: the picture says whose view it is
            assert root.get("data-reader") == (reader or "observer")


def test_a_family_is_drawn_once_it_has_a_row_and_is_told_its_reader(monkeypatch: pytest.MonkeyPatch) -> None:
    """A new family registers one row; its drawing is given the reader by name, never left to
    guess it from the view."""
    duel = Duel()
    asked: list[str | None] = []

    def picture(kind: GameKind, view: dict[str, Any], reader: str | None,
                report: dict[str, Any] | None) -> str:
        asked.append(reader)
        return f'<svg data-reader="{reader}"/>'

    monkeypatch.setitem(DRAWINGS, duel.templates, Drawing(picture, lambda kind: {"Red": "#aa0000"}))
    state = duel.new_game(b"x")
    for reader in [None, *duel.powers()]:
        assert kind_picture(duel, duel.view(state, reader), reader) == f'<svg data-reader="{reader}"/>'
    assert asked == [None, *duel.powers()]
    assert power_colours(duel) == {"Red": "#aa0000"}
