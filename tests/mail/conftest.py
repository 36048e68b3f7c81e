"""Fixtures of the transport tests: real servers (see ``servers.py``), one Dovecot for the session."""

from __future__ import annotations

import secrets
import shutil
from collections.abc import Iterator

import pytest
from servers import DOMAIN, Certificate, Dovecot, SmtpServer, server_folder

from judge.mail.settings import TlsMode


@pytest.fixture(scope="session")
def certificate() -> Iterator[Certificate]:
    folder = server_folder("judge-tls-")
    try:
        yield Certificate.make(folder)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def dovecot(certificate: Certificate) -> Iterator[Dovecot]:
    """A Dovecot for the whole run: each test takes users of its own (``mailbox_user``)."""
    server = Dovecot(certificate)
    try:
        server.start()
        yield server
    finally:
        server.remove()


@pytest.fixture
def mailbox_user() -> str:
    """A user no other test has used: a new, empty mailbox on the shared Dovecot."""
    return f"judge-{secrets.token_hex(4)}@{DOMAIN}"


@pytest.fixture
def smtp_server(request: pytest.FixtureRequest, certificate: Certificate) -> Iterator[SmtpServer]:
    """An SMTP server capturing mail: plain unless the test is parametrised with a TLS mode."""
    mode: TlsMode = getattr(request, "param", "none")
    server = SmtpServer(mode, certificate)
    server.start()
    try:
        yield server
    finally:
        server.stop()
