"""The action phase (5.0): land moves, border limits, pinning, sea moves, recruits, events."""

from __future__ import annotations

from r3_setup import GAME, act, actions, events, position, refusal, where

from judge.games.richard3.actions import recruit_areas
from judge.games.richard3.data import BOARD


def five_in_middlesex() -> dict[str, object]:
    return {
        "Henry VI": "Middlesex", "Oxford": "Middlesex", "Beaumont": "Middlesex",
        "Clifford": "Middlesex", "Wiltshire": "Middlesex", "Somerset": "Dorset",
    }


def test_5_2_one_point_moves_every_block_of_an_area_one_or_two_areas() -> None:
    """5.2: 1 AP activates an area; its blocks go one or two areas, to different places."""
    state = actions(position(five_in_middlesex()), "Lancaster", "AP 2")
    result = act(state, ["Oxford - Leicester - Derby", "Beaumont - Essex", "Clifford - Kent", "DONE"])
    after = result.state
    assert (where(after, "Oxford"), where(after, "Beaumont"), where(after, "Clifford")) == ("Derby", "Essex", "Kent")
    assert refusal(state, "Oxford - Leicester - Derby - Lincoln")  # three areas


def test_5_2_a_block_moves_once_a_turn() -> None:
    """5.2: blocks move once a turn."""
    state = actions(position(five_in_middlesex()), "Lancaster")
    lines = GAME.read_orders(state, "Lancaster", ["Oxford - Sussex", "Oxford - Kent"])
    assert lines[1].error is None  # the second replaces the first (same slot)
    state2 = act(state, ["Oxford - Sussex", "SEA Beaumont - Kent"]).state
    assert where(state2, "Oxford") == "Sussex"


def test_5_2_blocks_stop_on_entering_an_enemy_area() -> None:
    """5.2: blocks must stop on entering an enemy area; they pass through friendly ones."""
    state = actions(position({**five_in_middlesex(), "March": "Leicester", "Arundel": "Sussex"}, king="Lancaster"), "Lancaster")
    assert "stop" in (refusal(state, "Oxford - Leicester - Derby") or "")
    assert refusal(state, "Oxford - Leicester") is None
    assert refusal(state, "Somerset - Wilts - Oxford") is None  # through a vacant area


def test_5_21_border_limit_five_blocks_to_oxford() -> None:
    """5.21 (the rule's example): of five blocks in Middlesex, four may cross the yellow border
    to Oxford; the fifth goes round, by Leicester."""
    state = actions(position(five_in_middlesex()), "Lancaster", "AP 2")
    moves = [f"{b} - Oxford" for b in ("Henry VI", "Oxford", "Beaumont", "Clifford")]
    read = GAME.read_orders(state, "Lancaster", [*moves, "Wiltshire - Oxford", "Wiltshire - Leicester - Oxford"])
    assert [line.error is None for line in read[:4]] == [True] * 4
    assert "border" in (read[4].error or "") or read[4].error is None  # replaced by the next order
    assert read[5].error is None
    assert "5.21" in (refusal_after(state, moves, "Wiltshire - Oxford") or "")


def refusal_after(state: dict[str, object], before: list[str], order: str) -> str | None:
    lines = GAME.read_orders(state, "Lancaster", [*before, order])
    return lines[-1].error


def test_5_21_red_border_must_stop() -> None:
    """5.21: blocks stop after crossing a red border (Cumbria - Lancaster)."""
    state = actions(position({"Clifford": "Cumbria", "Somerset": "Dorset", "Henry VI": "Middlesex"}), "Lancaster")
    assert "red" in (refusal(state, "Clifford - Lancaster - Chester") or "")
    assert refusal(state, "Clifford - Lancaster") is None


