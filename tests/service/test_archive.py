"""The web archive (``judge archive build``): every game walked through phase by phase, and nothing
a running game hides: private press, orders of a phase not processed, the secrets of a game kind
that hides things (Duel's bids), anonymous players' addresses."""

from __future__ import annotations

import json
import os
from xml.etree import ElementTree
from collections.abc import Iterator
from datetime import datetime, timezone
from pathlib import Path

import pytest
from alpha import MASTER, as_power, game, holds, master, new_game
from duel_play import duel_judge, order, started
from mail_judge import MailJudge
from serve_support import wait_for

from judge.cli import main
from judge.service.web.archive import build_archive, update_archive
from judge.service.daemon.clocks import SystemClock
from judge.service.config import load_config, write_default_config
from judge.service.daemon import serve
from judge.service.daemon.serve import Daemon
from judge.mail.maildir import MaildirInbox, MaildirOutbox
from judge.store import open_store


def _site(folder: Path) -> dict[str, str]:
    """Every file the archive wrote, by its path in the folder."""
    return {str(path.relative_to(folder)): path.read_text(encoding="utf-8")
            for path in folder.rglob("*") if path.is_file()}


def _everything(folder: Path) -> str:
    return "\n".join(_site(folder).values())


def test_a_game_is_walked_through_phase_by_phase(judge: MailJudge, tmp_path: Path) -> None:
    seats = new_game(judge)
    for power in seats:
        as_power(judge, seats, power, *holds(judge, power))  # S1901M processes
    as_power(judge, seats, "England", "PRESS TO France", "Shall we share the Channel?", "ENDPRESS")
    as_power(judge, seats, "England", "BROADCAST", "Greetings from London.", "ENDBROADCAST")
    as_power(judge, seats, "France", "A par - bur")  # F1901M: France's order not yet processed
    out = tmp_path / "site"
    assert build_archive(judge.store, out).games == ["alpha"]
    site = _site(out)
    assert sorted(site) == sorted([".built.json", "games/alpha.html", "games/alpha.json",
                            "games/alpha.mila.json", "games/alpha/now.svg",
                            "games/alpha/phase-s1901m.svg", "games/alpha/phase-s1901m.html",
                            "index.html", "style.css", "favicon.svg"])
    spring = ElementTree.fromstring(site["games/alpha/phase-s1901m.svg"])
    assert spring.get("data-phase") == "S1901M"
    assert ElementTree.fromstring(site["games/alpha/now.svg"]).get("data-phase") == "F1901M"
    index, page = site["index.html"], site["games/alpha.html"]
    spring_page = site["games/alpha/phase-s1901m.html"]  # each phase on a page of its own
    assert '<a href="games/alpha.html">alpha</a>' in index and "diplomacy/standard" in index
    assert '<a href="alpha/phase-s1901m.html">S1901M</a>' in page and "A vie H" not in page
    assert "<h1>alpha: Spring 1901 Movement</h1>" in spring_page and "A vie H" in spring_page
    assert ('<a href="phase-s1901m.svg"><img src="phase-s1901m.svg" alt="Map of Spring 1901 '
            "Movement: the position, with the phase's orders drawn on it") in spring_page
    assert '<a href="../alpha.html">alpha</a>' in spring_page
    assert "Greetings from London." in page and "From England" in page  # sent in F1901M, now
    assert "share the Channel" not in _everything(out)  # private press
    assert "A par - bur" not in _everything(out)  # an order of a phase not processed yet
    record = json.loads(site["games/alpha.json"])
    assert record["secret"] is None and "orders" not in record["phases"][0]
    assert game(judge).secret.hex() not in _everything(out)
    assert "Supply centres at the start and at the end of each year" in page


def test_an_anonymous_game_shows_no_address_until_it_ends(judge: MailJudge, tmp_path: Path) -> None:
    seats = new_game(judge, "SET ANONYMOUS ON")
    for power in seats:
        as_power(judge, seats, power, *holds(judge, power))
    out = tmp_path / "site"
    build_archive(judge.store, out)
    text = _everything(out)
    assert "(hidden until the game ends)" in text
    assert not any(address in text for address, _ in seats.values())
    as_power(judge, seats, "France", "SET ADDRESS PUBLIC")
    master(judge, "TERMINATE")
    update_archive(judge.store, out)
    text = _everything(out)
    assert "(hidden until the game ends)" not in text and "England: a player" in text
    assert [address for address, _ in seats.values() if address in text] == [seats["France"][0]]
    record = json.loads((out / "games" / "alpha.json").read_text())
    assert record["secret"] == game(judge).secret.hex() and record["phases"][0]["orders"]


