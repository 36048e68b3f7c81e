"""The legal orders of a decision, as text the reader takes, and random choices among them for
playouts. Both try each candidate on a scratch copy of the position with the same functions
that resolve the phase (``actions``), so nothing listed can be refused."""

from __future__ import annotations

import copy
import functools
from random import Random
from collections.abc import Sequence
from typing import Any, Callable

from . import actions as act
from .action_phase import DEFECTED, apply_actions
from .actions import Budget, Refused, recruit_areas, turn_record
from .data import BOARD
from .names import block_name
from .orders import Order, read_players_orders
from .political import home_areas, must_go_home
from .state import State, at, copy_state, heirs, occupancy, on_board, side_of

ACTION_KEYWORDS = {
    "MOVE", "SEA", "RECRUIT", "MUSTER", "PLAGUE", "TREASON", "MAIN", "BATTLES", "RETREAT",
    "CHARGE", "NO TREACHERY", "TREACHERY", "REGROUP", "EXECUTE", "DONE",
}
POSITIONAL = ("MOVE", "SEA", "RECRUIT", "MUSTER", "PLAGUE")
"""The action orders that change the position the others are checked against."""
KEYWORDS: dict[str, set[str]] = {
    "cards": {"PLAY"},
    "redeal": {"REDEAL", "KEEP"},
    "redeal answer": {"REDEAL", "KEEP"},
    "actions 1": ACTION_KEYWORDS,
    "actions 2": ACTION_KEYWORDS,
    "political": {"HOME", "DONE"},
    "over": set(),
}


def home_refusal(state: State, side: str, order: Order) -> str | None:
    block = order.block or ""
    if block not in must_go_home(state, side):
        return f"{block_name(block)} does not go home: only heirs, nobles and church on the map do (8.3, 8.4)"
    options = home_areas(state, block)
    if order.areas[0] not in options:
        return f"{block_name(block)} may go home to {', '.join(options)} (8.3, 8.4)"
    return None


def points_left(state: State, side: str, canonical: list[str]) -> int:
    """Action points not yet spent by these orders (an event card: 0 once its event is used)."""
    scratch = copy_state(state)
    orders = read_players_orders(state, side, [t for t in canonical if t and t != "DONE"])
    _, refused, budget = apply_actions(scratch, side, orders)
    if budget.event is not None:
        used = any(r is None and o.keyword in ("MOVE", "SEA", "MUSTER", "PLAGUE") for o, r in zip(orders, refused))
        return 0 if used else 1
    return budget.card.ap - budget.spent()


def _scratch(state: State) -> State:
    """A copy of what a move changes (the blocks and the turn's record), cheaper than a deep
    copy of everything."""
    return {
        **state,
        "blocks": {k: dict(v) for k, v in state["blocks"].items()},
        "turn_record": copy.deepcopy(state["turn_record"]),
    }


Try = Callable[[State, str, Budget, Order], dict[str, Any]]
_TRIES: dict[str, Try] = {
    "MOVE": act.land_move, "SEA": act.sea_move, "RECRUIT": act.recruit,
    "MUSTER": act.muster, "PLAGUE": act.plague,
}


def _works(state: State, side: str, budget: Budget, order: Order) -> bool:
    try:
        _TRIES[order.keyword](_scratch(state), side, copy.deepcopy(budget), order)
    except Refused:
        return False
    return True


@functools.cache
def _moves(block: str, origin: str, longest: int) -> tuple[Order, ...]:
    """Every land move of a block from an area, one area to ``longest`` (5.2), by any path on
    the map that ends elsewhere; whether the position allows it is for ``land_move`` to say."""
    found: list[Order] = []
    frontier: list[tuple[str, ...]] = [()]
    for _ in range(longest):
        frontier = [p + (n,) for p in frontier for n in BOARD.neighbours[p[-1] if p else origin]]
        found += [Order("MOVE", block, p) for p in frontier if p[-1] != origin]
    return tuple(found)


@functools.cache
def _sea_moves(block: str, origin: str) -> tuple[Order, ...]:
    """Every sea move of a block from an area to another on one of its sea zones (5.3)."""
    return tuple(Order("SEA", block, (a,)) for a in BOARD.sea_reach[origin])


