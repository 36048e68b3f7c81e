"""Supply (7.1, 7.2), the political turn (8.1-8.5), victory (9.0, 9.1) and the scenarios."""

from __future__ import annotations

from random import Random

from r3_setup import GAME, position, where

from judge.games.richard3.game import Richard3Game, phase_key
from judge.games.richard3.political import (
    disband_and_usurp,
    go_home_and_reset,
    home_areas,
    nearest_home,
    usurpation_count,
)
from judge.games.richard3.supply import supply_limits
from judge.games.richard3.turns import decided, new_state


def test_7_1_supply_limit_four_or_five_with_a_city() -> None:
    """7.1: more than four blocks in an area (five with a city) lose a step each over."""
    blocks = {b: "Kent" for b in ("Norfolk", "Suffolk", "Arundel", "Essex", "Hastings")}
    blocks.update({"London (levy)": "Middlesex", "Norwich (levy)": "Middlesex", "Salisbury (levy)": "Middlesex", "Worcester": "Middlesex", "Herbert": "Middlesex"})
    state = position({**blocks, "York": "Ireland", "Henry VI": "Dorset"})
    events: list[dict[str, object]] = []
    supply_limits(state, events)
    assert [e["area"] for e in events if e["type"] == "supply"] == ["Kent"]


def test_7_2_exile_limits() -> None:
    """7.2: Ireland supplies two blocks plus the Irish; a third exile there loses a step."""
    state = position({"York": "Ireland", "Rutland": "Ireland", "March": "Ireland", "Henry VI": "Dorset"})
    events: list[dict[str, object]] = []
    supply_limits(state, events)
    assert len([e for e in events if e["type"] == "supply"]) == 1
    state = position({"York": "Ireland", "Rutland": "Ireland", "Irish Mercenary": "Ireland", "Henry VI": "Dorset"})
    events = []
    supply_limits(state, events)
    assert not events


def test_8_1_levies_disband_and_mercenaries_go_home() -> None:
    """8.1: levies, bombards, the Welsh and the Rebel to the pool; mercenaries home."""
    state = position({"London (levy)": "Middlesex", "Irish Mercenary": "Kent", "Rebel": "Lincoln", "York": "Kent", "Henry VI": "Dorset"})
    disband_and_usurp(state, [])
    assert (where(state, "London (levy)"), where(state, "Irish Mercenary"), where(state, "Rebel")) == ("pool", "Ireland", "pool")


def test_8_2_usurpation_needs_a_majority_ties_to_the_king() -> None:
    """8.2: nobles, heirs and church on the map, London one more; exile does not count; the
    King wins ties."""
    base = {"Henry VI": "Dorset", "Clifford": "North Yorks", "York": "Kent", "Norfolk": "East Anglia", "March": "Calais"}
    state = position(base)
    assert (usurpation_count(state, "York"), usurpation_count(state, "Lancaster")) == (2, 2)
    disband_and_usurp(state, [])
    assert state["king"] == "Lancaster"
    state = position({**base, "Essex": "Middlesex"})
    assert usurpation_count(state, "York") == 4  # Essex, and London
    disband_and_usurp(state, [])
    assert state["king"] == "York"


def test_8_3_8_4_blocks_go_home() -> None:
    """8.3: the Pretender's heirs to exile, nobles to their shield or the pool if it is held by
    the enemy; 8.4: the King's heirs to a shield or crown."""
    state = position({"Henry VI": "Kent", "York": "Kent", "Norfolk": "Oxford", "Clifford": "Cumbria", "Suffolk": "Leicester", "Beaumont": "East Anglia"})
    assert set(home_areas(state, "York")) == {"Calais", "Ireland"}
    crowns = home_areas(state, "Henry VI")
    assert "Kent" not in crowns and "Cumbria" in crowns and "Lancaster" in crowns
    assert home_areas(state, "Norfolk") == ["Caernarvon", "Glamorgan"]  # East Anglia is Lancastrian
    go_home_and_reset(state, {"York": {"York": "Calais"}}, Random(0), [])
    assert where(state, "York") == "Calais"
    assert where(state, "Suffolk") == "Oxford"
    assert where(state, "Henry VI") in crowns


