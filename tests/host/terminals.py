"""A player's screen for the doors' tests, whichever door: the bytes a client draws, fed to a terminal
emulator (pyte), so a test reads the screen a person would see.

    async with SSHTerm.open(port, key) as term:       # an SSH session with a PTY (asyncssh's client)
    async with WebPage.open(port, token) as page:     # a page's websocket (aiohttp, textual-serve's protocol)
        await term.wait_for("New game")               # the screen's text, time-bounded
        await term.send("\\r")
    screens = DoorScreens(monkeypatch)                # what the web door sends each page (a real browser's)
    driver = browser()                                # headless Chromium, driven by Selenium

Every wait is bounded; on a timeout the error shows the screen as it was. Also the doors' tests'
shared bits: ``alive(pid)``, ``until(condition)``, the title screen's texts.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import shutil
import time

import aiohttp
import asyncssh
import pyte

from tiletum_tui.shell.host import web_door
from tiletum_tui.shell.host.bench_web import chromium
from tiletum_tui.shell.host.web_door import COOKIE

WAIT_SECONDS = 60.0  # a Textual app starting on a busy two-core machine
TITLE = "Learn to play"  # the title screen (``python -m tiletum_tui``), which the doors' own tests serve
RULES = "Rules · Rounds and Turns"  # the Rules screen, opened by r then 1 (Tiletum) on the title screen


def alive(pid: int) -> bool:
    """The process exists, a zombie not yet reaped included (its /proc entry stays until reaped)."""
    return os.path.exists(f"/proc/{pid}")


async def until(condition, timeout: float = 20.0) -> bool:
    end = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > end:
            return False
        await asyncio.sleep(0.05)
    return True


class Drawn:
    """A pyte screen fed with a client's bytes, and waits on its text."""

    def __init__(self, width: int, height: int) -> None:
        self.screen = pyte.Screen(width, height)
        self._stream = pyte.ByteStream(self.screen)
        self.received = bytearray()
        self.closed = asyncio.Event()

    def feed(self, data: bytes) -> None:
        self.received += data
        self._stream.feed(data)

    @property
    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)

    async def wait_for(self, text: str, timeout: float = WAIT_SECONDS) -> str:
        """Until ``text`` is on screen (raises if it never is, or the screen closed); the screen then."""
        await self._until(lambda: text in self.text, f"{text!r} on screen", timeout, give_up=self.closed.is_set)
        return self.text

    async def wait_closed(self, timeout: float = WAIT_SECONDS) -> None:
        await self._until(self.closed.is_set, "the session closed", timeout)

    async def _until(self, done, what: str, timeout: float, give_up=lambda: False) -> None:
        end = time.monotonic() + timeout
        while not done():
            if time.monotonic() > end or give_up():
                raise AssertionError(f"no {what} within {timeout:.0f} s; the screen:\n{self.text}")
            await asyncio.sleep(0.05)


# ------------------------------------------------------------------ over SSH
def new_client_key() -> asyncssh.SSHKey:
    return asyncssh.generate_private_key("ssh-ed25519")


def authorized_line(key: asyncssh.SSHKey, name: str | None = None, comment: str = "") -> str:
    """The authorized_keys line for ``key``: ``name="…"`` as an option if given, then the comment."""
    public = key.export_public_key("openssh").decode().split()
    line = f"{public[0]} {public[1]}" + (f" {comment}" if comment else "")
    if name is not None:
        escaped = name.replace("\\", "\\\\").replace('"', '\\"')
        line = f'name="{escaped}" {line}'
    return line


async def ssh_connect(port: int, key: asyncssh.SSHKey | None, user: str = "ann", **options):
    """An SSH connection to the door on loopback, trusting any host key, using only ``key``."""
    return await asyncio.wait_for(
        asyncssh.connect(
            "127.0.0.1", port, username=user, known_hosts=None, agent_path=None, config=[],
            client_keys=[key] if key is not None else None, **options,
        ),
        WAIT_SECONDS,
    )


class SSHTerm(Drawn):
    """An SSH session with a PTY (80x24, xterm-256color unless told) and the screen it draws."""

    def __init__(self, conn, process, width: int, height: int) -> None:
        super().__init__(width, height)
        self.conn = conn
        self.process = process
        self._reader = asyncio.get_running_loop().create_task(self._read())

    @classmethod
    @contextlib.asynccontextmanager
    async def open(cls, port: int, key: asyncssh.SSHKey, user: str = "ann", width: int = 80,
                   height: int = 24, term_type: str = "xterm-256color"):
        conn = await ssh_connect(port, key, user)
        try:
            process = await conn.create_process(term_type=term_type, term_size=(width, height), encoding=None)
            term = cls(conn, process, width, height)
            try:
                yield term
            finally:
                term._reader.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await term._reader
        finally:
            conn.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(conn.wait_closed(), 10)

    async def _read(self) -> None:
        try:
            while True:
                data = await self.process.stdout.read(65536)
                if not data:
                    break
                self.feed(data)
        finally:
            self.closed.set()

    async def send(self, keys: str | bytes) -> None:
        self.process.stdin.write(keys.encode() if isinstance(keys, str) else keys)
        await self.process.stdin.drain()

    async def resize(self, width: int, height: int) -> None:
        self.screen.resize(height, width)
        self.process.change_terminal_size(width, height)