def test_5_22_pinning() -> None:
    """5.22: attacking blocks (not reserves) pin as many defenders; the others may leave, not
    across a border the enemy entered by."""
    start = position({
        "Oxford": "Essex", "Beaumont": "Essex", "Clifford": "Essex", "Henry VI": "Middlesex",
        "March": "Rutland", "Warwick/Y": "Rutland", "York": "Ireland",
    })
    state = actions(start, "York")
    after = act(state, ["March - Essex", "Warwick - Essex", "DONE"]).state
    assert after["step"]["label"] == "actions 2"
    # two pin two: one of three may go, not back towards Rutland
    assert refusal(after, "Oxford - Middlesex") is None
    lines = GAME.read_orders(after, "Lancaster", ["Oxford - Middlesex", "Beaumont - Middlesex"])
    assert "pinned" in (lines[1].error or "")
    assert "border" in (refusal(after, "Oxford - Rutland") or "")


def test_5_3_sea_move_to_friendly_or_vacant_coast_only() -> None:
    """5.3: one block, coast to coast on one sea zone, not into an enemy area; Calais reaches the
    North Sea and the Channel."""
    state = actions(position({"Warwick/Y": "Calais", "York": "Ireland", "Oxford": "Essex", "Henry VI": "Middlesex"}, king="Lancaster"), "York")
    assert refusal(state, "SEA Warwick - East Anglia") is None
    assert refusal(state, "SEA Warwick - Sussex") is None
    assert "friendly or vacant" in (refusal(state, "SEA Warwick - Essex") or "")
    assert "sea zone" in (refusal(state, "SEA Warwick - Chester") or "")
    assert "exile" in (refusal(state, "SEA Warwick - France") or "")


def test_5_3_levies_and_the_scots_never_go_by_sea() -> None:
    """5.3: the Scots, the Welsh, the Rebel and city levies never sea move."""
    state = actions(position({"Scots Mercenary": "Scotland", "York (levy)": "East Yorks", "Henry VI": "Middlesex", "York": "Ireland"}), "Lancaster")
    assert "never" in (refusal(state, "SEA Scots - Northumbria") or "")
    assert "never" in (refusal(state, "SEA York Levy - Northumbria") or "")


def test_5_31_two_blocks_port_to_port_for_one_point() -> None:
    """5.31: two blocks from one major port to one major port cost 1 AP."""
    blocks = {"Warwick/Y": "Calais", "Salisbury/Y": "Calais", "Kent/Y": "Calais", "York": "Ireland", "Henry VI": "Middlesex"}
    state = actions(position(blocks), "York", "AP 2")
    result = act(state, ["SEA Warwick - Kent", "SEA Salisbury - Kent", "SEA Kent - Sussex"])
    assert [where(result.state, b) for b in ("Warwick/Y", "Salisbury/Y", "Kent/Y")] == ["Kent", "Kent", "Sussex"]
    read = GAME.read_orders(state, "York", ["SEA Warwick - Kent", "SEA Salisbury - Dorset", "SEA Kent - Sussex"])
    assert "needs a 3rd action point" in (read[2].error or "")  # Dorset is no major port: three


def test_5_4_recruits_where_their_type_deploys() -> None:
    """5.4: nobles at a shield, levies at their city, a bombard in a friendly city area, the
    Rebel in a vacant area not in exile, the Welsh in Wales; one AP each."""
    state = actions(position({"Henry VI": "Middlesex", "York": "Ireland", "March": "Kent"}), "Lancaster", "AP 4")
    assert refusal(state, "RECRUIT Northumberland - Cumbria") is None
    assert "cannot be recruited" in (refusal(state, "RECRUIT Northumberland - Kent") or "")
    assert refusal(state, "RECRUIT York Levy - South Yorks") is None
    assert refusal(state, "RECRUIT Bombard - Middlesex") is None
    assert "cannot" in (refusal(state, "RECRUIT Bombard - Somerset") or "")  # vacant, not friendly
    assert refusal(state, "RECRUIT Welsh - Powys") is None
    york = actions(position({"Henry VI": "Middlesex", "York": "Ireland", "March": "Kent"}), "York", "AP 4")
    assert refusal(york, "RECRUIT Rebel - Lincoln") is None
    assert "cannot" in (refusal(york, "RECRUIT Rebel - Middlesex") or "")
    assert "cannot" in (refusal(york, "RECRUIT Norfolk - Kent") or "")
    after = act(york, ["RECRUIT Norfolk - East Anglia", "RECRUIT Norwich Levy - East Anglia"]).state
    assert where(after, "Norfolk") == where(after, "Norwich (levy)") == "East Anglia"


