"""Heirs and Succession in a War of the grand scenario (6.2, 6.3), from the scenario's data:
the Lords and Arts of War cards an Heir's removal brings in or takes out, the Capability a Lord
must take when he Musters, and the War won when a side's listed Heirs are all removed."""

from __future__ import annotations

from typing import Any

from .data import BOARD, other
from .state import State, place_capability, scenario_of, shift

REMOVED = ("dead", "shipwreck")
"""How an Heir is removed (6.2.2: Death or Shipwreck, not Disband or Exile)."""


def take_out(state: State, card: str) -> None:
    """Remove a card from play wherever it is (6.2.2 ARTS OF WAR): it is set aside."""
    for side in ("York", "Lancaster"):
        for pile in (state["decks"][side], state["held"][side]):
            if card in pile:
                pile.remove(card)
    if card in state["lasting"]:
        state["lasting"].remove(card)
    for entry in state["lords"].values():
        if card in entry.get("caps", ()):
            entry["caps"].remove(card)
    if card not in state["aside"]:
        state["aside"].append(card)


def on_removal(state: State, lord: str, events: list[dict[str, Any]]) -> None:
    """6.2.2, 6.3: an Heir removed brings his successor to the next Calendar box and changes
    the Arts of War as the War says; then the War is won if every Heir listed against a side is
    removed (Automatic War Victory)."""
    setup = scenario_of(state)
    rule = setup.succession.get(lord)
    if rule:
        heir = rule["add"]
        if heir not in state["lords"] or "box" in state["lords"][heir]:
            state["lords"][heir] = {"box": shift(state["box"], 1), "exile": False}
        for card in rule.get("remove_cards", ()):
            take_out(state, card)
        for card in rule.get("add_cards", ()):
            if card in state["aside"]:
                state["aside"].remove(card)
            state["decks"][BOARD.cards[card].side].append(card)
        events.append({"type": "succession", "removed": lord, "added": heir})
    for winner, heirs in setup.war_victory.items():
        if state["outcome"] is None and all(state["lords"].get(h, {}).get("gone") in REMOVED for h in heirs):
            outcome = {"winner": winner, "reason": f"{other(winner)} lost every Heir of this War ({', '.join(heirs)}; 6.3)"}
            state["outcome"] = outcome
            state["step"] = {"name": "over"}
            events.append({"type": "victory", **outcome})


def on_muster(state: State, lord: str) -> None:
    """6.3: a Lord who takes a Capability when he Musters (Margaret: L26 Edward, free and
    mandatory) finds it at his mat."""
    card = scenario_of(state).mandatory_capability.get(lord)
    if card is not None:
        take_out(state, card)
        state["aside"].remove(card)
        place_capability(state, lord, card)


def set_aside_on_leaving(state: State, card: str) -> bool:
    """Whether a card leaving a mat is set aside rather than returned to its deck: a Lord's
    mandatory Capability (6.3, Margaret's L26), or a card that is in none of the scenario's
    decks (Ic, Montagu's L23)."""
    setup = scenario_of(state)
    return card in setup.mandatory_capability.values() or (
        card not in setup.cards and card not in {c for r in setup.succession.values() for c in r.get("add_cards", ())}
    )
