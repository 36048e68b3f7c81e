"""The Capabilities at a Lord's mat, and the lasting Events in effect for his side, that change
his ratings and actions outside Battle (1.9.1, 3.1.3, 3.4.6), read from the ``capability_effects``
and ``event_effects`` tables of ``components.json``. The Battle applies its own (``battle/``)."""

from __future__ import annotations

from typing import Any

from .data import BOARD
from .state import State, is_friendly


def _effects(state: State, lord: str) -> list[dict[str, Any]]:
    """The effects acting on a Lord: his Capabilities' and the lasting Events' in effect for
    his side (3.1.3: this Levy, this Campaign)."""
    mat = state["lords"][lord]
    if not mat.get("caps") and not state["lasting"]:
        return []
    found = []
    for card in mat.get("caps", ()):
        effect = BOARD.capability_effects.get(card)
        if effect and _applies(state, lord, effect):
            found.append(effect)
    if state["lasting"]:
        found += in_effect(state, lord)
    return found


def in_effect(state: State, lord: str) -> list[dict[str, Any]]:
    """The effects of the lasting Events in effect that act on a Lord (3.1.3): for his side, or
    only for the Lords they name, the one Lord chosen (Y22), near a Dominated Area (Y4). Asked
    alone where only an Event gives the effect (no Capability to look at)."""
    side = BOARD.lords[lord].side
    found = []
    for card in state["lasting"]:
        effect = BOARD.event_effects.get(card)
        if effect is None or effect["side"] not in (side, "all") or ("lords" in effect and lord not in effect["lords"]):
            continue
        if "near_dominated" in effect and not near_dominated(state, lord):
            continue
        if "one_lord" not in effect or state.get("chosen", {}).get(card) == lord:
            found.append(effect)
    return found


SAYING: dict[str, frozenset[str]] = {
    key: frozenset(card for card, effect in BOARD.event_effects.items() if key in effect)
    for effect in BOARD.event_effects.values() for key in effect
}
"""The Events whose effects say each key."""


def event_effects(state: State, lord: str, key: str) -> list[dict[str, Any]]:
    """The lasting Events' effects on a Lord that say ``key`` (``in_effect``), looked for only
    while an Event in effect says it: for what only an Event gives (Y4, Y7, Y8, Y18, L18, Y32,
    L35), asked often (for each Levy action tried)."""
    if SAYING.get(key, frozenset()).isdisjoint(state["lasting"]):
        return []
    return [effect for effect in in_effect(state, lord) if key in effect]


def dominates(state: State, side: str, area: str) -> bool:
    """A side Dominates an Area (1.3.1, 4.8.1) with Favour at all its Strongholds, or by a
    Capability: Northmen (L16), Southerners (Y21), Welshmen (Y19) with their Lord in the Area and
    enough Friendly Strongholds there."""
    places = BOARD.areas[area]
    friendly = sum(1 for p in places if state["favour"].get(p) == side)
    if friendly == len(places):
        return True
    for lord, mat in state["lords"].items():
        if mat.get("at") not in places or BOARD.lords[lord].side != side:
            continue
        for card in mat["caps"]:
            effect = BOARD.capability_effects.get(card, {})
            if effect.get("dominate_area") == area and friendly >= effect["dominate_favour"] and _applies(state, lord, effect):
                return True
    return False


def near_dominated(state: State, lord: str) -> bool:
    """Whether a Lord is in, or next to by Way, an Area his side Dominates (Jack Cade, Y4)."""
    here = state["lords"][lord]["at"]
    side = BOARD.lords[lord].side
    near = {here, *BOARD.ways(here)}
    return any(near & set(places) and dominates(state, side, area) for area, places in BOARD.areas.items())


