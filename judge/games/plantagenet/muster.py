"""Muster (3.4): each Lord on the map at its start takes Levy actions up to his Lordship: Parley
(3.4.1), Levy Lord (3.4.2), Vassal (3.4.3), Troops (3.4.4), Transport (3.4.5) and Capability
(3.4.6). A side's Muster is one list of orders, carried out in the order written; an order that
is not possible when its turn comes is refused (and spends nothing) and the next is tried."""

from __future__ import annotations

from random import Random
from typing import Any

from . import capabilities, held
from .data import BOARD, LORD_SIDE, other
from .influence import check, loyalty_modifier
from .levy import capability_refusal, exile_refusal, muster_exile
from .march import shaky_allies_refusal
from .mat import Events, discard
from .orders import Order
from .routes import parley_refusal, parley_targets
from .succession import on_muster
from .state import (
    AT_SEAT, State, deplete, enemy_at, favour_locked, gain, is_exhausted, is_friendly, lords_with_ships,
    new_mat, on_map, place_capability, pool, ready, shift, shift_favour,
)


def seats(state: State, side: str) -> list[str]:
    """The Seats of a side's Lords still in the game (1.3.1: Death removes a Seat)."""
    return [
        BOARD.lords[lord].seat for lord, entry in state["lords"].items()
        if LORD_SIDE[lord] == side and "gone" not in entry
    ]


def _open_seat(state: State, lord: str, seat: str) -> bool:
    """A Seat the Lord may Muster at: free of Enemy Lords (3.4.2) and, in II, not where his
    Shaky Ally stands (Margaret and Warwick never enter the same Stronghold)."""
    return not enemy_at(state, seat, BOARD.lords[lord].side) and shaky_allies_refusal(state, [lord], seat) is None


def muster_seats(state: State, lord: str) -> list[str]:
    """3.4.2 MUSTERING: where a Lord Levied may Muster: his own Seat if he may Muster there, else
    the Friendly Seats of his side's Lords where he may (the scenario's order)."""
    side = BOARD.lords[lord].side
    if _open_seat(state, lord, BOARD.lords[lord].seat):
        return [BOARD.lords[lord].seat]
    return list(dict.fromkeys(s for s in seats(state, side)
                              if is_friendly(state, s, side) and _open_seat(state, lord, s)))


def muster_seat(state: State, lord: str, wanted: str | None = None) -> str | None:
    """Where a Lord Levied Musters (``muster_seats``): the Seat his Levy names (``TO``), by
    default the first; None where there is none."""
    found = muster_seats(state, lord)
    return wanted if wanted in found else (found[0] if found else None)


def levy_lord_refusal(state: State, side: str, target: str, seat: str | None = None) -> str | None:
    """3.4.2: the Lord Levied is Ready, and his Seat is free of Enemy Lords or his side has a
    Friendly Seat free of them (in II, free of his Shaky Ally too); the Seat named, one of them."""
    if target not in ready(state, side):
        return f"{target} is not Ready on the Calendar (3.4.2)"
    found = muster_seats(state, target)
    if seat is not None and found and seat not in found:
        if found == [BOARD.lords[target].seat]:
            return f"{target} Musters at his own Seat, {found[0]}, while it is free of Enemy Lords (3.4.2)"
        return (f"{seat} is not a Friendly Seat free of Enemy Lords where {target} may Muster: "
                f"{', '.join(found)} (3.4.2)")
    if found:
        return None
    if not enemy_at(state, BOARD.lords[target].seat, side):
        ally = "Warwick L" if target == "Margaret" else "Margaret"
        return f"{target} has no Friendly Seat to Muster at where {ally} is not (II, Shaky Allies)"
    return f"{target}'s Seat holds Enemy Lords and no Friendly Seat is free of them (3.4.2)"


def refusal(state: State, side: str, order: Order, spent: dict[str, int], newcomers: set[str]) -> str | None:
    """Why a Muster order cannot be carried out now, or None."""
    if order.verb == "EXILE":
        return exile_refusal(state, side, order)
    if order.verb == "CROWN":
        return "only the Yorkists crown Richard III (King Richard)" if side != "York" else crown_refusal(state, order)
    if order.verb == "PLAY":
        return held.levy_refusal(state, side, order)
    lord = order.lord or ""
    if order.verb not in ("LEVY", "PARLEY") or not lord:
        return f"{order.verb} is not a Muster order"
    return lord_refusal(state, side, lord, spent, newcomers) or action_refusal(state, side, order)


