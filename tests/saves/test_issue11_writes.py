"""Writing a save never replaces anything that is not a save of this game (issue 11).

Issue 11, cases: "`tiletum play --save PATH` replaces whatever is at PATH: as root, `--save
/dev/full` replaced the device node with a JSON file; any ordinary file or symlink is replaced the
same way; missing folders are created silently; `--save ''` saves nothing and exits 0." "Two save
names can become one file: `x.json` and `~/x` both save as `x.json`, replacing an earlier save of
the same game." "Ctrl+S can only write into the same folder (a typed path is flattened into a
name there)."
Deliver: "not a device, not another file, not a symlink's target; folders are not created
silently; names that collide get their own file."
"""

from __future__ import annotations

import os
import stat
import threading

import pytest

from tiletum_tui.shell import cli
from tiletum_tui.shell.saves import store
from tiletum_tui.shell.saves.errors import SaveWriteError
from tiletum_tui.shell.session import Session

PLAY = ["play", "--players", "2", "--seed", "3", "--random", "1", "--quiet"]


def _play_save(target, capsys) -> tuple[int, str]:
    code = cli.main([*PLAY, "--save", str(target)])
    return code, capsys.readouterr().err


def test_save_onto_a_device_node_is_refused_and_the_node_stays(tmp_path, capsys):
    """Case `--save /dev/full` (as root): a device node of our own, never the real /dev/full."""
    if os.geteuid() != 0:
        pytest.skip("making a device node needs root")
    node = tmp_path / "full"
    os.mknod(node, stat.S_IFCHR | 0o600, os.makedev(1, 7))  # the numbers of /dev/full
    code, err = _play_save(node, capsys)
    assert code == 2 and f"{node}: it is a device, not a save file: it is not replaced" in err
    assert stat.S_ISCHR(os.lstat(node).st_mode)


def test_save_onto_a_pipe_a_folder_or_a_link_is_refused(tmp_path, capsys):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    code, err = _play_save(fifo, capsys)
    assert code == 2 and "it is a named pipe (FIFO), not a save file: it is not replaced" in err
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)

    folder = tmp_path / "folder.json"
    folder.mkdir()
    code, err = _play_save(folder, capsys)
    assert code == 2 and "it is a folder, not a save file" in err and folder.is_dir()

    target = tmp_path / "notes.txt"
    target.write_text("my notes")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    code, err = _play_save(link, capsys)
    assert code == 2 and "it is a symbolic link, not a save file: it is not replaced" in err
    assert link.is_symlink() and target.read_text() == "my notes"  # neither the link nor its target

    dangling = tmp_path / "dangling.json"
    dangling.symlink_to(tmp_path / "nowhere.json")
    code, err = _play_save(dangling, capsys)
    assert code == 2 and not (tmp_path / "nowhere.json").exists()


def test_save_onto_another_file_is_refused(tmp_path, capsys, games):
    notes = tmp_path / "notes.json"
    notes.write_text("not a save at all")
    code, err = _play_save(notes, capsys)
    assert code == 2 and "it already holds a file that is not a readable Tiletum save: it is not replaced" in err
    assert notes.read_text() == "not a save at all"
    other = tmp_path / "other.json"  # a save of another game (other players and seed)
    Session.new(games.settings(3, 9), save_dir=tmp_path, autosave=False).save_as(other)
    before = other.read_bytes()
    code, err = _play_save(other, capsys)
    assert code == 2 and "it already holds the save of another game: it is not replaced" in err
    assert other.read_bytes() == before


def test_the_same_game_may_be_saved_again(tmp_path, capsys):
    """Running the same `tiletum play ... --save out.json` twice is the same game: replaced."""
    out = tmp_path / "out.json"
    assert _play_save(out, capsys)[0] == 0
    assert _play_save(out, capsys)[0] == 0 and Session.load(out, autosave=False).finished


