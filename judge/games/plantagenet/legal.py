"""The orders a side may give now, and random ones for playouts.

Candidates are tried with the same ``refusal`` functions that resolution uses (one truth; a
Lord's Levy actions are listed at once by ``levy_options``, which a test holds equal to them), on
a scratch copy of the state where a sequence of actions is played out as it would be carried out
(with the player's own dice, so a later order may still be refused at resolution if an earlier
check rolls differently: it then costs nothing).
"""

from __future__ import annotations

from random import Random

from ..kind import GameKind
from . import actions, capabilities, held, march, muster, shortfall
from .battle.tables import TABLES
from .command import COMMANDS, LORD_CARDS, PASS, PASS_CARDS, Card, plan_size
from .data import BOARD, other
from .fighting import FLANK_ATTACKS
from .levy import vassals_due
from .orders import COMMENT, UNIT_NAMES, Order, read_standing
from .routes import friendly_places, parley_targets
from .state import (
    AT_SEAT, State, command_lords, copy_state, exile_boxes_for, exiles_ready, is_friendly, lords_at, lords_on_map,
    occupied, ready, scenario_of,
)
from .turns import active_lord, powers



def _extra(rng: Random | None) -> int:
    if rng is None:
        return 0
    return rng.choice((0, 0, 0, 0, 1, 1, 3))


def muster_candidates(state: State, side: str, lord: str, rng: Random | None = None) -> list[Order]:
    """Every Levy action a Lord might take now (3.4), before ``refusal`` sorts them; the Parleys
    are those ``parley_targets`` (which ``refusal`` asks too) allows."""
    found = [Order("LEVY", lord, what) for what in ("TROOPS", "CARTS", "SHIP")]
    if capabilities.has(state, lord, "array_commission"):  # Commission of Array (L12)
        found += [Order("LEVY", lord, "TROOPS", place) for place in BOARD.ways(state["lords"][lord]["at"])]
    found += [Order("LEVY", lord, "LORD", target, _extra(rng)) for target in ready(state, side)]
    found += [
        Order("LEVY", lord, "VASSAL", vassal, _extra(rng))
        for vassal, entry in state["vassals"].items() if entry == AT_SEAT
    ]
    deck = state["decks"][side]
    if deck:
        pick = rng.choice(deck) if rng else deck[0]
        found.append(Order("LEVY", lord, "CAPABILITY", pick))
    found += [Order("PARLEY", lord, target=t, extra=_extra(rng)) for t in parley_targets(state, lord)]
    return found




def command_candidates(state: State, lord: str, rng: Random | None = None,
                       verbs: tuple[str, ...] = COMMANDS) -> list[Order]:
    """Every Command of these kinds a Lord might take now (4.2.2), each target found by the
    function that ``target_refusal`` asks: only the card's ``limits`` remain to sort them."""
    side = BOARD.lords[lord].side
    here = state["lords"][lord]["at"]
    found = []
    if "MARCH" in verbs:
        friends = [f for f in lords_at(state, here, side) if f != lord]
        for to in BOARD.ways(here):
            group: tuple[str, ...] = ()
            if BOARD.lords[lord].ring and friends and rng is not None:
                group = tuple(f for f in friends if rng.random() < 0.5 and not (
                    BOARD.lords[lord].ring == "lieutenant" and BOARD.lords[f].ring == "marshal"))
            found.append(Order("MARCH", target=to, group=group))
    if "SAIL" in verbs:
        found += [Order("SAIL", target=to) for to in march.sail_places(state, lord)]
    if "SUPPLY" in verbs:
        found += [Order("SUPPLY", target=s) for s, amounts in actions.supply_options(state, lord).items() if max(amounts)]
    if "FORAGE" in verbs and actions.forage_chance(state, lord):
        found.append(Order("FORAGE"))
    if "TAX" in verbs:
        found += [Order("TAX", target=t, extra=_extra(rng)) for t in actions.tax_targets(state, lord)]
    if "PARLEY" in verbs:
        found += [Order("PARLEY", target=t, extra=_extra(rng)) for t in parley_targets(state, lord, campaign=True)]
    if "AGITATE" in verbs:
        found += [Order("AGITATE", target=t) for t in actions.agitate_targets(state, lord)]
    if "MERCHANTS" in verbs and actions.merchants_places(state, lord):
        found.append(Order("MERCHANTS", extra=_extra(rng)))
    if "HERALDS" in verbs:
        found += [Order("HERALDS", target=t, extra=_extra(rng)) for t in actions.heralds_targets(state, lord)]
    if "PASS" in verbs:
        found.append(Order("PASS"))
    if "EXILE" in verbs and capabilities.event_effects(state, lord, "exile_pact"):  # Exile Pact (Y8)
        found.append(Order("EXILE", target=lord))
    return found


