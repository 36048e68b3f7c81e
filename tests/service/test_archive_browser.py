"""The web archive in a real browser: Debian's headless Chromium, driven through chromedriver,
loads the built site from a local HTTP server, walks every page from the index, and finds no
console error, no broken link or picture, no script, every picture with its alt text, headings in
order, readable contrast, nothing wider than a phone's screen; a screenshot of a game page is
written and checked not to be blank. Needs Debian's ``chromium`` and ``chromium-driver``."""

from __future__ import annotations

import functools
import os
import shutil
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urljoin, urlparse
from urllib.request import urlopen

import pytest
from alpha import as_power, holds, master, new_game
from mail_judge import MailJudge
from test_plantagenet_by_mail import play

from selenium.webdriver.support.wait import WebDriverWait

from judge.service.web.archive import build_archive

CHROMIUM, DRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"
SHOTS = Path(__file__).resolve().parents[2] / "test-output"  # screenshots, kept for a person


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base's name
        pass


@pytest.fixture
def site(judge: MailJudge, tmp_path: Path) -> Iterator[str]:
    """A standard game two years in (spring and fall processed, a build, press to everyone) and
    a game still forming, archived and served on 127.0.0.1; the index's address."""
    seats = new_game(judge)
    for _ in range(2):
        for power in seats:
            as_power(judge, seats, power, *holds(judge, power))
    as_power(judge, seats, "England", "BROADCAST", "The fleet stays home.", "ENDBROADCAST")
    judge.send("someone@example.org", "CREATE ?beta secret roses1")
    master(judge, "PROCESS")
    out = tmp_path / "site"
    build_archive(judge.store, out)
    server = ThreadingHTTPServer(("127.0.0.1", 0),
                                 functools.partial(_Quiet, directory=str(out)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/index.html"
    server.shutdown()
    server.server_close()


@pytest.fixture
def browser() -> Iterator[object]:
    if shutil.which(CHROMIUM) is None or shutil.which(DRIVER) is None:
        why = "Chromium and its driver are not installed"
        if os.environ.get("JUDGE_REQUIRE_SERVERS") == "1":
            pytest.fail(f"JUDGE_REQUIRE_SERVERS=1 but {why}")
        pytest.skip(f"{why}: install the Debian packages chromium chromium-driver")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking", "--disable-sync",
                 "--disable-component-update", "--window-size=1280,900"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    try:
        yield driver
    finally:
        driver.quit()


_CONTRAST = """
function luminance(rgb) {
  const [r, g, b] = rgb.match(/\\d+(\\.\\d+)?/g).slice(0, 3).map(Number).map(v => {
    v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function background(el) {
  for (; el; el = el.parentElement) {
    const c = getComputedStyle(el).backgroundColor;
    if (c && !c.startsWith('rgba(0, 0, 0, 0)') && c !== 'transparent') return c;
  }
  return 'rgb(255, 255, 255)';
}
const worst = [];
for (const el of document.querySelectorAll('h1, h2, h3, p, a, td, th, pre, dd, dt, li, footer')) {
  if (!el.textContent.trim()) continue;
  const a = luminance(getComputedStyle(el).color), b = luminance(background(el));
  const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  if (ratio < 4.5) worst.push(el.tagName + ': ' + ratio.toFixed(2));
}
return worst;
"""


def walk(driver: object, site: str) -> set[str]:
    """Every page reached from ``site`` by its links, each checked: no console error, no script,
    headings in order, every picture found with its alt text, readable contrast, every link
    resolving. The pages' addresses."""
    seen: set[str] = set()
    queue = [site]
    while queue:
        url = queue.pop()
        if url in seen:
            continue
        seen.add(url)
        driver.get(url)  # type: ignore[attr-defined]
        errors = [entry for entry in driver.get_log("browser")  # type: ignore[attr-defined]
                  if entry["level"] == "SEVERE"]
        assert errors == [], (url, errors)
        page = driver.page_source  # type: ignore[attr-defined]
        assert "<script" not in page, url  # works without JavaScript: there is none
        headings = driver.execute_script(  # type: ignore[attr-defined]
            "return [...document.querySelectorAll('h1,h2,h3,h4')].map(h => +h.tagName[1]);")
        assert headings[0] == 1 and headings.count(1) == 1, url
        assert all(b - a <= 1 for a, b in zip(headings, headings[1:])), (url, headings)
        images = driver.execute_script(  # type: ignore[attr-defined]
            "return [...document.images].map(i => [i.getAttribute('src'), i.alt, i.naturalWidth]);")
        for source, alt, width in images:
            assert alt.strip(), (url, source)
            response = urlopen(urljoin(url, source))
            assert response.status == 200 and response.headers["Content-Type"] == "image/svg+xml"
        assert driver.execute_script(_CONTRAST) == [], url  # type: ignore[attr-defined]
        for link in driver.execute_script(  # type: ignore[attr-defined]
                "return [...document.querySelectorAll('a[href]')].map(a => a.href);"):
            target = link.split("#")[0]
            assert urlopen(target).status == 200, (url, link)
            if urlparse(target).path.endswith(".html"):
                queue.append(target)
    return seen


def test_every_page_renders_clean_and_every_link_resolves(site: str, browser: object) -> None:
    seen = walk(browser, site)
    assert {urlparse(url).path for url in seen} == {
        "/index.html", "/games/alpha.html", "/games/beta.html", "/games/alpha/phase-s1901m.html",
        "/games/alpha/phase-f1901m.html", "/games/alpha/phase-s1902m.html"}  # a page a phase


def test_a_game_page_reads_on_a_phone_and_its_screenshot_is_not_blank(
    site: str, browser: object, tmp_path: Path,
) -> None:
    driver = browser
    driver.set_window_size(1280, 900)  # type: ignore[attr-defined]
    driver.get("about:blank")  # type: ignore[attr-defined]
    blank = driver.get_screenshot_as_png()  # type: ignore[attr-defined]
    page = urljoin(site, "games/alpha.html")
    driver.get(page)  # type: ignore[attr-defined]
    first_map = "const i = document.querySelector('figure.map img'); "
    driver.execute_script(first_map + "i.scrollIntoView();")  # type: ignore[attr-defined]
    WebDriverWait(driver, 10).until(lambda d: d.execute_script(  # type: ignore[no-any-return]
        first_map + "return i.complete && i.naturalWidth > 0;"))
    driver.execute_script("window.scrollTo(0, 0);")  # type: ignore[attr-defined]
    shot = driver.get_screenshot_as_png()  # type: ignore[attr-defined]
    SHOTS.mkdir(exist_ok=True)
    (SHOTS / "archive-game-page.png").write_bytes(shot)
    assert shot[:8] == b"\x89PNG\r\n\x1a\n" and len(shot) > 10 * len(blank)  # text, a map
    driver.set_window_size(390, 844)  # type: ignore[attr-defined]
    driver.get(page)  # type: ignore[attr-defined]
    wide = driver.execute_script(  # type: ignore[attr-defined]
        "return [document.documentElement.scrollWidth, window.innerWidth];")
    assert wide[0] <= wide[1], wide  # nothing wider than the phone's screen
    (SHOTS / "archive-game-page-phone.png").write_bytes(
        driver.get_screenshot_as_png())  # type: ignore[attr-defined]
    driver.get(urljoin(site, "games/alpha/phase-f1901m.html"))  # type: ignore[attr-defined]
    wide = driver.execute_script(  # type: ignore[attr-defined]
        "return [document.documentElement.scrollWidth, window.innerWidth];")
    assert wide[0] <= wide[1], wide
    full_size = driver.execute_script(  # type: ignore[attr-defined]
        "return document.querySelector('figure.map a').getAttribute('href');")
    assert full_size == "phase-f1901m.svg"  # a tap opens the map at full size
    (SHOTS / "archive-phase-page-phone.png").write_bytes(
        driver.get_screenshot_as_png())  # type: ignore[attr-defined]


@pytest.fixture
def plantagenet_site(judge: MailJudge, tmp_path: Path) -> Iterator[str]:
    """A Plantagenet game (scenario Ia) a dozen phases in by mail, archived and served; the
    index's address."""
    play(judge, "plantagenet-ia", 1, phases=12)
    out = tmp_path / "site"
    build_archive(judge.store, out)
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(out)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/index.html"
    server.shutdown()
    server.server_close()


def test_a_plantagenet_archive_renders_clean_on_a_phone_and_hides_the_plans(
    plantagenet_site: str, browser: object,
) -> None:
    """Issue 22: every page of a running Plantagenet game passes the same checks; its pages are
    an observer's (no side's orders, Plan among them, nor standing orders); nothing is wider
    than a phone's screen."""
    driver = browser
    seen = walk(driver, plantagenet_site)
    phases = [url for url in seen if "/games/roses/phase-" in url]
    assert "/games/roses.html" in {urlparse(url).path for url in seen} and len(phases) >= 5
    driver.set_window_size(390, 844)  # type: ignore[attr-defined]
    for url in [urljoin(plantagenet_site, "games/roses.html"), *phases]:
        driver.get(url)  # type: ignore[attr-defined]
        text = driver.find_element("tag name", "body").text  # type: ignore[attr-defined]
        assert "Your orders" not in text and "Standing orders" not in text, url
        wide = driver.execute_script(  # type: ignore[attr-defined]
            "return [document.documentElement.scrollWidth, window.innerWidth];")
        assert wide[0] <= wide[1], (url, wide)
    driver.get(urljoin(plantagenet_site, "games/roses.html"))  # type: ignore[attr-defined]
    SHOTS.mkdir(exist_ok=True)
    (SHOTS / "archive-plantagenet-phone.png").write_bytes(
        driver.get_screenshot_as_png())  # type: ignore[attr-defined]
