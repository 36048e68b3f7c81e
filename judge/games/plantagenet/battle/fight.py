"""A Plantagenet Battle (4.4), fought as one pure function: ``fight(start, orders, rng)``.

The Battle Array (4.4.1), then Rounds of Flee, Reposition, Engage, Strike (Missiles then Melee)
and Lord Rout until a side has no Lord left (4.4.2), then the Ending (4.4.3) with the Aftermath's
discards (4.4.4). The input is never changed; every die comes from ``rng``, in the order the
report lists the rolls. The Arts of War cards that act in Battle are applied where their step is.
"""

from __future__ import annotations

from random import Random

from .ending import end
from .field import Engagement, Field, add_battle_troops, array, engage, reposition
from .model import TROOPS, BattleOrders, BattleResult, BattleStart, EventPlay
from .orders import BATTLE_EVENTS, EXTRA_RATING, usable
from .strike import RoundEnds, lord_rout, protection, strike
from .tables import TABLES


def fight(start: BattleStart, orders: BattleOrders, rng: Random) -> BattleResult:
    """Fights the Battle to its end and says what happened (4.4). Orders that cannot apply to
    this Battle (``order_problems``) are dropped and their defaults stand."""
    battle = Field(start, usable(start, orders), rng)
    add_battle_troops(battle)
    array(battle)
    play_events(battle)
    while not _over(battle):
        battle.round += 1
        flee(battle)
        if _over(battle):
            break
        reposition(battle)
        ravine = _ravine_targets(battle)
        engagements = engage(battle, ravine)
        engagements = _vanguard(battle, engagements)
        try:
            for engagement in engagements:
                strike(battle, engagement, "missile", _culverins(battle, engagement))
                strike(battle, engagement, "melee", _caltrops(battle, engagement))
        except RoundEnds:
            pass
        regroup(battle)
        lord_rout(battle)
    return end(battle)


def _over(battle: Field) -> bool:
    """4.4.2 New Round: the Battle goes on while each side has a Lord in the Array."""
    return not battle.arrayed(battle.defender) or not battle.arrayed(battle.attacker)


def play_events(battle: Field) -> None:
    """4.4.1 Events: the Defenders then the Attackers play the Held Events their orders name.
    Suspicion (L5, Y5) and For trust not him (L7) are resolved at once, and played only when they
    have a target; the others act at their step."""
    for side in (battle.defender, battle.attacker):
        for play in battle.orders.of(side).events:
            if play.card not in BATTLE_EVENTS or battle.played(side, play.card):
                continue
            if play.card in ("L5", "Y5"):
                suspicion(battle, side, play)
            elif play.card == TABLES.for_trust_not_him["card"]:
                for_trust_not_him(battle, side, play)
            else:
                _play(battle, side, play)


def _play(battle: Field, side: str, play: EventPlay) -> None:
    """The side plays a Held Event in this Battle: it is used (and discarded at the end, 4.4.4)."""
    battle.events[side].append(play)
    battle.log("event", side, lord=play.lord or play.target, outcome=play.card)


def suspicion(battle: Field, side: str, play: EventPlay) -> None:
    """Suspicion (L5, Y5): one of the side's Lords in the Battle checks Influence (1.4.2) against
    an Enemy Lord with a lower printed Influence rating (errata: printed ratings); success
    Disbands the Enemy Lord. Not played when no Enemy Lord rates lower. By default the Lord with
    the highest rating checks, against the lower-rated Enemy Lord with most units."""
    mine = [battle.lords[n] for n in battle.arrayed(side)]
    lord = next((one for one in mine if one.name == play.lord), None) or max(
        mine, key=lambda one: one.influence, default=None
    )
    if lord is None:
        return
    enemy = battle.enemy(side)
    lower = [battle.lords[n] for n in battle.arrayed(enemy) if battle.lords[n].influence < lord.influence]
    target = next((t for t in lower if t.name == play.target), None) or max(
        lower, key=lambda t: len(battle.units[t.name]), default=None
    )
    if target is None:
        return
    _play(battle, side, play)
    if check_influence(battle, side, lord.name, lord.influence, play.extra):
        battle.gone.add(target.name)
        battle.log("disband", enemy, lord=target.name, outcome="suspicion")


def check_influence(battle: Field, side: str, lord: str, rating: int, extra: int) -> bool:
    """1.4.2 Check Influence: the side spends one Influence point, and the ``extra`` ones its play
    adds (one for +1 to the rating, three for +2), and rolls; a roll at or under the rating
    succeeds, a 1 always, a 6 never."""
    battle.influence[side] -= 1 + extra
    rating += EXTRA_RATING.get(extra, 0)
    die = battle.die()
    success = die == 1 or (die != 6 and die <= rating)
    battle.log("influence check", side, lord=lord, die=die, target=rating,
               outcome="success" if success else "failure")
    return success


