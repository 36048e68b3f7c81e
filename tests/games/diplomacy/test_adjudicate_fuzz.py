"""``judge adjudicate`` never dies: random positions of every phase type, on the standard map and
on Wars of the Roses I, with random order lists (orders the position allows, orders it does not,
and text that is no order at all), each line answered with a resolution of every order.

A position here is made from a seed: random units on places their type can stand (and in their
power's own box), random owners of random centres, and in a retreat phase random dislodged units
and standoffs. Orders mix random legal ones (``random_orders``) with words of the order language
thrown together and arbitrary text.
"""

from __future__ import annotations

import json
from random import Random
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from judge.cli import adjudicate_lines
from judge.games.diplomacy.maps import Map
from judge.games.diplomacy.random_orders import random_orders
from judge.games.diplomacy.vocabulary import PhaseKind
from judge.games.diplomacy.wire import read_position
from judge.games.variants import load_variant

VARIANTS = ("standard", "roses1")
PHASES = ("S{}M", "F{}M", "S{}R", "F{}R", "W{}A")

WORDS = (
    "A", "F", "K", "A+K", "-", "->", "S", "C", "H", "D", "R", "Build", "Remove", "Waive", "WAIVE",
    "disband", "holds", "supports", "convoys", "via", "convoy", "to", "(nc)", "/sc", "ec", "nc",
    "lon", "par", "spa", "stp", "bul", "mao", "nth", "eng", "bur", "mun", "scotland", "France",
    "Scotland", "dum", "har", "cal", "sei", "lan", "roc", "sry", "England", "x", "?", "",
)  # fmt: skip


def random_position(game_map: Map, phase: str, rng: Random) -> dict[str, Any]:
    """A position of this phase on this map, random but one ``judge adjudicate`` accepts."""
    powers = list(game_map.powers)
    provinces = sorted(game_map.provinces)
    units: list[dict[str, str]] = []
    taken: set[str] = set()
    for _ in range(rng.randint(0, 30)):
        province = rng.choice(provinces)
        if province in taken:
            continue
        fleet_places = game_map.fleet_locations(province)
        if province in game_map.seas or (fleet_places and rng.random() < 0.4):
            units.append({"power": rng.choice(powers), "type": "F", "loc": rng.choice(fleet_places)})
        else:
            units.append({"power": rng.choice(powers), "type": "A", "loc": province})
        taken.add(province)
    for key, box in game_map.boxes.items():
        for _ in range(rng.randint(0, 3)):
            units.append({"power": box.power, "type": rng.choice("AF"), "loc": key})
    centres = {
        centre: rng.choice(powers)
        for centre in game_map.supply_centres
        if rng.random() < 0.6
    }
    position: dict[str, Any] = {
        "variant": game_map.name,
        "phase": phase,
        "units": units,
        "supply_centers": centres,
    }
    if phase.endswith("R"):
        dislodged = []
        for _ in range(rng.randint(0, 4)):
            province = rng.choice(provinces)
            if province in {d["loc"].partition("/")[0] for d in dislodged}:
                continue
            neighbours = sorted(game_map.army_moves.get(province, ())) or provinces
            fleet_places = game_map.fleet_locations(province)
            unit_type = "F" if fleet_places and (province in game_map.seas or rng.random() < 0.4) else "A"
            dislodged.append({
                "power": rng.choice(powers),
                "type": unit_type,
                "loc": rng.choice(fleet_places) if unit_type == "F" else province,
                "attacker_from": rng.choice(neighbours),
                "by_convoy": rng.random() < 0.2,
            })
        position["dislodged"] = dislodged
        position["standoffs"] = rng.sample(provinces, rng.randint(0, 3))
    if game_map.boxes and rng.random() < 0.5:
        position["king"] = rng.choice(provinces)
    return position


