"""Bad input: thousands of generated malformed, truncated, mis-encoded and hostile mails.

Every mail given to ``ingest`` is answered or deliberately dropped, nothing raises, and the database
changes only where a command in the mail was right:

- ``ingest`` never raises, and never records a mail as *failed* (that means an unexpected exception
  inside the service);
- every mail has its row in the log (one per mail: the same Message-ID, sender and body sent twice
  is "already processed"); every processed mail has exactly one reply in the outbox
  (``in_reply_to`` its Message-ID) and every dropped one none; a mail plainly from a person is
  never dropped;
- every reply can be delivered (``ticker.deliver`` composes and sends it);
- mails with no valid command in them (wrong passwords, games that do not exist, names that cannot
  be read) change no game, player, membership, orders, press or phase record: only the log, the
  wrong passwords noted and the outbox grow, and the outbox only by the replies (and a power's
  player told of wrong passwords given for the power: the limit on guessing).

Each hypothesis example is a fresh judge (a copy of one made once, with a running game and a
forming one made by mail) given a batch of generated mails (see ``hostile_strategies.py``).
Passwords are hashed with a tiny scrypt cost here: the hashing is not what is tested, and at full
cost it would be most of the run time.

The tests at the end are the bugs this test found (lone surrogates, codecs that raise, unsendable
replies, unreadable mail, a refused command leaving a player behind), kept as regression tests.
A bug found later is reported the same way: an xfail(strict) test naming it, and a clause in
``read_or_bug`` setting aside the mails that would hit it, until it is fixed.
"""

from __future__ import annotations

import base64
import dataclasses
import itertools
import multiprocessing
import shutil
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hostile_strategies import Known, hostile_batch
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from mail_judge import Delivered, MailJudge
from sqlmodel import select

import judge.store.passwords as passwords_module
from judge.mail.message import IncomingMail, read_envelope, read_message
from judge.service.config import load_config
from judge.service.intake.mailroom import ingest
from judge.service.daemon.operate import init_judge
from judge.service.daemon.ticker import deliver
from judge.store import (
    Game,
    InboundMail,
    InboundStatus,
    Membership,
    Outbox,
    OutboxStatus,
    PhaseRecord,
    Player,
    Press,
    SubmittedOrders,
    inbound_fingerprint,
    open_store,
    synthetic_message_id,
)

MASTER = "master@example.org"
PLAYERS = [f"player{n}@example.org" for n in range(1, 8)]
BATCH = 12  # mails per hypothesis example (more overrun hypothesis's 8 KiB of choices)
SLOW = 10.0  # seconds: a mail that takes longer is a bug too (it holds the database's write lock)


@pytest.fixture(scope="module", autouse=True)
def cheap_passwords() -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(passwords_module, "N", 2**4)
        yield


# --- a judge with something in it ------------------------------------------------------------------


def open_judge(folder: Path) -> MailJudge:
    config = load_config(folder / "judge.toml")
    return MailJudge(config, open_store(config.database_url), _ids=itertools.count(1000))


def seed(judge: MailJudge) -> Known:
    """A running game (alpha) and a forming one (forming1), made by mail, everyone's address
    confirmed; what mails may name."""
    judge.enrol(MASTER, "CREATE ?alpha Master-Secret!")
    for number, address in enumerate(PLAYERS, 1):
        judge.enrol(address, f"JOIN alpha Secret-{number}!")
    judge.enrol("former@example.org", "CREATE ?forming1 Former-Secret!")
    judge.enrol("joiner@example.org", "JOIN forming1 Joiner-Secret!")
    passwords = {address: f"Secret-{n}!" for n, address in enumerate(PLAYERS, 1)}
    signons = ["SIGNON m@alpha Master-Secret!", "SIGNON master@forming1 Former-Secret!",
               "SIGNON ?forming1 Another-Secret!"]
    with judge.store.session() as db:
        for membership in db.exec(select(Membership).where(Membership.power != None)):
            address = db.get(Player, membership.player_id).address  # type: ignore[union-attr]
            signons.append(f"SIGNON {membership.power}@alpha {passwords[address]}")
            signons.append(f"SIGNON {membership.power[0]}alpha {passwords[address]}")  # type: ignore[index]
    return Known(
        games=("alpha", "forming1", "nothere"),
        addresses=(MASTER, *PLAYERS, "former@example.org", "joiner@example.org"),
        passwords=(*passwords.values(), "Master-Secret!"),
        signons=tuple(signons),
    )


