"""Heirs and Succession in a War of the grand scenario (6.2, 6.3), from the scenario's data:
the Lords and Arts of War cards an Heir's removal brings in or takes out, the Capability a Lord
must take when he Musters, and the War won when a side's listed Heirs are all removed."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .battle import BattleResult
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


def put_in(state: State, card: str) -> None:
    """Add a card to its side's Arts of War deck (6.2.2 ARTS OF WAR), from where it was set aside;
    never a card the grand scenario has put out of use for good (Y28 after the second War's
    Gloucester rule)."""
    if card in state.get("wars", {}).get("spent", ()):
        return
    if card in state["aside"]:
        state["aside"].remove(card)
    state["decks"][BOARD.cards[card].side].append(card)


def heir_removed(state: State, lord: str) -> bool:
    """Whether a Lord, or the Heir he is another card of (6.2.1: March and Edward IV, Gloucester
    and Richard III), has been removed: in this War, or in an earlier one of the grand scenario."""
    if state["lords"].get(lord, {}).get("gone") in REMOVED:
        return True
    card = BOARD.lords[lord]
    return card.heir is not None and str(card.heir) in state.get("wars", {}).get("removed", {}).get(card.side, {})


def is_heir(state: State, lord: str) -> bool:
    """An Heir of 6.2.1: Warwick only where the third War designates him (6.3)."""
    card = BOARD.lords[lord]
    if card.heir is None:
        return False
    return not lord.startswith("Warwick") or state.get("wars", {}).get("warwick") == card.side


def present(state: State, lord: str) -> bool:
    """A Lord in the War: on the map or the Calendar, not removed (6.2.1)."""
    entry = state["lords"].get(lord)
    return entry is not None and "gone" not in entry


def highest(state: State, side: str) -> str | None:
    """The side's highest-ranking Heir present (6.2.1; of the King's side, the King)."""
    found = [lord for lord in state["lords"] if BOARD.lords[lord].side == side and is_heir(state, lord) and present(state, lord)]
    return min(found, key=lambda lord: BOARD.lords[lord].heir or 0, default=None)


def rename(state: State, old: str, new: str) -> None:
    """6.2.2 REPLACE: the new Lord takes the old one's place, mat, Vassals and Plan cards."""
    state["lords"] = {new if name == old else name: entry for name, entry in state["lords"].items()}
    for entry in state["vassals"].values():
        if entry.get("lord") == old:
            entry["lord"] = new
    for side, plan in state["plans"].items():
        state["plans"][side] = [new if card == old else card for card in plan]


def heir_cards(state: State) -> None:
    """6.3, Wars II: the Arts of War cards in play while an Heir is present, King (the highest of
    the King's side) or highest of his side; cards no longer due are taken out wherever they
    are, those newly due go to the deck, and those due still stay where they are (6.2.2)."""
    setup = scenario_of(state)
    due: set[str] = set()
    every: set[str] = set()
    for rule in setup.heir_cards:
        every |= set(rule["cards"])
        lords = rule["lords"]
        side = BOARD.lords[lords[0]].side
        if rule["while"] == "present":
            holds = any(present(state, lord) for lord in lords)
        else:
            top = highest(state, setup.king if rule["while"] == "king" else side)
            holds = top in lords and (rule["while"] == "highest" or side == setup.king)
        if holds:
            due |= set(rule["cards"])
    for card in sorted(every - due - set(setup.cards)):
        if card not in state["aside"]:
            take_out(state, card)
    in_play = {c for side in state["decks"] for c in state["decks"][side] + state["held"][side]}
    in_play |= set(state["lasting"]) | {c for e in state["lords"].values() for c in e.get("caps", ())}
    for card in sorted(due - in_play):
        put_in(state, card)


