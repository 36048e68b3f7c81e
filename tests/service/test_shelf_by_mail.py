"""The variants shipped from MILA's maps, each a game kind, played by mail (issue #35, item 2):
``CREATE ?game password ancmed`` works; the mails name the variant's own powers, years and
victory count, and nothing of the standard map leaks into them (not its powers, not 1901, not
18 centres); HELP ORDERS gives examples on the variant's own map; a dummy power (known_world_901's
neutral states) is given to no player and no phase waits for it."""

from __future__ import annotations

import re
from pathlib import Path

from mail_judge import MailJudge, current_game, phase_records
from sqlmodel import select

from judge.service.web.archive import build_archive

from judge.store import GameStatus, Membership, Picture, Player

MASTER = "master@example.org"
STANDARD_POWERS = ("Austria", "England", "Germany", "Italy", "Russia", "Turkey")


def players(count: int) -> list[str]:
    return [f"player{n}@example.org" for n in range(1, count + 1)]


def start(judge: MailJudge, game: str, variant: str, count: int) -> dict[str, str]:
    """Create the game and fill it with ``count`` players; the address playing each power."""
    reply = judge.send(MASTER, f"CREATE ?{game} secret {variant}")
    assert f"Game {game} (diplomacy/{variant}) created; you are its master." in reply
    assert f"It starts when {count} players have joined" in reply
    for number, address in enumerate(players(count), 1):
        reply = judge.send(address, f"JOIN {game} pw{number}")
        assert f"Joined {game}: {number} of {count} players." in reply
    assert current_game(judge).status is GameStatus.ACTIVE
    with judge.store.session() as db:
        addresses = {player.id: player.address for player in db.exec(select(Player))}
        return {m.power: addresses[m.player_id] for m in db.exec(select(Membership)) if m.power}


def orders(judge: MailJudge, game: str, address: str, letter: str, *lines: str) -> str:
    password = f"pw{players(20).index(address) + 1}"
    return judge.send(address, "\n".join([f"SIGNON {letter}{game} {password}", *lines]))


def bodies(judge: MailJudge, address: str) -> str:
    return "\n".join(mail.subject + "\n" + mail.body for mail in judge.mail_to(address))


def test_a_game_of_ancmed_by_mail_names_its_powers_and_its_years(judge: MailJudge) -> None:
    """ancmed (MILA's ancmed.map): five powers of the ancient Mediterranean, from spring of the
    year 1, 18 centres of 34 to win; Baleares a port (its fleet convoys)."""
    help_text = judge.send("someone@example.org", "HELP ORDERS ancmed")
    assert "How to write orders (ancmed):" in help_text
    assert "Par" not in help_text and "Lon" not in help_text  # no standard province leaks
    who = start(judge, "rome", "ancmed", 5)
    assert set(who) == {"Carthage", "Egypt", "Greece", "Persia", "Rome"}
    notice = judge.mail_to(who["Rome"], "Diplomacy notice: rome")[0].body
    assert "The first phase is Spring 1 Movement" in notice
    assert "  Carthage  3 units: A car, A cir, F tha" in notice
    reply = orders(judge, "rome", who["Carthage"], "C", "F bal H", "PHASE Summer 5")
    assert "Error: F bal H" in reply  # Carthage has no fleet in Baleares, a neutral centre
    assert "e.g. F1M or Fall 1 Movement" in reply  # the phases as this game writes them
    reply = orders(judge, "rome", who["Carthage"], "C", "F Thapsus - Punic Sea",
                   "A car H", "A cir H")
    assert "Your orders for S1M are complete." in reply
    judge.advance(days=4)  # the deadline: the phase is processed
    assert [record.phase for record in phase_records(judge)] == ["S1M"]
    text = bodies(judge, who["Egypt"])
    assert "Spring 1 Movement" in text and "Fall 1 Movement" in text
    for word in (*STANDARD_POWERS, "1901", "18 supply centres"):
        assert word not in text, word
    assert "Carthage" in text and "Persia" in text


