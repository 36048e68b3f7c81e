"""Fixtures of the service tests: a judge in a temporary folder (see ``mail_judge.py``), on SQLite,
or on SQLite and on PostgreSQL for the tests where the store is what is attacked."""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from mail_judge import MailJudge

import judge.store.passwords as passwords_module
from judge.service.config import Config, load_config
from judge.service.daemon.operate import init_judge
from judge.store import open_store


@pytest.fixture
def cheap_passwords(monkeypatch: pytest.MonkeyPatch) -> None:
    """Passwords hashed at a tiny scrypt cost, where the hashing is not what is tested (a module
    asks for it with ``pytestmark = pytest.mark.usefixtures("cheap_passwords")``)."""
    monkeypatch.setattr(passwords_module, "N", 2**4)


@pytest.fixture
def judge(tmp_path: Path) -> Iterator[MailJudge]:
    config = load_config(init_judge(tmp_path / "judge"))
    store = open_store(config.database_url)
    yield MailJudge(config, store)
    store.close()


def store_fixtures() -> ModuleType:
    """tests/store/conftest.py, which knows how to reach the PostgreSQL test server."""
    spec = importlib.util.spec_from_file_location("store_conftest", Path(__file__).parent.parent / "store" / "conftest.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(params=["sqlite", "postgresql"])
def config_on_each_backend(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Config]:
    """A new judge's settings (Maildirs in and out) on an SQLite file, then on a fresh PostgreSQL
    database (made on the test server as tests/store/conftest.py makes them, dropped after)."""
    path = init_judge(tmp_path / "judge")
    if request.param == "sqlite":
        yield load_config(path)
        return
    with store_fixtures().new_postgres_database() as url:
        path.write_text(path.read_text().replace('url = "sqlite:///judge.sqlite"', f'url = "{url}"'))
        yield load_config(path)


@pytest.fixture
def judge_on_each_backend(config_on_each_backend: Config) -> Iterator[MailJudge]:
    """A judge by mail on SQLite, then on PostgreSQL, for the tests where the store is attacked."""
    store = open_store(config_on_each_backend.database_url)
    try:
        yield MailJudge(config_on_each_backend, store)
    finally:
        store.close()
