"""Plantagenet's Battle orders by mail (issue 33): the Hits a player assigns by Strike step, Round
and Lord, and the Valour rerolls he spends on the units he names (4.4.2), seen in the Battle's
report."""

from __future__ import annotations

import pytest

from mail_judge import MailJudge
from plantagenet_mail import Table
from test_plantagenet_by_mail import seed_secrets


@pytest.fixture(autouse=True)
def seeded_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    """The game's dice are the same at every run."""
    seed_secrets(monkeypatch)


def test_hits_by_step_round_and_lord_and_valour_for_the_retinue_only_by_mail_4_4_2(judge: MailJudge) -> None:
    """4.4.2 Apply Hits, Valour Rerolls: Lancaster mails ``HITS MISSILE Longbowmen, Men-at-Arms``
    (Missile Hits to Longbowmen while Men-at-Arms stand), ``HITS MELEE ROUND 1 Somerset``
    (Round 1's Melee Hits to Somerset's units first) and ``VALOUR Retinue`` (rerolls for the
    Retinue only); a bad line is refused with what it may say. When York Approaches Henry VI and
    Somerset at London, the Battle's report shows each applied: Henry VI's Longbowmen take the
    Missile Hits though his two Men-at-Arms stand (by default armoured units first); Somerset on
    the left takes the Melee Hits before Henry VI at the center (by default the Array order); a
    Man-at-Arms of Somerset, who has Valour 2, fails without a reroll (by default he would
    reroll an armoured unit)."""
    table = Table(judge)
    reply = table.send("Lancaster", "HITS MISSILE Longbowmen, Men-at-Arms", "HITS MELEE ROUND 1 Henry VI",
                       "HITS MELEE ROUND 1 Somerset", "VALOUR Retinue", "HITS MISSILE Archers", "HITS York Retinue")
    replaced = next(line for line in reply.splitlines() if line.startswith("Accepted: HITS MELEE ROUND 1 Somerset 1"))
    assert replaced.endswith("(replaces HITS MELEE ROUND 1 Henry VI)"), reply
    assert ("Your standing orders: HITS MISSILE Longbowmen, Men-at-Arms; HITS MELEE ROUND 1 Somerset 1; "
            "VALOUR Retinue.") in reply, reply
    assert "Error: HITS MISSILE Archers: no unit type, Lord or Vassal 'Archers' (the choices: Handgunners" in reply
    assert "Error: HITS York Retinue: York is not your Lord" in reply
    table.send("York", "PASS")
    table.send("Lancaster", "PASS")
    table.send("York", "PLAN York, Pass, Pass, Pass", "PHASE T1 card 1 York",
               "MARCH Cambridge; MARCH St Albans; MARCH London")
    before = table.last_mail()
    table.send("Lancaster", "PLAN Pass, Pass, Pass, Pass")
    [results] = [mail.body for mail in table.mails_to("Lancaster", before) if "Battle at London" in mail.body]
    missiles, melee = results.split("Lancaster Strikes: ")[1:3]
    assert "Henry VI (Lancaster): longbowman 4: Routed; longbowman 6: Routed.\n" in missiles, results
    assert "Somerset 1 (Lancaster): longbowman 1 saved; longbowman 5: Routed; longbowman 1 saved.\n" in missiles
    assert "Somerset 1 (Lancaster): man-at-arms 2 saved; man-at-arms 4: Routed; man-at-arms 3 saved;" in melee
    assert "Henry VI (Lancaster)" not in melee
    [card] = [r for r in table.records() if r.phase == "T1 card 1 York"]
    [battle] = [e for e in card.resolution["events"] if e["type"] == "battle"]
    assert not [step for step in battle["report"] if step["side"] == "Lancaster" and step["step"] == "valour"]
    assert card.state_before["lords"]["Henry VI"]["troops"]["men_at_arms"] == 2
