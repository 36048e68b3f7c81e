"""The random players' quick lists of choices against the rules' own checks: a Levy action the
random player lists is one ``muster.action_refusal`` allows, and none it allows is left out (3.4);
and the state's quick copy against a whole one."""

from __future__ import annotations

from random import Random

import orjson

from judge.games.plantagenet.game import PlantagenetGame, kind_name
from judge.games.plantagenet.legal import levy_options, muster_candidates
from judge.games.plantagenet.muster import action_refusal
from judge.games.plantagenet.orders import Order
from judge.games.plantagenet.state import State, copy_state, lords_on_map
from judge.games.registry import playable_kind

from pg_helpers import board, mat


def allowed(state: State, side: str, lord: str) -> set[Order]:
    """Every Levy action but a Capability the rules allow the Lord now: each candidate tried."""
    return {o for o in muster_candidates(state, side, lord)
            if o.what != "CAPABILITY" and (o.verb == "PARLEY" or action_refusal(state, side, o) is None)}


def test_levy_options_are_the_actions_the_rules_allow_3_4() -> None:
    """In the Levies of random games of Ia, II and III, each Lord's listed Levy actions (3.4.1-3.4.5)
    are exactly those the checks allow, Vassals (3.4.3) and Lords (3.4.2) included."""
    compared = 0
    for scenario in ("Ia", "II", "III"):
        game = PlantagenetGame(scenario)
        for seed in range(4):
            state = game.new_game(str(seed).encode())
            rng = Random(seed)
            while game.outcome(state) is None:
                if state["step"]["name"] == "muster":
                    side = state["step"]["side"]
                    for lord in lords_on_map(state, side):
                        assert set(levy_options(state, side, lord)) == allowed(state, side, lord), (scenario, seed, lord)
                        compared += 1
                pending = game.pending(state)
                orders = {p: game.random_orders(state, p, rng) for p in sorted(pending.powers)}
                state = game.resolve(state, orders, rng).state
    assert compared > 100


def test_levy_options_with_the_cards_that_change_them() -> None:
    """L12 Commission of Array (Troops from a Friendly Stronghold next to him, 3.4.4), L35
    Margaret Beaufort (a Vassal at any Seat), Y7 (no Lancastrian Levy Vassal), and a Lord at a
    Locale not Friendly (only Parley, 3.4)."""
    state = board(York="Ely")
    state["favour"].update(Cambridge="York", Ely="York")
    mat(state, "York")["caps"] = ["L12"]
    options = levy_options(state, "York", "York")
    assert Order("LEVY", "York", "TROOPS", "Cambridge") in options
    assert set(options) == allowed(state, "York", "York")

    state = board("III", Henry_Tudor="Oxford", Norfolk="Derby")
    state["favour"].update(Oxford="Lancaster", Derby="York")
    stanley = Order("LEVY", "Henry Tudor", "VASSAL", "Stanley")
    assert stanley not in levy_options(state, "Lancaster", "Henry Tudor")
    state["lasting"] = ["L35"]
    assert stanley in levy_options(state, "Lancaster", "Henry Tudor")
    assert set(levy_options(state, "Lancaster", "Henry Tudor")) == allowed(state, "Lancaster", "Henry Tudor")

    state = board(Exeter_1="Shrewsbury")
    state["favour"]["Shrewsbury"] = "Lancaster"
    assert Order("LEVY", "Exeter 1", "VASSAL", "Shrewsbury") in levy_options(state, "Lancaster", "Exeter 1")
    state["lasting"] = ["Y7"]
    assert not [o for o in levy_options(state, "Lancaster", "Exeter 1") if o.what == "VASSAL"]
    assert set(levy_options(state, "Lancaster", "Exeter 1")) == allowed(state, "Lancaster", "Exeter 1")

    state["favour"]["Shrewsbury"] = "York"
    assert {o.verb for o in levy_options(state, "Lancaster", "Exeter 1")} == {"PARLEY"}
    assert set(levy_options(state, "Lancaster", "Exeter 1")) == allowed(state, "Lancaster", "Exeter 1")


def containers(value: object) -> list[object]:
    """Every dict and list in a JSON value."""
    if isinstance(value, dict):
        return [value, *(c for item in value.values() for c in containers(item))]
    if isinstance(value, list):
        return [value, *(c for item in value for c in containers(item))]
    return []


def test_copy_state_is_a_deep_copy_of_every_position() -> None:
    """A resolution works on ``copy_state``'s copy, so the position it was given never changes:
    in random games of every scenario (the grand one and Bosworth included), each copy equals
    the state as JSON reads it back and shares none of its dicts and lists."""
    for scenario in ("Ia", "Ib", "Ic", "II", "III", "I", "wars", "IIIB"):
        kind = playable_kind(kind_name(scenario))
        for seed in range(2):
            state = kind.new_game(str(seed).encode())
            rng = Random(seed)
            while True:
                copied = copy_state(state)
                assert copied == orjson.loads(orjson.dumps(state))
                assert not {id(c) for c in containers(copied)} & {id(c) for c in containers(state)}
                if kind.outcome(state) is not None:
                    break
                pending = kind.pending(state)
                orders = {p: kind.random_orders(state, p, rng) for p in sorted(pending.powers)}
                state = kind.resolve(state, orders, rng).state
