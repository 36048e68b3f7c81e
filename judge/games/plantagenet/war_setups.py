"""Setting up the second and third Wars of the Roses (6.3) from the Heirs the earlier Wars left
(6.1.2, 6.2): IIY, IIL, IIIY and IIIL, each a function of ``state["wars"]`` (``wars.py``) that
returns the War's state before its first Levy."""

from __future__ import annotations

from typing import Any

from .data import BOARD, other
from .setup import new_state
from .state import State, gain, new_mat, scenario_of
from .succession import heir_cards, heir_removed, on_muster, put_in

REMOVED_COST = 8
"""Influence each Heir removed in an earlier War by Death, Shipwreck or Natural Causes costs his
side in the third War (6.3)."""
def war_number(war: str) -> int:
    """1, 2 or 3: the first, second or third War (6.3)."""
    return len(war) - (1 if war.endswith(("Y", "L")) else 0)


def listed_heirs(state: State) -> dict[str, list[str]]:
    """The Heirs whose removal loses the War (6.0 War Victory), by the side it makes the winner:
    the scenario's lists (6.3 Automatic War Victory; the second War's four Heirs a side)."""
    return {winner: list(heirs) for winner, heirs in scenario_of(state).war_victory.items()}



def _remains(wars: dict[str, Any], lord: str) -> bool:
    card = BOARD.lords[lord]
    return str(card.heir) not in wars["removed"][card.side]


def _setup_removal(wars: dict[str, Any], lord: str) -> None:
    card = BOARD.lords[lord]
    wars["removed"][card.side].setdefault(str(card.heir), "setup")


def _base(war: str, wars: dict[str, Any], hidden_mats: bool) -> State:
    state = new_state(war, hidden_mats)
    state["wars"] = wars
    return state


def _muster(state: State, lord: str, place: str) -> None:
    """A Lord set up Mustered (6.0), with a Capability he must take (Margaret's L26, 6.3)."""
    state["lords"][lord] = new_mat(lord, place)
    on_muster(state, lord)


def _calendar(state: State, lord: str, box: int, exile: bool = False) -> None:
    state["lords"][lord] = {"box": box, "exile": exile}


def setup_iiy(wars: dict[str, Any], hidden_mats: bool = False) -> State:
    """IIY, The Kingmaker (6.3): Scenario II's Lancastrians and map with Succession finding the
    Yorkist King; Henry VI (or Margaret) and Somerset (1) (or 2) in box 9 marked Exile."""
    state = _base("IIY", wars, hidden_mats)
    york, march, rutland = (_remains(wars, lord) for lord in ("York", "March", "Rutland"))
    if york:
        _muster(state, "York", "London")
        if march:
            _muster(state, "March", "Ludlow")
    elif march:
        _muster(state, "Edward IV", "London")
    if rutland:
        _muster(state, "Rutland", "Canterbury" if york or march else "London")
        if york or march:
            state["favour"]["Canterbury"] = "York"
    _calendar(state, "Devon", 1)
    if _remains(wars, "Gloucester 1"):
        _calendar(state, "Gloucester 1" if york or march or rutland else "Richard III", 9)
    _calendar(state, "Northumberland Y1", 9)
    if sum(_remains(wars, lord) for lord in ("York", "March", "Rutland", "Gloucester 1")) <= 2:
        _muster(state, "Pembroke", "Pembroke")
    for lord, place in (("Warwick L", "Calais"), ("Clarence", "York"), ("Jasper Tudor 1", "Harlech")):
        _muster(state, lord, place)
    for first, then in (("Henry VI", "Margaret"), ("Somerset 1", "Somerset 2")):
        for lord in (first, then):
            if _remains(wars, lord):
                _calendar(state, lord, 9, exile=True)
                break
    for lord in ("Oxford", "Exeter 2"):
        _calendar(state, lord, 9, exile=True)
    return _started(state)