@dataclass(frozen=True)
class Template:
    """A seeded judge's folder, made once; each example works on a copy (a fresh judge, in ms)."""

    folder: Path
    known: Known

    @contextmanager
    def copy(self, *, refused_only: bool = False) -> Iterator[tuple[MailJudge, Known]]:
        with tempfile.TemporaryDirectory() as scratch:
            folder = Path(scratch) / "judge"
            shutil.copytree(self.folder, folder)
            judge = open_judge(folder)
            known = self.known
            if refused_only:
                known = dataclasses.replace(known, passwords=(), signons=(), refused_only=True)
            try:
                yield judge, known
            finally:
                judge.store.close()


TOTALS: Counter[str] = Counter()  # mails sent and set aside in this run, printed at the end (pytest -s)


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory, cheap_passwords: None) -> Iterator[Template]:
    folder = tmp_path_factory.mktemp("hostile") / "judge"
    init_judge(folder)
    judge = open_judge(folder)
    try:
        known = seed(judge)
        deliver(judge.store, judge.config, Delivered(), judge.now)  # each copy sends only its own mail
    finally:
        judge.store.close()  # the last connection closed: the WAL is folded into the file
    yield Template(folder, known)
    print(f"\nhostile mail: {TOTALS['sent']} mails ingested, {TOTALS['set aside']} set aside (known bugs)")


TRACKED = (Game, Player, Membership, SubmittedOrders, Press, PhaseRecord)


