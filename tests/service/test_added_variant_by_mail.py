"""A variant an operator adds from a DPjudge map file (``judge variants add FILE.map``), played by
mail: a player CREATEs a game on it, it starts, and a phase resolves; a bad file adds nothing,
and no game starts on its name. (Issue #35, item 1.)"""

from __future__ import annotations

import email
import io
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from xml.etree import ElementTree

import diplomacy  # type: ignore[import-untyped]
from mail_judge import MailJudge, current_game, phase_records

from judge.cli import main
from judge.games import registry
from judge.service.play.variants import offered
from judge.service.web.archive import build_archive
from judge.store import GameStatus, Picture

MILA_MAPS = Path(diplomacy.__file__).parent / "maps"
MASTER = "master@example.org"
PLAYERS = ["austria@example.org", "france@example.org"]


def operator(judge: MailJudge, *words: str) -> tuple[int, str, str]:
    """Run a ``judge`` command on this judge's settings: its status, output and errors."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main(["--config", str(judge.config.path), *words])
    return status, out.getvalue(), err.getvalue()


def test_an_added_variant_is_created_started_and_played_by_mail(judge: MailJudge) -> None:
    assert "unknown variant 'duel'" in judge.send(MASTER, "CREATE ?rivals secret duel")
    status, out, _ = operator(judge, "variants", "add", str(MILA_MAPS / "standard_france_austria.map"),
                              "--name", "duel")
    assert status == 0 and "Added the variant duel" in out and "2 powers (Austria, France)" in out
    assert "duel" not in registry.player_names()  # offered only in this judge's work
    status, _, err = operator(judge, "variants", "add", str(MILA_MAPS / "standard.map"), "--name", "duel")
    assert status == 2 and "this judge has a variant duel already" in err
    status, out, _ = operator(judge, "variants")
    assert "duel: 2 powers (Austria, France), 34 supply centres (18 to win)" in out
    status, out, _ = operator(judge, "variants", "show", "duel")
    assert status == 0 and "Austria" in out and "bul  Bulgaria" in out
    assert "names a game kind" in judge.send(MASTER, "CREATE ?duel secret standard")

    reply = judge.send(MASTER, "CREATE ?rivals secret duel")
    assert "Game rivals (diplomacy/duel) created; you are its master." in reply
    assert "when 2 players have joined" in reply
    judge.send(PLAYERS[0], "JOIN rivals pw1")
    reply = judge.send(PLAYERS[1], "JOIN rivals pw2")
    assert "rivals has started: Spring 1901 Movement" in reply
    assert current_game(judge).status is GameStatus.ACTIVE

    signed = {}
    for address, password in zip(PLAYERS, ("pw1", "pw2")):
        for letter in "AF":
            if "Signed on" in judge.send(address, f"SIGNON {letter}rivals {password}"):
                signed[letter] = (address, password)
    assert set(signed) == {"A", "F"}
    address, password = signed["A"]
    reply = judge.send(address, f"SIGNON Arivals {password}\nA Vie - Gal\nA Bud - Ser\nF Tri - Alb")
    assert "Your orders for S1901M are complete." in reply
    address, password = signed["F"]
    reply = judge.send(address, f"SIGNON Frivals {password}\nA Par - Bur\nA Mar - Spa\nF Bre - Mao")
    assert "Your orders for S1901M are complete." in reply

    assert [record.phase for record in phase_records(judge)] == ["S1901M"]
    game = current_game(judge)
    assert game.phase == "F1901M"
    units = {(u["power"], u["type"], u["loc"]) for u in game.state["units"]}
    assert ("Austria", "A", "ser") in units and ("France", "F", "mao") in units
    results = judge.mail_to(PLAYERS[0], "Diplomacy results rivals S1901M")
    assert len(results) == 1 and "A vie - gal" in results[0].body
    assert "Units after Spring 1901 Movement:\n  Austria  3 units: F alb, A gal, A ser" in results[0].body
    sent = judge.advance(seconds=1)  # the outbox delivered: the results mails among it
    assert sent and all(line.startswith("sent ") for line in sent)


def test_judge_adjudicate_with_the_judges_settings_reads_its_added_variants(judge: MailJudge) -> None:
    """``judge --config judge.toml adjudicate``: a line may name a variant this judge added (read
    from its variants folder when a line first names it), besides the shipped ones; without the
    settings the name is unknown."""
    import json
    import subprocess
    import sys

    status, _, _ = operator(judge, "variants", "add", str(MILA_MAPS / "standard_france_austria.map"),
                            "--name", "duel")
    assert status == 0
    lines = "\n".join(json.dumps(line) for line in [
        {"variant": "duel", "phase": "S1901M", "units": [{"power": "France", "type": "A", "loc": "par"}],
         "orders": [{"power": "France", "order": "A Par - Bur"}]},
        {"variant": "ancmed", "phase": "S1M", "units": [], "orders": []},
        {"variant": "nosuch", "phase": "S1901M", "units": [], "orders": []},
    ]) + "\n"

    def adjudicate(*settings: str) -> list[dict[str, object]]:
        run = subprocess.run([sys.executable, "-m", "judge.cli", *settings, "adjudicate"], input=lines,
                             capture_output=True, text=True, timeout=60, check=True)
        return [json.loads(text) for text in run.stdout.splitlines()]

    duel, ancmed, nosuch = adjudicate("--config", str(judge.config.path))
    assert duel["next"]["units"] == [{"power": "France", "type": "A", "loc": "bur"}]  # type: ignore[index]
    assert ancmed["next"]["phase"] == "F1M"  # type: ignore[index]
    assert "unknown variant 'nosuch'" in str(nosuch["error"])
    assert "unknown variant 'duel'" in str(adjudicate()[0]["error"])


def test_a_spoilt_file_in_the_variants_folder_stops_nothing_else(judge: MailJudge) -> None:
    """A variant's JSON spoilt by hand (or half written) is left out, logged; another that does
    not make a map is refused by name at CREATE; the judge's other games go on."""
    judge.config.variants.mkdir()
    (judge.config.variants / "torn.json").write_text('{"name": "torn", "provin', encoding="utf-8")
    (judge.config.variants / "odd.json").write_text('{"name": "odd"}', encoding="utf-8")
    assert "unknown variant 'torn'" in judge.send(MASTER, "CREATE ?one secret torn")
    assert "diplomacy/odd cannot be played on this judge" in judge.send(MASTER, "CREATE ?two secret odd")
    assert "Game three (diplomacy/standard) created" in judge.send(MASTER, "CREATE ?three secret standard")


