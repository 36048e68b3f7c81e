"""The Wars of the Roses, the grand scenario (6.0-6.3): three Wars in turn, each set up from the
Heirs the earlier ones left (6.1.2 Renewed War, 6.2, 6.3), Natural Causes after the second, and
the third War's winner winning the whole.

``state["wars"]`` keeps what passes from War to War: the War being played (``I``, ``IIY``,
``IIL``, ``IIIY``, ``IIIL``), the winners so far, the Heirs removed by side and rank with how
(``dead``, ``shipwreck``, ``natural`` or ``setup``), the Turns played in earlier Wars, whether
Gloucester as Heir (Y28) was played in the second War (and the cards it puts out of use,
``spent``), the side whose Warwick is an Heir in the third, and the Heirs whose removal loses the
current War (by the side it makes the winner).
"""

from __future__ import annotations

from random import Random
from typing import Any

from .data import BOARD, SIDES
from .setup import new_state
from .state import State, scenario_of
from .succession import dynastic, take_out
from .turns import start_turn
from .war_setups import SETUPS, listed_heirs, war_lost_at_setup, war_number

NEXT = {"I": "II", "IIY": "III", "IIL": "III"}


def new_wars(hidden_mats: bool = False) -> State:
    """The first War, Plantagenets Go to War, set up as Ia with War I's rules (6.1, 6.3)."""
    state = new_state("I", hidden_mats)
    state["wars"] = {
        "war": "I", "won": [], "removed": {side: {} for side in SIDES}, "turns": 0, "y28": False,
        "warwick": None, "heirs": listed_heirs(state), "spent": [],
    }
    return state


def turns_played(state: State) -> int:
    """The Turns of the Wars of the Roses played so far, the current one counted."""
    return int(state["wars"]["turns"]) + int(state["box"]) - scenario_of(state).first_box + 1


def note_gloucester(state: State) -> None:
    """6.3 Wars II, Gloucester: once Gloucester as Heir (Y28) has been played, the card is set
    aside (its Capability unavailable) and noted for the third War's setup."""
    wars = state["wars"]
    if wars["war"] not in ("IIY", "IIL"):
        return
    if "Y28" in state["lasting"]:
        wars["y28"] = True
        wars["spent"] = ["Y28"]
    elif wars["y28"] and "Y28" not in state["aside"]:
        take_out(state, "Y28")


def renew(state: State, rng: Random, events: list[dict[str, Any]]) -> bool:
    """At a War's end (6.1.2): the third War's winner wins the Wars of the Roses; after the first
    or second, Natural Causes (after the second), then the next War is set up on ``state`` in
    place and True returned. A first or second War both sides end without Lords (5.1) goes to
    the King's side as a tie does (the reading taken, errata FAQ #5); the third is then a draw."""
    wars = state["wars"]
    if wars.get("over"):
        return False
    war = wars["war"]
    if war_number(war) == 3:
        wars["over"] = True
        state["outcome"] = {**state["outcome"], "reason": f"{state['outcome']['reason']}: the third War decides the Wars of the Roses (6.0)"}
        return False
    winner = state["outcome"]["winner"] or scenario_of(state).king
    wars["won"].append([war, winner])
    events.append({"type": "war won", "war": war, "winner": winner, "reason": state["outcome"]["reason"]})
    if war_number(war) == 2:
        natural_causes(state, rng, events)
        dynastic(state, events)
        if wars.get("over"):
            return False
    wars["turns"] = turns_played(state)
    wars["spent"] = []
    wars["war"] = NEXT[war] + winner[0]
    fresh = SETUPS[wars["war"]](wars, state["hidden_mats"])
    state.clear()
    state.update(fresh)
    events.append({"type": "war", "war": wars["war"]})
    lost = war_lost_at_setup(state)
    if lost:
        state["outcome"] = lost
        state["step"] = {"name": "over"}
        events.append({"type": "victory", **lost})
    else:
        start_turn(state, rng, events)
    return True


def natural_causes(state: State, rng: Random, events: list[dict[str, Any]]) -> None:
    """6.3 Wars II, Natural Causes: after the War, two dice each for Henry VI and York still
    present, removed on a roll less than the last Turn played; in IIY one die for Edward IV,
    removed on a 6."""
    for lord in ("Henry VI", "York", "Edward IV"):
        entry = state["lords"].get(lord)
        if entry is None or "gone" in entry or (lord == "Edward IV" and state["wars"]["war"] != "IIY"):
            continue
        roll = rng.randint(1, 6) if lord == "Edward IV" else rng.randint(1, 6) + rng.randint(1, 6)
        dies = roll == 6 if lord == "Edward IV" else roll < int(state["box"])
        events.append({"type": "natural causes", "lord": lord, "roll": roll, "removed": dies})
        if dies:
            card = BOARD.lords[lord]
            state["wars"]["removed"][card.side][str(card.heir)] = "natural"
