"""Plantagenet's map by mail (issue 33, item 9): when one mail lets several steps run, the one
map its results carry shows the Marches (4.3) of them all, not only where the Lords ended; the
map a mail carries can be read on a phone, 400 pixels wide; a stack stands at its Locale on it."""

from __future__ import annotations

import copy
import email
import io
import math
import xml.etree.ElementTree as ElementTree

import pytest
from PIL import Image
from sqlmodel import select

from mail_judge import MailJudge
from plantagenet_mail import Table
from test_plantagenet_by_mail import seed_secrets

from judge.pictures.plantagenet import geometry
from judge.store import Game, Picture

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


def march_to_cambridge(judge: MailJudge, table: Table) -> str:
    """York's first card Marches York from Ely to Cambridge (4.3), Lancaster passes: the SVG of
    the map York's last results mail carries."""
    table.send("York", "PASS")
    table.send("Lancaster", "PASS")
    table.send("York", "PLAN York, Pass, Pass, Pass", "PHASE T1 card 1 York", "MARCH Cambridge")
    before = table.last_mail()
    table.send("Lancaster", "PLAN Pass, Pass, Pass, Pass")
    results = [mail for mail in table.mails_to("York", before) if "results" in mail.subject]
    assert results and results[-1].picture_id is not None
    with judge.store.session() as db:
        return str(db.exec(select(Picture.svg).where(Picture.id == results[-1].picture_id)).one())


def test_the_map_a_results_mail_carries_is_legible_on_a_phone(judge: MailJudge) -> None:
    """York Marches from Ely to Cambridge (4.3). The map his results mail carries is a PNG 400
    pixels wide (as a phone shows it) of the part of the map he needs: the March and his Lords in
    it, every word on it at least 9 pixels high (the whole map, 1036 pixels wide, would show its
    names 2.5 to 3 pixels high there)."""
    table = Table(judge)
    svg = march_to_cambridge(judge, table)
    judge.advance(seconds=1)  # the sender delivers the outbox
    sent = [email.message_from_bytes(raw) for raw in judge.transport.mails]
    pngs = [part.get_payload(decode=True) for mail in sent if "results" in str(mail["Subject"])
            and table.address["York"] in str(mail["To"]).lower() for part in mail.walk()
            if part.get_content_type() == "image/png"]
    assert pngs
    image = Image.open(io.BytesIO(_bytes(pngs[-1])))
    assert image.width == 400
    root = ElementTree.fromstring(svg)
    scale = 400 / float(str(root.get("viewBox")).split()[2])  # the picture's pixels to the phone's
    shown = [tuple(float(v) for v in str(window.get("data-shows")).split()) for window in root.iter()
             if window.get("class") == "window"]
    assert shown
    march = next(line for line in root.iter(f"{SVG}polyline") if line.get("data-kind") == "march")
    assert (march.get("data-from"), march.get("data-to")) == ("Ely", "Cambridge")
    for pair in str(march.get("points")).split():
        x, y = (float(v) for v in pair.split(","))
        assert any(left <= x <= left + width and top <= y <= top + height for left, top, width, height in shown)
    for text in root.iter(f"{SVG}text"):
        assert float(str(text.get("font-size"))) * scale >= 9, "".join(text.itertext())


def _bytes(payload: object) -> bytes:
    assert isinstance(payload, bytes)
    return payload


def test_a_stack_stands_at_its_locale_on_the_map_a_mail_carries_1_3_1(judge: MailJudge) -> None:
    """1.3.1: three Yorkist Lords at Coventry (March, Salisbury and Warwick, put there before the
    Turn), in the crowded Midlands, while York Marches from Ely to Cambridge (4.3). On the map York's
    results mail carries, their stack stands at Coventry: its tiles, or a badge saying how many
    Lords stand there, touch its mark or stand within 30 pixels of it (their three tiles stood some
    117 pixels off, over other Locales), and every one of their tiles is in a window of the mail,
    at least 9 pixels high on the phone (for a badge, in the key beside the map)."""
    table = Table(judge)
    with judge.store.session() as db:
        row = db.exec(select(Game)).one()
        state = copy.deepcopy(row.state)
        for lord in ("Salisbury", "Warwick Y"):
            state["lords"][lord] = copy.deepcopy(state["lords"]["March"])
        for lord in ("March", "Salisbury", "Warwick Y"):
            state["lords"][lord]["at"] = "Coventry"
        row.state = state
        db.add(row)
        db.commit()
    svg = march_to_cambridge(judge, table)
    root = ElementTree.fromstring(svg)
    (stack,) = [group for group in root.iter(f"{SVG}g") if group.get("class") == "stack"
                and group.get("data-place") == "Coventry"]
    x, y = geometry().network.points["Coventry"]
    shapes = [rect for rect in stack.iter(f"{SVG}rect")]
    left = min(float(str(r.get("x"))) for r in shapes)
    top = min(float(str(r.get("y"))) for r in shapes)
    right = max(float(str(r.get("x"))) + float(str(r.get("width"))) for r in shapes)
    bottom = max(float(str(r.get("y"))) + float(str(r.get("height"))) for r in shapes)
    assert math.dist((x, y), (min(max(x, left), right), min(max(y, top), bottom))) <= 30
    tiles = [rect for group in root.iter(f"{SVG}g") if group.get("class") in ("stack", "stack-key")
             and group.get("data-place") == "Coventry" for rect in group.iter(f"{SVG}rect")
             if rect.get("class") == "lord"]
    assert sorted(str(tile.get("data-lord")) for tile in tiles) == ["March", "Salisbury", "Warwick Y"]
    shown = [tuple(float(v) for v in str(window.get("data-shows")).split()) for window in root.iter()
             if window.get("class") == "window"]
    for tile in tiles:
        tx, ty = float(str(tile.get("x"))), float(str(tile.get("y")))
        assert any(wl <= tx and tx + float(str(tile.get("width"))) <= wl + ww and wt <= ty <= wt + wh
                   for wl, wt, ww, wh in shown), tile.get("data-lord")
    scale = 400 / float(str(root.get("viewBox")).split()[2])
    for text in root.iter(f"{SVG}text"):
        assert float(str(text.get("font-size"))) * scale >= 9, "".join(text.itertext())