def setup_iil(wars: dict[str, Any], hidden_mats: bool = False) -> State:
    """IIL, Lancastrian Legitimacy Fades (6.3): the Lancastrian King at London (Margaret, when
    Henry VI was removed, in box 1: the reading taken), Somerset at Wells, the Yorkist Heirs in
    box 7 marked Exile."""
    state = _base("IIL", wars, hidden_mats)
    somerset = next((lord for lord in ("Somerset 1", "Somerset 2") if _remains(wars, lord)), None)
    if _remains(wars, "Henry VI"):
        _muster(state, "Henry VI", "London")
    elif _remains(wars, "Margaret"):
        _calendar(state, "Margaret", 1)
    if somerset:
        king = not _remains(wars, "Henry VI") and not _remains(wars, "Margaret")
        _muster(state, somerset, "London" if king else "Wells")
    _muster(state, "Jasper Tudor 1", "Harlech")
    _calendar(state, "Exeter 1", 2)
    _calendar(state, "Oxford", 2)
    _calendar(state, "Northumberland L", 8)
    for lord, place in (("Warwick Y", "Calais"), ("Salisbury", "York"), ("Pembroke", "Pembroke")):
        _muster(state, lord, place)
    _calendar(state, "Devon", 1)
    for lord in ("York", "March", "Rutland", "Gloucester 1"):
        if _remains(wars, lord):
            _calendar(state, lord, 7, exile=True)
    return _started(state)


def setup_iiiy(wars: dict[str, Any], hidden_mats: bool = False) -> State:
    """IIIY, New Rivals (6.3): every Lord Mustered; the Yorkist King and one Heir by Succession,
    the one Lancastrian Heir (Margaret, Henry Tudor or Warwick), Favour at the Lords' Seats, and
    eight Influence off a side for each Heir it lost in an earlier War."""
    state = _base("IIIY", wars, hidden_mats)
    cards = scenario_of(state).setup_cards
    persons = [lord for lord in ("York", "March", "Rutland", "Gloucester 1") if _remains(wars, lord)]
    if wars["y28"] and {"Rutland", "Gloucester 1"} <= set(persons):
        persons.remove("Rutland")
        _setup_removal(wars, "Rutland")
    added: list[str] = []
    if persons in ([], ["Rutland"]):
        for lord in persons:
            _setup_removal(wars, lord)
        wars["warwick"] = "York"
        _muster(state, "Warwick Y", "London")
        _muster(state, "Salisbury", "York")
        added += cards["Warwick King"]
        king, heir = "Warwick Y", None
    else:
        if sum(1 for lord in persons if lord != "Rutland") == 1:
            _muster(state, "Northumberland Y2", "Carlisle")
            added += cards["one Heir left"]
        for lord in persons[2:]:
            _setup_removal(wars, lord)
        first = persons[0]
        king = {"York": "York", "March": "Edward IV", "Rutland": "Rutland", "Gloucester 1": "Richard III"}[first]
        _muster(state, king, "London")
        added += cards[f"{king} King"]
        heir = persons[1] if len(persons) > 1 else None
        if heir == "March":
            _muster(state, "March", "Ludlow")
            added += cards["March heir"]
        elif heir == "Rutland":
            _muster(state, "Rutland", "Canterbury")
            added += cards["Rutland heir to York" if king == "York" else "Rutland heir to Edward IV"]
        elif heir == "Gloucester 1":
            heir = "Gloucester 2" if king == "Rutland" else "Gloucester 1"
            _muster(state, heir, "London" if king == "Rutland" else "Gloucester")
            added += cards["Gloucester"] + (cards["Gloucester with Edward IV"] if king == "Edward IV" else ())
    _muster(state, "Norfolk", "Arundel")
    if _remains(wars, "Margaret"):
        rival, home = "Margaret", "France"
    elif king != "Edward IV":
        rival, home = "Henry Tudor", "France"
    else:
        rival, home = "Warwick L", "Calais"
        wars["warwick"] = "Lancaster"
    _muster(state, rival, home)
    added += cards["Warwick" if rival == "Warwick L" else rival]
    for lord in ("Oxford", "Jasper Tudor 2"):
        _muster(state, lord, home)
    wars["heirs"] = {"Lancaster": [lord for lord in (king, heir) if lord], "York": [rival]}
    _favour_at_seats(state, first="York")
    _cost_of_heirs(state)
    return _started(state, added)