def random_orders(game: GameKind, state: State, power: str, rng: Random) -> list[str]:
    """Random orders a side could give in the current step."""
    if power not in powers(state):
        return []
    name = state["step"]["name"]
    if name == "pay":
        orders = [f"DISMISS {v}" for v in vassals_due(state, power) if rng.random() < 0.2]
        return orders + [f"DISBAND {lord}" for lord in lords_on_map(state, power) if rng.random() < 0.03]
    if name == "plan":
        return _random_plan(state, power, rng)
    if name == "muster":
        return [str(o) for o in _random_muster(state, power, rng)]
    if name == "command":
        return [str(o) for o in _random_card(state, power, rng)]
    return []


def _random_plan(state: State, side: str, rng: Random) -> list[str]:
    cards = [lord for lord in lords_on_map(state, side) for _ in range(LORD_CARDS)] + [PASS] * PASS_CARDS
    cards += [lord for lord in command_lords(state, side) if lord not in cards for _ in range(LORD_CARDS)]
    rng.shuffle(cards)
    size = plan_size(state)
    chosen = sorted(cards[: size + 3], key=lambda c: (c == PASS or "at" not in state["lords"].get(c, {}), rng.random()))[:size]
    rng.shuffle(chosen)
    standing = []
    for lord in lords_on_map(state, side):
        if rng.random() < 0.6:
            friends = [f for f in lords_at(state, state["lords"][lord]["at"], side) if f != lord]
            along = f" WITH {', '.join(friends)}" if friends and BOARD.lords[lord].ring and rng.random() < 0.5 else ""
            standing.append(f"INTERCEPT {lord}{along}")
    standing += [f"EXILE {lord}" for lord in lords_on_map(state, side) if rng.random() < 0.2]
    if rng.random() < 0.5:
        standing.append("TRUCE")
    standing += [f"FLEE {lord} ROUND {rng.randint(1, 3)}" for lord in lords_on_map(state, side) if rng.random() < 0.1]
    standing += [_random_play(state, side, card, rng) for card in state["held"][side]
                 if held.standing_refusal(card, side) is None and rng.random() < 0.7]
    standing += [f"DISCARD {card}" for card in state["held"][side] if rng.random() < 0.1]
    if "wars" in state and rng.random() < 0.3:  # 6.1.1, the grand scenario only
        standing.append("SURRENDER")
    return ["PLAN " + ", ".join(chosen), *standing, *_random_battle_choices(state, side, rng)]


def _random_play(state: State, side: str, card: str, rng: Random) -> str:
    """``PLAY <card>``, sometimes naming the Lord it is for, its Enemy target, a Round, points
    for its check or the Lords it saves (4.4.1, 4.4.3, 1.4.2)."""
    mine = lords_on_map(state, side)
    theirs = lords_on_map(state, other(side)) + [
        vassal for vassal, entry in state["vassals"].items() if "lord" in entry and BOARD.lords[entry["lord"]].side != side]
    words = [f"PLAY {card}"]
    if mine and rng.random() < 0.3:
        words.append(f"BY {rng.choice(mine)}")
    if theirs and rng.random() < 0.3:
        target = rng.choice(theirs)
        if (target in state["vassals"]) == (card == TABLES.for_trust_not_him["card"]):
            words.append(f"ON {target}")
    if rng.random() < 0.2:
        words.append(f"ROUND {rng.randint(1, 3)}")
    if rng.random() < 0.2:
        words.append(f"SPEND {rng.choice((1, 3))}")
    if mine and rng.random() < 0.2:
        words.append("FOR " + ", ".join(rng.sample(mine, rng.randint(1, len(mine)))))
    return " ".join(words)


