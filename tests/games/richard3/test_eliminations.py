"""Where each kind of eliminated block goes (6.82-6.86), and where a dead heir's successor enters
play at the next supply phase (6.82), each rule on its own."""

from __future__ import annotations

from r3_setup import position

from judge.games.richard3.data import BOARD
from judge.games.richard3.losses import eliminate
from judge.games.richard3.state import side_of
from judge.games.richard3.supply import heirs_come_of_age


def _eliminated(block: str, area: str = "Derby") -> dict[str, object]:
    state = position({block: area, "Henry VI": "Middlesex", "York": "Ireland"})
    events: list[dict[str, object]] = []
    eliminate(state, block, events, "battle")
    (event,) = events
    return {"entry": state["blocks"][block], "event": event, "state": state}


def test_6_82_a_killed_heir_dies_for_good_and_his_house_owes_a_successor() -> None:
    done = _eliminated("March")
    assert done["entry"]["at"] == "dead"  # type: ignore[index]
    assert done["state"]["heirs_due"]["York"] == 1  # type: ignore[index]


def test_6_82_the_kings_successor_enters_in_a_friendly_crown_area_the_pretenders_in_exile() -> None:
    state = position({"Henry VI": "Middlesex", "York": "Ireland"}, king="Lancaster")
    state["heirs_due"] = {"York": 1, "Lancaster": 1}
    events: list[dict[str, object]] = []
    heirs_come_of_age(state, events)
    entered = {e["side"]: e["area"] for e in events if e["type"] == "heir enters"}
    assert BOARD.areas[str(entered["Lancaster"])].crown  # a crown area: Middlesex is friendly
    assert entered["Lancaster"] == "Middlesex"
    assert BOARD.areas[str(entered["York"])].exile_of == "York"  # the Pretender's heir: exile


def test_6_83_a_neville_is_killed_for_good_another_noble_goes_face_down_to_the_pool() -> None:
    assert _eliminated("Warwick/Y")["entry"]["at"] == "dead"  # type: ignore[index]
    assert _eliminated("Norfolk")["entry"]["at"] == "dead"  # a York rose noble (no twin)
    stanley = _eliminated("Stanley/Y")["entry"]
    assert stanley == {"at": "pool", "strength": 0, "down": True}
    church = _eliminated("Canterbury (church)/Y")["entry"]
    assert church == {"at": "pool", "strength": 0, "down": True}


def test_6_84_a_levy_or_a_bombard_goes_face_down_to_the_pool() -> None:
    for block in ("London (levy)", "Bombard/Y"):
        assert _eliminated(block)["entry"] == {"at": "pool", "strength": 0, "down": True}


def test_6_85_mercenaries_go_home_face_down_the_welsh_to_the_lancastrian_pool() -> None:
    assert _eliminated("Scots Mercenary")["entry"] == {"at": "Scotland", "strength": 0, "down": True}
    assert _eliminated("Welsh Mercenary")["entry"] == {"at": "pool", "strength": 0, "down": True}


def test_6_86_the_rebel_goes_face_down_to_the_pretenders_pool() -> None:
    done = _eliminated("Rebel")  # Lancaster holds the throne: York is the Pretender
    assert done["entry"] == {"at": "pool", "strength": 0, "down": True}
    assert side_of(done["state"], "Rebel") == "York"  # type: ignore[arg-type]
    assert done["event"]["fate"] == "face-down to the pool"  # type: ignore[index]
