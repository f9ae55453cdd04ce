"""What happens between observations: new tabs folded into the one tab, dialogs answered by
policy, PDFs read, domains blocked, and the final page state."""

from __future__ import annotations

import io
from pathlib import Path

from typing import AsyncIterator

import pytest
import pytest_asyncio
from PIL import Image

from webvoyager.browser import Browser, Session
from webvoyager.browser.observe import PDF_TOOLBAR_PX
from webvoyager.browser.types import BrowserConfig, Click
from webvoyager.errors import ActionError, PageLoadError

pytestmark = pytest.mark.browser

REPORT_TEXT = "Revenue grew to 4.2 million euros."


async def open_zoo(session, pages_url, name: str):
    await session.goto(f"{pages_url}/zoo/{name}")
    return await session.observe()


async def test_new_tab_and_window_open_load_in_the_one_tab(session, pages_url) -> None:
    await open_zoo(session, pages_url, "tabs.html")
    outcome = await session.execute(Click(0))
    assert session.page.url.endswith("target.html?via=blank") and len(session.context.pages) == 1
    assert outcome.navigated and outcome.notes == [
        f"The page opened {pages_url}/zoo/target.html?via=blank in a new tab; it was loaded in this tab "
        "instead (one tab only)."]
    obs = await session.observe()
    assert obs.notes == outcome.notes
    assert "arrived ?via=blank" in await session.page.inner_text("body")

    await open_zoo(session, pages_url, "tabs.html")
    await session.execute(Click(1))
    assert session.page.url.endswith("target.html?via=open") and len(session.context.pages) == 1

    await open_zoo(session, pages_url, "tabs.html")
    outcome = await session.execute(Click(2))
    assert outcome.notes == ["The page opened an empty new tab; it was closed (one tab only)."]
    assert session.page.url.endswith("tabs.html") and len(session.context.pages) == 1


async def test_dialogs_are_accepted_and_reported(session, pages_url) -> None:
    await open_zoo(session, pages_url, "dialogs.html")
    for label in (0, 1, 2):
        await session.execute(Click(label))
    assert await session.page.evaluate("window.__log") == ["after-alert", "confirm:true", "prompt:"]
    obs = await session.observe()
    assert obs.notes == [
        'The page showed an alert: "Saved!" (closed with OK).',
        'The page asked (confirm): "Delete everything?"; it was accepted (OK).',
        'The page asked (prompt): "Your name?"; it was accepted (OK) with the answer "".',
    ]
    await session.execute(Click(3))
    outcome = await session.execute(Click(4))   # leaving with a beforeunload handler armed
    assert session.page.url.endswith("via=leave")
    assert outcome.notes == ["The page asked to confirm leaving it; the browser left the page."]


async def test_dialog_policy_dismiss_and_prompt_text(browser, tmp_path: Path, pages_url) -> None:
    from dataclasses import replace

    session = await browser.new_session(download_dir=tmp_path)
    try:
        session.config = replace(session.config, dialog_policy="dismiss", prompt_text="Ada")
        await open_zoo(session, pages_url, "dialogs.html")
        await session.execute(Click(1))
        await session.execute(Click(2))
        assert await session.page.evaluate("window.__log") == ["confirm:false", "prompt:null"]
        assert (await session.observe()).notes[0].endswith("it was dismissed (Cancel).")

        session.config = replace(session.config, dialog_policy="accept")
        outcome = await session.execute(Click(2))
        assert await session.page.evaluate("window.__log") == ["confirm:false", "prompt:null", "prompt:Ada"]
        assert outcome.notes == ['The page asked (prompt): "Your name?"; it was accepted (OK) with the answer "Ada".']
    finally:
        await session.close()


async def test_pdf_download_is_saved_and_read(session, pages_url, tmp_path: Path) -> None:
    await open_zoo(session, pages_url, "pdf.html")
    outcome = await session.execute(Click(0))
    saved = tmp_path / "downloads" / "annual-report.pdf"
    assert outcome.download == saved and saved.read_bytes()[:5] == b"%PDF-"
    assert outcome.notes[0].startswith("A PDF was downloaded (annual-report.pdf). Its text:\nAnnual Report 2026")
    assert REPORT_TEXT in outcome.notes[0] and "Staff count: 37." in outcome.notes[0]


