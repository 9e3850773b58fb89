"""The save folder, names, atomic writes, listing and deleting (issue 4).

Issue 4, "Save files": "Saved to savegames/ by default when run from the project folder, or to a
folder given with `--save-dir`; otherwise to the user's data folder. Save names are sanitised: no
path can escape the save folder."
Issue 4, "Never lose a game": "A full disk or an unwritable folder is reported on screen without
stopping the game." "On start, offer to continue the last unfinished game."
Issue 4, "Screens and commands": "a load screen listing saves with players, round, scores and date,
newest first, with delete"; "`tiletum saves` (a rich table of saves)".
"""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tiletum_tui.shell.saves import listing, store
from tiletum_tui.shell.saves.errors import SaveFileError, SaveWriteError
from tiletum_tui.shell.session import EVERY_SEAT, Session


# ---------------------------------------------------------------- the save folder
def _project(folder: Path, name="tiletum-tui", savegames=True) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "pyproject.toml").write_text(f'[project]\nname = "{name}"\nversion = "0.1.0"\n')
    if savegames:
        (folder / "savegames").mkdir()
    return folder


def test_save_dir_from_the_command_line_wins(tmp_path):
    project = _project(tmp_path / "p")
    assert store.resolve_save_dir(tmp_path / "mine", cwd=project) == tmp_path / "mine"
    assert store.resolve_save_dir("~/x", cwd=project) == Path.home() / "x"


def test_save_dir_is_savegames_in_the_project_folder(tmp_path):
    project = _project(tmp_path / "p")
    assert store.resolve_save_dir(None, cwd=project) == project / "savegames"


@pytest.mark.parametrize(("name", "savegames"), [("something-else", True), ("tiletum-tui", False)])
def test_save_dir_is_the_user_data_folder_elsewhere(tmp_path, monkeypatch, name, savegames):
    """Issue 11: the user's data folder comes from platformdirs (here the XDG rules of Linux)."""
    project = _project(tmp_path / "p", name=name, savegames=savegames)
    data = tmp_path / "data"
    monkeypatch.setenv("XDG_DATA_HOME", str(data))
    assert store.resolve_save_dir(None, cwd=project) == data / "tiletum"
    monkeypatch.delenv("XDG_DATA_HOME")
    assert store.resolve_save_dir(None, cwd=tmp_path) == Path.home() / ".local/share/tiletum"
    # a relative XDG_DATA_HOME is invalid by the XDG spec and ignored
    monkeypatch.setenv("XDG_DATA_HOME", "rel")
    assert store.resolve_save_dir(None, cwd=tmp_path) == Path.home() / ".local/share/tiletum"


def test_broken_pyproject_is_not_a_project(tmp_path):
    folder = tmp_path / "p"
    (folder / "savegames").mkdir(parents=True)
    (folder / "pyproject.toml").write_text("[project\nname=")
    assert not store.is_project_folder(folder)


# ---------------------------------------------------------------- names
@pytest.mark.parametrize(("typed", "stem"), [
    ("Friday night", "Friday night"),
    ("Ann vs Bob, turn 15, placing a tile", "Ann vs Bob, turn 15, placing a tile"),  # the name Ctrl+S offers
    (", x,", "x"),
    ("../../etc/passwd", "etc-passwd"),
    ("/absolute/path", "absolute-path"),
    ("..", "save"),
    ("", "save"),
    ("   ", "save"),
    (".hidden", "hidden"),
    ("a\\b:c*d?e", "a-b-c-d-e"),
    ("Zoë's game", "Zoë-s game"),
    ("CON", "save CON"),
    ("autosave-x", "saved autosave-x"),
    ("game.json", "game"),
    ("x" * 200, "x" * 60),
    ("tab\tand\nnewline", "tab and newline"),
])
def test_save_names_are_sanitised(tmp_path, typed, stem):
    path = store.save_path(tmp_path, typed)
    assert path == tmp_path / f"{stem}.json"


@settings(max_examples=200, deadline=None)
@given(st.text())
def test_no_name_escapes_the_save_folder(name):
    folder = Path("/tmp/saves-folder")
    path = store.save_path(folder, name)
    assert path.parent == folder
    assert path.resolve().parent == folder.resolve()
    assert not path.name.startswith(".") and path.name.endswith(".json")
    assert not store.is_autosave(path)
    assert "/" not in path.stem and "\x00" not in path.stem and len(path.stem) <= 66


