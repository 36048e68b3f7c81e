"""Mail to a game's members: turn reports and notices, queued in the caller's transaction."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlmodel import Session, col, select

from judge.games.kind import Choosing, GameKind, Outcome, PassingOver, Turned
from judge.pictures import chained_report, mail_picture, position_drawn
from judge.store import (
    Game,
    GameStatus,
    Letter,
    Membership,
    Outbox,
    PhaseRecord,
    Role,
    keep_picture,
    players_of,
    queue_mails,
    queued_to,
)

from ..config import Config
from ..play.deadlines import utc_to_local
from ..play.games import (
    KeptDropped,
    KeptRead,
    Processed,
    Submission,
    address_of,
    game_settings,
    kind_of,
    members,
    secret_revealed,
)
from .rhythm import mailed_now
from .reports import notice_subject, orders_subject, render, results_subject


def phase_name(game: Game, phase: str | None = None) -> str:
    """A phase of the game as its kind names it in reports (``S1901M`` -> ``Spring 1901
    Movement``): the current phase, or ``phase``."""
    return kind_of(game).phase_title(game.phase if phase is None else phase)


def game_status(game: Game) -> str:
    """Where a game stands, in a few words: ``in Spring 1901 Movement, deadline ...``, or its
    status (forming, paused, finished, terminated)."""
    if game.status is GameStatus.ACTIVE:
        return f"in {phase_name(game)}, deadline {when(game, game.deadline)}"
    return game.status.value


def orders_status(submission: Submission) -> str:
    """``complete``, or ``not complete yet`` and what is still to order, or held for a refused
    line."""
    if submission.complete:
        return "complete"
    if submission.held:
        return ("on hold: a line was refused, so they complete the phase only when a mail "
                "of yours has none (a correction, or an order sent again)")
    return f"not complete yet: still to order {', '.join(submission.waiting)}"


def when(game: Game, instant: datetime | None) -> str:
    """A deadline as players read it: in the game's time zone, with the zone named."""
    if instant is None:
        return "not set"
    zone = game_settings(game).zone
    return utc_to_local(instant, zone).strftime(f"%a %d %b %Y %H:%M {zone}")


def recipients(db: Session, game: Game) -> list[str]:
    """Every active member's address: players, observers and the master, each once."""
    seen: dict[str, None] = {}
    for membership in members(db, game):
        seen[address_of(db, membership)] = None
    return list(seen)


def send_notice(
    db: Session,
    config: Config,
    game: Game,
    paragraphs: list[str],
    now: datetime,
    to: list[str] | None = None,
    picture: int | None = None,
) -> None:
    """Mail a notice to ``to`` (default: every member), with a kept map picture or none."""
    body = render(
        "notice.txt",
        game=game.name,
        paragraphs=paragraphs,
        judge_name=config.name,
        judge_address=config.address,
    )
    subject = notice_subject(game)
    queue_mails(db, [Letter(address, subject, body, picture)
                     for address in (to if to is not None else recipients(db, game))],
                domain=config.domain, game_id=game.id, now=now)


def tell_once(db: Session, config: Config, game: Game, address: str, paragraphs: list[str],
              now: datetime) -> None:
    """Tell one member these paragraphs: added to the mail this transaction (one mail in) queued
    to the address already, if any, so that one mail in causes at most one mail out to each
    reader; else in a notice of their own."""
    if address.lower() in {queued.lower() for queued in queued_to(db)}:
        statement = (select(Outbox).where(Outbox.to_address == address.lower(),
                                          col(Outbox.in_reply_to).is_(None))
                     .order_by(col(Outbox.id).desc()))
        mail = db.exec(statement).first()
        if mail is not None:
            told = render("notice.txt", game=game.name, paragraphs=paragraphs,
                          judge_name=config.name, judge_address=config.address)
            mail.body = joined(mail.body, told.split("\n", 1)[1])  # without the game's name
            db.add(mail)
            return
    send_notice(db, config, game, paragraphs, now, to=[address])


def joined(mail: str, more: str) -> str:
    """A mail's text with ``more`` (a mail's text too) added before its signature."""
    head, signature, foot = mail.rpartition(_SIGNATURE)
    added = more.rpartition(_SIGNATURE)[0].strip("\n") if _SIGNATURE in more else more.strip("\n")
    return f"{head.rstrip()}\n\n{added}\n{signature}{foot}" if signature else f"{mail}\n\n{added}"


_SIGNATURE = "\n-- \n"  # where the templates' signature begins


