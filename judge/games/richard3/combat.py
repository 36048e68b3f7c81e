"""Fire in battle: firepower with the defender's benefits (2.2-2.6, 3.21-3.24), hits to the
strongest block (6.4), heir charges (6.5) and treachery rolls (6.9, 6.91).

``Battle`` holds what one battle needs while it is fought (it lives only inside a resolution;
the state keeps the blocks). Dice come only from the ``rng`` handed in.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from random import Random
from typing import Any

from .actions import shield_names
from .data import BOARD, other
from .losses import Events, lose_steps
from .state import State, at, blocks_in, crowned, heirs, king, side_of, strength

LANCASTER_OWN_SHIELDS = ("Exeter", "Somerset", "Richmond")  # 2.2: shields of named heirs


@dataclass
class Battle:
    area: str
    attacker: str
    defender: str
    player2: str
    reserves: dict[str, int] = field(default_factory=dict)  # block -> round it arrives
    late: set[str] = field(default_factory=set)  # arrived as reserves (6.2, the bombard)
    entered: dict[str, set[str]] = field(default_factory=dict)  # side -> borders it entered by
    by_sea: set[str] = field(default_factory=set)  # blocks that attacked by sea (Piracy)
    came_by: dict[str, str] = field(default_factory=dict)  # block -> border it entered by
    rolls_made: set[str] = field(default_factory=set)  # "York king", "Lancaster warwick", ...
    defected: set[str] = field(default_factory=set)  # 6.9: not to be rolled for again
    charged: set[str] = field(default_factory=set)
    retreat_crossings: dict[str, int] = field(default_factory=dict)
    round: int = 1

    def present(self, state: State, side: str) -> list[str]:
        """A side's blocks in the battle, reserves included."""
        return blocks_in(state, self.area, side)

    def active(self, state: State, side: str) -> list[str]:
        """A side's blocks that fight now: not in reserve (6.3)."""
        return [b for b in self.present(state, side) if self.reserves.get(b, 0) <= self.round]


def heir_shield(state: State, block: str, area: str) -> bool:
    """2.2: York heirs use any York shield; Lancaster heirs the Lancaster shields, their own, and
    those of a named heir who is dead."""
    kind = BOARD.blocks[block]
    shields = BOARD.areas[area].shields
    if kind.side == "York":
        return "York" in shields
    if "Lancaster" in shields or kind.name in shields:
        return True
    for name in LANCASTER_OWN_SHIELDS:
        owner = next(b for b in BOARD.blocks.values() if b.name == name and b.heir)
        if name in shields and state["blocks"][owner.id]["at"] == "dead":
            return True
    return False


def firepower(state: State, battle: Battle, block: str) -> int:
    """3.12 plus the defender's benefits: +1 at a noble's shield (2.2), a church's cathedral
    (2.5), a levy's city (2.4), for the Welsh in Wales (2.6); for heirs, +1 at a shield and +1
    at a crown for the King's side, only the senior heir present gaining each (2.2, 2.3)."""
    kind = BOARD.blocks[block]
    power = kind.firepower
    side = side_of(state, block)
    if side != battle.defender:
        return power
    area = BOARD.areas[battle.area]
    if kind.type == "noble" and any(s in area.shields for s in shield_names(block)):
        power += 1
    elif kind.type == "church" and area.cathedral == kind.home:
        power += 1
    elif kind.type == "levy" and area.city == kind.home:
        power += 1
    elif kind.name == "Welsh Mercenary" and area.wales:
        power += 1
    elif kind.heir is not None and kind.side == side:
        present = [h for h in heirs(state, side) if h in battle.active(state, side)]
        shielded = [h for h in present if heir_shield(state, h, battle.area)]
        if shielded and shielded[0] == block:
            power += 1
        if area.crown and side == king(state) and present and present[0] == block:
            power += 1
    return power


def roll(rng: Random, dice: int) -> list[int]:
    return [rng.randint(1, 6) for _ in range(dice)]


def _value(block: str) -> tuple[int, int]:
    """How much an owner minds losing a block, for choosing among the strongest (6.4): the
    judge spares heirs, the senior most, then nobles and church, and takes the rest first."""
    kind = BOARD.blocks[block]
    if kind.heir is not None:
        return (3, 10 - kind.heir)
    return ({"noble": 2, "church": 1}.get(kind.type, 0), 0)


def strongest(state: State, blocks: list[str]) -> str:
    """The block that takes hits (6.4): the highest strength; among equals, the owner's choice."""
    return max(blocks, key=lambda b: (strength(state, b), -_value(b)[0], -_value(b)[1], b))


def apply_hits(
    state: State, battle: Battle, side: str, hits: int, events: Events, cause: str
) -> list[list[Any]]:
    """6.4: hits on ``side``'s blocks, all on the strongest, the surplus on the next; when the
    fighting blocks are all gone the reserves deploy and take the rest (6.3)."""
    taken: list[list[Any]] = []
    while hits > 0:
        targets = battle.active(state, side) or deploy_reserves(state, battle, side, events)
        if not targets:
            break
        target = strongest(state, targets)
        done = lose_steps(state, target, hits, events, cause)
        taken.append([target, done])
        hits -= done
    deploy_reserves(state, battle, side, events)
    return taken


