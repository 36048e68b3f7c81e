"""The Levy's first steps (3.1-3.3): Arts of War draws, Pay with Pillage and Disband, Muster
Exiles and Ready Vassals. Muster itself (3.4) is in ``muster.py``.

Arts of War: the draws, the placing of drawn Capabilities and the keeping of Events follow 3.1;
the Events that act at once are in ``events.py``, the lasting ones act through the
``event_effects`` table while in effect, and the Hold Events when played (``held.py``,
``march.py``, ``battle/``).
"""

from __future__ import annotations

from random import Random

from . import capabilities
from .data import BOARD
from .events import EVENTS
from .succession import on_muster
from .mat import Events, disband_lord, disband_vassal, pay_or_feed
from .orders import Order
from .state import (
    State, exile_boxes_for, exiles_ready, gain, in_order, lords_on_map, new_mat, place_capability, shift,
)


def capability_refusal(state: State, lord: str, card: str) -> str | None:
    """Why a Lord may not take a Capability (3.4.6): only the Lords its badges name (any
    version of them), at most two a Lord, never two of one name."""
    kind = BOARD.cards[card]
    if kind.lords and lord not in kind.lords:
        return f"{card} {kind.capability} is not for {lord} (3.4.6)"
    held = state["lords"][lord]["caps"]
    if len(held) >= 2:
        return f"{lord} already has two Capabilities (3.4.6)"
    if any(BOARD.cards[c].capability == kind.capability for c in held):
        return f"{lord} already has {kind.capability} (3.4.6)"
    return None


def draw_arts_of_war(state: State, first_levy: bool, rng: Random, events: Events) -> None:
    """3.1: the Rebel then the King's side draw two cards each at random from their decks. At the
    scenario's first Levy they are Capabilities, each placed with a Mustered Lord who may take it
    (the Lord with fewest Capabilities first, by default) or discarded if none can (3.1.2);
    later, Events: held ones kept hidden, "this Levy" and "this Campaign" ones kept in effect until
    then, the others revealed and returned (3.1.3). A card returned goes back once both are drawn:
    a side draws two cards, never the same one twice."""
    for side in in_order(state):
        deck = state["decks"][side]
        returned: list[str] = []
        for _ in range(min(2, len(deck))):
            card = deck.pop(rng.randrange(len(deck)))
            if first_levy:
                takers = [lord for lord in lords_on_map(state, side) if capability_refusal(state, lord, card) is None]
                if takers:
                    lord = min(takers, key=lambda name: len(state["lords"][name]["caps"]))
                    place_capability(state, lord, card)
                    events.append({"type": "capability", "side": side, "card": card, "lord": lord})
                    capabilities.burgundians(state, [lord], events)
                else:
                    returned.append(card)
                    events.append({"type": "capability discarded", "side": side, "card": card})
                continue
            when = BOARD.cards[card].when
            if when == "hold":
                state["held"][side].append(card)
                events.append({"type": "event held", "side": side, "card": card})
            else:
                if when in ("this_levy", "this_campaign"):
                    state["lasting"].append(card)
                else:
                    returned.append(card)
                acts = card in EVENTS or card in BOARD.event_effects  # at once, or while in effect
                events.append({"type": "event", "side": side, "card": card, "implemented": acts})
                if card in EVENTS:
                    EVENTS[card](state, rng, events)
        deck.extend(returned)


def lasts(card: str) -> str:
    """Until when an Event in effect lasts: "this_levy" or "this_campaign" (3.1.3); a played Hold
    Event as its ``lasts`` in the ``event_effects`` table says, by default the Campaign."""
    when = BOARD.cards[card].when
    return str(BOARD.event_effects.get(card, {}).get("lasts", "this_campaign")) if when == "hold" else when


def end_lasting(state: State, when: str) -> None:
    """Return "this Levy" or "this Campaign" Events to their decks at the end of that step
    (3.1.3, 3.4, 4.8.6); a played Hold Event at the end its card gives (``lasts``)."""
    for card in [c for c in state["lasting"] if lasts(c) == when]:
        state["lasting"].remove(card)
        state.get("chosen", {}).pop(card, None)
        state["decks"][BOARD.cards[card].side].append(card)


