"""Plantagenet's map by mail (issue 33, item 9): when one mail lets several steps run, the one
map its results carry shows the Marches (4.3) of them all, not only where the Lords ended."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree

import pytest
from sqlmodel import select

from mail_judge import MailJudge
from plantagenet_mail import Table
from test_plantagenet_by_mail import seed_secrets

from judge.store import Picture

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(autouse=True)
def seeded_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    seed_secrets(monkeypatch)


def test_one_map_for_several_steps_shows_the_marches_of_them_all_4_3(judge: MailJudge) -> None:
    """4.2, 4.3: York sends his Plan with two cards' Marches ahead (Ely to Cambridge, then to St
    Albans); Lancaster's Plan lets the Plan and both cards run on one mail. The one results mail
    York receives for them carries one map, of where York stands now, with both Marches drawn in
    York's ink, each along its Way."""
    table = Table(judge)
    table.send("York", "PASS")
    table.send("Lancaster", "PASS")
    table.send("York", "PLAN York, York, Pass, Pass",
               "PHASE T1 card 1 York", "MARCH Cambridge",
               "PHASE T1 card 2 York", "MARCH St Albans")
    before = table.last_mail()
    table.send("Lancaster", "PLAN Pass, Pass, Pass, Pass")
    ran = [record.phase for record in table.records()]
    assert "T1 card 1 York" in ran and "T1 card 2 York" in ran
    results = [mail for mail in table.mails_to("York", before) if "results" in mail.subject]
    assert len(results) == 1 and " to " in results[0].subject  # several steps, one mail
    with judge.store.session() as db:
        svg = db.exec(select(Picture.svg).where(Picture.id == results[0].picture_id)).one()
    root = ElementTree.fromstring(svg)
    marches = {(line.get("data-from"), line.get("data-to"), line.get("data-side"))
               for line in root.iter(f"{SVG}polyline") if line.get("data-kind") == "march"}
    assert {("Ely", "Cambridge", "York"), ("Cambridge", "St Albans", "York")} <= marches, marches
    york = next(stack for stack in root.iter(f"{SVG}g") if stack.get("class") == "stack"
                and any(rect.get("data-lord") == "York" for rect in stack.iter(f"{SVG}rect")))
    assert york.get("data-place") == "St Albans"  # the position now