@dataclass(frozen=True)
class Reader:
    """How one address reads a game's reports: from the view of a power (its player's own) or of
    an observer (None: observers and masters), with the map picture or not (SET MAP); its
    memberships in the game (how often it is mailed: ``rhythm``)."""

    power: str | None
    maps: bool
    held: tuple[Membership, ...] = ()


def readers(db: Session, game: Game) -> dict[str, Reader]:
    """Every active member's address, once, as it reads the game (a player's membership first,
    when one address holds several)."""
    seen: dict[str, Reader] = {}
    playing = members(db, game)
    players = players_of(db, [membership.player_id for membership in playing])  # in one query
    for membership in playing:
        power = membership.power if membership.role is Role.PLAYER else None
        mail_to = players[membership.player_id].address
        held = (*seen[mail_to].held, membership) if mail_to in seen else (membership,)
        if mail_to not in seen or seen[mail_to].power is None:
            seen[mail_to] = Reader(power, membership.maps, held)
        else:
            seen[mail_to] = Reader(seen[mail_to].power, seen[mail_to].maps, held)
    return seen


def results_letters(db: Session, config: Config, game: Game, records: list[PhaseRecord]) -> dict[str, Letter]:
    """The turn reports of the phases just processed together (``records``, oldest first: one,
    or a chain of phases each ready as it began) to the members due a mail now (``rhythm``), in
    one mail each with every report since his last, each from the view of the power it reads
    the game as (``readers``); one body for readers whose views agree. The map of a single phase
    is the position its kind draws (``position_drawn``) with its orders; a chain's is the
    position now, with the moves and battles of every phase of it where the kind draws them
    (``chained_report``). If they ended the game, each mail ends it too (``game_over``). The
    mails, by address, not queued yet (``report_processed`` queues them)."""
    kind = kind_of(game)
    ended = kind.outcome(game.state) if game.status is GameStatus.FINISHED else None
    bodies: list[tuple[object, str]] = []
    pictures: list[tuple[object, int | None]] = []
    reading = readers(db, game)
    letters: dict[str, Letter] = {}
    subjects: dict[tuple[int | None, int | None], str] = {}  # by the first and last report's record
    shown: dict[int | None, dict[str, Any]] = {}  # a single phase's map position, by its record
    mailed = mailed_now(db, game, records, {a: (r.power, r.held) for a, r in reading.items()})
    for address, theirs in mailed.items():
        reader = reading[address]
        first, last = theirs[0], theirs[-1]
        if (first.id, last.id) not in subjects:
            subjects[first.id, last.id] = results_subject(
                game, first.phase if first is last else f"{first.phase} to {last.phase}")
        subject = subjects[first.id, last.id]
        seen = [(r.id, kind.report_view(r.resolution, reader.power), kind.view(r.state_after, reader.power))
                for r in theirs]
        body = next((text for views, text in bodies if views == seen), None)
        if body is None:
            body = _results_body(config, game, theirs, reader.power, ended)
            if notice := rule_changes(kind, theirs):  # the rules first: the results follow them
                body = "\n".join(notice) + "\n\n" + body
            if game.status is GameStatus.FINISHED:  # the report says the end, if it has a reason
                body = joined(body, "\n\n".join(game_over(game)[1 if ended is not None else 0:]))
            bodies.append((seen, body))
        picture = None
        if reader.maps:
            if first is last and first.id not in shown:  # a single phase's map
                shown[first.id] = position_drawn(kind, first.state_before, first.state_after)
            drawn: tuple[Any, ...] = (
                (first.id, seen[0][1], kind.view(shown[first.id], reader.power)) if first is last
                else (last.id, chained_report(kind, [report for _, report, _ in seen]), seen[-1][2]))
            known = [kept for views, kept in pictures if views == drawn]
            if known:
                picture = known[0]
            else:
                picture = game_picture(db, game, first.phase if first is last else f"{last.phase} now",
                                       reader.power, drawn[1], drawn[2])
            if not known:
                pictures.append((drawn, picture))
        letters[address] = Letter(address, subject, body, picture)
    return letters


def rule_changes(kind: GameKind, records: list[PhaseRecord]) -> list[str]:
    """A line for each rule reading that changed with these phases: told with the results of the
    first phase a newer rules version resolved (``PhaseRecord.rules_from``), so once a reader."""
    return [f"Rules: from this phase on, {change.rule} {change.what} (judge rules version "
            f"{record.rules_from} -> {record.rules_version})"
            for record in records if record.rules_from is not None and record.rules_version is not None
            for change in kind.rules_history.between(record.rules_from, record.rules_version)]


def game_over(game: Game) -> list[str]:
    """The paragraphs that tell a finished game's end: why it ended, and its secret revealed."""
    ended = kind_of(game).outcome(game.state)
    over = f"The game is over: {ended.reason}." if ended is not None else "The game is over."
    return [over, secret_revealed(game)]


