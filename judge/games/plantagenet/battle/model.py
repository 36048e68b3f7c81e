"""What a Plantagenet Battle (4.4) takes in and gives back, as plain values.

A Battle is fought by ``battle.fight(start, orders, rng)``. ``BattleStart`` says who fights where:
each side's Lords with their ratings, Forces, Assets and Capabilities, the Held Events each side
may play, and the facts of the Locale that cards ask about. ``BattleOrders`` holds each side's
standing choices; every field has a default, documented in ``docs/variants/plantagenet-battle.md``,
so that a Battle never waits for a player. ``BattleResult`` tells every roll and its outcome, in
order, and what the Battle leaves behind (4.4.3-4.4.4). All of them serialise to JSON with
``dataclasses.asdict``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

FORCES = ("retinue", "vassal", "men_at_arms", "longbowmen", "militia", "burgundians", "mercenaries")
"""The Forces unit types (1.6); ``burgundians`` are the rulebook's Handgunners."""
TROOPS = ("men_at_arms", "longbowmen", "militia", "burgundians", "mercenaries")
"""The wooden Troops (1.6): a Lord whose Troops have all Routed Routs (4.4.2)."""
FRONT = ("center", "left", "right")
"""The Front positions of the Battle Array, in the order they are filled (4.4.1)."""
OPPOSITE = {"center": "center", "left": "right", "right": "left"}
"""The Front position across the field: one side's left faces the other's right (4.4.1)."""

DEFAULT_HIT_ORDER = ("vassal", "men_at_arms", "mercenaries", "burgundians", "militia", "longbowmen", "retinue")
"""The unit types in the order they take Hits unless a side orders otherwise (4.4.2, Apply Hits):
armoured units first, the Retinue (whose Rout Routs its Lord) last."""


@dataclass(frozen=True)
class BattleLord:
    """A Lord in the Battle: the ratings the Battle reads (1.5.2), the units on the mat (1.6), the
    Assets that may become spoils (1.7, 4.4.3) and the Capability cards at the mat (1.9.1).

    ``troops`` counts each Troop type; ``vassals`` names each Vassal counter. Every Lord has his
    Retinue. ``valour`` and ``influence`` are the printed ratings: the Capabilities that change
    Valour are applied here, from ``capabilities``."""

    name: str
    valour: int
    influence: int
    troops: dict[str, int] = field(default_factory=dict)
    vassals: tuple[str, ...] = ()
    capabilities: tuple[str, ...] = ()
    carts: int = 0
    provender: int = 0


@dataclass(frozen=True)
class BattleSide:
    """One side in a Battle: its Lords, the Held Events it holds (card ids; it plays those its
    orders name) and the facts about the map that cards ask (Y37, L33, Escape Ship, L16)."""

    side: str  # "York" or "Lancaster"
    lords: tuple[BattleLord, ...]
    held_events: tuple[str, ...] = ()
    route_to_port: bool = False  # a Route (4.5.1) to a Port: Escape Ship (Y3, Y9, L3)
    route_to_carlisle: bool = False  # Y37 Percy's North
    channel_port: bool = False  # the Locale is or is next to an English Channel Port: L33
    refuge_in_north: bool = False  # a Friendly Stronghold in the North to go to: L16


