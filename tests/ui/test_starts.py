"""The game starts in a real terminal from the installed command (issue 3: installs and starts; works over
SSH with plain TERM=xterm-256color), and the README shows the two set-up commands CI runs."""

import os
import pathlib
import pty
import re
import select
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).parents[2]


def _read_until(fd, needle: bytes, seconds: float) -> bytes:
    seen = b""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and needle not in seen:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                seen += os.read(fd, 65536)
            except OSError:
                break
    return seen


def test_tiletum_new_draws_the_game_in_a_plain_xterm_and_quits_on_ctrl_q(tmp_path):
    main, child = pty.openpty()
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "80", "LINES": "24"}
    env.pop("TEXTUAL_THEME", None)
    proc = subprocess.Popen(
        [sys.executable, "-m", "tiletum_tui", "--save-dir", str(tmp_path), "new", "--players", "2", "--seed", "7"],
        stdin=child, stdout=child, stderr=child, env=env, close_fds=True,
    )
    os.close(child)
    try:
        screen = _read_until(main, b"choose a die", 20)
        assert b"choose a die" in screen, screen[-400:]
        os.write(main, b"\x11")  # Ctrl+Q
        assert proc.wait(timeout=10) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(main)
    assert list(tmp_path.glob("autosave-*.json")), "the new game was autosaved"


def test_readme_shows_the_two_commands_and_ci_runs_the_test_one():
    readme = (ROOT / "README.md").read_text()
    play = re.search(r"^\s+(python3 -m venv .venv && .venv/bin/pip install -e \. && .venv/bin/tiletum)$", readme, re.M)
    tests = re.search(r"^\s+(python3 -m venv .venv && .venv/bin/pip install -e '\.\[test\]' && .venv/bin/python -m pytest -q)$",
                      readme, re.M)
    assert play and tests
    ci = (ROOT / ".ci" / "run").read_text()
    assert "pip install --quiet -e '.[test]'" in ci and "-m pytest -q" in ci
    assert "exit 1" in ci  # pytest's exit code 5 (no tests) must not pass
