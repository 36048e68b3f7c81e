"""A rule reading changed during a game (issue 34): the judge is upgraded while a game runs, and
its kind's rules version goes up. The players, the observers and the master are told each change
in their next results mail, in one short line, once; every processed phase records the judge
version and the rules version that resolved it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from duel_play import MASTER, SIDES, duel_judge, order, started
from mail_judge import MailJudge, current_game, phase_records

from judge import __version__
from judge.games.kind import RuleChange, RulesHistory
from judge.games.registry import game_kind

TOLD = "Rules: from this phase on, 2.1 a tied bid goes to the leader (judge rules version 1 -> 2)"


@pytest.fixture
def duel(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[MailJudge]:
    yield from duel_judge(tmp_path, monkeypatch)


def _results(judge: MailJudge) -> dict[str, list[str]]:
    return {address: [mail.body for mail in judge.mail_to(address, "Duel results duel")]
            for address in (*SIDES.values(), MASTER)}


def test_a_rule_change_is_told_once_with_the_next_results(
    duel: MailJudge, monkeypatch: pytest.MonkeyPatch,
) -> None:
    signons = started(duel)
    order(duel, signons, "North", "BID 1")
    order(duel, signons, "South", "BID 0")
    assert current_game(duel).rules_version == 1
    assert [(r.judge_version, r.rules_version, r.rules_from) for r in phase_records(duel)] == [
        (__version__, 1, None)]
    before = _results(duel)
    assert all(before.values()) and not any(TOLD in body for bodies in before.values() for body in bodies)

    # The judge is upgraded: Duel's reading of rule 2.1 changed (rules version 2).
    change = RuleChange(2, "9.9.9", "2.1", "a tied bid goes to the leader")
    monkeypatch.setattr(game_kind("duel"), "rules_history", RulesHistory(2, (change,)))
    order(duel, signons, "North", "ATTACK")  # the choice, then the roll at once
    after = _results(duel)
    for address, bodies in after.items():
        new = bodies[len(before[address]):]
        # at the head of the results: after the answer to his lines, for the mail's sender
        # (whose results mail is the answer), first of all for everyone else
        assert new and TOLD + "\n\n" in new[0], (address, new)
        assert new[0].index(TOLD) < new[0].index("Duel results for"), (address, new)
        if address != SIDES["North"]:
            assert new[0].startswith(TOLD + "\n\n"), (address, new)
        assert sum(body.count("Rules: ") for body in new) == 1, address
    records = phase_records(duel)
    assert [(r.rules_version, r.rules_from) for r in records[1:]] == [(2, 1)] + [(2, None)] * (len(records) - 2)
    assert current_game(duel).rules_version == 2

    order(duel, signons, "North", "BID 2")  # the next round: nothing more to tell
    order(duel, signons, "South", "BID 1")
    later = _results(duel)
    assert all(len(later[a]) > len(after[a]) for a in later)
    assert not any("Rules: " in body for a in later for body in later[a][len(after[a]):])
