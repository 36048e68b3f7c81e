"""``judge show GAME``: one game as its keeper needs to see it, as text or as JSON.

Both come from one dict (``game_shown``): the game, its phase and deadline (UTC in the JSON, the
game's own zone in the text), its members, and for each power who plays it, whether its orders
for the phase are complete, and what it holds (the kind's ``holdings``: Diplomacy's units,
dislodged units and supply centres). The JSON keeps the game kind's
state as it is stored, for programs; the text is laid out for a person at a terminal.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlmodel import Session

from judge.store import Game

from ..config import Config
from ..mailing.notify import phase_name, when
from ..play.games import (
    address_of,
    current_orders,
    game_settings,
    kind_of,
    late_powers,
    members,
)
from .stored import read_game


def show_game(config: Config, name: str) -> dict[str, Any]:
    """The game called ``name`` as ``judge show`` prints it; exits naming the game if none."""
    return read_game(config, name, game_shown)


def game_shown(db: Session, game: Game) -> dict[str, Any]:
    """What ``judge show`` says of a game (see the module docstring)."""
    started = bool(game.phase) and game.state is not None
    late = set(late_powers(db, game)) if started else set()
    kind = kind_of(game)
    acting = kind.pending(game.state).powers if started else frozenset()
    submitted = current_orders(db, game) if started else {}
    holders = {m.power: address_of(db, m) for m in members(db, game) if m.power is not None}
    powers, labels = [], []
    for power in kind.powers():
        if power not in acting:
            orders = "nothing to order"
        elif power not in late:
            orders = "complete"
        elif power in submitted and submitted[power].orders:
            orders = "not complete"
        else:
            orders = "none yet"
        holdings = kind.holdings(game.state, power) if started else {}
        labels = list(holdings)
        powers.append({"power": power, "player": holders.get(power),
                       "orders": orders if started else None, **holdings})
    return {
        "name": game.name,
        "kind": game.kind,
        "status": game.status.value,
        "phase": game.phase,
        "zone": game_settings(game).zone,
        "deadline": _instant(game.deadline),
        "grace_until": _instant(game.grace_until),
        "remind_at": _instant(game.remind_at),
        "members": [
            {
                "role": m.role.value,
                "power": m.power,
                "address": address_of(db, m),
                "complete": m.power is not None and m.power not in late,
                "wait": m.wait,
            }
            for m in members(db, game)
        ],
        "powers": powers,
        "holdings": labels,  # the keys of each power's holdings, in the kind's order
        "state": game.state,
        "_phase_words": phase_name(game) if game.phase else None,
        "_score_note": kind.wording.score_note,
        "_deadline_words": when(game, game.deadline),
        "_grace_words": when(game, game.grace_until) if game.grace_until else None,
        "_reminder_words": when(game, game.remind_at) if game.remind_at else None,
    }


def show_text(shown: dict[str, Any]) -> str:
    """The text ``judge show`` prints for ``game_shown``'s dict."""
    lines = [f"{shown['name']}: {shown['kind']}, {shown['status']}"]
    if shown["phase"]:
        lines.append(f"Phase:    {shown['_phase_words']} ({shown['phase']})")
        lines.append(f"Deadline: {shown['_deadline_words']}")
        if shown["_grace_words"]:
            lines.append(f"Grace:    until {shown['_grace_words']}")
        if shown["_reminder_words"]:
            lines.append(f"Reminder: {shown['_reminder_words']}")
    waiting = {m["power"] for m in shown["members"] if m["wait"]}
    others = [m for m in shown["members"] if m["power"] is None]
    for member in others:
        lines.append(f"{member['role'].capitalize()}: {member['address']}")
    width = max((len(p["power"]) for p in shown["powers"]), default=0)
    if shown["powers"]:
        lines.append("")
        lines.append("Powers (orders for this phase; player):")
    for power in shown["powers"]:
        orders = power["orders"] or "-"
        if power["power"] in waiting:
            orders += ", waiting (SET WAIT)"
        player = power["player"] or ("no player: civil disorder" if shown["phase"] else "-")
        lines.append(f"  {power['power']:<{width}}  {orders:<16}  {player}")
    if shown["holdings"]:
        lines.append("")
        lines.append(f"What each power holds ({', '.join(shown['holdings'])}):")
        lines.extend(holdings_lines(shown["powers"], shown["holdings"]))
        if shown["_score_note"]:
            lines.append(shown["_score_note"])
    return "\n".join(lines)


def holdings_lines(powers: list[dict[str, Any]], labels: list[str]) -> list[str]:
    """A line for each kind of holding (``labels``, the keys of the kind's ``holdings``) that a
    power has, with its count, the power named on its first line (``judge show``, BOARD and the
    start notice): ``England  3 units: F edi, F lon, A lvp``, then ``3 centres: edi, lon, lvp``."""
    width = max((len(p["power"]) for p in powers), default=0)
    lines = []
    for power in powers:
        held = [(label, power[label]) for label in labels if power.get(label)]
        for number, (label, items) in enumerate(held):
            name = power["power"] if number == 0 else ""
            lines.append(f"  {name:<{width}}  {len(items)} {_counted(label, len(items))}: "
                         f"{', '.join(items)}")
    return lines


def _counted(label: str, count: int) -> str:
    """``units`` -> ``unit`` for one; the first word of a label is its noun."""
    first, _, rest = label.partition(" ")
    if count == 1 and first.endswith("s"):
        first = first[:-1]
    return f"{first} {rest}".rstrip()


def public(shown: dict[str, Any]) -> dict[str, Any]:
    """The dict without the text's own words (what ``--json`` prints)."""
    return {key: value for key, value in shown.items() if not key.startswith("_")}


def _instant(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment is not None else None

