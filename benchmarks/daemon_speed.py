"""How fast ``judge serve`` answers mail through real mail servers, and how long a player waits.

Usage (from the top of the tree, after ``pip install -e '.[test]'``, with Dovecot installed:
Debian ``dovecot-imapd dovecot-lmtpd``; run as root or as a user Dovecot accepts):

    python benchmarks/daemon_speed.py [--rate 100] [--seconds 10] [--poll 0.1]
        [--inbound lmtp|aiosmtpd|postfix]

The chain: players' mails are delivered into a Dovecot mailbox, either over LMTP straight into
Dovecot (``--inbound lmtp``, the default: as Postfix would hand them on), or over SMTP to an
aiosmtpd server that hands each on to Dovecot over LMTP (``--inbound aiosmtpd``: a light mail
server in front of Dovecot), or over SMTP to a throwaway Postfix that delivers them to Dovecot
over LMTP (``--inbound postfix``: Debian ``postfix``, as root; the whole path a player's mail
takes). ``judge serve`` (a process of its own, on SQLite) reads that mailbox over IMAP, processes
each mail and sends its reply over SMTP to an aiosmtpd server that stands for the players' mail
server and notes when each reply arrives. Each mail is ``HELP`` from a player of its own (the
judge reads, answers and logs it in full; no game is involved, so the password hashing of SIGNON,
deliberately slow, does not set the pace). The sender offers ``--rate`` mails a second for
``--seconds``; the figures are the replies' throughput (replies over the time from the first send
to the last reply), the round trip from a player's send to the reply's arrival (median and 99th
percentile), how many mails got no reply (should be none), and the CPU time the judge process
spent on each mail (on Linux; steadier than the timings when other work shares the machine).
"""

from __future__ import annotations

import argparse
import email
import os
import signal
import smtplib
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, Envelope, Session

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "mail"))
from postfix_server import Postfix  # noqa: E402
from servers import DOMAIN, Certificate, Dovecot, free_port  # noqa: E402  (the tests' own server fixtures)

from judge.service.daemon.operate import init_judge  # noqa: E402


class Relay:
    """aiosmtpd's handler for ``--inbound aiosmtpd``: each mail handed on to Dovecot over LMTP."""

    def __init__(self, lmtp_port: int) -> None:
        self.lmtp = smtplib.LMTP("127.0.0.1", lmtp_port, timeout=30)

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        self.lmtp.sendmail(envelope.mail_from or "", envelope.rcpt_tos, envelope.original_content or b"")
        return "250 OK"


class Arrivals:
    """aiosmtpd's handler: the time each reply arrives, by the Message-ID it answers."""

    def __init__(self) -> None:
        self.at: dict[str, float] = {}
        self.lock = threading.Lock()

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        arrived = time.monotonic()
        message = email.message_from_bytes(envelope.original_content or b"")
        with self.lock:
            self.at[str(message["In-Reply-To"])] = arrived
        return "250 OK"


def judge_settings(folder: Path, dovecot: Dovecot, smtp_port: int, poll: float, user: str) -> Path:
    path = init_judge(folder)
    text = path.read_text().replace("# inbound = \"maildir\"", "inbound = \"imap\"")
    text = text.replace("# outbound = \"maildir\"", "outbound = \"smtp\"")
    text = text.replace("poll_seconds = 2 ", f"poll_seconds = {poll} ")
    text = text.replace("mails = 30", "mails = 0")  # no rate limit: each player sends once anyway
    text += f"""
[imap]
host = "127.0.0.1"
port = {dovecot.imap_port}
tls = "none"
user = "{user}"
password = "{Dovecot.PASSWORD}"
folder = "INBOX"

[smtp]
host = "127.0.0.1"
port = {smtp_port}
tls = "none"
"""
    path.write_text(text)
    return path


def send(mail_server: smtplib.SMTP, judge: str, rate: float, seconds: float) -> dict[str, float]:
    """Send HELP mails to ``judge`` at ``rate`` a second; their send times by Message-ID."""
    sent: dict[str, float] = {}
    count = int(rate * seconds)
    start = time.monotonic()
    with mail_server:
        for number in range(count):
            due = start + number / rate
            pause = due - time.monotonic()
            if pause > 0:
                time.sleep(pause)
            message_id = f"<help-{number}@players.test>"
            raw = (f"From: player{number}@players.test\r\nTo: {judge}\r\nSubject: help\r\n"
                   f"Message-ID: {message_id}\r\n\r\nHELP\r\n").encode()
            sent[message_id] = time.monotonic()
            mail_server.sendmail(f"player{number}@players.test", [judge], raw)
    return sent


def cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) a process has used so far; Linux's /proc, else 0."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rate", type=float, default=100.0, help="mails a second offered")
    parser.add_argument("--seconds", type=float, default=10.0, help="for how long")
    parser.add_argument("--poll", type=float, default=0.1, help="the judge's [serve] poll_seconds")
    parser.add_argument("--inbound", choices=("lmtp", "aiosmtpd", "postfix"), default="lmtp",
                        help="how players' mail reaches Dovecot: LMTP straight in, "
                             "or SMTP through aiosmtpd or Postfix")
    args = parser.parse_args()

    work = Path(tempfile.mkdtemp(prefix="judge-daemon-speed-"))
    dovecot = Dovecot(Certificate.make(work))
    dovecot.start()
    arrivals = Arrivals()
    smtp_port = free_port()
    capture = Controller(arrivals, hostname="127.0.0.1", port=smtp_port)
    capture.start()
    judge: subprocess.Popen[Any] | None = None
    postfix: Postfix | None = None
    relay: Controller | None = None
    address = f"judge@{DOMAIN}" if args.inbound == "postfix" else "judge"
    try:
        if args.inbound == "postfix":
            postfix = Postfix(dovecot.lmtp_port)
            postfix.start()
        dovecot.append(address, b"From: nobody@players.test\r\nSubject: open the mailbox\r\n"
                                b"Auto-Submitted: auto-generated\r\nMessage-ID: <open@players.test>\r\n\r\n.\r\n")
        path = judge_settings(work / "judge", dovecot, smtp_port, args.poll, address)
        log = work / "serve.log"
        judge = subprocess.Popen([sys.executable, "-m", "judge.cli", "--config", str(path), "serve",
                                  "--log-level", "warning"], stderr=open(log, "wb"))
        time.sleep(3)  # its start (imports, the database, the first poll)
        cpu_before = cpu_seconds(judge.pid)
        if args.inbound == "aiosmtpd":
            relay = Controller(Relay(dovecot.lmtp_port), hostname="127.0.0.1", port=free_port())
            relay.start()
            mail_server: smtplib.SMTP = smtplib.SMTP("127.0.0.1", relay.port, timeout=30)
        elif postfix is None:
            mail_server = smtplib.LMTP("127.0.0.1", dovecot.lmtp_port, timeout=30)
        else:
            mail_server = smtplib.SMTP("127.0.0.1", postfix.port, timeout=30)
        sent = send(mail_server, address, args.rate, args.seconds)
        deadline = time.monotonic() + 60 + args.seconds
        while len(arrivals.at) < len(sent) and time.monotonic() < deadline:
            time.sleep(0.1)
        judge_cpu = cpu_seconds(judge.pid) - cpu_before
    finally:
        if judge is not None:
            judge.send_signal(signal.SIGTERM)
            judge.wait(timeout=60)
        capture.stop()
        if relay is not None:
            relay.stop()
        if postfix is not None:
            postfix.remove()
        dovecot.remove()

    with arrivals.lock:
        answered = {key: at for key, at in arrivals.at.items() if key in sent}
    latencies = [answered[key] - sent[key] for key in answered]
    first, last = min(sent.values()), max(answered.values(), default=min(sent.values()))
    print(f"offered {len(sent)} mails at {args.rate:g}/s for {args.seconds:g}s by {args.inbound} "
          f"(judge polls IMAP every {args.poll:g}s)")
    sending = max(sent.values()) - first
    if sending > 0:  # below the rate asked for, the sender (not the judge) set the pace
        print(f"sent at {(len(sent) - 1) / sending:.1f} mails/s")
    print(f"answered {len(answered)}, unanswered {len(sent) - len(answered)}")
    if latencies:
        print(f"throughput {len(answered) / (last - first):.1f} replies/s (first send to last reply)")
        print(f"round trip: median {statistics.median(latencies) * 1000:.0f} ms, "
              f"p99 {percentile(latencies, 0.99) * 1000:.0f} ms, max {max(latencies) * 1000:.0f} ms")
        if judge_cpu:  # steadier than the timings on a shared machine
            print(f"judge process: {judge_cpu * 1000 / len(answered):.2f} ms of CPU a mail")


if __name__ == "__main__":
    main()
