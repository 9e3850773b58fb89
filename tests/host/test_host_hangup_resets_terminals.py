"""Issue 42, item 7: "A host killed with SIGKILL leaves every SSH player's terminal in the alternate
screen with mouse reporting on ... the docs say what a player does after a host dies under them
(``reset``), and the SSH door sends the reset on every exit it can see."

A SIGKILL is no exit the host can see (docs/hosting.md tells the player to type ``reset``); a SIGHUP
is: the host's own terminal closed. Before the fix the host died of it on the spot, as of a SIGKILL,
and every player over SSH was left in the game's screen with the mouse on."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys

from tests.host.terminals import SSHTerm, authorized_line, new_client_key

from .hosting import ROOT, short_dir  # noqa: F401 (fixture)

SLOW = 90  # seconds: a client process starting on a loaded machine
RESETS = (b"\x1b[?1000l", b"\x1b[?1006l", b"\x1b[?1049l", b"\x1b[?25h")  # mouse off, the main screen, a cursor


async def _listening(port: int) -> None:
    for _ in range(600):
        try:
            _, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.close()
            return
        except OSError:
            await asyncio.sleep(0.1)
    raise AssertionError("the SSH door did not open")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def test_a_host_whose_terminal_closes_resets_every_ssh_players_terminal(short_dir):
    key = new_client_key()
    keys = short_dir / "players"
    keys.write_text(authorized_line(key, "ann") + "\n")
    port = _free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TILETUM_COLD_CLIENTS": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "tiletum_tui", "host", "--host-dir", str(short_dir), "--quiet",
                             "--listen", f"127.0.0.1:{port}", "--authorized-keys", str(keys)],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            stdin=subprocess.DEVNULL)
    try:
        await _listening(port)
        async with SSHTerm.open(port, key, "ann") as term:
            await term.wait_for("you are ann", SLOW)
            assert b"\x1b[?1049h" in term.received and b"\x1b[?1000h" in term.received  # the game's screen, mouse on
            seen = len(term.received)
            proc.send_signal(signal.SIGHUP)  # the host's terminal closed
            await term.wait_closed(timeout=SLOW)
            tail = bytes(term.received[seen:])
            for reset in RESETS:
                assert reset in tail, (reset, tail[-200:])
        assert proc.wait(30) == 0
        assert b"every game is saved" in proc.stdout.read()
    finally:
        proc.kill()
        proc.wait(10)
