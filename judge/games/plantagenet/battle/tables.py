"""The Battle's numbers, read once from ``battle.json``: the Forces table (Hits per unit and
Strike step, Protection; 1.6, 4.4.2), the Death check (4.4.3) and what each Arts of War card that
acts in Battle changes (1.9.1). Nothing here applies a rule: the battle modules do, citing theirs.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any


@dataclass(frozen=True)
class ForceType:
    """A Forces unit type's row of the Forces table: Hits it Strikes with in the Missile and the
    Melee step, counted in half Hits (Militia and Mercenaries Strike for one half each), and its
    inherent Protection, the top of the die range that saves it (4.4.2)."""

    missile_halves: int
    melee_halves: int
    protection: int


@dataclass(frozen=True)
class BattleTables:
    """The tables of ``battle.json``; card-keyed tables map an Arts of War card id to its figures."""

    forces: dict[str, ForceType]
    dies_from: int
    fled_modifier: int
    valour_cards: dict[str, int]
    armour_cards: dict[str, dict[str, int]]
    armour_at_friendly_cards: dict[str, dict[str, int]]
    armour_by_strike_cards: dict[str, dict[str, dict[str, int]]]
    missile_armour_change_cards: dict[str, dict[str, int]]
    melee_hits_factor_cards: dict[str, dict[str, int]]
    piquiers_cards: dict[str, dict[str, Any]]
    battle_troops_cards: tuple[dict[str, Any], ...]
    culverins_cards: tuple[str, ...]
    culverins_dice: int
    patrick_de_la_mote: dict[str, Any]
    caltrops: dict[str, Any]
    final_charge: dict[str, Any]
    special_vassals: dict[str, str]
    regular_vassals: dict[str, int]
    for_trust_not_him: dict[str, str]

    def works(self, card: str, vassals: tuple[str, ...]) -> bool:
        """Whether a Capability at a Lord's mat acts: one that brings a Special Vassal (L19, L21,
        L23, L26, L35, Y24) gives its ratings only while the Lord keeps that Vassal (1.5.4)."""
        needed = [vassal for vassal, owner in self.special_vassals.items() if owner == card]
        return all(vassal in vassals for vassal in needed)


def _read() -> BattleTables:
    raw = json.loads(resources.files(__package__).joinpath("battle.json").read_text(encoding="utf-8"))
    forces = {
        name: ForceType(round(row["missile"] * 2), round(row["melee"] * 2), row["protection"])
        for name, row in raw["forces"].items()
    }
    return BattleTables(
        forces=forces,
        dies_from=raw["death_check"]["dies_from"],
        fled_modifier=raw["death_check"]["fled_modifier"],
        valour_cards=raw["valour_cards"],
        armour_cards=raw["armour_cards"],
        armour_at_friendly_cards=raw["armour_at_friendly_cards"],
        armour_by_strike_cards=raw["armour_by_strike_cards"],
        missile_armour_change_cards=raw["missile_armour_change_cards"],
        melee_hits_factor_cards=raw["melee_hits_factor_cards"],
        piquiers_cards=raw["piquiers_cards"],
        battle_troops_cards=tuple(raw["battle_troops_cards"]),
        culverins_cards=tuple(raw["culverins_cards"]),
        culverins_dice=raw["culverins_dice"],
        patrick_de_la_mote=raw["patrick_de_la_mote"],
        caltrops=raw["caltrops"],
        final_charge=raw["final_charge"],
        special_vassals=raw["special_vassals"],
        regular_vassals=raw["regular_vassals"],
        for_trust_not_him=raw["for_trust_not_him"],
    )


TABLES = _read()
"""The one copy of the Battle's tables."""