# ---------------------------------------------------------------- atomic writes and failures
def test_atomic_write_replaces_and_leaves_no_temporary_file(tmp_path):
    path = tmp_path / "a.json"
    store.write_atomic(path, b"one")
    store.write_atomic(path, b"two")
    assert path.read_bytes() == b"two"
    assert os.listdir(tmp_path) == ["a.json"]


def test_full_disk_keeps_the_old_file(tmp_path, monkeypatch):
    path = tmp_path / "a.json"
    store.write_atomic(path, b"old")

    def full(fd, data):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "write", full)
    with pytest.raises(SaveWriteError, match=r"a\.json: the save could not be written: the disk is full"):
        store.write_atomic(path, b"new")
    monkeypatch.undo()
    assert path.read_bytes() == b"old"
    assert os.listdir(tmp_path) == ["a.json"]


def test_autosave_failure_is_reported_and_the_game_goes_on(games, tmp_path, monkeypatch):
    session = Session.new(games.settings(2, 1), save_dir=tmp_path)
    texts = games.random_game(2, 1)
    session.apply(texts[0], by=EVERY_SEAT)
    session.flush()
    good = session.autosave_path.read_bytes()

    def full(fd, data):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "write", full)
    entry = session.apply(texts[1], by=EVERY_SEAT)  # the game goes on
    assert entry.notation == texts[1] and len(session.log) == 2
    assert session.autosave_error is not None
    assert "the disk is full" in session.autosave_error and str(session.autosave_path) in session.autosave_error
    assert session.autosave_path.read_bytes() == good  # the last good autosave is intact
    monkeypatch.undo()
    session.apply(texts[2], by=EVERY_SEAT)
    assert session.autosave_error is None
    assert Session.load(session.autosave_path, autosave=False).notation_log == list(texts[:3])


