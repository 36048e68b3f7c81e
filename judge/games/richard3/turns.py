"""The sequence of a game (1.0-1.4, 8.0): from one decision point to the next.

A decision point is ``state["step"]``: its label and the houses that must act. Labels:
``redeal`` and ``redeal answer`` (5.1, a campaign's first turn), ``cards`` (1.1, both
players), ``actions 1`` and ``actions 2`` (1.2, player 1 then player 2), ``political`` (8.3,
8.4: both say where their blocks go home) and ``over``. Everything between (battles, supply, the
start of the political turn, the new deal) is played automatically inside the resolution of the
decision before it, with the dice of the ``rng`` handed in.
"""

from __future__ import annotations

from random import Random

from .actions import new_turn_record
from .battle import fight_battles
from .cards import deal, may_redeal, redeal
from .data import BOARD, SIDES, other
from .losses import Events
from .order_notes import tell_unused
from .orders import Order
from .political import disband_and_usurp
from .state import State, blocks_in, heirs_left, king
from .supply import supply_phase

TURNS = 7  # 1.0


def new_state(scenario_key: str, rng: Random) -> State:
    """4.0: the scenario's deployment, full strength, the cards dealt."""
    scenario = BOARD.scenarios[scenario_key]
    blocks = {}
    for block_id, kind in BOARD.blocks.items():
        place = scenario.blocks.get(block_id)
        if place is None:
            twin = kind.twin
            place = "out" if twin is not None and twin in scenario.blocks else "dead"
        blocks[block_id] = {"at": place, "strength": kind.strength if place not in ("out", "dead") else 0}
    state: State = {
        "scenario": scenario_key,
        "campaign": scenario.first_campaign,
        "last_campaign": scenario.campaigns,
        "turn": 1,
        "king": scenario.king,
        "player1": None,
        "blocks": blocks,
        "heirs_due": {"York": 0, "Lancaster": 0},
        "standing": {"York": [], "Lancaster": []},
        "turn_record": new_turn_record(),
        "outcome": None,
    }
    deal(state, rng)
    start_campaign(state)
    return state


def set_step(state: State, label: str, powers: list[str]) -> None:
    state["step"] = {"label": label, "powers": sorted(powers)}


def start_campaign(state: State) -> None:
    """5.1: a player holding a mulligan may ask for a redeal before the first card."""
    asking = [side for side in SIDES if may_redeal(state, side)]
    if asking:
        set_step(state, "redeal", asking)
    else:
        set_step(state, "cards", list(SIDES))


def redeal_phase(state: State, given: dict[str, list[Order]], rng: Random, events: Events) -> None:
    """5.1: the players holding a mulligan may ask for a redeal; if one does, the other may
    give back his hand too (``redeal answer``); the cards given back and the unused ones are
    reshuffled and dealt."""
    label = state["step"]["label"]
    asked = [s for s in state["step"]["powers"] if any(o.keyword == "REDEAL" for o in given.get(s, []))]
    if label == "redeal":
        for side in asked:
            events.append({"type": "mulligan", "side": side, "hand": [BOARD.cards[n].name for n in state["cards"]["hands"][side]]})
        if len(asked) == 1 and other(asked[0]) not in asked:
            state["cards"]["asked"] = asked[0]
            set_step(state, "redeal answer", [other(asked[0])])
            return
    else:
        asked = [state["cards"].pop("asked")] + asked
    if asked:
        redeal(state, sorted(asked), rng)
        events.append({"type": "redeal", "sides": sorted(asked)})
    state["cards"]["redealt"] = True
    set_step(state, "cards", list(SIDES))


def after_actions(state: State, rng: Random, events: Events) -> None:
    """Player 2 has moved: the battles (6.0), the supply phase (7.0), the end of the turn."""
    rescue_henry(state, events)
    fight_battles(state, rng, events)
    rescue_henry(state, events)
    if not decided(state, events):
        events.append({"type": "supply phase"})
        supply_phase(state, events)
        decided(state, events)
    tell_unused(state, events)  # the game ended mid-turn too (9.0): its unused orders are told
    if state.get("outcome"):
        return
    state["turn_record"] = new_turn_record()
    state["standing"] = {"York": [], "Lancaster": []}
    state["player1"] = None
    state["cards"]["discards"] = state["cards"].get("discards", []) + list(state["cards"]["played"].values())
    state["cards"]["played"] = {}
    if state["turn"] < TURNS:
        state["turn"] += 1
        set_step(state, "cards", list(SIDES))
        return
    disband_and_usurp(state, events)
    if state["campaign"] >= state["last_campaign"]:
        finish(state, king(state), "holds the throne after the last campaign's usurpation (9.0)", events)
        return
    set_step(state, "political", list(SIDES))


def rescue_henry(state: State, events: Events) -> None:
    """Kingmaker: Henry VI, a prisoner in the Tower, is freed when a Lancastrian block holds
    London (Middlesex): he stands in Middlesex and is the Pretender from then on."""
    entry = state["blocks"]["Henry VI"]
    if entry["at"] != "prisoner":
        return
    if blocks_in(state, "Middlesex", "Lancaster") and not blocks_in(state, "Middlesex", "York"):
        entry["at"] = "Middlesex"
        events.append({"type": "rescued", "block": "Henry VI", "area": "Middlesex"})


def decided(state: State, events: Events) -> bool:
    """9.0: a house with no heir left, in play or a minor, has lost at once."""
    for side in SIDES:
        if heirs_left(state, side) == 0:
            finish(state, other(side), f"has eliminated every heir of {side} (9.0)", events)
            return True
    return False


def finish(state: State, winner: str, reason: str, events: Events) -> None:
    if winner == "York" and state["blocks"]["Henry VI"]["at"] == "prisoner":
        state["blocks"]["Henry VI"]["at"] = "dead"  # Kingmaker: murdered in the Tower
        events.append({"type": "murdered", "block": "Henry VI"})
    state["outcome"] = {"winner": winner, "reason": f"{winner} {reason}"}
    set_step(state, "over", [])
    events.append({"type": "victory", "winner": winner, "reason": state["outcome"]["reason"]})

