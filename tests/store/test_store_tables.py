"""Every table keeps what it is given: a round trip through a real database, on each backend."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from typing import TYPE_CHECKING

import pytest
import sqlalchemy as sa
from sqlalchemy.orm.exc import StaleDataError

from judge.store import (
    Game,
    GameStatus,
    InboundMail,
    InboundStatus,
    Membership,
    MembershipStatus,
    Outbox,
    OutboxStatus,
    PhaseRecord,
    Player,
    Press,
    PressKind,
    Role,
    Store,
    StoreModel,
    SignonFailure,
    SubmittedOrders,
    hash_password,
    inbound_fingerprint,
)

if TYPE_CHECKING:
    from conftest import Rows

T0 = datetime(1901, 3, 1, 12, 0, tzinfo=UTC)
BERLIN = timezone(timedelta(hours=1))


def assert_round_trip(store: Store, row: StoreModel) -> StoreModel:
    """Read ``row`` back in a new session and check that every field came back equal."""
    with store.session() as session:
        loaded = session.get(type(row), row.id)  # type: ignore[attr-defined]
        assert loaded is not None
        assert loaded.model_dump() == row.model_dump()
        for value in loaded.model_dump().values():
            if isinstance(value, datetime):
                assert value.tzinfo is UTC
        return loaded


def test_game_round_trip(store: Store, rows: type[Rows]) -> None:
    with store.session() as session:
        game = rows.game(
            session,
            name="Roses_1455",
            status=GameStatus.ACTIVE,
            settings={
                "press": "white",
                "nmr": "hold",
                "timing": {"movement": {"hours": 48}, "retreat": {"hours": 24}},
                "days": ["mon", "tue", "wed", "thu", "fri"],
                "time_zone": "Europe/London",
                "anonymous": False,
                "draw": "dias",
            },
            state={"units": {"ENGLAND": ["F lon", "A lvp"]}, "year": 1901, "dislodged": None},
            phase="S1901M",
            deadline=datetime(1901, 3, 3, 18, 0, tzinfo=BERLIN),
            grace_until=datetime(1901, 3, 4, 18, 0, tzinfo=UTC),
            created_at=T0,
        )
    loaded = assert_round_trip(store, game)
    assert isinstance(loaded, Game)
    assert loaded.name == "roses_1455"  # stored lower-case
    assert loaded.deadline == datetime(1901, 3, 3, 17, 0, tzinfo=UTC)
    assert loaded.status is GameStatus.ACTIVE
    assert loaded.secret == b"\x00" * 32
    assert loaded.version == 1


def test_game_without_state_keeps_json_null(store: Store, rows: type[Rows]) -> None:
    with store.session() as session:
        game = rows.game(session)
    loaded = assert_round_trip(store, game)
    assert isinstance(loaded, Game)
    assert loaded.state is None and loaded.deadline is None and loaded.settings == {}


def test_game_version_goes_up_and_a_stale_copy_cannot_overwrite(store: Store, rows: type[Rows]) -> None:
    with store.session() as session:
        game = rows.game(session)
    with store.session() as session:
        stale = session.get(Game, game.id)
        assert stale is not None
    with store.session() as session:
        current = session.get(Game, game.id)
        assert current is not None
        current.phase = "S1901M"
    assert current.version == 2
    with pytest.raises(StaleDataError), store.session() as session:
        stale = session.merge(stale, load=False)
        stale.phase = "F1901M"


def test_naive_datetime_is_refused(store: Store, rows: type[Rows]) -> None:
    with pytest.raises(sa.exc.StatementError, match="naive datetime"), store.session() as session:
        rows.game(session, deadline=datetime(1901, 3, 3, 18, 0))


def test_unknown_status_is_refused(store: Store, rows: type[Rows]) -> None:
    with (
        pytest.raises(sa.exc.StatementError, match="'won' is not a valid GameStatus"),
        store.session() as session,
    ):
        rows.game(session, status="won")


def test_game_names_are_unique_whatever_the_case(store: Store, rows: type[Rows]) -> None:
    with store.session() as session:
        rows.game(session, name="roses")
    with pytest.raises(sa.exc.IntegrityError), store.session() as session:
        rows.game(session, name="ROSES")


def test_player_and_membership_round_trip(store: Store, rows: type[Rows]) -> None:
    with store.session() as session:
        game = rows.game(session)
        player = Player(address="Warwick@Example.ORG", created_at=T0)
        session.add(player)
        session.flush()
        assert game.id is not None and player.id is not None
        member = Membership(
            game_id=game.id,
            player_id=player.id,
            role=Role.PLAYER,
            power="ENGLAND",
            password_hash=hash_password("kingmaker"),
            status=MembershipStatus.ACTIVE,
            wait=True,
            draw_vote=False,
            absences=[["1901-03-10", "1901-03-17"]],
            joined_at=T0,
        )
        session.add(member)
    loaded_player = assert_round_trip(store, player)
    assert isinstance(loaded_player, Player) and loaded_player.address == "warwick@example.org"
    assert_round_trip(store, member)


def test_player_addresses_are_unique_whatever_the_case(store: Store) -> None:
    with store.session() as session:
        session.add(Player(address="edward@example.org"))
    with pytest.raises(sa.exc.IntegrityError), store.session() as session:
        session.add(Player(address="Edward@Example.org"))


def test_one_active_membership_per_power_but_old_ones_are_kept(store: Store, rows: type[Rows]) -> None:
    with store.session() as session:
        game = rows.game(session)
        first = rows.member(session, game, "ENGLAND", "first@example.org")
        first.status = MembershipStatus.RESIGNED
        rows.member(session, game, "ENGLAND", "second@example.org")  # the replacement
        rows.member(session, game, None, "observer1@example.org")  # observers hold no power:
        rows.member(session, game, None, "observer2@example.org")  # any number of them
    with pytest.raises(sa.exc.IntegrityError), store.session() as session:
        game_again = session.get(Game, game.id)
        assert game_again is not None
        rows.member(session, game_again, "ENGLAND", "third@example.org")


def test_foreign_keys_are_enforced(store: Store) -> None:
    with pytest.raises(sa.exc.IntegrityError), store.session() as session:
        session.add(Player(address="nobody@example.org"))
        session.flush()
        session.add(Membership(game_id=999, player_id=999, password_hash="-"))


def test_phase_record_round_trip_and_replays(store: Store, rows: type[Rows]) -> None:
    with store.session() as session:
        game = rows.game(session)
        assert game.id is not None
        record = PhaseRecord(
            game_id=game.id,
            phase="S1901M",
            sequence=1,
            state_before={"units": ["A vie"]},
            orders={"AUSTRIA": ["A vie - bud"]},
            resolution={"A vie - bud": "succeeds"},
            state_after={"units": ["A bud"]},
            processed_at=T0,
            reason="deadline passed",
        )
        replay = PhaseRecord(game_id=game.id, phase="S1901M", sequence=2, reason="replayed after rollback")
        session.add_all([record, replay])
    assert_round_trip(store, record)
    assert_round_trip(store, replay)
    with pytest.raises(sa.exc.IntegrityError), store.session() as session:
        session.add(PhaseRecord(game_id=game.id, phase="S1901M", sequence=2))


def test_submitted_orders_round_trip(store: Store, rows: type[Rows]) -> None:
    with store.session() as session:
        game = rows.game(session)
        member = rows.member(session, game, "FRANCE")
        assert game.id is not None and member.id is not None
        orders = SubmittedOrders(
            game_id=game.id,
            phase="S1901M",
            power="FRANCE",
            text="A Par-Bur\nF Bre - Mid Atlantic\nA Mar H\n",
            orders=[{"unit": "A par", "move": "bur"}, {"unit": "F bre", "move": "mao"}],
            complete=False,
            errors=[{"line": 3, "word": "H", "expected": "an order"}],
            received_at=T0,
            membership_id=member.id,
        )
        session.add(orders)
    assert_round_trip(store, orders)


def test_press_round_trip(store: Store, rows: type[Rows]) -> None:
    with store.session() as session:
        game = rows.game(session)
        assert game.id is not None
        press = Press(
            game_id=game.id,
            phase="S1901M",
            sender_power="ENGLAND",
            sender_role=Role.PLAYER,
            recipients=["FRANCE", "GERMANY"],
            kind=PressKind.GREY,
            body="The Channel is yours if Belgium is mine.",
            sent_at=T0,
        )
        session.add(press)
    loaded = assert_round_trip(store, press)
    assert isinstance(loaded, Press) and loaded.kind is PressKind.GREY


def test_inbound_mail_round_trip(store: Store) -> None:
    raw = b"From: a@example.org\r\nSubject: orders\r\n\r\n\xff\x00binary-safe\r\n"
    with store.session() as session:
        mail = InboundMail(
            message_id="<1@example.org>",
            fingerprint=inbound_fingerprint("<1@example.org>", "a@example.org", raw),
            raw=raw,
            sender="a@example.org",
            reply_to="a@example.org",
            subject="orders",
            received_at=T0,
            status=InboundStatus.PROCESSED,
            outcome="orders accepted for ENGLAND",
        )
        session.add(mail)
    loaded = assert_round_trip(store, mail)
    assert isinstance(loaded, InboundMail) and loaded.raw == raw


def test_signon_failure_round_trip(store: Store, rows: type[Rows]) -> None:
    with store.session() as session:
        game = rows.game(session)
        assert game.id is not None
        failure = SignonFailure(game_id=game.id, target="ENGLAND", address="mallory@example.net",
                                owner=False, failed_at=T0, told=True)
        session.add(failure)
    loaded = assert_round_trip(store, failure)
    assert isinstance(loaded, SignonFailure) and loaded.failed_at == T0 and loaded.told


def test_outbox_round_trip(store: Store, rows: type[Rows]) -> None:
    with store.session() as session:
        game = rows.game(session)
        mail = Outbox(
            message_id="<reply-1@judge.example.org>",
            to_address="warwick@example.org",
            subject="Re: orders",
            body="Orders received.\n",
            in_reply_to="<1@example.org>",
            game_id=game.id,
            created_at=T0,
            status=OutboxStatus.FAILED,
            attempts=7,
            next_attempt_at=T0 + timedelta(hours=1),
            last_error="550 no such user",
        )
        session.add(mail)
    assert_round_trip(store, mail)