def test_the_archive_of_an_ancmed_game_has_its_powers_years_and_maps(
        judge: MailJudge, tmp_path: Path) -> None:
    """The web archive walks a game of a variant of the shelf: its pages name its powers and its
    year 1, and nothing of the standard map; its phases' maps are drawn."""
    who = start(judge, "rome", "ancmed", 5)
    orders(judge, "rome", who["Carthage"], "C", "F tha - pun", "A car H", "A cir H")
    judge.advance(days=4)
    assert build_archive(judge.store, tmp_path / "site").games == ["rome"]
    site = {str(path.relative_to(tmp_path / "site")): path.read_text(encoding="utf-8")
            for path in (tmp_path / "site").rglob("*") if path.is_file()}
    assert "games/rome/phase-s1m.html" in site
    maps = [name for name in site if name.endswith(".svg") and "rome" in name]
    assert maps and all("Carthage" in site[name] for name in maps)
    pages = site["games/rome.html"] + site["games/rome/phase-s1m.html"]
    assert "Carthage" in pages and "F tha - pun" in pages and "S1M" in pages
    for word in (*STANDARD_POWERS, "1901"):
        assert word not in pages, word


def test_a_two_power_game_names_only_its_two_powers(judge: MailJudge) -> None:
    """standard_germany_italy (MILA's standard_germany_italy.map): the standard board, Germany
    and Italy alone; the others' home centres are neutral."""
    who = start(judge, "axis", "standard_germany_italy", 2)
    assert set(who) == {"Germany", "Italy"}
    reply = orders(judge, "axis", who["Germany"], "G", "A ber - sil", "A mun - boh", "F kie - den")
    assert "Your orders for S1901M are complete." in reply
    reply = orders(judge, "axis", who["Italy"], "I", "A ven - tri", "A rom - apu", "F nap - ion")
    assert "has been processed (all orders in)" in reply
    text = bodies(judge, who["Italy"])
    assert "A ven - tri" in text
    for word in ("Austria", "England", "France", "Russia", "Turkey"):
        assert word not in text, word


def test_a_game_of_modern_by_mail_uses_its_ten_powers_and_1994(judge: MailJudge) -> None:
    """modern (MILA's modern.map): ten powers from spring 1994, 33 of 64 centres to win, and
    builds in any owned centre (RULE BUILD_ANY)."""
    who = start(judge, "now", "modern", 10)
    assert set(who) == {"Britain", "Egypt", "France", "Germany", "Italy", "Poland", "Russia",
                        "Spain", "Turkey", "Ukraine"}
    notice = judge.mail_to(who["Poland"], "Diplomacy notice: now")[0].body
    assert "The first phase is Spring 1994 Movement" in notice
    assert "Ukraine" in notice and "Austria" not in notice and "1901" not in notice
    summary = judge.send(who["Poland"], f"SIGNON Pnow pw{players(10).index(who['Poland']) + 1}\n"
                                        "SUMMARY now")
    assert "1994" in summary and "1901" not in summary


def test_the_map_a_modern_game_mails_is_drawn_from_the_real_geography(judge: MailJudge) -> None:
    """modern's results mails carry a map of Europe, North Africa and the Middle East drawn from
    its shapes (modern.shapes.toml, from modern.geography.toml: issue #35, item 4), each province
    an area of the picture where it really is, not the schematic of marks and lines."""
    who = start(judge, "now", "modern", 10)
    orders(judge, "now", who["Russia"], "R", "A mos H", "A gor H", "F stp H", "F mur H",
           "F ros H")
    judge.advance(days=4)  # the deadline: the phase is processed
    (results,) = judge.mail_to(who["Russia"], "Diplomacy results now S1994M")
    assert results.picture_id is not None  # the map goes with the results, as a PNG
    with judge.store.session() as db:
        svg = db.get(Picture, results.picture_id).svg
    assert 'class="schematic"' not in svg
    for province in ("lon", "mos", "cai", "irn", "ice", "mon", "sib", "wsa"):
        assert f'class="region" data-area="{province}"' in svg, province  # drawn as an area


