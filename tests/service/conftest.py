"""Fixtures of the service tests: a judge in a temporary folder (see ``mail_judge.py``), on SQLite,
or on SQLite and on PostgreSQL for the tests where the store is what is attacked."""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator
from pathlib import Path

import pytest
from mail_judge import MailJudge

from judge.service.config import load_config
from judge.service.daemon.operate import init_judge
from judge.store import open_store


@pytest.fixture
def judge(tmp_path: Path) -> Iterator[MailJudge]:
    config = load_config(init_judge(tmp_path / "judge"))
    store = open_store(config.database_url)
    yield MailJudge(config, store)
    store.close()


@pytest.fixture(params=["sqlite", "postgresql"])
def judge_on_each_backend(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[MailJudge]:
    """A judge on SQLite, then one on a fresh PostgreSQL database (made on the test server as
    tests/store/conftest.py makes them, and dropped after the test)."""
    path = init_judge(tmp_path / "judge")
    if request.param == "sqlite":
        yield from _judge_at(path)
        return
    spec = importlib.util.spec_from_file_location("store_conftest", Path(__file__).parent.parent / "store" / "conftest.py")
    assert spec is not None and spec.loader is not None
    store_fixtures = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(store_fixtures)
    with store_fixtures.new_postgres_database() as url:
        path.write_text(path.read_text().replace('url = "sqlite:///judge.sqlite"', f'url = "{url}"'))
        yield from _judge_at(path)


def _judge_at(path: Path) -> Iterator[MailJudge]:
    config = load_config(path)
    store = open_store(config.database_url)
    try:
        yield MailJudge(config, store)
    finally:
        store.close()