def lord_refusal(state: State, side: str, lord: str, spent: dict[str, int], newcomers: set[str]) -> str | None:
    """Why a Lord may take no more Levy actions: not on the map since Muster began, or his
    Lordship spent (3.4)."""
    if not on_map(state, lord, side) or lord in newcomers:
        return f"{lord} is not on the map since the start of Muster (3.4)"
    if spent.get(lord, 0) >= capabilities.lordship(state, lord):
        return f"{lord} has used all his Lordship ({capabilities.lordship(state, lord)}, 3.4)"
    return None


def action_refusal(state: State, side: str, order: Order) -> str | None:
    """Why a Lord who may still act cannot take this Levy action (3.4.1-3.4.6)."""
    lord = order.lord or ""
    mat = state["lords"][lord]
    here = mat["at"]
    friendly = is_friendly(state, here, side)
    if order.verb == "PARLEY":
        return parley_refusal(state, lord, order.target or "")
    if not friendly:
        return f"{lord} is not at a Friendly Locale: only Parley there (3.4)"
    what = order.what
    if what == "LORD":
        return levy_lord_refusal(state, side, order.target or "", order.group[0] if order.group else None)
    if what == "VASSAL":
        vassal = order.target or ""
        if capabilities.event_effects(state, lord, "no_levy_vassal"):
            return "no Levy Vassal this Levy (Yorkists Block Parliament, Y7)"
        seat = BOARD.vassals[vassal].seat
        if state["vassals"].get(vassal) != AT_SEAT or seat is None:
            return f"{vassal} is not at his Seat (3.4.3)"
        if (not is_friendly(state, seat, side) or enemy_at(state, seat, side)) and not capabilities.event_effects(
                state, lord, "vassal_any_seat"):  # Margaret Beaufort (L35)
            return f"{vassal}'s Seat {seat} is not Friendly and free of Enemy Lords (3.4.3)"
        return None
    if what == "TROOPS" and order.target:
        return capabilities.array_refusal(state, lord, order.target)
    if what == "TROOPS":
        if here in BOARD.exile_boxes and not capabilities.has(state, lord, "levy_in_exile"):
            return "no Levy Troops in an Exile box (3.4.4; Irishmen, Y18, in Ireland)"
        if is_exhausted(state, here):
            return f"{here} is Exhausted (3.4.4)"
        if mat["assets"]["coin"] < capabilities.bonus(state, lord, "levy_troops_coin"):
            return "Levy Troops costs a Coin this Levy (Rising Wages, L9)"
        return None
    if what == "SHIP":
        if BOARD.sea_of(here) is None:
            return f"{here} is neither a Port nor an Exile box (3.4.5)"
        if mat["assets"]["ships"] >= BOARD.max_ships_per_lord:
            return f"{lord} already has two Ships (1.7.3)"
        if mat["assets"]["ships"] == 0 and lords_with_ships(state) >= BOARD.max_lords_with_ships:
            return "nine Lords already have Ships (1.7.3)"
        return None
    if what == "CAPABILITY":
        card = order.target or ""
        if card not in state["decks"][side]:
            return f"{card} is not an unused card of your deck (3.4.6)"
        if order.group:  # Thomas Bourchier (Y5): he starts in a City
            return capability_refusal(state, lord, card) or capabilities.start_refusal(
                state, side, card, order.group[0])
        return capability_refusal(state, lord, card)
    return None  # CARTS: at any Friendly Locale (3.4.5)