def test_5_4_action_points_limit_the_recruits() -> None:
    """1.2, 5.4: one recruit a point."""
    state = actions(position({"Henry VI": "Middlesex", "York": "Ireland"}), "Lancaster", "AP 2")
    read = GAME.read_orders(state, "Lancaster", ["RECRUIT Oxford - Essex", "RECRUIT Beaumont - Lincoln", "RECRUIT Devon - Cornwall"])
    assert [bool(line.error) for line in read] == [False, False, True]


def test_event_force_march_three_areas_one_group() -> None:
    """Force March: one group, up to three areas."""
    state = actions(position(five_in_middlesex()), "Lancaster", "Force March")
    assert refusal(state, "Oxford - Leicester - Derby - Chester") is None
    read = GAME.read_orders(state, "Lancaster", ["Oxford - Leicester", "Somerset - Wilts"])
    assert "one group" in (read[1].error or "")


def test_event_surprise_border_limit_plus_one() -> None:
    """Surprise: border limits one higher (a red border takes three)."""
    blocks = {"Clifford": "Cumbria", "Northumberland/L": "Cumbria", "Westmoreland/L": "Cumbria", "Henry VI": "Middlesex"}
    moves = [f"{b} - Lancaster" for b in ("Clifford", "Northumberland", "Westmoreland")]
    surprise = actions(position(blocks), "Lancaster", "Surprise")
    assert all(line.error is None for line in GAME.read_orders(surprise, "Lancaster", moves))
    plain = actions(position(blocks), "Lancaster", "AP 2")
    assert GAME.read_orders(plain, "Lancaster", moves)[2].error


def test_event_muster() -> None:
    """Muster: name a friendly or vacant area; blocks from anywhere move to it."""
    blocks = {"Clifford": "North Yorks", "Beaumont": "Lincoln", "Henry VI": "Middlesex"}
    state = actions(position(blocks), "Lancaster", "Muster")
    after = act(state, ["MUSTER South Yorks", "Clifford - South Yorks", "Beaumont - South Yorks"]).state
    assert where(after, "Clifford") == where(after, "Beaumont") == "South Yorks"
    assert "muster" in (GAME.read_orders(state, "Lancaster", ["MUSTER South Yorks", "Beaumont - Derby"])[1].error or "").lower()


def test_event_muster_says_how_many_blocks_it_drew() -> None:
    """Muster (issue 18, point 4): the report says how many blocks moved to the muster area, and
    that none did when the player named the area and moved no block there."""
    blocks = {"Clifford": "North Yorks", "Beaumont": "Lincoln", "Henry VI": "Middlesex"}
    state = actions(position(blocks), "Lancaster", "Muster")
    drew = act(state, ["MUSTER South Yorks", "Clifford - South Yorks", "Beaumont - South Yorks"])
    assert [e["moved"] for e in drew.report["events"] if e["type"] == "muster"] == [2]
    idle = act(state, ["MUSTER South Yorks"])
    assert [e["moved"] for e in idle.report["events"] if e["type"] == "muster"] == [0]


def test_event_plague() -> None:
    """Plague: every block in one enemy city area loses a step, even eliminated."""
    blocks = {"Henry VI": "Dorset", "York": ("Middlesex", 4), "London (levy)": ("Middlesex", 1)}
    state = actions(position(blocks), "Lancaster", "Plague")
    after = act(state, ["PLAGUE London"]).state
    assert after["blocks"]["York"]["strength"] == 3
    assert where(after, "London (levy)") == "pool"
    assert "enemy city" in (refusal(state, "PLAGUE Dorset") or "")


