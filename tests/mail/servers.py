"""Real mail servers for the transport tests, started by the tests themselves in temporary folders.

- Dovecot (Debian ``dovecot-imapd``, ``dovecot-lmtpd``): IMAP (plain with STARTTLS, and IMAPS) and
  LMTP on free localhost ports; any user name logs in with :data:`Dovecot.PASSWORD` and gets a
  mailbox of its own, so each test takes a fresh user instead of a fresh server.
- Postfix (Debian ``postfix``): see ``postfix_server.py``.
- An SMTP server (aiosmtpd) that captures what it is sent, or refuses it with a chosen answer.

A missing server makes the test skip, naming the Debian package, or fail when
``JUDGE_REQUIRE_SERVERS=1`` (CI, where a skip would hide a gap).
"""

from __future__ import annotations

import os
import pwd
import shutil
import signal
import smtplib
import socket
import subprocess
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, AuthResult, Envelope, LoginPassword, Session
from imapclient import IMAPClient

from judge.mail.settings import ImapSettings, TlsMode

DOMAIN = "example.test"
_SEARCH_PATH = os.pathsep.join([os.environ.get("PATH", ""), "/usr/sbin", "/sbin"])


def unavailable(what: str, packages: str, detail: str = "") -> NoReturn:
    """Skip (or, under JUDGE_REQUIRE_SERVERS=1, fail) a test whose server cannot be had."""
    why = f"{what} is not available{f' ({detail})' if detail else ''}"
    if os.environ.get("JUDGE_REQUIRE_SERVERS") == "1":
        pytest.fail(f"JUDGE_REQUIRE_SERVERS=1 but {why}")
    pytest.skip(f"{why}: install the Debian packages {packages}")


def binary(name: str) -> str | None:
    return shutil.which(name, path=_SEARCH_PATH)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def wait_for_port(port: int, alive: Callable[[], bool], what: str, log: Callable[[], str]) -> None:
    """Return once ``port`` accepts connections; fail with the server's log if it never does."""
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        if not alive():
            raise RuntimeError(f"{what} exited during start-up:\n{log()}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"{what} did not listen on port {port}:\n{log()}")


def server_folder(prefix: str) -> Path:
    """A temporary folder the servers' unprivileged users can traverse (pytest's are 0700)."""
    folder = Path(tempfile.mkdtemp(prefix=prefix))
    folder.chmod(0o755)
    return folder


@dataclass(frozen=True)
class Certificate:
    """A self-signed certificate for localhost and 127.0.0.1: the servers' and the clients' CA."""

    cert: Path
    key: Path

    @staticmethod
    def make(folder: Path) -> Certificate:
        openssl = binary("openssl")
        if openssl is None:
            unavailable("openssl", "openssl")
        cert, key = folder / "cert.pem", folder / "key.pem"
        subprocess.run(
            [openssl, "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
             "-nodes", "-keyout", str(key), "-out", str(cert), "-days", "2", "-subj", "/CN=localhost",
             "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"],
            check=True, capture_output=True,
        )
        return Certificate(cert, key)


def mail_user() -> tuple[str, int, int]:
    """Whom Dovecot's mail processes run as: as root, the system's ``mail`` user (Dovecot refuses
    root); otherwise the user running the tests."""
    entry = pwd.getpwnam("mail") if os.geteuid() == 0 else pwd.getpwuid(os.geteuid())
    return entry.pw_name, entry.pw_uid, entry.pw_gid


class Dovecot:
    """One Dovecot, in the foreground, from a configuration in its own temporary folder."""

    PASSWORD = "dovecot-test-password"

    def __init__(self, certificate: Certificate) -> None:
        executable = binary("dovecot")
        if executable is None:
            unavailable("Dovecot (the dovecot binary)", "dovecot-imapd dovecot-lmtpd")
        helpers = Path("/usr/lib/dovecot")  # where Debian keeps each protocol's server
        missing = [name for name in ("imap", "lmtp") if not (helpers / name).exists()]
        if helpers.is_dir() and missing:
            unavailable(f"Dovecot's {' and '.join(missing)} server", "dovecot-imapd dovecot-lmtpd")
        self.executable = executable
        self.certificate = certificate
        self.root = server_folder("judge-dovecot-")
        self.imap_port, self.imaps_port, self.lmtp_port = free_port(), free_port(), free_port()
        self.process: subprocess.Popen[bytes] | None = None
        name, uid, gid = mail_user()
        mail = self.root / "mail"
        mail.mkdir()
        os.chown(mail, uid, gid)
        internal = name if os.geteuid() != 0 else "dovecot"
        login = name if os.geteuid() != 0 else "dovenull"
        (self.root / "dovecot.conf").write_text(f"""\
base_dir = {self.root}/run
state_dir = {self.root}/state
instance_name = judge-test-{self.imap_port}
log_path = {self.root}/dovecot.log
protocols = imap lmtp
listen = 127.0.0.1
ssl = yes
ssl_cert = <{certificate.cert}
ssl_key = <{certificate.key}
disable_plaintext_auth = no
auth_mechanisms = plain login
auth_failure_delay = 0
mail_location = maildir:~/Maildir
first_valid_uid = {uid}
default_internal_user = {internal}
default_login_user = {login}
passdb {{
  driver = static
  args = password={self.PASSWORD}
}}
userdb {{
  driver = static
  args = uid={uid} gid={gid} home={mail}/%u
}}
service imap-login {{
  inet_listener imap {{
    address = 127.0.0.1
    port = {self.imap_port}
  }}
  inet_listener imaps {{
    address = 127.0.0.1
    port = {self.imaps_port}
    ssl = yes
  }}
}}
service lmtp {{
  inet_listener lmtp {{
    address = 127.0.0.1
    port = {self.lmtp_port}
  }}
}}
""")

    def log(self) -> str:
        try:
            return (self.root / "dovecot.log").read_text(errors="replace")[-4000:]
        except FileNotFoundError:
            return "(no log)"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [self.executable, "-F", "-c", str(self.root / "dovecot.conf")],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
        )
        process = self.process
        for port in (self.imap_port, self.imaps_port, self.lmtp_port):
            wait_for_port(port, lambda: process.poll() is None, "Dovecot", self.log)

    def stop(self) -> None:
        """Stop every Dovecot process, the sessions of logged-in users included (as ``systemctl
        stop`` does; the master alone leaves running sessions alive)."""
        process, self.process = self.process, None
        if process is None:
            return
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()

    def remove(self) -> None:
        self.stop()
        shutil.rmtree(self.root, ignore_errors=True)

    # -- using it -------------------------------------------------------------------------------

    def imap_settings(self, user: str, state_file: Path, tls: TlsMode = "none", **more: Any) -> ImapSettings:
        port = self.imaps_port if tls == "implicit" else self.imap_port
        if tls != "none":
            more.setdefault("ca_file", self.certificate.cert)
        return ImapSettings(
            host="localhost" if tls != "none" else "127.0.0.1", port=port, tls=tls, user=user,
            password=self.PASSWORD, state_file=state_file, timeout=10, **more,
        )

    def client(self, user: str) -> IMAPClient:
        """A plain IMAP session as ``user`` (the tests' own look into a mailbox)."""
        client = IMAPClient("127.0.0.1", port=self.imap_port, ssl=False, timeout=10)
        client.login(user, self.PASSWORD)
        return client

    def append(self, user: str, raw: bytes, folder: str = "INBOX") -> None:
        client = self.client(user)
        try:
            if not client.folder_exists(folder):
                client.create_folder(folder)
            client.append(folder, raw)
        finally:
            client.logout()

    def deliver(self, recipients: list[str], raw: bytes, sender: str = f"player@{DOMAIN}") -> None:
        """Deliver a mail over LMTP, as an MTA would."""
        with smtplib.LMTP("127.0.0.1", self.lmtp_port, timeout=10) as lmtp:
            refused = lmtp.sendmail(sender, recipients, raw)
            assert not refused, refused

    def wait_for_mail(self, user: str, count: int = 1, folder: str = "INBOX") -> dict[int, bytes]:
        """The mails of ``user``'s folder (by UID), once there are ``count`` of them (10 s at most)."""
        deadline = time.monotonic() + 20
        while True:
            client = self.client(user)
            try:
                client.select_folder(folder, readonly=True)
                found = client.fetch(client.search(["ALL"]), ["BODY.PEEK[]"])
            finally:
                client.logout()
            if len(found) >= count or time.monotonic() > deadline:
                return {int(uid): data[b"BODY[]"] for uid, data in found.items()}
            time.sleep(0.1)