def for_trust_not_him(battle: Field, side: str, play: EventPlay) -> None:
    """For trust not him (L7): one of the side's Lords in the Battle tries to Levy a regular Enemy
    Vassal there onto his own mat (3.4.3: an Influence check, his rating raised or lowered by the
    Vassal's Loyalty); on success the Vassal fights for him from now on. Vassals of a Lord with
    Alice Montagu (Y17) are immune; with no Vassal to try for, it is not played. By default the
    side's Lord with the highest Influence tries for the Vassal whose Loyalty favours his side
    most."""
    sign = 1 if side == "York" else -1
    immune = TABLES.for_trust_not_him["immune_with"]
    enemy = battle.enemy(side)
    targets = [
        unit for name in battle.arrayed(enemy) if immune not in battle.lords[name].capabilities
        for unit in battle.units[name] if unit.kind == "vassal" and unit.name in TABLES.regular_vassals
    ]
    mine = battle.arrayed(side)
    lord = play.lord if play.lord in mine else max(mine, key=lambda n: battle.lords[n].influence, default=None)
    target = next((u for u in targets if u.name == play.target), None) or max(
        targets, key=lambda u: sign * TABLES.regular_vassals[u.label], default=None
    )
    if lord is None or target is None:
        return
    _play(battle, side, play)
    rating = battle.lords[lord].influence + sign * TABLES.regular_vassals[target.label]
    if check_influence(battle, side, lord, rating, play.extra):
        battle.units[target.lord].remove(target)
        battle.log("vassal levied", side, lord=lord, unit=target.label, outcome=target.lord)
        target.lord = lord
        battle.units[lord].append(target)


def flee(battle: Field) -> None:
    """4.4.2 Flee: at the start of each Round the Defenders then the Attackers say which Lords Flee
    (by standing order: from a given Round, or once too few of their Troops are left); they Rout
    at once, and check Death at two less (4.4.3)."""
    for side in (battle.defender, battle.attacker):
        orders = battle.orders.of(side)
        for lord in battle.arrayed(side):
            left = len(battle.unrouted(lord, TROOPS))
            if orders.flee.get(lord, battle.round + 1) <= battle.round or left < orders.flee_below.get(lord, 0):
                battle.fled.add(lord)
                battle.routed.add(lord)
                battle.log("flee", side, lord=lord)


def _ravine_targets(battle: Field) -> set[str]:
    """Ravine (L12): the Enemy Lord it is played on takes no part in Engage or Strike in Round 1;
    by default the Enemy's Front center Lord."""
    if battle.round != 1:
        return set()
    targets = set()
    for side in (battle.defender, battle.attacker):
        play = battle.played(side, "L12")
        if play is not None:
            enemy = battle.enemy(side)
            target = play.target if play.target in battle.arrayed(enemy) else battle.front[enemy].get("center")
            if target is not None:
                targets.add(target)
                battle.log("ravine", side, lord=target)
    return targets


def _vanguard(battle: Field, engagements: list[Engagement]) -> list[Engagement]:
    """Vanguard (Y36 Capability): in Round 1 a Lord with it may make his Engagement the only one."""
    if battle.round != 1:
        return engagements
    for engagement in engagements:
        for side, lords in engagement.lords.items():
            for lord in lords:
                if "Y36" in battle.lords[lord].capabilities and battle.orders.of(side).vanguard:
                    battle.log("vanguard", side, lord=lord)
                    return [engagement]
    return engagements


def _culverins(battle: Field, engagement: Engagement) -> dict[str, int]:
    """Culverins and Falconets (L1, L2, Y1, Y2 Capabilities): in Round 1 each Lord with one, in an
    Engagement that is fought, discards it to add a die of Missile Hits to his side there, rolled
    at its Missile step, Defenders first; two dice for the Yorkists after Patrick de la Mote (Y37
    Event). Returns the extra Missile Hits by side."""
    extra: dict[str, int] = {}
    if battle.round != 1:
        return extra
    for side in (battle.defender, battle.attacker):
        if not battle.orders.of(side).culverins:
            continue
        for lord in engagement.lords[side]:
            for card in TABLES.culverins_cards:
                if card in battle.lords[lord].capabilities:
                    dice = TABLES.culverins_dice
                    if side == "York" and battle.played(side, TABLES.patrick_de_la_mote["card"]):
                        dice = TABLES.patrick_de_la_mote["dice"]
                    for _ in range(dice):
                        die = battle.die()
                        battle.log("culverins", side, lord=lord, die=die)
                        extra[side] = extra.get(side, 0) + die
                    battle.discarded.append(card)
    return extra


def _caltrops(battle: Field, engagement: Engagement) -> dict[str, int]:
    """Caltrops (Y19 Event): two more Melee Hits each Round in the Engagement of the Lord it was
    played for (by default the side's Front center Lord)."""
    extra: dict[str, int] = {}
    for side, lords in engagement.lords.items():
        play = battle.played(side, TABLES.caltrops["card"])
        if play is None:
            continue
        lord = play.lord if play.lord in battle.arrayed(side) else battle.front[side].get("center")
        if lord in lords:
            extra[side] = TABLES.caltrops["melee_hits"]
    return extra


def regroup(battle: Field) -> None:
    """Regroup (Y30 Event): once, after the Strikes of a Round and before Lord Rout, a Yorkist Lord
    with Routed Troops and his Retinue standing rolls each Routed Troop against its Protection (as
    modified); those that succeed return. It is used in the first Round, from the one its play
    names (default 1), in which its Lord (default: the one with the most Routed Troops) can."""
    for side in (battle.defender, battle.attacker):
        play = battle.played(side, "Y30")
        if play is None or play.round > battle.round or "Y30" in battle.used:
            continue
        routed = {
            n: [u for u in battle.units[n] if u.routed and u.kind in TROOPS]
            for n in battle.arrayed(side)
            if battle.unrouted(n, ("retinue",)) and (play.lord is None or n == play.lord)
        }
        lord = max(routed, key=lambda n: len(routed[n]), default=None)
        if lord is None or not routed[lord]:
            continue
        battle.used.add("Y30")
        battle.log("regroup", side, lord=lord)
        for unit in routed[lord]:
            target = protection(battle, unit, "melee")
            die = battle.die()
            back = die <= target
            battle.log("regroup roll", side, lord=lord, unit=unit.label, die=die, target=target,
                       outcome="returns" if back else "stays routed")
            if back:
                unit.routed = False