def pay(state: State, orders: dict[str, list[Order]], events: Events) -> None:
    """3.2, Rebel then King's side in each step: Pay Troops (with Pillage and Unpaid Disband,
    3.2.1), Pay Lords after any chosen Disband (3.2.2), Pay Vassals whose Service ends now
    (3.2.3: ``DISMISS`` one to leave him unpaid; he Disbands)."""
    capabilities.income(state, "pay", events)  # Madame La Grande (L37)
    free = {side: capabilities.free_pay(state, side) for side in in_order(state)}  # Percy's Power (L14)
    for side in in_order(state):
        paying = [lord for lord in lords_on_map(state, side) if lord not in free[side]]
        pay_or_feed(state, paying, "coin", events, "unpaid (3.2.1)")
    for side in in_order(state):
        for order in orders.get(side, []):
            if order.verb == "DISBAND" and order.target in lords_on_map(state, side):
                disband_lord(state, order.target, events, why="by choice (3.2.2)")
        cost = sum(2 if state["lords"][lord]["at"] in BOARD.exile_boxes else 1
                   for lord in lords_on_map(state, side) if lord not in free[side])
        gain(state, side, -cost)
        events.append({"type": "pay lords", "side": side, "influence": cost})
    for side in in_order(state):
        dismissed = {o.target for o in orders.get(side, []) if o.verb == "DISMISS"}
        for vassal in vassals_due(state, side):
            if vassal in dismissed:
                disband_vassal(state, vassal, events)
            else:
                gain(state, side, 0 if state["vassals"][vassal]["lord"] in free[side] else -1)
                state["vassals"][vassal]["box"] = shift(state["box"], 1)
                events.append({"type": "pay vassal", "side": side, "vassal": vassal})


def vassals_due(state: State, side: str) -> list[str]:
    """A side's Mustered Vassals whose Service marker is in the current box (3.2.3)."""
    return [
        vassal for vassal, entry in state["vassals"].items()
        if "lord" in entry and "box" in entry and entry["box"] <= state["box"]
        and BOARD.lords[entry["lord"]].side == side
    ]


def ready_vassals(state: State, events: Events) -> None:
    """3.3.2: Disbanded Vassals whose markers are in the current box go back to their Seats."""
    for vassal, entry in state["vassals"].items():
        if "box" in entry and "lord" not in entry and entry["box"] <= state["box"]:
            state["vassals"][vassal] = {"seat": True}
            events.append({"type": "vassal ready", "vassal": vassal})


def exile_refusal(state: State, side: str, order: Order) -> str | None:
    lord = order.target or ""
    if lord not in exiles_ready(state, side):
        return f"{lord} is not an Exile Ready to Muster (3.3.1)"
    boxes = exile_boxes_for(state, lord)
    if not boxes or (order.group and order.group[0] not in boxes):
        return f"{lord} may Muster only into {', '.join(boxes) or 'no Exile box'} (1.3.1, 6.0)"
    return None


def muster_exile(state: State, side: str, order: Order, events: Events) -> None:
    """3.3.1: an Exiled Lord Ready on the Calendar Musters into an Exile box of his side (his
    Allied Network's in Ia), without check or cost."""
    lord = order.target or ""
    box = order.group[0] if order.group else exile_boxes_for(state, lord)[0]
    state["lords"][lord] = new_mat(lord, box)
    on_muster(state, lord)
    events.append({"type": "muster exile", "side": side, "lord": lord, "at": box})
    rules = BOARD.scenarios[state["scenario"]].special_rules
    if "Shaky Allies: Clarence" in rules and lord == "Margaret" and box == "France" and "gone" not in state["lords"].get("Clarence", {"gone": ""}):
        if "at" in state["lords"]["Clarence"]:
            disband_lord(state, "Clarence", events, why="Shaky Allies")
        state["lords"]["Clarence"] = {"gone": "removed"}
        events.append({"type": "shaky allies", "removed": "Clarence"})
