"""Moving on Campaign: March with its Group, Haul and speed (4.3.1-4.3.3), Intercept (4.3.4),
Approach with Exile (4.3.5) and Sail (4.6.1)."""

from __future__ import annotations

from random import Random
from typing import Any

from . import capabilities
from .data import BOARD, other
from .mat import Events, disband_lord, discard
from .orders import Order
from .fighting import foreign_haven
from .held import use
from .state import State, forces_units, is_enemy, is_friendly, lords_at, occupied, scenario_of, shift


def group_refusal(state: State, lord: str, group: tuple[str, ...]) -> str | None:
    """4.3.1: a Marshal may take any Lords at his Locale along, a Lieutenant any but a Marshal;
    other Lords move alone (Captain, Y30: a Marshal where no Friendly Marshal or Lieutenant is)."""
    if not group:
        return None
    ring = BOARD.lords[lord].ring
    here = state["lords"][lord]["at"]
    side = BOARD.lords[lord].side
    if ring is None and capabilities.has(state, lord, "captain") and not any(
            BOARD.lords[f].ring for f in lords_at(state, here, side)):
        ring = "marshal"  # Captain (Y30)
    if ring is None:
        return f"{lord} is neither Marshal nor Lieutenant: he moves alone (4.3.1)"
    for friend in group:
        if friend == lord or friend not in lords_at(state, here, side):
            return f"{friend} is not with {lord} (4.3.1)"
        if ring == "lieutenant" and BOARD.lords[friend].ring == "marshal":
            return f"a Lieutenant does not lead the Marshal {friend} (4.3.1)"
    return None


def shaky_allies_refusal(state: State, lords: list[str], to: str) -> str | None:
    """II, Shaky Allies: Margaret and Warwick never enter the same Stronghold."""
    if "Shaky Allies" not in scenario_of(state).special_rules:
        return None
    for lord, ally in (("Margaret", "Warwick L"), ("Warwick L", "Margaret")):
        if lord in lords and state["lords"].get(ally, {}).get("at") == to and ally not in lords:
            return f"{lord} and {ally} never enter the same Stronghold (Shaky Allies)"
    return None


def haul(state: State, lords: list[str]) -> None:
    """4.3.2: before Marching, Provender beyond the Carts (of the whole Group, Shared) is
    discarded, first from the Lords who carry more than their own Carts (Hay Wains, L8: a Lord's
    Carts count double)."""
    mats = [state["lords"][lord]["assets"] for lord in lords]
    carts = {id(m): m["carts"] * capabilities.factor(state, lord, "carts_factor") for lord, m in zip(lords, mats)}
    excess = sum(m["provender"] for m in mats) - sum(carts.values())
    for mat in sorted(mats, key=lambda m: carts[id(m)] - m["provender"]):
        drop = min(excess, mat["provender"])
        if drop <= 0:
            break
        mat["provender"] -= drop
        excess -= drop


def hauled(state: State, side: str, lords: list[str], events: Events, rule: str = "4.3.2") -> None:
    """Haul (4.3.2) before a March, or an Intercept made as if Marching (4.3.4, ``rule``): the
    Group's Provender beyond its Carts is discarded, as the report tells (the figures are mats',
    hidden from the enemy with Hidden Mats)."""
    before = _total(state, lords, "provender")
    haul(state, lords)
    events.append({"type": "haul", "side": side, "lords": list(lords), "provender": _total(state, lords, "provender"),
                   "carts": _total(state, lords, "carts"), "left": before - _total(state, lords, "provender"),
                   "rule": rule})


def _total(state: State, lords: list[str], asset: str) -> int:
    return sum(int(state["lords"][lord]["assets"][asset]) for lord in lords)


def march_cost(way: str, actions: int, left: int, free_highway: bool) -> int | None:
    """What a March along a Way costs (4.3.3): a Highway one action, and a second Highway right
    after it nothing; a Road one action; a Path every action of the card (only as its first).
    None when there are not enough actions left."""
    if way == "highway" and free_highway:
        return 0
    if way == "path":
        return actions if left == actions else None
    return 1 if left >= 1 else None


def move(state: State, lords: list[str], to: str) -> None:
    for lord in lords:
        state["lords"][lord]["at"] = to
        state["lords"][lord]["moved"] = True


TRUCES = {"York": "Y12", "Lancaster": "L20"}
"""Parliament's Truce, a Hold Event of each side's deck."""


