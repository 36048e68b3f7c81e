"""End Campaign (4.8): Tides of War, Disembark, the Victory check (5.1-5.3), Grow, Waste and
Reset."""

from __future__ import annotations

from collections import Counter
from random import Random
from typing import Any

from . import capabilities
from .data import BOARD, SIDES, TROOPS, other
from .levy import end_lasting
from .mat import Events, disband_lord, pay_or_feed, remove_lord, standing
from .state import (
    State, gain, in_order, influence_of, lords_on_map, mats, occupied, pool, scenario_of,
)


def tides_of_war(state: State) -> dict[str, int]:
    """4.8.1: each side's points, the sum of its awards (``tides_awards``)."""
    return {side: sum(points for _, points in awards) for side, awards in tides_awards(state).items()}


_PLURAL = {"city": "Cities", "town": "Towns", "fortress": "Fortresses"}


def tides_awards(state: State) -> dict[str, list[tuple[str, int]]]:
    """4.8.1, award by award, each with its words as the report tells it: per Area one for a
    Lord in it and two for Dominating it (Favour at all its Strongholds); two for London and
    Calais and one for Harlech with its Favour unless an Enemy Lord is there; two, one and one
    for the most Cities, Towns and Fortresses; on "Gain Lords Influence" Turns the printed
    Influence of its Lords on the map; then the scenario's and the Capabilities' points."""
    held = occupied(state)
    favour = state["favour"]
    table = BOARD.tides_of_war
    awards: dict[str, list[tuple[str, int]]] = {side: [] for side in SIDES}
    for side in SIDES:
        present = sum(any(side in held.get(p, ()) for p in places) for places in BOARD.areas.values())
        dominated = sum(capabilities.dominates(state, side, area) for area in BOARD.areas)
        awards[side] += [(f"Lords in {present} Area{'s' if present != 1 else ''}", present * table["area_lord"]),
                         (f"{dominated} Area{'s' if dominated != 1 else ''} Dominated", dominated * table["area_dominated"])]
        for place, award in table["special"].items():
            if favour.get(place) == side and other(side) not in held.get(place, ()):
                awards[side].append((place, award))
    counts = Counter((BOARD.locales[p].type, s) for p, s in favour.items())  # Strongholds of each type and side
    for kind, award in table["most_favour"].items():
        count = {side: counts[kind, side] for side in SIDES}
        if count["York"] != count["Lancaster"]:
            awards[max(SIDES, key=lambda s: count[s])].append((f"most {_PLURAL[kind]}", award))
    if BOARD.calendar[state["box"]].gain_lords_influence:
        for side in SIDES:
            awards[side].append(("Lords' Influence", sum(BOARD.lords[lord].influence for lord, mat in mats(state)
                                                         if mat["at"] not in BOARD.seas and BOARD.lords[lord].side == side)))
    if "Queen Regent" in scenario_of(state).special_rules and state["lords"].get("Margaret", {}).get("at") == "London":
        awards["Lancaster"].append(("Queen Regent", 3))
    extra = dict.fromkeys(SIDES, 0)
    for lord, mat in mats(state):
        side = BOARD.lords[lord].side
        extra[side] += capabilities.bonus(state, lord, "tides")  # Y28, L18
        if mat["at"] in BOARD.exile_boxes or (mat["at"] in BOARD.locales and mat["at"] != "London"):
            extra[side] += capabilities.bonus(state, lord, "tides_away_from_london")  # L17
    for side in SIDES:
        awards[side].append(("Capabilities", extra[side]))
        awards[side] = [(what, points) for what, points in awards[side] if points]
    return awards


def charity(state: State, events: Events) -> None:
    """We done deeds of charity (Y4): at each Tides of War its Lord pays up to two Provender
    (Shared at his Locale) for a point each (all he can, by default)."""
    for lord, mat in list(mats(state)):
        most = capabilities.bonus(state, lord, "charity")
        if not most:
            continue
        paid = 0
        for friend in [lord] + [f for f, m in mats(state) if m["at"] == mat["at"] and f != lord
                                and BOARD.lords[f].side == BOARD.lords[lord].side]:
            given = min(most - paid, state["lords"][friend]["assets"]["provender"])
            state["lords"][friend]["assets"]["provender"] -= given
            paid += given
        gain(state, BOARD.lords[lord].side, paid)
        events.append({"type": "charity", "lord": lord, "provender": paid})


def disembark(state: State, rng: Random, events: Events) -> None:
    """4.8.2: each Lord at Sea, Rebel's then King's, rolls: 1-4 Shipwreck (removed, with the
    Unpaid penalty), 5-6 he lands at a Port of that Sea free of Enemy Lords (the one his side's
    standing ``DISEMBARK <Lord> TO <Port>`` names, by default the first in the map's order) and
    Feeds at once, or Disbands if none is free."""
    for side in in_order(state):
        for lord, mat in list(mats(state)):
            if BOARD.lords[lord].side != side or mat["at"] not in BOARD.seas:
                continue
            roll = rng.randint(1, 6)
            sea = mat["at"]
            events.append({"type": "disembark", "lord": lord, "roll": roll})
            if roll <= 4:
                remove_lord(state, lord, events, "shipwreck", penalty=True)
                continue
            held = occupied(state)
            ports = [p for p in BOARD.seas[sea].ports if other(side) not in held.get(p, ())]
            if not ports:
                disband_lord(state, lord, events, why="no free Port (4.8.2)")
                continue
            wanted = [o.group[0] for o in standing(state, side) if o.verb == "DISEMBARK" and o.target == lord]
            mat["at"] = wanted[0] if wanted and wanted[0] in ports else ports[0]
            pay_or_feed(state, [lord], "provender", events, "unfed (4.8.2)")


