"""Strike (4.4.2): in each Engagement both sides total their Missile Hits at once and apply them,
Defenders first, unit by unit with Protection rolls and Valour rerolls; then the same for Melee.
Then Lord Rout.
"""

from __future__ import annotations

from .field import Engagement, Field, Unit
from .model import FORCES, TROOPS, HitsRule, Units
from .tables import TABLES


class RoundEnds(Exception):
    """Swift Maneuver (Y36): the Yorkists end the Round when a Lancastrian Retinue Routs."""


def strike(battle: Field, engagement: Engagement, step: str, bonus: dict[str, int]) -> None:
    """One Strike step ("missile" or "melee") of one Engagement (4.4.2): each side's Hits are
    totalled at once, then the Defenders apply the Hits they take, then the Attackers.
    ``bonus`` holds extra Hits by side (Culverins, Caltrops)."""
    sides = (battle.defender, battle.attacker)
    charge = {side: _final_charger(battle, engagement, side) if step == "melee" else None for side in sides}
    hits = {side: total_hits(battle, engagement.lords[side], step) + bonus.get(side, 0) for side in sides}
    for side in sides:
        if charge[side] is not None:
            hits[side] += TABLES.final_charge["melee_hits"]
        battle.log(f"{step} hits", side, hits=hits[side])
    for side in sides:
        taken = hits[battle.enemy(side)]
        if step == "missile" and _leeward(battle, side):
            taken = (taken + 1) // 2
            battle.log("leeward", side, hits=taken)
        charger = charge[side]
        if charger is not None:
            battle.log("final charge", side, lord=charger, hits=TABLES.final_charge["retinue_hits"])
            retinue = battle.unrouted(charger, ("retinue",))
            for _ in range(TABLES.final_charge["retinue_hits"]):
                if retinue and not retinue[0].routed:
                    take_hit(battle, retinue[0], step)
        apply_hits(battle, engagement.lords[side], taken, step)


def total_hits(battle: Field, lords: list[str], step: str) -> int:
    """A side's Hits in an Engagement for one Strike step: every Unrouted unit of its Lords there
    Strikes as the Forces table says, halves added up and the total rounded up (4.4.2 Total
    Hits). Chevaliers (L36) double the Men-at-Arms' Melee."""
    halves = 0
    for lord in lords:
        capabilities = battle.lords[lord].capabilities
        for unit in battle.unrouted(lord):
            row = TABLES.forces[unit.kind]
            each = row.missile_halves if step == "missile" else row.melee_halves
            if step == "melee":
                for card, factors in TABLES.melee_hits_factor_cards.items():
                    if card in capabilities:
                        each *= factors.get(unit.kind, 1)
            halves += each
    return (halves + 1) // 2


def _leeward(battle: Field, side: str) -> bool:
    """Leeward Battle Line (L1, Y1): Missile Hits to the side that played it are halved, rounding
    up, unless the Enemy played it too."""
    mine = any(battle.played(side, card) for card in ("L1", "Y1"))
    theirs = any(battle.played(battle.enemy(side), card) for card in ("L1", "Y1"))
    return mine and not theirs


def _final_charger(battle: Field, engagement: Engagement, side: str) -> str | None:
    """Final Charge (Y32): Richard III, with the card and his Retinue Unrouted, in this Engagement,
    if his side's orders use it."""
    if not battle.orders.of(side).final_charge:
        return None
    for lord in engagement.lords[side]:
        if (
            lord in TABLES.final_charge["lords"]
            and TABLES.final_charge["card"] in battle.lords[lord].capabilities
            and battle.unrouted(lord, ("retinue",))
        ):
            return lord
    return None


def apply_hits(battle: Field, lords: list[str], hits: int, step: str) -> None:
    """4.4.2 Apply Hits: the owner gives each Hit in turn to one of his Unrouted units in the
    Engagement: by his standing orders, first to the units his ``hits`` rules name for this step
    and Round (``chosen_units``), then to the first unit type of ``hit_order`` that any of his
    Lords there still has, the Lords taken in ``absorb`` order. Hits with no unit left to take
    them are lost."""
    if not lords:
        return
    side = battle.side_of[lords[0]]
    orders = battle.orders.of(side)
    absorbing = [n for n in battle.order(side, orders.absorb or orders.array) if n in lords]
    chosen = chosen_units(orders.hits, step, battle.round) if orders.hits else ()
    kinds = (*orders.hit_order, *(k for k in FORCES if k not in orders.hit_order)) if chosen else ()
    for _ in range(hits):
        target = _chosen_target(battle, absorbing, chosen, kinds) if chosen else None
        if target is None:
            target = next(
                (unit for kind in orders.hit_order for lord in absorbing for unit in battle.unrouted(lord, (kind,))),
                None,
            )
        if target is None:
            target = next((u for lord in absorbing for u in battle.unrouted(lord)), None)
        if target is None:
            battle.log("hits lost", side)
            return
        take_hit(battle, target, step)


def chosen_units(rules: tuple[HitsRule, ...], step: str, round_: int) -> tuple[Units, ...]:
    """The units a side's ``hits`` rules give this step's Hits to in this Round, in turn: those of
    the rule for this step and Round, then for this Round, then for this step, then for every
    step and Round."""
    applying = [rule for rule in rules if rule.step in (None, step) and rule.round in (0, round_)]
    applying.sort(key=lambda rule: (rule.round == 0, rule.step is None))
    return tuple(units for rule in applying for units in rule.units)