def truce(state: State, side: str, standing: list[Order], events: Events) -> bool:
    """The inactive side's standing ``TRUCE``: it plays its held Parliament's Truce (Y12, L20)
    when the active side would Approach; no Approach or Intercept for the rest of the Campaign.
    Whether it was played."""
    enemy = other(side)
    card = TRUCES[enemy]
    if not any(o.verb == "TRUCE" for o in standing) or card not in state["held"][enemy]:
        return False
    use(state, enemy, card, events, lasting=True)
    return True


def kings_parley(state: State, side: str, to: str, standing: list[Order], events: Events) -> bool:
    """King's Parley (L15): upon the active side's Approach to an Enemy Lord holding it, his side's
    standing ``PLAY L15`` discards the card and cancels the Approach (the March or Sail does not
    happen, and the Command card ends). Whether it was played."""
    for lord in lords_at(state, to, other(side)):
        caps = state["lords"][lord]["caps"]
        card = next((c for c in caps if BOARD.capability_effects.get(c, {}).get("cancel_approach")), None)
        if card and any(o.verb == "PLAY" and o.target == card for o in standing):
            caps.remove(card)
            discard(state, card)
            events.append({"type": "capability effect", "side": other(side), "lord": lord, "card": card,
                           "cancels": "approach"})
            return True
    return False


def flank_attack(state: State, side: str, standing: list[Order], events: Events) -> bool:
    """Flank Attack (Y2, L2): the Intercepting side plays its held card (by a standing ``PLAY``
    order) to Intercept without rolling and Attack in the Battle. Whether it was played."""
    card = {"York": "Y2", "Lancaster": "L2"}[side]
    if card not in state["held"][side] or not any(o.verb == "PLAY" and o.target == card for o in standing):
        return False
    use(state, side, card, events)
    return True


def intercept(state: State, side: str, to: str, standing: list[Order], rng: Random, events: Events) -> bool:
    """4.3.4: the first Lord named in the inactive side's standing ``INTERCEPT`` orders who is
    next to the destination by Highway or Road (not Path) tries once: on a roll at or under his
    Valour he moves there as if Marching (Haul, Moved), with the Lords of his Locale his order
    names (``WITH``) if he may lead them as a Group (4.3.1) and none would meet an ally he may not
    (Shaky Allies). By default nobody Intercepts, and an Intercepting Lord comes alone. Whether
    the Intercept was made by Flank Attack (the Interceptors then Attack in the Battle)."""
    enemy = other(side)
    for order in standing:
        lord = order.target or ""
        here = state["lords"].get(lord, {}).get("at")
        if order.verb != "INTERCEPT" or BOARD.lords[lord].side != enemy or here is None or here == to:
            continue
        group = [lord, *order.group]
        if BOARD.ways(here).get(to) not in ("highway", "road") or shaky_allies_refusal(state, group, to):
            continue
        if group_refusal(state, lord, order.group):
            group = [lord]
        if capabilities.has(state, lord, "no_approach"):
            return False  # Parliament's Truce: no Intercept
        flank = flank_attack(state, enemy, standing, events)
        roll = 0 if flank else rng.randint(1, 6)
        success = flank or roll <= capabilities.valour(state, lord)
        events.append({"type": "intercept", "lord": lord, "lords": group, "from": here, "to": to, "roll": roll,
                       "success": success})
        if success:
            hauled(state, enemy, group, events, "4.3.4")
            move(state, group, to)
        return flank
    return False


def blocked_ford(state: State, side: str, own: list[Order], events: Events) -> bool:
    """Blocked Ford (Y11, L11): the Approaching side plays its held card (by a standing ``PLAY``
    order) so that nobody there may go into Exile. Whether it was played."""
    card = {"York": "Y11", "Lancaster": "L11"}[side]
    if card not in state["held"][side] or not any(o.verb == "PLAY" and o.target == card for o in own):
        return False
    use(state, side, card, events)
    return True


def approach(state: State, side: str, to: str, marching: list[str], standing: list[Order], events: Events,
             own: list[Order] | None = None) -> list[str]:
    """4.3.5: each Enemy Lord at the Locale chooses Exile or Battle (standing ``EXILE`` orders;
    Battle by default). For each Exile: his side loses his printed Influence plus one per Vassal,
    his Carts and Provender go to the Approaching Lords as Spoils (4.4.3), and he Disbands to the
    Calendar marked Exile (II, Foreign Haven, follows Warwick's). The Lords left to give Battle."""
    enemy = other(side)
    leaving = {o.target for o in standing if o.verb == "EXILE"}
    if leaving & set(lords_at(state, to, enemy)) and blocked_ford(state, side, own or [], events):
        leaving = set()
    fighting = []
    for lord in lords_at(state, to, enemy):
        if lord not in leaving:
            fighting.append(lord)
            continue
        spoils(state, lord, marching[0], to)
        if capabilities.has(state, lord, "home_not_exile"):  # England is my Home (Y8)
            disband_lord(state, lord, events, why="England is my Home (Y8)", penalty=True)
            state["lords"][lord]["box"] = shift(state["box"], 1)
        else:
            disband_lord(state, lord, events, exile=True, why="Exile on Approach (4.3.5)", penalty=True)
        if lord == "Warwick L" and "Foreign Haven" in scenario_of(state).special_rules:
            foreign_haven(state, events)
    return fighting


