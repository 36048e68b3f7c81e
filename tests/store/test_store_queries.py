"""The service's queries: finding, claiming and recording, on each backend."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

import pytest
import sqlalchemy as sa
from sqlmodel import select

from judge.store import (
    GameStatus,
    InboundMail,
    Letter,
    MembershipStatus,
    Outbox,
    OutboxStatus,
    PhaseRecord,
    Picture,
    Player,
    Store,
    SubmittedOrders,
    claim_due_games,
    claim_outbox,
    drop_held,
    due_outbox,
    game_by_name,
    latest_orders,
    membership_by_power,
    next_phase_sequence,
    open_store,
    due_pictures,
    keep_picture,
    queue_mail,
    queue_mails,
    record_inbound,
    release_held,
    renew_claim,
    settle_sent,
    synthetic_message_id,
)

if TYPE_CHECKING:
    from conftest import Rows

NOW = datetime(1455, 5, 22, 12, 0, tzinfo=UTC)


def add_due_games(store: Store, rows: type[Rows]) -> list[int]:
    """Four active games due at staggered past deadlines, plus games that are not due."""
    with store.session() as session:
        due = [
            rows.game(session, f"due{i}", status=GameStatus.ACTIVE, deadline=NOW - timedelta(minutes=10 - i))
            for i in range(4)
        ]
        rows.game(session, "future", status=GameStatus.ACTIVE, deadline=NOW + timedelta(seconds=1))
        rows.game(session, "paused", status=GameStatus.PAUSED, deadline=NOW - timedelta(days=1))
        rows.game(session, "forming", status=GameStatus.FORMING)
        return [game.id for game in due if game.id is not None]


def test_game_by_name_ignores_case(store: Store, rows: type[Rows]) -> None:
    with store.session() as session:
        rows.game(session, "Bosworth")
    with store.session() as session:
        found = game_by_name(session, "BOSWORTH")
        assert found is not None and found.name == "bosworth"
        assert game_by_name(session, "towton") is None


def test_membership_by_power_finds_the_active_holder(store: Store, rows: type[Rows]) -> None:
    with store.session() as session:
        game = rows.game(session, "roses")
        old = rows.member(session, game, "ENGLAND", "old@example.org")
        old.status = MembershipStatus.ABANDONED
        session.flush()
        new = rows.member(session, game, "ENGLAND", "new@example.org")
        assert game.id is not None
    with store.session() as session:
        found = membership_by_power(session, game.id, "ENGLAND")
        assert found is not None and found.id == new.id
        assert membership_by_power(session, game.id, "FRANCE") is None


def test_claim_due_games_takes_due_active_games_earliest_first(store: Store, rows: type[Rows]) -> None:
    due = add_due_games(store, rows)
    with store.session() as session:
        assert [game.id for game in claim_due_games(session, NOW)] == due
        assert [game.id for game in claim_due_games(session, NOW, limit=2)] == due[:2]


def test_a_claimed_game_processed_and_committed_is_no_longer_due(store: Store, rows: type[Rows]) -> None:
    add_due_games(store, rows)
    with store.session() as session:
        for game in claim_due_games(session, NOW):
            game.phase, game.deadline = "F1901M", NOW + timedelta(days=2)
    with store.session() as session:
        assert claim_due_games(session, NOW) == []


@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
def test_concurrent_claims_on_postgresql_get_disjoint_games(store: Store, rows: type[Rows]) -> None:
    due = add_due_games(store, rows)
    with store.session() as first, store.session() as second:
        claimed_first = [game.id for game in claim_due_games(first, NOW, limit=2)]
        claimed_second = [game.id for game in claim_due_games(second, NOW)]  # skips the locked rows
        assert claimed_first == due[:2]
        assert claimed_second == due[2:]


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_a_second_claim_on_sqlite_waits_for_the_first(
    store: Store, rows: type[Rows], database_url: str
) -> None:
    add_due_games(store, rows)
    impatient = open_store(database_url, busy_timeout=0.1)
    try:
        with store.session() as first:
            claim_due_games(first, NOW)
            with pytest.raises(sa.exc.OperationalError, match="locked"), impatient.session() as second:
                claim_due_games(second, NOW)
    finally:
        impatient.close()


def test_due_outbox_takes_pending_mail_due_at_the_instant(store: Store) -> None:
    with store.session() as session:
        late = Outbox(
            message_id="<1@j>", to_address="a@x", subject="", body="", next_attempt_at=NOW - timedelta(1)
        )
        due = Outbox(message_id="<2@j>", to_address="a@x", subject="", body="", next_attempt_at=NOW)
        later = Outbox(
            message_id="<3@j>", to_address="a@x", subject="", body="", next_attempt_at=NOW + timedelta(1)
        )
        sent = Outbox(
            message_id="<4@j>",
            to_address="a@x",
            subject="",
            body="",
            status=OutboxStatus.SENT,
            next_attempt_at=NOW,
        )
        session.add_all([later, due, sent, late])
    with store.session() as session:
        assert [mail.message_id for mail in due_outbox(session, NOW)] == ["<1@j>", "<2@j>"]
        assert [mail.message_id for mail in due_outbox(session, NOW, limit=1)] == ["<1@j>"]


def test_claim_outbox_counts_an_attempt_and_holds_the_claimed_mail_until_its_claim_lapses(store: Store) -> None:
    """The mails due (as ``due_outbox`` takes them), each attempt counted and each held by its
    claimant until ``until`` of the host's time (a second claim meanwhile finds none of them,
    however late in the judge's time), each with the picture it carries."""
    with store.session() as session:
        picture = keep_picture(session, "g-S1901M", "<svg>one</svg>")
        for address in ("a@example.org", "b@example.org"):
            queue_mail(session, address, "results", "text", domain="judge.example.org", now=NOW,
                       picture_id=picture)
        queue_mail(session, "c@example.org", "notice", "text", domain="judge.example.org", now=NOW)
    host = datetime(2030, 6, 1, tzinfo=UTC)  # the host's time, apart from the judge's
    until = host + timedelta(minutes=1)
    with store.session() as session:
        claimed = claim_outbox(session, NOW, "first:1", host, until, 2)
    assert [(mail.to_address, mail.attempts) for mail in claimed] == [("a@example.org", 1), ("b@example.org", 1)]
    assert {mail.picture[2] if mail.picture else None for mail in claimed} == {"<svg>one</svg>"}
    with store.session() as session:
        [third] = claim_outbox(session, NOW + timedelta(days=1), "second:2", host, until, 50)
        assert third.to_address == "c@example.org" and third.picture is None
        assert claim_outbox(session, NOW + timedelta(days=1), "second:2", until - timedelta(seconds=1), until, 50) == []
        assert {(mail.to_address, mail.claimed_by, mail.claimed_until) for mail in session.exec(select(Outbox))} == {
            ("a@example.org", "first:1", until), ("b@example.org", "first:1", until),
            ("c@example.org", "second:2", until)}
    with store.session() as session:
        again = claim_outbox(session, NOW, "third:3", until, until + timedelta(minutes=1), 50)
    assert [(mail.to_address, mail.attempts) for mail in again] == [
        ("a@example.org", 2), ("b@example.org", 2), ("c@example.org", 2)]