def test_missing_folders_are_not_created(tmp_path, capsys):
    code, err = _play_save(tmp_path / "no" / "such" / "out.json", capsys)
    assert code == 2 and "does not exist: saves never create folders" in err
    assert not (tmp_path / "no").exists()


def test_an_empty_save_path_is_an_error(capsys):
    with pytest.raises(SystemExit) as caught:
        cli.main([*PLAY, "--save", ""])
    assert caught.value.code == 2 and "--save needs a path, not ''" in capsys.readouterr().err


def test_x_json_and_home_x_are_two_files(games, tmp_path, monkeypatch):
    """Case "`x.json` and `~/x` both save as `x.json`": a typed path goes where it says, and two
    different names of one game are two files; the earlier save is not replaced."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    folder = tmp_path / "saves"
    folder.mkdir()
    session = Session.new(games.settings(2, 1), save_dir=folder, autosave=False)
    texts = games.random_game(2, 1)
    games.play(session, texts[:5])
    first = session.save_to("x.json")
    games.play(session, texts[5:8])
    second = session.save_to("~/x")
    assert first == folder / "x.json" and second == home / "x.json"
    third = session.save("x")  # the same folder, another name: its own file
    assert third == folder / "x-2.json"
    assert len(Session.load(first, autosave=False).log) == 5  # the earlier save is intact
    assert [len(Session.load(p, autosave=False).log) for p in (second, third)] == [8, 8]
    assert session.save("x.json") == first  # the same name again: that save, updated
    assert len(Session.load(first, autosave=False).log) == 8


def test_a_typed_path_saves_there_and_never_creates_a_folder(games, tmp_path):
    folder = tmp_path / "saves"
    folder.mkdir()
    usb = tmp_path / "usb"
    usb.mkdir()
    session = Session.new(games.settings(2, 1), save_dir=folder, autosave=False)
    into = session.save_to(f"{usb}/")  # a folder: a file of its own in it
    assert into.parent == usb and into.suffix == ".json"
    (folder / "old").mkdir()
    assert session.save_to("old/y") == folder / "old" / "y.json"  # relative to the save folder
    with pytest.raises(SaveWriteError, match="does not exist: saves never create folders"):
        session.save_to(f"{tmp_path}/missing/z.json")
    assert not (tmp_path / "missing").exists()


def test_a_file_that_appears_while_saving_is_not_replaced(tmp_path, monkeypatch):
    """A new save is linked into place: if something appeared there meanwhile, it stays."""
    path = tmp_path / "new.json"
    real_fsync = os.fsync

    def appear(fd):
        real_fsync(fd)
        if not path.exists():
            path.write_text("someone else's")

    monkeypatch.setattr(os, "fsync", appear)
    with pytest.raises(SaveWriteError, match="a file of that name appeared while the save was written"):
        store.write_atomic(path, b"mine")
    monkeypatch.undo()
    assert path.read_text() == "someone else's"
    assert sorted(os.listdir(tmp_path)) == ["new.json"]  # no temporary file left


def test_a_planted_link_at_the_temporary_name_is_not_followed(tmp_path):
    path = tmp_path / "a.json"
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    (tmp_path / f".a.json.{os.getpid()}-{threading.get_ident()}.tmp").symlink_to(victim)  # this thread's
    store.write_atomic(path, b"save")
    assert path.read_bytes() == b"save" and victim.read_text() == "keep me"


def test_only_the_user_data_folder_is_created(games, tmp_path, monkeypatch):
    """The default folder (platformdirs' user data folder) is ours to create; a folder the player
    named is not created."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)  # not the project folder
    session = Session.new(games.settings(2, 1))
    assert session.autosave_error is None and session.autosave_path.parent == tmp_path / "data" / "tiletum"
    session.close()
    named = Session.new(games.settings(2, 1), save_dir=tmp_path / "typo")
    assert "no such folder: saves never create folders" in named.autosave_error
    assert not (tmp_path / "typo").exists()
