"""How the judge speaks of a Richard III game: phase names read and titled (1.0: campaigns and
turns), what each house holds as a reader may see it (3.0: blocks stand face down to the enemy),
and the choices offered, grouped, each line an order the reader takes."""

from __future__ import annotations

from random import Random

import pytest

from judge.games.richard3.game import Richard3Game
from judge.games.richard3.orders import read_order
from judge.games.richard3.data import BOARD
from judge.games.richard3.words import grouped_choices, holdings, phase_title, read_phase


@pytest.mark.parametrize(("written", "phase"), [
    ("I-3 cards", "I-3 cards"),
    ("i-3 CARDS", "I-3 cards"),
    ("campaign 1 turn 3 cards", "I-3 cards"),
    ("Campaign II, turn 4 actions 1 york", "II-4 actions 1 York"),
    ("iii political", "III political"),
    ("II-1 redeal answer", "II-1 redeal answer"),
])
def test_phases_are_read_as_players_write_them(written: str, phase: str) -> None:
    assert read_phase(written) == phase


@pytest.mark.parametrize("written", ["I-3 actions 1", "IV-1 cards", "I-8 cards", "I-3 political",
                                     "S1901M", "cards"])
def test_what_names_no_phase_reads_as_none(written: str) -> None:
    assert read_phase(written) is None


def test_phase_titles_say_campaign_turn_and_who_acts() -> None:
    assert phase_title("I-3 actions 1 York") == "Campaign I, turn 3: York's actions (player 1)"
    assert phase_title("II political") == "Campaign II: the political turn"
    assert phase_title("III-1 redeal") == "Campaign III, turn 1: the redeal"


def test_a_house_sees_its_own_blocks_and_only_counts_of_the_enemy() -> None:
    """3.0: blocks stand upright facing their owner; the enemy sees how many, not which."""
    game = Richard3Game("1460")
    state = game.new_game(b"words")
    seen = game.view(state, "York")
    own, enemy = holdings(seen, "York"), holdings(seen, "Lancaster")
    assert any("Warwick 4" in area for area in own["areas"])
    lancastrian = {b.name for b in BOARD.blocks.values() if b.side == "Lancaster"}
    text = " ".join(enemy["areas"])
    assert "block" in text and not any(f"{name} " in text for name in lancastrian - set(BOARD.areas))
    assert holdings(state, "Lancaster")["areas"] != enemy["areas"]  # the whole state names them
    # 4.2: the pool is not an area; its blocks are listed, by name, to their owner alone
    assert not any(area.startswith("pool") for area in own["areas"] + enemy["areas"])
    assert "Norfolk 4" in own["blocks in the pool"] and enemy["blocks in the pool"] == []


def test_grouped_choices_are_orders_once_an_alternative_is_kept() -> None:
    orders = ["MOVE Warwick - Kent", "MOVE Warwick - Sussex", "RETREAT ALL AFTER ROUND 1",
              "RETREAT Warwick AFTER ROUND 2", "NO TREACHERY", "DONE"]
    assert grouped_choices(orders) == [
        "MOVE Warwick - <Kent | Sussex>",
        "RETREAT <ALL | Warwick> AFTER ROUND <1 | 2>",
        "NO TREACHERY",
        "DONE",
    ]
    own = [b for b in BOARD.blocks if not b.endswith("/L")]
    for line in grouped_choices(orders):
        first = line.replace("<", "").split(" | ")[0].replace(">", "")
        if "AFTER ROUND" in line:
            first = "RETREAT ALL AFTER ROUND 1"
        read_order(first, own, [])  # raises if it does not read
    assert grouped_choices([f"MUSTER {n}" for n in range(3)]) == ["MUSTER <0 | 1 | 2>"]
    assert grouped_choices(["PLAY AP 2", "PLAY Force March"]) == ["PLAY <AP 2 | Force March>"]
    assert grouped_choices([f"EXECUTE B{n}" for n in range(100)], limit=5)[-1] == "... and 95 more"


def test_a_standing_is_counted_in_turns_named_by_campaign() -> None:
    """1.0: three campaigns of seven turns; the standing's 23 is campaign II, turn 3."""
    game = Richard3Game("1470")
    assert game.wording.period == "turn"
    assert game.period_name(game.standing(game.new_game(b"words")).period) == "II-1"
    assert game.period_name(21) == "III-7"


def test_move_choices_give_one_path_to_each_destination_and_no_round_trips() -> None:
    """Issue 18, point 2: a Force March's choices stay readable: one way to each area (the
    shortest), none passing an area twice (``Leicester - Derby - Leicester``)."""
    orders = ["MOVE Warwick - Leicester - Derby - Leicester", "MOVE Warwick - Leicester",
              "MOVE Warwick - Oxford - Leicester", "MOVE Warwick - Leicester - Derby",
              "MOVE Warwick - Chester - Derby"]
    assert grouped_choices(orders) == ["MOVE Warwick - <Leicester | Leicester - Derby>"]


def test_the_choices_a_results_mail_lists_stay_short_in_random_games() -> None:
    """Issue 18, point 2: the choices mailed with a phase stay a few kilobytes (a results mail
    was once 147 KB after a Force March), over every decision of random games."""
    game = Richard3Game("1460")
    largest = 0
    for seed in range(6):
        rng, state = Random(seed), game.new_game(str(seed).encode())
        for _ in range(60):
            if game.outcome(state) is not None:
                break
            pending = game.pending(state)
            for power in pending.powers:
                largest = max(largest, len("\n".join(game.choices(state, power))))
            orders = {p: game.random_orders(state, p, rng) for p in pending.powers}
            state = game.resolve(state, orders, rng).state
    assert 0 < largest < 12_000
