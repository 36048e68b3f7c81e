"""What happens to Lords' mats outside Battle: Disband (3.2.4), removal (4.4.3, 4.8.2), Pay and
Feed with their Sharing, Pillage and Unpaid/Unfed Disband (3.2.1, 4.7).

Every function changes the state it is given (a copy the resolution owns) and appends what
happened to ``events``.
"""

from __future__ import annotations

from typing import Any

from .data import BOARD
from .orders import Order, read_standing
from .succession import on_removal, set_aside_on_leaving
from .state import State, gain, is_exhausted, lords_at, mats, set_favour, shift, shift_favour, troops, where

Events = list[dict[str, Any]]


def disband_vassal(state: State, vassal: str, events: Events) -> None:
    """3.2.4 DISBAND VASSAL: a regular Vassal's marker pair goes face down to the Calendar, six
    minus his Service boxes right of the current Turn; a Special Vassal's card is discarded
    (1.5.4)."""
    entry = state["vassals"][vassal]
    lord = entry["lord"]
    state["lords"][lord]["vassals"].remove(vassal)
    kind = BOARD.vassals[vassal]
    if kind.special:
        del state["vassals"][vassal]
        lost = kind.card if kind.card and kind.card in state["lords"][lord]["caps"] else None
        if lost:
            state["lords"][lord]["caps"].remove(lost)
            discard(state, lost)
    else:
        lost = None
        state["vassals"][vassal] = {"box": shift(state["box"], 6 - (kind.service or 0))}
    events.append({"type": "vassal disbands", "vassal": vassal, "lord": lord})
    if lost:
        events.append({"type": "capability lost", "side": BOARD.lords[lord].side, "lord": lord, "card": lost, "rule": "1.5.4"})


def discard(state: State, card: str) -> None:
    """A card goes back to its side's deck (3.1.1), or is set aside: a mandatory Capability
    (6.3, Margaret's L26), a card of none of the scenario's decks (Ic: L23 with the Yorkist
    Warwick, Montagu)."""
    if set_aside_on_leaving(state, card):
        state["aside"].append(card)
    else:
        state["decks"][BOARD.cards[card].side].append(card)


def disband_lord(state: State, lord: str, events: Events, exile: bool = False, why: str = "",
                 penalty: bool = False, gone: bool = False) -> None:
    """3.2.4: the Lord's Vassals Disband, his Troops and Assets go back to the pools, his
    Capabilities are discarded (1.5.1), and his cylinder goes on the Calendar six minus his
    printed Influence boxes right of the current Turn, with an Exile marker if he Disbands from
    an Exile box or chooses Exile (4.3.5). With ``penalty`` his side first loses the Influence
    an Unpaid or Unfed Disband, an Exile or a Shipwreck costs (``disband_penalty``), and the
    event tells how much; ``gone``: he leaves the game for good (``remove_lord``), as the event
    tells instead of his Calendar box."""
    lost = disband_penalty(state, lord) if penalty else 0
    gain(state, BOARD.lords[lord].side, -lost)
    mat = state["lords"][lord]
    for vassal in list(mat["vassals"]):
        disband_vassal(state, vassal, events)
    for card in mat["caps"]:
        discard(state, card)
    exile = exile or mat["at"] in BOARD.exile_boxes
    box = shift(state["box"], 6 - BOARD.lords[lord].influence)
    state["lords"][lord] = {"box": box, "exile": exile}
    events.append({"type": "disband", "lord": lord, "box": box, "exile": exile, "why": why,
                   **({"side": BOARD.lords[lord].side, "influence": lost} if lost else {}),
                   **({"gone": True} if gone else {})})
    for prisoner, entry in state["lords"].items():
        if entry.get("prisoner_of") == lord:
            release(state, prisoner, events)


def release(state: State, prisoner: str, events: Events) -> None:
    """Ia, Capture of the King: when the Lord holding Henry VI goes into Exile, Disbands or
    Dies, Henry goes to the Calendar as if just Disbanded and the Lancastrians gain 10 points."""
    box = shift(state["box"], 6 - BOARD.lords[prisoner].influence)
    state["lords"][prisoner] = {"box": box, "exile": False}
    points = BOARD.scenarios[state["scenario"]].capture_influence
    gain(state, BOARD.lords[prisoner].side, points)
    events.append({"type": "released", "lord": prisoner, "box": box, "influence": points})


def remove_lord(state: State, lord: str, events: Events, why: str, penalty: bool = False) -> None:
    """Death or Shipwreck (4.4.3, 4.8.2): Disband (with ``penalty``, its Influence lost: a
    Shipwreck), then the Lord leaves the game for good; in a War, Succession follows (6.2.2)."""
    disband_lord(state, lord, events, why=why, penalty=penalty, gone=True)
    state["lords"][lord] = {"gone": why}
    on_removal(state, lord, events)


def disband_penalty(state: State, lord: str) -> int:
    """The Influence lost when a Lord Disbands Unpaid or Unfed, is Shipwrecked or goes into Exile:
    his printed Influence plus one per Vassal on his mat (3.2.1, 4.3.5, 4.8.2)."""
    return BOARD.lords[lord].influence + len(state["lords"][lord]["vassals"])


