"""The command line and start-up (issue 24, 17 and 18).

17: "A key bound to Ctrl+C or Enter is accepted without a warning; ... SIGINT exits 0 instead of the
documented 130; a closed or full standard output exits 0 or with a message that does not say it was
the output."
18: "Start-up, exec to the title screen's first paint on an 80x24 pty ... import only what the title
screen needs; build the rest on first use. Memory with an opponent: ... a 13.1 MB resource tracker."
Speed itself is measured in ``tiletum bench``, never asserted here.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys

import pytest

from tiletum_tui.shell.bench.startup import TITLE_TEXT, start_on_pty, stop, wait_for_text
from tiletum_tui.games.tiletum.ui import keymap

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_sigint_ends_the_screens_with_130(tmp_path):
    process, master = start_on_pty([sys.executable, "-m", "tiletum_tui", "--save-dir", str(tmp_path)])
    try:
        assert wait_for_text(master, TITLE_TEXT), "the title screen never appeared"
        process.send_signal(signal.SIGINT)
        process.wait(timeout=20)
    finally:
        code = stop(process, master, signal.SIGKILL)
    assert code == 130


@pytest.mark.parametrize("redirect", [">/dev/full", ">&-"])
def test_an_output_that_cannot_be_written_is_named_as_the_output(tmp_path, redirect):
    """`tiletum saves >/dev/full` (a full disk) and `>&-` (closed): a message saying so, exit 74."""
    command = f"{sys.executable} -m tiletum_tui saves --save-dir {tmp_path} {redirect}"
    done = subprocess.run(["bash", "-c", command], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 74 and "the standard output could not be written" in done.stderr


def test_enter_and_ctrl_c_in_a_keys_file_are_left_out_with_a_warning(tmp_path):
    path = tmp_path / "keys.json"
    path.write_text(json.dumps({"tiletum.tasks": "enter", "tiletum.undo": "ctrl+c,z", "tiletum.redo": "y"}))
    keys, problem = keymap.load_user_keys(path)
    assert "tiletum.tasks: enter is not used (Enter chooses the highlighted line)" in problem
    assert "tiletum.undo: ctrl+c is not used (Ctrl+C copies text)" in problem
    assert keys == {"tiletum.undo": "z", "tiletum.redo": "y"}  # the rest of the file is used


def test_the_title_is_painted_before_the_engine_is_imported(tmp_path):
    """The engine (and the game screen) are imported on first use, after the title's first paint;
    the Continue line is filled in then, from the replayed game."""
    script = f"""
import sys, asyncio
from tiletum_tui.shell.ui.app import TiletumApp
from tiletum_tui.shell.ui.title import TitleScreen
seen = {{}}
real = TitleScreen._look
def look(self):
    seen.setdefault("engine", "tiletum_tui.games.tiletum.engine" in sys.modules)
    real(self)
TitleScreen._look = look
async def main():
    app = TiletumApp(save_dir={str(tmp_path)!r})
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        print(seen["engine"], "tiletum_tui.games.tiletum.ui.screens.game" in sys.modules)
asyncio.run(main())
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": ROOT})
    assert done.stdout.split() == ["False", "False"], done.stderr


def test_the_opponents_worker_starts_no_resource_tracker():
    from tiletum_tui.shell.opponents.worker import OpponentProcess

    proc = OpponentProcess({1: ("beginner", "")})
    try:
        children = subprocess.run(["ps", "-ww", "-o", "args=", "--ppid", str(os.getpid())], capture_output=True,
                                  text=True).stdout
    finally:
        proc.close()
    assert "tiletum_tui.shell.opponents.worker" in children  # the worker, and nothing beside it
    assert "resource_tracker" not in children


async def test_the_title_is_drawn_before_the_saves_are_replayed(tmp_path, monkeypatch):
    """Item 18: the Continue line needs the engine and a replay of the saves, which the first paint
    must not wait for. While Textual starts it batches its updates, and a callback asked for "after
    the refresh" then ran before anything was drawn; the look now waits for the title's menu to be
    drawn."""
    from tiletum_tui.games.tiletum.engine import legal_actions
    from tiletum_tui.shell.session import EVERY_SEAT
    from tiletum_tui.shell.ui.app import TiletumApp
    from tiletum_tui.shell.ui.title import TitleScreen

    from ..title_helpers import continue_line
    from .conftest import make_session

    session = make_session(tmp_path, moves=0)  # an unfinished game to look for
    session.apply(legal_actions(session.state)[0], by=EVERY_SEAT)
    session.save("unfinished", folder=tmp_path)
    session.close()
    order: list[str] = []
    looked = TitleScreen._look
    monkeypatch.setattr(TitleScreen, "_look", lambda self: (order.append("look"), looked(self)))

    class Watched(TiletumApp):
        def _display(self, screen, renderable) -> None:  # what reaches the terminal (headless: nothing)
            if renderable is not None and not self._batch_count and isinstance(screen, TitleScreen):
                order.append("drawn")
            super()._display(screen, renderable)

    app = Watched(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        assert "Continue Tiletum: round 1" in await continue_line(app, pilot)
    assert order.index("drawn") < order.index("look")
