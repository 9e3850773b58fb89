"""The web door in a real headless browser (issue 22: "In a real headless browser (Chromium and its
driver from the operating system's packages, driven by Selenium ...): sign in with a link, play a few
moves with keys, check the screen's text, a wrong or revoked token is refused").

Skipped, saying why, where Chromium, its driver or Selenium is missing (``apt-get install chromium
chromium-driver``; Selenium is in the test extras). The page draws on a canvas (xterm.js), so the
screen's text is read from what the door sent the page, drawn by pyte; the browser's part is that its
keys reach the client and that the page took the bytes (textual.js marks the page ``-first-byte``).
"""

from __future__ import annotations

import asyncio
import shutil
import sys

import pyte
import pytest

from tiletum_tui.host import web_door
from tiletum_tui.host.invites import Invites
from tiletum_tui.host.ssh_door import ClientLaunch

TITLE = "Learn to play"
RULES = "Rules · Rounds and Turns"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
except ImportError:  # pragma: no cover - the test extras hold it
    webdriver = None

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(webdriver is None, reason="Selenium is not installed (pip install -e '.[test]')"),
    pytest.mark.skipif(CHROMIUM is None or DRIVER is None,
                       reason="no Chromium or chromedriver here (apt-get install chromium chromium-driver)"),
]


def _browser():
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1200,800",
                 "--no-first-run", "--disable-background-networking", "--disable-component-update"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(executable_path=DRIVER), options=options)


class _Screens:
    """What the door sent each page, drawn by pyte (wide enough for any page's size)."""

    def __init__(self, monkeypatch) -> None:
        self.screen = pyte.Screen(300, 100)
        self.stream = pyte.ByteStream(self.screen)
        original = web_door._WebClient.on_data
        screens = self

        async def on_data(client, payload: bytes) -> None:
            screens.stream.feed(payload)
            await original(client, payload)

        monkeypatch.setattr(web_door._WebClient, "on_data", on_data)

    @property
    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def wait_for(self, text: str, timeout: float = 60.0) -> None:
        for _ in range(int(timeout / 0.1)):
            if text in self.text:
                return
            await asyncio.sleep(0.1)
        raise AssertionError(f"{text!r} not shown; the screen:\n{self.text}")


async def _until_js(driver, script: str, timeout: float = 30.0):
    for _ in range(int(timeout / 0.1)):
        value = await asyncio.to_thread(driver.execute_script, script)
        if value:
            return value
        await asyncio.sleep(0.1)
    raise AssertionError(f"never true in the page: {script}")


async def test_sign_in_with_a_link_and_play_keys_in_chromium(tmp_path, monkeypatch):
    screens = _Screens(monkeypatch)
    invites = Invites(tmp_path / "web-invites.json")
    token = invites.invite("Ann")
    launch = lambda player: ClientLaunch([sys.executable, "-m", "tiletum_tui", "--save-dir", str(tmp_path)])  # noqa: E731
    door = await web_door.start_web_door(("127.0.0.1", 0), invites, launch)
    driver = await asyncio.to_thread(_browser)
    try:
        base = door.base_url()
        # A wrong token: a plain page saying so.
        await asyncio.to_thread(driver.get, f"{base}/?t=not-a-token")
        assert "not valid" in driver.find_element(By.TAG_NAME, "body").text
        # The link: signed in, the address bar without the token, the cookie out of the script's reach.
        await asyncio.to_thread(driver.get, door.link(token))
        assert driver.current_url == f"{base}/"
        assert driver.execute_script("return document.cookie") == ""
        await screens.wait_for(TITLE)
        await _until_js(driver, "return document.body.classList.contains('-first-byte')")
        # Keys typed in the page reach the client: r opens the Rules.
        def type_keys(keys: str) -> None:  # into the terminal's input (a click would be a mouse event)
            driver.execute_script("document.querySelector('.xterm-helper-textarea').focus()")
            ActionChains(driver).send_keys(keys).perform()

        await asyncio.to_thread(type_keys, "r")
        await screens.wait_for(RULES)
        refused = [entry["message"] for entry in driver.get_log("browser")
                   if "Content Security Policy" in entry["message"] or "ERR_" in entry["message"]]
        assert refused == [], refused  # nothing the page needed was blocked or missing
        # Revoked: the open page is closed at the next check, and the link opens nothing.
        invites.revoke("Ann")
        await asyncio.to_thread(driver.get, f"{base}/")
        assert "not signed in" in driver.find_element(By.TAG_NAME, "body").text
    finally:
        await asyncio.to_thread(driver.quit)
        door.close()
        await asyncio.wait_for(door.wait_closed(), 30)
