"""The battle phase (1.3, 6.0): every contested area fought out, round by round, with the
players' standing orders settling each choice the rules give them.

Each battle (6.1) in the order player 1 gave (``BATTLES``; the others by name). Up to four rounds
(6.2); in each, every block has a turn: the defender's A blocks, the attacker's A blocks, then B,
C and (the bombard after round 1) D. In its turn a block retreats if its owner said so (6.6:
``RETREAT ... AFTER ROUND n``; never in round 1; the attacker always in round 4), charges if it is
the senior heir and was told to (6.5), makes a treachery roll if it is the King, the Pretender or
Warwick and one is worth making (6.9), and otherwise fires (6.4). Then the victor regroups as
ordered (6.7).
"""

from __future__ import annotations

from random import Random

from .action_phase import kept_order
from .actions import main_border, turn_record
from .combat import (
    Battle, charge, fire, roles, treachery, treachery_targets, strongest, loyalty,
)
from .data import BOARD, border_key, other
from .losses import Events, eliminate
from .order_notes import used, why_not
from .orders import Order
from .state import State, at, side_of, status, strength


def standing(state: State, side: str, keyword: str) -> list[Order]:
    return [kept_order(row) for row in state["standing"][side] if row["keyword"] == keyword]


def fight_battles(state: State, rng: Random, events: Events) -> None:
    """6.1: the battles one by one, in player 1's order."""
    battles = turn_record(state)["battles"]
    player1 = state["player1"]
    wanted = [a for o in standing(state, player1, "BATTLES") for a in o.areas]
    order = [a for a in dict.fromkeys(wanted) if a in battles]
    order += sorted(a for a in battles if a not in order)
    for area in order:
        if status(state, area, "York") == "contested":
            fight(state, area, rng, events)


def _start(state: State, area: str) -> Battle:
    record = turn_record(state)["battles"][area]
    attacker = record["attacker"]
    battle = Battle(area, attacker, other(attacker), other(state["player1"]))
    main = main_border(state, area, attacker)
    for entry in record["entries"]:
        side = entry["side"]
        battle.entered.setdefault(side, set()).add(entry["border"])
        if at(state, entry["block"]) != area:
            continue
        if entry["border"] == "sea":
            battle.by_sea.add(entry["block"])
        battle.came_by[entry["block"]] = entry["border"]
        if side != attacker or entry["border"] != main:
            battle.reserves[entry["block"]] = 2
            battle.late.add(entry["block"])
    return battle


def fight(state: State, area: str, rng: Random, events: Events) -> None:
    battle = _start(state, area)
    events.append(
        {"type": "battle", "area": area, "attacker": battle.attacker,
         "blocks": {side: [[b, state["blocks"][b]["strength"], b in battle.reserves]
                           for b in battle.present(state, side)] for side in (battle.attacker, battle.defender)}}
    )
    _treason(state, battle, rng, events)
    for number in range(1, 5):
        battle.round = number
        for block in _turn_order(state, battle):
            if _over(state, battle):
                break
            if at(state, block) != area or battle.reserves.get(block, 0) > number:
                continue
            _turn(state, battle, block, rng, events)
        if _over(state, battle):
            break
    for block in battle.present(state, battle.attacker):  # 6.2: none stays past round 4
        if not _over(state, battle):
            _retreat(state, battle, block, None, events, forced=True)
    winner = next((s for s in ("York", "Lancaster") if battle.present(state, s)), None)
    events.append({"type": "battle won", "area": area, "winner": winner})
    if winner is not None:
        _regroup(state, battle, winner, events)


def _over(state: State, battle: Battle) -> bool:
    return not battle.present(state, battle.attacker) or not battle.present(state, battle.defender)


def _initiative(battle: Battle, block: str) -> str:
    """6.2: a bombard is A3 in round 1 unless it came as a reserve, D3 after."""
    kind = BOARD.blocks[block]
    if kind.type == "bombard":
        return "A" if battle.round == 1 and block not in battle.late else "D"
    return kind.initiative


def _turn_order(state: State, battle: Battle) -> list[str]:
    """6.2: by initiative, the defender before the attacker at each letter."""
    blocks = battle.present(state, battle.attacker) + battle.present(state, battle.defender)
    return sorted(
        blocks,
        key=lambda b: (_initiative(battle, b), side_of(state, b) != battle.defender),
    )


