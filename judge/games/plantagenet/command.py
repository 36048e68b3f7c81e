"""Plan and Command (4.1-4.2): the Plan stacks, and one revealed Command card's actions carried
out in the order written, with the inactive side's standing orders answering Intercept and
Approach; then Feed (4.7)."""

from __future__ import annotations

from collections import Counter
from random import Random
from typing import Any

from . import actions, capabilities, held, march
from .data import BOARD, LORD_SIDE, other
from .fighting import give_battle
from .mat import Events, pay_or_feed
from .routes import parley_refusal, parley_targets
from .orders import Order
from .state import State, command_lords, exile_boxes_for, in_order, is_friendly, lords_at, lords_on_map, mats

PASS = "Pass"
PASS_CARDS = 4  # 1.9.2
LORD_CARDS = 3  # 1.9.2: three Command cards a Lord
COMMANDS = ("MARCH", "SAIL", "SUPPLY", "FORAGE", "TAX", "PARLEY", "PASS",  # 4.2.2
            "AGITATE", "MERCHANTS", "HERALDS",  # with Agitators (Y10), Merchants (L30), Heralds (L4)
            "EXILE")  # last: only with Exile Pact (Y8) in effect


def plan_size(state: State) -> int:
    """Cards in each Plan this Turn, by the Calendar box (4.1)."""
    return int(BOARD.calendar[state["box"]].plan)


def plan_refusal(state: State, side: str, plan: tuple[str, ...]) -> str | None:
    """4.1: a stack of exactly the Turn's number of cards from the side's Command deck: three
    cards a Lord of the scenario, four Pass cards (1.9.2)."""
    size = plan_size(state)
    if len(plan) != size:
        return f"a Plan has {size} cards this Turn (4.1), not {len(plan)}"
    count = Counter(plan)
    lords = command_lords(state, side)
    for card, times in count.items():
        if card == PASS:
            if times > PASS_CARDS:
                return f"there are only {PASS_CARDS} Pass cards (1.9.2)"
        elif card not in lords:
            return f"{card} is not a Lord of your side in this scenario (1.9.2)"
        elif times > LORD_CARDS:
            return f"{card} has only {LORD_CARDS} Command cards (1.9.2)"
    return None


def default_plan(state: State, side: str) -> tuple[str, ...]:
    """The Plan of a side that sends none: its Lords on the map in turn, then Pass cards, then
    the other Lords' cards (each of which is a Pass when revealed, 4.2.3)."""
    size = plan_size(state)
    cards = [lord for _ in range(LORD_CARDS) for lord in lords_on_map(state, side)]
    cards += [PASS] * PASS_CARDS
    cards += [lord for lord in command_lords(state, side) if lord not in cards for _ in range(LORD_CARDS)]
    return tuple(cards[:size])


