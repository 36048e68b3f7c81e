"""DPjudge's Hundred and Classical played by mail, each through a year boundary and an
adjustment: every mail, reply, deadline line and HISTORY names the phases by the variant's own
calendar (``calendar.py``: hundred.map lines 28-32, a turn every five years from 1425, the
adjustments in the years divisible by ten; classical.map lines 14-18, the years B.C. counting
down from 273, the adjustments in the even years), and nothing of the standard seasons leaks."""

from __future__ import annotations

from pathlib import Path

from mail_judge import MailJudge, current_game, phase_records

from judge.service.web.archive import build_archive

from test_shelf_by_mail import bodies, orders, start

SEASONS = ("Spring", "Fall", "Winter", "S1M", "F1M", "W1M", "S2M", "1901")


def test_a_game_of_hundred_by_mail_names_1425_1430_and_its_adjustments(judge: MailJudge) -> None:
    """England takes Brittany (hundred.map line 24, unowned) in 1425; it is England's only as
    1430 ends, and England builds in Normandy (``RULE BUILD_ANY``, line 26) in 1430's
    adjustments; then 1435."""
    help_text = judge.send("someone@example.org", "HELP ORDERS hundred")
    assert "Movement (every 5 years from 1425):" in help_text
    assert "Adjustments (in the years divisible by 10: builds in any empty supply centre" in help_text
    who = start(judge, "agincourt", "hundred", 3)
    assert set(who) == {"England", "France", "Burgundy"}
    notice = judge.mail_to(who["England"], "Diplomacy notice: agincourt")[0].body
    assert "The first phase is 1425 Movement" in notice
    reply = orders(judge, "agincourt", who["England"], "E", "A nmd - brt", "PHASE 1431")
    assert "e.g. A1430M or 1430 Movement" in reply  # 1431 is no year of the calendar
    reply = orders(judge, "agincourt", who["England"], "E", "A nmd - brt", "A cal H", "A guy H",
                   "F dev H", "F lon H", "PHASE 1430 Movement", "A brt H")
    assert "Your orders for A1425M are complete." in reply
    judge.advance(days=4)  # 1425 is processed; England's order kept for 1430 stands
    judge.advance(days=4)  # 1430: Brittany changes hands, England has a build
    assert current_game(judge).phase == "A1430A"
    reply = orders(judge, "agincourt", who["England"], "E", "Build A nmd")
    assert "Accepted: Build A nmd" in reply
    judge.advance(days=2)
    assert [record.phase for record in phase_records(judge)] == ["A1425M", "A1430M", "A1430A"]
    assert current_game(judge).phase == "A1435M"
    assert {"power": "England", "type": "A", "loc": "nmd"} in current_game(judge).state["units"]
    text = bodies(judge, who["France"])
    assert "Adjustments due in 1430:" in text
    for title in ("1425 Movement", "1430 Movement", "1430 Adjustment", "1435 Movement"):
        assert title in text, title
    for word in SEASONS:
        assert word not in text, word
    judge.send(who["Burgundy"], "HISTORY agincourt")  # sent once the address is confirmed
    judge.confirm(who["Burgundy"])
    history = judge.send(who["Burgundy"], "HISTORY agincourt")
    assert "1430 Adjustment (A1430A)" in history and "Winter" not in history


def test_a_game_of_classical_by_mail_counts_the_years_b_c_down(judge: MailJudge) -> None:
    """273 B.C., then 272 B.C. and its adjustments, then 271 B.C.: Rome takes Cisalpina
    (classical.map line 9, unowned) by way of Etruria and builds at home."""
    help_text = judge.send("someone@example.org", "HELP ORDERS classical")
    assert "Movement (every year from 273 B.C., the years counting down):" in help_text
    assert "while you hold a home centre" in help_text  # RULE REMOTE_BUILDS, line 12
    who = start(judge, "punic", "classical", 5)
    notice = judge.mail_to(who["Rome"], "Diplomacy notice: punic")[0].body
    assert "The first phase is 273 B.C. Movement" in notice
    reply = orders(judge, "punic", who["Rome"], "R", "A rom - etr", "A bru H", "F cap H")
    assert "Your orders for B273M are complete." in reply
    judge.advance(days=4)
    reply = orders(judge, "punic", who["Rome"], "R", "A etr - cis", "A bru H", "F cap H")
    assert "Your orders for B272M are complete." in reply
    judge.advance(days=4)
    assert current_game(judge).phase == "B272A"
    reply = orders(judge, "punic", who["Rome"], "R", "PHASE 272 BC builds", "Build A rom")
    assert "Accepted: Build A rom" in reply
    judge.advance(days=2)
    assert [record.phase for record in phase_records(judge)] == ["B273M", "B272M", "B272A"]
    assert current_game(judge).phase == "B271M"
    text = bodies(judge, who["Egypt"])
    assert "Adjustments due in 272 B.C.:" in text
    for title in ("273 B.C. Movement", "272 B.C. Movement", "272 B.C. Adjustment",
                  "271 B.C. Movement"):
        assert title in text, title
    for word in SEASONS:
        assert word not in text, word
    judge.confirm(who["Egypt"])
    history = judge.send(who["Egypt"], "HISTORY punic FROM 272 BC")
    assert "272 B.C. Movement (B272M)" in history and "(B273M)" not in history


def test_the_archive_of_a_hundred_game_names_its_phases_by_the_calendar(
        judge: MailJudge, tmp_path: Path) -> None:
    """The web archive's pages, links and schematic maps say 1425 and A1425M, never a season."""
    who = start(judge, "crecy", "hundred", 3)
    orders(judge, "crecy", who["England"], "E", "A nmd - brt")
    judge.advance(days=4)
    assert build_archive(judge.store, tmp_path / "site").games == ["crecy"]
    site = {str(path.relative_to(tmp_path / "site")): path.read_text(encoding="utf-8")
            for path in (tmp_path / "site").rglob("*") if path.is_file()}
    assert "games/crecy/phase-a1425m.html" in site
    maps = [name for name in site if name.endswith(".svg") and "crecy" in name]
    assert maps and any("1425 Movement" in site[name] for name in maps)
    pages = site["games/crecy.html"] + site["games/crecy/phase-a1425m.html"]
    assert "1425 Movement" in pages and "A nmd - brt" in pages and "1430 Movement" in pages
    for word in ("Spring", "Fall", "S1M", "F1M"):
        assert word not in pages + "".join(site[name] for name in maps), word


def test_a_phase_named_with_odd_digits_gets_the_usual_answer(judge: MailJudge) -> None:
    """A hostile PHASE line (a superscript two, which Python calls a digit but cannot read as a
    number; a year of 5,000 digits, past what Python turns into a number) is answered as any
    phase the calendar does not play, in the standard calendar and in Hundred's alike, and the
    orders of the mail still stand."""
    who = start(judge, "agincourt", "hundred", 3)
    for odd in ("\u00b2", "9" * 5000, "Spring \u00b2", "Fall " + "9" * 5000):
        reply = orders(judge, "agincourt", who["England"], "E", f"PHASE {odd}", "A nmd - brt")
        assert "e.g. A1430M or 1430 Movement" in reply, reply[-400:]
        assert len(reply) < 2 * len(odd) + 3000  # his line quoted back, no more