def test_a_claim_is_renewed_only_by_its_claimant_and_ends_when_the_mail_is_sent(store: Store) -> None:
    host = datetime(2030, 6, 1, tzinfo=UTC)
    with store.session() as session:
        for address in ("a@example.org", "b@example.org"):
            queue_mail(session, address, "results", "text", domain="judge.example.org", now=NOW)
    with store.session() as session:
        first, second = (mail.id for mail in claim_outbox(session, NOW, "first:1", host, host + timedelta(minutes=1), 50))
    later = host + timedelta(minutes=1)  # the first claimant's renewals stopped; a second takes one mail over
    with store.session() as session:
        [taken] = claim_outbox(session, NOW, "second:2", later, later + timedelta(minutes=1), 1)
    assert taken.id == first
    with store.session() as session:
        assert renew_claim(session, "first:1", [first, second], later + timedelta(minutes=2)) == {second}
        settle_sent(session, [second])
    with store.session() as session:
        assert renew_claim(session, "first:1", [first, second], later + timedelta(minutes=3)) == set()
        rows = {mail.id: mail for mail in session.exec(select(Outbox))}
        assert (rows[first].claimed_by, rows[first].claimed_until) == ("second:2", later + timedelta(minutes=1))
        assert (rows[second].status, rows[second].claimed_by, rows[second].claimed_until) == (
            OutboxStatus.SENT, None, None)