def test_a_bad_file_adds_nothing_and_no_game_starts_on_it(judge: MailJudge, tmp_path: Path) -> None:
    bad = tmp_path / "broken.map"
    bad.write_text("MAP standard.map\nUNPLAYED ENGLAND, PRUSSIA\nRULE NO_CHECK\n", encoding="utf-8")
    (tmp_path / "standard.map").write_text((MILA_MAPS / "standard.map").read_text(encoding="utf-8"),
                                          encoding="utf-8")
    status, _, err = operator(judge, "variants", "add", str(bad))
    assert status == 2
    assert err.splitlines()[1:] == [
        "  broken.map line 2: UNPLAYED: there is no power PRUSSIA",
        "  broken.map line 3: RULE NO_CHECK is a rule this judge does not play yet",
    ]
    assert not list(judge.config.variants.glob("broken.*"))
    reply = judge.send(MASTER, "CREATE ?spoilt secret broken")
    assert "unknown variant 'broken'" in reply
    status, out, _ = operator(judge, "games")
    assert out == ""


def own_board(folder: Path) -> Path:
    """A map file of a board of its own: MILA's standard_france_austria.map, Bohemia and Galicia
    no longer neighbours (DPjudge's ``AMEND``), its ``MAP`` line's standard.map beside it."""
    (folder / "standard.map").write_text((MILA_MAPS / "standard.map").read_text(encoding="utf-8"),
                                         encoding="utf-8")
    path = folder / "duel.map"
    path.write_text((MILA_MAPS / "standard_france_austria.map").read_text(encoding="utf-8")
                    + "AMEND boh ABUTS -gal\nAMEND gal ABUTS -boh\n", encoding="utf-8")
    return path


def play_first_phase(judge: MailJudge) -> None:
    """Create ``rivals`` on the added variant ``duel`` (Austria and France), fill it, and send
    both powers' orders for Spring 1901, whoever sits where."""
    judge.enrol(MASTER, "CREATE ?rivals secret duel")
    judge.enrol(PLAYERS[0], "JOIN rivals pw1")
    judge.enrol(PLAYERS[1], "JOIN rivals pw2")
    for address, password in zip(PLAYERS, ("pw1", "pw2")):
        for letter, orders in (("A", "A Vie - Gal\nA Bud - Ser\nF Tri - Alb"), ("F", "A Par - Bur\nA Mar - Spa\nF Bre - Mao")):
            judge.send(address, f"SIGNON {letter}rivals {password}\n{orders}")


