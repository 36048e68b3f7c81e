"""Fixtures of the service tests: a judge in a temporary folder (see ``mail_judge.py``)."""

from __future__ import annotations

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
