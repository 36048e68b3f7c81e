"""Arts of War Events that act at once when drawn (1.9.1, 3.1.3), by card id; each card's text
is in the reference (card_texts.txt), described here in the project's words. Where a card lets
its player choose, the default is said. Events not in ``EVENTS`` are not yet implemented: they
are drawn, revealed or held, and returned without effect."""

from __future__ import annotations

from collections.abc import Callable
from random import Random

from . import actions
from .data import BOARD, TROOPS
from .influence import check, loyalty_modifier
from .mat import Events, disband_lord, disband_troopless, disband_vassal
from .state import State, gain, is_friendly, lords_on_map, mats, occupied, pool, set_favour, shift, shift_favour

Handler = Callable[[State, Random, Events], None]


def _vassal_markers(state: State, side: str) -> list[str]:
    """The Service markers of a side's Mustered regular Vassals (3.4.3)."""
    return [
        vassal for vassal, entry in state["vassals"].items()
        if "lord" in entry and "box" in entry and BOARD.lords[entry["lord"]].side == side
    ]


def _on_map(state: State, side: str) -> list[str]:
    """A side's Lords at Strongholds or in Exile boxes (1.3.1, ON THE MAP), not at Sea."""
    return [lord for lord in lords_on_map(state, side) if state["lords"][lord]["at"] not in BOARD.seas]


def _add_troops(state: State, lord: str, kind: str, count: int) -> None:
    state["lords"][lord]["troops"][kind] += min(count, pool(state, kind))


def she_wolf(state: State, rng: Random, events: Events) -> None:
    """Y17: every Yorkist Vassal's Service marker shifts one box right."""
    for vassal in _vassal_markers(state, "York"):
        state["vassals"][vassal]["box"] = shift(state["vassals"][vassal]["box"], 1)


def richard_leigh(state: State, rng: Random, events: Events) -> None:
    """Y21: London loses Lancastrian Favour, or if Neutral takes Yorkist Favour."""
    now = state["favour"].get("London")
    if now == "Lancaster":
        set_favour(state, "London", None)
    elif now is None:
        set_favour(state, "London", "York")


def subsidy(side: str) -> Handler:
    """Y23 Charles the Bold, L30 French War Loans: one Coin and one Provender to each of the
    side's Lords on the map."""

    def give(state: State, rng: Random, events: Events) -> None:
        for lord in _on_map(state, side):
            state["lords"][lord]["assets"]["coin"] += 1
            state["lords"][lord]["assets"]["provender"] += 1

    return give


def yorkist_north(state: State, rng: Random, events: Events) -> None:
    """Y27: a point for each Yorkist Stronghold and each Yorkist Lord in the North."""
    north = BOARD.areas["North"]
    points = sum(1 for p in north if state["favour"].get(p) == "York")
    points += sum(1 for lord, mat in mats(state) if BOARD.lords[lord].side == "York" and mat["at"] in north)
    gain(state, "York", points)


def earl_rivers(state: State, rng: Random, events: Events) -> None:
    """Y31: up to two Militia to each Yorkist Lord on the map (as many as the pool has; the
    most, by default)."""
    for lord in _on_map(state, "York"):
        _add_troops(state, lord, "militia", 2)


def scots(state: State, rng: Random, events: Events) -> None:
    """L14: each Lancastrian Lord on the map may add one Men-at-Arms and one Militia (each
    does, by default)."""
    for lord in _on_map(state, "Lancaster"):
        _add_troops(state, lord, "men_at_arms", 1)
        _add_troops(state, lord, "militia", 1)


def pressures_parliament(state: State, rng: Random, events: Events) -> None:
    """L15: the Yorkists lose a point for each Vassal they have Mustered."""
    gain(state, "York", -sum(len(mat["vassals"]) for lord, mat in mats(state) if BOARD.lords[lord].side == "York"))


def proclamation(state: State, rng: Random, events: Events) -> None:
    """L19: the Yorkist Vassals' Service markers all go to the current box."""
    for vassal in _vassal_markers(state, "York"):
        state["vassals"][vassal]["box"] = state["box"]


