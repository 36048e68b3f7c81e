"""A scenario set up as 6.0 says: Mustered Lords with their cards' Forces and Assets at their
setup Locales, the others on the Calendar, Vassals at their Seats, Favour, Exile box alignment,
the Influence marker, and each side's Arts of War deck of the scenario's roses (1.9.1)."""

from __future__ import annotations

from functools import cache

from .data import BOARD, SIDES
from .state import State, copy_state, new_mat


def new_state(scenario: str, hidden_mats: bool = False) -> State:
    """The state before the first Levy of a scenario (6.0; the Levy's draws come next): a copy
    of the one set up once."""
    return copy_state(_set_up(scenario, hidden_mats))


@cache
def _set_up(scenario: str, hidden_mats: bool) -> State:
    setup = BOARD.scenarios[scenario]
    lords: dict[str, object] = {}
    for side in SIDES:
        for lord in setup.lords[side]:
            if lord in setup.mustered:
                lords[lord] = new_mat(lord, setup.mustered[lord])
    for lord, box, exile in setup.calendar:
        lords[lord] = {"box": box, "exile": exile}
    vassals: dict[str, object] = {name: {"seat": True} for name in setup.vassals_at_seats}
    for vassal, lord, service in setup.vassals_mustered:
        mat = lords[lord]
        assert isinstance(mat, dict)
        mat["vassals"].append(vassal)
        vassals[vassal] = {"lord": lord} if service is None else {"lord": lord, "box": service}
    for lord, card in setup.capabilities:
        mat = lords[lord]
        assert isinstance(mat, dict)
        mat["caps"].append(card)
    decks = {
        side: [c for c in setup.cards if BOARD.cards[c].side == side and all(c != card for _, card in setup.capabilities)]
        for side in SIDES
    }
    return {
        "scenario": scenario,
        "hidden_mats": hidden_mats,
        "box": setup.first_box,
        "step": {"name": "start"},
        "influence": setup.influence,
        "lords": lords,
        "vassals": vassals,
        "favour": {place: side for side in SIDES for place in setup.favour.get(side, ())},
        "depleted": {},
        "exile_boxes": {box: side for side in SIDES for box in setup.exile_boxes.get(side, ())},
        "decks": decks,
        "held": {side: [] for side in SIDES},
        "lasting": [],
        "aside": [],
        "plans": {side: [] for side in SIDES},
        "outcome": None,
    }
