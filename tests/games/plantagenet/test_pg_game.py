"""Plantagenet as a game kind: phases, orders read, standing orders, what each side sees
(1.9, 4.1.2, 1.5.3 Hidden Mats), and whole random games of every scenario checked after every
phase."""

from __future__ import annotations

from random import Random

import pytest

from judge.games.kind import Playout
from judge.games.plantagenet.data import BOARD
from judge.games.plantagenet.game import SCENARIOS, PlantagenetGame, kind_name
from judge.games.registry import UnknownGameKind, game_kind, playable_kind
from judge.games.selfplay import play_game, selfplay


def test_a_turn_goes_levy_plan_then_cards_alternating_2_2_4_and_4_2() -> None:
    """2.2.4: the Rebels (York in Ia) go first in each step; 4.2: Command cards alternate, one
    Rebel card then one King's card (a Pass card is played within the phase before it); the
    next Turn's Levy starts with Pay (3.2)."""
    game = PlantagenetGame("Ia")
    state = game.new_game(b"1")
    phases, cards = [], []
    rng = Random(1)
    while state["box"] == 1:
        pending = game.pending(state)
        phases.append(pending.phase)
        result = game.resolve(state, {p: game.random_orders(state, p, rng) for p in sorted(pending.powers)}, rng)
        cards += [e["side"] for e in result.report["events"] if e["type"] in ("card", "pass card")]
        state = result.state
    assert phases[:3] == ["T1 muster York", "T1 muster Lancaster", "T1 plan"]
    assert cards == ["York", "Lancaster"] * 4
    assert set(phases[3:]) <= {f"T1 card {n} {side}" for n in range(1, 5) for side in ("York", "Lancaster")}
    assert game.phase(state) == "T2 pay"
    assert [game.phase_order(p) for p in phases] == sorted(game.phase_order(p) for p in phases)
    assert game.read_phase("t1 card 2 york") == "T1 card 2 York"


def test_read_orders_by_step() -> None:
    """Orders are read for the step at hand, names resolved (a Lord by his title alone), and a
    Plan of the wrong size refused (4.1)."""
    game = PlantagenetGame("Ia")
    state = game.new_game(b"1")
    read = game.read_orders(state, "York", ["york levy troops", "March PARLEY hereford spend 3", "PLAN York"])
    assert read[0].canonical == "York LEVY TROOPS" and read[1].canonical == "March PARLEY Hereford SPEND 3"
    assert read[2].error and "not an order" in read[2].error
    state["step"] = {"name": "plan"}
    read = game.read_orders(state, "York", ["PLAN York, March, Pass", "PLAN York, March, Pass, York", "EXILE March"])
    assert read[0].error and "4.1" in read[0].error
    assert read[1].canonical == "PLAN York, March, Pass, York" and read[2].slot == "exile March"


def test_plans_are_hidden_until_revealed_4_1_2() -> None:
    """4.1.2: the enemy sees a Plan's cards only as they are revealed; the cards drawn and held
    and the decks are counted, not named (1.9)."""
    game = PlantagenetGame("Ia")
    state = game.new_game(b"2")
    rng = Random(2)
    while state["step"]["name"] != "command":
        pending = game.pending(state)
        state = game.resolve(state, {p: game.random_orders(state, p, rng) for p in sorted(pending.powers)}, rng).state
    while state["step"]["name"] == "command":
        step = state["step"]
        shown = step["card"] + 1 if step["side"] == "Lancaster" else step["card"]
        york_sees = game.view(state, "York")
        plan = state["plans"]["Lancaster"]
        assert york_sees["plans"]["Lancaster"] == plan[:shown] + ["?"] * (4 - shown)
        assert york_sees["plans"]["York"] == state["plans"]["York"]
        assert game.view(state, None)["plans"]["York"][: step["card"] + 1] == state["plans"]["York"][: step["card"] + 1]
        assert isinstance(york_sees["decks"]["Lancaster"], int)
        pending = game.pending(state)
        state = game.resolve(state, {p: game.random_orders(state, p, rng) for p in sorted(pending.powers)}, rng).state


