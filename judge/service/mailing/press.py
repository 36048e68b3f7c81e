"""Press: messages the members of a game send each other through the judge.

``send_press`` carries out a ``PRESS TO <recipients> ... ENDPRESS`` or a ``BROADCAST ...
ENDBROADCAST``: it checks the game's press rules, delivers the message to the registered addresses
of its recipients (``templates/press.txt``, subject ``Diplomacy press <game>``), keeps it in the
``Press`` table, and says what it did; or it refuses with a ``GameError`` that says exactly why,
and nothing is sent or kept.

The rules (the game's settings ``press``: none | white | grey | both, ``fake_press``, ``gunboat``):

- Press is written in forming, running and paused games; a game that has ended takes none.
- Recipients are powers (by name or letter), ``ALL`` (every power; before the start, every player
  who joined), ``MASTER`` and ``OBSERVERS``. BROADCAST goes to every member of the game: players,
  observers and the master. Nobody receives their own press.
- A power's press is *white* (signed with its power's name), *grey* (``GREY``: "an anonymous
  power") or *fake* (``FAKE <power>``: signed as that power), as the game allows: ``press`` none
  refuses all, white refuses GREY, grey requires GREY, and FAKE needs ``fake_press``.
- Whoever holds no power signs with a role that names nobody: "the master", "an observer", and
  "a player" before the start (the powers are not given out yet). Their press is never grey or
  fake (GREY and FAKE are refused), and the white/grey setting does not apply to it.
- A gunboat game has no press between players at all.
- Press to the master alone is always allowed, whatever the settings: a player must always be
  able to reach the master.
- The master's press is allowed whatever the settings. Observers' press goes only to the master,
  to the other observers, or to everyone by BROADCAST: observers never write privately to a
  power; it follows the game's press setting like a player's (no press, no gunboat press).
- The master receives a copy of every press, whoever it was for, showing who really wrote it
  (as most judges do, so the master can settle disputes over press).
- One mail sends each reader at most one PRESS and one BROADCAST in a game (``pressed``): a
  press to anyone who had one of its kind from the same mail is refused, so that no mail of many
  press blocks is an amplifier. The master's copies of one mail's press come in one mail (each
  press added to the first, ``earlier``), with any press written to him in it.
- No press or reply shows a mail address: senders and recipients are named by power or role
  only, so anonymous and gunboat games reveal no identities. The one exception goes to the
  master alone: the master's copy of press from someone without a power (an observer, or a
  player before the start) gives the writer's address, since a role names nobody.

The ``Press`` row keeps the truth: the real sender's power and role, the recipients as labels
(power names, ``all``, ``master``, ``observers``; ``everyone`` for a broadcast) and the kind: white,
grey or fake for PRESS; *broadcast* for a signed broadcast, *grey* for a grey one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime

from sqlmodel import Session

from judge.store import Game, GameStatus, Membership, Outbox, Press, PressKind, Role, queue_mail

from ..config import Config
from ..play.games import GameError, address_of, game_settings, kind_of, members
from .notify import joined, phase_name
from .reports import press_subject, render

EVERYONE = "everyone"  # the recipients of a broadcast, as kept in the Press table
_ROLE_WORDS = {"all": "all", "master": "master", "observers": "observers", "observer": "observers"}
_ENDED = (GameStatus.FINISHED, GameStatus.TERMINATED)


@dataclass(frozen=True)
class Writer:
    """Who writes a press: their role in the game, their power (None for the master, observers,
    and players before the powers are given out), and their address (never shown to anyone)."""

    role: Role
    power: str | None
    address: str


@dataclass
class Sent:
    """What became of a press: how the recipients see it signed, who received it (powers and
    roles), the recipients named that nobody holds, and whether the master got a copy."""

    kind: PressKind
    signed: str
    delivered: list[str] = field(default_factory=list)
    missed: list[str] = field(default_factory=list)
    master_copy: bool = False
    addresses: list[str] = field(default_factory=list)  # who received it (not the master's copy)
    mails: dict[str, int] = field(default_factory=dict)  # the press mail to each address (Outbox id)


def send_press(
    db: Session,
    config: Config,
    game: Game,
    writer: Writer,
    recipients: tuple[str, ...] | None,
    body_lines: tuple[str, ...],
    now: datetime,
    *,
    grey: bool = False,
    fake_as: str | None = None,
    pressed: frozenset[str] = frozenset(),
    earlier: Mapping[str, int] | None = None,
) -> Sent:
    """Deliver and keep one press (``recipients`` None for a BROADCAST); see the module's rules.
    Raises ``GameError`` when the press may not be sent; then nothing is sent or kept. A press to
    anyone among ``pressed`` (the addresses the same mail sent a press of this game already) is
    refused: one mail sends each reader at most one PRESS and one BROADCAST in a game (``pressed``
    holds the addresses of the same kind: PRESS or BROADCAST). ``earlier``: the press mail of
    this kind the same mail sent each address in this game already (an Outbox id), to which a
    master's copy (or a press to a master who had a copy) is added rather than mailed anew: one
    mail from a player gives each reader, the master included, one press mail (``Sent.mails``)."""
    if game.status in _ENDED:
        raise GameError(f"{game.name} has ended: it takes no more press")
    body = _body(body_lines)
    broadcast = recipients is None
    labels = [EVERYONE] if recipients is None else _labels(game, recipients)
    fake_power = _fake_power(game, writer, fake_as, grey)
    _check_allowed(game, writer, labels, grey=grey, fake=fake_power is not None)
    sent = Sent(_kind(broadcast, grey, fake_power), _signed(writer, grey, fake_power))

    everyone = members(db, game)
    to: dict[str, None] = {}  # the recipients' addresses, in order
    twice: list[str] = []  # the recipients who had a press of this mail already
    for label in labels:
        if label == writer.power:
            sent.missed.append(f"{label} (your own power)")
            continue
        holders = [address_of(db, m) for m in everyone if _holds(game, m, label)]
        addresses = [address for address in holders if address != writer.address]
        if pressed.intersection(addresses):
            twice.append(_shown(game, label))
        if addresses:
            sent.delivered.append(_shown(game, label))
            to.update(dict.fromkeys(addresses))
        elif label not in ("all", EVERYONE):
            why = "yourself" if holders else _nobody(label)
            sent.missed.append(f"{_shown(game, label)} ({why})")
    if not to:
        why = "; ".join(sent.missed) or "there is nobody else in the game"
        raise GameError(f"nobody would receive it: {why}. Nothing was sent")
    if twice:
        what = "a broadcast" if broadcast else "a press"
        raise GameError(f"{listed(twice)} had {what} from this mail already, and one mail sends "
                        "each reader at most one press and one broadcast in a game: nothing was "
                        "sent (send it in another mail)")
    sent.addresses = list(to)
    copies: dict[str, None] = {}  # the master's addresses: they see who really wrote it
    if writer.role is not Role.MASTER:
        masters = (address_of(db, m) for m in everyone if m.role is Role.MASTER)
        copies = dict.fromkeys(address for address in masters if address != writer.address)
    sent.master_copy = any(address not in to for address in copies)

    values = {
        "game": game.name,
        "phase": phase_name(game) if game.phase else "",
        "broadcast": broadcast,
        "sender": sent.signed,
        "to": listed([_shown(game, label) for label in labels if label != writer.power]),
        "body_lines": body,
        "judge_name": config.name,
        "judge_address": config.address,
    }
    plain = render("press.txt", **values, true_sender=None)
    truth = render("press.txt", **values, true_sender=_truth(writer, sent))
    earlier = earlier or {}
    for address in [*to, *(a for a in copies if a not in to)]:
        text = truth if address in copies else plain
        mail = db.get(Outbox, earlier[address]) if address in earlier else None
        if mail is not None:
            mail.body = joined(mail.body, text)
            db.add(mail)
            sent.mails[address] = earlier[address]
            continue
        mail = queue_mail(db, address, press_subject(game), text, domain=config.domain,
                          game_id=game.id, now=now)
        db.flush()
        assert mail.id is not None
        sent.mails[address] = mail.id
    db.add(
        Press(
            game_id=game.id,  # type: ignore[arg-type]
            phase=game.phase,
            sender_power=writer.power,
            sender_role=writer.role,
            recipients=labels,
            kind=sent.kind,
            body="\n".join(body),
            sent_at=now,
        )
    )
    return sent


# --- reading the press -------------------------------------------------------------------------


def _body(lines: tuple[str, ...]) -> list[str]:
    """The body as sent: verbatim, less the blank lines around it."""
    body = list(lines)
    while body and not body[0].strip():
        body.pop(0)
    while body and not body[-1].strip():
        body.pop()
    if not body:
        raise GameError("the press has no text: nothing was sent")
    return body


def _labels(game: Game, words: tuple[str, ...]) -> list[str]:
    """The recipients named: power names, ``all``, ``master``, ``observers`` (each once)."""
    kind = kind_of(game)
    labels: list[str] = []
    for word in words:
        label = _ROLE_WORDS.get(word.lower())
        if label is None:
            power = kind.power_named(word)
            if power is None:
                raise GameError(f"{game.name} has no power {word!r}: press goes to powers (by name "
                                f"or letter), ALL, MASTER or OBSERVERS. Nothing was sent")
            if game.status is GameStatus.FORMING:
                raise GameError(f"{game.name} has not started: the powers are not given out yet, "
                                f"so write to ALL, MASTER or OBSERVERS. Nothing was sent")
            label = power
        if label not in labels:
            labels.append(label)
    return labels


def _fake_power(game: Game, writer: Writer, fake_as: str | None, grey: bool) -> str | None:
    if fake_as is None:
        return None
    if grey:
        raise GameError("GREY and FAKE together: a press is either unsigned (GREY) or signed as "
                        "another power (FAKE), not both")
    if writer.power is None:
        raise GameError("only a power may send fake press")
    power = kind_of(game).power_named(fake_as)
    if power is None:
        raise GameError(f"FAKE {fake_as}: {game.name} has no such power")
    if power == writer.power:
        raise GameError(f"FAKE {power}: you are {power}; leave FAKE out for white press")
    return power


def _check_allowed(
    game: Game, writer: Writer, labels: list[str], *, grey: bool, fake: bool
) -> None:
    """Refuse a press the game's settings (or the writer's role) do not allow."""
    if writer.role is Role.MASTER:
        if grey:
            raise GameError("the master's press is always signed: GREY is for the powers")
        return
    if writer.power is None and grey:
        raise GameError(f"only a power may send grey press: yours is signed "
                        f"\"{_signed(writer, False, None)}\", which names nobody")
    if writer.role is Role.OBSERVER and not set(labels) <= {"master", "observers", EVERYONE}:
        raise GameError("an observer writes only to the master or the observers (PRESS TO MASTER, "
                        "PRESS TO OBSERVERS), or to everyone (BROADCAST)")
    if labels == ["master"]:
        return  # the master can always be reached
    settings = game_settings(game)
    if settings.gunboat:
        raise GameError(f"{game.name} is a gunboat game: there is no press between players "
                        f"(PRESS TO MASTER still reaches the master)")
    mode = settings.press
    if mode == "none":
        raise GameError(f"press is off in {game.name} (PRESS TO MASTER still reaches the master)")
    if fake:
        if not settings.fake_press:
            raise GameError(f"{game.name} does not allow fake press")
        return
    if grey and mode == "white":
        raise GameError(f"{game.name} allows only white press: GREY (unsigned) press is not "
                        f"allowed")
    if not grey and mode == "grey" and writer.power is not None:
        raise GameError(f"{game.name} allows only grey press: write GREY after the recipients "
                        f"(or BROADCAST GREY)")


# --- who is who -----------------------------------------------------------------------------------


def _holds(game: Game, membership: Membership, label: str) -> bool:
    """Whether the member is among the recipients ``label`` names."""
    if label == EVERYONE:
        return True
    if label == "master":
        return membership.role is Role.MASTER
    if label == "observers":
        return membership.role is Role.OBSERVER
    if label == "all":
        if game.status is GameStatus.FORMING:
            return membership.role is Role.PLAYER
        return membership.power is not None
    return membership.power == label


def _kind(broadcast: bool, grey: bool, fake_power: str | None) -> PressKind:
    if grey:
        return PressKind.GREY
    if broadcast:
        return PressKind.BROADCAST
    return PressKind.FAKE if fake_power is not None else PressKind.WHITE


def _signed(writer: Writer, grey: bool, fake_power: str | None) -> str:
    """The sender as the recipients read it."""
    if writer.role is Role.MASTER:
        return "the master"
    if writer.role is Role.OBSERVER:
        return "an observer"
    if writer.power is None:
        return "a player"
    if grey:
        return "an anonymous power"
    return fake_power or writer.power


def public_signature(row: Press) -> str:
    """How everyone read a BROADCAST kept in the ``Press`` table signed (a broadcast is never
    fake press): the power, "an anonymous power" for a grey one, or the writer's role."""
    writer = Writer(row.sender_role, row.sender_power, "")
    return _signed(writer, row.kind is PressKind.GREY, None)


def _truth(writer: Writer, sent: Sent) -> str:
    """Who really wrote it, for the master's copy: the power, or the role and address."""
    real = writer.power or f"{_signed(writer, False, None)} <{writer.address}>"
    if sent.kind is PressKind.GREY:
        return f"{real} (sent as grey press)"
    if sent.kind is PressKind.FAKE:
        return f"{real} (sent as fake press signed {sent.signed})"
    return real


def _shown(game: Game, label: str) -> str:
    """A recipient as the press and the reply name it."""
    if label == "all":
        return "all players" if game.status is GameStatus.FORMING else "all powers"
    return {"master": "the master", "observers": "the observers",
            EVERYONE: "everyone"}.get(label, label)


def _nobody(label: str) -> str:
    if label == "master":
        return "the game has no master"
    if label == "observers":
        return "the game has no observers"
    return "no player holds it"


def listed(names: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]