def test_due_pictures_are_those_the_next_due_mails_carry_each_once(store: Store) -> None:
    with store.session() as session:
        map_one = keep_picture(session, "g-S1901M", "<svg>one</svg>")
        map_two = keep_picture(session, "g-F1901M", "<svg>two</svg>")
        assert keep_picture(session, "again", "<svg>one</svg>") == map_one  # kept once
        for picture in (map_one, map_one, None):
            queue_mail(session, "a@example.org", "results", "text", domain="judge.example.org",
                       now=NOW, picture_id=picture)
        queue_mail(session, "b@example.org", "results", "text", domain="judge.example.org",
                   now=NOW + timedelta(hours=1), picture_id=map_two)  # not due yet
    with store.session() as session:
        digests = due_pictures(session, NOW, NOW, limit=20)
    assert [svg for _, svg in digests] == ["<svg>one</svg>"]
    with store.session() as session:
        assert sorted(svg for _, svg in due_pictures(session, NOW + timedelta(hours=1), NOW, 20)) == [
            "<svg>one</svg>", "<svg>two</svg>"]
        assert due_pictures(session, NOW + timedelta(hours=1), NOW, 1) == digests  # the first mail's


def test_queue_mail_gives_each_mail_its_own_message_id(store: Store) -> None:
    with store.session() as session:
        first = queue_mail(session, "a@example.org", "Re: orders", "ok", domain="judge.example.org", now=NOW)
        second = queue_mail(session, "a@example.org", "Re: orders", "ok", domain="judge.example.org", now=NOW)
    assert first.message_id != second.message_id
    assert first.message_id.startswith("<") and first.message_id.endswith("@judge.example.org>")
    with store.session() as session:
        assert [mail.id for mail in due_outbox(session, NOW)] == [first.id, second.id]


def test_mail_to_an_unconfirmed_player_is_held_but_a_reply_is_not(store: Store) -> None:
    with store.session() as session:
        session.add(Player(address="new@example.org"))
        session.add(Player(address="old@example.org", confirmed=True))
        session.flush()
        mails = [
            queue_mail(session, "new@example.org", "notice", "x", domain="d", now=NOW),
            queue_mail(session, "NEW@example.org", "notice", "x", domain="d", now=NOW),
            queue_mail(session, "new@example.org", "Re: orders", "x", domain="d", now=NOW, in_reply_to="<m@t>"),
            queue_mail(session, "old@example.org", "notice", "x", domain="d", now=NOW),
            queue_mail(session, "nobody@example.org", "notice", "x", domain="d", now=NOW),
        ]
        session.add(Player(address="later@example.org"))  # added in this transaction: known at once
        mails.append(queue_mail(session, "later@example.org", "notice", "x", domain="d", now=NOW))
    assert [mail.status for mail in mails] == [
        OutboxStatus.HELD, OutboxStatus.HELD, OutboxStatus.PENDING, OutboxStatus.PENDING,
        OutboxStatus.PENDING, OutboxStatus.HELD]
    with store.session() as session:
        assert [mail.id for mail in due_outbox(session, NOW + timedelta(days=30))] == [
            mails[2].id, mails[3].id, mails[4].id]