def test_hidden_mats_option_1_5_3() -> None:
    """1.5.3 Hidden Mats: with the option, the enemy's mats are hidden (where his Lords stand is
    not); without it, mats are open."""
    hidden = PlantagenetGame("Ia", hidden_mats=True).new_game(b"3")
    lancaster_sees = PlantagenetGame("Ia").view(hidden, "Lancaster")
    assert lancaster_sees["lords"]["York"] == {"at": "Ely"}
    assert "troops" in lancaster_sees["lords"]["Henry VI"]
    open_game = PlantagenetGame("Ia").new_game(b"3")
    assert "troops" in PlantagenetGame("Ia").view(open_game, "Lancaster")["lords"]["York"]


def test_standing_orders_of_the_inactive_side_answer_intercept_4_3_4() -> None:
    """4.3.4: an INTERCEPT given with a side's Plan stays its standing order while the enemy's
    cards are played; orders of the side not acting are read as standing orders only."""
    game = PlantagenetGame("Ia")
    state = game.new_game(b"4")
    state["step"] = {"name": "plan"}
    state = game.resolve(state, {"Lancaster": ["PLAN Henry VI, Pass, Pass, Pass", "INTERCEPT Somerset"]}, Random(1)).state
    assert state["standing"]["Lancaster"] == ["INTERCEPT Somerset 1"]
    read = game.read_orders(state, "Lancaster", ["EXILE Henry VI", "MARCH Oxford"])
    assert read[0].canonical == "EXILE Henry VI" and read[1].error


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_random_games_play_to_a_result_without_violations(scenario: str) -> None:
    """Whole random games of each scenario end in a result (5.1-5.3), with the invariants
    (pools, counts, Calendar and Influence bounds, one place a Lord, the fog) held after every
    phase."""
    kind = playable_kind(kind_name(scenario))
    assert isinstance(kind, Playout)
    summary = selfplay(kind, games=6, seed=100)
    assert summary.violations == []
    assert all(record.outcome is not None for record in summary.records)


def test_random_games_reach_battle_intercept_and_every_command() -> None:
    """The playouts reach Battle (4.4), Intercept (4.3.4), Exile on Approach (4.3.5), every
    Command (4.2.2, the cards' Commands included), Levy action (3.4) and Pay outcome (3.2), and
    every one of the 74 Arts of War cards, in the decks of Ia, II and III (3.1, 3.4.6)."""
    seen: set[str] = set()
    cards: set[str] = set()
    rare = [("II", 57), ("III", 33)]  # games in which the random players use Merchants and Heralds
    for scenario, seed in [(s, n) for s in ("II", "Ia", "III") for n in range(20)] + rare:
        game = PlantagenetGame(scenario)
        state = game.new_game(str(seed).encode())
        rng = Random(seed)
        while game.outcome(state) is None:
            pending = game.pending(state)
            result = game.resolve(state, {p: game.random_orders(state, p, rng) for p in sorted(pending.powers)}, rng)
            for event in result.report["events"]:
                seen.add(event["type"] + (f" {event['what']}" if event.get("what") else ""))
                if event["type"] in ("event", "event held", "capability", "capability discarded"):
                    cards.add(event["card"])
                if event.get("what") == "CAPABILITY":
                    cards.add(event["target"])
            state = result.state
    wanted = {"battle", "intercept", "march", "sail", "supply", "forage", "tax", "parley", "pass",
              "levy LORD", "levy VASSAL", "levy TROOPS", "levy CARTS", "levy SHIP", "levy CAPABILITY",
              "pillage", "disband", "pay vassal", "vassal disbands", "muster exile", "tides of war",
              "agitate", "merchants", "heralds", "exile pact"}  # the Commands of cards: Y10, L30, L4, Y8
    assert wanted <= seen, wanted - seen
    decks = set(BOARD.scenarios["Ia"].cards) | set(BOARD.scenarios["II"].cards) | set(BOARD.scenarios["III"].cards)
    assert decks == set(BOARD.cards)  # the three decks hold all 74 cards
    assert decks <= cards, sorted(decks - cards)  # every card drawn or Levied


