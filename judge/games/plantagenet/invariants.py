"""What must hold after every resolution, checked in random playouts: pools and counts
conserved (1.6, 1.7.3, 1.5.4), the Calendar and Influence in bounds (2.2.3, 1.4.1), every Lord in
one place, Exile boxes only of their side (1.3.1), no hidden thing in the enemy's view."""

from __future__ import annotations

from functools import cache
from typing import Any

import orjson

from ..kind import GameKind, PhaseResult
from .data import BOARD, SIDES, TROOPS, other
from .state import MAX_INFLUENCE, OFF_LEFT, OFF_RIGHT, State, occupied, pool


PLACES = set(BOARD.locales) | set(BOARD.exile_boxes) | set(BOARD.seas)


@cache
def _expected(scenario: str) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """A scenario's Lords, its starting Arts of War cards and every card it may bring into play,
    gathered once (``_lords``, ``_cards``)."""
    setup = BOARD.scenarios[scenario]
    lords = frozenset(lord for side in SIDES for lord in setup.lords[side])
    return lords, frozenset(setup.cards), frozenset(setup.cards_in_play())


def violations(game: GameKind, before: State, result: PhaseResult) -> list[str]:
    after = result.state
    problems: list[str] = []
    problems += _lords(after)
    problems += _pools(after)
    problems += _vassals(after)
    problems += _cards(after)
    problems += _bounds(after)
    problems += _fog(game, after)
    problems += _report_fog(game, after, result.report)
    if orjson.loads(orjson.dumps(after)) != after:
        problems.append("the state is not a plain JSON value")
    return problems


def _lords(state: State) -> list[str]:
    """Each Lord of the scenario in exactly one place: a Locale, an Exile box of his side, a
    Sea, a Calendar box, or out of the game; no Lord with Troops below zero; no Lord of either
    side left without Troops outside Battle (1.6)."""
    found = []
    expected = _expected(state["scenario"])[0]
    if not set(state["lords"]) <= expected:
        found.append(f"Lords not of the scenario: {sorted(set(state['lords']) - expected)}")
    for lord, entry in state["lords"].items():
        keys = {"at", "box", "gone", "prisoner_of"} & set(entry)
        if len(keys) != 1:
            found.append(f"{lord} is in {len(keys)} places: {entry}")
            continue
        if "prisoner_of" in entry and "at" not in state["lords"].get(entry["prisoner_of"], {}):
            found.append(f"{lord} is the prisoner of {entry['prisoner_of']}, who is not on the map")
        if "at" in entry:
            place = entry["at"]
            if place not in PLACES:
                found.append(f"{lord} is nowhere known: {place}")
            if place in BOARD.exile_boxes and state["exile_boxes"].get(place) != BOARD.lords[lord].side:
                found.append(f"{lord} is in {place}, not an Exile box of his side")
            if any(n < 0 for n in entry["troops"].values()) or any(n < 0 for n in entry["assets"].values()):
                found.append(f"{lord} has a negative count: {entry}")
            if sum(entry["troops"].values()) == 0:
                found.append(f"{lord} is on the map without Troops (1.6)")
            if entry["assets"]["ships"] > BOARD.max_ships_per_lord:
                found.append(f"{lord} has {entry['assets']['ships']} Ships (1.7.3)")
            if len(entry["caps"]) > 2:
                found.append(f"{lord} has {len(entry['caps'])} Capabilities (3.4.6)")
    return found


def _pools(state: State) -> list[str]:
    """The Troop pieces and Ships limit play (1.6, 1.7.3)."""
    found = [f"{-pool(state, kind)} {kind} more than the pool" for kind in TROOPS if pool(state, kind) < 0]
    with_ships = sum(1 for e in state["lords"].values() if "at" in e and e["assets"]["ships"])
    if with_ships > BOARD.max_lords_with_ships:
        found.append(f"{with_ships} Lords have Ships (1.7.3)")
    return found


def _vassals(state: State) -> list[str]:
    """A Vassal is at his Seat, on the mat of the Lord his entry names, or on the Calendar."""
    found = []
    on_mats = {v: lord for lord, e in state["lords"].items() if "at" in e for v in e["vassals"]}
    for vassal, entry in state["vassals"].items():
        if "lord" in entry:
            if on_mats.get(vassal) != entry["lord"]:
                found.append(f"{vassal} is said to be with {entry['lord']} but is not on his mat")
        elif vassal in on_mats:
            found.append(f"{vassal} is on {on_mats[vassal]}'s mat and elsewhere too")
    for vassal in on_mats:
        if vassal not in state["vassals"]:
            found.append(f"{vassal} is on a mat but not in the game")
    return found