def snapshot(judge: MailJudge) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of the tables that hold games and players, as plain values."""
    tables: dict[str, list[tuple[Any, ...]]] = {}
    with judge.store.session() as db:
        for table in TRACKED:
            rows = db.exec(select(table)).all()
            tables[table.__tablename__] = sorted(
                tuple(repr(v) for v in row.model_dump().values()) for row in rows
            )
    return tables


# --- sending a batch and checking what became of it --------------------------------------------------


def read_or_bug(raw: bytes, config: Any) -> tuple[IncomingMail | None, str | None]:
    """The mail as the judge reads it (None when the reader cannot take it apart: the judge then
    tells the sender so once if its headers give one to answer, and otherwise logs and drops it),
    and why it would hit a bug already reported (the mail is then set aside,
    not sent), or None. No bug is known today: for one found later, return the reason (naming
    its xfail test) for the mails that would hit it."""
    try:
        return read_message(raw, config.body_limit), None
    except (RecursionError, UnicodeError):
        return None, None


@dataclass
class Batch:
    ids: set[str]  # the Message-IDs of the mails sent
    mails: set[str] = dataclasses.field(default_factory=set)  # their fingerprints: the mails as stored
    sent: int = 0
    set_aside: int = 0


def fingerprint(raw: bytes, reading: IncomingMail | None) -> tuple[str, str]:
    """The Message-ID a mail is logged under and what makes it the same mail (as the judge reads
    it: the whole mail, else its headers, else its bytes alone)."""
    if reading is None:
        try:
            reading = read_envelope(raw)
        except Exception:  # noqa: BLE001 - not even the headers: the bytes stand for the mail
            return synthetic_message_id(raw), inbound_fingerprint(synthetic_message_id(raw), "", raw)
    message_id = reading.message_id.strip() or synthetic_message_id(raw)
    return message_id, inbound_fingerprint(message_id, reading.sender, raw)


def send_batch(judge: MailJudge, mails: list[Any]) -> Batch:
    """Ingest each mail; check what ``ingest`` says of it as it goes, and the log and outbox after."""
    batch = Batch(ids=set())
    for mail in mails:
        reading, reason = read_or_bug(mail.raw, judge.config)
        if reason is not None:
            batch.set_aside += 1
            TOTALS["set aside"] += 1
            event(f"set aside: {reason}")
            continue
        started = time.perf_counter()
        outcome = ingest(judge.store, judge.config, mail.raw, judge.now)
        took = time.perf_counter() - started
        assert took < SLOW, f"{took:.1f} s for one mail: {mail.raw[:300]!r}"
        batch.sent += 1
        TOTALS["sent"] += 1
        message_id, stored_as = fingerprint(mail.raw, reading)
        if stored_as in batch.mails:
            assert outcome.startswith("already processed"), (outcome, mail.raw[:300])
            continue
        batch.ids.add(message_id)
        batch.mails.add(stored_as)
        if reading is None:  # the reader cannot take it apart: told so once, or dropped
            assert outcome.startswith(("dropped", "answered: unreadable")), (outcome, mail.raw[:300])
        assert not outcome.startswith(("already processed", "failed")), (outcome, mail.raw[:500])
        if mail.expect_answer:
            assert not outcome.startswith("dropped"), (outcome, mail.raw[:500])
        event("dropped" if outcome.startswith("dropped") else "answered")
    check_log_and_outbox(judge, batch)
    return batch


def check_log_and_outbox(judge: MailJudge, batch: Batch) -> None:
    with judge.store.session() as db:  # the columns needed, not the mails' bytes
        rows = [(message_id, status, outcome) for message_id, status, outcome
                in db.exec(select(InboundMail.message_id, InboundMail.status, InboundMail.outcome))
                if message_id in batch.ids]
        replies = Counter(db.exec(select(Outbox.in_reply_to)))
    assert len(rows) == len(batch.mails)
    expected: Counter[str] = Counter()  # mails that share a Message-ID share it in their replies
    for message_id, status, outcome in rows:
        assert status in (InboundStatus.PROCESSED, InboundStatus.DROPPED), (status, outcome)
        expected[message_id] += 1 if status is InboundStatus.PROCESSED else 0
    for message_id in batch.ids:
        assert replies[message_id] == expected[message_id], (message_id, rows)
    # Every reply (and notice) can be composed and handed to the transport, but for the notices
    # held for an address not confirmed (a reply is never held).
    transport = Delivered()
    deliver(judge.store, judge.config, transport, judge.now)
    with judge.store.session() as db:
        unsent = db.exec(select(Outbox).where(Outbox.status != OutboxStatus.SENT)).all()
        unconfirmed = set(db.exec(select(Player.address).where(Player.confirmed == False)))  # noqa: E712
    unsent = [m for m in unsent if not (m.status is OutboxStatus.HELD and m.in_reply_to is None
                                        and m.to_address in unconfirmed)]
    assert not unsent, [(m.to_address, m.subject, m.status, m.last_error) for m in unsent[:3]]


HYPOTHESIS = settings(
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example],
)


@settings(HYPOTHESIS, max_examples=95)
@given(data=st.data())
def test_every_hostile_mail_is_answered_or_dropped_and_nothing_raises(template: Template,
                                                                     data: st.DataObject) -> None:
    with template.copy() as (judge, known):
        mails = data.draw(hostile_batch(known, BATCH, "h"))
        send_batch(judge, mails)


@settings(HYPOTHESIS, max_examples=80)
@given(data=st.data())
def test_mails_without_a_valid_command_change_nothing_but_the_log(template: Template,
                                                                  data: st.DataObject) -> None:
    with template.copy(refused_only=True) as (judge, known):
        before = snapshot(judge)
        with judge.store.session() as db:
            outbox_before = {m.id for m in db.exec(select(Outbox))}
        mails = data.draw(hostile_batch(known, BATCH, "r"))
        batch = send_batch(judge, mails)
        assert snapshot(judge) == before
        with judge.store.session() as db:
            added = [m for m in db.exec(select(Outbox)) if m.id not in outbox_before]
        assert all(m.in_reply_to in batch.ids or m.subject.startswith("Wrong passwords for ")
                   for m in added), [m.subject for m in added]


# --- hand-written cases ----------------------------------------------------------------------------


def raw_mail(sender: str, body: str | bytes, message_id: str, headers: str = "") -> bytes:
    text = body.encode() if isinstance(body, str) else body
    return (f"From: {sender}\nTo: judge@localhost\nSubject: orders\nMessage-ID: {message_id}\n"
            f"{headers}\n").encode() + text


def outcome_of(judge: MailJudge, message_id: str) -> tuple[InboundMail, list[Outbox]]:
    with judge.store.session() as db:
        row = db.exec(select(InboundMail).where(InboundMail.message_id == message_id)).one()
        replies = list(db.exec(select(Outbox).where(Outbox.in_reply_to == message_id)))
    return row, replies


@pytest.fixture
def seeded(template: Template) -> Iterator[tuple[MailJudge, Known]]:
    with template.copy() as judge_and_known:
        yield judge_and_known


def england(known: Known) -> tuple[str, str]:
    """England's SIGNON line and its units' hold orders."""
    line = next(s for s in known.signons if s.startswith("SIGNON England@alpha"))
    return line, "F lon H\nF edi H\nA lvp H"


def test_a_mail_with_only_a_signature_gets_a_reply_saying_so(seeded: tuple[MailJudge, Known]) -> None:
    judge, _known = seeded
    ingest(judge.store, judge.config, raw_mail("someone@example.org", "-- \nA. Player\nCREATE ?sig pw\n",
                                               "<sig@x>"), judge.now)
    row, replies = outcome_of(judge, "<sig@x>")
    assert row.status is InboundStatus.PROCESSED and len(replies) == 1
    assert "no commands" in replies[0].body
    with judge.store.session() as db:
        assert db.exec(select(Game).where(Game.name == "sig")).first() is None


@pytest.mark.parametrize("sender, headers", [
    ("MAILER-DAEMON@mx.example.org", ""),
    ("Mail Delivery System <mailer-daemon@example.org>",
     "Content-Type: multipart/report; report-type=delivery-status; boundary=b\n"),
    ("player1@example.org", "Auto-Submitted: auto-replied\n"),
    ("player1@example.org", "Auto-Submitted: auto-generated\n"),
    ("player1@example.org", "Return-Path: <>\n"),
], ids=["mailer-daemon", "bounce-report", "auto-replied", "auto-generated", "null-return-path"])
def test_mail_from_robots_is_dropped_without_a_reply(seeded: tuple[MailJudge, Known], sender: str,
                                                     headers: str) -> None:
    judge, known = seeded
    signon, orders = england(known)
    body = f"--b\n\nYour message could not be delivered:\n\n{signon}\n{orders}\nRESIGN\n--b--\n"
    before = snapshot(judge)
    outcome = ingest(judge.store, judge.config, raw_mail(sender, body, "<robot@x>", headers), judge.now)
    row, replies = outcome_of(judge, "<robot@x>")
    assert outcome.startswith("dropped") and row.status is InboundStatus.DROPPED and not replies
    assert snapshot(judge) == before


def test_the_same_mail_twice_is_processed_once(seeded: tuple[MailJudge, Known]) -> None:
    judge, known = seeded
    signon, orders = england(known)
    raw = raw_mail("player1@example.org", f"{signon}\n{orders}\n", "<twice@x>")
    first = ingest(judge.store, judge.config, raw, judge.now)
    again = ingest(judge.store, judge.config, b"Received: from mx2 by mx1\n" + raw, judge.now)
    assert first.startswith("answered") and again == "already processed: <twice@x>"
    _row, replies = outcome_of(judge, "<twice@x>")
    assert len(replies) == 1
    with judge.store.session() as db:
        assert len(db.exec(select(InboundMail).where(InboundMail.message_id == "<twice@x>")).all()) == 1


@pytest.mark.parametrize("shape", ["lines", "one-line"])
def test_a_five_megabyte_body_is_read_up_to_the_limit_and_answered(seeded: tuple[MailJudge, Known],
                                                                   shape: str) -> None:
    judge, _known = seeded
    line = "The quick brown fox jumps over the lazy dog, again and again and again.\n"
    body = line * (5_000_000 // len(line)) if shape == "lines" else "x" * 5_000_000
    started = time.perf_counter()
    ingest(judge.store, judge.config, raw_mail("someone@example.org", body, "<big@x>"), judge.now)
    assert time.perf_counter() - started < SLOW
    row, replies = outcome_of(judge, "<big@x>")
    assert row.status is InboundStatus.PROCESSED and len(replies) == 1
    assert f"longer than {judge.config.body_limit} bytes" in replies[0].body
    assert len(replies[0].body) < 4 * judge.config.body_limit


def test_two_hundred_lines_of_orders_are_read_and_the_last_order_for_a_unit_wins(
    seeded: tuple[MailJudge, Known],
) -> None:
    judge, known = seeded
    signon, _orders = england(known)
    lines = ["F lon H", "F edi H", "A lvp H"] * 66 + ["F lon - nth", "A lvp - yor"]
    ingest(judge.store, judge.config, raw_mail("player1@example.org", "\n".join([signon, *lines]), "<many@x>"),
           judge.now)
    row, replies = outcome_of(judge, "<many@x>")
    assert row.status is InboundStatus.PROCESSED and len(replies) == 1
    assert "Your orders for S1901M are complete." in replies[0].body
    with judge.store.session() as db:
        last = db.exec(select(SubmittedOrders).where(SubmittedOrders.power == "England")
                       .order_by(SubmittedOrders.id.desc())).first()  # type: ignore[union-attr]
    assert last is not None and sorted(last.orders.values()) == ["A lvp - yor", "F edi H", "F lon - nth"]


def _ten_thousand_lines(template: Template, pipe: Any) -> None:
    """In a child process (so that the test can give up on it): a 10,000-line order mail."""
    with template.copy() as (judge, known):
        signon, orders = england(known)
        body = "\n".join([signon] + orders.split("\n") * 3_334)
        ingest(judge.store, judge.config, raw_mail("player1@example.org", body, "<10k@x>"), judge.now)
        row, replies = outcome_of(judge, "<10k@x>")
        pipe.send((row.status.value, len(replies)))


def within(seconds: float, work: Callable[..., None], *args: Any) -> Any:
    """What ``work`` sends down its pipe, if it finishes within ``seconds`` (in a forked process)."""
    context = multiprocessing.get_context("fork")
    receiving, sending = context.Pipe(duplex=False)
    child = context.Process(target=work, args=(*args, sending))
    child.start()
    child.join(seconds)
    if child.is_alive():
        child.kill()
        child.join()
        pytest.fail(f"not done within {seconds} s")
    assert receiving.poll(), f"the child process ended with {child.exitcode} and sent nothing"
    return receiving.recv()


def test_ten_thousand_lines_of_orders_are_answered_within_ten_seconds(template: Template) -> None:
    # Found here while each order line was its own submission: the time grew with the square of
    # the lines (1,000 took ~20 s; 10,000 would have held the write lock ~40 min). Since 74b6ae2 a
    # mail's order lines are one submission. Run in a child process, so a relapse fails, not hangs.
    assert within(SLOW, _ten_thousand_lines, template) == ("processed", 1)


# --- bugs this test found: the fixed ones kept as regression tests, the open ones xfail(strict) -----


def quietly(work: Callable[..., Any], *args: Any) -> Any:
    """``work(*args)``, an exception from it turned into a one-line failure (an xfail's long
    traceback, a RecursionError's above all, costs pytest seconds to format)."""
    try:
        return work(*args)
    except Exception as error:  # noqa: BLE001 - any exception is the failure being shown
        message = f"{type(error).__name__}: {str(error)[:200]}"
    raise AssertionError(message)


SURROGATE_MAILS = {
    "subject-escape": b"Subject: =?utf-8?q?hi?= \\ud800\n\nLIST\n",
    "subject-utf7": b"Subject: =?utf-7?q?+2AA-?=\n\nLIST\n",
    "body-utf7": b"Subject: x\nContent-Type: text/plain; charset=utf-7\n\nLIST +2AA-\n",
    "body-unicode-escape": b"Subject: x\nContent-Type: text/plain; charset=unicode-escape\n\nLIST \\ud800\n",
}


@pytest.mark.parametrize("name", list(SURROGATE_MAILS))
def test_lone_surrogates_in_a_mail_are_stored_and_answered(seeded: tuple[MailJudge, Known],
                                                                     name: str) -> None:
    judge, _known = seeded
    raw = b"From: player1@example.org\nMessage-ID: <s@x>\n" + SURROGATE_MAILS[name]
    quietly(ingest, judge.store, judge.config, raw, judge.now)
    row, replies = outcome_of(judge, "<s@x>")
    assert row.status is InboundStatus.PROCESSED and len(replies) == 1


UNSENDABLE = {
    "encoded-line-break": ("player1@example.org",
                           "=?utf-8?b?" + base64.b64encode(b"orders\r\nBcc: victim@example.org").decode() + "?="),
    "form-feed": ("player1@example.org", "orders\x0cnow"),
    "line-separator": ("player1@example.org", "orders\u2028now"),
    "address-<": ('"<"', "orders"),
}


@pytest.mark.parametrize("name", list(UNSENDABLE))
def test_an_unsendable_reply_does_not_stop_delivery(seeded: tuple[MailJudge, Known], name: str) -> None:
    judge, _known = seeded
    sender, subject = UNSENDABLE[name]
    raw = (f"From: {sender}\nSubject: {subject}\nMessage-ID: <u@x>\n\nLIST\n").encode()
    quietly(ingest, judge.store, judge.config, raw, judge.now)
    quietly(deliver, judge.store, judge.config, Delivered(), judge.now)


CODEC_RAISES = {
    "subject-idna": b"Subject: =?idna?b?8o?=\n\nLIST\n",
    "subject-punycode": b"Subject: =?punycode?q?=F3?=\n\nLIST\n",
    "from-name-idna": b"Subject: x\n\nLIST\n",
}


@pytest.mark.parametrize("name", list(CODEC_RAISES))
def test_a_charset_whose_codec_raises(seeded: tuple[MailJudge, Known], name: str) -> None:
    judge, _known = seeded
    sender = "=?idna?b?8o?= <player1@example.org>" if name == "from-name-idna" else "player1@example.org"
    raw = f"From: {sender}\nMessage-ID: <c@x>\n".encode() + CODEC_RAISES[name]
    quietly(ingest, judge.store, judge.config, raw, judge.now)
    row, replies = outcome_of(judge, "<c@x>")
    assert row.status is InboundStatus.PROCESSED and len(replies) == 1


def _deeply_nested(head: bytes) -> bytes:
    raw = head
    for level in range(1_000):
        raw += b"Content-Type: multipart/mixed; boundary=b%d\n\n--b%d\n" % (level, level)
    return raw + b"Content-Type: text/plain\n\nLIST\n"


def test_a_deeply_nested_multipart_is_answered_once_saying_it_could_not_be_read(
    seeded: tuple[MailJudge, Known],
) -> None:
    judge, _known = seeded
    before = snapshot(judge)
    raw = _deeply_nested(b"From: player1@example.org\nSubject: orders\nMessage-ID: <deep@x>\n")
    assert quietly(ingest, judge.store, judge.config, raw, judge.now) == "answered: unreadable"
    assert quietly(ingest, judge.store, judge.config, raw, judge.now).startswith("already processed")
    row, replies = outcome_of(judge, "<deep@x>")
    assert row.status is InboundStatus.PROCESSED and "RecursionError" in row.outcome
    assert [r.to_address for r in replies] == ["player1@example.org"]
    assert "could not read this mail" in replies[0].body and replies[0].subject == "Re: orders"
    assert snapshot(judge) == before  # nothing in it was done


def test_a_deeply_nested_multipart_from_a_robot_is_logged_and_dropped(
    seeded: tuple[MailJudge, Known],
) -> None:
    judge, _known = seeded
    raw = _deeply_nested(b"From: player1@example.org\nAuto-Submitted: auto-replied\n"
                         b"Message-ID: <deep-robot@x>\n")
    outcome = quietly(ingest, judge.store, judge.config, raw, judge.now)
    row, replies = outcome_of(judge, "<deep-robot@x>")
    assert outcome.startswith("dropped") and row.status is InboundStatus.DROPPED and not replies
    assert "RecursionError" in row.outcome


@pytest.mark.parametrize("command", ["JOIN alpha pw", "CREATE ?alpha pw", "SIGNON ?alpha pw"])
def test_a_refused_command_registers_no_player(seeded: tuple[MailJudge, Known], command: str) -> None:
    judge, _known = seeded
    before = snapshot(judge)
    raw = f"From: stranger@example.org\nMessage-ID: <refused@x>\n\n{command}\n".encode()
    quietly(ingest, judge.store, judge.config, raw, judge.now)
    _row, replies = outcome_of(judge, "<refused@x>")
    assert "Refused" in replies[0].body
    assert snapshot(judge) == before


def test_the_reply_subject_is_cut_to_a_sane_length(seeded: tuple[MailJudge, Known]) -> None:
    judge, _known = seeded
    raw = ("From: player1@example.org\nSubject: " + "é" * 100_000 + "\nMessage-ID: <long@x>\n\nLIST\n").encode()
    quietly(ingest, judge.store, judge.config, raw, judge.now)
    _row, replies = outcome_of(judge, "<long@x>")
    assert len(replies) == 1 and len(replies[0].subject) <= 998, len(replies[0].subject)


NOT_COMPOSABLE = {
    "address-<": b'From: "<"\nSubject: orders\n',
    "address-control-character": b"From: a\x1eb@example.org\nSubject: orders\n",
    "subject-nested-encoded-word": b"From: player1@example.org\n"
                                   b"Subject: =?utf-8?q?=C3=A9_=3D=3Futf-8=3Fq=3F=3DF0=3F=3D?=\n",
}


@pytest.mark.parametrize("name", list(NOT_COMPOSABLE))
def test_a_reply_that_cannot_be_composed_is_never_written(seeded: tuple[MailJudge, Known], name: str) -> None:
    judge, _known = seeded
    raw = NOT_COMPOSABLE[name] + b"Message-ID: <nc@x>\n\nLIST\n"
    outcome = quietly(ingest, judge.store, judge.config, raw, judge.now)
    quietly(deliver, judge.store, judge.config, Delivered(), judge.now)
    _row, replies = outcome_of(judge, "<nc@x>")
    if outcome.startswith("dropped"):  # deliberately unanswered: fine
        assert not replies
    else:  # answered: then the answer goes out
        assert [reply.status for reply in replies] == [OutboxStatus.SENT], [r.last_error for r in replies]