def test_unwritable_save_folder_is_reported(games, tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the save folder should be")
    session = Session.new(games.settings(2, 1), save_dir=blocker / "saves")
    assert session.autosave_error is not None and "no such folder" in session.autosave_error
    session.apply(games.random_game(2, 1)[0], by=EVERY_SEAT)  # still playable
    assert len(session.log) == 1
    with pytest.raises(SaveWriteError):
        session.save("anyway")


def test_stale_temporary_files_of_dead_processes_are_removed(tmp_path):
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    stale = tmp_path / f".autosave-x.json.{int(dead.stdout)}-1.tmp"
    stale.write_bytes(b"{half")
    mine = tmp_path / f".autosave-y.json.{os.getpid()}-1.tmp"
    mine.write_bytes(b"{half")
    other = tmp_path / ".notes.txt"
    other.write_text("not ours")
    assert store.remove_stale_temps(tmp_path) == 1
    assert sorted(os.listdir(tmp_path)) == sorted([mine.name, other.name])


# ---------------------------------------------------------------- named saves
def test_named_save_overwrites_only_its_own_game(games, tmp_path):
    one = Session.new(games.settings(2, 1), save_dir=tmp_path, autosave=False)
    two = Session.new(games.settings(2, 2), save_dir=tmp_path, autosave=False)
    first = one.save("Friday")
    one.apply(games.random_game(2, 1)[0], by=EVERY_SEAT)
    assert one.save("Friday") == first  # the same game: updated in place
    assert len(Session.load(first, autosave=False).log) == 1
    assert two.save("Friday") == tmp_path / "Friday-2.json"  # another game: never overwritten
    broken = tmp_path / "broken.json"
    broken.write_bytes(b"{not json")
    assert one.save("broken") == tmp_path / "broken-2.json"
    assert broken.read_bytes() == b"{not json"


def test_loading_a_named_save_autosaves_beside_it_without_touching_it(games, tmp_path):
    texts = games.random_game(2, 1)
    session = Session.new(games.settings(2, 1), save_dir=tmp_path)
    games.play(session, texts[:10])
    named = session.save("ten")
    games.play(session, texts[10:20])  # the autosave has moved on to 20 actions
    named_bytes = named.read_bytes()
    loaded = Session.load(named)
    loaded.apply(texts[10], by=EVERY_SEAT)
    loaded.flush()
    assert named.read_bytes() == named_bytes
    # the game's own autosave (20 actions, not a prefix-continuation of ours) is kept too
    assert loaded.autosave_path not in (named, session.autosave_path)
    assert len(Session.load(session.autosave_path, autosave=False).log) == 20
    assert len(Session.load(loaded.autosave_path, autosave=False).log) == 11


def test_loading_an_autosave_continues_in_the_same_file(games, tmp_path):
    texts = games.random_game(2, 1)
    session = Session.new(games.settings(2, 1), save_dir=tmp_path)
    games.play(session, texts[:10])
    loaded = Session.load(Session.latest_unfinished(tmp_path))
    loaded.apply(texts[10], by=EVERY_SEAT)
    loaded.flush()
    assert loaded.autosave_path == session.autosave_path
    # (besides the game's instance lock, issue 11)
    assert [p.name for p in tmp_path.iterdir() if p.suffix != ".lock"] == [session.autosave_path.name]


# ---------------------------------------------------------------- listing, continue, delete
def test_list_saves_newest_first_with_players_round_scores_and_dates(games, tmp_path):
    texts = games.random_game(3, 3)
    session = Session.new(games.settings(3, 3), save_dir=tmp_path)
    games.play(session, texts[:30])
    old = session.to_save_file(name="old")
    old.meta.saved -= timedelta(days=1)
    store.write_save(tmp_path / "old.json", old)
    (tmp_path / "junk.json").write_bytes(b"")
    os.utime(tmp_path / "junk.json", (0, 0))
    (tmp_path / ".hidden.json").write_bytes(b"")
    (tmp_path / "notes.txt").write_text("not a save")
    infos = listing.list_saves(tmp_path)
    assert [i.path.name for i in infos] == [session.autosave_path.name, "old.json", "junk.json"]
    auto, named, junk = infos
    assert auto.autosave and auto.players == ("Agnes", "Bertram", "Clothilde") and auto.actions == 30
    assert auto.round == session.state.round and auto.scores == tuple(p.vp for p in session.state.players)
    assert named.name == "old" and not named.autosave and named.saved < auto.saved
    assert junk.problem == "the file is empty"
    assert Session.latest_unfinished(tmp_path) == session.autosave_path
    assert listing.list_saves(tmp_path / "missing") == []
    assert Session.latest_unfinished(tmp_path / "missing") is None


def test_saves_table_rows_are_plain_strings(games, tmp_path):
    session = Session.new(games.settings(2, 1), save_dir=tmp_path)
    games.play(session, games.random_game(2, 1)[:5])
    session.save("Friday")
    (tmp_path / "junk.json").write_bytes(b'{"version": 2, "meta": {"na')
    columns, rows = listing.saves_table(Session.checked_saves(tmp_path))
    assert columns == ("Name", "Game", "Players", "Scores", "Saved", "Status")
    assert all(isinstance(cell, str) for row in rows for cell in row) and len(rows) == 3
    by_name = {row[0]: row for row in rows}
    assert by_name["Friday"][1:4] == ("Tiletum, round 1", "Agnes, Bertram",
                                      " / ".join(str(p.vp) for p in session.state.players))
    assert by_name["Friday"][5] == "in progress"
    assert by_name["junk.json"][5].startswith("unreadable: the file is cut short")
    assert any(row[0].startswith("autosave of the game begun ") for row in rows)


def test_delete(games, tmp_path):
    session = Session.new(games.settings(2, 1), save_dir=tmp_path, autosave=False)
    path = session.save("doomed")
    listing.delete(path)
    assert not path.exists()
    with pytest.raises(SaveFileError, match="no such file"):
        listing.delete(path)
    (tmp_path / "keep.txt").write_text("x")
    with pytest.raises(SaveFileError, match="not a save file: refusing to delete it"):
        listing.delete(tmp_path / "keep.txt")
    assert (tmp_path / "keep.txt").exists()


# ---------------------------------------------------------------- the import wall
def test_saves_and_session_import_no_textual_or_rich():
    """Issue 4 brief: the save package and the session are headless (no textual, no rich)."""
    code = ("import sys, tiletum_tui.shell.session, tiletum_tui.shell.saves.store, tiletum_tui.games.tiletum.old_saves.migrate, "
            "tiletum_tui.shell.saves.writer, tiletum_tui.shell.bench.saves; bad = sorted(m for m in sys.modules if m.split('.')[0] in "
            "('textual', 'rich') or m.startswith('tiletum_tui.games.tiletum.ui')); print(bad); sys.exit(bool(bad))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