def _random_battle_choices(state: State, side: str, rng: Random) -> list[str]:
    """Now and then each of the Battle's other standing choices (4.4.1-4.4.3, the cards')."""
    mine = lords_on_map(state, side)
    found = []
    for verb in ("ARRAY", "ABSORB", "SPOILS"):
        if mine and rng.random() < 0.2:
            found.append(f"{verb} " + ", ".join(rng.sample(mine, rng.randint(1, len(mine)))))
    if rng.random() < 0.2:
        found.append("HITS " + ", ".join(rng.sample(list(UNIT_NAMES.values()), rng.randint(1, len(UNIT_NAMES)))))
    for verb in ("FLANK", "ENGAGE", "CENTER FROM"):
        if rng.random() < 0.2:
            found.append(f"{verb} {rng.choice(('LEFT', 'RIGHT'))}")
    if rng.random() < 0.2:
        found.append(f"VALOUR {rng.choice(('ARMOURED', 'ALWAYS', 'NEVER'))}")
    found += [f"FLEE {lord} BELOW {rng.randint(1, 4)}" for lord in mine if rng.random() < 0.05]
    found += [verb for verb in ("KEEP CULVERINS", "VANGUARD", "FINAL CHARGE", "NO SWIFT MANEUVER", "NO YEOMEN")
              if rng.random() < 0.1]
    rules = scenario_of(state).special_rules
    if side == "York" and mine and "Capture of the King" in rules and rng.random() < 0.3:
        found.append("CAPTOR " + ", ".join(rng.sample(mine, rng.randint(1, len(mine)))))
    if side == "York" and "Foreign Haven: Edward IV" in rules and rng.random() < 0.3:
        found.append("DEATH CHECK Edward IV")
    return found


def levy_options(state: State, side: str, lord: str) -> list[Order]:
    """The Levy actions a Lord who may still act may take now (3.4), but a Capability: what
    ``muster_candidates`` lists and ``muster.action_refusal`` allows (a test holds them equal),
    found at once for the random player (its Vassals asked of one look at the map), each check
    with no points added."""
    found = [Order("PARLEY", lord, target=t) for t in parley_targets(state, lord)]
    if not is_friendly(state, state["lords"][lord]["at"], side):
        return found  # only Parley there (3.4)
    found += [o for o in (Order("LEVY", lord, "TROOPS"), Order("LEVY", lord, "CARTS"), Order("LEVY", lord, "SHIP"))
              if muster.action_refusal(state, side, o) is None]
    if capabilities.has(state, lord, "array_commission"):  # Commission of Array (L12)
        found += [Order("LEVY", lord, "TROOPS", place) for place in BOARD.ways(state["lords"][lord]["at"])
                  if capabilities.array_refusal(state, lord, place) is None]
    found += [Order("LEVY", lord, "LORD", target) for target in ready(state, side)
              if muster.levy_lord_refusal(state, side, target) is None]
    if capabilities.event_effects(state, lord, "no_levy_vassal"):  # Yorkists Block Parliament (Y7)
        return found
    anywhere = bool(capabilities.event_effects(state, lord, "vassal_any_seat"))  # Margaret Beaufort (L35)
    held = occupied(state)
    enemy = other(side)
    friendly = friendly_places(state, side)
    for vassal, entry in state["vassals"].items():
        seat = _SEATS[vassal]
        if entry == AT_SEAT and seat is not None and (anywhere or (seat in friendly and enemy not in held.get(seat, ()))):
            found.append(Order("LEVY", lord, "VASSAL", vassal))
    return found


_SEATS = {vassal: entry.seat for vassal, entry in BOARD.vassals.items()}


_CHECKED = ("LORD", "VASSAL")
"""The Levy actions with an Influence check, to which a random player may add points (1.4.2);
Parley too."""