def _results_body(config: Config, game: Game, records: list[PhaseRecord], reader: str | None,
                  ended: Outcome | None) -> str:
    """One reader's results mail: a phase's own results, or a chain's reports in order (only
    the last says the deadline, and the end of the game if it ended)."""
    kind = kind_of(game)
    outcome = ended.reason if ended is not None else None
    if len(records) == 1:
        values = results_values(game, records[0], reader, next_phase=game.phase,
                                deadline=when(game, game.deadline), outcome=outcome)
        return render(f"{kind.templates}/results.txt", **values, judge_name=config.name,
                      judge_address=config.address)
    reports = []
    for record in records:
        latest = record is records[-1]
        reports.append(turn_report(
            game, record, reader,
            next_phase=game.phase if latest else kind.pending(record.state_after).phase,
            deadline=when(game, game.deadline) if latest else None,
            outcome=outcome if latest else None).rstrip("\n"))
    return render("results_chain.txt", game=game.name, reports=reports,
                  phases=[phase_name(game, record.phase) for record in records],
                  judge_name=config.name, judge_address=config.address)


def game_picture(db: Session, game: Game, phase: str, reader: str | None, report: dict[str, Any] | None,
             before: dict[str, Any]) -> int | None:
    """The map picture of a processed phase as one reader may see it, kept for the mails that
    carry it: the position the phase began from with its orders drawn (as ``judge map GAME PHASE``
    and the archive's phase maps draw it whole), as a mail carries it (``mail_picture``: for
    Plantagenet, the part of the map a phone shows legibly); None for a game kind the judge draws
    no pictures of."""
    svg = mail_picture(kind_of(game), before, reader, report)
    return keep_picture(db, f"{game.name}-{phase}", svg) if svg is not None else None


def report_processed(
    db: Session, config: Config, game: Game, done: list[Processed], now: datetime
) -> dict[str, str]:
    """Everything the phases just processed together (``done``, oldest first) tell, in at most
    one mail to each reader: their turn reports to the members due a mail (``results_letters``);
    to each player whose orders kept for a new phase (PHASE) were read as it began, how they
    read for the whole chain (their errors included), or that they were dropped, at the head of
    his results mail or, if he gets none, in a mail of their own; and the end of the game if it
    ended: in the results mail, or for a member who got none, in a notice. Kept orders that read
    as sent, complete, are not confirmed again where the reader is mailed by Turn (``rhythm``):
    only a refusal or a gap asks him to act. The results mails' Message-IDs, by address (the
    answer to the mail that ran the phases carries its sender's: ``mailroom``)."""
    letters = results_letters(db, config, game, [processed.record for processed in done])
    told: dict[str, Letter] = {}  # the kept orders' readings, by address: one mail each
    for letter in [*_kept_letters(db, config, game, done),
                   *(letter for processed in done for letter in _dropped_letters(db, config, game, processed))]:
        earlier = told.get(letter.to_address)
        told[letter.to_address] = letter if earlier is None else earlier._replace(
            body=joined(earlier.body, letter.body))
    for address, letter in told.items():
        if address in letters:  # at the head of his results
            letters[address] = letters[address]._replace(body=joined(letter.body, letters[address].body))
    alone = [letter for address, letter in told.items() if address not in letters]
    ids = queue_mails(db, [*letters.values(), *alone], domain=config.domain, game_id=game.id, now=now)
    if game.status is GameStatus.FINISHED:
        unmailed = [address for address in recipients(db, game) if address not in letters]
        if unmailed:
            send_notice(db, config, game, game_over(game), now, to=unmailed)
    return dict(zip(letters, ids))


def _kept_letters(db: Session, config: Config, game: Game, done: list[Processed]) -> list[Letter]:
    """To each player whose orders kept for the new phases were read as they began, one mail
    for the whole chain: how they read."""
    letters: list[Letter] = []
    by_turn = isinstance(kind_of(game), Turned)
    readings: dict[int | None, list[tuple[str, list[KeptRead]]]] = {}
    for processed in done:
        phase = kind_of(game).pending(processed.record.state_after).phase  # the phase they were for
        for kept in _by_membership(processed.kept):
            readings.setdefault(kept[0].membership.id, []).append((phase, kept))
    for chain in readings.values():
        membership = chain[0][1][0].membership
        if by_turn and not membership.every_phase:  # only what asks him to act
            chain = [(phase, kept) for phase, kept in chain if not kept[-1].submission.complete
                     or any(line.error for read in kept for line in read.submission.lines)]
            if not chain:
                continue
        entries: list[_Entry] = []
        for phase, kept in chain:
            entries.extend(_kept_entry(read) for read in kept)
            last = kept[-1].submission
            entries.append(_Entry(
                f"(your orders for {phase_name(game, phase)})",
                [f"Your orders for {phase} are {orders_status(last)}"
                 f"{'; the deadline is ' + when(game, game.deadline) if phase == game.phase else ''}."]))
        phase = chain[-1][0]
        body = render("kept_orders.txt", game=game.name,
                      phase_name=" and ".join(phase_name(game, p) for p, _ in chain), count=len(chain),
                      entries=entries, judge_name=config.name, judge_address=config.address)
        letters.append(Letter(address_of(db, membership), orders_subject(game, phase), body))
    return letters


