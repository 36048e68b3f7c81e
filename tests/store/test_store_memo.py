"""The reads one transaction keeps (``judge.store.memo``): made once, and never stale."""

from __future__ import annotations

from typing import TYPE_CHECKING

import sqlalchemy as sa

from judge.store import MembershipStatus, Store, SubmittedOrders, forget, latest_orders, memberships

if TYPE_CHECKING:
    from conftest import Rows


def count_selects(store: Store) -> list[str]:
    seen: list[str] = []

    def note(conn: object, cursor: object, statement: str, *args: object) -> None:
        if statement.lstrip().upper().startswith("SELECT"):
            seen.append(statement)

    sa.event.listen(store.engine, "before_cursor_execute", note)
    return seen


def orders(game_id: int, power: str, membership_id: int, text: str) -> SubmittedOrders:
    return SubmittedOrders(game_id=game_id, phase="S1901M", power=power, text=text,
                           orders={"x": text}, membership_id=membership_id)


def test_memberships_are_read_once_and_follow_the_session(store: Store, rows: type[Rows]) -> None:
    with store.session() as session:
        game = rows.game(session)
        england = rows.member(session, game, "England")
        assert game.id is not None
        selects = count_selects(store)
        assert memberships(session, game.id) == [england]
        assert memberships(session, game.id) == [england] and len(selects) == 1
        england.status = MembershipStatus.RESIGNED  # changed in place: the same object is kept
        assert memberships(session, game.id)[0].status is MembershipStatus.RESIGNED
        france = rows.member(session, game, "France")  # a new one: read again
        assert memberships(session, game.id) == [england, france] and len(selects) == 2
        savepoint = session.begin_nested()
        rows.member(session, game, "Germany")
        savepoint.rollback()  # Germany never joined
        assert [m.power for m in memberships(session, game.id)] == ["England", "France"]
        assert len(selects) == 3  # read again after the rollback
        memberships(session, game.id)
        forget(session)
        memberships(session, game.id)
        assert len(selects) == 4


def test_latest_orders_take_a_new_submission_at_once(store: Store, rows: type[Rows]) -> None:
    with store.session() as session:
        game = rows.game(session)
        england = rows.member(session, game, "England")
        assert game.id is not None and england.id is not None
        session.add(orders(game.id, "England", england.id, "first"))
        session.flush()
        selects = count_selects(store)
        assert latest_orders(session, game.id, "S1901M")["England"].text == "first"
        session.add(orders(game.id, "England", england.id, "second"))
        assert latest_orders(session, game.id, "S1901M")["England"].text == "second"
        assert len(selects) == 1
        session.flush()
        cut = max(row.id or 0 for row in latest_orders(session, game.id, "S1901M").values())
        assert latest_orders(session, game.id, "S1901M", after_id=cut) == {}  # its own read
        savepoint = session.begin_nested()
        session.add(orders(game.id, "England", england.id, "third"))
        savepoint.rollback()
        assert latest_orders(session, game.id, "S1901M")["England"].text == "second"
    with store.session() as session:  # a new transaction reads afresh
        assert latest_orders(session, game.id, "S1901M")["England"].text == "second"
