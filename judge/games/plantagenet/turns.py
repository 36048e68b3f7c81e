"""The sequence of play (2.2.1, 3.0, 4.0): which step comes next and who acts in it.

A Turn's steps, each a phase of the game: ``pay`` (both sides' Pay choices at once, 3.2; not at
the scenario's first Levy), ``muster`` of the Rebel then of the King's side (3.3.1 and 3.4),
``plan`` (both at once, 4.1), then one ``command`` step per Command card, Rebel and King's side
in turn (4.2), and End Campaign (4.8) on to the next Turn. ``state["step"]`` is ``{"name": ...,
"side": ..., "card": N}`` and ``powers`` lists the sides asked for orders.
"""

from __future__ import annotations

from random import Random

from . import capabilities, held
from .command import PASS
from .data import LORD_SIDE, other
from .end import end_campaign
from .levy import draw_arts_of_war, end_lasting, ready_vassals, vassals_due
from .mat import Events, disband_troopless
from .state import State, exiles_ready, in_order, rebel


def set_step(state: State, name: str, side: str | None = None, card: int | None = None) -> None:
    step: dict[str, object] = {"name": name}
    if side is not None:
        step["side"] = side
    if card is not None:
        step["card"] = card
    state["step"] = step


def powers(state: State) -> list[str]:
    """The sides asked for orders in the current step (none: it resolves at once)."""
    step = state["step"]
    name = step["name"]
    if name == "pay":
        return [s for s in in_order(state) if _any_on_map(state, s) or vassals_due(state, s)]
    if name == "muster":
        side = step["side"]
        return [side] if _any_on_map(state, side) or exiles_ready(state, side) or held.levy_plays(state, side) else []
    if name == "plan":
        return list(in_order(state))
    if name == "command":
        lord = active_lord(state)
        return [step["side"]] if lord is not None else []
    return []


def _any_on_map(state: State, side: str) -> bool:
    """Whether the side has a Lord on the map (``lords_on_map``, the first found enough)."""
    return any("at" in entry and LORD_SIDE[lord] == side for lord, entry in state["lords"].items())


def active_lord(state: State) -> str | None:
    """The Lord of the revealed Command card, or None for a Pass card or a Lord not on the map
    (4.2.3)."""
    step = state["step"]
    card = state["plans"][step["side"]][step["card"]]
    if card == PASS or "at" not in state["lords"].get(card, {}):
        return None
    return str(card)


def start_turn(state: State, rng: Random, events: Events) -> None:
    """A Turn's Levy begins: Arts of War (3.1), then Pay (3.2) except at the scenario's first
    Levy, which goes straight to Exiles and Vassals (3.3)."""
    first = state["step"]["name"] == "start"
    events.append({"type": "turn", "box": state["box"]})
    draw_arts_of_war(state, first, rng, events)
    if first:
        after_pay(state, events)
    else:
        set_step(state, "pay")


def after_pay(state: State, events: Events) -> None:
    """3.3.2 Ready Vassals, then the Rebel's Muster."""
    ready_vassals(state, events)
    set_step(state, "muster", rebel(state))


def after_muster(state: State, side: str, events: Events) -> None:
    if side == rebel(state):
        set_step(state, "muster", other(side))
        return
    end_lasting(state, "this_levy")
    capabilities.income(state, "campaign", events)  # Stafford Estates (L22): at the Campaign's outset
    set_step(state, "plan")


def after_plan(state: State) -> None:
    set_step(state, "command", rebel(state), 0)


def after_card(state: State, rng: Random, events: Events) -> None:
    """The other side's next card (4.2), or End Campaign when both Plans are spent (4.8) and,
    unless the game ended, the next Turn's Levy."""
    disband_troopless(state, events)
    if state["outcome"] is not None:  # a War won by the removal of Heirs (6.3)
        state["step"] = {"name": "over"}
        return
    step = state["step"]
    side, card = step["side"], step["card"]
    if side == rebel(state):
        set_step(state, "command", other(side), card)
        return
    if card + 1 < len(state["plans"][side]):
        set_step(state, "command", other(side), card + 1)
        return
    state["plans"] = {s: [] for s in in_order(state)}
    end_campaign(state, rng, events)
    if state["outcome"] is None:
        start_turn(state, rng, events)
