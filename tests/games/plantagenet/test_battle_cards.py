"""The Arts of War cards that act in Battle (1.9.1, 4.4), each test citing its card id."""

from __future__ import annotations

from typing import Any

import pytest
from battle_helpers import Dice, battle, lord

from judge.games.plantagenet.battle import (
    BattleLord,
    BattleOrders,
    BattleSide,
    BattleStart,
)
from judge.games.plantagenet.battle.field import Field, Unit, add_battle_troops, valour
from judge.games.plantagenet.battle.strike import protection, total_hits


def field(york: list[BattleLord], lancaster: list[BattleLord], *, favour: str | None = None,
          area: str | None = None, **facts: Any) -> Field:
    start = BattleStart("Coventry", area, favour, attacker=BattleSide("York", tuple(york), **facts),
                        defender=BattleSide("Lancaster", tuple(lancaster), **facts))
    return Field(start, BattleOrders(), Dice())


def armour(f: Field, name: str, kind: str, step: str) -> int:
    return protection(f, Unit(name, kind), step)


# Capabilities that change Protection (4.4.2 Protection: cards alter the top of the range).

def test_l5_church_blessing_men_at_arms_armour_1_4() -> None:
    f = field([lord("X")], [lord("Somerset 1", capabilities=("L5",)), lord("Exeter 1")])
    assert armour(f, "Somerset 1", "men_at_arms", "melee") == 4
    assert armour(f, "Exeter 1", "men_at_arms", "melee") == 3


def test_l23_montagu_retinue_armour_1_5_while_warwick_keeps_montagu() -> None:
    with_montagu = lord("Warwick L", capabilities=("L23",), vassals=("Montagu",))
    f = field([lord("X")], [with_montagu])
    assert armour(f, "Warwick L", "retinue", "missile") == 5
    f = field([lord("X")], [lord("Warwick L", capabilities=("L23",))])
    assert armour(f, "Warwick L", "retinue", "missile") == 4


def test_l27_barded_horse_retinue_and_vassals_1_3_against_missiles_1_5_against_melee() -> None:
    f = field([lord("X")], [lord("Margaret", capabilities=("L27",), vassals=("Clifford",))])
    assert [armour(f, "Margaret", k, "missile") for k in ("retinue", "vassal")] == [3, 3]
    assert [armour(f, "Margaret", k, "melee") for k in ("retinue", "vassal")] == [5, 5]
    assert armour(f, "Margaret", "men_at_arms", "melee") == 3


def test_y9_barricades_only_at_a_friendly_stronghold() -> None:
    def at(favour: str | None) -> list[int]:
        f = field([lord("York", capabilities=("Y9",))], [lord("A")], favour=favour)
        return [armour(f, "York", k, "melee") for k in ("men_at_arms", "longbowmen", "militia")]

    assert at("York") == [4, 2, 2]
    assert at(None) == [3, 1, 1]
    assert at("Lancaster") == [3, 1, 1]


def test_l34_piquiers_armour_1_4_until_three_of_them_rout() -> None:
    f = field([lord("X")], [lord("Oxford", capabilities=("L34",), men_at_arms=2, militia=2)])
    assert armour(f, "Oxford", "militia", "melee") == 4
    assert armour(f, "Oxford", "men_at_arms", "melee") == 4
    pikes = [u for u in f.units["Oxford"] if u.kind in ("men_at_arms", "militia")]
    for unit in pikes[:2]:
        unit.routed = True
    assert armour(f, "Oxford", "militia", "melee") == 4
    pikes[2].routed = True
    assert armour(f, "Oxford", "militia", "melee") == 1
    assert armour(f, "Oxford", "men_at_arms", "melee") == 3


def test_l36_chevaliers_men_at_arms_minus_1_against_missiles_and_double_melee() -> None:
    """Chevaliers: Men-at-Arms 1-2 against Missiles (cumulative with Church Blessing: 1-3),
    and each Strikes two Melee Hits."""
    f = field([lord("X")], [lord("Oxford", capabilities=("L36",), men_at_arms=3),
                            lord("Henry Tudor", capabilities=("L36", "L5"), men_at_arms=1)])
    assert armour(f, "Oxford", "men_at_arms", "missile") == 2
    assert armour(f, "Oxford", "men_at_arms", "melee") == 3
    assert armour(f, "Henry Tudor", "men_at_arms", "missile") == 3
    assert total_hits(f, ["Oxford"], "melee") == 3 + 3 * 2


# Capabilities that change Valour (4.4.1: Valour markers equal the Lord's Valour rating).