def succeed(state: State, lord: str, events: list[dict[str, Any]]) -> None:
    """6.2.2 in a War of the grand scenario: the successor the War names for a removed Heir comes
    to the next Calendar box, or (REPLACE) takes a living Lord's place; a Lord comes in when few
    Heirs remain (IIY, Pembroke); the Arts of War follow."""
    setup = scenario_of(state)
    rule = setup.succession.get(lord, {})
    heir = rule.get("add")
    if heir and not heir_removed(state, heir) and (heir not in state["lords"] or "box" in state["lords"][heir]):
        state["lords"][heir] = {"box": shift(state["box"], 1), "exile": False}
        events.append({"type": "succession", "removed": lord, "added": heir})
    for old, new in rule.get("replace", {}).items():
        if present(state, old):
            rename(state, old, new)
            events.append({"type": "succession", "removed": lord, "replaced": old, "by": new})
    for old, new in setup.crown.items():
        if highest(state, BOARD.lords[old].side) == old:
            rename(state, old, new)
            events.append({"type": "succession", "crowned": new, "replaced": old})
    for newcomer, need in setup.newcomers.items():
        left = sum(1 for h in need["heirs"] if not heir_removed(state, h))
        if newcomer not in state["lords"] and left <= need["at_most"]:
            state["lords"][newcomer] = {"box": shift(state["box"], 1), "exile": False}
            events.append({"type": "succession", "removed": lord, "added": newcomer})
    for card in rule.get("remove_cards", ()):
        take_out(state, card)
    for card in rule.get("add_cards", ()):
        put_in(state, card)
    if setup.heir_cards:
        heir_cards(state)


def on_removal(state: State, lord: str, events: list[dict[str, Any]]) -> None:
    """6.2.2, 6.3: an Heir removed is noted for the Wars to come and brings his successor as the
    War says (``succeed``); then the War is won if every Heir listed against a side is removed
    (War Victory), and the whole Wars of the Roses if a side has no Heir left (Dynastic
    Victory)."""
    setup = scenario_of(state)
    wars = state.get("wars")
    if wars is not None and is_heir(state, lord):
        card = BOARD.lords[lord]
        wars["removed"][card.side][str(card.heir)] = state["lords"][lord]["gone"]
    if setup.war and not wars or wars and wars["war"] in ("I", "IIY", "IIL"):
        succeed(state, lord, events)
    heirs_by_winner = wars["heirs"] if wars else setup.war_victory
    for winner, heirs in heirs_by_winner.items():
        if state["outcome"] is None and heirs and all(heir_removed(state, h) for h in heirs):
            outcome = {"winner": winner, "reason": f"{other(winner)} lost every Heir of this War ({', '.join(heirs)}; 6.3)"}
            state["outcome"] = outcome
            state["step"] = {"name": "over"}
            events.append({"type": "victory", **outcome})
    if wars is not None:
        dynastic(state, events)


def dynastic(state: State, events: list[dict[str, Any]]) -> None:
    """Dynastic Victory (6.0, Wars of the Roses): a side with every Heir of 6.2.1 removed (Warwick
    counted where the third War designates him) loses the Wars of the Roses at once."""
    wars = state["wars"]
    for side in ("York", "Lancaster"):
        ranks = {str(l.heir) for name, l in BOARD.lords.items() if l.side == side and l.heir
                 and (not name.startswith("Warwick") or wars.get("warwick") == side)}
        if ranks <= set(wars["removed"][side]) and not wars.get("over"):
            wars["over"] = True
            outcome = {"winner": other(side), "reason": f"{side} has lost every Heir: Dynastic Victory (6.0)"}
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
    return card in setup.mandatory_capability.values() or card not in setup.deck_cards()


def surrender(state: State, result: BattleResult, standing: dict[str, list[Any]], events: list[dict[str, Any]]) -> BattleResult:
    """6.1.1 Surrender: in the first or second War, a side whose standing ``SURRENDER`` order
    stands concedes the War just before its last Heir still present in it (listed for the War,
    not yet removed) rolls for Death (4.4.3); that Heir is then not removed (he Disbands). The
    Battle as it would be carried out otherwise is returned when nobody surrenders."""
    setup = scenario_of(state)
    if "wars" not in state or not setup.heirs or state["outcome"] is not None:
        return result
    checked = {entry.lord for entry in result.report if entry.step == "death check"}
    for side, heirs in setup.heirs.items():
        if not any(order.verb == "SURRENDER" for order in standing.get(side, ())):
            continue
        left = [BOARD.lords[h].heir for h in heirs if not heir_removed(state, h)]
        last = [lord for lord in checked if lord and len(left) == 1
                and BOARD.lords[lord].side == side and BOARD.lords[lord].heir == left[0]]
        if last:
            outcome = {"winner": other(side), "reason": f"{side} surrendered the War before {last[0]}'s Death check (6.1.1)"}
            state["outcome"] = outcome
            events.append({"type": "victory", **outcome})
            lords = tuple(replace(a, fate="disbanded") if a.name == last[0] and a.fate == "dead" else a for a in result.lords)
            return replace(result, lords=lords)
    return result
