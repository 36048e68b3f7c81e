"""How the judge speaks of a Richard III game: its phases, what a house holds, and the choices a
player is offered, written as orders the reader takes.

Phases are named as ``state.phase_name`` writes them: ``I-3 cards``, ``I-3 actions 1 York``,
``II political`` (campaigns I-III, turns 1-7, 1.0). A player may write them in any case, with
``campaign``/``turn`` spelt out (``campaign 1 turn 3 cards``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from .data import BOARD
from .names import block_name
from .state import ROMAN, State, side_of

_PHASE = re.compile(
    r"(?:campaign\s+)?(?P<campaign>iii|ii|i|[123])"
    r"(?:\s*(?:-|,?\s*turn)\s*(?P<turn>[1-7]))?\s+"
    r"(?P<label>redeal answer|redeal|cards|actions [12](?: (?:york|lancaster))?|political|end)"
)


def read_phase(text: str) -> str | None:
    """The phase ``text`` names, written as the game writes it, or None."""
    words = " ".join(text.strip().lower().replace(":", " ").split())
    match = _PHASE.fullmatch(words)
    if match is None:
        return None
    campaign = match["campaign"]
    roman = ROMAN[int(campaign)] if campaign.isdigit() else campaign.upper()
    label = match["label"]
    if label == "political":
        return None if match["turn"] else f"{roman} political"
    if match["turn"] is None:
        return None
    if label.startswith("actions"):
        parts = label.split()
        if len(parts) < 3:
            return None  # "actions 1" alone: which house is player 1 is the game's, not the name's
        label = f"actions {parts[1]} {parts[2].capitalize()}"
    return f"{roman}-{match['turn']} {label}"


_STEPS = ("cards", "redeal", "redeal answer", "actions 1", "actions 2", "end")
_POLITICAL = 8  # after turn 7, the campaign's last (1.0)


def phase_order(phase: str) -> tuple[int, ...]:
    """``I-3 actions 1 York`` -> ``(1, 3, 3)``: campaign, turn (the political turn after the
    seventh), the step of the turn. Who acts is not part of it: ``actions 1 York`` and ``actions
    1 Lancaster`` are alternatives (the cards decide, 4.1), and the game plays one of them."""
    head, _, label = phase.partition(" ")
    campaign, _, turn = head.partition("-")
    number = ROMAN.index(campaign)
    if label == "political":
        return (number, _POLITICAL, 0)
    step = " ".join(label.split()[:2]) if label.startswith("actions") else label
    return (number, int(turn), _STEPS.index(step))


def phase_title(phase: str) -> str:
    """``I-3 actions 1 York`` -> ``Campaign I, turn 3: York's actions (player 1)``."""
    head, _, label = phase.partition(" ")
    if label == "political":
        return f"Campaign {head}: the political turn"
    campaign, _, turn = head.partition("-")
    where = f"Campaign {campaign}, turn {turn}"
    if label.startswith("actions"):
        _, player, side = label.split()
        return f"{where}: {side}'s actions (player {player})"
    named = {"cards": "the cards", "redeal": "the redeal", "redeal answer": "the answer to a redeal",
             "end": "the end of the game"}
    return f"{where}: {named.get(label, label)}"


def holdings(seen: State, side: str) -> dict[str, list[str]]:
    """What a house holds, as a state or a reader's view of it shows: the areas its blocks stand
    in, with the blocks named and their strengths where the reader may know them, else counted
    (3.0); its blocks in the pool (4.2), by name, to their owner alone (the pool is no area of the
    map); its heir to the crown; its hand, to its owner alone."""
    known = _known_blocks(seen, side)
    pool: list[str] = []
    if known is None:
        counts = seen.get("counts", {}).get(side, {})
        areas = [f"{area} ({n} block{'s' * (n != 1)})" for area, n in counts.items() if area != "pool"]
    else:
        by_area: dict[str, list[str]] = {}
        for name, entry in sorted(known.items()):
            if entry["at"] in BOARD.areas:
                by_area.setdefault(str(entry["at"]), []).append(f"{name} {entry['strength']}")
            elif entry["at"] == "pool":
                pool.append(f"{name} {entry['strength']}" if entry["strength"] else
                            f"{name} (eliminated)")
        areas = [f"{area} ({', '.join(blocks)})" for area, blocks in sorted(by_area.items())]
    heir = (seen.get("crown") or {}).get(side)
    return {"areas": areas, "blocks in the pool": pool, "heir": [heir] if heir else [],
            "cards in hand": _hand(seen, side)}