class Card:
    """One Command card being carried out: its Lord, the actions left, the Group that last
    Marched or Sailed with him (4.3.1), whether a free second Highway is open (and to which Group,
    4.3.3), and whether Approach or Sail has ended it (4.2.1, 4.3.3, 4.3.5)."""

    def __init__(self, state: State, lord: str, own_standing: list[Order] | None = None) -> None:
        self.lord = lord
        self.own_standing = own_standing or []  # the active side's standing orders (FLEE)
        self.actions = capabilities.command(state, lord)
        self.left = self.actions
        self.free_highway = False
        self.group: tuple[str, ...] = ()  # the Lords who last Marched or Sailed with him (4.3.1)
        self.free_march = False  # Surprise Landing (L33): one March for no action
        self.ended = False

    def grouped(self, state: State, order: Order) -> Order:
        """A March or Sail with its Group: the Lords it names (``WITH``), none (``ALONE``), or, if
        it names none, the Group that Marched or Sailed with him last on this card, those still
        with him: a Group stays together until its Lord drops one (4.3.1)."""
        if order.verb not in ("MARCH", "SAIL") or order.group or order.what == "ALONE" or not self.group:
            return order
        here = state["lords"].get(self.lord, {}).get("at")
        return order._replace(group=tuple(f for f in self.group if state["lords"].get(f, {}).get("at") == here))

    def free(self, order: Order) -> bool:
        """Whether this March is the free second Highway (4.3.3): only the Lord or Group that took
        the first goes on, whole."""
        return self.free_highway and order.group == self.group

    def refusal(self, state: State, order: Order) -> str | None:
        """Why an order cannot be carried out now, or None: the card's limits, then whether
        its target is one the Command may reach."""
        return self.limits(state, self.grouped(state, order)) or target_refusal(state, self.lord, order)

    def limits(self, state: State, order: Order, fx: list[dict[str, Any]] | None = None) -> str | None:
        """What the card allows: actions left (4.2.1), March speed (4.3.3), Sail as a whole card
        with Ships enough (4.6.1), the Group (4.3.1) and Shaky Allies (II). ``fx``: the Lord's
        effects, if known (the random player tries many orders on one position). A March or Sail
        naming no Group is that of the Group with him (``grouped``)."""
        lord = self.lord
        if self.ended:
            return "the card's actions have ended (4.3.5, 4.6.1)"
        if "at" not in state["lords"][lord]:
            return f"{lord} is no longer on the map"
        here = state["lords"][lord]["at"]
        order = self.grouped(state, order)
        verb = order.verb
        if fx is None:
            fx = capabilities.effects(state, lord)
        if verb == "MARCH":
            way = self.way(state, here, order, fx)
            if way is None:
                return f"no Way from {here} to {order.target} (4.3.3)"
            if march.march_cost(way, self.actions, self.left, self.free(order)) is None and not (
                    self.free_march and way != "path"):
                return f"not enough actions to March by {way} (4.3.3)"
            if capabilities.flag(fx, "no_approach") and lords_at(state, order.target or "", other(BOARD.lords[lord].side)):
                return "no Approach for the rest of this Campaign (Parliament's Truce)"
        elif self.left < 1:
            return f"{lord} has no actions left (Command {self.actions}, 4.2.1)"
        if verb == "SAIL":
            if capabilities.flag(fx, "no_approach") and order.target in BOARD.locales and lords_at(
                    state, order.target or "", other(BOARD.lords[lord].side)):
                return "no Approach for the rest of this Campaign (Parliament's Truce)"
            if capabilities.flag(fx, "no_sail"):
                return "no Sail this Campaign (French Fleet, L21)"
            if self.left != self.actions and not capabilities.total(fx, "sail_actions"):
                return "Sail takes every action of a card (4.6.1)"
            if not march.can_sail(state, [lord, *order.group]):
                return "too few Ships: one per six Forces units (4.6.1)"
        if verb == "EXILE":
            return exile_pact_refusal(state, lord, order, fx)
        if verb == "HERALDS" and self.left != self.actions:
            return "Heralds takes the whole card (L4)"
        if verb == "PARLEY" and capabilities.flag(fx, "parley_whole_card") and self.left != self.actions:
            return "Parley takes the whole card this Campaign (New Act of Parliament, L10)"
        closed = next((e["closed_area"] for e in fx if "closed_area" in e), None) if fx else None
        if verb in ("MARCH", "SAIL") and closed and order.target in BOARD.areas[closed]:
            return f"no March or Sail into {order.target} this Campaign (Owain Glyndwr, Y25)"
        if verb in ("MARCH", "SAIL"):
            return march.group_refusal(state, lord, order.group) or march.shaky_allies_refusal(
                state, [lord, *order.group], order.target or "")
        return None

    def way(self, state: State, here: str, order: Order, fx: list[dict[str, Any]] | None = None) -> str | None:
        """The Way a March takes (4.3.3); a Road is a Highway to a Lord Marching alone with Yorkists
        Never Wait (Y11) or in Forced Marches (L8). ``fx``: the Lord's effects, if known."""
        way = BOARD.ways(here).get(order.target or "")
        if way == "road" and not order.group and capabilities.flag(
                capabilities.effects(state, self.lord) if fx is None else fx, "road_as_highway_alone"):
            return "highway"
        return way

    def approach_cancelled(self, state: State, to: str, standing: list[Order], events: Events) -> bool:
        """Whether the inactive side cancels a March or Sail that would Approach (4.3.5): by its
        Parliament's Truce (Y12, L20: it costs nothing) or King's Parley (L15: the card ends)."""
        if to not in BOARD.locales or not lords_at(state, to, other(BOARD.lords[self.lord].side)):
            return False  # Lords at Sea are not Approached (a Sea is no Locale)
        side = BOARD.lords[self.lord].side
        if march.truce(state, side, standing, events):
            return True
        self.ended = march.kings_parley(state, side, to, standing, events)
        return self.ended

    def blockaded(self, state: State, order: Order, rng: Random, events: Events) -> bool:
        """Naval Blockade (Y15): a Sail from or to a Port of a Sea where an Enemy Lord holding it
        stands at a Port, or a Supply drawn from a Port of that Sea by Ships, is cancelled unless
        the roll is 1-2; the action is spent (a Sail, the card). Whether it was cancelled."""
        seas = capabilities.blockaded_seas(state, other(BOARD.lords[self.lord].side))
        if not seas:
            return False
        here = state["lords"][self.lord]["at"]
        if order.verb == "SAIL":
            used = {BOARD.sea_of(here), BOARD.sea_of(order.target or "")}
        else:
            stronghold, port = actions.supply_sources(state, self.lord, order.target or "")
            used = {BOARD.locales[order.target or ""].sea} if port > stronghold else set()
        if not used & seas:
            return False
        roll = rng.randint(1, 6)
        cancelled = roll > 2
        events.append({"type": "blockade", "lord": self.lord, "roll": roll, "cancelled": cancelled})
        if cancelled:
            self.left = 0 if order.verb == "SAIL" else self.left - 1
            self.ended = self.ended or order.verb == "SAIL"
        return cancelled

    def carry_out(self, state: State, order: Order, standing: list[Order], rng: Random, events: Events) -> None:
        """Carry out an order ``refusal`` allowed."""
        lord = self.lord
        side = BOARD.lords[lord].side
        here = state["lords"][lord]["at"]
        order = self.grouped(state, order)
        verb = order.verb
        if verb == "MARCH":
            to = order.target or ""
            if self.approach_cancelled(state, to, standing, events):
                return
            way = self.way(state, here, order) or ""
            landing = self.free_march and way != "path"  # Surprise Landing (L33)
            cost = 0 if landing else march.march_cost(way, self.actions, self.left, self.free(order)) or 0
            self.free_highway = way == "highway" and (cost == 1 or landing)
            self.group = order.group
            self.free_march = False
            self.left -= cost
            group = [lord, *order.group]
            march.hauled(state, side, group, events)
            flank = march.intercept(state, side, to, standing, rng, events)
            march.move(state, group, to)
            events.append({"type": "march", "lords": group, "from": here, "to": to, "way": way})
            capabilities.burgundians(state, group, events)
            if lords_at(state, to, other(side)):
                if march.approach(state, side, to, group, standing, events, self.own_standing):
                    attacker = other(side) if flank else side  # Flank Attack (Y2, L2)
                    give_battle(state, attacker, to, rng, events, {side: self.own_standing, other(side): standing})
                self.ended = True
            else:
                held.supply_depot(state, lord, group, self.own_standing, events)
            return
        self.free_highway = False
        if verb == "SAIL":
            to = order.target or ""
            if self.approach_cancelled(state, to, standing, events) or self.blockaded(state, order, rng, events):
                return
            group = [lord, *order.group]
            self.group = order.group
            march.loaded(state, side, group, events)
            march.move(state, group, to)
            events.append({"type": "sail", "lords": group, "from": here, "to": to})
            capabilities.burgundians(state, group, events)
            quick = capabilities.bonus(state, lord, "sail_actions")  # Seamanship (Y6, L6)
            self.left = self.left - quick if quick else 0
            self.ended = not quick
            if to in BOARD.locales and lords_at(state, to, other(side)):  # High Admiral (L29)
                if march.approach(state, side, to, group, standing, events, self.own_standing):
                    give_battle(state, side, to, rng, events, {side: self.own_standing, other(side): standing})
                self.ended = True
                return
            held.supply_depot(state, lord, group, self.own_standing, events)
            if held.surprise_landing(state, lord, self.own_standing, events):
                self.ended, self.free_march = False, True
            return
        if verb == "EXILE":  # Exile Pact (Y8)
            self.left -= 1
            box = exile_pact_box(state, lord, order)
            state["lords"][lord]["at"] = box
            events.append({"type": "exile pact", "lord": lord, "from": here, "to": box})
            return
        if verb == "SUPPLY" and self.blockaded(state, order, rng, events):
            return
        self.left -= 1
        if verb == "PARLEY" and capabilities.has(state, lord, "parley_whole_card"):
            self.left = 0
        if verb == "SUPPLY":
            actions.supply(state, lord, order.target or "", events)
        elif verb == "FORAGE":
            actions.forage(state, lord, rng, events)
        elif verb == "TAX":
            actions.tax(state, lord, order.target or "", order.extra, rng, events)
        elif verb == "PARLEY":
            actions.parley(state, lord, order.target or "", order.extra, rng, events)
        elif verb == "AGITATE":
            actions.agitate(state, lord, order.target or "", events)
        elif verb == "MERCHANTS":
            actions.merchants(state, lord, order.extra, rng, events)
        elif verb == "HERALDS":
            actions.heralds(state, lord, order.target or "", order.extra, rng, events)
            self.left = 0
        else:
            events.append({"type": "pass", "lord": lord})


