"""Warnings before self-harm (issue 33): the Lords of a side who could not Pay (3.2.1) or Feed
(4.7) their Troops as things stand, so that the player sees it before it costs him a Pillage or
an Unpaid or Unfed Disband: flagged on his own Lords' lines of the board (with the Pay choices,
and through the Campaign for Feed), and said when a card's actions that March or Sail are
accepted. Nothing here changes the state: each reckoning is made on a copy, Sharing included."""

from __future__ import annotations

from collections.abc import Sequence

from . import capabilities
from .mat import need, settle
from .order import Order
from .state import State, copy_state, lords_on_map
from .turns import active_lord

ASSET = {"pay": "coin", "feed": "provender"}
RULE = {"pay": "3.2.1", "feed": "4.7"}
GOES = {"MARCH": "Marches", "SAIL": "Sails"}


def short(state: State, lords: Sequence[str], action: str) -> dict[str, dict[str, int]]:
    """The Lords among ``lords`` who would be left short if they Paid (``action`` "pay") or Fed
    ("feed") now, Sharing at their Locale as the rules do: each with what he needs and holds."""
    asset = ASSET[action]
    scratch = copy_state(state)
    left = settle(scratch, list(lords), asset)
    return {lord: {"needs": need(state["lords"][lord]), "has": state["lords"][lord]["assets"][asset]}
            for lord in left}


def flags(state: State, side: str) -> dict[str, dict[str, int | str]]:
    """The side's own Lords to flag on its board: in the Pay step those who could not Pay
    (Percy's Power, L14, pays some for free); through the Campaign those who could not Feed after
    a March or a Battle."""
    step = state["step"]["name"]
    if step == "pay":
        free = capabilities.free_pay(state, side)
        paying = [lord for lord in lords_on_map(state, side) if lord not in free]
        return {lord: {"action": "pay", "rule": RULE["pay"], **found} for lord, found in short(state, paying, "pay").items()}
    if step in ("plan", "command"):
        return {lord: {"action": "feed", "rule": RULE["feed"], **found}
                for lord, found in short(state, lords_on_map(state, side), "feed").items()}
    return {}


def pay_note(state: State, lord: str, found: dict[str, int | str]) -> str:
    """The Pay choices' note at a Lord who could not Pay (3.2.1): his Troops are Paid before any
    Disband (3.2.2), so he Pillages where he stands, or Disbands Unpaid, first."""
    return (f"cannot Pay: needs {found['needs']} Coin, has {found['has']}; Pillages "
            f"{state['lords'][lord]['at']} or Disbands Unpaid first (3.2.1)")


def on_orders(state: State, side: str, orders: Sequence[Order]) -> list[str]:
    """What to say when a side's orders are accepted: in its Pay step, each Lord who could not
    Pay (his Troops are Paid before any Disband, 3.2.2); on its card, each Lord who Marches or
    Sails and could not Feed at the card's end (4.7), unless its Supply or Forage may bring him
    Provender first."""
    step = state["step"]["name"]
    if step == "pay":
        return [f"{lord} cannot Pay his Troops: he needs {n['needs']} Coin and has {n['has']}; he will "
                f"Pillage where he stands, or Disband Unpaid (3.2.1)" for lord, n in flags(state, side).items()]
    lord = active_lord(state) if step == "command" and state["step"]["side"] == side else None
    moving = [o for o in orders if o.verb in ("MARCH", "SAIL")]
    if lord is None or not moving or any(o.verb in ("SUPPLY", "FORAGE") for o in orders):
        return []
    movers = [lord, *(m for o in moving for m in o.group if m in state["lords"] and "at" in state["lords"][m])]
    return [f"{mover} {GOES[moving[0].verb]} and must Feed at the card's end: he needs {n['needs']} "
            f"Provender and has {n['has']}; he will Pillage where he stands, or Disband Unfed (4.7)"
            for mover, n in short(state, list(dict.fromkeys(movers)), "feed").items()]

