"""What each reader may see of a game (1.9, 1.9.2, 3.1.3, 4.1.2, 1.5.3 Hidden Mats option).

Hidden from the enemy (and from observers): the Arts of War deck and held Events (counted), the
Plan's cards not yet revealed (4.1.2), standing orders; with the Hidden Mats option, the mats of
the enemy's Lords on the map (Forces, Assets, Vassals, Capabilities), only where they stand
being shown. Everything else is open.
"""

from __future__ import annotations

from typing import Any

from . import shortfall
from .data import BOARD, SIDES
from .levy import lasts
from .state import State, copy_state, rebel

MAT_KEYS = ("troops", "assets", "vassals", "caps", "moved")


def revealed(state: State, side: str) -> int:
    """How many of a side's Plan cards are revealed: those played and the one in play (4.2)."""
    step = state["step"]
    if step["name"] != "command":
        return 0
    card = int(step["card"])
    if side == step["side"] or (side == rebel(state) and step["side"] != side):
        return card + 1
    return card


def view(state: State, power: str | None) -> dict[str, Any]:
    """The state as ``power`` (a side, or None for an observer) may see it, with each side's
    Lords named under ``sides`` (in the state's order) for the reports that list them."""
    seen = copy_state(state)
    for side in SIDES:
        if side == power:
            continue
        seen["decks"][side] = len(state["decks"][side])
        seen["held"][side] = len(state["held"][side])
        plan = state["plans"][side]
        shown = revealed(state, side)
        seen["plans"][side] = plan[:shown] + ["?"] * (len(plan) - shown)
        seen.get("standing", {}).pop(side, None)
        if state["hidden_mats"]:
            for lord, entry in seen["lords"].items():
                if "at" in entry and _side(lord) == side:
                    for key in MAT_KEYS:
                        entry.pop(key, None)
            for vassal, entry in list(seen["vassals"].items()):
                if "lord" in entry and _side(entry["lord"]) == side:
                    seen["vassals"][vassal] = {"mustered": True, **({"box": entry["box"]} if "box" in entry else {})}
    seen["sides"] = {side: [lord for lord in state["lords"] if _side(lord) == side] for side in SIDES}
    seen["ratings"] = {lord: rated(lord) for lord, entry in state["lords"].items()
                       if power is not None and _side(lord) == power and "at" in entry}
    seen["in_effect"] = [{"card": card, "name": BOARD.cards[card].event, "side": BOARD.cards[card].side,
                          "until": lasts(card)} for card in state.get("lasting", [])]
    seen["short"] = shortfall.flags(state, power) if power in SIDES and not state["outcome"] else {}
    seen["captives"] = {}  # Ia, Capture of the King: each captor's line says whom he holds
    for lord, entry in state["lords"].items():
        if "prisoner_of" in entry:
            seen["captives"].setdefault(entry["prisoner_of"], []).append(lord)
    seen["event_names"] = {card: BOARD.cards[card].event for card in state["held"].get(power or "", [])}
    seen["capability_names"] = capability_names(seen)
    return seen


def rated(lord: str) -> dict[str, int]:
    """A Lord's four ratings as his card prints them (1.5.2)."""
    card = BOARD.lords[lord]
    return {"Lordship": card.lordship, "Command": card.command, "Influence": card.influence, "Valour": card.valour}


def capability_names(seen: State) -> dict[str, str]:
    """The name of each Capability on the mats a reader sees (1.9.2), by card."""
    return {card: BOARD.cards[card].capability for entry in seen["lords"].values() for card in entry.get("caps", ())}


HIDDEN_DRAWS = ("event held", "capability", "capability discarded", "capability lost")
"""The draws and discards of a side's cards, told to that side alone (3.1.2, 3.1.3, 3.4.6)."""
NAMED_EVENTS = ("event", "event held", "discard held")
"""The events that tell an Event card its reader may know: its name is told with its number."""
CAPABILITY_EVENTS = ("capability", "capability discarded", "capability effect", "capability lost")
"""The events that tell a Capability card: its name is told with its number."""
SPIED = ("held", "mat")
"""What Aspielles (Y13, L13) shows its side alone: the enemy's held cards and a Lord's mat."""
MAT_FIGURES = ("troops", "provender", "coin", "carts", "left", "ships", "carts_left")
MAT_EVENTS = ("levy", "supply", "tax", "capability effect", "pay troops", "feed", "haul")
"""What Levy, Supply, Tax, Pay, Feed and Haul events say of a mat: hidden from the enemy with Hidden Mats."""


def report_for(report: dict[str, Any], power: str | None) -> dict[str, Any]:
    """A resolved phase's report as ``power`` (or an observer) may read it."""
    events = []
    for event in report["events"]:
        side = _told_to(event)
        if event["type"] in HIDDEN_DRAWS and side != power:
            continue
        if event["type"] == "discard held" and side != power:  # back to the deck unseen (3.1.3)
            event = {k: v for k, v in event.items() if k != "card"}
        if event["type"] == "aspielles" and side != power:  # what the spies saw (Y13, L13)
            event = {k: v for k, v in event.items() if k not in SPIED}
        if report.get("hidden_mats") and side != power and event["type"] in MAT_EVENTS:
            event = {k: v for k, v in event.items() if k not in MAT_FIGURES}
            if event.get("what") == "CAPABILITY" or (event["type"] == "capability effect" and "cancels" not in event):
                event.pop("target" if event["type"] == "levy" else "card", None)
        events.append(named(event))
    refused = {s: r for s, r in report.get("refused", {}).items() if s == power}
    orders = {s: o for s, o in report.get("orders", {}).items() if s == power}  # a Plan is secret (4.1.2)
    return {**report, "events": events, "refused": refused, "orders": orders}


def named(event: dict[str, Any]) -> dict[str, Any]:
    """An event with the name of the card it tells, as the card shows it: an Event's (3.1.3) or
    a Capability's (1.9.2), the Capabilities a Battle's Lords use included."""
    if event["type"] in NAMED_EVENTS and event.get("card"):
        return {**event, "name": BOARD.cards[event["card"]].event}
    if event["type"] in CAPABILITY_EVENTS and event.get("card"):
        return {**event, "name": BOARD.cards[event["card"]].capability}
    if event["type"] == "levy" and event.get("what") == "CAPABILITY" and event.get("target"):
        return {**event, "name": BOARD.cards[event["target"]].capability}
    if event["type"] == "battle":
        return {**event, "report": named_steps(event["report"])}
    return event


def named_steps(steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A Battle's steps, each Capability a Lord uses with its name."""
    return [{**step, "name": BOARD.cards[step["outcome"]].capability} if step["step"] == "capability" else step
            for step in steps]


def _told_to(event: dict[str, Any]) -> str | None:
    """The side an event of a draw is told to: its own (``side``, or its Lord's)."""
    return event.get("side") or (_side(event["lord"]) if isinstance(event.get("lord"), str) else None)


def _side(lord: str) -> str:
    return BOARD.lords[lord].side
