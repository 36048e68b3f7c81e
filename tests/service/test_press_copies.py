"""One mail from a player gives each reader, the master included, one press mail (issue 36, seen
beside item 3): a mail of several PRESS blocks to different powers made one master's copy per
block. By mail, on SQLite and on PostgreSQL."""

from __future__ import annotations

from collections import Counter

import pytest
from mail_judge import MailJudge
from sqlmodel import select
from test_press_and_history import MASTER, PRESS_SUBJECT, holders, press_mail, start

from judge.store import Outbox

pytestmark = pytest.mark.usefixtures("cheap_passwords")


@pytest.fixture
def judge(judge_on_each_backend: MailJudge) -> MailJudge:
    """A judge on SQLite, then on PostgreSQL (``conftest``)."""
    return judge_on_each_backend


def _press_counts(judge: MailJudge) -> Counter[str]:
    with judge.store.session() as db:
        return Counter(row.to_address for row in
                       db.exec(select(Outbox).where(Outbox.subject == PRESS_SUBJECT)).all())


def test_several_press_blocks_give_the_master_one_copy(judge: MailJudge) -> None:
    signons = start(judge)
    players = holders(judge)
    blocks = [f"PRESS TO {power}\nTo {power}, from England.\nENDPRESS"
              for power in ("France", "Germany", "Russia", "Italy")]
    reply = judge.send(players["England"], "\n".join([signons["England"], *blocks,
                                                      "PRESS TO MASTER\nAnd to you.\nENDPRESS"]))
    assert reply.count("Press sent to") == 5, reply
    counts = _press_counts(judge)
    assert counts[MASTER] == 1, counts
    assert all(n == 1 for n in counts.values()) and len(counts) == 5
    copy = press_mail(judge)[MASTER]
    for power in ("France", "Germany", "Russia", "Italy"):
        assert f"Press in alpha from England to {power} (Spring 1901 Movement):" in copy
        assert f"To {power}, from England." in copy
    assert copy.count("(The master's copy: written by England.)") == 5  # his own press too
    assert "Press in alpha from England to the master" in copy and "And to you." in copy
    assert copy.count("\n-- \n") == 1  # one signature, at the end
    assert copy.index("To France") < copy.index("To Italy") < copy.index("And to you.")
    france = press_mail(judge)[players["France"]]
    assert "To France, from England." in france and "Germany" not in france


def test_a_refused_press_adds_nothing_to_the_masters_copy(judge: MailJudge) -> None:
    signons = start(judge)
    players = holders(judge)
    reply = judge.send(players["England"], "\n".join([
        signons["England"], "PRESS TO France\nFirst.\nENDPRESS", "PRESS TO France\nSecond.\nENDPRESS"]))
    assert "had a press from this mail already" in reply
    copy = press_mail(judge)[MASTER]
    assert "First." in copy and "Second." not in copy