ALL_KINDS = ("MUSTER", "PLAGUE", "MOVE", "SEA", "RECRUIT")


def candidates(
    state: State, side: str, budget: Budget, kinds: tuple[str, ...] = ALL_KINDS
) -> list[Order]:
    """Every order of the ``kinds`` that could come next: the event's (a muster area first, the
    plague's area), else moves and sea moves (``MOVE`` for both) and recruits."""
    found: list[Order] = []
    event = budget.event
    if event == "muster" and budget.muster is None:
        if "MUSTER" not in kinds:
            return []
        return [Order("MUSTER", areas=(a,)) for a in BOARD.areas]
    if event == "plague":
        if "PLAGUE" not in kinds:
            return []
        return [Order("PLAGUE", areas=(a,)) for a, place in BOARD.areas.items() if place.city]
    moved = set(turn_record(state)["moved"])
    longest = 3 if event == "force_march" else 2
    moving, recruiting = "MOVE" in kinds, "RECRUIT" in kinds
    occupied = occupancy(state) if recruiting else {}
    for block, entry in state["blocks"].items():
        if entry.get("down") or block in moved or side_of(state, block) != side:
            continue
        where = str(entry["at"])
        if where in BOARD.areas:
            if moving:
                found += _moves(block, where, longest)
                found += _sea_moves(block, where)
        elif where == "pool" and recruiting:
            found += [_recruit(block, a) for a in recruit_areas(state, side, block, occupied)]
    return found


@functools.cache
def _recruit(block: str, area: str) -> Order:
    """A recruit order (5.4), made once."""
    return Order("RECRUIT", block, (area,))


def legal_orders(state: State, side: str, given: Any = ()) -> list[str]:
    """Every order the player could give next, after ``given`` (canonical texts)."""
    label = state["step"]["label"]
    if side not in state["step"]["powers"]:
        return []
    if label == "cards":
        return sorted({f"PLAY {BOARD.cards[n].name}" for n in state["cards"]["hands"][side]})
    if label.startswith("redeal"):
        return ["KEEP", "REDEAL"]
    if label == "political":
        return [
            f"HOME {block_name(b)} - {a}"
            for b in must_go_home(state, side)
            for a in home_areas(state, b)
        ] + ["DONE"]
    scratch = copy_state(state)
    orders = read_players_orders(state, side, given)
    _, _, budget = apply_actions(scratch, side, orders)
    found = [str(o) for o in candidates(scratch, side, budget) if _works(scratch, side, budget, o)]
    if budget.event == "treason":
        found += [str(o) for o in _treasons(scratch, side)]
    return found + [str(o) for o in _standing_choices(scratch, side)] + ["DONE"]


def _treasons(state: State, side: str) -> list[Order]:
    """The Treason card's roll, for a battle where the house may fight this turn: an area where
    its blocks stand (one it attacks, or one the enemy may attack), never an exile area (2.7)."""
    places = {at(state, b) for b in state["blocks"] if side_of(state, b) == side and on_board(state, b)}
    return [Order("TREASON", areas=(a,)) for a in sorted(places) if BOARD.areas[a].kind != "exile"]


def _standing_choices(state: State, side: str) -> list[Order]:
    """Standing battle orders that make sense now (6.1-6.9, 9.1)."""
    mine = [b for b in state["blocks"] if side_of(state, b) == side and on_board(state, b)]
    battles = turn_record(state)["battles"]
    found: list[Order] = [Order("NO TREACHERY"), *_retreats(None)]
    for block in mine:
        found += _retreats(block)
    found += [Order("CHARGE", h) for h in heirs(state, side)]
    if state.get("player1") == side:
        found += [Order("BATTLES", areas=(a,)) for a in battles]
    for area, battle in battles.items():
        if battle["attacker"] == side:
            mains = (Order("MAIN", areas=(area, _came_from(area, e["border"])))
                     for e in battle["entries"] if e["side"] == side)
            found += dict.fromkeys(mains)  # one a border, however many blocks crossed it
        for block in mine:
            if at(state, block) == area:
                found += _regroups(block, area)
    if state["blocks"][DEFECTED[side]]["at"] in BOARD.areas:
        found.append(Order("EXECUTE", DEFECTED[side]))
    return found


