"""The web door in a real headless browser (issue 22: "In a real headless browser (Chromium and its
driver from the operating system's packages, driven by Selenium ...): sign in with a link, play a few
moves with keys, check the screen's text, a wrong or revoked token is refused, two browsers at two
seats of one game see each other's moves, closing the page keeps the seat"; "with the few [keys] the
browser keeps for itself remapped in the help").

One flow, as ``tiletum host --web`` wires it (the host, the door, ``tiletum join`` per page), in one
Chromium: Ann's tab at 127.0.0.1 and Bob's at localhost hold a cookie each, as two browsers would.
Skipped, saying why, where Chromium, its driver or Selenium is missing (``apt-get install chromium
chromium-driver``; Selenium is in the test extras). The page draws on a canvas (xterm.js), so the
screen's text is read from what the door sent each page, drawn by pyte (``terminals.DoorScreens``).
"""

from __future__ import annotations

import asyncio

import pytest

from tests.host.terminals import CHROMIUM, DRIVER, DoorScreens, browser, refused_in_page, type_keys, until_js, webdriver
from tiletum_tui.shell.host.hosted import HostFolder
from tiletum_tui.shell.host.invites import Invites
from tiletum_tui.shell.host.launch import launcher
from tiletum_tui.shell.host.web_door import start_web_door

from .hosting import Player, people, running_host, short_dir, table_of  # noqa: F401 (fixture)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(webdriver is None, reason="Selenium is not installed (pip install -e '.[test]')"),
    pytest.mark.skipif(CHROMIUM is None or DRIVER is None,
                       reason="no Chromium or chromedriver here (apt-get install chromium chromium-driver)"),
]
SLOW = 90.0  # seconds: a client process starting on a loaded machine
# What the page's terminal keeps from the browser (a keydown the page cancels is not the browser's):
# F1 (help), F5 and Ctrl+R (reload), F11 (full screen) reach the game. Recorded before the page's own
# handlers, read once they have run.
_RECORD_KEYS = """window.keysSeen = [];
window.addEventListener('keydown', e => { if (!['Control', 'Shift'].includes(e.key))
  setTimeout(() => window.keysSeen.push([e.key, e.ctrlKey, e.defaultPrevented]), 0); }, true);"""


async def _page(call, *args):
    """A call to the browser, off the event loop: the host and the door answering the page run on this
    loop, so a call made on it would wait for a page that waits for them (it hung for a minute on a
    loaded machine, until the driver gave up)."""
    return await asyncio.to_thread(call, *args)


