"""The movement decisions of DATC chapter 5, solved by its partial-information algorithm (5.E).

Each unit has one order; a move, a support and a convoy each have one yes/no decision: the move
succeeds, the support is given, the convoy fleet is not dislodged. ``adjudicate`` states the rules
of 5.B for one decision, asking ``resolve`` for the others it needs; ``resolve`` tries the decision
optimistically and pessimistically and settles it when both agree (or at once, when the optimistic
try needed no guess about another decision: as DATC 5.E does, a decision whose dependencies are all
settled is decided in one try). Where a cycle of decisions has
no single answer, the backup rule of 5.B.9 applies: a cycle of moves all succeed (circular
movement); a cycle with a convoy is a convoy paradox, settled by the Szykman rule (the convoys in
it fail, DATC 4.A.2); anything else fails.

Strength functions take ``high``: True for the most the strength can be given what is undecided,
False for the least. A decision's own success uses its strengths high when optimistic and its
opponents' strengths low, and the reverse when pessimistic.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .vocabulary import Power, Province

HOLD, MOVE, SUPPORT, CONVOY = range(4)


@dataclass(slots=True)
class Board:
    """The orders of one movement phase as numbers, indexed by unit. Built by ``movement.py``."""

    kind: list[int]
    power: list[Power]
    province: list[Province]
    destination: list[Province]  # the province a move goes to ("" for other orders)
    convoyed: list[bool]  # a move that goes by convoy
    convoy_fleets: list[Sequence[int]]  # for a convoyed move: the fleets ordered to convoy it
    support_target: list[int]  # for a support: the unit supported
    supports: list[tuple[int, ...]]  # the valid supports each unit receives
    moves_into: dict[Province, list[int]]  # province -> moves to it
    unit_at: dict[Province, int]  # province -> unit there at the start
    seas_touching: dict[Province, frozenset[Province]]  # the map's convoy graph


@dataclass(slots=True)
class Decisions:
    """Solves a Board; ``result[i]`` is the decision of unit i's order (moves, supports, convoys)."""

    board: Board
    result: list[bool | None] = field(init=False)
    visited: list[bool] = field(init=False)
    cycle: list[int] = field(default_factory=list)
    recursion_hits: int = 0
    guesses: int = 0  # how many times ``resolve`` has answered with a guess

    def __post_init__(self) -> None:
        count = len(self.board.kind)
        self.result = [None] * count
        self.visited = [False] * count

    def solve(self) -> list[bool | None]:
        board = self.board
        result = self.result
        # Most orders of a turn meet no opposition, and 5.B decides them at once: a move (not by
        # convoy) into a province that is empty and that no other unit moves to succeeds; a
        # support or a convoy whose unit nobody moves against is given, or stands.
        convoyed, unit_at, moves_into = board.convoyed, board.unit_at, board.moves_into
        opposed: list[int] = []  # the decisions left for ``resolve``
        for i, kind in enumerate(board.kind):
            if kind == MOVE:
                destination = board.destination[i]
                if (
                    destination not in unit_at
                    and len(moves_into[destination]) == 1
                    and not convoyed[i]
                ):
                    result[i] = True
                else:
                    opposed.append(i)
            elif kind != HOLD:
                if board.province[i] not in moves_into:
                    result[i] = True
                else:
                    opposed.append(i)
        for i in opposed:
            if result[i] is None:  # not settled already, as another decision needed it
                self.resolve(i, True)
        return result

    # --- resolve: the generic part (DATC 5.E, with recursion hits for unclean cycles) ---------

    def resolve(self, i: int, optimistic: bool) -> bool:
        settled = self.result[i]
        if settled is not None:
            return settled
        if i in self.cycle:
            self.guesses += 1
            return optimistic
        if self.visited[i]:
            self.cycle.append(i)
            self.recursion_hits += 1
            self.guesses += 1
            return optimistic
        self.visited[i] = True
        old_cycle = len(self.cycle)
        old_hits = self.recursion_hits
        guesses = self.guesses
        high = self.adjudicate(i, True)
        if self.guesses == guesses:  # every decision it needed was settled: so is this one
            self.visited[i] = False
            self.result[i] = high
            return high
        low = self.adjudicate(i, False) if high else False
        self.visited[i] = False
        settled = self.result[i]
        if settled is not None:  # settled by a backup rule deeper in the recursion
            return settled
        if high == low:
            del self.cycle[old_cycle:]
            self.recursion_hits = old_hits
            self.result[i] = high
            return high
        if i in self.cycle:
            self.recursion_hits -= 1
        if self.recursion_hits == old_hits:
            self.backup_rule(self.cycle[old_cycle:])
            del self.cycle[old_cycle:]
            return self.resolve(i, optimistic)
        if i not in self.cycle:
            self.cycle.append(i)
        self.guesses += 1
        return optimistic

    def backup_rule(self, cycle: list[int]) -> None:
        """DATC 5.B.9: circular movement succeeds; a convoy paradox is settled by the Szykman
        rule (the convoys in the paradox fail, DATC 4.A.2); any other cycle fails."""
        kind = self.board.kind
        kinds = {kind[i] for i in cycle}
        if kinds == {MOVE}:
            for i in cycle:
                self.result[i] = True
        elif CONVOY in kinds:
            for i in cycle:
                if kind[i] == CONVOY:
                    self.result[i] = False
        else:
            for i in cycle:
                self.result[i] = False

    # --- adjudicate: the rules (DATC 5.B) ----------------------------------------------------

    def adjudicate(self, i: int, optimistic: bool) -> bool:
        kind = self.board.kind[i]
        if kind == MOVE:
            return self.move_succeeds(i, optimistic)
        if kind == SUPPORT:
            return self.support_given(i, optimistic)
        return self.convoy_stands(i, optimistic)

    def move_succeeds(self, i: int, optimistic: bool) -> bool:
        """5.B.1: the attack beats the defence (head to head) or the hold, and every prevent."""
        board = self.board
        destination = board.destination[i]
        attack = self.attack_strength(i, optimistic)
        if attack == 0:
            return False
        other = board.unit_at.get(destination)
        pessimistic = not optimistic
        if other is not None and self.head_to_head(i, other):
            if attack <= self.defend_strength(other, pessimistic):
                return False
        elif attack <= self.hold_strength(destination, pessimistic):
            return False
        for rival in board.moves_into[destination]:
            if rival != i and attack <= self.prevent_strength(rival, pessimistic):
                return False
        return True

    def support_given(self, i: int, optimistic: bool) -> bool:
        """5.B.2: a support is cut by an attack from another power that has a path, unless the
        attack comes from where the support is aimed, in which case only dislodgement cuts it."""
        board = self.board
        target = board.support_target[i]
        aimed_at = board.destination[target] if board.kind[target] == MOVE else None
        pessimistic = not optimistic
        for attacker in board.moves_into.get(board.province[i], ()):
            if board.power[attacker] == board.power[i]:
                continue
            if board.province[attacker] == aimed_at:
                if self.resolve(attacker, pessimistic):
                    return False
            elif not board.convoyed[attacker] or self.has_path(attacker, pessimistic):
                return False
        return True

    def convoy_stands(self, i: int, optimistic: bool) -> bool:
        """5.B.3: a convoy succeeds when the fleet is not dislodged."""
        pessimistic = not optimistic
        for attacker in self.board.moves_into.get(self.board.province[i], ()):
            if self.resolve(attacker, pessimistic):
                return False
        return True

    def has_path(self, i: int, optimistic: bool) -> bool:
        """5.B.4: a convoyed move needs a chain of fleets whose convoys succeed (any one route
        suffices, DATC 4.A.1). A move by land always has its path (legality was checked before):
        the callers ask only of a convoyed move (most moves go by land, and a call costs more
        than the look)."""
        board = self.board
        fleets = {board.province[f]: f for f in board.convoy_fleets[i]}
        if not fleets:
            return False
        seas = board.seas_touching
        ends = seas[board.destination[i]]
        seen: set[str] = set()
        frontier = [s for s in seas[board.province[i]] if s in fleets]
        while frontier:
            sea = frontier.pop()
            if sea in seen:
                continue
            seen.add(sea)
            if not self.resolve(fleets[sea], optimistic):
                continue
            if sea in ends:
                return True
            frontier.extend(s for s in seas[sea] if s in fleets and s not in seen)
        return False

    def head_to_head(self, i: int, other: int) -> bool:
        board = self.board
        return (
            board.kind[other] == MOVE
            and board.destination[other] == board.province[i]
            and not board.convoyed[i]
            and not board.convoyed[other]
        )

    # --- strengths (DATC 5.B.5 to 5.B.8) ------------------------------------------------------

    def count_supports(self, i: int, high: bool, not_of: str | None = None) -> int:
        supports = self.board.supports[i]
        if not supports:  # most units have none
            return 0
        power = self.board.power
        return sum(
            1 for s in supports if (not_of is None or power[s] != not_of) and self.resolve(s, high)
        )

    def attack_strength(self, i: int, high: bool) -> int:
        board = self.board
        if board.convoyed[i] and not self.has_path(i, high):
            return 0
        other = board.unit_at.get(board.destination[i])
        if other is None or (
            board.kind[other] == MOVE
            and not self.head_to_head(i, other)
            and self.resolve(other, high)
        ):
            return 1 + self.count_supports(i, high)
        if board.power[other] == board.power[i]:
            return 0
        return 1 + self.count_supports(i, high, not_of=board.power[other])

    def hold_strength(self, province: Province, high: bool) -> int:
        board = self.board
        here = board.unit_at.get(province)
        if here is None:
            return 0
        if board.kind[here] == MOVE:
            return 0 if self.resolve(here, not high) else 1
        return 1 + self.count_supports(here, high)

    def defend_strength(self, i: int, high: bool) -> int:
        return 1 + self.count_supports(i, high)

    def prevent_strength(self, i: int, high: bool) -> int:
        board = self.board
        if board.convoyed[i] and not self.has_path(i, high):
            return 0
        other = board.unit_at.get(board.destination[i])
        if other is not None and self.head_to_head(i, other) and self.resolve(other, not high):
            return 0
        return 1 + self.count_supports(i, high)