def carry_out(state: State, side: str, order: Order, rng: Random, events: Events, newcomers: set[str],
              sure: str = "") -> None:
    """Carry out a Muster order that ``refusal`` allowed. ``sure``: a Parley that succeeds, for a
    point less (``less``: Succession Y18, Parliament Votes L18) or for nothing (``free``: Jack
    Cade, Y4). A success The King's Name (Y32) cancels has no effect."""
    if order.verb == "PLAY":
        held.play_in_levy(state, side, order, events, newcomers)
        return
    if order.verb == "EXILE":
        muster_exile(state, side, order, events)
        return
    if order.verb == "CROWN":
        crown(state, events)
        return
    lord = order.lord or ""
    mat = state["lords"][lord]
    event: dict[str, Any] = {"type": order.verb.lower(), "side": side, "lord": lord, "what": order.what, "target": order.target}
    events.append(event)
    if order.verb == "PARLEY":
        ways = parley_targets(state, lord)[order.target or ""]
        if sure:
            gain(state, side, 0 if sure == "free" else -ways)  # one point, and one a Way, less the point saved
            event["success"] = True
        else:
            event["success"], event["roll"] = check(state, lord, rng, order.extra, ways=ways, parley=True)
        if event["success"] and not cancelled(state, lord, "PARLEY", event):
            event["now"] = shift_favour(state, order.target or "", side)
    elif order.what == "LORD":
        event["success"], event["roll"] = check(state, lord, rng, order.extra)
        if event["success"] and not cancelled(state, lord, "LORD", event):
            event["at"] = muster_lord(state, order.target or "", order.group[0] if order.group else None)
            newcomers.add(order.target or "")
    elif order.what == "VASSAL":
        vassal = order.target or ""
        event["success"], event["roll"] = check(state, lord, rng, order.extra, loyalty_modifier(vassal, side),
                                                ways=capabilities.bonus(state, lord, "vassal_cost"))
        event["success"] = event["success"] or capabilities.has(state, lord, "vassal_auto")
        if event["success"] and not cancelled(state, lord, "VASSAL", event):
            mat["vassals"].append(vassal)
            service = (BOARD.vassals[vassal].service or 0) + capabilities.bonus(state, lord, "vassal_service")  # Y17
            state["vassals"][vassal] = {"lord": lord, "box": shift(state["box"], service)}
    elif order.what == "TROOPS":
        mat["assets"]["coin"] -= capabilities.bonus(state, lord, "levy_troops_coin")
        added = {}
        source = order.target or mat["at"]  # Commission of Array (L12): a Stronghold next to him
        locale = BOARD.locales.get(source)  # none in Ireland (Irishmen, Y18)
        listed = dict(BOARD.strongholds[locale.type]["levy_troops"]) if locale else {}
        militia = capabilities.bonus(state, lord, "levy_militia")  # Y16, Y18: taken when more
        if militia > sum(listed.values()):
            listed = {"militia": militia}
        for kind, count in listed.items():
            added[kind] = min(count, pool(state, kind))
            mat["troops"][kind] += added[kind]
        extra = min(capabilities.bonus(state, lord, "militia_extra"), pool(state, "militia"))  # The Commons (Y16)
        mat["troops"]["militia"] += extra
        if extra:
            added["militia"] = added.get("militia", 0) + extra
        hired = min(capabilities.bonus(state, lord, "mercenaries"), pool(state, "mercenaries"))
        cost = capabilities.bonus(state, lord, "mercenaries_coin")
        if hired and mat["assets"]["coin"] >= cost:  # Soldiers of Fortune (Y12): taken when paid for
            mat["assets"]["coin"] -= cost
            mat["troops"]["mercenaries"] += hired
            added["mercenaries"] = hired
        if capabilities.depletes_by_troops(state, lord, source):
            deplete(state, source)
        event["troops"] = added
    elif order.what == "CARTS":
        mat["assets"]["carts"] += 2
    elif order.what == "SHIP":
        mat["assets"]["ships"] += 1
    elif order.what == "CAPABILITY":
        state["decks"][side].remove(order.target)
        place_capability(state, lord, order.target or "")
        if order.group:  # Thomas Bourchier (Y5)
            mat["at"] = event["to"] = order.group[0]
        capabilities.burgundians(state, [lord], events)


def cancelled(state: State, lord: str, kind: str, event: dict[str, Any]) -> bool:
    """The King's Name (Y32): this Levy, with Gloucester (not Richard III) on the map, the
    Yorkists may cancel each successful Lancastrian Levy action for a point. By default they
    cancel every Levy Lord, Levy Vassal and Parley (the kinds in the ``event_effects`` table).
    Whether this success is cancelled (the side paying)."""
    for effect in capabilities.event_effects(state, lord, "cancel_levy"):
        if kind in effect["cancel_levy"] and any("at" in state["lords"].get(g, {}) for g in effect["cancel_by"]):
            gain(state, other(BOARD.lords[lord].side), -int(effect["cancel_cost"]))
            event["cancelled"] = True
            return True
    return False


def crown_refusal(state: State, order: Order) -> str | None:
    """III, King Richard: in any Muster, with Gloucester (2) at London, the Yorkists may put
    Richard III in his place."""
    if "King Richard" not in BOARD.scenarios[state["scenario"]].special_rules or order.target != "Richard III":
        return "only Richard III is crowned, in scenario III (King Richard)"
    if state["lords"].get("Gloucester 2", {}).get("at") != "London":
        return "Gloucester is not at London (King Richard)"
    return None