def test_event_piracy_attacks_by_sea() -> None:
    """Piracy: sea moves may attack."""
    blocks = {"Warwick/Y": "Calais", "York": "Ireland", "Oxford": "Essex", "Henry VI": "Middlesex"}
    state = actions(position(blocks), "York", "Piracy")
    after = act(state, ["SEA Warwick - Essex"]).state
    assert after["turn_record"]["battles"]["Essex"]["entries"][0]["border"] == "sea"


def test_event_treason_is_among_the_choices_of_the_player_who_played_it() -> None:
    """Treason: its roll may be made in any battle, one the player starts or one the enemy
    starts against him, so his choices list TREASON at each area where his blocks stand (the
    enemy may fight him only there), and the judge reads each one listed."""
    blocks = {"Warwick/Y": "Kent", "York": "Ireland", "Oxford": "Essex", "Henry VI": "Middlesex"}
    state = actions(position(blocks), "York", "Treason")
    listed = GAME.legal_orders(state, "York")
    assert "TREASON Kent" in listed and "TREASON Ireland" not in listed, listed  # exile: no battle
    for order in [o for o in listed if o.startswith("TREASON")]:
        assert refusal(state, order) is None, order
    state = actions(position(blocks), "York", "AP 4")
    assert not [o for o in GAME.legal_orders(state, "York") if o.startswith("TREASON")]


def test_2_7_enemy_exile_is_never_entered() -> None:
    """2.7, 2.72: Scotland only for Lancaster."""
    state = actions(position({"March": "Cumbria", "York": "Ireland", "Henry VI": "Middlesex"}), "York")
    assert "exile" in (refusal(state, "March - Scotland") or "")


