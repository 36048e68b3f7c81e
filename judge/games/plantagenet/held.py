"""Hold Events played by order outside Battle (3.1.3): in a side's Muster, its ``PLAY`` orders
carried out in turn (Aspielles Y13/L13, Yorkist Parade Y20, Sun in Splendour Y24); on Campaign,
the active side's standing ``PLAY`` orders when the moment comes (Rebel Supply Depot L28,
Surprise Landing L33). Each card's text is in the reference, described here in the project's
words; a played card goes back to its deck (3.1.4), or stays in effect for as long as it lasts
(``lasts`` in the ``event_effects`` table). The Battle's own Hold Events are in ``battle/``;
Parliament's Truce, Flank Attack and Blocked Ford in ``march.py``."""

from __future__ import annotations

from typing import Any

from .data import BOARD, other
from .fighting import BLOCKED_FORDS, FLANK_ATTACKS, PLAYED_IN_BATTLE, lords_refusal
from .mat import Events
from .orders import Order
from .state import State, enemy_at, forces_units, is_friendly, lords_on_map, new_mat
from .succession import on_muster

LEVY_PLAYS = ("Y13", "L13", "Y20", "Y24")
"""Hold Events a side plays in its Muster (``PLAY`` among its Muster orders)."""
CAMPAIGN_PLAYS = ("L28", "L33")
"""Hold Events the active side plays by its standing ``PLAY`` order after its own March or Sail."""


def use(state: State, side: str, card: str, events: Events, lasting: bool = False) -> None:
    """A held Event is played: revealed, and back to its deck once used (3.1.3, 3.1.4), or
    (``lasting``) kept in effect until its end (``levy.end_lasting``)."""
    state["held"][side].remove(card)
    (state["lasting"] if lasting else state["decks"][side]).append(card)
    events.append({"type": "event", "side": side, "card": card, "implemented": True, "held": True})


def standing_refusal(card: str, side: str) -> str | None:
    """Why a side may not give a standing order to play a held card (``PLAY`` with its Plan, or
    for a card: in Battle, to Intercept, upon Approach, after its own March or Sail), or None."""
    if BOARD.cards[card].side != side:
        return f"{card} is not a card of your deck"
    if BOARD.capability_effects.get(card, {}).get("cancel_approach"):
        return None  # King's Parley (L15): a Capability discarded upon Approach
    if card not in (*PLAYED_IN_BATTLE, BLOCKED_FORDS[side], FLANK_ATTACKS[side], *CAMPAIGN_PLAYS):
        return f"{card} is not an Event played to Intercept, upon Approach, after a March or Sail or in Battle (4.3.4, 4.3.5, 4.4)"
    return None


def battle_order_refusal(order: Order, side: str) -> str | None:
    """Why a side may not give this standing Battle order (plantagenet.md, Standing orders and
    defaults), or None: a card played must be one it may hold for the moment it names
    (``standing_refusal``), and the Lords named must be its own or the Enemy's as the order
    wants (``fighting.lords_refusal``)."""
    if order.verb == "PLAY":
        why = standing_refusal(order.target or "", side)
        if why:
            return why
    return lords_refusal(order, side)


# --- in the Muster -------------------------------------------------------------------------------


def levy_refusal(state: State, side: str, order: Order) -> str | None:
    """Why a side may not play this held Event in its Muster now, or None."""
    card = order.target or ""
    if card not in LEVY_PLAYS or BOARD.cards[card].side != side:
        return f"{card} is not an Event of yours played in the Levy (Y13, L13, Y20, Y24)"
    if card not in state["held"][side]:
        return f"you hold no {card} (3.1.3)"
    on = order.on
    if card in ("Y13", "L13"):
        if on is not None and (on not in BOARD.lords or BOARD.lords[on].side == side or "at" not in state["lords"].get(on, {})):
            return f"{on} is no Enemy Lord on the map"
        return None
    if card == "Y20":
        if state["favour"].get("London") != "York" or not any(
                state["lords"].get(lord, {}).get("at") == "London" for lord in ("York", "Warwick Y")):
            return "Yorkist Parade needs London Friendly and York or Warwick there (Y20)"
        return None
    if "box" not in state["lords"].get("Edward IV", {}):
        return "Edward IV is not on the Calendar (Y24)"
    if on is not None and on not in sun_places(state):
        return f"Edward IV may not Muster at {on}: a Friendly Locale free of Lancastrian Lords (Y24)"
    return None if sun_places(state) else "no Friendly Locale free of Lancastrian Lords (Y24)"


