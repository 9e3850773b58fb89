"""The tutorial's progress file (issue 24, 16): "a byte order mark makes it 'not tutorial progress'
and it is overwritten at the first move (saves accept one); two windows writing it: the last wins
without a word"."""

from __future__ import annotations

import json

import pytest

from tiletum_tui.games.tiletum.learn import tutorial as T
from tiletum_tui.shell.ui.app import TiletumApp
from tiletum_tui.games.tiletum.ui.learn.progress import (PROGRESS_VERSION, ProgressChanged, load_progress, save_progress,
                                           snapshot)
from tiletum_tui.games.tiletum.ui.learn.tutorial_screen import TutorialScreen


def test_a_byte_order_mark_is_read_past_as_in_a_save(tmp_path):
    path = tmp_path / "tutorial.json"
    text = json.dumps({"version": PROGRESS_VERSION, "step": 2, "scripted": 0, "moves": []})
    path.write_bytes(b"\xef\xbb\xbf" + text.encode())
    progress, problem = load_progress(path)
    assert problem is None and progress.step == 2


def test_a_window_never_writes_over_progress_another_window_wrote(tmp_path):
    path = tmp_path / "tutorial.json"
    mine = save_progress(path, T.Tutorial(1), [], snapshot(path))  # this window's first write
    assert save_progress(path, T.Tutorial(2), [], mine)  # its own file: written again
    other = json.dumps({"version": PROGRESS_VERSION, "step": 9, "scripted": 0, "moves": []})
    path.write_text(other)  # another window moved on
    with pytest.raises(ProgressChanged, match="another Tiletum window moved on"):
        save_progress(path, T.Tutorial(3), [], mine)
    assert path.read_text() == other


async def test_the_tutorial_says_its_moves_are_not_saved_over_another_windows(tmp_path, monkeypatch):
    monkeypatch.setattr(TutorialScreen, "OPPONENT_DELAY", 0)
    path = tmp_path / "tutorial.json"
    app = TiletumApp(save_dir=tmp_path)
    said = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        await pilot.press("enter")  # no progress yet: chapter 1
        await pilot.pause()
        tut = app.screen
        assert isinstance(tut, TutorialScreen)
        monkeypatch.setattr(tut, "notify", lambda message, **kw: said.append(message))
        await pilot.press("space")  # continue: this window writes its progress
        await pilot.pause()
        assert load_progress(path)[0].step == tut.tutorial.index
        other = json.dumps({"version": PROGRESS_VERSION, "step": 9, "scripted": 0, "moves": []})
        path.write_text(other)  # another window, further on
        await pilot.press("space")
        await pilot.pause()
        assert path.read_text() == other
        assert any("another Tiletum window moved on" in m for m in said)
