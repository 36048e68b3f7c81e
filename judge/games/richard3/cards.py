"""The cards (1.1, 5.1): the deal of a campaign, the mulligan, and the card phase that decides
player 1."""

from __future__ import annotations

from random import Random

from .data import BOARD, SIDES
from .state import State, pretender

HAND = 7
MULLIGAN_AP = 13  # 5.1: a hand of this many action points or fewer


def deal(state: State, rng: Random) -> None:
    """1.0: shuffle the 25 cards and deal seven to each player; the rest wait unused."""
    deck = sorted(BOARD.cards)
    rng.shuffle(deck)
    state["cards"] = {
        "hands": {"York": sorted(deck[:HAND]), "Lancaster": sorted(deck[HAND : 2 * HAND])},
        "undealt": sorted(deck[2 * HAND :]),
        "played": {},
        "redealt": False,
    }


def hand_ap(hand: list[int]) -> int:
    return sum(BOARD.cards[n].ap for n in hand)


def may_redeal(state: State, side: str) -> bool:
    """5.1: a hand of 13 AP or less is a mulligan, once a campaign, at its deal."""
    cards = state["cards"]
    return not cards["redealt"] and hand_ap(cards["hands"][side]) <= MULLIGAN_AP


def redeal(state: State, sides: list[str], rng: Random) -> None:
    """5.1: the hands given back and the unused cards reshuffled; a new hand to each player who
    gave his back."""
    cards = state["cards"]
    pool = list(cards["undealt"])
    for side in sides:
        pool += cards["hands"][side]
    pool.sort()
    rng.shuffle(pool)
    for side in sides:
        cards["hands"][side] = sorted(pool[:HAND])
        pool = pool[HAND:]
    cards["undealt"] = sorted(pool)
    cards["redealt"] = True


def card_of(state: State, side: str, kind: str) -> int | None:
    """The number of a card of this kind (its name) in a player's hand, or None."""
    for number in state["cards"]["hands"][side]:
        if BOARD.cards[number].name == kind:
            return int(number)
    return None


def lowest_card(state: State, side: str) -> int:
    """What a player who sends no card plays: his lowest action card, an event only if he
    holds nothing else (1.1: a card must be played)."""
    hand = state["cards"]["hands"][side]
    return int(min(hand, key=lambda n: (BOARD.cards[n].event is not None, BOARD.cards[n].ap, n)))


def player_one(state: State, played: dict[str, int]) -> str:
    """1.1: the higher card is player 1; an event card always is; two events, the higher AP;
    ties to the Pretender."""
    york, lancaster = (BOARD.cards[played[s]] for s in SIDES)
    if (york.event is None) != (lancaster.event is None):
        return "York" if york.event is not None else "Lancaster"
    if york.ap != lancaster.ap:
        return "York" if york.ap > lancaster.ap else "Lancaster"
    return pretender(state)


def play(state: State, played: dict[str, int]) -> None:
    cards = state["cards"]
    for side, number in played.items():
        cards["hands"][side].remove(number)
    cards["played"] = dict(played)
    state["player1"] = player_one(state, played)
