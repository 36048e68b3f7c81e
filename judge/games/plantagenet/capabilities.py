"""The Capabilities at a Lord's mat, and the lasting Events in effect for his side, that change
his ratings and actions outside Battle (1.9.1, 3.1.3, 3.4.6), read from the ``capability_effects``
and ``event_effects`` tables of ``components.json``. The Battle applies its own (``battle/``)."""

from __future__ import annotations

from typing import Any

from .data import BOARD
from .state import State, enemy_at, is_exhausted, is_friendly, pool


_CONDITIONS = ("at_friendly", "with_lord", "if_removed", "sea", "near_port_of", "as_lords")
_UNCONDITIONAL = frozenset(
    card for card, effect in BOARD.capability_effects.items() if not any(key in effect for key in _CONDITIONS))
"""The Capabilities whose effects hold wherever the Lord is (no ``_applies`` to ask)."""


def _effects(state: State, lord: str) -> list[dict[str, Any]]:
    """The effects acting on a Lord: his Capabilities' and the lasting Events' in effect for
    his side (3.1.3: this Levy, this Campaign)."""
    caps = state["lords"][lord].get("caps")
    lasting = state["lasting"]
    if not caps and not lasting:
        return []
    found = []
    if caps:
        table = BOARD.capability_effects
        for card in caps:
            effect = table.get(card)
            if effect and (card in _UNCONDITIONAL or _applies(state, lord, effect)):
                found.append(effect)
    if lasting:
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
        if not mat.get("caps") or mat["at"] not in places or BOARD.lords[lord].side != side:
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
    if "sea" in effect and BOARD.sea_of(mat["at"]) != effect["sea"]:
        return False
    if "near_port_of" in effect and not near_port(state, mat["at"], effect["near_port_of"], side):
        return False
    return "as_lords" not in effect or lord in effect["as_lords"]


def near_port(state: State, place: str, sea: str, side: str) -> bool:
    """Whether a Friendly Port of that Sea is the place or next to it (L37)."""
    if place not in BOARD.locales:
        return False
    return any(is_friendly(state, port, side) and (port == place or port in BOARD.locales[place].ways)
               for port in BOARD.seas[sea].ports)


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
    return bool(found) and any(effect.get(key) is True for effect in found)


def total(found: list[dict[str, Any]], key: str) -> int:
    """What these effects (``effects``) add up to for ``key``."""
    return sum(int(effect.get(key, 0)) for effect in found) if found else 0


CAPABILITIES_SAYING: dict[str, frozenset[str]] = {
    key: frozenset(card for card, effect in BOARD.capability_effects.items() if key in effect)
    for effect in BOARD.capability_effects.values() for key in effect
}
"""The Capabilities whose effects say each key."""


def _may_say(state: State, lord: str, key: str) -> bool:
    """Whether one of the Lord's Capabilities or a lasting Event in effect could say ``key``:
    when none could, ``bonus``, ``factor`` and ``has`` answer without gathering his effects
    (asked often, for each action tried)."""
    caps = state["lords"][lord].get("caps")
    if caps and not CAPABILITIES_SAYING.get(key, frozenset()).isdisjoint(caps):
        return True
    lasting = state["lasting"]
    return bool(lasting) and not SAYING.get(key, frozenset()).isdisjoint(lasting)


def bonus(state: State, lord: str, key: str) -> int:
    """What a Lord's Capabilities add to a rating or amount (0 if none)."""
    if not _may_say(state, lord, key):
        return 0
    return sum(int(effect.get(key, 0)) for effect in _effects(state, lord))


def factor(state: State, lord: str, key: str) -> int:
    """By how much a Lord's Capabilities multiply an amount (1 if none)."""
    result = 1
    if not _may_say(state, lord, key):
        return result
    for effect in _effects(state, lord):
        result *= int(effect.get(key, 1))
    return result


def has(state: State, lord: str, key: str) -> bool:
    """Whether one of a Lord's Capabilities says ``key`` (a flag such as ``all_ports``)."""
    return _may_say(state, lord, key) and any(effect.get(key) is True for effect in _effects(state, lord))


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