async def test_pdf_opened_in_the_tab_or_a_new_tab_is_read(session, pages_url, tmp_path: Path) -> None:
    await open_zoo(session, pages_url, "pdf.html")
    outcome = await session.execute(Click(1))
    assert any(REPORT_TEXT in note for note in outcome.notes), outcome.notes
    assert (tmp_path / "downloads" / "report.pdf").exists()

    await open_zoo(session, pages_url, "pdf.html")
    outcome = await session.execute(Click(2))
    assert len(session.context.pages) == 1
    assert sum(REPORT_TEXT in note for note in outcome.notes) == 1, outcome.notes   # read once, not per event


@pytest_asyncio.fixture(loop_scope="session")
async def full_browser_session(tmp_path: Path) -> AsyncIterator[Session]:
    """A session of the full browser in its new headless mode (`headless_mode="new"`), which opens an inline
    PDF in Chromium's viewer where the default headless shell downloads it."""
    browser = await Browser.launch(BrowserConfig(headless_mode="new"))
    try:
        yield await browser.new_session(download_dir=tmp_path / "full-downloads")
    finally:
        await browser.close()


async def test_the_headless_shell_downloads_an_inline_pdf_the_full_browser_shows(session, full_browser_session,
                                                                                pages_url) -> None:
    for each in (session, full_browser_session):
        await open_zoo(each, pages_url, "pdf.html")
        outcome = await each.execute(Click(1))   # an inline PDF in the same tab
        assert any(REPORT_TEXT in note for note in outcome.notes), outcome.notes   # read in both modes
    assert await session.page.evaluate("document.contentType") == "text/html"   # stayed on the page
    assert session.page.url.endswith("/zoo/pdf.html")
    assert await full_browser_session.page.evaluate("document.contentType") == "application/pdf"


async def test_observation_of_a_pdf_waits_for_the_viewer_to_paint(full_browser_session, pages_url) -> None:
    """Chromium's PDF viewer (the full browser's) paints the document out of process, a second or more after
    the load: until then its screenshot is one flat grey, which a model would read as an empty page."""
    session = full_browser_session
    await open_zoo(session, pages_url, "pdf.html")
    await session.execute(Click(1))
    assert await session.page.evaluate("document.contentType") == "application/pdf"
    obs = await session.observe()
    image = Image.open(io.BytesIO(obs.screenshot)).convert("L")
    # the viewer paints its toolbar over a grey field before the pages: look below the toolbar
    low, high = image.crop((0, PDF_TOOLBAR_PX, image.width, image.height)).getextrema()
    assert high - low > 100, "only the viewer's grey shows: it had not painted the document"
    assert high >= 250   # the document's white page is in view


async def test_pdf_excerpt_is_bounded(browser, tmp_path: Path, pages_url) -> None:
    from dataclasses import replace

    session = await browser.new_session(download_dir=tmp_path)
    try:
        session.config = replace(session.config, pdf_excerpt_chars=20)
        await open_zoo(session, pages_url, "pdf.html")
        outcome = await session.execute(Click(0))
        assert outcome.notes[0].startswith("A PDF was downloaded (annual-report.pdf). Its text:\nAnnual Report 2026\nR …")
        assert "(excerpt: first 20 of" in outcome.notes[0] and REPORT_TEXT not in outcome.notes[0]
    finally:
        await session.close()


async def test_allowed_domains_block_other_hosts(browser, tmp_path: Path, pages_url) -> None:
    session = await browser.new_session(download_dir=tmp_path, allowed_domains=("127.0.0.1",))
    try:
        await open_zoo(session, pages_url, "tabs.html")
        with pytest.raises(ActionError, match=r"Navigation to blocked\.invalid .* was blocked \(allowed domains: 127\.0\.0\.1\)"):
            await session.execute(Click(3))
        assert session.page.url.endswith("tabs.html") and len(session.context.pages) == 1
        # A link in the same tab: the navigation is refused and the tab stays where it was.
        with pytest.raises(ActionError, match=r"Navigation to blocked\.invalid \(http://blocked\.invalid/same\) was blocked"):
            await session.execute(Click(4))
        assert session.page.url == f"{pages_url}/zoo/tabs.html"
        obs = await session.observe()
        assert obs.url == f"{pages_url}/zoo/tabs.html" and obs.elements[4].text == "Foreign link"
        with pytest.raises(PageLoadError, match="was blocked"):
            await session.goto("http://example.invalid/")
        # Sub-resources from other hosts are refused too.
        status = await session.page.evaluate(
            "fetch('http://other.invalid/x').then(() => 'loaded', () => 'refused')")
        assert status == "refused"
    finally:
        await session.close()