def test_legal_orders_are_all_accepted() -> None:
    """Every order the judge lists as legal, it reads without refusal."""
    state = actions(position(five_in_middlesex()), "Lancaster", "AP 3")
    listed = GAME.legal_orders(state, "Lancaster")
    assert "MOVE Oxford - Leicester - Derby" in listed and "DONE" in listed
    for order in listed[:: max(1, len(listed) // 60)]:
        assert refusal(state, order) is None, order
    assert len(BOARD.neighbours["Middlesex"]) == 5
    assert events(act(state, ["RECRUIT Bombard - London"]), "recruit")


def test_5_22_5_3_pinned_blocks_may_not_leave_by_sea_either() -> None:
    """5.22, 5.3: the blocks an attack pins may not leave at all, by land or by sea. March
    attacks Kent alone: one of Lancaster's two blocks there is pinned, the other may sail."""
    start = position({"Oxford": "Kent", "Beaumont": "Kent", "Henry VI": "Middlesex", "March": "Sussex", "York": "Ireland"})
    after = act(actions(start, "York"), ["March - Kent", "DONE"]).state
    assert refusal(after, "SEA Oxford - East Anglia") is None
    lines = GAME.read_orders(after, "Lancaster", ["SEA Oxford - East Anglia", "SEA Beaumont - East Anglia"])
    assert "pinned" in (lines[1].error or "") and "5.22" in (lines[1].error or "")
    alone = position({"Oxford": "Kent", "Henry VI": "Middlesex", "March": "Sussex", "York": "Ireland"})
    attacked = act(actions(alone, "York"), ["March - Kent", "DONE"]).state
    assert "pinned" in (refusal(attacked, "SEA Oxford - East Anglia") or "")


def test_2_7_8_3_a_lancastrian_warwick_is_never_recruited_into_calais() -> None:
    """2.7 (an exile area is never entered by the enemy), 8.3 (a Lancastrian Warwick cannot
    return to Calais): Calais holds a Warwick shield, but not for Warwick of Lancaster."""
    state = actions(position({"Warwick/L": "pool", "Henry VI": "Middlesex", "York": "Ireland"}), "Lancaster", "AP 4")
    assert "Calais" not in recruit_areas(state, "Lancaster", "Warwick/L")
    assert refusal(state, "RECRUIT Warwick - Calais")
    assert refusal(state, "RECRUIT Warwick - Warwick") is None
    assert "RECRUIT Warwick - Calais" not in GAME.legal_orders(state, "Lancaster")
    york = actions(position({"Warwick/Y": "pool", "Henry VI": "Middlesex", "York": "Ireland"}), "York", "AP 4")
    assert "Calais" in recruit_areas(york, "York", "Warwick/Y")  # his own house's exile


def test_event_surprise_is_normal_sea_movement_two_blocks_port_to_port() -> None:
    """The Surprise card may be used for normal sea movement (5.3, 5.31): two blocks from one
    major port to one major port are one group for its point; a third block is a second
    group. Only Piracy takes the port bonus away."""
    blocks = {"Warwick/Y": "Calais", "Salisbury/Y": "Calais", "Kent/Y": "Calais", "York": "Ireland", "Henry VI": "Middlesex"}
    state = actions(position(blocks), "York", "Surprise")
    read = GAME.read_orders(state, "York", ["SEA Warwick - Kent", "SEA Salisbury - Kent", "SEA Kent - Kent"])
    assert [line.error is None for line in read[:2]] == [True, True]
    assert "one group" in (read[2].error or "")
    after = act(state, ["SEA Warwick - Kent", "SEA Salisbury - Kent"]).state
    assert where(after, "Warwick/Y") == where(after, "Salisbury/Y") == "Kent"
    piracy = actions(position(blocks), "York", "Piracy")
    read = GAME.read_orders(piracy, "York", ["SEA Warwick - Kent", "SEA Salisbury - Kent", "SEA Kent - Kent"])
    assert "two sea moves" in (read[2].error or "")  # Piracy: no port bonus


def test_event_muster_in_a_friendly_scotland() -> None:
    """The Muster card names any friendly or vacant area: Scotland, Lancaster's exile, when
    his blocks hold it; never the enemy's exile (2.7)."""
    blocks = {"Clifford": "Scotland", "Northumberland/L": "Northumbria", "Henry VI": "Middlesex", "York": "Ireland"}
    state = actions(position(blocks), "Lancaster", "Muster")
    after = act(state, ["MUSTER Scotland", "Northumberland - Scotland"]).state
    assert where(after, "Northumberland/L") == "Scotland"
    york = actions(position({"March": "Cumbria", "Henry VI": "Middlesex", "York": "Ireland"}), "York", "Muster")
    assert refusal(york, "MUSTER Scotland")
    assert refusal(york, "MUSTER North Yorks") is None


def test_5_4_a_later_order_that_would_undo_an_accepted_recruit_is_refused_not_the_recruit() -> None:
    """5.4: a bombard deploys in a friendly city area. York's RECRUIT Bombard - Middlesex is
    accepted while March holds London; a later mail moving March out would leave Middlesex
    vacant and the recruit impossible: that move is refused, with why, and the recruit stands
    (1.2: recruits are placed after the moves, so the judge checks them together)."""
    state = actions(position({"March": "Middlesex", "York": "Ireland", "Henry VI": "Kent"}), "York", "AP 4")
    first = GAME.read_orders(state, "York", ["RECRUIT Bombard - Middlesex"])
    assert first[0].error is None
    taken = {line.slot or "": line.canonical or "" for line in first}
    later = GAME.read_orders(state, "York", ["March - Oxford", "DONE"], taken)
    assert later[0].error and later[0].error.startswith(
        "it would make RECRUIT Bombard - Middlesex impossible (Bombard cannot be recruited in Middlesex (5.4))"), later
    assert later[1].error is None
    result = act(state, [*taken.values()])
    assert where(result.state, "Bombard/Y") == "Middlesex"
