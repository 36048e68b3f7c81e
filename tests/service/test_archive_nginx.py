"""The web archive served by the real nginx with deploy/nginx/judge-archive.conf: a throwaway
instance (``nginx -p <folder> -c <conf>``, in the foreground, on a free port) serving the folder
``judge serve`` keeps current. Each file with its type, no stale page (``Cache-Control: no-cache``
with an ETag and Last-Modified: a copy is asked after each time, and a page the judge rewrote after
a phase is served new), the builder's own files not served.

Without nginx (Debian ``nginx``) the test is skipped, or fails under ``JUDGE_REQUIRE_SERVERS=1``.
"""

from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from alpha import as_power, game, holds, new_game
from mail_judge import MailJudge

from judge.service.web.archive import build_archive, update_archive

CONF = Path(__file__).resolve().parents[2] / "deploy" / "nginx" / "judge-archive.conf"


def _servers() -> ModuleType:
    """tests/mail/servers.py: free ports, waiting for one, skipping with the package's name."""
    spec = importlib.util.spec_from_file_location("mail_servers", CONF.parents[2] / "tests" / "mail" / "servers.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


SERVERS = _servers()


@pytest.fixture
def archive() -> Iterator[Path]:
    """The archive's folder, readable by nginx's workers (pytest's own folders are 0700)."""
    folder = Path(SERVERS.server_folder("judge-archive-"))
    yield folder / "archive"
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def nginx(archive: Path) -> Iterator[str]:
    """nginx serving ``archive`` with the deploy file (its root and port set for the test, and
    nothing else changed) inside a minimal main configuration; gives the base URL."""
    binary = SERVERS.binary("nginx")
    if binary is None:
        SERVERS.unavailable("nginx", "nginx")
    folder = Path(SERVERS.server_folder("judge-nginx-"))
    port = SERVERS.free_port()
    site = CONF.read_text()
    site, rooted = re.subn(r"^(\s*)root .*;$", rf"\1root {archive};", site, flags=re.M)
    site, listening = re.subn(r"^(\s*)listen .*;$", rf"\1listen 127.0.0.1:{port};", site, flags=re.M)
    assert rooted == listening == 1
    (folder / "site.conf").write_text(site)
    (folder / "nginx.conf").write_text(f"""
daemon off;
pid {folder}/nginx.pid;
error_log {folder}/error.log;
events {{ worker_connections 64; }}
http {{
    access_log off;
    client_body_temp_path {folder}/body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
    include {folder}/site.conf;
}}
""")
    command = [binary, "-p", str(folder), "-e", str(folder / "error.log"), "-c", str(folder / "nginx.conf")]
    checked = subprocess.run([*command, "-t"], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        SERVERS.wait_for_port(port, lambda: process.poll() is None, "nginx",
                              lambda: (folder / "error.log").read_text(errors="replace"))
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        process.wait(timeout=10)
        shutil.rmtree(folder, ignore_errors=True)


def fetch(url: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    """GET ``url``: the status, the headers (lower-case names) and the body."""
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, {k.lower(): v for k, v in answer.headers.items()}, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, {k.lower(): v for k, v in error.headers.items()}, error.read()


def test_nginx_serves_the_archive_typed_and_never_stale(judge: MailJudge, archive: Path, nginx: str) -> None:
    seats = new_game(judge)
    for power in seats:
        as_power(judge, seats, power, *holds(judge, power))  # S1901M processed
    build_archive(judge.store, archive)

    types = {"/": "text/html; charset=utf-8", "/games/alpha.html": "text/html; charset=utf-8",
             "/games/alpha/phase-s1901m.html": "text/html; charset=utf-8",
             "/style.css": "text/css; charset=utf-8", "/favicon.svg": "image/svg+xml; charset=utf-8",
             "/games/alpha/now.svg": "image/svg+xml; charset=utf-8",
             "/games/alpha.json": "application/json; charset=utf-8",
             "/games/alpha.mila.json": "application/json; charset=utf-8"}
    for path, content_type in types.items():
        status, headers, body = fetch(nginx + path)
        assert (status, headers["content-type"]) == (200, content_type), path
        assert headers["cache-control"] == "no-cache" and headers["etag"] and headers["last-modified"]
        local = archive / (path.lstrip("/") or "index.html")
        assert body == local.read_bytes(), path
    assert b'<a href="games/alpha.html">alpha</a>' in fetch(nginx + "/")[2]
    status, headers, _ = fetch(nginx + "/games/alpha.json", **{"Accept-Encoding": "gzip"})
    assert headers.get("content-encoding") == "gzip"

    # The builder's own files are not for readers; nor is any folder listed.
    (archive / "games" / "alpha.html.new").write_text("half a page")
    for path in ("/.built.json", "/games/alpha.html.new", "/games/", "/games/alpha/"):
        assert fetch(nginx + path)[0] in (403, 404), path
    assert (archive / ".built.json").exists()

    # A copy is asked after: unchanged, 304; once the next phase is processed and the judge has
    # written the archive again (as judge serve does), the new page.
    _, page_headers, page = fetch(nginx + "/games/alpha.html")
    _, map_headers, _ = fetch(nginx + "/games/alpha/now.svg")
    style = fetch(nginx + "/style.css")[1]
    for path, headers in (("/games/alpha.html", page_headers), ("/style.css", style)):
        assert fetch(nginx + path, **{"If-None-Match": headers["etag"]})[0] == 304
        assert fetch(nginx + path, **{"If-Modified-Since": headers["last-modified"]})[0] == 304
    assert game(judge).phase == "F1901M"
    for power in seats:
        as_power(judge, seats, power, *holds(judge, power))
    assert game(judge).phase == "W1901A" or game(judge).phase.startswith("S1902")
    update_archive(judge.store, archive)
    for path, headers in (("/games/alpha.html", page_headers), ("/games/alpha/now.svg", map_headers)):
        status, fresh, body = fetch(nginx + path, **{"If-None-Match": headers["etag"]})
        assert status == 200 and fresh["etag"] != headers["etag"], path
        assert body == (archive / path.lstrip("/")).read_bytes()
    assert b"phase-f1901m.html" in body or b"phase-f1901m.html" in fetch(nginx + "/games/alpha.html")[2]
    assert fetch(nginx + "/style.css", **{"If-None-Match": style["etag"]})[0] == 304  # not rewritten