def _hand(seen: State, side: str) -> list[str]:
    """A house's cards, where ``seen`` shows them (the whole state, or the house's own view: 1.1,
    a hand is its holder's secret), by name; nothing for the enemy's."""
    if "step" in seen:
        return sorted(BOARD.cards[n].name for n in seen["cards"]["hands"][side])
    if side in seen.get("counts", {}):
        return []
    return list(seen.get("hand", []))


def _known_blocks(seen: State, side: str) -> dict[str, dict[str, Any]] | None:
    """A house's blocks by name, where ``seen`` shows them: the whole state, or the view of the
    house itself; None where only counts are shown."""
    if "step" in seen:  # the whole state: every block known
        return {
            block_name(b): {"at": e["at"], "strength": e["strength"]}
            for b, e in seen["blocks"].items()
            if side_of(seen, b) == side and e["at"] not in ("out", "dead")
        }
    if side in seen.get("counts", {}):
        return None
    return dict(seen.get("blocks", {}))


_TO_AREA = ("MOVE", "SEA", "RECRUIT", "REGROUP", "HOME")  # KEYWORD block - area
_ONE_OF = ("MUSTER", "PLAGUE", "BATTLES", "PLAY")  # KEYWORD area, or card


def grouped_choices(orders: Iterable[str], limit: int = 60) -> list[str]:
    """Legal orders grouped for a mail: the orders of one kind for one block on one line, their
    destinations as alternatives (``MOVE Warwick - <Kent | Sussex | Kent - Surrey>``,
    ``RETREAT <ALL | Warwick> AFTER ROUND <1 | 2>``). Each line becomes an order the reader takes
    by keeping one alternative."""
    groups: dict[str, list[str]] = {}  # the words before the alternatives -> the alternatives
    retreats: dict[str, None] = {}  # RETREAT <who> AFTER ROUND <round>: who, and the rounds
    rounds: set[str] = set()
    for order in orders:
        keyword = order.split()[0]
        head, dash, tail = order.partition(" - ")
        if keyword == "RETREAT" and " AFTER ROUND " in order:
            who, _, round_ = order.removeprefix("RETREAT ").partition(" AFTER ROUND ")
            groups.setdefault("RETREAT", [])  # keeps its place among the choices
            retreats[who] = None
            rounds.add(round_)
        elif keyword in _TO_AREA and dash:
            groups.setdefault(f"{head} - ", []).append(tail)
        elif keyword in _ONE_OF:
            groups.setdefault(f"{keyword} ", []).append(order.split(" ", 1)[1])
        else:
            groups.setdefault(order, [])
    groups = {head: _one_way_each(tails) if head.startswith("MOVE ") else tails
              for head, tails in groups.items()}
    lines = [head + _alternatives(tails) if tails else head for head, tails in groups.items()]
    if retreats:
        lines[list(groups).index("RETREAT")] = (
            f"RETREAT {_alternatives(list(retreats))} AFTER ROUND {_alternatives(sorted(rounds))}")
    if len(lines) > limit:
        lines = [*lines[:limit], f"... and {len(lines) - limit} more"]
    return lines


def _one_way_each(paths: list[str]) -> list[str]:
    """A move's choices, one path to each destination (the shortest, the first of those as
    short), never one that passes an area twice: ``Kent - Surrey`` rather than every way there.
    A player may still write any other legal path."""
    best: dict[str, str] = {}
    for path in paths:
        areas = path.split(" - ")
        if len(set(areas)) < len(areas):
            continue
        known = best.get(areas[-1])
        if known is None or len(areas) < len(known.split(" - ")):
            best[areas[-1]] = path
    return list(best.values())


def _alternatives(tails: list[str]) -> str:
    return tails[0] if len(tails) == 1 else f"<{' | '.join(tails)}>"


_BLOCK_FIELDS = ("block", "target", "by")


def named_events(events: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """A report's events with its blocks named as players know them (``Salisbury`` for the
    Yorkist version ``Salisbury/Y``): the ids stay the engine's, the reports speak in names."""
    named = []
    for event in events:
        shown = dict(event)
        for key in _BLOCK_FIELDS:
            if shown.get(key) in BOARD.blocks:
                shown[key] = block_name(shown[key])
        if "blocks" in shown:  # a battle: each side's blocks as revealed (6.1)
            shown["blocks"] = {side: [[block_name(b) if b in BOARD.blocks else b, *rest]
                                      for b, *rest in blocks]
                               for side, blocks in shown["blocks"].items()}
        if shown["type"] == "campaign":  # numbered as the phases are (II-1)
            shown["campaign"] = ROMAN[int(shown["campaign"])]
        if "taken" in shown:
            shown["taken"] = [[block_name(b) if b in BOARD.blocks else b, *rest]
                              for b, *rest in shown["taken"]]
        named.append(shown)
    return named