def test_an_added_variant_s_results_mail_and_archive_carry_its_map(judge: MailJudge, tmp_path: Path) -> None:
    """Issue #35, item 4: a variant added from a map file of a board of its own has no drawn
    shapes; its results mails carry its schematic map (a PNG, as the standard map's do), drawn
    from the layout ``judge variants add`` wrote, and the archive shows it."""
    status, _, _ = operator(judge, "variants", "add", str(own_board(tmp_path)), "--name", "duel")
    assert status == 0 and (judge.config.variants / "duel.layout.toml").is_file()
    status, out, _ = operator(judge, "variants", "layout", "duel")
    assert status == 0 and "checked: it places every province and coast" in out
    play_first_phase(judge)
    assert [record.phase for record in phase_records(judge)] == ["S1901M"]
    judge.advance(minutes=1)
    for address in [*PLAYERS, MASTER]:
        (mail,) = [parsed for raw in judge.transport.mails
                   if (parsed := email.message_from_bytes(raw))["To"] == address
                   and str(parsed["Subject"]).startswith("Diplomacy results rivals S1901M")]
        pictures = {part.get_filename(): part.get_payload(decode=True) for part in mail.walk()
                    if not part.is_multipart() and part.get_filename()}
        assert list(pictures) == ["rivals-S1901M.png"]
        assert pictures["rivals-S1901M.png"].startswith(b"\x89PNG\r\n\x1a\n")
        assert len(pictures["rivals-S1901M.png"]) > 10_000  # a drawn map, not an empty frame
    site = tmp_path / "site"
    with offered(judge.config):
        build_archive(judge.store, site)
    spring = ElementTree.fromstring((site / "games" / "rivals" / "phase-s1901m.svg").read_text(encoding="utf-8"))
    assert spring.get("class") == "schematic" and spring.get("data-variant") == "duel"
    moves = [g.get("data-order") for g in spring.iter("{http://www.w3.org/2000/svg}g")
             if g.get("class") == "order move"]
    assert sorted(moves) == ["A bud - ser", "A mar - spa", "A par - bur", "A vie - gal", "F bre - mao",
                             "F tri - alb"]


def test_judge_variants_layout_checks_a_hand_edited_layout_and_computes_one_anew(
        judge: MailJudge, tmp_path: Path) -> None:
    """``judge variants layout NAME``: an added variant's layout file checked against its map
    (what is wrong named), computed anew with --new; a variant drawn from its shapes needs none."""
    operator(judge, "variants", "add", str(own_board(tmp_path)), "--name", "duel")
    path = judge.config.variants / "duel.layout.toml"
    written = path.read_text(encoding="utf-8")
    path.write_text("\n".join(line for line in written.splitlines() if not line.startswith("bud =")) + "\n",
                    encoding="utf-8")
    status, _, err = operator(judge, "variants", "layout", "duel")
    assert status == 2 and "duel.layout.toml: not placed: bud" in err and "--new" in err
    status, out, _ = operator(judge, "variants", "layout", "duel", "--new")
    assert status == 0 and "computed and written" in out
    assert path.read_text(encoding="utf-8") == written  # the same map, the same layout
    status, _, err = operator(judge, "variants", "layout", "standard")
    assert status == 2 and "standard is drawn from its shapes" in err
    status, _, err = operator(judge, "variants", "layout", "1898")
    assert status == 2 and "1898 is drawn on standard's shapes" in err
    status, _, err = operator(judge, "variants", "layout", "nowhere")
    assert status == 2 and "unknown variant 'nowhere'" in err


def test_an_added_variant_on_the_standard_board_mails_the_standard_map(judge: MailJudge) -> None:
    """A map file that plays on the standard board unchanged (MILA's standard_france_austria.map:
    ``MAP standard.map``, two powers) is added drawn on the standard map's shapes (``shapes =
    "standard"`` written in its file, no layout): its results mails carry the map of Europe, in
    its own name and with its own two powers, not a schematic."""
    status, _, _ = operator(judge, "variants", "add", str(MILA_MAPS / "standard_france_austria.map"),
                            "--name", "duel")
    assert status == 0 and 'shapes = "standard"' in (judge.config.variants / "duel.toml").read_text()
    assert not (judge.config.variants / "duel.layout.toml").exists()
    status, _, err = operator(judge, "variants", "layout", "duel")
    assert status == 2 and "duel is drawn on standard's shapes" in err
    play_first_phase(judge)
    (results,) = judge.mail_to(PLAYERS[0], "Diplomacy results rivals S1901M")
    assert results.picture_id is not None
    with judge.store.session() as db:
        svg = ElementTree.fromstring(db.get(Picture, results.picture_id).svg)
    assert svg.get("class") != "schematic" and svg.get("data-variant") == "duel"
    areas = {g.get("data-area") for g in svg.iter() if g.get("class") == "region"}
    assert {"boh", "gal", "lon", "stp"} <= areas  # drawn as areas of the map of Europe
    powers = " ".join(text.text or "" for text in svg.iter("{http://www.w3.org/2000/svg}text")
                      if text.get("class") == "powers")
    assert powers == "Austria 3 France 3"  # its own two powers alone