def test_domain_rules() -> None:
    from webvoyager.browser.events import domain_allowed

    allowed = ("example.com", "localhost:8000")
    assert domain_allowed("https://example.com/a", allowed)
    assert domain_allowed("https://shop.example.com/a", allowed)
    assert not domain_allowed("https://badexample.com/", allowed)
    assert domain_allowed("http://localhost:9999/", allowed)
    assert domain_allowed("http://recipes.localhost:8123/", ("localhost",))
    assert domain_allowed("data:text/html,hi", allowed) and domain_allowed("about:blank", allowed)
    assert domain_allowed("https://anything.org/", ())


async def test_page_state_reports_url_text_cookies_and_storage(session, pages_url) -> None:
    await open_zoo(session, pages_url, "basic.html")
    await session.page.evaluate("localStorage.setItem('cart', '[\"soup\"]'); document.cookie = 'lang=en'")
    state = await session.page_state()
    assert state.url.endswith("/zoo/basic.html") and state.title == "Zoo: basics"
    assert "Vegetarian" in state.text
    assert state.local_storage == {"cart": '["soup"]'} and state.cookies == {"lang": "en"}


async def test_goto_errors_say_what_to_check(session) -> None:
    import socket

    with socket.socket() as sock:   # a port that was free a moment ago: nothing listens there
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    # A refused connection never reached a server: an infrastructure failure (network), not the page's.
    with pytest.raises(PageLoadError, match=r"could not be reached \(ERR_CONNECTION_REFUSED\).*Check the host "
                                            r"name, that the server is up"):
        await session.goto(f"http://127.0.0.1:{port}/")


async def test_new_tab_flow_observes_repeatedly(session, pages_url) -> None:
    """After a new tab is folded into the agent's tab, that tab is in front and screenshots work."""
    import io

    from PIL import Image

    for _ in range(5):
        await open_zoo(session, pages_url, "tabs.html")
        await session.execute(Click(0))
        obs = await session.observe()
        assert obs.url.endswith("target.html?via=blank") and len(session.context.pages) == 1
        assert await session.page.evaluate("document.visibilityState") == "visible"
        assert Image.open(io.BytesIO(obs.screenshot)).size == session.config.viewport


class _SlowScreens:
    """A stand-in for a Playwright page whose first `failures` screenshots time out."""

    url = "http://example.test/"

    def __init__(self, failures: int) -> None:
        self.failures, self.shots, self.fronted = failures, 0, 0

    async def screenshot(self, **_: object) -> bytes:
        from playwright.async_api import TimeoutError as PlaywrightTimeoutError

        self.shots += 1
        if self.shots <= self.failures:
            raise PlaywrightTimeoutError("Page.screenshot: Timeout 30000ms exceeded.")
        return b"png"

    async def bring_to_front(self) -> None:
        self.fronted += 1

    @property
    def context(self) -> "_SlowScreens":
        return self

    async def new_cdp_session(self, page: object) -> None:
        # No CDP here (as in a non-Chromium browser): screenshots go through Playwright's path.
        from playwright.async_api import Error as PlaywrightError

        raise PlaywrightError("CDP sessions are only supported on Chromium")


async def test_timed_out_screenshot_is_retried_once() -> None:
    from webvoyager.browser.observe import screenshot
    from webvoyager.errors import BrowserError

    once = _SlowScreens(failures=1)
    assert await screenshot(once) == b"png" and once.shots == 2 and once.fronted == 1
    twice = _SlowScreens(failures=2)
    with pytest.raises(BrowserError, match="timed out twice .* run fewer tasks at once"):
        await screenshot(twice)
    assert twice.shots == 2
