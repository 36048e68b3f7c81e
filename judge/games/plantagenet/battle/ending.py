"""Ending the Battle (4.4.3): the winner, Influence, spoils, Losses, Death checks and Disband, and
the Aftermath's discards (4.4.4), as each Lord's ``LordAftermath``.
"""

from __future__ import annotations

from collections import Counter

from .field import Field
from .model import TROOPS, BattleResult, LordAftermath
from .tables import TABLES

DEATH_EVENTS = {"Y3": "exiled", "Y9": "exiled", "L3": "exiled", "L16": "moved", "L36": "disbanded"}
"""Held Events played upon Death checks and what they do instead of the roll: Escape Ship (Y3,
Y9, L3) with a Route to a Port, Warden of the Marches (L16) in the North, Talbot to the Rescue
(L36)."""


def end(battle: Field) -> BattleResult:
    """4.4.3: only one side with Unrouted Lords wins; none, both lose. Then Influence, spoils,
    Losses, Death checks and Disband, each in the rulebook's order. An Unrouted Lord left with no
    Troops once Losses are rolled and the Troops added for this Battle have gone Disbands (4.4.3
    Losses; 1.6, a Lord without Troops outside Battle)."""
    standing = [side for side in (battle.defender, battle.attacker) if battle.arrayed(side)]
    winner = standing[0] if len(standing) == 1 else None
    if winner is not None:
        battle.log("winner", winner)
    else:
        for side in (battle.defender, battle.attacker):
            battle.log("both lose", side)
    fates: dict[str, str] = {}
    troops_left: dict[str, Counter[str]] = {}
    lost: dict[str, Counter[str]] = {}
    assets = {n: [lord.carts, lord.provender] for n, lord in battle.lords.items()}
    if winner is not None:
        loser = battle.enemy(winner)
        _influence(battle, winner, loser)
        _spoils(battle, winner, loser, assets)
    for name in battle.lords:
        if name in battle.gone:
            fates[name] = "disbanded"
        elif name not in battle.routed:
            fates[name] = "fought"
            troops_left[name], lost[name] = _losses(battle, name)
            if not troops_left[name]:
                fates[name] = "disbanded"
                battle.log("disband", battle.side_of[name], lord=name, outcome="no Troops")
    _death_checks(battle, winner, fates)
    for name, fate in fates.items():
        if fate == "moved":
            troops_left[name], lost[name] = _kept_by_mover(battle, name)
            if not troops_left[name]:
                fates[name] = "disbanded"
                battle.log("disband", battle.side_of[name], lord=name, outcome="no Troops")
    return _result(battle, winner, fates, troops_left, lost, assets)


def _kept_by_mover(battle: Field, name: str) -> tuple[Counter[str], Counter[str]]:
    """Warden of the Marches (L16): a Routed Lord who moves keeps his Unrouted Troops; his Routed
    ones go back to the pool (the Losses roll is for Unrouted Lords only, 4.4.3)."""
    kept: Counter[str] = Counter()
    lost: Counter[str] = Counter()
    for unit in battle.units[name]:
        if unit.kind in TROOPS and not unit.temporary:
            (lost if unit.routed else kept)[unit.kind] += 1
    return kept, lost


def _influence(battle: Field, winner: str, loser: str) -> None:
    """4.4.3 Influence: the winner gains the printed Influence ratings of the defeated side's Lords
    who fought, plus one per Vassal on their mats."""
    gained = sum(
        lord.influence + sum(1 for unit in battle.units[lord.name] if unit.kind == "vassal")
        for lord in battle.battle_side(loser).lords
        if lord.name not in battle.gone
    )
    battle.influence[winner] += gained
    battle.log("influence", winner, amount=gained)


def _spoils(battle: Field, winner: str, loser: str, assets: dict[str, list[int]]) -> None:
    """4.4.3 Spoils: at a Stronghold Favouring the winner, all the losers' Carts and Provender;
    at a Neutral one, half of each total, rounded up; at the losers' own, nothing. The winners'
    Unrouted Lords take them in turn, in ``spoils_to`` order. A Lord Disbanded by Suspicion before
    the fighting took his Assets with him."""
    if battle.start.favour == loser:
        return
    takers = [n for n in battle.order(winner, battle.orders.of(winner).spoils_to or battle.orders.of(winner).array)
              if n not in battle.routed and n not in battle.gone]
    if not takers:
        return
    losers = [lord.name for lord in battle.battle_side(loser).lords if lord.name not in battle.gone]
    for index, asset in enumerate(("carts", "provender")):
        total = sum(assets[name][index] for name in losers)
        for name in losers:
            assets[name][index] = 0
        taken = total if battle.start.favour == winner else (total + 1) // 2
        for count in range(taken):
            assets[takers[count % len(takers)]][index] += 1
        battle.log("spoils", winner, unit=asset, amount=taken)


def _losses(battle: Field, name: str) -> tuple[Counter[str], Counter[str]]:
    """4.4.3 Losses: each Routed Troop of an Unrouted Lord rolls its inherent Protection; a roll
    within it returns, a failure is Lost to the pool. Troops a Capability added for this Battle
    leave with it and are not rolled for. Returns the Troops left on the mat and those Lost."""
    side = battle.side_of[name]
    left: Counter[str] = Counter()
    lost: Counter[str] = Counter()
    for unit in battle.units[name]:
        if unit.kind not in TROOPS or unit.temporary:
            continue
        if unit.routed:
            target = TABLES.forces[unit.kind].protection
            die = battle.die()
            kept = die <= target
            battle.log("losses", side, lord=name, unit=unit.kind, die=die, target=target,
                       outcome="returns" if kept else "lost")
            if not kept:
                lost[unit.kind] += 1
                continue
        left[unit.kind] += 1
    return left, lost


