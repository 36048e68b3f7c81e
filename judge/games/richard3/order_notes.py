"""What became of a player's standing orders for the battles and the supply phase (6.0-6.7, 9.1):
each one the turn never used is told to its owner, with the reason, so that no accepted order
passes in silence.

The battle phase marks an order ``used`` when it acts, or notes ``why_not`` where it is looked at
and cannot act (a regroup to an area no longer open); ``tell_unused`` then tells the owner of every
order left, with the noted reason or, where none was noted, the plainest one that holds (the block
fought no battle, it was eliminated first, no battle was fought there). The events it adds are its
owner's alone (``private``: the enemy never learns a standing order).
"""

from __future__ import annotations

from typing import Any

from .action_phase import kept_order
from .actions import turn_record
from .data import BOARD, SIDES
from .losses import Events
from .names import block_name
from .orders import Order
from .state import State

QUIET = ("NO TREACHERY",)  # in force all turn: nothing to tell


def _notes(state: State, side: str) -> dict[str, Any]:
    notes: dict[str, Any] = turn_record(state).setdefault("order notes", {}).setdefault(
        side, {"used": [], "why_not": {}})
    return notes


def used(state: State, side: str, order: Order) -> None:
    """The order acted this turn."""
    _notes(state, side)["used"].append(str(order))


def why_not(state: State, side: str, order: Order, reason: str) -> None:
    """The order was looked at and could not act; the last reason noted is the one told."""
    _notes(state, side)["why_not"][str(order)] = reason


def tell_unused(state: State, events: Events) -> None:
    """One event a side listing its standing orders that did nothing this turn, grouped by why
    (``events``: the turn's, its battles' among them, each naming the blocks it began with)."""
    fought_in = {e["area"]: [b[0] for blocks in e["blocks"].values() for b in blocks]
                 for e in events if e["type"] == "battle"}
    fighters = {b for blocks in fought_in.values() for b in blocks}
    sides_fought = {side for e in events if e["type"] == "battle" for side, blocks in e["blocks"].items() if blocks}
    for side in SIDES:
        notes = _notes(state, side)
        unused: dict[str, list[str]] = {}  # reason -> the orders it answers, in the order given
        for row in state["standing"].get(side, []):
            order = kept_order(row)
            text = str(order)
            if order.keyword in QUIET or text in notes["used"]:
                continue
            reason = notes["why_not"].get(text) or _reason(state, order, fought_in, fighters,
                                                           side in sides_fought)
            if reason is not None:
                unused.setdefault(reason, []).append(text)
        if unused:
            events.append({"type": "orders unused", "side": side, "private": True,
                           "groups": [{"why": why, "orders": texts} for why, texts in unused.items()]})


def _reason(state: State, order: Order, fought_in: dict[str, list[str]], fighters: set[str],
            fought: bool) -> str | None:
    """The plainest reason an order did nothing, or None where it did its part (an order of the
    battles whose battles were fought, a MAIN attack whose battle was fought); ``fought``: whether
    any block of the order's house fought a battle."""
    keyword = order.keyword
    if keyword == "MAIN":
        return None if order.areas[0] in fought_in else f"no battle was fought in {order.areas[0]}"
    if keyword == "BATTLES":
        return None if any(a in fought_in for a in order.areas) else "none of those battles was fought"
    if keyword == "TREASON" and order.areas[0] not in fought_in:
        return f"no battle was fought in {order.areas[0]}"
    block = order.block if keyword != "TREACHERY" else order.target
    if block:
        name = block_name(block)
        entry = state["blocks"][block]
        if keyword == "EXECUTE":
            return "the game ended first (9.0)" if state.get("outcome") else f"{name} is not on the map (9.1)"
        if entry["at"] == "out" and state["blocks"][BOARD.blocks[block].twin or block]["at"] in BOARD.areas:
            return f"{name} changed sides (6.9)"
        if block not in fighters:
            return "no battle for the block named"
        if entry["at"] not in BOARD.areas:
            return f"{name} was eliminated before it applied"
    if keyword == "RETREAT":
        return "the battle ended before it applied" if fought else "none of your blocks fought a battle"
    if keyword == "CHARGE":
        return "the battle ended before his turn"
    if keyword == "REGROUP":
        return "your house did not win that battle"
    return "its moment never came in this turn's battles"