def deploy_reserves(state: State, battle: Battle, side: str, events: Events) -> list[str]:
    """6.3: once all of a side's fighting blocks are eliminated, its reserves deploy at once:
    they take hits from then on and fire from the next round. A defender whose round-1 blocks
    are all eliminated loses control: he is the attacker from then on (and so retreats in
    round 4, 6.2). The reserves deployed (none while a block of the side still fights)."""
    if battle.active(state, side):
        return []
    waiting = battle.present(state, side)
    for block in waiting:
        battle.reserves[block] = battle.round + 1
        battle.late.add(block)
    if waiting and battle.round == 1 and side == battle.defender:
        battle.attacker, battle.defender = battle.defender, battle.attacker
        events.append({"type": "control", "area": battle.area, "defender": battle.defender})
    return waiting


def fire(
    state: State, battle: Battle, block: str, rng: Random, events: Events, at_block: str | None = None
) -> None:
    """6.4: a block rolls its strength in dice, hitting on its firepower or less; a charge (6.5)
    fires at one named block, the surplus lost."""
    side = side_of(state, block)
    power = firepower(state, battle, block)
    dice = roll(rng, strength(state, block))
    hits = sum(1 for d in dice if d <= power)
    event: dict[str, Any] = {
        "type": "fire", "area": battle.area, "round": battle.round, "side": side,
        "block": block, "firepower": power, "dice": dice, "hits": hits,
        "rating": f"{BOARD.blocks[block].combat[0]}{power}",  # as the block shows it (3.12)
    }
    if at_block is not None:
        event["target"] = at_block
    events.append(event)
    if at_block is None:
        event["taken"] = apply_hits(state, battle, other(side), hits, events, "battle")
    else:
        event["taken"] = [[at_block, lose_steps(state, at_block, hits, events, "charge")]]
        deploy_reserves(state, battle, side_of(state, at_block), events)


def charge(state: State, battle: Battle, heir: str, target: str, rng: Random, events: Events) -> None:
    """6.5: the senior heir present fires at a named enemy block; if it survives it fires back
    once at him."""
    events.append({"type": "charge", "area": battle.area, "block": heir, "target": target})
    battle.charged.add(heir)
    fire(state, battle, heir, rng, events, at_block=target)
    if at(state, target) == battle.area and at(state, heir) == battle.area:
        fire(state, battle, target, rng, events, at_block=heir)


NOT_FOR_WARWICK = ("Northumberland", "Westmoreland")  # 6.91


def roles(state: State, battle: Battle, block: str) -> list[str]:
    """The treachery rolls a block may make (6.9): as King, as Pretender, as Warwick. A dead
    King's heir is not King before the next supply phase (6.81), and makes no King's roll."""
    side = side_of(state, block)
    found = []
    if crowned(state, side) == block:
        found.append("king" if side == king(state) else "pretender")
    if BOARD.blocks[block].name == "Warwick":
        found.append("warwick")
    return [r for r in found if f"{side} {r}" not in battle.rolls_made]


def loyalty(target: str, by_warwick: bool) -> int | None:
    """3.13, 6.91: the dice a treachery roll on a block takes; Kent and Salisbury take one when
    Warwick rolls."""
    kind = BOARD.blocks[target]
    if kind.name in ("Kent", "Salisbury") and by_warwick:
        return 1
    return kind.loyalty


def treachery_targets(state: State, battle: Battle, side: str, warwick: bool) -> list[str]:
    """Enemy blocks a treachery roll may try (6.9): fighting (not in reserve), with a loyalty,
    not the enemy King or Pretender (9.1; the heir of a King who died this turn is not yet King,
    6.81), not one that defected in this battle; Warwick never tries Northumberland or
    Westmoreland (6.91)."""
    enemy = other(side)
    return [
        b
        for b in battle.active(state, enemy)
        if BOARD.blocks[b].loyalty is not None
        and BOARD.blocks[b].twin is not None
        and b != crowned(state, enemy)
        and b not in battle.defected
        and BOARD.blocks[b].twin not in battle.defected
        and not (warwick and BOARD.blocks[b].name in NOT_FOR_WARWICK)
    ]


def treachery(
    state: State, battle: Battle, side: str, target: str, by_warwick: bool, rng: Random,
    events: Events, role: str, by: str | None = None,
) -> None:
    """6.9: roll the target's loyalty in dice; all even and it defects, at its strength, to the
    roller's reserve, fighting from the next round."""
    dice = roll(rng, loyalty(target, by_warwick) or 0)
    success = all(d % 2 == 0 for d in dice)
    events.append(
        {"type": "treachery", "area": battle.area, "round": battle.round, "side": side,
         "role": role, "target": target, "dice": dice, "defects": success,
         **({"by": by} if by else {})}
    )
    if not success:
        return
    twin = BOARD.blocks[target].twin
    assert twin is not None
    entry = state["blocks"][target]
    state["blocks"][twin] = {"at": battle.area, "strength": entry["strength"]}
    state["blocks"][target] = {"at": "out", "strength": 0}
    battle.reserves[twin] = battle.round + 1
    battle.late.add(twin)
    battle.defected.add(twin)