def _death_checks(battle: Field, winner: str | None, fates: dict[str, str]) -> None:
    """4.4.3 Death Check. Bloody thou art (Y33): when the Yorkists win a Battle with Richard III
    holding it, there are no Death checks and no Events upon them: Routed Lancastrians Die,
    Routed Yorkists Disband. Otherwise first the Held Events that replace the roll, Defenders
    then Attackers, for the Routed Lords of the side its play names (all, by default); then each side, Defenders first, rolls
    for each other Routed Lord: 3-6 Dies, two less for a Lord who Fled. A scenario's rule may
    replace a Lord's check (``instead_of_death``): Ia's Capture of the King (6.0) only when his
    Enemy wins the Battle; when both sides lose, or his own side wins, he checks Death as any
    Lord."""
    routed = {side: [n for n in battle.order(side, battle.orders.of(side).array) if n in battle.routed]
              for side in (battle.defender, battle.attacker)}
    bloody = winner == "York" and any(
        lord.name == "Richard III" and "Y33" in lord.capabilities for lord in battle.battle_side("York").lords
    )
    for side in (battle.defender, battle.attacker):
        if bloody:
            for name in routed[side]:
                fates[name] = "dead" if side == "Lancaster" else "disbanded"
                battle.log("bloody thou art", side, lord=name, outcome=fates[name])
            continue
        for play in battle.orders.of(side).events:
            saved = [n for n in routed[side] if not play.lords or n in play.lords]
            if saved and _death_event_applies(battle, side, play.card):
                fate = DEATH_EVENTS[play.card]
                battle.discarded.append(play.card)
                battle.log("event", side, outcome=play.card)
                for name in saved:
                    fates[name] = fate
                    battle.log("death event", side, lord=name, outcome=fate)
                routed[side] = [n for n in routed[side] if n not in saved]
    if bloody:
        return
    for side in (battle.defender, battle.attacker):
        for name in routed[side]:
            instead = battle.start.instead_of_death.get(name)
            if instead == "captured" and winner != battle.enemy(side):
                instead = None  # Ia, Capture of the King: only when the Enemy wins the Battle
            if instead is not None:
                fates[name] = "exiled" if instead == "exile" else "disbanded"
                battle.log("death check", side, lord=name, outcome="captured" if instead == "captured" else fates[name])
            else:
                die = battle.die()
                modified = die + (TABLES.fled_modifier if name in battle.fled else 0)
                fates[name] = "dead" if modified >= TABLES.dies_from else "disbanded"
                battle.log("death check", side, lord=name, die=die, target=TABLES.dies_from,
                           outcome=fates[name])


def _death_event_applies(battle: Field, side: str, card: str) -> bool:
    """Whether the side may play this Held Event upon Death checks: it holds it and the card's
    condition holds (Escape Ship: a Route to a Port; Warden of the Marches: a
    Battle in the North with a Friendly Stronghold there to go to)."""
    facts = battle.battle_side(side)
    if card not in DEATH_EVENTS or card not in facts.held_events:
        return False
    if DEATH_EVENTS[card] == "exiled":
        return facts.route_to_port
    if card == "L16":
        return battle.start.area == "North" and facts.refuge_in_north
    return True


def _result(
    battle: Field,
    winner: str | None,
    fates: dict[str, str],
    troops_left: dict[str, Counter[str]],
    lost: dict[str, Counter[str]],
    assets: dict[str, list[int]],
) -> BattleResult:
    """Each Lord's aftermath (4.4.3 Disband: Routed Vassals Disband, and all those of a Lord who
    leaves; Cards: a Disbanded Special Vassal's Capability is discarded from a Lord who stays) and
    the Held Events used, discarded (4.4.4)."""
    lords = []
    for name, lord in battle.lords.items():
        stays = fates[name] in ("fought", "moved")
        on_mat = [u for u in battle.units[name] if u.kind == "vassal"]
        vassals = tuple(u.label for u in on_mat if not u.routed) if stays else ()
        gone_vassals = tuple(u.label for u in on_mat if u.routed or not stays)
        if stays:
            battle.discarded += [TABLES.special_vassals[v] for v in gone_vassals if v in TABLES.special_vassals]
        lords.append(LordAftermath(
            name=name,
            side=battle.side_of[name],
            fate=fates[name],
            fled=name in battle.fled,
            troops=dict(sorted(troops_left.get(name, Counter()).items())),
            lost=dict(sorted(lost.get(name, Counter()).items())),
            vassals=vassals,
            vassals_disbanded=gone_vassals,
            vassals_levied=tuple(u.label for u in on_mat if u.label not in lord.vassals),
            carts=assets[name][0] if stays else 0,
            provender=assets[name][1] if stays else 0,
        ))
    for side in (battle.defender, battle.attacker):
        for play in battle.events[side]:
            if play.card not in battle.discarded:
                battle.discarded.append(play.card)
    return BattleResult(
        winner=winner,
        rounds=battle.round,
        report=tuple(battle.report),
        lords=tuple(lords),
        influence=dict(battle.influence),
        discarded=tuple(battle.discarded),
    )