def _dropped_letters(db: Session, config: Config, game: Game, processed: Processed) -> list[Letter]:
    """One short mail to each player whose kept orders were dropped as the phase began."""
    phase = kind_of(game).pending(processed.record.state_after).phase  # the phase that began
    by_membership: dict[int | None, list[KeptDropped]] = {}
    for dropped in processed.dropped:
        by_membership.setdefault(dropped.membership.id, []).append(dropped)
    kind = kind_of(game)
    letters: list[Letter] = []
    for dropped_here in by_membership.values():
        why = {d.phase: kind.passed_over(d.phase) if isinstance(kind, PassingOver) else None for d in dropped_here}
        phases = [phase_name(game, d.phase) for d in dropped_here if why[d.phase] is None]
        passed = [(phase_name(game, d.phase), why[d.phase]) for d in dropped_here if why[d.phase] is not None]
        body = render("kept_orders_dropped.txt", game=game.name, phases=" and ".join(phases),
                      count=len(phases), passed=passed, phase_name=phase_name(game, phase),
                      judge_name=config.name, judge_address=config.address)
        letters.append(Letter(address_of(db, dropped_here[0].membership), orders_subject(game, phase), body))
    return letters


@dataclass(frozen=True)
class _Entry:
    """A line as the reply template quotes it, and what the judge says about it."""

    line: str
    said: list[str]


def _by_membership(kept: list[KeptRead]) -> list[list[KeptRead]]:
    """The readings grouped by membership, in the order each was first read: one mail each."""
    grouped: dict[int | None, list[KeptRead]] = {}
    for read in kept:
        grouped.setdefault(read.membership.id, []).append(read)
    return list(grouped.values())


def _kept_entry(read: KeptRead) -> _Entry:
    said = [f"Error: {line.text}: {line.error}" if line.error else f"No change: {line.text}: {line.note}"
            if line.note else f"Accepted: {line.canonical}" + (f" (replaces {line.replaces})" if line.replaces else "")
            for line in read.submission.lines]
    text = "\n> ".join(line.text for line in read.submission.lines) or "(no orders)"
    return _Entry(text, said)


def turn_report(
    game: Game, record: PhaseRecord, reader: str | None, *, next_phase: str, deadline: str | None,
    outcome: str | None,
) -> str:
    """The turn report of a processed phase as ``reader`` (a power, or None for an observer) may
    see it, without the mail's signature, as the results mail shows it (HISTORY sends past
    ones). ``deadline`` None leaves the deadline out."""
    values = results_values(game, record, reader, next_phase=next_phase, deadline=deadline,
                            outcome=outcome)
    return render(f"{kind_of(game).templates}/turn_report.txt", **values)


def results_values(
    game: Game, record: PhaseRecord, reader: str | None, *, next_phase: str,
    deadline: str | None, outcome: str | None,
) -> dict[str, Any]:
    """What the turn report templates are given for a processed phase, as ``reader`` (a power, or
    None for an observer) may see it: the game, the phase's and the next phase's names, the
    powers, the reader (``reader``), the report (``report``: the kind's ``report_view``) and the
    position after the phase (``board``: the kind's ``view``), the deadline, the end."""
    kind = kind_of(game)
    return {
        "game": game.name,
        "phase_name": phase_name(game, record.phase),
        "powers": list(kind.powers()),
        "reader": reader,
        "report": kind.report_view(record.resolution, reader),
        "board": kind.view(record.state_after, reader),
        "outcome": outcome,
        "next_phase_name": phase_name(game, next_phase),
        "deadline": deadline,
        # what the reader may order in the phase now due (only in the mail that says it is due)
        "choices": (kind.choices(record.state_after, reader)
                    if reader and deadline and isinstance(kind, Choosing) else []),
    }


def masters(db: Session, game: Game) -> list[str]:
    return [address_of(db, m) for m in members(db, game) if m.role is Role.MASTER]