def command(state: State, lord: str, orders: list[Order], standing: list[Order], rng: Random,
            events: Events, own_standing: list[Order] | None = None,
            card: Card | None = None) -> list[tuple[Order, str]]:
    """A revealed Lord's card (4.2): his orders in turn, each refused that cannot be done (and
    costing nothing); then Feed (4.7). The orders refused. (``card``: the card to carry them out
    on, for a caller that asks what it has left after.)"""
    card = card or Card(state, lord, own_standing)
    refused = []
    for order in orders:
        why = card.refusal(state, order)
        if why:
            refused.append((order, why))
            continue
        card.carry_out(state, order, standing, rng, events)
    feed(state, events)
    return refused


def feed(state: State, events: Events) -> None:
    """4.7: at the end of each card, the Rebel's then the King's Lords marked Moved-Fought Feed
    their Troops (Pillage and Unfed Disband as for Pay), then the markers come off."""
    depot = state.pop("no_feed", [])  # Rebel Supply Depot (L28): their next Feed skipped
    if not any(mat["moved"] for _, mat in mats(state)):
        return
    for side in in_order(state):
        moved = [lord for lord, mat in mats(state) if mat["moved"] and LORD_SIDE[lord] == side and lord not in depot]
        pay_or_feed(state, moved, "provender", events, "unfed (4.7)")
    for _, mat in mats(state):
        mat["moved"] = False