def _random_muster(state: State, side: str, rng: Random) -> list[Order]:
    scratch = copy_state(state)
    dice = rng  # the scratch's dice: the player's own stream
    chosen: list[Order] = []
    newcomers: set[str] = set()
    spent: dict[str, int] = {}
    for card in [c for c in state["held"][side] if c in held.LEVY_PLAYS]:  # Levy Events, first
        order = Order("PLAY", target=card)
        if rng.random() < 0.7 and muster.refusal(scratch, side, order, spent, newcomers) is None:
            muster.carry_out(scratch, side, order, dice, [], newcomers)
            chosen.append(order)
    for lord in exiles_ready(scratch, side):
        order = Order("EXILE", target=lord, group=tuple(exile_boxes_for(scratch, lord)[:1]))  # 3.3.1
        if rng.random() < 0.8 and muster.refusal(scratch, side, order, spent, newcomers) is None:
            muster.carry_out(scratch, side, order, dice, [], newcomers)
            chosen.append(order)
    crown = Order("CROWN", target="Richard III")
    if side == "York" and rng.random() < 0.5 and muster.refusal(scratch, side, crown, spent, newcomers) is None:
        muster.carry_out(scratch, side, crown, dice, [], newcomers)
        chosen.append(crown)
    lords = lords_on_map(scratch, side)
    rng.shuffle(lords)
    for lord in lords:
        for _ in range(BOARD.lords[lord].lordship):
            if muster.lord_refusal(scratch, side, lord, spent, newcomers) or rng.random() < 0.1:
                break
            options = levy_options(scratch, side, lord)
            deck = scratch["decks"][side]
            if deck:  # one card of the deck, at random
                capability = Order("LEVY", lord, "CAPABILITY", rng.choice(deck))
                if muster.action_refusal(scratch, side, capability) is None:
                    options.append(capability)
            if not options:
                break
            order = rng.choice(options)
            if order.verb == "PARLEY" or order.what in _CHECKED:
                order = order._replace(extra=_extra(rng))
            muster.carry_out(scratch, side, order, dice, [], newcomers)
            spent[lord] = spent.get(lord, 0) + 1
            chosen.append(order)
    return chosen


_BY_TARGET = ("MARCH", "EXILE")
"""The Commands whose limits on the card depend on their target (its Way, the Exiled Lord):
the others' limits are asked once, with no target, before their targets are looked for."""


def _random_card(state: State, side: str, rng: Random) -> list[Order]:
    """A card's actions at random: each a kind of Command at random, then one of its kind,
    carried out on a copy of the state (made at the first) to find the next, the dice the
    player's own stream; the last is not carried out (nothing is looked for after it)."""
    lord = active_lord(state)
    if lord is None:
        return []
    scratch = state
    own = list(read_standing(tuple(state.get("standing", {}).get(side, ())), state["scenario"])) if any(
        c in held.CAMPAIGN_PLAYS for c in state["held"][side]) else []
    card = Card(scratch, lord, own)  # its own standing orders: a Hold Event may add a March (L33)
    chosen: list[Order] = []
    stop = rng.random() < 0.05
    for number in range(8):
        if stop or card.ended or (card.left == 0 and not card.free_highway and not card.free_march):
            break
        kinds = list(COMMANDS if capabilities.event_effects(scratch, lord, "exile_pact") else COMMANDS[:-1])
        options: list[Order] = []
        fx = capabilities.effects(scratch, lord) if "at" in scratch["lords"][lord] else []
        while kinds and not options:
            kind = kinds.pop(rng.randrange(len(kinds)))
            if kind not in _BY_TARGET and card.limits(scratch, Order(kind), fx):
                continue  # what the card refuses whatever the target (actions left, Sail as a whole card)
            options = [o for o in command_candidates(scratch, lord, rng, (kind,)) if card.limits(scratch, o, fx) is None]
        if not options:
            break
        order = rng.choice(options)
        chosen.append(order)
        stop = rng.random() < 0.05
        if stop or number == 7 or (order.verb not in ("MARCH", "SAIL") and card.left <= 1 and not card.free_march):
            break  # its last action: spends what is left (4.2.1)
        if scratch is state:
            scratch = copy_state(state)
        card.carry_out(scratch, order, [], rng, [])
    return chosen