def french_troops(state: State, rng: Random, events: Events) -> None:
    """L22: two Men-at-Arms and two Militia to a Lancastrian Lord at a Port (the first such in
    the scenario's order, by default)."""
    at_port = [lord for lord in _on_map(state, "Lancaster") if BOARD.locales.get(state["lords"][lord]["at"]) and
               BOARD.locales[state["lords"][lord]["at"]].sea]
    if at_port:
        _add_troops(state, at_port[0], "men_at_arms", 2)
        _add_troops(state, at_port[0], "militia", 2)


def henry_released(state: State, rng: Random, events: Events) -> None:
    """L26: five points to the Lancastrians if London Favours them."""
    if state["favour"].get("London") == "Lancaster":
        gain(state, "Lancaster", 5)


def tudor_banners(state: State, rng: Random, events: Events) -> None:
    """L32: with Henry Tudor at a Friendly Stronghold, every Stronghold next to it by Way and
    free of Yorkist Lords turns Lancastrian."""
    here = state["lords"].get("Henry Tudor", {}).get("at")
    if here not in BOARD.locales or not is_friendly(state, here, "Lancaster"):
        return
    yorkists = {mat["at"] for lord, mat in mats(state) if BOARD.lords[lord].side == "York"}
    for near in BOARD.locales[here].ways:
        if near not in yorkists:
            set_favour(state, near, "Lancaster")


def dubious_clarence(state: State, rng: Random, events: Events) -> None:
    """Y26: with Edward IV on the map, he may check Influence (he does, by default, without
    added points) to Disband Clarence."""
    if "at" in state["lords"].get("Edward IV", {}) and "at" in state["lords"].get("Clarence", {}):
        success, roll = check(state, "Edward IV", rng)
        events.append({"type": "check", "lord": "Edward IV", "roll": roll, "success": success})
        if success:
            disband_lord(state, "Clarence", events, why="Dubious Clarence (Y26)")


def welsh_rebellion(state: State, rng: Random, events: Events) -> None:
    """L25: two Troops off each Yorkist Lord in Wales (the best first: Men-at-Arms, then
    Longbowmen..., the Lancastrians' choice by default), or if none is there, Yorkist Favour off
    two Strongholds of Wales (the first in the Area's order)."""
    wales = BOARD.areas["Wales"]
    lords = [lord for lord, mat in mats(state) if BOARD.lords[lord].side == "York" and mat["at"] in wales]
    for lord in lords:
        left = 2
        for kind in TROOPS:
            taken = min(left, state["lords"][lord]["troops"][kind])
            state["lords"][lord]["troops"][kind] -= taken
            left -= taken
    if lords:
        disband_troopless(state, events)
        return
    for place in [p for p in wales if state["favour"].get(p) == "York"][:2]:
        set_favour(state, place, None)


def wilful_disobedience(state: State, rng: Random, events: Events) -> None:
    """L29: Yorkist Favour comes off two Strongholds at or next to a Lancastrian Lord and neither
    at nor next to a Yorkist Lord (the first two in the map's order, by default)."""
    held = occupied(state)

    def near(place: str, side: str) -> bool:
        return side in held.get(place, ()) or any(side in held.get(n, ()) for n in BOARD.locales[place].ways)

    chosen = [p for p in BOARD.locales if state["favour"].get(p) == "York" and near(p, "Lancaster") and not near(p, "York")]
    for place in chosen[:2]:
        set_favour(state, place, None)


def universelle_aragne(state: State, rng: Random, events: Events) -> None:
    """L27: two Yorkist Mustered Vassals (the first two Service markers, by default): each one's
    Lord checks Influence, his Loyalty counting (1.4.2); a failure Disbands the Vassal."""
    for vassal in [v for v in _vassal_markers(state, "York")][:2]:
        lord = state["vassals"][vassal]["lord"]
        success, roll = check(state, lord, rng, modifier=loyalty_modifier(vassal, "York"))
        events.append({"type": "check", "lord": lord, "vassal": vassal, "roll": roll, "success": success})
        if not success:
            disband_vassal(state, vassal, events)


