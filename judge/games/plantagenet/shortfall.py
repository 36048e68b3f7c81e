"""Warnings before self-harm (issue 33): the Lords of a side who could not Pay (3.2.1) or Feed
(4.7) their Troops as things stand, so that the player sees it before it costs him a Pillage or
an Unpaid or Unfed Disband: flagged on his own Lords' lines of the board (with the Pay choices,
and through the Campaign for Feed), at the Lord's Pay choice, and said when a card's actions are
accepted, as they may end (Supply, Forage and the dice counted). Nothing here changes the state:
each reckoning is made on a copy, Sharing included."""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import Any

from . import capabilities
from .command import COMMANDS, Card
from .data import BOARD, other
from .mat import need, settle, standing
from .order import Order
from .state import State, copy_state, is_exhausted, lords_at, lords_on_map, mats
from .turns import active_lord

ASSET = {"pay": "coin", "feed": "provender"}
RULE = {"pay": "3.2.1", "feed": "4.7"}


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
    at = state["lords"][lord]["at"]
    pillage = f"Pillages {at} or " if may_pillage(state, at) else ""
    return f"cannot Pay: needs {found['needs']} Coin, has {found['has']}; {pillage}Disbands Unpaid first (3.2.1)"


def may_pillage(state: State, at: str) -> bool:
    """Whether a Lord short here may Pillage (3.2.1): at an Unexhausted Stronghold, not in an
    Exile box nor at Sea."""
    return at in BOARD.locales and not is_exhausted(state, at)


def on_orders(state: State, side: str, orders: Sequence[Order]) -> list[str]:
    """What to say when a side's orders are accepted: in its Pay step, each Lord who could not
    Pay (his Troops are Paid before any Disband, 3.2.2); on its card, each Lord who could be left
    unable to Feed at the card's end (4.7), as ``on_card`` finds."""
    step = state["step"]["name"]
    if step == "pay":
        return [f"{lord} cannot Pay his Troops: he needs {n['needs']} Coin and has {n['has']}; he will "
                f"Pillage where he stands, or Disband Unpaid (3.2.1)" for lord, n in flags(state, side).items()]
    lord = active_lord(state) if step == "command" and state["step"]["side"] == side else None
    return on_card(state, lord, [o for o in orders if o.verb in COMMANDS]) if lord else []


class Dice(Random):
    """Dice that always show one face: a 6 fails every Influence check (1.4.2), Forage (4.6.2) and
    Valour roll and lets Naval Blockade (Y15) stop the action; a 1 passes them all."""

    def __init__(self, face: int) -> None:
        super().__init__(0)
        self.face = face

    def randint(self, a: int, b: int) -> int:
        return max(a, min(b, self.face))


FAILED = {"forage": "the Forage fails", "blockade": "the Blockade stops the Supply", "parley": "the Parley fails",
          "merchants": "the Merchants fail"}
"""What a roll that went against the card's Lord is called, by the event that tells it: those
that may cost him Provender (a Forage's, a Supply's; a Parley or the Merchants opening a Source
to a later Supply)."""


def on_card(state: State, lord: str, orders: Sequence[Order]) -> list[str]:
    """4.7: the card's actions played out on copies, the enemy silent, once with every roll
    failing and once with every roll passing: each Lord of the side left to Feed short at the
    card's end in the first, as he would stand then (Supply, Forage, Haul and the rest counted);
    if the second Feeds him, the warning says on what it hangs (``FAILED``)."""
    worst, failed = _card_end(state, lord, orders, Dice(6))
    if not worst:
        return []
    best, _ = _card_end(state, lord, orders, Dice(1))
    unless = " or ".join(dict.fromkeys(failed))
    said = []
    for mover, n in worst.items():
        hangs = f" if {unless}" if unless and mover not in best else ""
        pillage = f"Pillage {n['at']}, or " if n["pillage"] else ""
        said.append(f"{mover} must Feed at the card's end: he needs {n['needs']} Provender and will have "
                    f"{n['has']}{hangs}; he will {pillage}Disband Unfed (4.7)")
    return said


def _card_end(state: State, lord: str, orders: Sequence[Order],
              dice: Random) -> tuple[dict[str, dict[str, int | str]], list[str]]:
    """The card's actions carried out on a copy with these dice (as ``command`` does, but its
    Feed), up to an Approach: the side's Lords who must Feed and would be short (each with what
    he needs and holds, where he stands and whether he may Pillage there, 3.2.1), and the rolls
    that went against the card's Lord."""
    scratch = copy_state(state)
    side = BOARD.lords[lord].side
    own = list(standing(scratch, side))
    card = Card(scratch, lord, own)
    events: list[dict[str, Any]] = []
    for order in orders:
        if order.verb in ("MARCH", "SAIL") and lords_at(scratch, order.target or "", other(side)):
            break  # an Approach (4.3.5): what a Battle leaves is not foreseen
        if card.refusal(scratch, order) is None:
            card.carry_out(scratch, order, [], dice, events)
    skipped = scratch.get("no_feed", [])  # Rebel Supply Depot (L28)
    moved = [name for name, mat in mats(scratch) if mat["moved"] and name not in skipped and BOARD.lords[name].side == side]
    found: dict[str, dict[str, int | str]] = {}
    for name, n in short(scratch, moved, "feed").items():
        at = scratch["lords"][name]["at"]
        found[name] = {**n, "at": at, "pillage": may_pillage(scratch, at)}
    failed = [FAILED[e["type"]] for e in events if e["type"] in FAILED and e.get("lord") == lord
              and (e.get("cancelled") if e["type"] == "blockade" else e.get("success") is False)]
    return found, failed
