"""Everything due at an instant: deadlines, ends of grace, and mail delivery (``judge tick``).

The instant is always given (``--now`` on the command line; the daemon passes the clock), so a
test or a replay decides what time it is.

At a deadline a game with every order in processes; otherwise its late players are told and get
the grace period (the game's ``deadline`` then moves to the end of grace, the next moment it needs
attention). The grace ends after the phase kind's grace length, or when the master said (SET GRACE:
``grace_until`` is then already set, later than the deadline). At the end of grace the game's NMR
policy applies: *civil disorder* processes the phase with default orders for what is missing;
*abandon* pauses the game until someone takes over each abandoned power (JOIN), and the phase then
gets a new deadline. A power that has no player at all (never taken, resigned, ejected) is in
civil disorder under either policy: there is no one to abandon it.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from typing import Protocol, runtime_checkable

import sqlalchemy as sa
from sqlmodel import Session

from judge.mail.compose import Attachment, compose
from judge.mail.smtp import PermanentDeliveryError
from judge.store import (
    Game,
    GameStatus,
    MembershipStatus,
    Outbox,
    OutboxStatus,
    DueMail,
    Store,
    claim_due_game,
    claim_outbox,
    due_game_ids,
    drop_held,
    due_pictures,
    queue_mail,
    settle_sent,
)

from ..commands.command_values import NmrPolicy
from ..config import Config
from ..mailing.attached import map_attachment, map_png
from ..mailing.notify import masters, phase_name, report_processed, send_notice, when
from ..mailing.reminders import remind_late_players, still_to_order
from ..mailing.reports import render
from ..play.deadlines import grace_end
from ..play.games import (
    address_of,
    game_settings,
    kind_of,
    late_powers,
    members,
    process_while_ready,
)
from ..play.enrolment import lapse_enrolments
from ..play.settings import length_words, with_bookkeeping
from ..play.variants import offered
from .claims import Claimant, HeldClaim, this_process

log = logging.getLogger("judge.tick")

MAX_ATTEMPTS = 8  # then a mail is marked failed (about a day of retries)
SEND_BATCH = 50  # mails claimed, sent and settled together by ``deliver`` (at 20, claiming and
# settling a game's eight reports took 3 ms, at 50 1.6 ms: benchmarks/service_speed.py)
SETTLE_PATIENCE = 300.0
"""Seconds (of the host's time) the sender keeps trying to record mail it has sent while the
database is locked or away: a sent mail left unrecorded is sent again once its claim lapses."""


class Transport(Protocol):
    def deliver(self, raw: bytes) -> None: ...


@runtime_checkable
class BatchTransport(Transport, Protocol):
    """A transport that takes a batch of mails at once: what went wrong with each (None: sent)."""

    def deliver_all(self, raws: Sequence[bytes]) -> Sequence[Exception | None]: ...


def _never() -> bool:
    return False


def tick(
    store: Store, config: Config, transport: Transport, now: datetime, stop: Callable[[], bool] = _never
) -> list[str]:
    """Do everything due at ``now`` (:func:`process_due`), then send the outbox (:func:`deliver`);
    return a line for each thing done (for the log)."""
    done = process_due(store, config, now, stop)
    return done + deliver(store, config, transport, now, stop)


def process_due(store: Store, config: Config, now: datetime, stop: Callable[[], bool] = _never) -> list[str]:
    """Process every game with something due at ``now`` (deadline, grace, civil disorder, reminder).

    ``stop`` is asked between games (the daemon's SIGTERM): each game is its own transaction, so
    stopping there loses nothing, and the games left are due at the next tick. The due games are
    found ``CLAIM_GAMES`` at a time, each then claimed by its id (if still due and not taken).
    A game's claim is its row lock, held by the game's transaction: it lasts as long as the work
    on the game, however slow, whatever either clock says, and ends with the judge's connection
    (the games of a judge killed are free at once), so unlike the outbox's claim it never lapses
    under a live judge.
    First, what addresses never confirmed took on lapses (``enrolment``). The judge's added
    variants are offered meanwhile (``variants``)."""
    with offered(config):
        return _process_due(store, config, now, stop)


def _process_due(store: Store, config: Config, now: datetime, stop: Callable[[], bool]) -> list[str]:
    done: list[str] = _lapse(store, config, now)
    while not stop():
        with store.session() as db:
            due = due_game_ids(db, now, CLAIM_GAMES)
        claimed = 0
        for game_id in due:
            if stop():
                return done
            failed: str | None = None
            with store.session() as db:
                game = claim_due_game(db, now, game_id)
                if game is None:  # processed meanwhile by another judge, or locked by it
                    continue
                claimed += 1
                name = game.name
                try:
                    with db.begin_nested():  # a game that cannot be processed rolls back alone
                        done.append(_deadline(db, config, game, now))
                except Exception as error:  # noqa: BLE001 - one broken game must not stop the others
                    log.exception("game %s could not be processed", name)
                    failed = f"{type(error).__name__}: {error}"
            if failed is not None:
                done.append(_set_aside(store, config, game_id, failed, now))
        if not claimed:  # none left, or all taken by another judge
            break
    return done


def _lapse(store: Store, config: Config, now: datetime) -> list[str]:
    """Remove the forming games whose master never confirmed and that nobody joined, and end
    the observers never confirmed, once ``[enrol] held_for`` has passed; tell the confirmed
    observers of a game removed."""
    done: list[str] = []
    while True:  # a short transaction for each batch of games
        with store.session() as db:
            lapsed = lapse_enrolments(db, now - config.enrol.held_for, LAPSE_BATCH)
            for name, told in lapsed.games.items():
                for address in told:
                    queue_mail(db, address, f"{name} removed", render(
                        "lapsed.txt", game=name, held_for=_days(config.enrol.held_for),
                        judge_name=config.name, judge_address=config.address),
                        domain=config.domain, now=now)
        done += [f"{name}: removed (its master never confirmed, nobody joined)" for name in lapsed.games]
        if lapsed.observers:
            done.append(f"{lapsed.observers} observers never confirmed no longer observe")
        if len(lapsed.games) < LAPSE_BATCH:
            return done


LAPSE_BATCH = 50
"""Games removed in one transaction by ``_lapse`` (the rest in the next ones)."""


def _days(length: timedelta) -> str:
    """``[enrol] held_for`` in words: ``7 days``, else as the commands write a length."""
    whole = length.days if length == timedelta(days=length.days) else 0
    return f"{whole} day{'s' if whole > 1 else ''}" if whole else length_words(length)


CLAIM_GAMES = 10
"""Due games found by one query (a sort of every due game: one a game took 3 ms of each game's
20 when a thousand fell due together), each then claimed alone by its id."""


def _set_aside(store: Store, config: Config, game_id: int, error: str, now: datetime) -> str:
    """Pause a game whose deadline raised, so the games due after it still process, and tell its
    masters why (the log has the traceback); a master RESUMEs it once the cause is fixed."""
    with store.session() as db:
        game = db.get(Game, game_id)
        assert game is not None
        game.status = GameStatus.PAUSED
        game.deadline = game.grace_until = game.remind_at = None
        game.settings = with_bookkeeping(game.settings, paused_by="error")
        db.add(game)
        paragraphs = [
            f"The judge could not process {game.name} at its deadline ({error}).",
            "The game is paused and nothing in it has changed; the judge's operator has the details "
            "in the log. A master can RESUME the game once the cause is fixed.",
        ]
        send_notice(db, config, game, paragraphs, now, to=masters(db, game) or None)
        return f"{game.name}: set aside and paused after an error: {error}"


def _deadline(db: Session, config: Config, game: Game, now: datetime) -> str:
    if game.deadline is None or game.deadline > now:  # claimed for the reminder before it
        return remind_late_players(db, config, game, now)
    # The deadline has come: no reminder is due any more (late players get the late notice
    # instead). Processing sets the next phase's own (``plan_reminder``), so the game is written
    # once; the other ways out clear it.
    late = late_powers(db, game)
    if not late:
        return _process(db, config, game, now, "deadline: all orders in")
    timing = game_settings(game).timing(kind_of(game).pending(game.state).timing)
    assert game.deadline is not None
    end_of_grace = None
    if game.grace_until is None and timing.grace > timedelta(0):
        end_of_grace = grace_end(game.deadline, timing)
    elif game.grace_until is not None and game.grace_until > game.deadline:  # set by SET GRACE
        end_of_grace = game.grace_until
    if end_of_grace is not None:
        game.remind_at = None
        game.grace_until = game.deadline = end_of_grace
        db.add(game)
        for membership in members(db, game):
            if membership.power in late:
                send_notice(db, config, game, [
                    f"Your orders for {phase_name(game)} were not complete at the deadline. "
                    f"You have until {when(game, game.grace_until)} (the grace period); after that "
                    f"{_policy_words(game)}.{still_to_order(db, game, membership.power or '')}"],
                    now, to=[address_of(db, membership)])
        send_notice(db, config, game, [f"Late for {phase_name(game)}: {', '.join(late)}."],
                    now, to=masters(db, game))
        return f"{game.name}: late {', '.join(late)}; grace until {game.grace_until}"
    held = [m for m in members(db, game) if m.power in late]
    if game_settings(game).nmr is NmrPolicy.ABANDON and held:
        late = sorted(m.power for m in held if m.power)
        for membership in held:
            membership.status = MembershipStatus.ABANDONED
            db.add(membership)
        game.status = GameStatus.PAUSED
        game.deadline = game.grace_until = game.remind_at = None
        game.settings = with_bookkeeping(game.settings, paused_by="abandonment")
        db.add(game)
        send_notice(db, config, game, [
            f"{', '.join(late)} gave no complete orders by the end of grace and "
            f"{'is' if len(late) == 1 else 'are'} abandoned. The game waits until a new player "
            f"takes over (JOIN {game.name} <password>)."], now)
        return f"{game.name}: abandoned {', '.join(late)}; paused"
    return _process(db, config, game, now, f"end of grace: civil disorder for {', '.join(late)}")


def _policy_words(game: Game) -> str:
    if game_settings(game).nmr is NmrPolicy.ABANDON:
        return "the power is abandoned and the game waits for a new player"
    return (f"the power is in civil disorder for {phase_name(game)} only (your orders count again "
            f"from the next phase): {kind_of(game).wording.civil_disorder}")


def _process(db: Session, config: Config, game: Game, now: datetime, reason: str) -> str:
    done = process_while_ready(db, game, now, reason)
    db.flush()
    report_processed(db, config, game, done, now)
    return "; ".join(f"{game.name}: processed {processed.record.phase} ({processed.record.reason})"
                     for processed in done)


def deliver(
    store: Store, config: Config, transport: Transport, now: datetime, stop: Callable[[], bool] = _never,
    clock: Callable[[], datetime] | None = None, claimant: Claimant | None = None,
) -> list[str]:
    """Send the outbox's due mail; a failure is retried with exponential backoff, a refusal is final.

    Mail goes out in batches of ``SEND_BATCH``, each in three steps, so that no transaction is open
    while the mail server is talked to (the inbox and the ticker go on meanwhile):
    1. claim: one short transaction counts an attempt and claims the batch for this judge process
       (``claimant``: by default this process, for ``[serve] claim_seconds`` of the host's time),
       so another judge process leaves it alone;
    2. send, with no transaction open, while a thread renews the claim (``claims.HeldClaim``): a
       slow mail server or a loaded machine never lets it lapse, and a judge killed while sending
       stops renewing, so its batch is sent again within ``claim_seconds``, with the same
       Message-IDs;
    (before the claim, the map pictures the batch carries are rendered, so that the claim's time
    is spent on delivery alone);
    3. settle: one short transaction records each mail as sent, refused, or due again later (its
       claim ended), tried again while the database is locked or away (``_settle_surely``), the
       claim still renewed, so that a mail handed over is recorded and not sent a second time.
    ``stop`` is asked between batches, as in :func:`process_due`. The mail due at ``now`` is sent
    (mail queued meanwhile waits for the next call); given ``clock`` (the daemon's), a failed
    mail's next attempt is reckoned from the time it is settled, not from ``now``. Mail held for an
    address not confirmed is never sent here (``queue_mail``); held longer than ``[enrol]
    held_for``, it is given up first."""
    claimant = claimant or Claimant(this_process(), timedelta(seconds=config.serve.claim_seconds))
    with offered(config):  # the pictures of games on the judge's added variants
        return _deliver(store, config, transport, now, stop, clock, claimant)


def _deliver(
    store: Store, config: Config, transport: Transport, now: datetime, stop: Callable[[], bool],
    clock: Callable[[], datetime] | None, claimant: Claimant,
) -> list[str]:
    done = _drop_held(store, config, now)
    sender = f"{config.name} <{config.address}>"
    while not stop():
        _draw_ahead(store, now, claimant)
        mails, held = _claim(store, now, claimant)
        if not mails:
            break
        with held:
            outcomes = _send(transport, sender, mails, held)
            done.extend(_settle_surely(store, outcomes, clock() if clock is not None else now, claimant.name))
    return done


def _drop_held(store: Store, config: Config, now: datetime) -> list[str]:
    with store.session() as db:
        dropped = drop_held(db, now - config.enrol.held_for)
    return [f"dropped {dropped} mails held for addresses never confirmed"] if dropped else []


_Claimed = DueMail


def _claim(store: Store, now: datetime, claimant: Claimant) -> tuple[list[_Claimed], HeldClaim]:
    """The next batch of mail due at ``now``, and the claim ``claimant`` holds on it."""
    at, until = claimant.clock(), claimant.until()
    with store.session() as db:
        mails = claim_outbox(db, now, claimant.name, at, until, SEND_BATCH)
    return mails, HeldClaim(store, claimant, [mail.id for mail in mails], until)


def _draw_ahead(store: Store, now: datetime, claimant: Claimant) -> None:
    """Render the PNGs of the pictures the next batch carries, before it is claimed (one short
    read, then the rendering with no transaction open): the claim then covers delivery alone."""
    with store.session() as db:
        pictures = due_pictures(db, now, claimant.clock(), SEND_BATCH)
    for digest, svg in pictures:
        map_png(digest, svg)


def _send(
    transport: Transport, sender: str, mails: list[_Claimed], held: HeldClaim
) -> list[tuple[_Claimed, Exception | None]]:
    """Write a batch's mails and hand them to the transport: what went wrong with each, if
    anything. A transport that takes a batch at once (the Maildir: one disk sync for all) is
    given them together; any other, one by one. A mail is handed over only while the claim on
    it holds (``HeldClaim.holds``); one whose claim is no longer sure is left, unsettled, to
    whichever judge claims it next."""
    outcomes: list[tuple[_Claimed, Exception | None]] = []
    written: list[tuple[_Claimed, bytes]] = []
    linesep = getattr(transport, "linesep", "\r\n")  # the Maildir keeps mail with LF
    for mail in mails:
        try:
            written.append((mail, _compose(sender, mail, linesep)))
        except Exception as error:  # noqa: BLE001 - not a mail that can be written: never retried
            outcomes.append((mail, PermanentDeliveryError(f"cannot compose: {error}")))
    if isinstance(transport, BatchTransport):
        written = [(mail, raw) for mail, raw in written if _still_held(held, mail)]
        try:
            errors: list[Exception | None] = list(transport.deliver_all([raw for _, raw in written]))
        except Exception as error:  # noqa: BLE001 - the whole batch retried later
            errors = [error] * len(written)
        return outcomes + [(mail, error) for (mail, _), error in zip(written, errors, strict=True)]
    for mail, raw in written:
        if _still_held(held, mail):
            outcomes.append((mail, _hand_over(transport, raw)))
    return outcomes


def _still_held(held: HeldClaim, mail: _Claimed) -> bool:
    if held.holds(mail.id):
        return True
    log.warning("mail %s not sent: the claim on it lapsed or was taken over (the database out of "
                "reach?); whichever judge claims it next sends it", mail.message_id)
    return False


def _compose(sender: str, mail: _Claimed, linesep: str = "\r\n") -> bytes:
    attachments: list[Attachment] = []
    if mail.picture is not None:
        digest, name, svg = mail.picture
        attachments.append(map_attachment(name, digest, svg))
    return compose(mail.to_address, mail.subject, mail.body, sender=sender, message_id=mail.message_id,
                   in_reply_to=mail.in_reply_to, date=mail.created_at, attachments=attachments,
                   linesep=linesep)


def _hand_over(transport: Transport, raw: bytes) -> Exception | None:
    try:
        transport.deliver(raw)
    except Exception as error:  # noqa: BLE001 - settled below: refused for good, or retried later
        return error
    return None


def _settle_surely(store: Store, outcomes: list[tuple[_Claimed, Exception | None]], now: datetime,
                   claimant: str) -> list[str]:
    """``_settle``, tried again (for up to ``SETTLE_PATIENCE`` seconds) while the database cannot
    be written: the mails were handed over, and only their record stands between them and a
    second delivery. Then, as a last resort, the error is raised and logged with the mails that
    will go out twice."""
    give_up = time.monotonic() + SETTLE_PATIENCE
    pause = 0.05
    while True:
        try:
            return _settle(store, outcomes, now, claimant)
        except (sa.exc.OperationalError, sa.exc.InterfaceError) as error:
            if time.monotonic() + pause > give_up:
                log.error("%d mail(s) were sent but could not be recorded (%s); they will be sent again "
                          "when their claim lapses: %s", len(outcomes), type(error).__name__,
                          ", ".join(mail.message_id for mail, _ in outcomes))
                raise
            log.warning("recording %d sent mail(s) failed (%s); trying again in %.2gs",
                        len(outcomes), str(error).splitlines()[0], pause)
            time.sleep(pause)
            pause = min(pause * 2, 5.0)


def _settle(store: Store, outcomes: list[tuple[_Claimed, Exception | None]], now: datetime,
            claimant: str) -> list[str]:
    """Record a batch's outcomes and end its claim. A mail sent is recorded as sent whoever holds
    it now; a failure is recorded only on a mail this sender still holds (one taken over after a
    lapse is the other sender's to record)."""
    sent = [mail for mail, error in outcomes if error is None]
    with store.session() as db:
        if sent:  # the usual case, in one statement
            settle_sent(db, [mail.id for mail in sent])
        for failed, error in outcomes:
            if error is None:
                continue
            mail = db.get(Outbox, failed.id)
            if mail is None or mail.claimed_by != claimant:  # gone meanwhile (a purge), or taken over
                continue
            mail.claimed_by = mail.claimed_until = None
            if isinstance(error, PermanentDeliveryError):  # refused for good: retrying cannot help
                mail.status = OutboxStatus.FAILED
                mail.last_error = str(error)
                log.warning("mail %s refused: %s", failed.message_id, error)
            else:  # worth retrying (smtplib errors are OSErrors; anything else is retried as well)
                mail.last_error = f"{type(error).__name__}: {error}"
                if failed.attempts >= MAX_ATTEMPTS:
                    mail.status = OutboxStatus.FAILED
                else:
                    mail.next_attempt_at = now + timedelta(minutes=2 ** failed.attempts)
                log.warning("delivering %s failed: %s", failed.message_id, mail.last_error)
            db.add(mail)
    return [f"sent {mail.message_id} to {mail.to_address}" for mail in sent]
