"""``judge map GAME [PHASE] --out FILE``: a stored game's map, now or as a phase was played."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
from alpha import as_power, game, holds, new_game
from mail_judge import MailJudge

from judge.cli import main

SVG = "{http://www.w3.org/2000/svg}"


def draw(judge: MailJudge, out: Path, *words: str) -> ElementTree.Element | bytes:
    assert main(["--config", str(judge.config.path), "map", "alpha", *words, "--out", str(out)]) == 0
    return out.read_bytes() if out.suffix == ".png" else ElementTree.parse(out).getroot()


def test_map_draws_a_played_phase_with_its_orders_and_the_game_now(
    judge: MailJudge, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    seats = new_game(judge)
    for power in seats:
        orders = holds(judge, power)
        if power == "France":
            orders = ["A par - bur", "A mar S A par - bur", "F bre - mao"]
        as_power(judge, seats, power, *orders)
    judge.advance(minutes=5)
    assert game(judge).phase == "F1901M"
    played = draw(judge, tmp_path / "spring.svg", "s1901m")
    assert isinstance(played, ElementTree.Element)
    assert played.get("data-phase") == "S1901M"
    marks = {g.get("data-order"): g.get("data-result") for g in played.iter(f"{SVG}g")
             if g.get("class", "").startswith("order ")}
    assert marks["A par - bur"] == marks["A mar S A par - bur"] == "worked"
    units = {g.get("data-loc") for g in played.iter(f"{SVG}g") if g.get("class") == "unit"}
    assert {"par", "mar", "bre"} <= units  # where they stood when the orders were given
    now = draw(judge, tmp_path / "now.svg")
    assert isinstance(now, ElementTree.Element) and now.get("data-phase") == "F1901M"
    units = {g.get("data-loc") for g in now.iter(f"{SVG}g") if g.get("class") == "unit"}
    assert {"bur", "mar", "mao"} <= units and "par" not in units
    assert not [g for g in now.iter(f"{SVG}g") if g.get("class", "").startswith("order ")]
    picture = draw(judge, tmp_path / "now.png")
    assert isinstance(picture, bytes) and picture[:8] == b"\x89PNG\r\n\x1a\n"
    assert capsys.readouterr().out.splitlines()[-1] == str(tmp_path / "now.png")
    for words, message in [
        (["F1901M"], "alpha has no processed phase F1901M"),
        (["S1901X"], "cannot read .S1901X. as a phase of alpha"),
    ]:
        with pytest.raises(SystemExit, match=message):
            draw(judge, tmp_path / "x.svg", *words)
    with pytest.raises(SystemExit, match="svg or .png"):
        draw(judge, tmp_path / "x.gif")