def test_the_archive_names_players_as_they_chose_and_shows_no_address_unless_allowed(
    judge: MailJudge, tmp_path: Path,
) -> None:
    """Issue 36, item 11: every game's page listed each player's address, for any crawler."""
    seats = new_game(judge)
    for power in seats:
        as_power(judge, seats, power, *holds(judge, power))
    england, france, germany = (seats[power][0] for power in ("England", "France", "Germany"))
    assert "The web archive names you Anna K." in as_power(judge, seats, "England", "SET NAME Anna K.")
    reply = as_power(judge, seats, "France", "SET NAME Bob", "SET ADDRESS PUBLIC")
    assert f"The web archive shows your address ({france}) beside your name" in reply
    # A forged mail from Germany's address, not signed on, publishes nothing:
    assert "sign on to a game first" in judge.send(germany, "SET ADDRESS PUBLIC\nSET NAME Mallory")
    out = tmp_path / "site"
    build_archive(judge.store, out)
    site = _site(out)
    page, index = site["games/alpha.html"], site["index.html"]
    assert "England: Anna K." in page and "England: Anna K." in index
    assert f"France: Bob &lt;{france}&gt;" in page and f"France: Bob &lt;{france}&gt;" in index
    assert "Germany: a player" in page and "Mallory" not in page
    shown = [address for address, _ in seats.values() if address in _everything(out)]
    assert shown == [france]  # no page, record or file of the archive has any other address
    assert england not in site["games/alpha.json"] and germany not in site["games/alpha.json"]

    as_power(judge, seats, "France", "SET ADDRESS PRIVATE")
    as_power(judge, seats, "England", "SET NAME")
    assert update_archive(judge.store, out).games == ["alpha"]  # a name changed: written again
    text = _everything(out)
    assert france not in text and "France: Bob" in text and "England: a player" in text
    # Mail keeps the judges' conventions: SUMMARY and LIST name the players by their addresses.
    assert england in judge.send("someone@example.org", "SUMMARY alpha")


