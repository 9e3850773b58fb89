"""A player's browser for tests, without a browser: aiohttp's client speaking textual-serve's
websocket protocol to the web door on loopback, the client's output drawn by pyte.

    async with WebPage.open(port, cookie) as page:   # 80x24
        await page.wait_for("New game")              # the screen's text, time-bounded
        await page.send("r")

Every wait is bounded; on a timeout the error shows the screen as it was.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time

import aiohttp
import pyte

from tiletum_tui.host.web_door import COOKIE

WAIT_SECONDS = 60.0  # a Textual app starting on a busy two-core machine


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


class WebPage:
    """A websocket to the door, as a page's script opens it, and the screen it draws."""

    def __init__(self, http: aiohttp.ClientSession, ws: aiohttp.ClientWebSocketResponse,
                 width: int, height: int) -> None:
        self.http = http
        self.ws = ws
        self.screen = pyte.Screen(width, height)
        self._stream = pyte.ByteStream(self.screen)
        self.received = bytearray()
        self.closed = asyncio.Event()
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
                self.received += message.data
                self._stream.feed(message.data)
        self.closed.set()

    @property
    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def wait_for(self, text: str, timeout: float = WAIT_SECONDS) -> None:
        end = time.monotonic() + timeout
        while text not in self.text:
            if time.monotonic() > end or self.closed.is_set():
                raise AssertionError(f"{text!r} not shown; the screen:\n{self.text}")
            await asyncio.sleep(0.05)

    async def send(self, keys: str) -> None:
        await self.ws.send_str(json.dumps(["stdin", keys]))

    async def close(self) -> None:
        await self.ws.close()
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.wait_for(self._reader, 10)