orders_text = st.one_of(
    st.lists(st.sampled_from(WORDS), min_size=1, max_size=7).map(" ".join),
    st.text(max_size=30),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    variant=st.sampled_from(VARIANTS),
    phase=st.sampled_from(PHASES),
    seed=st.integers(0, 2**32),
    texts=st.lists(st.tuples(st.integers(0, 6), orders_text), max_size=12),
    legal=st.integers(0, 3),
)
def test_every_line_is_answered_with_a_result_for_every_order(
    variant: str, phase: str, seed: int, texts: list[tuple[int, str]], legal: int
) -> None:
    game_map = load_variant(variant)
    rng = Random(seed)
    data = random_position(game_map, phase.format(game_map.first_phase.year + rng.randint(0, 3)), rng)
    powers = list(game_map.powers)
    orders = [{"power": powers[n % len(powers)], "order": text} for n, text in texts]
    position = read_position(game_map, data)
    for power in rng.sample(powers, min(legal, len(powers))):  # orders the position allows
        orders += [{"power": power, "order": o} for o in random_orders(game_map, position, power, rng)]
    rng.shuffle(orders)
    data["orders"] = orders
    line = json.dumps(data)

    answers = list(adjudicate_lines([line, line], variant))  # the second line is answered too

    assert len(answers) == 2 and answers[0] == answers[1]
    answer = json.loads(answers[0])
    assert "error" not in answer, answer
    assert [r["order"] for r in answer["results"]] == [o["order"] for o in orders]
    assert read_position(game_map, answer["next"]).phase.kind in set(PhaseKind)


def test_a_line_the_judge_fails_on_is_answered_and_the_next_line_too(monkeypatch: Any) -> None:
    """Should the engine ever fail on a line, the line is answered with an error that says so,
    and the lines after it are still answered."""
    import judge.cli

    calls = iter([RuntimeError("a bug"), None])

    def adjudicate_object(*args: Any) -> dict[str, Any]:
        failure = next(calls)
        if failure is not None:
            raise failure
        return {"results": []}

    monkeypatch.setattr(judge.cli, "adjudicate_object", adjudicate_object)
    answers = [json.loads(a) for a in adjudicate_lines(["{}", "{}"], "standard")]
    assert answers[0] == {"error": "the judge could not adjudicate this line (RuntimeError: a bug)"}
    assert answers[1] == {"results": []}


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.sampled_from(WORDS + ("S1901M", "W1455A",
                                                                            "F1901R", "England")),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(("power", "type", "loc", "order", "attacker_from", "by_convoy")), inner,
        max_size=4),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    variant=st.sampled_from(VARIANTS),
    phase=st.sampled_from(PHASES),
    seed=st.integers(0, 2**32),
    changes=st.lists(st.tuples(st.integers(0, 7), st.integers(0, 40), json_values), max_size=4),
)
@example(
    variant="roses1", phase="F{}R", seed=0,
    changes=[(5, 0, [{"power": "Scots", "type": "A", "loc": "scotland", "attacker_from": "dum"}])],
)
def test_a_malformed_position_is_answered_with_what_is_wrong(
    variant: str, phase: str, seed: int, changes: list[tuple[int, int, Any]]
) -> None:
    """A line with some of its fields, or of the objects in them, changed to values of the wrong
    shape or meaning is answered, saying what is wrong (never the judge failing on it)."""
    game_map = load_variant(variant)
    rng = Random(seed)
    data = random_position(game_map, phase.format(game_map.first_phase.year), rng)
    data["orders"] = [{"power": p, "order": "H"} for p in game_map.powers]
    keys = ("variant", "phase", "units", "supply_centers", "orders", "dislodged", "standoffs",
            "king")
    for field, number, value in changes:
        key = keys[field]
        items = data.get(key)
        if isinstance(items, list) and items and isinstance(items[number % len(items)], dict):
            item = items[number % len(items)]
            item[sorted(item)[number % len(item)] if item else "power"] = value
        else:
            data[key] = value
    (answer,) = [json.loads(a) for a in adjudicate_lines([json.dumps(data)], "standard")]
    assert "results" in answer or not answer["error"].startswith("the judge could not"), answer
