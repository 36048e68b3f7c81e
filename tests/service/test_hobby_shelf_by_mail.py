"""The variants shipped from DPjudge's map files (the hobby's list, issue #35 item 2), played by
mail: ``CREATE ?game password chaos`` works; the game begins as its file says (Chaos: a winter
adjustment in 1900, 34 powers building their first units); the mails name its own powers and
years, and nothing of the standard game leaks into them."""

from __future__ import annotations

from mail_judge import MailJudge, current_game, phase_records

from test_shelf_by_mail import bodies, orders, players, start


def test_a_game_of_chaos_begins_with_34_powers_building_in_winter_1900(judge: MailJudge) -> None:
    """chaos (DPjudge's chaos.map): 34 powers, each one centre and no unit (its lines 6-71),
    ``BEGIN WINTER 1900 ADJUSTMENTS`` (line 78), ``RULE BUILD_ANY`` (line 80); 18 centres win.
    The first phase is the winter's builds; then Spring 1901 moves the units built."""
    help_text = judge.send("someone@example.org", "HELP ORDERS chaos")
    assert "How to write orders (chaos):" in help_text and "Build A Ank" in help_text
    who = start(judge, "anarchy", "chaos", 34)
    assert len(who) == 34 and {"Ankara", "St-Petersburg", "Warsaw"} <= set(who)
    notice = judge.mail_to(who["Ankara"], "Diplomacy notice: anarchy")[0].body
    assert "The first phase is Winter 1900 Adjustment" in notice
    assert "you are to order: 1 build (or WAIVE)" in notice
    ankara = players(34).index(who["Ankara"]) + 1
    reply = judge.send(who["Ankara"], f"SIGNON Aanarchy pw{ankara}\nBuild F ank")
    assert "Accepted: Build F ank" in reply
    reply = judge.send(who["Ankara"], f"SIGNON Aanarchy pw{ankara}\nBuild A con")
    assert "Build A con" in reply and "Accepted: Build A con" not in reply  # not Ankara's centre
    judge.advance(days=4)  # the deadline: the others' builds are waived
    assert [record.phase for record in phase_records(judge)] == ["W1900A"]
    units = current_game(judge).state["units"]
    assert units == [{"power": "Ankara", "type": "F", "loc": "ank"}]
    assert current_game(judge).state["phase"] == "S1901M"
    text = bodies(judge, who["Warsaw"])
    assert "Winter 1900" in text and "Spring 1901" in text
    for word in ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"):
        assert word not in text, word


def test_a_game_of_milan_by_mail_moves_italys_army_from_milan_into_savoy(judge: MailJudge) -> None:
    """milan (DPjudge's milan.map): the standard game, Italy's home Milan with an army (lines
    21-22) in place of Venice, Piedmont now Savoy (line 7, read by its old name too)."""
    who = start(judge, "lombardy", "milan", 7)
    notice = judge.mail_to(who["Italy"], "Diplomacy notice: lombardy")[0].body
    assert "A mil" in notice and "A ven" not in notice
    italy = players(7).index(who["Italy"]) + 1
    reply = judge.send(who["Italy"], f"SIGNON Ilombardy pw{italy}\nA mil - piedmont\nA rom H\nF nap H")
    assert "Your orders for S1901M are complete." in reply
    judge.advance(days=4)
    assert [record.phase for record in phase_records(judge)] == ["S1901M"]
    units = current_game(judge).state["units"]
    assert {"power": "Italy", "type": "A", "loc": "sav"} in units
    text = bodies(judge, who["France"])
    assert "A mil - sav" in text and "Tuscany" not in text


def test_a_game_of_1898_opens_with_one_build_each_then_moves_the_units_built(judge: MailJudge) -> None:
    """1898 (DPjudge's 1898.map: the standard board, no units, ``RULE MOBILIZE``, ``BEGIN WINTER
    1898 ADJUSTMENTS``). DPjudge's rules, 1.1 MOBILIZE: each power begins with no unit and one
    build in any of its home centres; the 1898 page's rule 2: the centre built in becomes the
    only one it owns; rule 3: a home centre not owned takes no build later."""
    help_text = judge.send("someone@example.org", "HELP ORDERS 1898")
    assert "How to write orders (1898):" in help_text
    who = start(judge, "dreadnought", "1898", 7)
    notice = judge.mail_to(who["England"], "Diplomacy notice: dreadnought")[0].body
    assert "The first phase is Winter 1898 Adjustment" in notice
    assert "you are to order: 1 build (or WAIVE)" in notice
    reply = orders(judge, "dreadnought", who["England"], "E", "Build F lon", "Build F edi")
    assert "Accepted: Build F lon" in reply and "Accepted: Build F edi" not in reply
    assert "England has 1 build due" in reply  # one build, whichever home it chooses
    reply = orders(judge, "dreadnought", who["France"], "F", "Build A bel")
    assert "Accepted: Build A bel" not in reply and "France may build at bre, mar, par" in reply
    orders(judge, "dreadnought", who["France"], "F", "Build A par")
    judge.advance(days=4)  # the deadline: the others' builds are waived
    assert [record.phase for record in phase_records(judge)] == ["W1898A"]
    state = current_game(judge).state
    assert state["phase"] == "S1899M"
    assert sorted((u["power"], u["type"], u["loc"]) for u in state["units"]) == [
        ("England", "F", "lon"), ("France", "A", "par")]
    assert state["supply_centers"] == {"lon": "England", "par": "France"}
    reply = orders(judge, "dreadnought", who["England"], "E", "F lon - nth")
    assert "Your orders for S1899M are complete." in reply
    judge.advance(days=4)
    assert {"power": "England", "type": "F", "loc": "nth"} in current_game(judge).state["units"]
    text = bodies(judge, who["Germany"])
    assert "Winter 1898" in text and "Spring 1899" in text and "F lon - nth" in text


def test_a_game_of_youngstown_by_mail_ten_powers_india_signing_with_n(judge: MailJudge) -> None:
    """youngstown (DPjudge's youngstown.map, its starting units from DPjudge's page on the
    variant, Basic Rules 3): ten powers, India signing on with N (Basic Rules 3); an army of
    Delhi into Kashmir, a fleet of Tokyo into the North Pacific."""
    help_text = judge.send("someone@example.org", "HELP ORDERS youngstown")
    assert "How to write orders (youngstown):" in help_text
    who = start(judge, "asia", "youngstown", 10)
    assert set(who) == {"Austria", "China", "England", "France", "Germany", "India", "Italy",
                        "Japan", "Russia", "Turkey"}
    notice = judge.mail_to(who["India"], "Diplomacy notice: asia")[0].body
    assert "SIGNON Nasia" in notice and "A del" in notice
    reply = orders(judge, "asia", who["India"], "N", "A del - kashmir", "A cal H", "F mad H")
    assert "Your orders for S1901M are complete." in reply
    reply = orders(judge, "asia", who["Japan"], "J", "F tok - npo")
    assert "Accepted: F tok - npo" in reply
    judge.advance(days=4)
    assert [record.phase for record in phase_records(judge)] == ["S1901M"]
    units = current_game(judge).state["units"]
    assert {"power": "India", "type": "A", "loc": "kas"} in units
    assert {"power": "Japan", "type": "F", "loc": "npo"} in units
    assert "A del - kas" in bodies(judge, who["China"])
