"""III(B) Bosworth (6.0): the Battle-only mini-scenario, its setup, the four Capabilities, the
Array and the winner of the Battle as the winner of the game."""

from __future__ import annotations

from random import Random

from judge.games.plantagenet.bosworth import battle_start, default_capabilities, new_state, read
from judge.games.plantagenet.bosworth_game import BosworthGame
from judge.games.plantagenet.data import BOARD
from judge.games.registry import playable_kind

GAME = BosworthGame()


def test_iiib_sets_up_six_mustered_lords_and_decks_6_0() -> None:
    """III(B): Richard III, Northumberland (2) and Norfolk against Henry Tudor, Jasper Tudor (2)
    and Oxford, Mustered with their cards' Forces (6.0, 1.5.3); each deck 13 no-rose and 6
    three-rose cards."""
    state = new_state()
    assert set(state["lords"]) == {"Richard III", "Northumberland Y2", "Norfolk", "Henry Tudor", "Jasper Tudor 2", "Oxford"}
    assert state["lords"]["Richard III"]["troops"]["men_at_arms"] == BOARD.lords["Richard III"].forces.get("men_at_arms", 0)
    for side in ("York", "Lancaster"):
        roses = [BOARD.cards[c].roses for c in state["decks"][side]]
        assert roses.count(0) == 13 and roses.count(3) == 6
    assert GAME.pending(state).powers == frozenset({"York", "Lancaster"})


def test_iiib_capabilities_follow_3_4_6_and_count_four() -> None:
    """III(B) On Bosworth Field: four Capabilities a side, each to a Lord who may take it, two at
    most a Lord (3.4.6)."""
    state = new_state()
    lines = ["Norfolk LEVY CAPABILITY Y32", "Richard III LEVY CAPABILITY Y32", "Richard III LEVY CAPABILITY Y33",
             "Richard III LEVY CAPABILITY Y1", "Norfolk LEVY CAPABILITY Y36", "Norfolk LEVY CAPABILITY Y9",
             "Norfolk LEVY CAPABILITY Y3", "L5 Church"]
    read_back = GAME.read_orders(state, "York", lines)
    assert read_back[0].error and "not for Norfolk" in read_back[0].error
    assert [bool(line.canonical) for line in read_back[1:6]] == [True, True, False, True, True]
    assert "two Capabilities" in (read_back[3].error or "")
    assert "choose 4" in (read_back[6].error or "")
    assert read_back[7].error


def test_iiib_default_capabilities_badge_cards_first() -> None:
    """III(B), the default: the cards naming the side's Lords first, each to the first who may
    take it (3.4.6)."""
    chosen = default_capabilities("York", [])
    assert [(o.lord, o.target) for o in chosen] == [
        ("Richard III", "Y32"), ("Richard III", "Y33"), ("Norfolk", "Y36"), ("Northumberland Y2", "Y37")]
    one = [read("Oxford LEVY CAPABILITY L34")]
    rest = default_capabilities("Lancaster", one)
    assert len(rest) == 3 and all(o.target != "L34" for o in rest)


def test_iiib_array_and_rebels_attack_4_4_1() -> None:
    """III(B): each side Arrays its Lords at Front center, left and right as ordered (4.4.1); the
    Rebels (Lancastrians) Attack (the reading taken)."""
    state = new_state()
    orders = {"York": ["ARRAY Norfolk, Richard III, Northumberland"], "Lancaster": ["ARRAY Oxford, Henry Tudor, Jasper Tudor"]}
    result = GAME.resolve(state, orders, Random(3))
    array = {(e["side"], e["lord"]): e["outcome"] for e in result.report["battle"]["report"] if e["step"] == "array"}
    assert array[("York", "Norfolk")] == "center" and array[("York", "Richard III")] == "left"
    assert array[("York", "Northumberland Y2")] == "right"
    assert array[("Lancaster", "Oxford")] == "center" and array[("Lancaster", "Henry Tudor")] == "left"
    assert battle_start(new_state()).attacker.side == "Lancaster"
    assert state["step"]["name"] == "array"  # resolve never changes the state it is given


def test_iiib_winner_of_the_battle_wins_the_game() -> None:
    """III(B) Victory: the winner of the Battle wins; all Lords of both sides Routed is a draw."""
    outcomes = set()
    for seed in range(40):
        result = GAME.resolve(new_state(), {}, Random(seed))
        outcome = GAME.outcome(result.state)
        assert outcome is not None and not GAME.violations(new_state(), result)
        winner = result.report["battle"]["winner"]
        assert outcome.winners == ((winner,) if winner else ())
        outcomes.add(winner)
        assert len(result.state["lords"]["Richard III"]["caps"]) == 2  # the defaults: Y32, Y33
    assert {"York", "Lancaster", None} <= outcomes  # None: every Lord Routed, a draw


def test_iiib_registered_for_selfplay() -> None:
    """III(B) is played at random as ``plantagenet-iiib``."""
    kind = playable_kind("plantagenet-iiib")
    state = kind.new_game(b"1")
    rng = Random(1)
    orders = {side: kind.random_orders(state, side, rng) for side in kind.pending(state).powers}
    result = kind.resolve(state, orders, rng)
    assert kind.outcome(result.state) is not None and kind.violations(state, result) == []