def _turn(state: State, battle: Battle, block: str, rng: Random, events: Events) -> None:
    side = side_of(state, block)
    if side == battle.attacker and battle.round == 4:
        _retreat(state, battle, block, _retreat_to(state, side, block), events, forced=True)
        return
    retreat = _wants_retreat(state, battle, side, block, battle.round) if battle.round > 1 else None
    if retreat is not None:
        if _retreat(state, battle, block, _retreat_to(state, side, block), events, forced=False):
            used(state, side, retreat)
            return
        why_not(state, side, retreat, f"{BOARD.blocks[block].name} had no open retreat (6.6)")
    enemy = battle.active(state, other(side))
    senior = block == _senior_present(state, battle, side)
    for order in standing(state, side, "CHARGE"):
        if order.block != block or block in battle.charged:
            continue
        if not senior:
            why_not(state, side, order, f"{BOARD.blocks[block].name} was not the senior heir in the battle (6.5)")
        elif enemy:
            target = order.target if order.target in enemy else strongest(state, enemy)
            used(state, side, order)
            charge(state, battle, block, target, rng, events)
            return
    for role in roles(state, battle, block):
        tried = _treachery_choice(state, battle, side, role == "warwick")
        if tried is not None:
            battle.rolls_made.add(f"{side} {role}")
            treachery(state, battle, side, tried, role == "warwick", rng, events, role, by=block)
            return
    fire(state, battle, block, rng, events)


def _senior_present(state: State, battle: Battle, side: str) -> str | None:
    present = set(battle.active(state, side))
    ranked = sorted(
        (b for b in present if BOARD.blocks[b].heir is not None and BOARD.blocks[b].side == side),
        key=lambda b: BOARD.blocks[b].heir or 0,
    )
    return ranked[0] if ranked else None


def _treachery_choice(state: State, battle: Battle, side: str, warwick: bool) -> str | None:
    """Whom a treachery roll tries (6.9): the block named by ``TREACHERY ON``, if it can be
    tried; otherwise, unless ``NO TREACHERY``, the strongest block that one die turns (loyalty
    1). None: the block fires instead."""
    if standing(state, side, "NO TREACHERY"):
        return None
    targets = treachery_targets(state, battle, side, warwick)
    for order in standing(state, side, "TREACHERY"):
        for target in targets:
            if BOARD.blocks[target].name == BOARD.blocks[order.target or ""].name:
                used(state, side, order)
                return target
        if at(state, order.target or "") == battle.area:
            why_not(state, side, order, f"{BOARD.blocks[order.target or ''].name} could not be tried (6.9)")
    easy = [t for t in targets if loyalty(t, warwick) == 1]
    return strongest(state, easy) if easy else None


def _treason(state: State, battle: Battle, rng: Random, events: Events) -> None:
    """The Treason card: one treachery roll in a battle before it begins, the King, Pretender or
    Warwick not needed."""
    for side in (battle.attacker, battle.defender):
        for order in standing(state, side, "TREASON"):
            if order.areas[0] != battle.area:
                continue
            if turn_record(state).get("treason_used"):
                why_not(state, side, order, "the Treason card was already used this turn")
                continue
            turn_record(state)["treason_used"] = True
            targets = treachery_targets(state, battle, side, warwick=False)
            named = [t for t in targets if order.target and BOARD.blocks[t].name == BOARD.blocks[order.target].name]
            choice = named or sorted(targets, key=lambda t: (loyalty(t, False) or 9, -state["blocks"][t]["strength"]))
            if choice:
                used(state, side, order)
                treachery(state, battle, side, choice[0], False, rng, events, "treason")
            else:
                why_not(state, side, order, f"no enemy block in {battle.area} could be tried (6.9)")


def _wants_retreat(state: State, battle: Battle, side: str, block: str, number: int) -> Order | None:
    """The RETREAT standing order that applies to the block in this round, if one does: its round
    is past, and its condition, if it has one, holds (``IF OUTNUMBERED``: ``outnumbered``). The
    block's own order, if it has one, is the player's choice for it: RETREAT ALL is for the
    blocks he gave none."""
    orders = standing(state, side, "RETREAT")
    own = [o for o in orders if o.block == block]
    for order in own or [o for o in orders if o.block is None]:
        if number <= (order.number or 0):
            continue
        if order.condition == "OUTNUMBERED" and not outnumbered(state, battle, side):
            why_not(state, side, order, "your blocks were never outnumbered when it could apply")
            continue
        return order
    if own:
        for order in orders:
            if order.block is None and number > (order.number or 0):
                why_not(state, side, order, "the blocks it could move had RETREAT orders of their own")
    return None


