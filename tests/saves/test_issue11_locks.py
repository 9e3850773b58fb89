"""One running game per save (issue 11).

Issue 11, case "Two instances overwrite each other, silently (data loss). `tiletum --continue` in
two terminals writes the same autosave; neither screen warned. A dropped SSH session leaving the
old process running is the likely way to hit this."
Deliver: "a second instance opening a game that is already open is told so and may open it
read-only or as a copy, never writing over the other; a lock left by a killed process is
recognised as stale." Tests: "a test that a killed-instance lock is taken over while a live one is
respected."
"""

from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
import textwrap

import pytest

from tiletum_tui.core.errors import Refused
from tiletum_tui.shell.saves import lock as instance_lock
from tiletum_tui.shell.saves.lock import GameInUseError
from tiletum_tui.shell.session import EVERY_SEAT, ReadOnlyGameError, Session

# The other Tiletum: continues the last unfinished game of the folder (as `tiletum --continue`
# does), says so, and keeps it open until it is killed or its standard input closes.
OTHER = textwrap.dedent("""
    import sys
    from tiletum_tui.shell.session import Session
    session = Session.load(Session.latest_unfinished(sys.argv[1]))
    print("playing", flush=True)
    sys.stdin.read()
""")


def _start_other(folder):
    child = subprocess.Popen([sys.executable, "-c", OTHER, str(folder)], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    line = child.stdout.readline()
    assert line == b"playing\n", child.stderr.read().decode()
    return child


def _stop(child, sig=None) -> None:
    if sig is not None:
        child.send_signal(sig)
    child.stdin.close()
    child.wait()
    child.stdout.close()
    child.stderr.close()


@pytest.fixture
def a_game(games, tmp_path):
    """An unfinished game autosaved in tmp_path after 10 actions (its own lock released)."""
    session = Session.new(games.settings(2, 1), save_dir=tmp_path)
    games.play(session, games.random_game(2, 1)[:10])
    session.close()
    return session.autosave_path


def test_a_live_lock_is_respected_and_a_killed_ones_is_taken_over(games, a_game, tmp_path):
    """The two-terminal case: the second `--continue` is told, with the other process named; once
    that process is killed (SIGKILL: no chance to tidy up) its lock is stale and taken over."""
    other = _start_other(tmp_path)
    try:
        before = a_game.read_bytes()
        with pytest.raises(GameInUseError) as caught:
            Session.load(Session.latest_unfinished(tmp_path))
        message = str(caught.value)
        assert message.startswith(f"{a_game}: this game is open in another Tiletum (process {other.pid} ")
        assert "it can be opened read-only or as a copy" in message
        assert caught.value.holder.pid == other.pid and caught.value.holder.alive()
        assert a_game.read_bytes() == before  # nothing written over the other
    finally:
        _stop(other, signal.SIGKILL)
    assert other.returncode == -signal.SIGKILL
    lock_file = instance_lock.lock_path(tmp_path, Session.load(a_game, autosave=False).game_id)
    assert lock_file.exists()  # the killed process could not remove it: it is stale, not gone
    taken = Session.load(a_game)
    assert f'"pid": {os.getpid()}' in lock_file.read_text()
    taken.apply(games.random_game(2, 1)[10], by=EVERY_SEAT)
    assert taken.autosave_path == a_game and taken.autosave_error is None
    assert len(Session.load(a_game, autosave=False).log) == 11
    taken.close()
    assert not lock_file.exists()  # a clean close leaves nothing behind


def test_the_second_instance_may_look_read_only_or_play_a_copy(games, a_game, tmp_path):
    other = _start_other(tmp_path)
    try:
        before = a_game.read_bytes()
        texts = games.random_game(2, 1)
        look = Session.load(a_game, open_as="read-only")
        assert len(look.log) == 10 and look.read_only
        with pytest.raises(ReadOnlyGameError, match="open it as a copy to play on"):
            look.apply(texts[10], by=EVERY_SEAT)
        assert isinstance(ReadOnlyGameError("x"), Refused)  # the screens show it as a refused action
        assert "read-only" in look.can_undo(by=EVERY_SEAT) and "read-only" in look.can_redo(by=EVERY_SEAT)
        with pytest.raises(ReadOnlyGameError):
            look.save("mine")
        assert look.unsaved_changes() is None  # nothing to lose: quitting does not ask

        copy = Session.load(a_game, open_as="copy")
        assert copy.game_id != look.game_id and copy.autosave_path not in (None, a_game)
        assert copy.autosave_path.exists()  # the copy is a file of its own from the start
        copy.apply(texts[10], by=EVERY_SEAT)
        copy.flush()  # the autosave is written on its own thread
        assert len(Session.load(copy.autosave_path, autosave=False).log) == 11
        copy.close()
        assert a_game.read_bytes() == before  # the other Tiletum's game is untouched
        assert sorted(p.name for p in tmp_path.glob("*.json")) == sorted([a_game.name, copy.autosave_path.name])
    finally:
        _stop(other)


def test_a_second_session_in_the_same_process_takes_over_and_the_first_stops_writing(games, a_game):
    texts = games.random_game(2, 1)
    first = Session.load(a_game)
    second = Session.load(a_game)
    first.apply(texts[10], by=EVERY_SEAT)
    assert first.autosave_error and "that window saves it now" in first.autosave_error
    assert len(Session.load(a_game, autosave=False).log) == 10  # the first did not write
    second.apply(texts[10], by=EVERY_SEAT)
    assert second.autosave_error is None and len(Session.load(a_game, autosave=False).log) == 11
    second.close()


def test_a_new_game_holds_its_lock_at_once(games, tmp_path):
    """A new game is locked before anyone could --continue it from another terminal."""
    session = Session.new(games.settings(2, 1), save_dir=tmp_path)
    child = subprocess.run([sys.executable, "-c", "import sys; from tiletum_tui.shell.session import Session\n"
                            "try:\n    Session.load(sys.argv[1])\nexcept Exception as e:\n    print(type(e).__name__, e)",
                            str(session.autosave_path)], capture_output=True, text=True)
    assert child.stdout.startswith("GameInUseError ") and f"process {os.getpid()} " in child.stdout
    session.close()


def test_without_flock_the_process_id_decides(games, a_game, tmp_path, monkeypatch):
    """Some network file systems refuse flock: then a holder on this host that no longer runs is
    stale, and one that runs is respected."""
    if instance_lock.fcntl is None:
        pytest.skip("no flock on this system: the fallback is the only path anyway")

    def refused(fd, how):
        raise OSError(errno.ENOLCK, "No locks available")

    monkeypatch.setattr(instance_lock.fcntl, "flock", refused)
    game_id = Session.load(a_game, autosave=False).game_id
    lock_file = instance_lock.lock_path(tmp_path, game_id)
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    lock_file.write_text(f'{{"pid": {int(dead.stdout)}, "host": "", "since": "2026-01-01T10:00:00"}}')
    taken = Session.load(a_game)
    assert f'"pid": {os.getpid()}' in lock_file.read_text()
    taken.close()
    lock_file.write_text(f'{{"pid": {os.getppid()}, "host": "", "since": "2026-01-01T10:00:00"}}')  # alive
    with pytest.raises(GameInUseError, match=f"process {os.getppid()} on this computer, since 2026-01-01 10:00"):
        Session.load(a_game)


def test_a_folder_where_no_lock_can_be_made_still_plays(games, tmp_path, monkeypatch):
    """A read-only folder: no lock, no autosave, and the game says so (see the autosave tests)."""
    real_open = os.open

    def read_only(path, flags, *args):
        if str(path).endswith(".lock") and flags & os.O_CREAT:
            raise OSError(errno.EROFS, "Read-only file system")
        return real_open(path, flags, *args)

    monkeypatch.setattr(os, "open", read_only)
    session = Session.new(games.settings(2, 1), save_dir=tmp_path)
    assert session._lock is None
    session.apply(games.random_game(2, 1)[0], by=EVERY_SEAT)
    assert len(session.log) == 1


def test_a_save_never_goes_over_a_game_another_tiletum_plays(games, a_game, tmp_path, capsys):
    """`tiletum play --load X --save X` (or Ctrl+S onto that path) while another Tiletum plays X."""
    from tiletum_tui.shell import cli

    other = _start_other(tmp_path)
    try:
        before = a_game.read_bytes()
        code = cli.main(["play", "--load", str(a_game), "--random", "1", "--quiet", "--save", str(a_game)])
        err = capsys.readouterr().err
        assert code == 2 and f"its game is open in another Tiletum (process {other.pid} " in err
        assert a_game.read_bytes() == before
    finally:
        _stop(other)
    assert cli.main(["play", "--load", str(a_game), "--random", "1", "--quiet", "--save", str(a_game)]) == 0
    assert Session.load(a_game, autosave=False).finished  # the same game, played on: replaced


def test_the_first_game_in_a_new_data_folder_is_locked_too(games, tmp_path, monkeypatch):
    """On a first run the user data folder does not exist yet: it is made before the lock is taken."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "fresh"))
    monkeypatch.chdir(tmp_path)
    session = Session.new(games.settings(2, 1))
    assert session._lock is not None and session._lock.held
    assert instance_lock.held_elsewhere(session.save_dir, session.game_id) is None  # it is ours
    session.close()