def victory(state: State) -> dict[str, Any] | None:
    """4.8.3: Campaign Victory (5.1), Threshold Victory (5.2), then at the scenario's last Turn
    Scenario End Victory (5.3: a tie is a draw; Ib: Test of Arms, Favour at York)."""
    setup = scenario_of(state)
    box = state["box"]
    beaten = [
        side for side in SIDES
        if not lords_on_map(state, side) and not any(
            e.get("box") == box + 1 and e.get("exile") for lord, e in state["lords"].items()
            if BOARD.lords[lord].side == side
        )
    ]
    if len(beaten) == 2:
        return {"winner": None, "reason": "neither side has a Lord on the map (5.1)"}
    if beaten:
        return {"winner": other(beaten[0]), "reason": f"{beaten[0]} has no Lord on the map, which decides whatever the Influence (Campaign Victory, 5.1)"}
    threshold = setup.threshold(box)
    for side in SIDES:
        if threshold is not None and influence_of(state, side) >= threshold:
            return {"winner": side, "reason": f"{influence_of(state, side)} Influence, the threshold is {threshold} (5.2)"}
    if box < setup.last_box:
        return None
    if "Test of Arms" in setup.special_rules:
        holder = state["favour"].get("York")
        return {"winner": holder, "reason": "Favour at York (Test of Arms)" if holder else "nobody holds York (Test of Arms)"}
    lead = influence_of(state, "York")
    if lead == 0 and setup.war:
        return {"winner": setup.king, "reason": "Influence tied at the War's end: the King's side (errata FAQ #5)"}
    if lead == 0:
        return {"winner": None, "reason": "Influence tied at the scenario's end (5.3)"}
    winner = "York" if lead > 0 else "Lancaster"
    return {"winner": winner, "reason": f"{abs(lead)} Influence at the scenario's end (5.3)"}


def grow(state: State) -> None:
    """4.8.4: Depleted markers come off, Exhausted ones turn to Depleted."""
    state["depleted"] = {p: 1 for p, level in state["depleted"].items() if level == 2}


def waste(state: State) -> None:
    """4.8.5: each Lord on the map halves his Provender, Carts and Ships (rounding up) and goes
    back to his card's Coin and Troops (keeping Mercenaries and Handgunners; a Troop the pool no
    longer has is not added)."""
    for lord, mat in mats(state):
        assets = mat["assets"]
        for asset in ("provender", "carts", "ships"):
            assets[asset] = -(-assets[asset] // 2)
        card = BOARD.lords[lord]
        assets["coin"] = card.assets["coin"]
        for kind in TROOPS:
            if kind in ("mercenaries", "burgundians"):
                continue
            wanted = card.forces.get(kind, 0)
            mat["troops"][kind] = min(wanted, mat["troops"][kind] + pool(state, kind))


def discard_held(state: State, events: Events) -> None:
    """4.8.6 Reset: the Rebel then the King's side may discard held Events back into their decks:
    those their standing ``DISCARD`` orders name (by default none). The orders are then spent:
    each is for the next Reset."""
    for side in in_order(state):
        standing = state.get("standing", {}).get(side, [])
        for text in standing:
            card = text.split()[-1] if text.startswith("DISCARD ") else ""
            if card in state["held"][side]:
                state["held"][side].remove(card)
                state["decks"][side].append(card)
                events.append({"type": "discard held", "side": side, "card": card})
        if standing:
            state["standing"][side] = [text for text in standing if not text.startswith("DISCARD ")]


def end_campaign(state: State, rng: Random, events: Events) -> None:
    """4.8 in order; ``state["outcome"]`` is set when the game ends."""
    awards = tides_awards(state)
    points = {side: sum(award for _, award in awards[side]) for side in SIDES}
    for side in SIDES:
        gain(state, side, points[side])
    charity(state, events)
    events.append({"type": "tides of war", "points": points, "influence": state["influence"],
                   "awards": {side: [list(award) for award in awards[side]] for side in SIDES}})
    disembark(state, rng, events)
    if state["outcome"] is None:
        found = victory(state)
        if found is not None:
            state["outcome"] = found
            events.append({"type": "victory", **found})
    if state["outcome"] is not None:
        state["step"] = {"name": "over"}
        return
    rules = scenario_of(state).special_rules
    if BOARD.calendar[state["box"]].grow and "Ravaged Land" not in rules:
        grow(state)
    if BOARD.calendar[state["box"]].waste and "Ravaged Land" not in rules and "Brief Rebellion" not in rules:
        waste(state)
    end_lasting(state, "this_campaign")
    discard_held(state, events)
    state["box"] += 1