def holders(state: State, key: str) -> list[tuple[str, str, dict[str, Any]]]:
    """The Lords on the map with a Capability that says ``key`` and acts now, each with the card
    and its effect."""
    return [
        (lord, card, effect) for lord, mat in state["lords"].items() if "at" in mat
        for card in mat["caps"] for effect in (BOARD.capability_effects.get(card, {}),)
        if key in effect and _applies(state, lord, effect)
    ]


def free_pay(state: State, side: str) -> set[str]:
    """The side's Lords whose Pay (3.2) is free: those in the Area of a Lord of theirs holding
    Percy's Power (L14) while he is in it."""
    areas = {effect["free_pay_area"] for lord, _, effect in holders(state, "free_pay_area")
             if BOARD.lords[lord].side == side and state["lords"][lord]["at"] in BOARD.areas[effect["free_pay_area"]]}
    return {lord for lord, mat in state["lords"].items() if "at" in mat and BOARD.lords[lord].side == side
            and any(mat["at"] in BOARD.areas[area] for area in areas)}


def income(state: State, key: str, events: list[dict[str, Any]]) -> None:
    """Coin and Provender a Capability gives at a set moment: ``pay`` at each Pay segment
    (Madame La Grande, L37, near a Friendly English Channel Port), ``campaign`` at the outset of
    each Campaign (Stafford Estates, L22)."""
    for lord, card, effect in holders(state, f"{key}_coin"):
        assets = state["lords"][lord]["assets"]
        assets["coin"] += int(effect[f"{key}_coin"])
        assets["provender"] += int(effect.get(f"{key}_provender", 0))
        events.append({"type": "capability effect", "lord": lord, "card": card, "coin": effect[f"{key}_coin"],
                       "provender": effect.get(f"{key}_provender", 0)})


def burgundians(state: State, lords: list[str], events: list[dict[str, Any]]) -> None:
    """Burgundians (Y14, Y23): a Lord at a Port with the card receives its Burgundians once,
    as the pool allows (the card is marked used on his mat)."""
    for lord in lords:
        mat = state["lords"][lord]
        if "at" not in mat or mat["at"] not in BOARD.locales or not BOARD.locales[mat["at"]].sea:
            continue
        for card in mat["caps"]:
            count = int(BOARD.capability_effects.get(card, {}).get("burgundians_at_port", 0))
            if count and card not in mat.get("used", ()):
                mat.setdefault("used", []).append(card)
                added = min(count, pool(state, "burgundians"))
                mat["troops"]["burgundians"] += added
                events.append({"type": "capability effect", "lord": lord, "card": card,
                               "troops": {"burgundians": added}})


def blockaded_seas(state: State, side: str) -> set[str]:
    """The Seas a side's Naval Blockade (Y15) closes: those of the Ports where its holders stand."""
    return {BOARD.locales[state["lords"][lord]["at"]].sea or "" for lord, _, _ in holders(state, "blockade")
            if BOARD.lords[lord].side == side and state["lords"][lord]["at"] in BOARD.locales} - {""}


def start_refusal(state: State, side: str, card: str, city: str) -> str | None:
    """Thomas Bourchier (Y5): the Lord taking the card may start in a Friendly City free of
    Enemy Lords (London counts as a City)."""
    if not BOARD.capability_effects.get(card, {}).get("start_in_city"):
        return f"{card} does not move its Lord (only Thomas Bourchier, Y5)"
    if city not in BOARD.locales or BOARD.locales[city].type not in ("city", "london"):
        return f"{city} is not a City (Y5)"
    if not is_friendly(state, city, side) or enemy_at(state, city, side):
        return f"{city} is not Friendly and free of Enemy Lords (Y5)"
    return None


def array_refusal(state: State, lord: str, source: str) -> str | None:
    """Commission of Array (L12): Levy Troops from a Friendly Stronghold next to the Lord, free
    of Enemy Lords and not Exhausted (3.4.4)."""
    side = BOARD.lords[lord].side
    if not has(state, lord, "array_commission"):
        return f"{lord} Levies Troops only where he stands (3.4.4; Commission of Array, L12)"
    if source not in BOARD.ways(state["lords"][lord]["at"]) or source not in BOARD.locales:
        return f"{source} is not a Stronghold next to {lord} (L12)"
    if not is_friendly(state, source, side) or enemy_at(state, source, side) or is_exhausted(state, source):
        return f"{source} is not Friendly, free of Enemy Lords and not Exhausted (L12, 3.4.4)"
    return None