@dataclass(frozen=True)
class BattleStart:
    """A Battle about to be fought (4.4): where, who Attacks and who Defends.

    ``favour`` is the side whose Favour the Stronghold shows (None: Neutral), for spoils (4.4.3)
    and the cards that act at Friendly Strongholds. ``late`` names Lords who Array in Reserve and
    stay there until Round 2 (Ib, Norfolk is Late). ``instead_of_death`` maps a Lord to what a
    scenario rule does instead of his Death check: "captured" (Ia, Capture of the King: Henry VI
    Disbands if the Enemy wins the Battle, and checks Death otherwise, 6.0, 4.4.3) or "exile" (II,
    Edward IV while Margaret is off the map)."""

    locale: str
    area: str | None  # "North", "South", "Wales" or None
    favour: str | None
    attacker: BattleSide
    defender: BattleSide
    late: tuple[str, ...] = ()
    instead_of_death: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class EventPlay:
    """A Held Event a side plays in this Battle (4.4.1, Events), with the Lords it names: ``lord``
    is the side's own Lord it is played for, ``target`` the Enemy Lord (or Vassal, L7) it is
    played on. ``extra`` is what 1.4.2 lets a side add to an Influence check: one more point for
    +1 to the rating, or three for +2."""

    card: str
    lord: str | None = None
    target: str | None = None
    round: int = 1  # Regroup (Y30): the first Round it may be used in, after that Round's Strikes
    extra: int = 0  # Suspicion, For trust not him: Influence points added to the check (0, 1 or 3)
    lords: tuple[str, ...] = ()  # Events upon Death checks: the Routed Lords it saves (default all)


@dataclass(frozen=True)
class Units:
    """The units a Battle order names (4.4.2): a Forces type (``kind``), a Lord's units
    (``lord``), a Lord's units of one type (both), or one Vassal (``kind`` "vassal" and its
    ``name``)."""

    lord: str | None = None
    kind: str | None = None
    name: str | None = None

    def holds(self, lord: str, kind: str, name: str | None) -> bool:
        """Whether a unit of that Lord, type and name is one of these."""
        return ((self.lord is None or self.lord == lord) and (self.kind is None or self.kind == kind)
                and (self.name is None or self.name == name))


@dataclass(frozen=True)
class HitsRule:
    """Which units take Hits first (4.4.2 Apply Hits): those of ``units``, in turn, for the Hits
    of one Strike step (``step`` "missile" or "melee"; None: both) in one Round (``round``; 0:
    every Round)."""

    units: tuple[Units, ...]
    step: str | None = None
    round: int = 0


@dataclass(frozen=True)
class SideOrders:
    """One side's standing choices for a Battle; each missing one has its default.

    - ``array``: the Lords in the order they take Front center, then the flanks, then Reserve
      (4.4.1); default: the order of ``BattleSide.lords``.
    - ``flank``: the flank a second Front Lord takes when only one flank is filled: "left".
    - ``flee``: Lord -> the Round at whose start he Flees (4.4.2); default: nobody Flees.
    - ``flee_below``: Lord -> he Flees at the start of a Round when fewer than that many of his
      Troops are left Unrouted (4.4.2); default: none.
    - ``center_from``: the flank that fills an empty Front center (4.4.2 Reposition): "left".
    - ``flank_target``: the Enemy flank a Front center Lord with no one opposite Engages: "left".
    - ``absorb``: the Lords in the order they absorb Hits (4.4.2 Missiles); default: ``array``.
    - ``hit_order``: the unit types in the order they take Hits: ``DEFAULT_HIT_ORDER``.
    - ``hits``: the rules that give Hits to named units before ``hit_order`` does, the one for
      this step and Round first, then the one for this Round, then for this step, then for the
      whole Battle (4.4.2 Apply Hits); default: none.
    - ``valour``: when Valour rerolls are spent: "armoured" (default: on armoured units and on a
      unit whose Rout would Rout its Lord), "always" or "never".
    - ``valour_units``: if any, Valour rerolls are spent on these units' failed rolls only, and
      ``valour`` is not read (4.4.2 Valour Rerolls).
    - ``events``: the Held Events played (4.4.1, 4.4.3); default: none.
    - ``culverins``: discard Culverins and Falconets at the start of Round 1 (L1, L2, Y1, Y2): yes.
    - ``spoils_to``: the Unrouted Lords that take spoils, in turn (4.4.3); default: ``array``.
    - ``vanguard``: a Lord with Vanguard (Y36) makes his the only Engagement of Round 1: no.
    - ``final_charge``: Richard III's Retinue takes a Hit for 3 more Melee Hits (Y32): no.
    - ``swift_maneuver``: end the Round when a Lancastrian Retinue Routs (Y36 Event): yes.
    - ``yeomen``: Rout a Men-at-Arms instead of a failed Retinue (L31): yes.
    """

    array: tuple[str, ...] = ()
    flank: str = "left"
    flee: dict[str, int] = field(default_factory=dict)
    flee_below: dict[str, int] = field(default_factory=dict)
    center_from: str = "left"
    flank_target: str = "left"
    absorb: tuple[str, ...] = ()
    hit_order: tuple[str, ...] = DEFAULT_HIT_ORDER
    hits: tuple[HitsRule, ...] = ()
    valour: str = "armoured"
    valour_units: tuple[Units, ...] = ()
    events: tuple[EventPlay, ...] = ()
    culverins: bool = True
    spoils_to: tuple[str, ...] = ()
    vanguard: bool = False
    final_charge: bool = False
    swift_maneuver: bool = True
    yeomen: bool = True