def target_refusal(state: State, lord: str, order: Order) -> str | None:
    """Whether the Command reaches its target: a Sail destination (4.6.1), a Supply Source
    (4.5.1), a Locale to Forage (4.6.2), a Stronghold to Tax (4.6.3) or Parley (4.6.4)."""
    here = state["lords"][lord]["at"]
    verb = order.verb
    if verb == "SAIL" and order.target not in march.sail_places(state, lord):
        return f"{lord} cannot Sail from {here} to {order.target} (4.6.1)"
    if verb == "SUPPLY" and max(actions.supply_sources(state, lord, order.target or "")) == 0:
        return f"{order.target} cannot Supply {lord} (4.5.1)"
    if verb == "FORAGE" and not actions.forage_chance(state, lord):
        return f"{here} cannot be Foraged (4.6.2)"
    if verb == "TAX" and order.target not in actions.tax_targets(state, lord):
        return f"{lord} cannot Tax {order.target} (4.6.3)"
    if verb == "PARLEY":
        return parley_refusal(state, lord, order.target or "", campaign=True)
    if verb == "AGITATE" and order.target not in actions.agitate_targets(state, lord):
        return f"{lord} cannot Agitate {order.target}: Agitators (Y10), next to him, Neutral or Enemy, not Exhausted"
    if verb == "MERCHANTS" and not actions.merchants_places(state, lord):
        return f"{lord} has no Merchants (L30) or no Depleted or Exhausted Locale at or next to him"
    if verb == "HERALDS" and order.target not in actions.heralds_targets(state, lord):
        return (f"{lord} cannot send Heralds for {order.target} (L4: at a Port, for a Friendly Lord on the "
                "Calendar after next Turn)")
    if verb not in COMMANDS:
        return f"{verb} is not a Command (4.2.2)"
    return None


def exile_pact_box(state: State, lord: str, order: Order) -> str:
    """The Exile box an Exile Pact (Y8) order sends its Lord to: the one named, or the first
    Friendly one he may use (1.3.1, Allied Networks), "" if none."""
    boxes = [box for box in exile_boxes_for(state, lord) if is_friendly(state, box, BOARD.lords[lord].side)]
    if order.group:
        return order.group[0] if order.group[0] in boxes else ""
    return boxes[0] if boxes else ""


def exile_pact_refusal(state: State, lord: str, order: Order, fx: list[dict[str, Any]]) -> str | None:
    """Exile Pact (Y8): this Campaign a Yorkist Lord may use a Command action to go, with his mat
    and at no cost, to a Friendly Exile box (``EXILE <Lord> [TO <box>]``)."""
    if not capabilities.flag(fx, "exile_pact"):
        return "no Exile on Campaign without Exile Pact (Y8)"
    if order.target != lord:
        return f"only {lord}, whose card this is, may go into Exile"
    box = exile_pact_box(state, lord, order)
    if order.group and not box:
        return f"{order.group[0]} is not a Friendly Exile box {lord} may use (1.3.1)"
    if not box or box == state["lords"][lord]["at"]:
        return f"{lord} has no other Friendly Exile box to go to (1.3.1)"
    return None