# ------------------------------------------------------------------ a page's websocket, without a browser
def standin(*lines: str) -> str:
    """Python code for a small client speaking the web driver's output protocol: the prelude, then
    ``show(text)`` draws text (one data frame). It starts in a blink."""
    return (
        "import os, sys, time\n"
        "def show(text):\n"
        "    data = text.encode()\n"
        "    sys.stdout.buffer.write(b'D' + len(data).to_bytes(4, 'big') + data); sys.stdout.flush()\n"
        "sys.stdout.buffer.write(b'__GANGLION__\\n'); sys.stdout.flush()\n"
        + "".join(line + "\n" for line in lines)
    )


class WebPage(Drawn):
    """A websocket to the web door, as a page's script opens it, and the screen it draws."""

    def __init__(self, http: aiohttp.ClientSession, ws: aiohttp.ClientWebSocketResponse,
                 width: int, height: int) -> None:
        super().__init__(width, height)
        self.http = http
        self.ws = ws
        self._reader = asyncio.get_running_loop().create_task(self._read())

    @classmethod
    @contextlib.asynccontextmanager
    async def open(cls, port: int, token: str, *, width: int = 80, height: int = 24, headers=None):
        http = aiohttp.ClientSession(cookies={COOKIE: token})
        try:
            ws = await asyncio.wait_for(
                http.ws_connect(f"http://127.0.0.1:{port}/ws?width={width}&height={height}",
                                headers=headers or {}),
                WAIT_SECONDS,
            )
            page = cls(http, ws, width, height)
            try:
                yield page
            finally:
                await page.close()
        finally:
            await http.close()

    async def _read(self) -> None:
        async for message in self.ws:
            if message.type == aiohttp.WSMsgType.BINARY:
                self.feed(message.data)
        self.closed.set()

    async def send(self, keys: str) -> None:
        await self.ws.send_str(json.dumps(["stdin", keys]))

    async def close(self) -> None:
        await self.ws.close()
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.wait_for(self._reader, 10)


# ------------------------------------------------------------------ a real browser
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
try:
    from selenium import webdriver
    from selenium.webdriver.common.action_chains import ActionChains
except ImportError:  # pragma: no cover - the test extras hold it
    webdriver = None

def browser():
    """A headless Chromium (the operating system's), its own fresh profile, its console kept."""
    return chromium(console=True)


def type_keys(driver, *keys) -> None:
    """Keys typed into the page's terminal (a click would be a mouse event); a tuple is a chord
    (modifier first: ``(Keys.CONTROL, "r")``)."""
    driver.execute_script("document.querySelector('.xterm-helper-textarea').focus()")
    for key in keys:
        chain = ActionChains(driver)
        if isinstance(key, tuple):
            chain.key_down(key[0]).send_keys(*key[1:]).key_up(key[0])
        else:
            chain.send_keys(key)
        chain.perform()


def refused_in_page(driver) -> list[str]:
    """What the page's console says was blocked (Content-Security-Policy) or could not be loaded."""
    return [entry["message"] for entry in driver.get_log("browser")
            if "Content Security Policy" in entry["message"] or "ERR_" in entry["message"]]


async def until_js(driver, script: str, timeout: float = 30.0):
    """The script's value once it is true (run in the page every 0.1 s)."""
    for _ in range(int(timeout / 0.1)):
        value = await asyncio.to_thread(driver.execute_script, script)
        if value:
            return value
        await asyncio.sleep(0.1)
    raise AssertionError(f"never true in the page: {script}")


class DoorScreens:
    """What the web door sends each page, drawn by pyte, by the player the page's link names. A real
    browser draws on a canvas (xterm.js): this is its text."""

    def __init__(self, monkeypatch, width: int = 200, height: int = 60) -> None:
        self.size = (width, height)
        self.by_client: dict = {}
        original = web_door._WebClient.on_data
        screens = self

        async def on_data(client, payload: bytes) -> None:
            screens.by_client.setdefault(client, Drawn(*screens.size)).feed(payload)
            await original(client, payload)

        monkeypatch.setattr(web_door._WebClient, "on_data", on_data)
        original_start = web_door._WebSession.run

        async def run(session, width: int, height: int) -> None:
            screens.names[session.client] = session.link.name
            await original_start(session, width, height)

        self.names: dict = {}
        monkeypatch.setattr(web_door._WebSession, "run", run)

    def of(self, name: str) -> Drawn | None:
        """The screen of the newest page of ``name``."""
        clients = [c for c, n in self.names.items() if n == name]
        return self.by_client.setdefault(clients[-1], Drawn(*self.size)) if clients else None

    def text(self, name: str) -> str:
        drawn = self.of(name)
        return drawn.text if drawn is not None else ""

    def line(self, name: str, start: str) -> str:
        """The text on ``name``'s screen from ``start`` to the end of its box or line."""
        found = re.search(re.escape(start) + r"[^│┃║\n]*", self.text(name))
        assert found, f"{start!r} not on {name}'s screen:\n{self.text(name)}"
        return found.group(0).rstrip()

    async def until(self, condition, timeout: float = WAIT_SECONDS) -> None:
        if not await until(condition, timeout):
            raise AssertionError("never came true")

    async def wait_for(self, name: str, text: str, timeout: float = WAIT_SECONDS) -> None:
        if not await until(lambda: text in self.text(name), timeout):
            raise AssertionError(f"{text!r} not on {name}'s screen; it shows:\n{self.text(name)}")