def need(mat: dict[str, Any]) -> int:
    """Coin to Pay, or Provender to Feed, a Lord's Troops: one per six, rounded up (3.2.1, 4.7)."""
    return -(-troops(mat) // 6)


def settle(state: State, lords: list[str], asset: str) -> list[str]:
    """Pay (``coin``) or Feed (``provender``) these Lords of one side: each from his own mat
    first, then the Lords at the same Locale who have some left share it with those still short
    (3.2.1 SHARING; 4.7). Nothing beyond the requirement is spent (1.7.2). The Lords left short."""
    owed = {}
    for lord in lords:
        mat = state["lords"][lord]
        paid = min(mat["assets"][asset], need(mat))
        mat["assets"][asset] -= paid
        owed[lord] = need(mat) - paid
    for lord in lords:
        if owed[lord] == 0:
            continue
        place = where(state, lord)
        for friend in lords_at(state, place or "", BOARD.lords[lord].side):
            spare = state["lords"][friend]["assets"]
            given = min(spare[asset], owed[lord])
            spare[asset] -= given
            owed[lord] -= given
            if owed[lord] == 0:
                break
    return [lord for lord in lords if owed[lord] > 0]


def pillage(state: State, lord: str, events: Events, rule: str) -> None:
    """3.2.1 PROCEDURE: Coin and Provender from the Strongholds table, the side loses twice the
    Assets added, the Stronghold is Exhausted and turns to Enemy Favour, and each Stronghold next
    to it by Way shifts one level toward the Enemy. The events tell the Influence lost and each
    Favour changed (``rule``: the Pay's, 3.2.1, or the Feed's, 4.7)."""
    place = where(state, lord) or ""
    side = BOARD.lords[lord].side
    enemy = "Lancaster" if side == "York" else "York"
    amount = int(BOARD.strongholds[BOARD.locales[place].type]["pillage"])
    mat = state["lords"][lord]
    mat["assets"]["coin"] += amount
    mat["assets"]["provender"] += amount
    gain(state, side, -2 * 2 * amount)
    state["depleted"][place] = 2
    was = {p: state["favour"].get(p) for p in (place, *BOARD.locales[place].ways)}
    set_favour(state, place, enemy)
    for near in BOARD.locales[place].ways:
        shift_favour(state, near, enemy)
    events.append({"type": "pillage", "lord": lord, "side": side, "at": place, "coin": amount,
                   "provender": amount, "influence": 2 * 2 * amount, "rule": rule})
    events.extend({"type": "favour", "at": p, "now": state["favour"].get(p)}
                  for p, before in was.items() if state["favour"].get(p) != before)


def pay_or_feed(state: State, lords: list[str], asset: str, events: Events, why: str) -> None:
    """Pay or Feed a side's Lords (3.2.1, 4.7): those left short Pillage an Unexhausted
    Stronghold (one Lord per Stronghold: the first short one of the owner's standing ``PILLAGE``
    order, by default the first short one),
    then the short Lords try again with the full requirement (3.2.1: regardless of what they
    spent before); whoever is still short, or stands where he cannot Pillage, Disbands with the
    Influence penalty. The event tells who Paid or Fed and what it cost (the side's own report:
    the figure is a mat's, hidden from the enemy with Hidden Mats)."""
    if not lords:
        return
    side = BOARD.lords[lords[0]].side
    told = {"type": "pay troops" if asset == "coin" else "feed", "side": side, "lords": list(lords), asset: 0}
    events.append(told)
    short = _settled(state, lords, asset, told)
    if not short:
        return
    pillaged: set[str] = set()
    chosen = [lord for order in standing(state, BOARD.lords[short[0]].side) if order.verb == "PILLAGE"
              for lord in order.group]
    for lord in sorted(short, key=lambda lord: chosen.index(lord) if lord in chosen else len(chosen)):
        place = where(state, lord) or ""
        if place in BOARD.locales and not is_exhausted(state, place) and place not in pillaged:
            pillaged.add(place)
            pillage(state, lord, events, "3.2.1" if asset == "coin" else "4.7")
    still = _settled(state, [lord for lord in short if where(state, lord) in pillaged], asset, told) if pillaged else []
    for lord in [lord for lord in short if where(state, lord) not in pillaged] + still:
        disband_lord(state, lord, events, why=why, penalty=True)


def standing(state: State, side: str) -> tuple[Order, ...]:
    """A side's standing orders as the state keeps them (``game.resolve``)."""
    return read_standing(tuple(state.get("standing", {}).get(side, ())), state["scenario"])


def _settled(state: State, lords: list[str], asset: str, told: dict[str, Any]) -> list[str]:
    """``settle``, what it spends of the side's ``asset`` added to the event ``told``."""
    side = told["side"]
    before = sum(m["assets"][asset] for lord, m in mats(state) if BOARD.lords[lord].side == side)
    short = settle(state, lords, asset)
    told[asset] += before - sum(m["assets"][asset] for lord, m in mats(state) if BOARD.lords[lord].side == side)
    return short


def disband_troopless(state: State, events: Events) -> None:
    """1.6: a Mustered Lord without any Troops outside Battle Disbands at once."""
    for lord, entry in list(state["lords"].items()):
        if "at" in entry and troops(entry) == 0:
            disband_lord(state, lord, events, why="no Troops (1.6)")