def test_mails_queued_together_are_each_queued_as_queue_mail_queues_one(store: Store) -> None:
    """``queue_mails``: each mail its own Message-ID, held for an address not confirmed, due at
    once, after the mails queued before it in the transaction (sent in that order)."""
    with store.session() as session:
        session.add(Player(address="new@example.org"))
        session.add(Player(address="old@example.org", confirmed=True))
        session.flush()
        picture = keep_picture(session, "g1-S1901M", "<svg>map</svg>")
        first = queue_mail(session, "old@example.org", "Re: orders", "ok", domain="d", now=NOW,
                           in_reply_to="<m@t>")
        queue_mails(session, [Letter("old@example.org", "results", "body one", picture),
                              Letter("NEW@example.org", "results", "body two"),
                              Letter("nobody@example.org", "results", "body\0three", picture)],
                    domain="judge.example.org", game_id=None, now=NOW)
        queue_mails(session, [], domain="d", now=NOW)  # nothing to queue: nothing queued
        last = queue_mail(session, "old@example.org", "notice", "x", domain="d", now=NOW)
    with store.session() as session:
        rows = list(session.exec(select(Outbox).order_by(Outbox.id)))  # type: ignore[arg-type]
        assert [(row.to_address, row.body, row.status) for row in rows] == [
            ("old@example.org", "ok", OutboxStatus.PENDING),
            ("old@example.org", "body one", OutboxStatus.PENDING),
            ("NEW@example.org", "body two", OutboxStatus.HELD),
            ("nobody@example.org", "body\ufffdthree", OutboxStatus.PENDING),  # no NUL in any mail
            ("old@example.org", "x", OutboxStatus.PENDING)]
        assert [row.picture_id for row in rows] == [None, picture, None, picture, None]
        assert rows[0].id == first.id and rows[-1].id == last.id
        assert len({row.message_id for row in rows}) == 5
        assert all(row.message_id.endswith("@judge.example.org>") for row in rows[1:4])
        assert all((row.attempts, row.last_error, row.in_reply_to, row.created_at, row.next_attempt_at)
                   == (0, "", None, NOW, NOW) for row in rows[1:4])
        assert [mail.id for mail in due_outbox(session, NOW)] == [rows[0].id, rows[1].id, rows[3].id, rows[4].id]


def test_held_mail_is_released_to_the_confirmed_address_or_dropped_when_old(store: Store) -> None:
    with store.session() as session:
        session.add(Player(address="a@example.org"))
        session.add(Player(address="b@example.org"))
        session.flush()
        old = queue_mail(session, "a@example.org", "notice", "x", domain="d", now=NOW - timedelta(days=8))
        held = [queue_mail(session, address, "notice", "x", domain="d", now=NOW)
                for address in ("a@example.org", "b@example.org")]
    with store.session() as session:
        assert drop_held(session, NOW - timedelta(days=7)) == 1
        assert release_held(session, "a@example.org", NOW, to="a2@example.org") == 1
    with store.session() as session:
        rows = {mail.id: mail for mail in session.exec(select(Outbox))}
        assert (rows[old.id].status, rows[old.id].last_error) == (
            OutboxStatus.FAILED, "held: the address was never confirmed")
        assert (rows[held[0].id].status, rows[held[0].id].to_address) == (OutboxStatus.PENDING, "a2@example.org")
        assert rows[held[1].id].status is OutboxStatus.HELD
        assert [mail.id for mail in due_outbox(session, NOW)] == [held[0].id]


def test_record_inbound_stores_a_mail_once(store: Store) -> None:
    first = b"Message-ID: <m1@example.org>\n\nfirst copy"
    with store.session() as session:
        row, created = record_inbound(session, first, " <m1@example.org> ", "a@example.org", "orders")
        assert created and row.message_id == "<m1@example.org>" and row.raw == first
    with store.session() as session:  # fetched again, with a trace header more: the same mail
        again, created = record_inbound(session, b"Received: by mx\r\n" + first, "<m1@example.org>", "A@example.org")
        assert not created and again.id == row.id and again.raw == first
        other, created = record_inbound(session, b"another", "<m2@example.org>")  # the transaction goes on
        assert created
    with store.session() as session:
        assert len(session.exec(select(InboundMail)).all()) == 2


