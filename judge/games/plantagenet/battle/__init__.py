"""A Plantagenet Battle (4.4) as one pure function, ``fight(start, orders, rng)``, and the values
it takes and gives. ``fight.py`` runs the Rounds; ``model.py`` holds the values, ``field.py`` the
Array and Engagements, ``strike.py`` the Hits and Protection, ``ending.py`` the Ending and
Aftermath, ``orders.py`` the sides' choices and the cards played, ``tables.py`` the numbers read
from ``battle.json``."""

from .fight import fight
from .model import (
    BattleLord,
    BattleOrders,
    BattleResult,
    BattleSide,
    BattleStart,
    Entry,
    EventPlay,
    HitsRule,
    LordAftermath,
    SideOrders,
    Units,
)
from .orders import order_problems, side_orders

__all__ = [
    "BattleLord", "BattleOrders", "BattleResult", "BattleSide", "BattleStart", "Entry", "EventPlay", "HitsRule",
    "LordAftermath", "SideOrders", "Units", "fight", "order_problems", "side_orders",
]
