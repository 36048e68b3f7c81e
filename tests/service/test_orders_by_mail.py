"""Orders by mail, checked as they arrive: a WAIVE taken and the winter resolved; builds, removals
and retreats the position makes impossible refused in the reply with the reason and the choices;
a move missing the coast it needs refused with the coasts; "complete" said only of orders that
stand, and "not complete yet" naming what is left; a second order for a unit naming the one it
replaced.

Builds: DATC 6.I.1 to 6.I.7, 6.B.14; removals: the winter rules (DATC 6.J); retreats: DATC 6.H.5,
6.H.6; a missing coast: DATC 6.B.1.
"""

from __future__ import annotations

from typing import Any

from alpha import as_power, game, new_game
from mail_judge import MailJudge

from judge.store import Game


def unit(power: str, kind: str, loc: str) -> dict[str, str]:
    return {"power": power, "type": kind, "loc": loc}


def put(judge: MailJudge, state: dict[str, Any]) -> None:
    """Set alpha's position (as if the phases before it had been played)."""
    with judge.store.session() as db:
        row = db.get(Game, game(judge).id)
        assert row is not None
        row.state, row.phase = state, state["phase"]
        db.add(row)
        db.commit()


def winter(judge: MailJudge) -> dict[str, Any]:
    """The position of the start with France in Munich, the Mid-Atlantic and Spain (owning Spain
    and Munich: two builds due) and Germany's army gone from Munich to Silesia (one removal due);
    the others have nothing to adjust."""
    state = dict(game(judge).state)
    moved = {"par": unit("France", "A", "mun"), "bre": unit("France", "F", "mao"),
             "mar": unit("France", "A", "spa"), "mun": unit("Germany", "A", "sil")}
    state["units"] = [moved.get(u["loc"], u) for u in state["units"]]
    state["supply_centers"] = {**state["supply_centers"], "spa": "France", "mun": "France"}
    state["phase"] = "W1901A"
    return state


def test_a_player_waives_a_build_and_the_winter_resolves(judge: MailJudge) -> None:
    seats = new_game(judge)
    put(judge, winter(judge))
    reply = as_power(judge, seats, "France", "Build A par", "WAIVE")
    assert "Accepted: Build A par\n" in reply and "Accepted: Waive\n" in reply
    assert reply.split("\n-- ")[0].rstrip().endswith("Your orders for W1901A are complete.")
    assert "Your orders for W1901A are complete." in reply
    reply = as_power(judge, seats, "Germany", "Remove A ber")
    assert "Winter 1901 Adjustment of alpha has been processed (all orders in)." in reply
    assert game(judge).phase == "S1902M"
    assert unit("France", "A", "par") in game(judge).state["units"]
    report = judge.mail_to(seats["England"][0], "Diplomacy results alpha W1901A")[0].body
    assert "Waive" in report and "Build A par" in report


def test_builds_and_removals_the_position_forbids_are_refused_as_they_arrive(
    judge: MailJudge,
) -> None:
    seats = new_game(judge)
    put(judge, winter(judge))
    sites = "France may build at bre, mar, par"
    reply = as_power(judge, seats, "France", "Build A bel", "Build F par", "Build A mun",
                     "Build A ber", "A mun D")
    assert f"Error: Build A bel: bel is not a home centre of France; {sites}" in reply
    assert f"Error: Build F par: a fleet cannot be built in par, which is inland; {sites}" in reply
    assert f"Error: Build A mun: mun is not a home centre of France; {sites}" in reply
    assert f"Error: Build A ber: ber is not a home centre of France; {sites}" in reply
    assert "Error: A mun D: France has no removals due: it has 2 builds due" in reply
    assert "Your orders for W1901A are not complete yet: still to order 2 builds (or WAIVE)." in reply
    reply = as_power(judge, seats, "France", "Build F mar", "Build A bre", "Build A par")
    assert "Accepted: Build F mar\nAccepted: Build A bre\n" in reply
    assert ("Error: Build A par: France has 2 builds due and has ordered Build F mar, Build A bre "
            "already (an order for the same site replaces one; CLEAR withdraws them all)") in reply
    assert "Your orders for W1901A are on hold: a line was refused" in reply  # correctable
    reply = as_power(judge, seats, "France", "Build F bre")  # the same site: a replacement
    assert "Accepted: Build F bre (replaces Build A bre)" in reply
    assert "Your orders for W1901A are complete." in reply  # a mail without a refused line

    reply = as_power(judge, seats, "Germany", "Build A ber", "Remove A mun", "A kie D")
    assert "Error: Build A ber: Germany has no builds due: it must remove 1 unit" in reply
    assert "Error: Remove A mun: the unit in mun belongs to France" in reply
    assert "Error: A kie D: the unit in kie is a fleet" in reply
    assert "Your orders for W1901A are not complete yet: still to order 1 removal." in reply
    reply = as_power(judge, seats, "Germany", "F kie D", "A ber D")
    assert "Accepted: F kie D\n" in reply
    assert ("Error: A ber D: Germany must remove 1 unit and has ordered F kie D already") in reply
    assert "Your orders for W1901A are on hold" in reply and game(judge).phase == "W1901A"
    reply = as_power(judge, seats, "Germany", "F kie D")  # confirmed, nothing refused
    assert "Your orders for W1901A are complete." in reply
    assert game(judge).phase == "S1902M"  # all in: France's builds and Germany's removal