def loyalty_and_trust(state: State, rng: Random, events: Events) -> None:
    """Y22: this Levy one Yorkist Lord has Lordship +3: the Yorkist Lord on the map with the
    highest Lordship (the first such in the scenario's order), by default."""
    lords = _on_map(state, "York")
    if lords:
        chosen = max(lords, key=lambda lord: BOARD.lords[lord].lordship)
        state.setdefault("chosen", {})["Y22"] = chosen
        events.append({"type": "chosen", "card": "Y22", "lord": chosen})


def tax_collectors(state: State, rng: Random, events: Events) -> None:
    """Y10: each Yorkist Lord on the map may Tax at once for twice the Coin (4.6.3). By default
    each does, in the scenario's order: at his own Seat if he may (no check), else at the
    Stronghold giving most Coin (the first such), without added points."""
    factor = int(BOARD.event_effects["Y10"]["tax_factor"])
    for lord in _on_map(state, "York"):
        targets = actions.tax_targets(state, lord)
        if not targets:
            continue
        seat = BOARD.lords[lord].seat
        target = seat if seat in targets else max(
            targets, key=lambda p: int(BOARD.strongholds[BOARD.locales[p].type]["tax"]))
        actions.tax(state, lord, target, 0, rng, events, factor)


def london_for_york(state: State, rng: Random, events: Events) -> None:
    """Y15: with Yorkist Favour at London, a second Yorkist Favour goes there: London then
    changes Favour only by Event or Pillage (``favour_locked``); the second Favour goes when
    London's Favour changes."""
    if state["favour"].get("London") == "York":
        state["london_for_york"] = True
        events.append({"type": "second favour", "at": "London", "side": "York"})


def propaganda(state: State, rng: Random, events: Events) -> None:
    """L23, L24 Warwick's Propaganda: the Lancastrians select three Yorkist Strongholds (by
    default those Tides of War rewards first, London, Calais, Harlech, then the others in the
    map's order); for each the Yorkists pay two points or lose the Favour (by default they pay for
    those Tides of War rewards and let the others go)."""
    effect = BOARD.event_effects["L23"]
    special = BOARD.tides_of_war["special"]
    yorkist = [p for p in BOARD.locales if state["favour"].get(p) == "York"]
    chosen = sorted(yorkist, key=lambda p: -special.get(p, 0))[: int(effect["strongholds"])]
    for place in chosen:
        if place in special:
            gain(state, "York", -int(effect["points"]))
            events.append({"type": "propaganda", "at": place, "paid": int(effect["points"])})
        else:
            set_favour(state, place, None)
            events.append({"type": "propaganda", "at": place, "favour removed": True})


def robins_rebellion(state: State, rng: Random, events: Events) -> None:
    """L31: up to three Favour placed or removed in the North, each one level toward the
    Lancastrians (by default: Yorkist Favour off the Area's Strongholds in its order first, then
    Lancastrian Favour on its Neutral ones)."""
    effect = BOARD.event_effects["L31"]
    north = BOARD.areas[effect["area"]]
    for _ in range(int(effect["favour"])):
        place = next((p for p in north if state["favour"].get(p) == "York"), None) or next(
            (p for p in north if p not in state["favour"]), None)
        if place is None:
            return
        shift_favour(state, place, "Lancaster")
        events.append({"type": "favour", "at": place, "now": state["favour"].get(place)})


EVENTS: dict[str, Handler] = {
    "Y17": she_wolf,
    "Y21": richard_leigh,
    "Y23": subsidy("York"),
    "Y27": yorkist_north,
    "Y31": earl_rivers,
    "L14": scots,
    "L15": pressures_parliament,
    "L19": proclamation,
    "L22": french_troops,
    "L26": henry_released,
    "L30": subsidy("Lancaster"),
    "L32": tudor_banners,
    "Y26": dubious_clarence,
    "L25": welsh_rebellion,
    "L29": wilful_disobedience,
    "L27": universelle_aragne,
    "Y22": loyalty_and_trust,
    "Y10": tax_collectors,
    "Y15": london_for_york,
    "L23": propaganda,
    "L24": propaganda,
    "L31": robins_rebellion,
}
