"""A throwaway Postfix (Debian ``postfix``) for the end-to-end tests: its own main.cf and master.cf,
queue and data folders, and log file, listening on a free localhost port. It delivers the domain
``example.test`` to the tests' Dovecot over LMTP, and chosen domains elsewhere (the judge's own LMTP
listener). Postfix starts only as root; as another user the tests skip (or fail under
JUDGE_REQUIRE_SERVERS=1)."""

from __future__ import annotations

import os
import shutil
import subprocess
import time

from servers import DOMAIN, binary, free_port, server_folder, unavailable, wait_for_port


class Postfix:
    """A throwaway Postfix: its own main.cf and master.cf, queue and data folders, and log file.
    ``example.test`` goes to Dovecot over LMTP; ``routes`` sends chosen addresses elsewhere."""

    def __init__(self, dovecot_lmtp_port: int, routes: dict[str, str] | None = None) -> None:
        executable = binary("postfix")
        if executable is None:
            unavailable("Postfix (the postfix binary)", "postfix")
        if os.geteuid() != 0:
            unavailable("Postfix (it starts only as root)", "postfix", "the tests run as a user")
        self.executable = executable
        self.root = server_folder("judge-postfix-")
        self.port = free_port()
        self.config = self.root / "conf"
        self.config.mkdir()
        data = self.root / "data"
        data.mkdir()
        shutil.chown(data, "postfix")
        (self.root / "queue").mkdir()
        transports = ", ".join(f"{address}={route}" for address, route in (routes or {}).items())
        (self.config / "main.cf").write_text(f"""\
compatibility_level = 3.6
queue_directory = {self.root}/queue
data_directory = {data}
mail_owner = postfix
setgid_group = postdrop
myhostname = mail.{DOMAIN}
mydomain = {DOMAIN}
myorigin = {DOMAIN}
mydestination =
inet_interfaces = 127.0.0.1
inet_protocols = ipv4
mynetworks = 127.0.0.0/8
relayhost =
virtual_mailbox_domains = {DOMAIN}
virtual_transport = lmtp:inet:127.0.0.1:{dovecot_lmtp_port}
transport_maps = {f'inline:{{ {transports} }}' if transports else ''}
smtpd_relay_restrictions = permit_mynetworks, reject_unauth_destination
alias_maps =
alias_database =
local_recipient_maps =
smtp_dns_support_level = disabled
maillog_file_prefixes = {self.root}
maillog_file = {self.root}/maillog
queue_run_delay = 1s
minimal_backoff_time = 1s
maximal_backoff_time = 2s
""")
        services = ["pickup unix n - n 60 1 pickup", "cleanup unix n - n - 0 cleanup",
                    "qmgr unix n - n 300 1 qmgr", "rewrite unix - - n - - trivial-rewrite",
                    "bounce unix - - n - 0 bounce", "defer unix - - n - 0 bounce",
                    "trace unix - - n - 0 bounce", "verify unix - - n - 1 verify",
                    "flush unix n - n 1000? 0 flush", "proxymap unix - - n - - proxymap",
                    "smtp unix - - n - - smtp", "showq unix n - n - - showq",
                    "error unix - - n - - error", "retry unix - - n - - error",
                    "discard unix - - n - - discard", "lmtp unix - - n - - lmtp",
                    "anvil unix - - n - 1 anvil", "scache unix - - n - 1 scache",
                    "postlog unix-dgram n - n - 1 postlogd"]
        (self.config / "master.cf").write_text(
            f"127.0.0.1:{self.port} inet n - n - - smtpd\n" + "\n".join(services) + "\n"
        )

    def log(self) -> str:
        try:
            return (self.root / "maillog").read_text(errors="replace")[-6000:]
        except FileNotFoundError:
            return "(no log)"

    def _command(self, *words: str) -> subprocess.CompletedProcess[bytes]:
        return subprocess.run([self.executable, "-c", str(self.config), *words],
                              capture_output=True, timeout=60)

    def start(self) -> None:
        done = self._command("start")
        if done.returncode != 0:
            raise RuntimeError(f"postfix start failed: {done.stderr.decode()}\n{self.log()}")
        wait_for_port(self.port, lambda: True, "Postfix", self.log)

    def flush(self) -> None:
        """Try the deferred mail again now (``postfix flush``)."""
        self._command("flush")

    def stop(self) -> None:
        self._command("stop")
        pid_file = self.root / "queue" / "pid" / "master.pid"
        deadline = time.monotonic() + 15
        while pid_file.exists() and time.monotonic() < deadline:
            try:
                os.kill(int(pid_file.read_text().split()[0]), 0)
            except (ProcessLookupError, ValueError, IndexError, FileNotFoundError):
                break
            time.sleep(0.1)

    def remove(self) -> None:
        self.stop()
        shutil.rmtree(self.root, ignore_errors=True)