def test_a_mail_borrowing_a_stored_message_id_is_stored_on_its_own(store: Store) -> None:
    """The same Message-ID from another sender, or saying something else, is another mail (a
    forger sending first with a player's Message-ID must not make the player's mail a duplicate)."""
    mail = b"Message-ID: <m1@example.org>\n\nSIGNON Ealpha secret\nF lon H\n"
    with store.session() as session:
        assert record_inbound(session, mail, "<m1@example.org>", "a@example.org")[1]
        assert record_inbound(session, mail, "<m1@example.org>", "forger@example.org")[1]
        assert record_inbound(session, mail.replace(b"H", b"- nth"), "<m1@example.org>", "a@example.org")[1]
        assert not record_inbound(session, mail, "<m1@example.org>", "a@example.org")[1]
    with store.session() as session:
        assert len(session.exec(select(InboundMail)).all()) == 3


def test_record_inbound_without_message_id_uses_the_bytes(store: Store) -> None:
    with store.session() as session:
        row, created = record_inbound(session, b"no id here", None)
        _, created_again = record_inbound(session, b"no id here", "")
    assert created and not created_again
    assert row.message_id == synthetic_message_id(b"no id here")


def test_next_phase_sequence_counts_replays(store: Store, rows: type[Rows]) -> None:
    with store.session() as session:
        game = rows.game(session, "roses")
        assert game.id is not None
        assert next_phase_sequence(session, game.id, "S1901M") == 1
        session.add(PhaseRecord(game_id=game.id, phase="S1901M", sequence=1))
        session.flush()
        assert next_phase_sequence(session, game.id, "S1901M") == 2
        assert next_phase_sequence(session, game.id, "F1901M") == 1


def test_latest_orders_keeps_each_powers_last_submission(store: Store, rows: type[Rows]) -> None:
    with store.session() as session:
        game = rows.game(session, "roses")
        england, france = rows.member(session, game, "ENGLAND"), rows.member(session, game, "FRANCE")
        assert game.id is not None
        for minutes, member, text in [(1, england, "first"), (3, france, "only"), (2, england, "second")]:
            assert member.id is not None
            session.add(
                SubmittedOrders(
                    game_id=game.id,
                    phase="S1901M",
                    power=member.power or "",
                    text=text,
                    received_at=NOW + timedelta(minutes=minutes),
                    membership_id=member.id,
                )
            )
    with store.session() as session:
        latest = latest_orders(session, game.id, "S1901M")
        assert {power: orders.text for power, orders in latest.items()} == {
            "ENGLAND": "second",
            "FRANCE": "only",
        }


def test_two_judges_keeping_the_same_picture_at_once_both_go_on(postgres_url: str) -> None:
    """Two judges on one PostgreSQL database keep the same picture (the same position in two of
    their games) in transactions open at once: the second waits for the first and takes its row,
    instead of failing on the unique digest and spoiling its phase's transaction."""
    first, second = open_store(postgres_url), open_store(postgres_url)
    try:
        kept: dict[str, int] = {}
        errors: list[BaseException] = []
        with first.session() as session:
            kept["first"] = keep_picture(session, "a-S1901M", "<svg>same</svg>")

            def keep_beside() -> None:
                try:
                    with second.session() as other:
                        kept["second"] = keep_picture(other, "b-S1901M", "<svg>same</svg>")
                except BaseException as error:  # noqa: BLE001 - reported below
                    errors.append(error)

            beside = threading.Thread(target=keep_beside)
            beside.start()
            beside.join(1.0)  # it waits on the first transaction's row
            assert beside.is_alive()
        beside.join(10.0)
        assert errors == [] and kept["second"] == kept["first"]
        with first.session() as session:
            assert len(session.exec(select(Picture)).all()) == 1
    finally:
        first.close()
        second.close()