def choices(game: GameKind, state: State, power: str, card: Card | None = None) -> list[str]:
    """The orders a side may give now, for the mail that asks for them: grouped, one line a
    Lord and kind of order with its targets as alternatives (``York LEVY <TROOPS | CARTS>``),
    a card's Marches one line a Way (4.3.3) to the Locales next to the Lord, never a path;
    ``card``: the card with some of its actions taken (what is left of it)."""
    if power not in powers(state):
        return []
    name = state["step"]["name"]
    if name == "pay":
        short = shortfall.flags(state, power)
        found = [Order("DISMISS", target=v) for v in vassals_due(state, power)]
        found += [Order("DISBAND", target=lord) for lord in lords_on_map(state, power) if lord not in short]
        return [*grouped(found), *(f"DISBAND {lord}  {COMMENT} {shortfall.pay_note(state, lord, n)}"
                                   for lord, n in short.items()), "PASS"]
    if name == "plan":
        return [f"PLAN {plan_size(state)} cards from: " + ", ".join([*command_lords(state, power), PASS]),
                *_standing_choices(state, power)]
    if name == "muster":
        return [*grouped(_muster_choices(state, power)), "PASS"]
    active = active_lord(state)
    if active is None:
        return []
    card = card or Card(state, active)
    if "at" not in state["lords"][active]:
        return []
    found = [o for o in command_candidates(state, active) if card.refusal(state, o) is None]
    here = state["lords"][active]["at"]
    marches = [o for o in found if o.verb == "MARCH"]
    lines = []
    for way in ("highway", "road", "path"):
        to = [o for o in marches if card.way(state, here, o) == way]
        if to:
            lines.append(f"{grouped(to)[0]}  {COMMENT} {way.capitalize()}")
    return lines + grouped([o for o in found if o.verb != "MARCH"]) + _own_card_plays(state, power)


def _own_card_plays(state: State, side: str) -> list[str]:
    """The held Events a side may play, by its standing ``PLAY``, on its own card (3.1.3): after
    its March or Sail (L28, L33), upon its Approach (Blocked Ford), in a Battle the card brings
    (4.4); not those its enemy's moves call for (Flank Attack to Intercept), nor one it has
    ordered played already."""
    ordered = {o.target for o in read_standing(tuple(state.get("standing", {}).get(side, ())), state["scenario"])
               if o.verb == "PLAY"}
    return grouped([Order("PLAY", target=card) for card in state["held"][side]
                    if card not in ordered and card != FLANK_ATTACKS[side] and held.standing_refusal(card, side) is None])


def _standing_choices(state: State, side: str) -> list[str]:
    """The reactions a side's standing orders give (4.3.4, 4.3.5, 4.4): Intercept and Exile for
    its Lords on the map, its held Events it may play so, Parliament's Truce if held."""
    mine = lords_on_map(state, side)
    found = grouped([Order(verb, target=lord) for verb in ("INTERCEPT", "EXILE") for lord in mine])
    found += grouped([Order("PLAY", target=card) for card in state["held"][side]
                      if held.standing_refusal(card, side) is None])
    return found + (["TRUCE"] if march.TRUCES[side] in state["held"][side] else [])


def _muster_choices(state: State, side: str) -> list[Order]:
    """The Muster orders the position allows now (3.3.1, 3.4), each Levy Capability of the
    side's deck a Lord may take among them, and the held Levy Events it may play now (3.1.3)."""
    found = [Order("PLAY", target=card) for card in state["held"][side] if card in held.LEVY_PLAYS]
    found += [Order("EXILE", target=lord) for lord in exiles_ready(state, side)]
    if side == "York":
        found.append(Order("CROWN", target="Richard III"))
    for lord in lords_on_map(state, side):
        found += [o for o in muster_candidates(state, side, lord) if o.what != "CAPABILITY"]
        found += [Order("LEVY", lord, "CAPABILITY", card) for card in state["decks"][side]]
    return [o for o in found if muster.refusal(state, side, o, {}, set()) is None]


def grouped(orders: list[Order]) -> list[str]:
    """Orders one line a Lord and kind, their targets as alternatives: ``York LEVY <TROOPS |
    CARTS | LORD Salisbury>``, ``York LEVY CAPABILITY <Y2 | Y5>``, ``TAX <York | Pontefract>``.
    Keeping one alternative of a line gives an order as it is read."""
    groups: dict[str, list[str]] = {}
    for order in orders:
        head = " ".join(w for w in (order.lord, order.verb) if w)
        if order.verb == "LEVY" and order.target is None:
            groups.setdefault(head, []).append(order.what or "")
        elif order.verb == "LEVY":
            groups.setdefault(f"{head} {order.what}", []).append(order.target or "")
        elif order.target:
            groups.setdefault(head, []).append(order.target)
        else:
            groups.setdefault(head, [])
    return [f"{head} {_alternatives(tails)}" if tails else head for head, tails in groups.items()]


def _alternatives(tails: list[str]) -> str:
    return tails[0] if len(tails) == 1 else f"<{' | '.join(tails)}>"