def _came_from(area: str, border: str) -> str:
    """Where blocks that entered a battle area across a border came from: the area on its
    other side, or ``sea``."""
    return "sea" if border == "sea" else next(a for a in border.split(" / ") if a != area)


@functools.cache
def _retreats(block: str | None) -> tuple[Order, ...]:
    """A block's retreat orders (6.6), or with None those of all blocks."""
    return tuple(Order("RETREAT", block, (), number=n) for n in (1, 2, 3))


@functools.cache
def _regroups(block: str, area: str) -> tuple[Order, ...]:
    """A block's regroup orders from a battle area (6.7)."""
    return tuple(Order("REGROUP", block, (n,)) for n in BOARD.neighbours[area])


def random_orders(state: State, side: str, rng: Random) -> list[str]:
    """Random orders for a playout, each possible after those before it."""
    label = state["step"]["label"]
    if label == "cards":
        return [f"PLAY {BOARD.cards[rng.choice(state['cards']['hands'][side])].name}"]
    if label.startswith("redeal"):
        return [rng.choice(["KEEP", "REDEAL"])]
    if label == "political":
        chosen = []
        for block in must_go_home(state, side):
            if rng.random() < 0.5:
                chosen.append(f"HOME {block_name(block)} - {rng.choice(home_areas(state, block))}")
        return chosen
    scratch = copy_state(state)
    _, _, budget = apply_actions(scratch, side, [])
    chosen_orders: list[Order] = []
    for kinds in (("MUSTER", "PLAGUE", "MOVE", "SEA"), ("RECRUIT",)):  # recruits after moves (1.2)
        options: list[Order] | None = None  # the choices, until an order changes the position
        for _ in range(30):
            if rng.random() < 0.1:
                break
            if options is None:
                options = candidates(scratch, side, budget, kinds)
            if not options:
                break
            order = rng.choice(options)
            try:
                _TRIES[order.keyword](scratch, side, budget, order)  # a refusal changes nothing
            except Refused:
                continue
            chosen_orders.append(order)
            options = None
    texts = [str(o) for o in chosen_orders]
    extras = _standing_choices(scratch, side)
    if budget.event == "treason":
        extras.append(Order("TREASON", areas=(rng.choice(sorted(BOARD.areas)),)))
    for order in extras:
        if rng.random() < 0.08:
            texts.append(str(order))
    return texts



def blocked_orders(refusals: Callable[[list[Order]], dict[str, str]], ordered: dict[str, Order],
                   taken: dict[str, Order], read: Sequence[object]) -> dict[int, str]:
    """The orders just read (``read``) refused for making one already ``taken`` impossible (a
    move out of the city a bombard was to be recruited in), the last written first, each taken
    out of ``ordered`` (slot -> order, the taken and the new) until every order taken stands:
    an accepted order is never dropped later. ``refusals``: why each of some orders is refused,
    by slot. Returns id(order) -> why."""
    fresh = [o for o in read if isinstance(o, Order) and ordered.get(o.slot) is o and o.keyword in POSITIONAL]
    if not taken or not fresh:
        return {}
    already = set(refusals(list(taken.values())))

    def broken(orders: dict[str, Order]) -> list[tuple[str, str]]:
        return [(slot, why) for slot, why in refusals(list(orders.values())).items()
                if slot in taken and slot not in already and orders.get(slot) is taken[slot]]

    blocked: dict[int, str] = {}
    now = broken(ordered)
    while now:
        for last in reversed(fresh):
            trial = {slot: o for slot, o in ordered.items() if slot != last.slot}
            if last.slot in taken:
                trial[last.slot] = taken[last.slot]
            if len(after := broken(trial)) < len(now):
                blocked[id(last)] = f"it would make {taken[now[0][0]]} impossible ({now[0][1]})"
                ordered.clear()
                ordered.update(trial)
                fresh.remove(last)
                now = after
                break
        else:
            break
    return blocked