def outnumbered(state: State, battle: Battle, side: str) -> bool:
    """The judge's condition for a retreat (not the rules'): the enemy's blocks in the battle,
    reserves included, have more steps in all than the side's."""
    steps = {s: sum(strength(state, b) for b in battle.present(state, s)) for s in (side, other(side))}
    return steps[other(side)] > steps[side]


def _retreat_to(state: State, side: str, block: str) -> str | None:
    orders = [o for o in standing(state, side, "RETREAT") if o.block == block and o.areas]
    orders += [o for o in standing(state, side, "RETREAT") if o.block is None and o.areas]
    return orders[0].areas[0] if orders else None


def retreat_areas(state: State, battle: Battle, block: str) -> list[str]:
    """6.6: adjacent friendly or vacant areas, not across a border the enemy entered by (unless
    both sides crossed it and this is player 2), within the border's limit this round; blocks
    that attacked by sea with Piracy go back by sea to a friendly or vacant coastal area."""
    side = side_of(state, block)
    found = []
    if block in battle.by_sea:
        for name, area in BOARD.areas.items():
            if name != battle.area and BOARD.share_sea(battle.area, name) and _open(state, side, name):
                found.append(name)
        return found
    barred = battle.entered.get(other(side), set())
    own = battle.entered.get(side, set())
    for name in BOARD.neighbours[battle.area]:
        key = border_key(battle.area, name)
        if key in barred and not (key in own and side == battle.player2):
            continue
        border = BOARD.borders[key]
        if battle.retreat_crossings.get(f"{battle.round} {side} {key}", 0) >= border.limit:
            continue
        if _open(state, side, name):
            found.append(name)
    return found


def _open(state: State, side: str, area: str) -> bool:
    exile = BOARD.areas[area].exile_of
    return status(state, area, side) in ("friendly", "vacant") and exile in (None, side)


def _retreat(
    state: State, battle: Battle, block: str, wanted: str | None, events: Events, forced: bool
) -> bool:
    """Retreat a block (6.6); one that must and cannot is eliminated. Where to: as ordered
    (``RETREAT ... TO``), else back the way it came, else a friendly area, else the first open."""
    options = retreat_areas(state, battle, block)
    side = side_of(state, block)
    if not options:
        if forced:
            eliminate(state, block, events, "no retreat")
        return False
    came = [a for a in options if border_key(battle.area, a) in battle.came_by.get(block, ())]
    friendly = [a for a in options if status(state, a, side) == "friendly"]
    dest = wanted if wanted in options else (came or friendly or options)[0]
    if block not in battle.by_sea:
        key = f"{battle.round} {side} {border_key(battle.area, dest)}"
        battle.retreat_crossings[key] = battle.retreat_crossings.get(key, 0) + 1
    state["blocks"][block]["at"] = dest
    events.append({"type": "retreat", "area": battle.area, "round": battle.round, "side": side,
                   "block": block, "to": dest})
    return True


def _regroup(state: State, battle: Battle, side: str, events: Events) -> None:
    """6.7: the victor's blocks, reserves too, may move to adjacent friendly or vacant areas,
    border limits applying; Piracy attackers only by sea."""
    crossed: dict[str, int] = {}
    for order in standing(state, side, "REGROUP"):
        block, dest = order.block or "", order.areas[0]
        if at(state, block) != battle.area:
            continue
        if not _open(state, side, dest):
            why_not(state, side, order, f"{dest} was not friendly or vacant (6.7)")
            continue
        if block in battle.by_sea:
            if not BOARD.share_sea(battle.area, dest):
                why_not(state, side, order, f"{dest} is not on the sea {BOARD.blocks[block].name} came by (6.7)")
                continue
        else:
            border = BOARD.border(battle.area, dest)
            if border is None or crossed.get(border.key, 0) >= border.limit:
                why_not(state, side, order, f"the border to {dest} was full (6.7)")
                continue
            crossed[border.key] = crossed.get(border.key, 0) + 1
        used(state, side, order)
        state["blocks"][block]["at"] = dest
        events.append({"type": "regroup", "area": battle.area, "side": side, "block": block, "to": dest})