@dataclass(frozen=True)
class BattleOrders:
    """Both sides' standing choices, by side name ("York", "Lancaster")."""

    sides: dict[str, SideOrders] = field(default_factory=dict)

    def of(self, side: str) -> SideOrders:
        """The side's orders, or all the defaults."""
        found = self.sides.get(side)
        return found if found is not None else SideOrders()


@dataclass(frozen=True)
class Entry:
    """One step of the Battle's report, in the order it happened: an Array position, a Flee, a
    Strike's total Hits, each Protection and Valour roll, a unit's or Lord's Rout, a card played,
    a Losses or Death roll. ``die`` is the roll and ``target`` the highest roll that succeeds;
    ``amount`` counts what is not Hits (Influence points, spoils). Round 0 is the Array."""

    round: int
    step: str
    side: str
    lord: str | None = None
    unit: str | None = None
    hits: int | None = None
    die: int | None = None
    target: int | None = None
    outcome: str | None = None
    amount: int | None = None


@dataclass(frozen=True)
class LordAftermath:
    """What the Battle leaves of one Lord (4.4.3).

    ``fate`` is "fought" (Unrouted, stays), "disbanded" (3.2.4), "dead" (Disbands and leaves the
    game), "exiled" (Escape Ship, or a scenario rule: the caller applies Exile, 4.3.5) or "moved"
    (L16: the caller moves him to a Friendly Stronghold in the North). For a Lord who stays or
    moves, ``troops`` and ``vassals`` are what his mat holds after Losses (the Troops some
    Capabilities add for one Battle gone), ``carts`` and ``provender`` his Assets after spoils;
    ``lost`` counts the Troops that went back to the pool.
    ``vassals_disbanded`` names his Vassals that Disband (4.4.3), ``vassals_levied`` those Levied
    onto his mat during the Battle (L7: their Calendar marker goes where a newly Levied Vassal's
    does, 3.4.3), ``fled`` says he Fled."""

    name: str
    side: str
    fate: str
    fled: bool
    troops: dict[str, int]
    lost: dict[str, int]
    vassals: tuple[str, ...]
    vassals_disbanded: tuple[str, ...]
    vassals_levied: tuple[str, ...]
    carts: int
    provender: int


@dataclass(frozen=True)
class BattleResult:
    """A fought Battle: the winner (None when both sides lose, 4.4.3), the Rounds fought, the
    report, each Lord's aftermath, the Influence each side gains (4.4.3 Influence) or spends
    (cards), and the Arts of War cards discarded: Held Events used (4.4.4), Capabilities
    discarded by their own text and those of Special Vassals that Disbanded (4.4.3 Cards)."""

    winner: str | None
    rounds: int
    report: tuple[Entry, ...]
    lords: tuple[LordAftermath, ...]
    influence: dict[str, int]
    discarded: tuple[str, ...]
