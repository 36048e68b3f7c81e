"""The one seam between the judge and its games: what the service may ask of a game kind.

The service knows games only through this interface, so Diplomacy variants, Richard III and later
games plug into the same judge. States are plain JSON values (dicts, lists, strings, numbers): the
store keeps them as they are, and every phase's record (state before, orders, resolution, state
after) is the game's archive.

Orders are handled as text: ``read_orders`` turns what a player wrote into one ``OrderLine`` per
order, each with the canonical text the judge will keep and a ``slot`` (the unit or decision it
fills: a later order for the same slot replaces the earlier one, and says which it replaced), or
an error saying exactly why it was refused.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from random import Random

State = dict[str, Any]


@dataclass(frozen=True, slots=True)
class OrderLine:
    """One order as read: its canonical text and slot, or why it was refused.

    A ``standing`` order is not for the current phase alone: it holds from phase to phase until
    its player gives another for the same slot, or the kind says it has done its work
    (``PhaseResult.lapsed``). It answers a decision the rules may ask of a player at any time,
    even in a phase in which he is not due to act (a reaction to the other side's move), so a
    kind reads standing orders from any power, due or not, and refuses the rest from a power not
    due. Its slot must differ from every slot of a phase's orders.

    A standing line that ``cancels`` withdraws the order standing in its slot (Plantagenet's
    ``CANCEL INTERCEPT Henry VI``): the slot is emptied at once, and the line itself joins the
    power's orders for the current phase, so that ``resolve`` is told of it once.

    A line with a ``note`` changes nothing (Plantagenet: a ``PASS`` when the card has nothing
    left, an order already taken sent again): it is answered with the note, is neither taken nor
    refused, and so holds nothing back."""

    text: str  # as written
    canonical: str | None = None
    slot: str | None = None
    error: str | None = None
    note: str | None = None  # it changes nothing, and why (above)
    replaces: str | None = None  # the order that stood in its slot before, if another
    standing: bool = False  # it holds from phase to phase (above)
    cancels: bool = False  # a standing line that empties its slot (above)


@dataclass(frozen=True)
class TimingClass:
    """A class of phases that share their deadline settings (Diplomacy: movement, retreat,
    adjustment). The master sets each with ``SET <name> DEADLINE ...``; ``aliases`` are the other
    words players write for it (``moves``, ``builds``). ``hours`` and ``grace_hours`` are the
    defaults of a new game: the least time from a phase's start to its deadline, and the grace
    after it."""

    name: str
    hours: int
    grace_hours: int = 24
    aliases: tuple[str, ...] = ()

    def words(self) -> tuple[str, ...]:
        """Every word that names this class, its name first (lower case)."""
        return (self.name, *self.aliases)


@dataclass(frozen=True)
class Wording:
    """How a kind's things are named to players: in mail subjects, replies, SUMMARY's table, the
    archive and the playouts' table. One frozen value, so a kind states its words in one place."""

    title: str  # as mail subjects name the game: "Diplomacy", "Richard III"
    full_title: str  # the game with its map or scenario: "Diplomacy, the standard map"
    phase_example: str  # how its phases are written, for a player who wrote one wrong
    civil_disorder: str  # what the rules do for a power that gave no orders, in words
    score: str  # what ``standing`` counts, as SUMMARY's table heads it: "supply centres"
    score_note: str  # how it is counted, where players need telling (said beside counts); or ""
    period: str  # what ``Standing.period`` counts, as tables head it: "year", "turn"


@dataclass(frozen=True)
class RuleChange:
    """A change in how the judge reads a game's rules: the rules ``version`` it began, the judge
    version that brought it, the rule's number and what the judge does now, in a few words
    (``5.21``, ``a move enters each area once``). CHANGELOG.md tells each under its judge version."""

    version: int
    judge: str
    rule: str
    what: str


@dataclass(frozen=True)
class RulesHistory:
    """A kind's rules version and the changes that made it: raised each time a rule's reading
    changes (a position may then resolve otherwise), never for wording. Every processed phase
    records the version it was resolved by; ``judge verify`` and ``judge upgrade --check`` name
    the changes between a recorded version and this one."""

    version: int
    changes: tuple[RuleChange, ...] = ()

    def between(self, older: int, newer: int) -> tuple[RuleChange, ...]:
        """The changes after rules version ``older`` up to ``newer``, oldest first."""
        return tuple(change for change in self.changes if older < change.version <= newer)

    def before_judge(self, judge: str) -> int:
        """The rules version a judge older than version ``judge`` resolved by at the most: the one
        before the first change that judge ``judge`` or a later one brought (this version when
        none did)."""
        later = [change.version for change in self.changes
                 if judge_order(change.judge) >= judge_order(judge)]
        return min(later) - 1 if later else self.version


def judge_order(version: str) -> tuple[int, ...]:
    """A judge version (``0.5.0``) as a key that orders versions."""
    return tuple(int(part) for part in version.split(".") if part.isdigit())


@dataclass(frozen=True)
class Pending:
    """What the current phase asks for: its name, its timing class, and who must act.

    The phase's name also seeds its dice: the service draws a phase's chance from the game's
    secret and ``phase`` (``dice.phase_random``), so a name must be unique within a game and
    stable (the same phase, replayed after a rollback or predicted, rolls the same dice)."""

    phase: str  # e.g. "S1901M": unique within a game, as ``read_phase`` gives it
    timing: str  # the name of one of the kind's ``timings`` (the deadline settings that apply)
    powers: frozenset[str]  # the powers with something to order; none: it is processed at once


@dataclass(frozen=True)
class Outcome:
    """The end of a game: who won (empty for a draw) and in words why."""

    winners: tuple[str, ...]
    reason: str


@dataclass(frozen=True)
class PhaseResult:
    """A resolved phase: the state after it and the report of what happened (a JSON value that
    the report templates render, from each reader's view). Whether the game is over is asked of
    the state after it (``GameKind.outcome``), the one source of a game's end. ``lapsed``: the
    standing orders, by power and as given, that have done their work in it (Plantagenet's
    ``DISCARD``, spent at the Reset): the service keeps them no longer."""

    state: State
    report: dict[str, Any]
    lapsed: Mapping[str, Sequence[str]] = field(default_factory=dict)


@dataclass(frozen=True)
class Standing:
    """Where a game stands: its period (the unit of SUMMARY's table and of the playouts' balance
    table: the kind's ``wording.period``, named by ``period_name``), numbered so that the next
    period is one more (Diplomacy: the year; Richard III: turns counted across campaigns), and
    each power's score in it (``wording.score``: supply centres, for Diplomacy)."""

    period: int
    scores: Mapping[str, int]
    name: str = ""  # the period as players know it where its number does not say it (the grand
    # scenario of Plantagenet: "IIY T3", the Turn within its War); else "" and ``period_name`` names it

    def period_named(self, kind: GameKind) -> str:
        """The period's name: its own ``name``, else as the kind names its number."""
        return self.name or kind.period_name(self.period)


class GameKind(Protocol):
    """A kind of game the judge can run.

    Besides the rules, a kind owns its words: the names of its phases (``phase_title``,
    ``read_phase``), its timing classes (``timings``), its ``wording`` (the title its mail
    subjects carry, ...) and the folder of its templates (``templates``: ``results.txt`` and
    ``turn_report.txt`` under the judge's templates, given the values of ``report_view``;
    ``orders.txt``, HELP's order help, given the ``wording``'s ``full_title`` as ``title`` and
    the kind's ``name``; and ``prediction.txt``, PREDICT's, for a kind without
    ``hidden_information``). Beyond this protocol a kind may offer ``Choosing``, ``Turned``,
    ``Exporting``, ``Lettered``, ``Dummies`` and ``Playout``."""

    name: str  # "diplomacy/standard", "diplomacy/roses1", "richard3"
    templates: str  # the folder of its report templates: "diplomacy"
    timings: Sequence[TimingClass]  # every timing class its phases use, the first the main one
    wording: Wording  # how its things are named to players
    hidden_information: bool
    """Whether the rules hide part of a game from some of its readers (Richard III: the enemy's
    blocks and hands; Diplomacy hides nothing: ``view`` is then the whole state for every reader).
    In such a game nobody sees beyond his own ``view``, masters and observers included: the
    service refuses BECOME and PREDICT (each would show what the rules hide), and its score
    tables show only ``scores_shown``. (A phase's orders are hidden in every kind until it is
    processed: the service refuses both to a master who plays, whatever this says.)"""

    @property
    def rules_history(self) -> RulesHistory:
        """Its rules version and the readings that changed (its family's ``*.rules.toml``)."""
        ...

    def period_name(self, number: int) -> str:
        """A ``Standing.period`` as players write it: ``1901``; Richard III's 10 is ``II-3``."""
        ...

    def phase_title(self, phase: str) -> str:
        """A phase as reports name it: ``S1901M`` -> ``Spring 1901 Movement``."""
        ...

    def read_phase(self, text: str) -> str | None:
        """The phase a player names (``F1901M``, ``Fall 1901 Movement``, ``fall 1901``), as
        ``Pending.phase`` writes it, or None when the words name no phase of this kind."""
        ...

    def phase_order(self, phase: str) -> tuple[int, ...]:
        """Where a phase (as ``read_phase`` gives it) stands in the game's order: a later phase
        has a greater key. Phases with equal keys are alternatives of which a game plays at most
        one (Richard III's ``actions 1 York`` and ``actions 1 Lancaster``), and a phase may be
        passed over (a Diplomacy retreat phase with nothing to retreat). PHASE keeps orders only
        for a phase after the current one; orders kept for a phase the game has reached or passed
        without playing it are dropped, and their player told (and the game's end or a rollback
        drops those it kept)."""
        ...

    def powers(self) -> Sequence[str]:
        """The powers (sides) of the game, in the order reports list them."""
        ...

    def power_named(self, text: str) -> str | None:
        """The power a name, adjective or letter stands for (``e``, ``English``), or None."""
        ...

    def new_game(self, seed: bytes) -> State:
        """The state at the start of a game."""
        ...

    def pending(self, state: State) -> Pending: ...

    def read_orders(
        self,
        state: State,
        power: str,
        lines: Sequence[str],
        taken: Mapping[str, str] | None = None,
    ) -> list[OrderLine]:
        """Read a player's order lines for the current phase (syntax, and what the position
        already shows impossible). ``taken``: the power's orders already taken for the phase
        (slot -> canonical order), which these join, replacing slot by slot: a limit on a
        phase's whole set of orders counts them too."""
        ...

    def waiting(self, state: State, power: str, orders: Sequence[str]) -> list[str]:
        """What these canonical orders (the power's orders for the phase and its standing orders)
        leave the power to order this phase, each in a few words (a unit, "1 build"): empty when
        they are complete. Standing orders alone never complete a phase's orders."""
        ...

    def resolve(self, state: State, orders: Mapping[str, Sequence[str]], rng: Random) -> PhaseResult:
        """Resolve the current phase; a power missing from ``orders`` gets the default orders
        (civil disorder). ``rng`` is the only source of chance. ``orders`` holds each power's
        orders for the phase and its standing orders (``OrderLine.standing``), the latter for
        every power that has any, whether or not it is due to act: the kind uses a standing
        order when the decision it answers comes up, and its documented default otherwise, and
        names in ``PhaseResult.lapsed`` those that have done their work."""
        ...

    def survivors(self, state: State) -> Sequence[str]:
        """The powers still in the game (who share a draw, who may concede), in the order of
        ``powers``."""
        ...

    def view(self, state: State, power: str | None) -> dict[str, Any]:
        """What this power (or an observer, for None) may see of the state."""
        ...

    def report_view(self, report: dict[str, Any], power: str | None) -> dict[str, Any]:
        """What this power (or an observer, for None) may see of a resolved phase's report
        (``PhaseResult.report``): the ``report`` its report templates are given, nothing the
        rules hide from that reader."""
        ...

    def outcome(self, state: State) -> Outcome | None: ...

    def standing(self, state: State) -> Standing:
        """Where the whole state stands (``judge show``, the playouts' balance table; SUMMARY's
        table for a kind that hides nothing)."""
        ...

    def scores_shown(self, report: dict[str, Any]) -> Mapping[str, int] | None:
        """The scores (``wording.score``) a processed phase's report, as ``report_view`` gives it to a
        reader, tells him, or None when it tells none. SUMMARY's and the archive's table of a
        kind with ``hidden_information`` are made of these alone (Richard III: the usurpation
        count, counted openly at the political turn, 8.2); a kind that hides nothing may answer
        None, its table coming from ``standing``."""
        ...

    def holdings(self, state: State, power: str) -> dict[str, list[str]]:
        """What a power holds in a state, or in a reader's ``view`` of it (what that reader may
        know of it): each kind of holding with its items, in the order shown, the same kinds for
        every power (Diplomacy: ``units``, ``dislodged``, ``centres``). ``judge show`` lists
        them from the whole state for the judge's keeper; BOARD from the asker's view."""
        ...


@runtime_checkable
class Choosing(Protocol):
    """A kind that lists a player's choices in the mail telling him a phase is due."""

    def choices(self, state: State, power: str) -> list[str]:
        """The orders the power may give now, written as its orders are read (one a line; a kind
        may group alternatives), or nothing for a power with nothing to order."""
        ...


@runtime_checkable
class PassingOver(Protocol):
    """A kind that may come to a phase and pass it without asking for orders (a card that is a
    Pass), and says so to a player whose orders kept for it were not used."""

    def passed_over(self, phase: str) -> str | None:
        """Why the game went past this phase without orders, in the rules' words, or None when
        it may simply not have come (the generic words are then used)."""
        ...


@runtime_checkable
class Cautioning(Protocol):
    """A kind that warns a player, as his orders are accepted, of what they will cost him that
    he may not want (Plantagenet: a Lord who Marches and could not Feed, 4.7)."""

    def cautions(self, state: State, power: str, orders: Sequence[str]) -> list[str]:
        """Each warning in a sentence for the power's ``orders`` taken for the current phase
        (canonical texts), or nothing; said to that power alone."""
        ...


@runtime_checkable
class Opening(Protocol):
    """A kind whose start does what a player must be told and no phase's report tells
    (Plantagenet: the first Levy's Capability draws, 3.1.2); the start notice tells it."""

    def opening(self, seed: bytes) -> dict[str, Any]:
        """What the start of a game of this ``seed`` did, as a report of a phase is (each reader
        reads it through ``report_view``)."""
        ...


@runtime_checkable
class Turned(Protocol):
    """A kind whose phases group into Turns of several phases each (Plantagenet: a Calendar
    box's Levy and Campaign; Richard III: a turn's cards, actions and Battles). Its players are
    mailed when they must act and at the end of each Turn, its observers at the end of each
    Turn, each mail with every report since the reader's last (unless he asks for every phase:
    SET MAIL EVERY PHASE). A kind without Turns (Diplomacy, whose every phase needs every
    player) mails every phase to everyone."""

    def turn(self, state: State) -> int:
        """The Turn a state is in, numbered so that a later Turn is greater: a phase that leaves
        a state of another Turn than the one it began from ends a Turn."""
        ...


@runtime_checkable
class Exporting(Protocol):
    """A kind whose games other programs can load: the archive offers them for download."""

    def exports(self, game: str, phases: Sequence[tuple[State, dict[str, Any]]],
                present: State) -> dict[str, Any]:
        """The game in other programs' formats, for the archive's downloads: a JSON value by the
        end of its file's name (Diplomacy on the standard map: ``{"mila.json": ...}``, the saved
        game MILA's ``diplomacy`` package loads), or nothing. ``game``: its name; ``phases``:
        each processed phase's state before and report, oldest first; ``present``: the state now. Called only for a
        game that is over or whose kind hides nothing (no ``hidden_information``)."""
        ...


@runtime_checkable
class Dummies(Protocol):
    """A kind some of whose powers no player takes (a Diplomacy variant's dummies, DPjudge's
    ``DUMMY``): the game starts without them and nobody takes them over; the rules play them as
    they play a power in civil disorder."""

    def dummies(self) -> Sequence[str]:
        """The powers no player takes, in the order of ``powers``."""
        ...


@runtime_checkable
class Lettered(Protocol):
    """A kind whose powers have letters, as SIGNON takes them written against the game's name
    (``Ealpha`` for England in alpha); a power of a kind without letters signs on by name
    (``England@alpha``)."""

    def letter(self, power: str) -> str:
        """The power's letter (``power_named`` reads it back)."""
        ...


@runtime_checkable
class Playout(Protocol):
    """What ``judge selfplay`` needs beyond ``GameKind`` to play a game kind at random and check
    it as it goes. Chance comes only from the ``rng`` given, so a seed replays a game exactly."""

    def random_orders(self, state: State, power: str, rng: Random) -> list[str]:
        """Orders this power could give now, chosen at random, in the form ``resolve`` takes."""
        ...

    def violations(self, before: State, result: PhaseResult) -> list[str]:
        """What is wrong with a resolved phase (the state after it, and what its report says
        became of the random orders), each in a sentence, or nothing: the game kind's
        invariants, checked after every phase of a playout."""
        ...


class PlayableKind(GameKind, Playout, Protocol):
    """A game kind that can be played at random (``judge selfplay``)."""