def spoils(state: State, loser: str, winner: str, place: str) -> None:
    """Spoils (4.4.3) a Lord gives up: all his Carts and Provender if the Locale Favours the
    taker's side, half of each rounded up if Neutral, nothing if it Favours his own; they go to
    the Active Lord (the taker's choice of mats, by default)."""
    side = BOARD.lords[winner].side
    given = state["lords"][loser]["assets"]
    taken = state["lords"][winner]["assets"]
    for asset in ("carts", "provender"):
        if is_friendly(state, place, side):
            amount = given[asset]
        elif is_enemy(state, place, side):
            amount = 0
        else:
            amount = -(-given[asset] // 2)
        taken[asset] += amount
        given[asset] -= amount


PORTS = tuple(place for place, locale in BOARD.locales.items() if locale.sea)
"""The Ports, in the order of the Locales."""


def sail_places(state: State, lord: str) -> list[str]:
    """Where a Lord may Sail (4.6.1): from a Port or Exile box, to a Port of the same Sea free of
    Enemy Lords or out into that Sea or one next to it; from a Sea, to a Port free of Enemy Lords
    on that Sea or on one next to it. Never from a Port to a Port on another Sea (errata). With
    High Admiral (L29), a Port held by Enemy Lords too (the Sail Approaches them, 4.3.5)."""
    here = state["lords"][lord]["at"]
    side = BOARD.lords[lord].side
    held = occupied(state)
    bold = capabilities.has(state, lord, "sail_to_enemy")  # High Admiral (L29): Approach by Sail
    enemy = other(side)
    free = [p for p in PORTS if bold or enemy not in held.get(p, ())]
    if here in BOARD.seas:
        seas = (here, *BOARD.seas[here].adjacent)
        return [p for p in free if BOARD.locales[p].sea in seas]
    sea = BOARD.sea_of(here)
    if sea is None:
        return []
    ports = [p for p in free if BOARD.locales[p].sea == sea and p != here]
    return ports + [sea, *BOARD.seas[sea].adjacent]


def ships_of(state: State, lords: list[str]) -> int:
    """The Group's Ships for Sail, a Lord's counting double with Great Ships (Y6, L6)."""
    return sum(state["lords"][lord]["assets"]["ships"] * capabilities.factor(state, lord, "ships_factor") for lord in lords)


def lighten(state: State, lords: list[str]) -> None:
    """1.7.2, 4.6.1: Lords may discard Provender and Carts as needed to Sail; only what is
    needed goes."""
    ships = ships_of(state, lords)
    for asset in ("provender", "carts"):
        excess = sum(state["lords"][lord]["assets"][asset] for lord in lords) - 2 * ships
        for lord in lords:
            mat: dict[str, Any] = state["lords"][lord]["assets"]
            drop = max(0, min(excess, mat[asset]))
            mat[asset] -= drop
            excess -= drop


def loaded(state: State, side: str, lords: list[str], events: Events) -> None:
    """Sail (4.6.1, 1.7.2): the Provender and Carts the Group's Ships cannot carry are discarded
    (``lighten``), as the report tells, as Haul's (``hauled``)."""
    before = {asset: _total(state, lords, asset) for asset in ("provender", "carts")}
    lighten(state, lords)
    events.append({"type": "haul", "side": side, "lords": list(lords), "provender": _total(state, lords, "provender"),
                   "carts": _total(state, lords, "carts"), "ships": ships_of(state, lords),
                   "left": before["provender"] - _total(state, lords, "provender"),
                   "carts_left": before["carts"] - _total(state, lords, "carts"), "rule": "4.6.1"})


def can_sail(state: State, lords: list[str]) -> bool:
    """Whether the Group's Ships carry its Forces (Provender and Carts may be left behind)."""
    units = sum(forces_units(state["lords"][lord]) for lord in lords)
    return ships_of(state, lords) >= max(1, -(-units // 6))