def setup_iiil(wars: dict[str, Any], hidden_mats: bool = False) -> State:
    """IIIL, Yorkists' Last Stand (6.3): the Lancastrian King at London (Somerset (2) as King
    set up as Somerset (1)), Oxford and Jasper Tudor; the Yorkist Heirs by Succession with
    Norfolk in Burgundy (at Calais with Warwick), Favour at the Lords' Seats, eight Influence off
    a side for each Heir it lost in an earlier War."""
    state = _base("IIIL", wars, hidden_mats)
    cards = scenario_of(state).setup_cards
    added: list[str] = []
    lancastrians = [lord for lord in ("Henry VI", "Margaret", "Somerset 1", "Somerset 2") if _remains(wars, lord)]
    for lord in lancastrians[1:]:
        _setup_removal(wars, lord)
    king = None
    if lancastrians:
        king = "Somerset 1" if lancastrians[0] == "Somerset 2" else lancastrians[0]
        _muster(state, king, "London")
        added += cards[f"{king.split(' ')[0] if king.startswith('Somerset') else king} King"]
    _muster(state, "Oxford", "Oxford")
    _muster(state, "Jasper Tudor 2", "Pembroke")
    persons = [lord for lord in ("York", "March", "Rutland", "Gloucester 1") if _remains(wars, lord)]
    heirs: list[str] = []
    if persons and (persons[0] == "Gloucester 1" or (wars["y28"] and "Gloucester 1" in persons)):
        heirs = ["Gloucester 2"]
        added += cards["Gloucester alone"]
    elif persons and persons[0] == "York":
        heirs = ["York"]
        added += cards["York"]
        if len(persons) > 1:
            heirs.append("Gloucester 1" if persons[1] == "Gloucester 1" else persons[1])
            added += cards["Gloucester heir to York" if persons[1] == "Gloucester 1" else "March or Rutland heir to York"]
    kept = {"Gloucester 1" if h == "Gloucester 2" else h for h in heirs}
    for lord in persons:
        if lord not in kept:
            _setup_removal(wars, lord)
    if not heirs:
        heirs = ["Warwick Y"]
        wars["warwick"] = "York"
        added += cards["Warwick"]
    home = "Calais" if "Warwick Y" in heirs else "Burgundy"
    for lord in heirs:
        _muster(state, lord, home)
    if len(heirs) == 1:
        _muster(state, "Salisbury", home)
        added += cards["one Heir"]
    _muster(state, "Norfolk", home)
    wars["heirs"] = {"York": [king] if king else [], "Lancaster": heirs}
    _favour_at_seats(state, first="Lancaster")
    _cost_of_heirs(state)
    return _started(state, added)


def _favour_at_seats(state: State, first: str) -> None:
    """6.3 Wars III: London to the King's side, then each side's Lords' Seats (on the map) to it."""
    state["favour"] = {"London": first}
    for lord in state["lords"]:
        seat = BOARD.lords[lord].seat
        if seat in BOARD.locales and seat not in state["favour"]:
            state["favour"][seat] = BOARD.lords[lord].side


def _cost_of_heirs(state: State) -> None:
    """6.3 Wars III: each Heir (not Warwick) removed in an earlier War by Death, Shipwreck or
    Natural Causes costs his side eight Influence."""
    for side, removed in state["wars"]["removed"].items():
        lost = sum(1 for rank, how in removed.items() if how != "setup")
        gain(state, side, -REMOVED_COST * lost)


def _started(state: State, added: list[str] | tuple[str, ...] = ()) -> State:
    """The War's Arts of War: the starting decks, the cards Succession adds at setup, and in a
    second War the Heirs' cards (6.2.2, 6.3); then the War's Heirs are checked (War Victory by
    setup, 6.0) and the first Levy begins."""
    for card in dict.fromkeys(added):
        put_in(state, card)
    if scenario_of(state).heir_cards:
        heir_cards(state)
    if war_number(state["wars"]["war"]) == 2:
        state["wars"]["heirs"] = listed_heirs(state)
    return state


SETUPS = {"IIY": setup_iiy, "IIL": setup_iil, "IIIY": setup_iiiy, "IIIL": setup_iiil}


def war_lost_at_setup(state: State) -> dict[str, Any] | None:
    """A War whose setup leaves a side none of the Heirs listed for it is lost by that side at
    once (6.0 War Victory: removed by setup)."""
    for winner, heirs in state["wars"]["heirs"].items():
        if heirs and all(heir_removed(state, h) for h in heirs):
            return {"winner": winner, "reason": f"{other(winner)} has no Heir of this War left (6.0, 6.3)"}
    return None
