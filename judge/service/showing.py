"""``judge show GAME``: one game as its keeper needs to see it, as text or as JSON.

Both come from one dict (``game_shown``): the game, its phase and deadline (UTC in the JSON, the
game's own zone in the text), its members, and for each power who plays it, whether its orders
for the phase are complete, and its units and supply centres. The JSON keeps the game kind's
state as it is stored, for programs; the text is laid out for a person at a terminal.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlmodel import Session

from judge.store import Game, game_by_name, open_store

from .config import Config
from .games import address_of, current_orders, kind_of, late_powers, members
from .notify import phase_name, when


def show_game(config: Config, name: str) -> dict[str, Any]:
    """The game called ``name`` as ``judge show`` prints it; exits naming the game if none."""
    store = open_store(config.database_url)
    try:
        with store.session() as db:
            game = game_by_name(db, name)
            if game is None:
                raise SystemExit(f"judge: there is no game called {name}")
            return game_shown(db, game)
    finally:
        store.close()


def game_shown(db: Session, game: Game) -> dict[str, Any]:
    """What ``judge show`` says of a game (see the module docstring)."""
    started = bool(game.phase) and game.state is not None
    late = set(late_powers(db, game)) if started else set()
    acting = kind_of(game).pending(game.state).powers if started else frozenset()
    submitted = current_orders(db, game) if started else {}
    state = game.state if isinstance(game.state, dict) else {}
    board = {e["power"]: e for e in kind_of(game).board(state)["powers"]} if started else {}
    holders = {m.power: address_of(db, m) for m in members(db, game) if m.power is not None}
    powers = []
    for power in kind_of(game).powers():
        if power not in acting:
            orders = "nothing to order"
        elif power not in late:
            orders = "complete"
        elif power in submitted and submitted[power].orders:
            orders = "not complete"
        else:
            orders = "none yet"
        powers.append({
            "power": power,
            "player": holders.get(power),
            "orders": orders if started else None,
            "units": board[power]["units"] if board else [],  # as the reports count them
            "dislodged": board[power]["dislodged"] if board else [],
            "centres": board[power]["centres"] if board else [],
            "box_centres": board[power]["box_centres"] if board else [],
        })
    return {
        "name": game.name,
        "kind": game.kind,
        "status": game.status.value,
        "phase": game.phase,
        "zone": str(game.settings.get("zone", "UTC")),
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
        "centre_notes": kind_of(game).board(state)["notes"] if started else [],
        "state": game.state,
        "_deadline_words": when(game, game.deadline),
        "_grace_words": when(game, game.grace_until) if game.grace_until else None,
        "_reminder_words": when(game, game.remind_at) if game.remind_at else None,
    }


def show_text(shown: dict[str, Any]) -> str:
    """The text ``judge show`` prints for ``game_shown``'s dict."""
    lines = [f"{shown['name']}: {shown['kind']}, {shown['status']}"]
    if shown["phase"]:
        lines.append(f"Phase:    {phase_name(shown['phase'])} ({shown['phase']})")
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
    if any(p["units"] or p["centres"] for p in shown["powers"]):
        lines.append("")
        lines.append("Units and supply centres:")
    for power in shown["powers"]:
        if not (power["units"] or power["centres"] or power["dislodged"]):
            continue
        units = ", ".join(power["units"]) or "no units"
        dislodged = f"; dislodged: {', '.join(power['dislodged'])}" if power["dislodged"] else ""
        centres = ", ".join(power["centres"]) or "none"
        if power["box_centres"]:
            centres += f"; in its box: {', '.join(power['box_centres'])}"
        lines.append(f"  {power['power']:<{width}}  {len(power['units'])} units: {units}{dislodged}")
        lines.append(f"  {'':<{width}}  {len(power['centres'])} centres: {centres}")
    lines += shown["centre_notes"]
    return "\n".join(lines)


def public(shown: dict[str, Any]) -> dict[str, Any]:
    """The dict without the text's own words (what ``--json`` prints)."""
    return {key: value for key, value in shown.items() if not key.startswith("_")}


def _instant(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment is not None else None

