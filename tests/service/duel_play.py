"""A judge that runs the toy game kind Duel (``duel.py``) beside the registry's own, and the mail
its master and two players send (helpers for the tests of a second game kind)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from duel import Duel
from jinja2 import ChoiceLoader, FileSystemLoader
from mail_judge import MailJudge
from sqlmodel import select

from judge.games import registry
from judge.games.kind import GameKind
from judge.service.commands import command_grammar
from judge.service.mailing import reports
from judge.service.config import load_config
from judge.service.daemon.operate import init_judge
from judge.store import Membership, Outbox, Player, open_store

MASTER = "master@example.org"
SIDES = {"North": "", "South": ""}  # filled by ``started``: each side's player's address


def duel_judge(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
               kind: Callable[[], GameKind] = Duel) -> Iterator[MailJudge]:
    """A judge whose table of game kinds has Duel too (or ``kind``, a Duel of another make), with
    Duel's report templates (the body of a fixture)."""
    entry = registry.Entry("toy/duel", ("duel",), kind)
    monkeypatch.setattr(registry, "KINDS", (*registry.KINDS, entry))
    _forget_timing_words()  # the command grammar learns Duel's timing words
    environment = reports.environment()
    both = environment.overlay(loader=ChoiceLoader([
        environment.loader, FileSystemLoader(Path(__file__).parent / "duel_templates")]))  # type: ignore[list-item]
    monkeypatch.setattr(reports, "environment", lambda: both)
    config = load_config(init_judge(tmp_path / "judge"))
    store = open_store(config.database_url)
    yield MailJudge(config, store)
    store.close()
    monkeypatch.undo()
    _forget_timing_words()


def _forget_timing_words() -> None:
    command_grammar.timing_words.cache_clear()
    command_grammar._parser.cache_clear()
    command_grammar.read_line.cache_clear()


def started(judge: MailJudge, *setup: str) -> dict[str, str]:
    """Create the duel (the master's ``setup`` first), join two players and so start it; each
    side's SIGNON line. Everyone confirms their address as they join (``MailJudge.enrol``)."""
    reply = judge.enrol(MASTER, "\n".join(["CREATE ?duel secret duel", *setup]))
    assert "Game duel (toy/duel) created" in reply, reply
    judge.enrol("a@example.org", "JOIN duel pa")
    reply = judge.enrol("b@example.org", "JOIN duel pb")
    assert "duel has started: Round 1 bid of the duel" in reply, reply
    with judge.store.session() as db:
        rows = db.exec(select(Membership, Player).where(Membership.player_id == Player.id)).all()
    signons = {}
    for membership, player in rows:
        if membership.power:
            SIDES[membership.power] = player.address
            password = "pa" if player.address == "a@example.org" else "pb"
            signons[membership.power] = f"SIGNON {membership.power}@duel {password}"
    return signons


def order(judge: MailJudge, signons: dict[str, str], power: str, *lines: str) -> str:
    return judge.send(SIDES[power], "\n".join([signons[power], *lines]))


def results(judge: MailJudge, address: str) -> list[Outbox]:
    return judge.mail_to(address, "Duel results duel")
