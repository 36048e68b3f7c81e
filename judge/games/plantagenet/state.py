"""The state of a game of Plantagenet, a plain JSON value, and the questions asked of it.

``state["lords"]`` holds each Lord of the scenario: on the map ``{"at": LOCALE, "troops": {...},
"assets": {...}, "vassals": [...], "caps": [...], "moved": bool}`` (his mat, 1.5.3); on the
Calendar ``{"box": N, "exile": bool}`` (2.2.3, 3.2.4); out of the game ``{"gone": "dead"}``; Henry
VI captured in Ia ``{"prisoner_of": LORD}``.
``state["vassals"]`` holds each regular Vassal of the scenario: at his Seat ``{"seat": true}``,
with a Lord ``{"lord": NAME, "box": N}`` (his Service marker, 3.4.3), or Disbanded face down on
the Calendar ``{"box": N}`` (3.2.4). A Special Vassal is ``{"lord": NAME}`` while its card is at
that Lord's mat. Favour (1.3.1) maps Strongholds to a side (Neutral ones are absent), and
``depleted`` maps Locales to 1 (Depleted) or 2 (Exhausted). Influence is one signed number, +
for Lancaster and - for York (1.4.1). The functions here never change a state; ``copy_state``
makes the copy a resolution works on.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import orjson

from .data import BOARD, LORD_SIDE, TROOPS, Scenario, other

State = dict[str, Any]

OFF_LEFT, OFF_RIGHT = 0, 16
"""Just off the Calendar on either side (2.2.3, CALENDAR'S END)."""
MAX_INFLUENCE = 45  # 1.4.1
AT_SEAT = {"seat": True}
"""A Vassal's entry while he waits at his Seat (1.5.4), to compare with (never to store)."""


def copy_state(state: State) -> State:
    """A deep copy, so that a resolution never changes the state it was given: the parts laid out
    as above copied part by part (quicker than any whole copy, and a copy is made at each step),
    any other part whole."""
    return {key: value if type(value) not in _CONTAINERS else _LAYOUT.get(key, _copy)(value)
            for key, value in state.items()}


_CONTAINERS = (dict, list)


def _copy(value: Any) -> Any:
    """A deep copy of a JSON value: written and read back."""
    return orjson.loads(orjson.dumps(value))


def _mat(entry: dict[str, Any]) -> dict[str, Any]:
    """A Lord's entry: a mat's Forces, Assets, Vassals and Capabilities are its only parts that
    hold others."""
    new = dict(entry)
    if "troops" in entry:
        new["troops"], new["assets"] = dict(entry["troops"]), dict(entry["assets"])
        new["vassals"], new["caps"] = list(entry["vassals"]), list(entry["caps"])
    return new


def _by_side(cards: dict[str, list[str]]) -> dict[str, list[str]]:
    return {side: list(names) for side, names in cards.items()}


_LAYOUT: dict[str, Any] = {
    "lords": lambda lords: {lord: _mat(entry) for lord, entry in lords.items()},
    "vassals": lambda vassals: {vassal: dict(entry) for vassal, entry in vassals.items()},
    **dict.fromkeys(("favour", "depleted", "exile_boxes", "step", "chosen"), dict),
    **dict.fromkeys(("decks", "held", "plans", "standing"), _by_side),
    **dict.fromkeys(("lasting", "aside"), list),
}
"""How each part of the state laid out above is copied, its values plain: a Lord's entry
(``_mat``), a Vassal's, Favour, Depletion, the Exile boxes, the step, the Lords chosen for
Events, each side's cards and orders, the lasting Events."""


def scenario_of(state: State) -> Scenario:
    return BOARD.scenarios[state["scenario"]]


def king(state: State) -> str:
    """The King's side (2.2.4)."""
    return str(scenario_of(state).king)


def rebel(state: State) -> str:
    """The Rebel side, which goes first in each step (2.2.4)."""
    return str(scenario_of(state).rebel)


def in_order(state: State) -> tuple[str, str]:
    """The sides in the order of each step: Rebel, then King (2.2.4)."""
    return rebel(state), king(state)


def side_of(lord: str) -> str:
    return BOARD.lords[lord].side


# --- the Calendar (2.2) ---------------------------------------------------------------------------


def shift(box: int, boxes: int) -> int:
    """A Calendar box shifted right (+) or left (-): past either end the marker waits just off
    the Calendar, and its first shift back puts it in box 1 or 15 (2.2.3)."""
    if box >= OFF_RIGHT and boxes < 0:
        return 15
    if box <= OFF_LEFT and boxes > 0:
        return 1
    return max(OFF_LEFT, min(OFF_RIGHT, box + boxes))


# --- Lords --------------------------------------------------------------------------------------


def where(state: State, lord: str) -> str | None:
    place = state["lords"].get(lord, {}).get("at")
    return None if place is None else str(place)


def lords_on_map(state: State, side: str) -> list[str]:
    """A side's Lords on the map, in the order of the scenario."""
    return [name for name, entry in state["lords"].items() if "at" in entry and LORD_SIDE[name] == side]


def on_map(state: State, lord: str, side: str) -> bool:
    """Whether a Lord is one of a side's Lords on the map (``lords_on_map``, asked of one)."""
    return "at" in state["lords"].get(lord, {}) and LORD_SIDE[lord] == side


def command_lords(state: State, side: str) -> list[str]:
    """The Lords whose Command cards a side plans with (1.9.2): the scenario's; in the grand
    scenario, those its War has brought in (6.2.2 ADD) and not removed."""
    lords = scenario_of(state).lords[side]
    if "wars" not in state:
        return list(lords)
    return [lord for lord in lords if "gone" not in state["lords"].get(lord, {"gone": "absent"})]


def lords_at(state: State, place: str, side: str | None = None) -> list[str]:
    """The Lords at a Locale (of one side, if given)."""
    return [
        name for name, entry in state["lords"].items()
        if entry.get("at") == place and (side is None or LORD_SIDE[name] == side)
    ]


def enemy_at(state: State, place: str, side: str) -> bool:
    """Whether any Lord of the enemy is at a Locale."""
    for name, entry in state["lords"].items():  # a plain loop: asked for every Vassal tried
        if entry.get("at") == place and LORD_SIDE[name] != side:
            return True
    return False


def occupied(state: State) -> dict[str, set[str]]:
    """The sides with Lords at each Locale (for many ``enemy_at`` questions at once)."""
    found: dict[str, set[str]] = {}
    for name, entry in state["lords"].items():
        if "at" in entry:
            found.setdefault(entry["at"], set()).add(LORD_SIDE[name])
    return found


def troops(mat: dict[str, Any]) -> int:
    """The wooden Troop units on a mat (1.6): what Pay and Feed count (3.2.1, 4.7)."""
    return sum(mat["troops"].values())


def forces_units(mat: dict[str, Any]) -> int:
    """Every Forces unit on a mat: Retinue, Vassals and Troops (1.6; Sail counts them, 4.6.1)."""
    return 1 + len(mat["vassals"]) + troops(mat)


def pool(state: State, kind: str) -> int:
    """Troop pieces of a type left in the pool (1.6: the pieces limit play)."""
    used = sum(int(entry["troops"].get(kind, 0)) for entry in state["lords"].values() if "at" in entry)
    return int(BOARD.pools[kind]) - used


def lords_with_ships(state: State) -> int:
    return sum(1 for entry in state["lords"].values() if "at" in entry and entry["assets"]["ships"] > 0)


def new_mat(lord: str, place: str) -> dict[str, Any]:
    """A Lord's mat as he Musters or sets up: his card's starting Forces and Assets (1.5.3)."""
    card = BOARD.lords[lord]
    return {
        "at": place,
        "troops": {kind: card.forces.get(kind, 0) for kind in TROOPS},
        "assets": dict(card.assets),
        "vassals": [],
        "caps": [],
        "moved": False,
    }


def place_capability(state: State, lord: str, card: str) -> None:
    """A Capability comes to a Lord's mat (3.1.2, 3.4.6): a Special Vassal it names Musters with
    it, free (1.5.4), and Troops it brings are added from the pool (Hastings, Y24)."""
    mat = state["lords"][lord]
    mat["caps"].append(card)
    vassal = BOARD.cards[card].special_vassal
    if vassal is not None and vassal not in state["vassals"]:
        mat["vassals"].append(vassal)
        state["vassals"][vassal] = {"lord": lord}
    extra = int(BOARD.capability_effects.get(card, {}).get("men_at_arms_on_levy", 0))
    mat["troops"]["men_at_arms"] += min(extra, pool(state, "men_at_arms"))


def ready(state: State, side: str) -> list[str]:
    """A side's Lords Ready to be Levied: on the Calendar in the current or an earlier box
    (3.4.2), not marked Exile (an Exiled Lord Musters only into his Exile box, 3.3.1 errata)."""
    return [
        name for name, entry in state["lords"].items()
        if "box" in entry and not entry["exile"] and entry["box"] <= state["box"]
        and LORD_SIDE[name] == side
    ]


def exiles_ready(state: State, side: str) -> list[str]:
    """A side's Exiled Lords who may Muster into an Exile box now (3.3.1): in the current or an
    earlier box, or anywhere on the Calendar while Be sent for (L4) is in effect."""
    anywhere = any(
        BOARD.event_effects.get(card, {}).get("exiles_anywhere") and BOARD.event_effects[card]["side"] == side
        for card in state["lasting"]
    )
    return [
        name for name, entry in state["lords"].items()
        if "box" in entry and entry["exile"] and (anywhere or entry["box"] <= state["box"])
        and LORD_SIDE[name] == side
    ]


def exile_boxes_for(state: State, lord: str) -> list[str]:
    """The Exile boxes a Lord may use: those marked Friendly to his side (1.3.1), and in a
    scenario with Allied Networks only his own (6.0, Ia)."""
    networks = scenario_of(state).allied_networks
    if lord in networks:
        return [networks[lord]]
    side = BOARD.lords[lord].side
    return [box for box, owner in state["exile_boxes"].items() if owner == side]


# --- Favour and Locales ---------------------------------------------------------------------------


def is_friendly(state: State, place: str, side: str) -> bool:
    """A Stronghold with the side's Favour, or an Exile box marked for it (1.3.1)."""
    if place in BOARD.exile_boxes:
        return state["exile_boxes"].get(place) == side  # type: ignore[no-any-return]
    return state["favour"].get(place) == side  # type: ignore[no-any-return]


def is_enemy(state: State, place: str, side: str) -> bool:
    if place in BOARD.exile_boxes:
        return bool(state["exile_boxes"].get(place) == other(side))
    return bool(state["favour"].get(place) == other(side))


def is_exhausted(state: State, place: str) -> bool:
    return bool(state["depleted"].get(place, 0) >= 2)


def deplete(state: State, place: str) -> None:
    """Mark a Locale Depleted, or Exhausted if already Depleted (1.3.1)."""
    state["depleted"][place] = min(2, state["depleted"].get(place, 0) + 1)


def set_favour(state: State, place: str, side: str | None) -> None:
    """A Stronghold's Favour set (None: Neutral). London for York's second Favour (Y15) goes
    when London's changes."""
    if side is None:
        state["favour"].pop(place, None)
    else:
        state["favour"][place] = side
    if place == "London" and side != "York":
        state.pop("london_for_york", None)


def favour_locked(state: State, place: str) -> bool:
    """London for York (Y15): with its second Yorkist Favour, London changes Favour only by an
    Event or Pillage (not by Parley, nor by a Lord Mustering at his Seat)."""
    return place == "London" and bool(state.get("london_for_york"))


def shift_favour(state: State, place: str, toward: str) -> str | None:
    """One level toward a side's Favour: Enemy to Neutral, Neutral to Friendly (3.4.1). Returns
    the Favour it leaves: a side's, or None (Neutral)."""
    now: str | None = state["favour"].get(place)
    if now == toward:
        return now
    after = None if now == other(toward) else toward
    set_favour(state, place, after)
    return after


# --- Influence (1.4) -----------------------------------------------------------------------------


def influence_of(state: State, side: str) -> int:
    """The net Influence points as one side reads them (1.4.1: positive if that side leads)."""
    value = int(state["influence"])
    return value if side == "Lancaster" else -value


def gain(state: State, side: str, points: int) -> None:
    """A side gains (or, negative, loses) Influence points; the net never exceeds 45 (1.4.1)."""
    signed = points if side == "Lancaster" else -points
    state["influence"] = max(-MAX_INFLUENCE, min(MAX_INFLUENCE, int(state["influence"]) + signed))


def mats(state: State) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every Lord on the map with his mat."""
    for name, entry in state["lords"].items():
        if "at" in entry:
            yield name, entry
