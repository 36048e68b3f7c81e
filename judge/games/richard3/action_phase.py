"""One player's action phase as a whole (1.2, 5.0): his orders checked in turn against the
position they make, then kept as the standing orders his battles will follow (6.0)."""

from __future__ import annotations

from itertools import accumulate
from typing import Any, Callable

from .actions import Budget, Refused, land_move, muster, plague, recruit, sea_move, turn_record
from .data import BOARD, border_key
from .losses import lose_steps
from .orders import Order
from .state import State, blocks_in, side_of

EVENT_ORDERS = ("MUSTER", "PLAGUE", "TREASON")
STANDING = ("MAIN", "BATTLES", "RETREAT", "CHARGE", "NO TREACHERY", "TREACHERY", "REGROUP", "EXECUTE")
DEFECTED = {"York": "Exeter/Y", "Lancaster": "Clarence/L"}  # 9.1: the heirs a house may execute

Step = Callable[[State, str, Budget, Order], dict[str, Any]]
_STEPS: dict[str, Step] = {"MOVE": land_move, "SEA": sea_move, "RECRUIT": recruit}


def apply_actions(
    state: State, side: str, orders: list[Order]
) -> tuple[list[dict[str, Any]], list[str | None], Budget]:
    """Apply a player's orders to ``state`` (which the caller owns): the events, and for each
    order why it was refused, or None. Event orders come first, then moves and sea moves as
    written, then recruits (1.2), then the standing orders are checked and kept. A move or sea
    move leaves the points of the recruits written before it to them: the order refused for want
    of points is the one that overspends in the order written."""
    card = BOARD.cards[state["cards"]["played"][side]]
    budget = Budget(card)
    events: list[dict[str, Any]] = []
    refused: list[str | None] = [None] * len(orders)
    order_of = sorted(range(len(orders)), key=lambda i: _rank(orders[i].keyword))
    kept: list[dict[str, Any]] = []
    recruits_before = list(accumulate((o.keyword == "RECRUIT" for o in orders), initial=0))
    for index in order_of:
        order = orders[index]
        try:
            if order.keyword == "MUSTER":
                events.append(muster(state, side, budget, order))
            elif order.keyword == "PLAGUE":
                events.append(plague(state, side, budget, order))
                for block in blocks_in(state, order.areas[0]):  # named to its owner alone
                    events.append({"type": "plague loss", "side": side_of(state, block),
                                   "block": block, "area": order.areas[0], "hidden": ["block"]})
                    lose_steps(state, block, 1, events, "plague")
            elif order.keyword == "TREASON":
                if card.event != "treason":
                    raise Refused("TREASON needs the Treason card")
                kept.append(_keep(order))
            elif order.keyword in _STEPS:
                budget.reserved = recruits_before[index] if order.keyword != "RECRUIT" else 0
                events.append(_STEPS[order.keyword](state, side, budget, order))
            elif order.keyword in STANDING:
                _check_standing(state, side, order)
                kept.append(_keep(order))
            else:
                raise Refused(f"{order.keyword} is not an order for the action phase")
        except Refused as why:
            refused[index] = str(why)
    for event in events:  # a muster that drew no block says so (the Muster card)
        if event["type"] == "muster":
            event["moved"] = sum(1 for e in events
                                 if e["type"] == "move" and e["path"][-1] == event["area"])
    state["standing"][side] = kept
    return events, refused, budget


def _rank(keyword: str) -> int:
    if keyword in EVENT_ORDERS:
        return 0
    if keyword in ("MOVE", "SEA"):
        return 1
    if keyword == "RECRUIT":
        return 2
    return 3


def _keep(order: Order) -> dict[str, Any]:
    """An order as the state keeps it: its fields, the areas a list (plain JSON)."""
    return {**vars(order), "areas": list(order.areas)}


def kept_order(row: dict[str, Any]) -> Order:
    return Order(**{**row, "areas": tuple(row["areas"])})


def _check_standing(state: State, side: str, order: Order) -> None:
    """Standing orders are checked for what is known now; what they need at the battle (a
    block present, a retreat open) is seen to then."""
    if order.keyword == "MAIN":
        area, start = order.areas
        battle = turn_record(state)["battles"].get(area)
        if battle is None or battle["attacker"] != side:
            raise Refused(f"you attack no battle in {area} (6.3)")
        border = "sea" if start == "sea" else border_key(area, start)
        if border not in {e["border"] for e in battle["entries"] if e["side"] == side}:
            raise Refused(f"none of your blocks entered {area} from {start}")
        turn_record(state).setdefault("main", {}).setdefault(side, {})[area] = border
    elif order.keyword == "BATTLES" and state.get("player1") != side:
        raise Refused("player 1 chooses the order of the battles (6.1)")
    elif order.keyword == "EXECUTE" and order.block != DEFECTED[side]:
        raise Refused("only a defected Exeter or Clarence may be executed (9.1)")
