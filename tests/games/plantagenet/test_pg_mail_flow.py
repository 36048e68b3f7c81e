"""What the mail flow of a Turn asks of the engine (issue 22): standing orders read from either
side at any step and never completing a step's orders, ``CANCEL`` emptying one, PASS ending a
Levy step with nothing to order, and choices short enough for a phone."""

from __future__ import annotations

from random import Random

from judge.games.plantagenet.game import PlantagenetGame, SCENARIOS


def test_standing_orders_are_read_from_either_side_at_any_step_each_in_its_slot_4_3_4() -> None:
    """4.3.4, 4.3.5, 4.4.2: INTERCEPT, EXILE, FLEE are standing orders from the side not due as from
    the side due; a second order for a Lord replaces the first; CANCEL empties the slot."""
    game = PlantagenetGame("Ia")
    state = game.new_game(b"flow")
    assert game.pending(state).powers == {"York"}  # York's Muster
    taken = {"intercept Henry VI": "INTERCEPT Henry VI"}
    read = game.read_orders(state, "Lancaster", ["INTERCEPT Henry VI WITH Somerset", "FLEE Somerset ROUND 2",
                                                 "CANCEL EXILE Henry VI"], taken)
    assert [(line.slot, line.standing) for line in read] == [
        ("intercept Henry VI", True), ("flee Somerset 1", True), ("exile Henry VI", True)]
    assert read[0].replaces == "INTERCEPT Henry VI"
    assert read[2].canonical == "CANCEL EXILE Henry VI"
    mine = game.read_orders(state, "York", ["EXILE York", "York LEVY TROOPS"])
    assert [line.standing for line in mine] == [True, False]  # York is on the map: EXILE is his reaction
    assert "CANCEL takes a standing order" in str(game.read_orders(state, "York", ["CANCEL York LEVY TROOPS"])[0].error)


def test_standing_orders_never_complete_a_step_and_pass_ends_a_levy_step_3_4() -> None:
    game = PlantagenetGame("Ia")
    state = game.new_game(b"flow")
    assert game.waiting(state, "York", ["INTERCEPT York", "TRUCE"]) == ["Muster orders (PASS: none)"]
    assert game.waiting(state, "York", ["INTERCEPT York", "PASS"]) == []
    after = game.resolve(state, {"York": ["PASS", "EXILE York"]}, Random(1)).state
    assert after["standing"]["York"] == ["EXILE York"]
    assert after["step"] == {"name": "muster", "side": "Lancaster"}


def test_a_cancelled_standing_order_is_no_longer_used_4_3_5() -> None:
    """The orders ``resolve`` is given (the service: every side's standing orders, every step)
    replace those the state keeps; a side whose only standing order is cancelled keeps none."""
    game = PlantagenetGame("Ia")
    state = game.new_game(b"flow")
    state = game.resolve(state, {"York": ["PASS"], "Lancaster": ["EXILE Somerset 1"]}, Random(1)).state
    assert state["standing"]["Lancaster"] == ["EXILE Somerset 1"]
    state = game.resolve(state, {"Lancaster": ["PASS", "CANCEL EXILE Somerset 1"]}, Random(1)).state
    assert state["standing"]["Lancaster"] == []


def test_the_choices_a_mail_lists_stay_short_in_random_games_of_every_scenario() -> None:
    """Every mail that asks for orders lists the choices grouped: over random games of every
    scenario they stay under 3 KB (Richard III's bound is 12 KB)."""
    largest = 0
    for scenario in SCENARIOS:
        game = PlantagenetGame(scenario)
        for seed in range(2):
            rng, state = Random(seed), game.new_game(f"{scenario}{seed}".encode())
            for _ in range(150):
                if game.outcome(state) is not None:
                    break
                pending = game.pending(state)
                for side in pending.powers:
                    largest = max(largest, len("\n".join(game.choices(state, side))))
                orders = {side: game.random_orders(state, side, rng) for side in pending.powers}
                state = game.resolve(state, orders, rng).state
    assert 200 < largest < 3_000


def test_a_sequence_is_checked_as_read_up_to_its_first_roll_3_4_1() -> None:
    """3.4.1: a Parley the position rules out is refused as it is read, with the Lord's choices;
    after a Parley (a roll), what the next action may do depends on the dice: it is checked when
    carried out, not refused now."""
    game = PlantagenetGame("Ia")
    state = game.new_game(b"flow")
    first = game.read_orders(state, "York", ["March PARLEY London"])
    assert "(3.4.1)" in str(first[0].error) and "You may write: March LEVY" in str(first[0].error)
    later = game.read_orders(state, "York", ["March PARLEY Hereford", "March PARLEY London"])
    assert [line.error for line in later] == [None, None]
    after = game.resolve(state, {"York": [str(line.canonical) for line in later]}, Random(2))
    assert [refused[0] for refused in after.report["refused"]["York"]] == ["March PARLEY London"]


def test_a_standing_exile_kept_never_becomes_a_muster_of_an_exile_3_3_1() -> None:
    """3.3.1, 4.3.5: at its Muster a side's ``EXILE Salisbury`` (he is an Exile Ready to Muster)
    is the Muster of an Exile, kept with its box; the same words kept as a standing order (he
    was on the map when it was given) stay a standing order there: they Muster nobody."""
    game = PlantagenetGame("Ia")
    state = game.new_game(b"flow")
    state["lords"]["Salisbury"] = {"box": 1, "exile": True}
    read = game.read_orders(state, "York", ["EXILE Salisbury", "EXILE York"])
    assert [(line.canonical, line.standing) for line in read] == [
        ("EXILE Salisbury TO Burgundy", False), ("EXILE York", True)]
    assert game.waiting(state, "York", ["EXILE Salisbury"]) != []
    after = game.resolve(state, {"York": ["EXILE Salisbury", "PASS"]}, Random(1)).state
    assert after["lords"]["Salisbury"] == {"box": 1, "exile": True}
    assert after["standing"]["York"] == ["EXILE Salisbury"]