def _chosen_target(
    battle: Field, absorbing: list[str], chosen: tuple[Units, ...], kinds: tuple[str, ...]
) -> Unit | None:
    """The first Unrouted unit of the ``chosen`` ones: a type's in ``absorb`` order, a Lord's in
    ``hit_order``."""
    for units in chosen:
        for kind in (units.kind,) if units.kind else kinds:
            for lord in absorbing:
                if units.lord in (None, lord):
                    for unit in battle.unrouted(lord, (kind,)):
                        if units.name in (None, unit.name):
                            return unit
    return None


def take_hit(battle: Field, unit: Unit, step: str) -> None:
    """4.4.2 Roll by Hit: the unit rolls against its Protection; a failure may be rerolled once with
    one of its Lord's Valour markers; a second failure Routs it (or, with Yeomen of the Crown,
    L31, a failed Retinue may Rout one of the Lord's Men-at-Arms instead)."""
    side = battle.side_of[unit.lord]
    target = protection(battle, unit, step)
    die = battle.die()
    battle.log("protection", side, lord=unit.lord, unit=unit.label, die=die, target=target,
               outcome="saved" if die <= target else "failed")
    if die <= target:
        return
    if battle.valour[unit.lord] > 0 and _spends_valour(battle, unit):
        battle.valour[unit.lord] -= 1
        die = battle.die()
        battle.log("valour", side, lord=unit.lord, unit=unit.label, die=die, target=target,
                   outcome="saved" if die <= target else "failed")
        if die <= target:
            return
    if unit.kind == "retinue" and "L31" in battle.lords[unit.lord].capabilities and battle.orders.of(side).yeomen:
        men = battle.unrouted(unit.lord, ("men_at_arms",))
        if men:
            unit = men[0]
            battle.log("yeomen", side, lord=unit.lord, unit=unit.label)
    rout(battle, unit)


def rout(battle: Field, unit: Unit) -> None:
    """A unit Routs (4.4.2 Forces Rout); a Lancastrian Retinue's Rout may end the Round (Y36)."""
    unit.routed = True
    side = battle.side_of[unit.lord]
    battle.log("rout", side, lord=unit.lord, unit=unit.label)
    enemy = battle.enemy(side)
    if (
        unit.kind == "retinue"
        and side == "Lancaster"
        and battle.played(enemy, "Y36")
        and battle.orders.of(enemy).swift_maneuver
    ):
        battle.log("swift maneuver", enemy, lord=unit.lord)
        raise RoundEnds


def _spends_valour(battle: Field, unit: Unit) -> bool:
    """Whether the owner's standing order spends a Valour marker on this failed roll (4.4.2
    Valour Rerolls): on the units ``valour_units`` names, if it names any; else by ``valour``:
    "always", "never", or "armoured": on a unit with armour (inherent Protection above 1) or one
    whose Rout would Rout its Lord (his Retinue or his last Unrouted Troop)."""
    orders = battle.orders.of(battle.side_of[unit.lord])
    if orders.valour_units:
        return any(units.holds(unit.lord, unit.kind, unit.name) for units in orders.valour_units)
    use = orders.valour
    if use == "always":
        return True
    if use == "never":
        return False
    last_troop = unit.kind in TROOPS and len(battle.unrouted(unit.lord, TROOPS)) == 1
    return TABLES.forces[unit.kind].protection > 1 or unit.kind == "retinue" or last_troop


def protection(battle: Field, unit: Unit, step: str) -> int:
    """The top of the unit's Protection range in this Strike step (4.4.2 Protection): the Forces
    table's value, raised by Church Blessing (L5), Montagu (L23), Barricades at a Friendly
    Stronghold (Y9) and Piquiers until three of the Lord's pikes have Routed (L34); set by Barded
    Horse for each step (L27); then lowered for Men-at-Arms against Missiles by Chevaliers (L36).
    Montagu acts while Warwick keeps the Special Vassal Montagu on his mat, Routed or not."""
    lord = battle.lords[unit.lord]
    value = TABLES.forces[unit.kind].protection
    for card in lord.capabilities:
        if not TABLES.works(card, lord.vassals):
            continue
        value = max(value, TABLES.armour_cards.get(card, {}).get(unit.kind, 0))
        if battle.start.favour == battle.side_of[unit.lord]:
            value = max(value, TABLES.armour_at_friendly_cards.get(card, {}).get(unit.kind, 0))
        pikes = TABLES.piquiers_cards.get(card)
        if pikes and unit.kind in pikes["kinds"]:
            routed = sum(1 for u in battle.units[unit.lord] if u.routed and u.kind in pikes["kinds"])
            if routed < pikes["until_routed"]:
                value = max(value, pikes["protection"])
    for card in lord.capabilities:
        value = TABLES.armour_by_strike_cards.get(card, {}).get(step, {}).get(unit.kind, value)
        if step == "missile":
            value += TABLES.missile_armour_change_cards.get(card, {}).get(unit.kind, 0)
    return value


def lord_rout(battle: Field) -> None:
    """4.4.2 Lord Rout: after all Strikes, a Lord Routs if his Retinue has Routed or he has no
    Unrouted Troops left (a Lord with no Troops at all counts as having none left)."""
    for side in (battle.defender, battle.attacker):
        for lord in battle.arrayed(side):
            if not battle.unrouted(lord, ("retinue",)) or not battle.unrouted(lord, TROOPS):
                battle.routed.add(lord)
                battle.log("lord rout", side, lord=lord)