@pytest.fixture
def duel(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[MailJudge]:
    yield from duel_judge(tmp_path, monkeypatch)


def test_a_game_kind_s_secrets_stay_out_of_the_archive_while_it_runs(
    duel: MailJudge, tmp_path: Path,
) -> None:
    signons = started(duel)
    order(duel, signons, "North", "BID 5")
    order(duel, signons, "South", "BID 3")  # the bids are each side's secret
    out = tmp_path / "site"
    build_archive(duel.store, out)
    text = _everything(out)
    assert "Duel results for duel, Round 1 bid of the duel." in text
    assert "North leads the round." in text
    assert "BID 5" not in text and "Your bid" not in text
    record = json.loads((out / "games" / "duel.json").read_text())
    assert record["phases"][0]["report"]["bids"] == {}  # the observers' view
    assert sorted(p.name for p in (out / "games").glob("duel.*")) == ["duel.html", "duel.json"]


def test_only_the_games_that_changed_are_written_again(judge: MailJudge, tmp_path: Path) -> None:
    seats = new_game(judge)
    out = tmp_path / "site"
    assert build_archive(judge.store, out).games == ["alpha"]
    assert update_archive(judge.store, out).games == []
    orders = {power: holds(judge, power) for power in seats}
    judge.send("someone@example.org", "CREATE ?beta secret roses1")
    assert update_archive(judge.store, out).games == ["beta"]
    for power in seats:
        as_power(judge, seats, power, *orders[power])
    assert update_archive(judge.store, out).games == ["alpha"]
    assert "beta" in (out / "index.html").read_text()


def _touched(folder: Path) -> set[str]:
    """The files written since ``_settle`` (their modification time moved)."""
    return {str(path.relative_to(folder)) for path in folder.rglob("*")
            if path.is_file() and path.stat().st_mtime_ns != 0}


def _settle(folder: Path) -> None:
    """Set every file's modification time to 0, so that a file written next is seen."""
    for path in folder.rglob("*"):
        if path.is_file():
            os.utime(path, ns=(0, 0))


def test_one_phase_more_rewrites_a_bounded_set_of_files_and_a_rollback_leaves_no_stale_page(
    judge: MailJudge, tmp_path: Path,
) -> None:
    """Issue 36, item 5: ``judge serve`` rewrote a game's whole archive on every change (610 files
    for one phase of a game of 300). A phase's page and map are written once, and again only if
    what they show changed: its neighbours, its press, a rollback."""
    seats = new_game(judge)
    for _ in range(4):  # S1901M, F1901M, S1902M, F1902M (no adjustments: every unit holds)
        for power in seats:
            as_power(judge, seats, power, *holds(judge, power))
    out = tmp_path / "site"
    build_archive(judge.store, out)
    _settle(out)
    for power in seats:
        as_power(judge, seats, power, *holds(judge, power))  # S1903M
    assert update_archive(judge.store, out).games == ["alpha"]
    assert _touched(out) == {
        "games/alpha/phase-s1903m.html", "games/alpha/phase-s1903m.svg",  # the new phase
        "games/alpha/phase-f1902m.html",  # its link to the next phase
        "games/alpha.html", "games/alpha.json", "games/alpha.mila.json", "games/alpha/now.svg",
        "index.html", ".built.json"}
    _settle(out)
    judge.send("someone@example.org", "CREATE ?beta secret roses1")
    update_archive(judge.store, out)
    assert _touched(out) == {"games/beta.html", "games/beta.json", "index.html", ".built.json"}

    assert "back at the start of Fall 1902 Movement" in master(judge, "ROLLBACK F1902M")
    as_power(judge, seats, "France", "A par - bur")
    master(judge, "PROCESS")  # F1902M again, with another order
    _settle(out)
    update_archive(judge.store, out)
    pages = sorted(path.name for path in (out / "games" / "alpha").glob("phase-*.html"))
    assert pages == ["phase-f1901m.html", "phase-f1902m.html", "phase-s1901m.html",
                     "phase-s1902m.html"]  # S1903M, undone, is gone with its map
    assert not (out / "games" / "alpha" / "phase-s1903m.svg").exists()
    assert "A par - bur" in (out / "games" / "alpha" / "phase-f1902m.html").read_text()
    assert "phase-s1903m" not in (out / "games" / "alpha.html").read_text()
    assert {"games/alpha/phase-f1902m.html", "games/alpha/phase-f1902m.svg"} <= _touched(out)
    assert "games/alpha/phase-s1901m.html" not in _touched(out)


def test_judge_archive_build_from_the_command_line(
    judge: MailJudge, tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    new_game(judge)
    out = tmp_path / "web"
    assert main(["--config", str(judge.config.path), "archive", "build", "--out", str(out)]) == 0
    assert capsys.readouterr().out == f"1 games written to {out} (open {out / 'index.html'})\n"
    assert (out / "games" / "alpha.html").exists()


def test_judge_serve_keeps_the_archive_current(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(serve, "ARCHIVE_SECONDS", 0.3)
    path = write_default_config(tmp_path / "judge")
    path.write_text(path.read_text().replace('# [archive]', '[archive]').replace(
        '# dir = "archive"', 'dir = "archive"'))
    config = load_config(path)
    assert config.archive == (tmp_path / "judge" / "archive").resolve()
    store = open_store(config.database_url)
    judge = MailJudge(config, store, now=datetime.now(timezone.utc))
    daemon = Daemon(config, store, MaildirInbox(config.inbox), MaildirOutbox(config.outbox),
                    SystemClock())
    daemon.start()
    try:
        judge.send(MASTER, "CREATE ?gamma secret standard")
        page = config.archive / "games" / "gamma.html"
        wait_for(page.exists, 20, "the new game's page")
        judge.send("p@example.org", "JOIN gamma pw")
        wait_for(lambda: "1 of 7 players have joined" in page.read_text(), 20,
                 "the page rewritten after a player joined")
    finally:
        daemon.stop()
        store.close()