def test_plantagenet_is_playable_and_offered_by_mail() -> None:
    """``judge selfplay plantagenet-ib`` plays; ``CREATE`` offers every scenario (issue 22), the
    grand scenario as ``plantagenet`` and Bosworth as ``plantagenet-bosworth`` besides their
    engine names, and Hidden Mats (1.5.3) as ``-hidden``."""
    record = play_game(playable_kind("plantagenet-ib"), 5)
    assert record.outcome is not None
    assert game_kind("plantagenet").name == game_kind("plantagenet-wars").name == "plantagenet"
    assert game_kind("plantagenet-bosworth").name == "plantagenet-iiib"
    hidden = game_kind("plantagenet-ii-hidden")
    assert isinstance(hidden, PlantagenetGame) and hidden.hidden_mats and hidden.scenario == "II"
    with pytest.raises(UnknownGameKind):
        game_kind("plantagenet-iiib-hidden")  # Bosworth has no mats to hide


def test_hidden_mats_in_reports_1_5_3() -> None:
    """1.5.3 Hidden Mats: the enemy reads that a Lord Levied Troops or Supplied, not what his mat
    gained; random games with the option keep every view and report clean."""
    game = PlantagenetGame("Ia", hidden_mats=True)
    report = {"hidden_mats": True, "refused": {}, "events": [
        {"type": "levy", "side": "York", "lord": "York", "what": "TROOPS", "target": None, "troops": {"militia": 1}},
        {"type": "levy", "side": "York", "lord": "York", "what": "CAPABILITY", "target": "Y4"},
        {"type": "supply", "lord": "York", "from": "Ely", "provender": 2},
        {"type": "event held", "side": "York", "card": "Y1"},
    ]}
    seen = game.report_view(report, "Lancaster")["events"]
    assert seen == [{"type": "levy", "side": "York", "lord": "York", "what": "TROOPS", "target": None},
                    {"type": "levy", "side": "York", "lord": "York", "what": "CAPABILITY"},
                    {"type": "supply", "lord": "York", "from": "Ely"}]
    drawn = {**report["events"][3], "name": "Leeward Battle Line"}  # its own card, named (3.1.3)
    levied = {**report["events"][1], "name": "We done deeds of charity"}  # and its Capability (1.9.2)
    assert game.report_view(report, "York")["events"] == [report["events"][0], levied, report["events"][2], drawn]
    summary = selfplay(game, games=4, seed=7)
    assert summary.violations == []


def test_junk_orders_never_break_a_phase() -> None:
    """Lines of random words, sent by either side in any step beside the random orders, are read
    (refused with a reason) and resolved without error, the invariants holding."""
    game = PlantagenetGame("II")
    words = ["MARCH", "LEVY", "LORD", "VASSAL", "TROOPS", "SHIP", "CAPABILITY", "PARLEY", "SPEND", "1",
             "3", "WITH", "TO", "EXILE", "PLAN", "Pass", ",", "York", "London", "Warwick", "Edward IV", "Y4",
             "CROWN", "TRUCE", "DISMISS", "Stanley", "DISBAND", "Clarence", "TAX", "SAIL", "North Sea",
             "Margaret", "INTERCEPT", "Calais", "FORAGE", "SUPPLY"]
    junk = Random(5)
    for seed in range(6):
        state = game.new_game(str(seed).encode())
        rng = Random(seed)
        while game.outcome(state) is None:
            pending = game.pending(state)
            orders = {p: game.random_orders(state, p, rng) for p in sorted(pending.powers)}
            for side in ("York", "Lancaster"):
                lines = [" ".join(junk.choice(words) for _ in range(junk.randint(0, 5))) for _ in range(3)]
                assert all(line.canonical or line.error for line in game.read_orders(state, side, lines) if line.text)
                orders.setdefault(side, []).extend(lines)
            result = game.resolve(state, orders, rng)
            assert game.violations(state, result) == []
            state = result.state
