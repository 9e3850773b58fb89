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


def test_save_dir_goes_before_or_after_the_command(tmp_path, capsys):
    """README: `--save-dir DIR` anywhere (issue 9: it was refused after the subcommand)."""
    from tiletum_tui.shell import cli

    for argv in (["--save-dir", str(tmp_path), "saves"], ["saves", "--save-dir", str(tmp_path)]):
        assert cli.main(argv) == 0
        assert str(tmp_path) in capsys.readouterr().out


def test_continue_says_which_game_it_opens_when_a_newer_one_is_finished(tmp_path, monkeypatch):
    """Issue 9: '--continue after a finished game silently opens an older named save'. It opens the
    last unfinished game, and says which, and that the newer one is finished."""
    from datetime import datetime, timezone

    from tiletum_tui.shell.session import saving as session_module  # (where a save's time is taken)
    from tiletum_tui.shell.cli import continue_note
    from tiletum_tui.shell.session import Session

    from .conftest import finished_session, make_session

    monkeypatch.setattr(session_module, "_now", lambda: datetime(2024, 3, 3, 10, tzinfo=timezone.utc))
    older = make_session(tmp_path, moves=5).save("Our Sunday game")
    monkeypatch.setattr(session_module, "_now", lambda: datetime(2024, 3, 9, 22, tzinfo=timezone.utc))
    newer = finished_session(tmp_path).save("Last night")
    assert Session.latest_unfinished(tmp_path) == older
    note = continue_note(tmp_path, Session.latest_unfinished_game(tmp_path))
    assert "Our Sunday game" in note and "Last night" in note and "finished" in note
    assert newer.exists()