def _applies(state: State, lord: str, effect: dict[str, Any]) -> bool:
    """Whether a Capability's conditions hold now: at a Friendly Locale (Y22, L24), with a Lord
    there (L24), once a Lord is removed (Y26), only as certain Lords (Y34)."""
    mat = state["lords"][lord]
    side = BOARD.lords[lord].side
    if effect.get("at_friendly") and not is_friendly(state, mat["at"], side):
        return False
    if "with_lord" in effect and state["lords"].get(effect["with_lord"], {}).get("at") != mat["at"]:
        return False
    if "if_removed" in effect and state["lords"].get(effect["if_removed"], {}).get("gone") not in ("dead", "shipwreck"):
        return False
    return "as_lords" not in effect or lord in effect["as_lords"]


def near_bonus(state: State, lord: str, key: str, place: str, found: list[dict[str, Any]] | None = None) -> int:
    """A Capability's addition to Tax or Supply from a Stronghold: Y34 anywhere, Y29 only at
    Exeter and the Strongholds next to it. ``found``: the Lord's effects, if known."""
    total = 0
    for effect in _effects(state, lord) if found is None else found:
        centre = effect.get("near")
        if centre is None or place == centre or place in BOARD.locales[centre].ways:
            total += int(effect.get(key, 0))
    return total


def effects(state: State, lord: str) -> list[dict[str, Any]]:
    """Every effect acting on a Lord (``_effects``)."""
    return _effects(state, lord)


def flag(found: list[dict[str, Any]], key: str) -> bool:
    """Whether one of these effects (``effects``) says ``key``."""
    return any(effect.get(key) is True for effect in found)


def total(found: list[dict[str, Any]], key: str) -> int:
    """What these effects (``effects``) add up to for ``key``."""
    return sum(int(effect.get(key, 0)) for effect in found)


def bonus(state: State, lord: str, key: str) -> int:
    """What a Lord's Capabilities add to a rating or amount (0 if none)."""
    return sum(int(effect.get(key, 0)) for effect in _effects(state, lord))


def factor(state: State, lord: str, key: str) -> int:
    """By how much a Lord's Capabilities multiply an amount (1 if none)."""
    result = 1
    for effect in _effects(state, lord):
        result *= int(effect.get(key, 1))
    return result


def has(state: State, lord: str, key: str) -> bool:
    """Whether one of a Lord's Capabilities says ``key`` (a flag such as ``all_ports``)."""
    return any(effect.get(key) is True for effect in _effects(state, lord))


def depletes_by_troops(state: State, lord: str, place: str) -> bool:
    """Whether Levy Troops Depletes the Locale (3.4.4): not with Quartermasters (L9), nor at his
    Vassals' Seats with Chamberlains (L10)."""
    if any(effect.get("troops_deplete") is False for effect in _effects(state, lord)):
        return False
    return not at_vassal_seat(state, lord, place)


def at_vassal_seat(state: State, lord: str, place: str) -> bool:
    """Chamberlains (L10): the place is the Seat of one of his Vassals, which his Levy Troops and
    Supply do not Deplete."""
    if not has(state, lord, "no_deplete_at_vassal_seats"):
        return False
    return any(BOARD.vassals[v].seat == place for v in state["lords"][lord]["vassals"])


def command(state: State, lord: str) -> int:
    """The Lord's Command rating with his Capabilities (1.5.2, 4.2.1)."""
    return BOARD.lords[lord].command + bonus(state, lord, "command")


def lordship(state: State, lord: str) -> int:
    """The Lord's Lordship rating with his Capabilities (1.5.2, 3.4)."""
    return BOARD.lords[lord].lordship + bonus(state, lord, "lordship")


def influence(state: State, lord: str, parley: bool = False) -> int:
    """The Lord's Influence rating for a check (1.4.2) with his Capabilities."""
    rating = BOARD.lords[lord].influence + bonus(state, lord, "influence")
    return rating + (bonus(state, lord, "parley_influence") if parley else 0)


def valour(state: State, lord: str) -> int:
    """The Lord's Valour rating with his Capabilities (1.5.2: Intercept, 4.3.4)."""
    return BOARD.lords[lord].valour + bonus(state, lord, "valour")