def crown(state: State, events: Events) -> None:
    """III, King Richard: Richard III takes Gloucester's place and mat (Forces, Assets, Vassals);
    the Capabilities Richard III may not hold are discarded (3.4.6); Gloucester's card leaves the
    game."""
    mat = state["lords"]["Gloucester 2"]
    state["lords"]["Gloucester 2"] = {"gone": "crowned"}
    for vassal in mat["vassals"]:
        state["vassals"][vassal]["lord"] = "Richard III"
    lost = [card for card in mat["caps"] if BOARD.cards[card].lords and "Richard III" not in BOARD.cards[card].lords]
    for card in lost:
        mat["caps"].remove(card)
        discard(state, card)
    state["lords"]["Richard III"] = mat
    events.append({"type": "crown", "lord": "Richard III"})
    events += [{"type": "capability lost", "side": "York", "lord": "Gloucester 2", "card": card, "rule": "3.4.6"}
               for card in lost]


def muster_lord(state: State, lord: str, wanted: str | None = None) -> str:
    """3.4.2 MUSTERING: at his Seat if he may Muster there (and it turns Friendly), else at a
    Friendly Seat of another of his side's Lords (``muster_seat``: the one ``wanted``)."""
    side = BOARD.lords[lord].side
    seat = muster_seat(state, lord, wanted) or ""
    if seat == BOARD.lords[lord].seat and not favour_locked(state, seat):  # London for York (Y15)
        state["favour"][seat] = side
    state["lords"][lord] = new_mat(lord, seat)
    on_muster(state, lord)
    return seat


def muster(state: State, side: str, orders: list[Order], rng: Random, events: Events) -> list[tuple[Order, str]]:
    """A side's Muster Exiles (3.3.1) and Muster (3.4), in the order written, each Lord's
    actions done before the next Lord's (3.4): a Lord who has handed over to another acts no
    more. The orders refused."""
    spent: dict[str, int] = {}
    newcomers: set[str] = set()
    refused = []
    acting: str | None = None
    free_troops: set[str] = set()  # Thomas Stanley (L35): one Levy Troops a Levy for no Lordship
    free_parleys: dict[str, int] = {}  # My crown is in my heart (L17), Gloucester as Heir (Y28)
    sure_parleys: set[str] = set()  # Succession (Y18), Parliament Votes (L18): one a Lord
    cade_parleys: dict[str, int] = {}  # Jack Cade (Y4): free and successful
    for order in orders:
        lord = order.lord or ""
        mustered = bool(lord) and on_map(state, lord, side)
        cade = mustered and order.verb == "PARLEY" and cade_parleys.get(lord, 0) < capabilities.total(
            capabilities.event_effects(state, lord, "free_sure_parleys"), "free_sure_parleys")
        free = mustered and (
            (order.what == "TROOPS" and lord not in free_troops and capabilities.has(state, lord, "free_troops_once"))
            or (order.verb == "PARLEY" and free_parleys.get(lord, 0) < capabilities.bonus(state, lord, "free_parleys"))
        ) or cade
        why = refusal(state, side, order, {} if free else spent, newcomers)  # a free action needs no Lordship left
        if lord and lord != acting and lord in spent:
            why = f"{lord} has finished his Levy actions: each Lord completes his before the next (3.4)"
        if why:
            refused.append((order, why))
            continue
        sure = "free" if cade else ""
        if not cade and order.verb == "PARLEY" and lord not in sure_parleys and capabilities.event_effects(
                state, lord, "sure_parley_once"):
            sure = "less"
            sure_parleys.add(lord)
        carry_out(state, side, order, rng, events, newcomers, sure)
        if lord:
            acting = lord
            if free and order.what == "TROOPS":
                free_troops.add(lord)
            elif cade:
                cade_parleys[lord] = cade_parleys.get(lord, 0) + 1
            elif free:
                free_parleys[lord] = free_parleys.get(lord, 0) + 1
            spent[lord] = spent.get(lord, 0) + (0 if free else 1)
        if order.verb == "CROWN" and "Gloucester 2" in spent:
            spent["Richard III"] = spent.pop("Gloucester 2")
            acting = "Richard III" if acting == "Gloucester 2" else acting
    return refused