def test_a_fleet_build_without_the_coast_it_needs_is_refused_with_the_coasts(
    judge: MailJudge,
) -> None:
    seats = new_game(judge)
    state = dict(game(judge).state)
    state["units"] = [u for u in state["units"] if u["loc"] != "stp/sc"]
    state["phase"] = "W1901A"
    put(judge, state)
    reply = as_power(judge, seats, "Russia", "Build F stp")
    assert "Error: Build F stp: say on which coast of stp to build the fleet (nc or sc)" in reply
    assert "not complete yet: still to order 1 build (or WAIVE)" in reply
    reply = as_power(judge, seats, "Russia", "Build F St Petersburg (north coast)")
    assert "Accepted: Build F stp/nc" in reply and "processed (all orders in)" in reply


def test_a_retreat_to_a_place_not_offered_is_refused_with_the_places(judge: MailJudge) -> None:
    seats = new_game(judge)
    state = dict(game(judge).state)
    state["units"] = [unit("Germany", "A", "bur") if u["loc"] == "mun" else u
                      for u in state["units"] if u["loc"] != "par"]
    state["dislodged"] = [{"power": "France", "type": "A", "loc": "bur", "attacker_from": "mun",
                           "retreats": []}]
    state["standoffs"] = ["pic"]
    state["phase"] = "S1901R"
    put(judge, state)
    reply = as_power(judge, seats, "France", "A bur - mun", "A bur - pic", "A mar - spa")
    places = "it may retreat to bel, gas, par, ruh"
    assert f"Error: A bur - mun: A bur cannot retreat to mun; {places}" in reply
    assert f"Error: A bur - pic: A bur cannot retreat to pic; {places}" in reply
    assert "Error: A mar - spa: no unit was dislodged from mar (yours: A bur)" in reply
    assert ("Your orders for S1901R are not complete yet: still to order A bur (retreat or "
            "disband).") in reply
    reply = as_power(judge, seats, "France", "A bur - par")
    assert "Accepted: A bur - par" in reply
    assert "Spring 1901 Retreat of alpha has been processed (all orders in)." in reply
    assert unit("France", "A", "par") in game(judge).state["units"]


def test_movement_orders_a_missing_coast_and_a_second_order(judge: MailJudge) -> None:
    seats = new_game(judge)
    state = dict(game(judge).state)
    state["units"] = [unit("France", "F", "mao") if u["loc"] == "bre" else u
                      for u in state["units"]]
    put(judge, state)
    reply = as_power(judge, seats, "France", "F mao - spa", "A par - bur")
    assert ("Error: F mao - spa: spa has several coasts a fleet in mao can reach: say which "
            "(nc or sc)") in reply
    assert "Your orders for S1901M are not complete yet: still to order F mao, A mar." in reply
    reply = as_power(judge, seats, "France", "A par - pic", "F mao - spa/nc", "A mar H")
    assert "Accepted: A par - pic (replaces A par - bur)" in reply
    assert "Accepted: F mao - spa/nc\n" in reply
    assert "Your orders for S1901M are complete." in reply