def _cards(state: State) -> list[str]:
    """Each Arts of War card of the scenario once: in its deck, held, in effect, at a mat, or set
    aside (6.2.2); none from outside the scenario."""
    everything = [c for side in SIDES for c in state["decks"][side] + state["held"][side]]
    everything += state["lasting"] + state["aside"]
    everything += [c for e in state["lords"].values() if "at" in e for c in e["caps"]]
    _, expected, extra = _expected(state["scenario"])
    if len(everything) != len(set(everything)) or not expected <= set(everything) <= extra:
        return [f"the Arts of War cards are not the scenario's: {sorted(set(everything) ^ expected)} "
                f"({len(everything)} of {len(expected)})"]
    return []


def _bounds(state: State) -> list[str]:
    found = []
    if abs(state["influence"]) > MAX_INFLUENCE:
        found.append(f"Influence {state['influence']} beyond 45 (1.4.1)")
    for lord, entry in state["lords"].items():
        if "box" in entry and not OFF_LEFT <= entry["box"] <= OFF_RIGHT:
            found.append(f"{lord} in Calendar box {entry['box']} (2.2.3)")
    for vassal, entry in state["vassals"].items():
        if "box" in entry and not OFF_LEFT <= entry["box"] <= OFF_RIGHT:
            found.append(f"{vassal} in Calendar box {entry['box']} (2.2.3)")
    if state["outcome"] is None and state["step"]["name"] in ("pay", "muster", "plan"):
        at_sea = [lord for lord, e in state["lords"].items() if e.get("at") in BOARD.seas]
        if at_sea:
            found.append(f"Lords at Sea after End Campaign: {at_sea} (4.8.2)")
    for place, sides in occupied(state).items():
        if len(sides) == 2 and place not in BOARD.seas:
            found.append(f"both sides' Lords at {place} outside Battle")
    return found


def _report_fog(game: GameKind, state: State, report: dict[str, Any]) -> list[str]:
    """No side's report names the enemy's held Events or drawn Capabilities, nor with Hidden
    Mats what his Levy, Supply and Tax added to his mats; observers see neither side's."""
    found = []
    for reader in (*SIDES, None):
        for event in game.report_view(report, reader)["events"]:
            lord = event.get("lord")
            side = event.get("side") or (BOARD.lords[lord].side if isinstance(lord, str) else None)
            if side == reader:
                continue
            if event["type"] == "aspielles" and {"held", "mat"} & set(event):
                found.append(f"{reader or 'an observer'} is told what {side}'s spies saw")
            if event["type"] in ("event held", "capability", "capability discarded", "capability lost"):
                found.append(f"{reader or 'an observer'} is told of {side}'s draw {event.get('card')}")
            if state["hidden_mats"] and event["type"] in ("levy", "supply", "tax") and (
                    {"troops", "provender", "coin"} & set(event) or event.get("what") == "CAPABILITY" and event.get("target")):
                found.append(f"{reader or 'an observer'} is told what {lord} added to his hidden mat")
    return found


def _fog(game: GameKind, state: State) -> list[str]:
    """No side's view shows the enemy's deck, held Events, unrevealed Plan cards or standing
    orders, nor with Hidden Mats his Lords' mats."""
    found = []
    for side in SIDES:
        seen = game.view(state, side)
        enemy = other(side)
        if not isinstance(seen["decks"][enemy], int) or not isinstance(seen["held"][enemy], int):
            found.append(f"{side} sees {enemy}'s cards")
        if enemy in seen.get("standing", {}):
            found.append(f"{side} sees {enemy}'s standing orders")
        step = state["step"]
        plan = seen["plans"][enemy]
        if step["name"] == "plan" and any(card != "?" for card in plan):
            found.append(f"{side} sees {enemy}'s Plan before it is revealed")
        if state["hidden_mats"]:
            for lord, entry in seen["lords"].items():
                if BOARD.lords[lord].side == enemy and "troops" in entry:
                    found.append(f"{side} sees {lord}'s mat with Hidden Mats")
    return found