def play_in_levy(state: State, side: str, order: Order, events: Events, newcomers: set[str]) -> None:
    """Carry out a Levy Event ``levy_refusal`` allowed."""
    card = order.target or ""
    on = order.on
    use(state, side, card, events, lasting=card == "Y20")  # Y20: in effect this Levy
    if card in ("Y13", "L13"):
        aspielles(state, side, card, on, events)
    elif card == "Y24":
        place = on or sun_places(state)[0]
        state["lords"]["Edward IV"] = new_mat("Edward IV", place)
        on_muster(state, "Edward IV")
        newcomers.add("Edward IV")  # he takes no Levy actions this Muster (3.4)
        events.append({"type": "muster", "side": side, "lord": "Edward IV", "at": place, "card": card})


def aspielles(state: State, side: str, card: str, lord: str | None, events: Events) -> None:
    """Y13, L13 Aspielles: the side sees the enemy's held cards and one enemy Lord's mat (1.5.3,
    the one the order names; by default the enemy Lord on the map with most Forces units, the
    first such). The report shows them to that side alone (``view.report_for``)."""
    enemy = other(side)
    lords = lords_on_map(state, enemy)
    lord = lord or (max(lords, key=lambda name: forces_units(state["lords"][name])) if lords else None)
    seen: dict[str, Any] = {"type": "aspielles", "side": side, "card": card, "held": list(state["held"][enemy])}
    if lord is not None:
        mat = state["lords"][lord]
        seen["inspected"] = lord
        seen["mat"] = {key: mat[key] for key in ("troops", "assets", "vassals", "caps")}
    events.append(seen)


def sun_places(state: State) -> list[str]:
    """Where Sun in Splendour (Y24) may Muster Edward IV: a Friendly Locale free of Lancastrian
    Lords; London first (his Seat), then the map's order, then the Exile boxes (the Yorkists'
    choice, by default the first)."""
    places = ["London", *(p for p in BOARD.locales if p != "London"), *BOARD.exile_boxes]
    return [p for p in places if is_friendly(state, p, "York") and not enemy_at(state, p, "York")]


def levy_plays(state: State, side: str) -> bool:
    """Whether the side holds a Levy Event it may play now (its Muster is then asked for, even
    with no Lord to Muster)."""
    return any(card in LEVY_PLAYS and levy_refusal(state, side, Order("PLAY", target=card)) is None
               for card in state["held"][side])


# --- on Campaign ---------------------------------------------------------------------------------


def _playing(state: State, side: str, card: str, own: list[Order]) -> bool:
    return card in state["held"][side] and any(o.verb == "PLAY" and o.target == card for o in own)


def supply_depot(state: State, lord: str, group: list[str], own: list[Order], events: Events) -> None:
    """L28 Rebel Supply Depot: after a Lancastrian Lord or Group Marches or Sails to a Port free
    of Enemy Lords (the first such, by the standing ``PLAY L28``), four Provender to the Lord of
    the card, and the Group skips its next Feed (4.7)."""
    side = BOARD.lords[lord].side
    place = state["lords"][lord]["at"]
    if not _playing(state, side, "L28", own) or BOARD.sea_of(place) is None or place not in BOARD.locales:
        return
    use(state, side, "L28", events)
    state["lords"][lord]["assets"]["provender"] += int(BOARD.event_effects["L28"]["provender"])
    state.setdefault("no_feed", []).extend(group)


def surprise_landing(state: State, lord: str, own: list[Order], events: Events) -> bool:
    """L33 Surprise Landing: after a Lancastrian Sail to a Port (by the standing ``PLAY L33``),
    one free March action. Whether it was played."""
    side = BOARD.lords[lord].side
    if not _playing(state, side, "L33", own) or state["lords"][lord]["at"] not in BOARD.locales:
        return False
    use(state, side, "L33", events)
    return True