def test_valour_capabilities_l13_l20_l19_l21_l26_l28() -> None:
    lancaster = [
        lord("Exeter 1", valour=2, capabilities=("L13",)),
        lord("Somerset 1", valour=2, capabilities=("L20",)),
        lord("Buckingham", valour=1, capabilities=("L19",), vassals=("Trollope",)),
        lord("Exeter 2", valour=2, capabilities=("L19",)),  # without Trollope: no +1
        lord("Clarence", valour=1, capabilities=("L21",), vassals=("Clifford",)),
        lord("Margaret", valour=1, capabilities=("L26",), vassals=("Edward",)),
        lord("Somerset 2", valour=1, capabilities=("L28",)),
    ]
    f = field([lord("X")], lancaster)
    assert [valour(f, one.name) for one in lancaster] == [4, 4, 2, 2, 2, 2, 2]
    f = field([lord("X")], [lord("Somerset 2", valour=1, capabilities=("L28",))])
    assert valour(f, "Somerset 2") == 1  # L28 only with Margaret


# Capabilities that add Troops for one Battle.

@pytest.mark.parametrize(
    ("card", "name", "where", "added"),
    [
        ("Y3", "York", {"favour": "York"}, {"men_at_arms": 2, "longbowmen": 1}),
        ("L3", "Somerset 1", {"favour": "Lancaster"}, {"men_at_arms": 2, "longbowmen": 1}),
        ("Y25", "Pembroke", {"area": "Wales"}, {"longbowmen": 2}),
        ("L25", "Jasper Tudor 1", {"area": "Wales"}, {"longbowmen": 2}),
        ("Y27", "Northumberland Y1", {"area": "North"}, {"militia": 4}),
        ("Y35", "Gloucester 2", {"area": "South"}, {"militia": 3}),
        ("Y37", "Northumberland Y2", {"route_to_carlisle": True}, {"men_at_arms": 2}),
        ("L33", "Oxford", {"channel_port": True, "favour": "Lancaster"}, {"men_at_arms": 2}),
    ],
    ids=lambda value: value if isinstance(value, str) and value[1:].isdigit() else "",
)
def test_capabilities_that_add_troops_for_one_battle(card: str, name: str, where: dict[str, Any],
                                                      added: dict[str, int]) -> None:
    """Y3, L3 at a Friendly Stronghold; Y25, L25 in Wales; Y27 in the North; Y35 Gloucester in an
    Area; Y37 with a Route to Carlisle; L33 at a Friendly Stronghold that is or is next to an English
    Channel Port (the Background Book's note). None of them elsewhere."""
    one = lord(name, capabilities=(card,), men_at_arms=1)
    york, lancaster = ([one], [lord("A")]) if card.startswith("Y") else ([lord("X")], [one])
    f = field(york, lancaster, **where)
    add_battle_troops(f)
    extra: dict[str, int] = {}
    for unit in f.units[name]:
        if unit.temporary:
            extra[unit.kind] = extra.get(unit.kind, 0) + 1
    assert extra == added
    f = field(york, lancaster)
    add_battle_troops(f)
    assert not [u for u in f.units[name] if u.temporary]


def test_l33_philibert_de_chandee_needs_the_battle_stronghold_friendly() -> None:
    f = field([lord("X")], [lord("Oxford", capabilities=("L33",), men_at_arms=1)], favour=None,
              channel_port=True)
    add_battle_troops(f)
    assert not [u for u in f.units["Oxford"] if u.temporary]


def test_y35_kingdom_united_only_as_gloucester() -> None:
    f = field([lord("Richard III", capabilities=("Y35",), men_at_arms=1)], [lord("A")], area="North")
    add_battle_troops(f)
    assert not [u for u in f.units["Richard III"] if u.temporary]


def test_y3_troops_leave_after_battle_and_a_lord_left_without_troops_disbands() -> None:
    """Y3: the added Troops fight, and are removed after the Battle (not rolled for Losses). York's
    own Men-at-Arms Routed and then Lost, he is left without Troops and Disbands (1.6)."""
    york = lord("York", capabilities=("Y3",), men_at_arms=1)
    result = battle(
        [york], [lord("Somerset 1", influence=2, men_at_arms=1)],
        Dice(2, 6,  # York's 2 Missile Hits: Somerset's Men-at-Arms saves, then Routs
             6,  # York's 3 + 3 Melee Hits: Somerset's Retinue Routs; the other 5 are lost
             6, 1, 1,  # Somerset's 3 Melee Hits: York's own Men-at-Arms Routs, then two save
             4,  # Losses: York's own Men-at-Arms fails its 1-3: Lost
             1),  # Somerset's Death check
        favour="York",
    )
    assert result.winner == "York"
    york_after = next(a for a in result.lords if a.name == "York")
    assert york_after.lost == {"men_at_arms": 1}
    assert york_after.troops == {}
    assert york_after.fate == "disbanded"