def test_the_map_a_hundred_game_mails_has_the_regions_true_proportions(judge: MailJudge) -> None:
    """hundred's results mails carry a map drawn with a degree of longitude as wide as the cosine
    of 50 degrees (``[frame] latitude`` in hundred.geography.toml): Great Britain is near twice
    as tall as it is wide, as on any atlas, not squat, and Iberia, cut by the frame's south edge,
    takes less room than France's north and the Low Countries, where the game is played."""
    who = start(judge, "agincourt", "hundred", 3)
    orders(judge, "agincourt", who["England"], "E", "A nmd - brt", "A cal H", "A guy H", "F dev H", "F lon H")
    judge.advance(days=4)  # the deadline: the phase is processed
    (results,) = judge.mail_to(who["France"], "Diplomacy results agincourt A1425M")
    assert results.picture_id is not None
    with judge.store.session() as db:
        svg = db.get(Picture, results.picture_id).svg
    britain = [point for area in ("sco", "num", "wal", "dev", "lon", "ang") for ring in _rings(svg, area)
               for point in ring]
    width = max(x for x, _ in britain) - min(x for x, _ in britain)
    height = max(y for _, y in britain) - min(y for _, y in britain)
    assert 1.5 < height / width < 2.1
    iberia = sum(_area(ring) for area in ("ara", "cas") for ring in _rings(svg, area))
    north = sum(_area(ring) for area in ("brt", "nmd", "anj", "orl", "par", "cal", "dij", "fla", "lux", "hol")
                for ring in _rings(svg, area))
    assert iberia < north


def _rings(svg: str, area: str) -> list[list[tuple[float, float]]]:
    """The outline of an area in a picture, ring by ring, as points."""
    path = re.search(f'class="region" data-area="{area}" d="([^"]*)"', svg)
    assert path is not None, area
    rings = [[(float(x), float(y)) for x, y in re.findall(r"(-?[\d.]+),(-?[\d.]+)", part)]
             for part in re.split("[Mm]", path.group(1))]
    return [ring for ring in rings if ring]


def _area(ring: list[tuple[float, float]]) -> float:
    return abs(sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1]))) / 2


def test_the_map_a_game_on_the_standard_board_mails_is_the_standard_maps(judge: MailJudge) -> None:
    """standard_france_austria plays on the standard board (``shapes = "standard"`` in its map
    file): its results mails carry the map of Europe drawn from the standard map's shapes, not
    the schematic, under its own name, with its two powers in the standard map's colours."""
    who = start(judge, "pair", "standard_france_austria", 2)
    orders(judge, "pair", who["France"], "F", "A par - bur", "A mar H", "F bre - mao")
    judge.advance(days=4)  # the deadline: the phase is processed
    (results,) = judge.mail_to(who["Austria"], "Diplomacy results pair S1901M")
    assert results.picture_id is not None
    with judge.store.session() as db:
        svg = db.get(Picture, results.picture_id).svg
    assert 'class="schematic"' not in svg and 'data-variant="standard_france_austria"' in svg
    for province in ("lon", "mos", "bur", "tun", "stp"):
        assert f'class="region" data-area="{province}"' in svg, province  # drawn as an area
    assert ">standard_france_austria:<" in svg and ">Spring<" in svg
    assert ">Austria 3<" in svg and ">France 3<" in svg and "England" not in svg
    assert 'fill="#c43b3b"' in svg and 'fill="#5fb0e6"' in svg  # Austria's and France's colours


def test_known_world_901s_dummy_is_given_to_no_player_and_waited_for_by_no_phase(
        judge: MailJudge) -> None:
    """known_world_901 (MILA's known_world_901.map, line 95 DUMMY): fifteen players take the
    fifteen powers; the neutral states, a sixteenth, stay unplayed and hold."""
    who = start(judge, "globe", "known_world_901", 15)
    assert len(who) == 15 and "Neutral-State" not in who
    notice = judge.mail_to(players(1)[0], "Diplomacy notice: globe")[0].body
    assert "The first phase is Spring 901 Movement" in notice
    units = current_game(judge).state["units"]
    for power, address in who.items():
        number = players(15).index(address) + 1
        holds = [f"{u['type']} {u['loc']} H" for u in units if u["power"] == power]
        reply = judge.send(address, "\n".join([f"SIGNON {power}@globe pw{number}", *holds]))
        assert "Signed on" in reply
    assert "has been processed (all orders in)" in reply  # nobody waits for the neutral states
    units = current_game(judge).state["units"]
    assert sum(1 for unit in units if unit["power"] == "Neutral-State") == 49
    reply = judge.send("late@example.org", "JOIN globe pwlate")
    assert "every power in it has a player" in reply