def test_8_3_8_4_a_block_not_sent_home_goes_to_its_nearest_home() -> None:
    """8.3, 8.4 (the judge's default, issue 18 point 7): a block its player sends nowhere stays
    if it stands at a home of its, else goes to the home fewest land borders away, not the first
    listed: Norfolk in Gloucester goes to Glamorgan (by Hereford), not Caernarvon."""
    state = position({"Henry VI": "Kent", "York": "Kent", "Norfolk": "Gloucester", "Beaumont": "East Anglia"})
    assert home_areas(state, "Norfolk") == ["Caernarvon", "Glamorgan"]
    assert nearest_home("Gloucester", ["Caernarvon", "Glamorgan"]) == "Glamorgan"
    assert nearest_home("Chester", ["Caernarvon", "Glamorgan"]) == "Caernarvon"
    assert nearest_home("Glamorgan", ["Caernarvon", "Glamorgan"]) == "Glamorgan"  # it stays
    assert nearest_home("Kent", ["pool", "Calais"]) == "pool"  # off the map: as listed
    go_home_and_reset(state, {}, Random(0), [])
    assert where(state, "Norfolk") == "Glamorgan"


def test_8_5_reset_full_strength_new_cards() -> None:
    """8.5: face-down blocks stand up, all at full strength, seven new cards each."""
    state = position({"Henry VI": ("Dorset", 1), "York": "Kent", "Norfolk": "East Anglia"})
    state["blocks"]["Suffolk"].update(down=True)
    go_home_and_reset(state, {}, Random(0), [])
    assert state["blocks"]["Henry VI"]["strength"] == 4 and not state["blocks"]["Suffolk"].get("down")
    assert len(state["cards"]["hands"]["York"]) == 7 and state["campaign"] == 2


def test_9_0_no_heir_left_loses_at_once() -> None:
    """9.0: eliminating every enemy heir wins at once."""
    state = position({"York": "Kent", "Henry VI": "Dorset"})
    for block in ("Henry VI", "Prince Edward", "Exeter/L", "Somerset", "Richmond"):
        state["blocks"][block]["at"] = "dead"
    events: list[dict[str, object]] = []
    assert decided(state, events)
    assert GAME.outcome(state) is not None and GAME.outcome(state).winners == ("York",)  # type: ignore[union-attr]


def test_9_1_a_defected_exeter_is_no_lancastrian_heir() -> None:
    """9.1: Exeter defected is a York noble; he counts for usurpation with York."""
    state = position({"Exeter/Y": "Cornwall", "York": "Kent", "Henry VI": "Dorset"})
    assert usurpation_count(state, "York") == 2
    assert home_areas(state, "Exeter/Y") == ["Cornwall"]


def test_4_3_4_4_the_full_game_deployment() -> None:
    """4.3, 4.4, 4.5: Henry VI in Middlesex as King, York in Ireland as Pretender, minors off."""
    state = new_state("1460", Random(0))
    assert state["king"] == "Lancaster" and where(state, "Henry VI") == "Middlesex"
    assert where(state, "York") == "Ireland" and where(state, "Gloucester") == "minor"
    assert where(state, "Warwick/Y") == "Calais" and where(state, "Warwick/L") == "out"


def test_kingmaker_henry_vi_prisoner_rescued_by_a_lancastrian_in_london() -> None:
    """Kingmaker 1470: Henry VI a prisoner (Prince Edward the Pretender), freed when Lancaster
    holds London."""
    game = Richard3Game("1470")
    state = game.new_game(b"x")
    assert state["king"] == "York" and where(state, "Henry VI") == "prisoner"
    assert game.view(state, "York")["crown"]["Lancaster"] == "Prince Edward"
    assert usurpation_count(state, "Lancaster") >= 1
    from judge.games.richard3.turns import rescue_henry

    state["blocks"]["March"]["at"] = "Kent"
    state["blocks"]["Oxford"]["at"] = "Middlesex"
    rescue_henry(state, [])
    assert where(state, "Henry VI") == "Middlesex"


def test_richard_iii_scenario_one_heir_each() -> None:
    """Richard III 1483: Richard III (Gloucester) the only York heir, Richmond Lancaster's."""
    state = Richard3Game("1483").new_game(b"x")
    from judge.games.richard3.state import heirs_left

    assert heirs_left(state, "York") == heirs_left(state, "Lancaster") == 1
    assert state["campaign"] == 3


def test_phase_names_are_unique_and_ordered() -> None:
    """1.0: phases named by campaign, turn and step, in the order played."""
    names = ["I-1 redeal", "I-1 cards", "I-1 actions 1 York", "I-1 actions 2 Lancaster", "I-7 cards", "I political", "II-1 cards"]
    assert sorted(names, key=phase_key) == names