async def test_two_seats_in_two_tabs_sign_in_play_by_keys_reopen_and_revoke(short_dir, monkeypatch):
    screens = DoorScreens(monkeypatch)
    async with running_host(short_dir) as host:
        ann = await Player(short_dir, "ann").connect()  # (on the owner's socket: sets the table up)
        gid = await table_of(host, [ann], people("ann", "bob"))
        ann.close()
        game = host.games[gid]
        invites = Invites(HostFolder(short_dir).web_invites)
        links = {name: invites.invite(name) for name in ("ann", "bob")}
        door = await start_web_door(("127.0.0.1", 0), invites, launcher(host, "web"),
                                    launch_watcher=launcher(host, "web", True))
        driver = await asyncio.to_thread(browser)
        port = door.listen[1]
        ann_url, bob_url = f"http://127.0.0.1:{port}", f"http://localhost:{port}"  # a cookie jar each
        try:
            # A wrong token: a plain page saying so, never a game.
            await asyncio.to_thread(driver.get, f"{ann_url}/?t=not-a-token")
            assert "not valid" in await _page(lambda: driver.find_element("tag name", "body").text)
            # Ann signs in: the address bar without the token, the cookie out of the script's reach.
            await asyncio.to_thread(driver.get, f"{ann_url}/?t={links['ann']}")
            assert await _page(lambda: driver.current_url) == f"{ann_url}/"
            assert await _page(driver.execute_script, "return document.cookie") == ""
            await screens.wait_for("ann", "you are ann", SLOW)
            await until_js(driver, "return document.body.classList.contains('-first-byte')")
            assert await _page(refused_in_page, driver) == []  # nothing the page needed was blocked or missing
            ann_tab = await _page(lambda: driver.current_window_handle)
            await asyncio.to_thread(driver.switch_to.new_window, "tab")
            await asyncio.to_thread(driver.get, f"{bob_url}/?t={links['bob']}")
            bob_tab = await _page(lambda: driver.current_window_handle)
            await screens.wait_for("bob", "you are bob", SLOW)
            # The keys a browser could take for itself (help, reload, full screen) go to the game.
            await _page(driver.execute_script, _RECORD_KEYS)
            await asyncio.to_thread(type_keys, driver, "\ue031", "\ue035", "\ue03b", ("\ue009", "r"))
            seen = await until_js(driver, "return window.keysSeen.length >= 4 && window.keysSeen")
            assert [(key, prevented) for key, _, prevented in seen] == \
                [("F1", True), ("F5", True), ("F11", True), ("r", True)], seen
            await screens.wait_for("bob", "Tiletum — keys", SLOW)  # F1: the lobby's help
            await asyncio.to_thread(type_keys, driver, "\ue00c")  # Esc closes the help
            await screens.until(lambda: "Tiletum — keys" not in screens.text("bob"))
            await asyncio.to_thread(type_keys, driver, "\ue007")  # Enter: his game, the first of his lobby
            await screens.wait_for("bob", "ann is choosing a die…", SLOW)
            # Ann's keys, in her tab: a die, how it is kept, its Bonus tile. Bob sees the move.
            await asyncio.to_thread(driver.switch_to.window, ann_tab)
            await asyncio.to_thread(type_keys, driver, "\ue007")
            await screens.wait_for("ann", "ann: choose a die", SLOW)
            for _ in range(4):
                if not game.session.log:
                    await asyncio.to_thread(type_keys, driver, "1")
                    await asyncio.sleep(1.0)
            assert game.session.log and game.session.log[0].seat == 0
            await screens.wait_for("bob", "ann is deciding", SLOW)
            deciding = screens.line("ann", "ann: ")  # the decision in hand
            # Closing Ann's page keeps her seat: reopened (the browser kept her cookie), the same decision.
            (session,) = [s for s in door._sessions if s.link.name == "ann"]
            await asyncio.to_thread(driver.close)
            await screens.until(lambda: session not in door._sessions, SLOW)
            await screens.wait_for("bob", "not connected", SLOW)  # Bob sees her gone, the game waiting
            await asyncio.to_thread(driver.switch_to.window, bob_tab)
            await asyncio.to_thread(driver.switch_to.new_window, "tab")
            await asyncio.to_thread(driver.get, f"{ann_url}/")
            await screens.wait_for("ann", "you are ann", SLOW)
            await asyncio.to_thread(type_keys, driver, "\ue007")
            await screens.wait_for("ann", deciding, SLOW)
            # Ann ends her turn (through the client API); Bob's keys play, and Ann's page shows it.
            ann = await Player(short_dir, "ann").connect()
            model = await ann.open(gid)
            while game.session.current_player == 0:
                legal = model.legal()
                end = [a for a in legal if a.verb() == "end"]
                await ann.play(gid, end[0] if end else legal[0])
            await screens.wait_for("ann", "bob is choosing a die…", SLOW)
            await asyncio.to_thread(driver.switch_to.window, bob_tab)
            moves = len(game.session.log)
            for _ in range(4):
                if len(game.session.log) == moves:
                    await asyncio.to_thread(type_keys, driver, "1")
                    await asyncio.sleep(1.0)
            assert game.session.log[-1].seat == 1
            await screens.wait_for("ann", "bob is deciding", SLOW)
            # Ctrl+\ quits in a page (Ctrl+Q is Firefox's, so the help gives this one): his client ends.
            (his,) = [s for s in door._sessions if s.link.name == "bob"]
            await asyncio.to_thread(type_keys, driver, ("\ue009", "\\"))
            await screens.until(lambda: his not in door._sessions, SLOW)
            # Revoked: Ann's open page is closed at the next check, and her link opens nothing.
            invites.revoke("ann")
            await screens.until(lambda: not any(s.link.name == "ann" for s in door._sessions), SLOW)
            await asyncio.to_thread(driver.switch_to.new_window, "tab")
            await asyncio.to_thread(driver.get, f"{ann_url}/")
            assert "not signed in" in await _page(lambda: driver.find_element("tag name", "body").text)
        finally:
            ann.close()
            await asyncio.to_thread(driver.quit)
            door.close()
            await asyncio.wait_for(door.wait_closed(), 30)