@dataclass
class Captured:
    sender: str
    recipients: list[str]
    raw: bytes
    peer: Any


@dataclass
class SmtpCapture:
    """aiosmtpd's handler: keeps each mail, or answers with the refusal the test chose."""

    mails: list[Captured] = field(default_factory=list)
    refuse_rcpt: dict[str, str] = field(default_factory=dict)  # address -> answer
    refuse_data: str | None = None

    async def handle_RCPT(self, server: SMTP, session: Session, envelope: Envelope, address: str,
                          rcpt_options: list[str]) -> str:
        if address in self.refuse_rcpt:
            return self.refuse_rcpt[address]
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        if self.refuse_data is not None:
            return self.refuse_data
        assert envelope.original_content is not None and envelope.mail_from is not None
        self.mails.append(Captured(envelope.mail_from, list(envelope.rcpt_tos),
                                   envelope.original_content, session.peer))
        return "250 OK"


class SmtpServer:
    """An aiosmtpd server on a free port: plain, with STARTTLS and AUTH required, or implicit TLS."""

    USER, PASSWORD = "judge", "smtp-test-password"

    def __init__(self, mode: TlsMode, certificate: Certificate) -> None:
        import ssl

        self.mode = mode
        self.capture = SmtpCapture()
        self.port = free_port()
        self.logins: list[str] = []
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(certificate.cert, certificate.key)
        options: dict[str, Any] = {"server_hostname": "localhost", "ready_timeout": 10}
        if mode == "starttls":
            options.update(tls_context=context, require_starttls=True, auth_required=True,
                           authenticator=self._authenticate, auth_require_tls=True)
        elif mode == "implicit":  # aiosmtpd does not count implicit TLS as TLS for AUTH: allow it
            options.update(ssl_context=context, authenticator=self._authenticate, auth_required=True,
                           auth_require_tls=False)
        self._options = options
        self.controller = self._controller()

    def _controller(self) -> Controller:
        return Controller(self.capture, hostname="127.0.0.1", port=self.port, **self._options)

    def _authenticate(self, server: SMTP, session: Session, envelope: Envelope, mechanism: str,
                      auth_data: Any) -> AuthResult:
        if isinstance(auth_data, LoginPassword) and (auth_data.login.decode(), auth_data.password.decode()) == (
            self.USER, self.PASSWORD
        ):
            self.logins.append(auth_data.login.decode())
            return AuthResult(success=True)
        return AuthResult(success=False, handled=False)

    def start(self) -> None:
        """Listen (again: a controller that was stopped cannot be started twice, so a new one)."""
        if self.controller.loop.is_closed():
            self.controller = self._controller()
        self.controller.start()

    def stop(self) -> None:
        self.controller.stop()

    def restart(self, **options: Any) -> None:
        """Listen again with some of aiosmtpd's options changed (``enable_SMTPUTF8=False``)."""
        self.stop()
        self._options.update(options)
        self.start()
