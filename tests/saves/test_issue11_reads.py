"""Reading is bounded and a save file is untrusted input (issue 11).

Issue 11, cases: "A deeply nested JSON file (depth 1,000, 2 KB) crashes `tiletum saves`, `tiletum
--continue` and the title screen with a RecursionError; loading it directly prints the error
without the file's name. One such file puts every game in the folder out of reach." "A FIFO named
`*.json` hangs `tiletum load` forever; a symlink to `/dev/zero` reads until memory runs out."
"An empty digest skips the check." "Continue trusts the file's own metadata: a future
`meta.saved` makes that game 'the last one'; `meta.finished: true` hides an unfinished game;
`meta.round` and `meta.players` are shown as written." "A file starting with a UTF-8 BOM is called
'not JSON'; an invalid UTF-8 byte gives no position."
Deliver: "only regular files, a size limit checked while reading, bounded nesting; every failure
is a message that names the file and the problem, with no traceback, no hang and bounded memory.
The digest is required for version 2 and later; Continue verifies what it trusts."
"""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import datetime, timezone

import msgspec
import pytest

from tiletum_tui.shell import cli
from tiletum_tui.shell.saves import listing, safe_read, store
from tiletum_tui.shell.saves.errors import CorruptSaveError, SaveFileError
from tiletum_tui.shell.session import Session

DEEP = b"[" * 1000 + b"]" * 1000  # the reported file: depth 1,000, 2 KB


@pytest.fixture
def good(games, tmp_path):
    """A folder holding one good unfinished game (10 actions); its path."""
    session = Session.new(games.settings(2, 1), save_dir=tmp_path)
    games.play(session, games.random_game(2, 1)[:10])
    session.close()
    return session.autosave_path


def _doc(path):
    return msgspec.json.decode(path.read_bytes())


def test_deep_nesting_is_a_message_naming_the_file(tmp_path):
    deep = tmp_path / "deep.json"
    deep.write_bytes(DEEP)
    with pytest.raises(CorruptSaveError) as caught:
        Session.load(deep)
    assert str(caught.value) == f"{deep}: not a Tiletum save: its JSON nests 1,000 levels deep (at most 32 are read)"
    brackets_in_strings = tmp_path / "strings.json"  # brackets inside strings are not nesting
    brackets_in_strings.write_bytes(b'{"version": 2, "x": "' + b"[" * 5000 + b'"}')
    with pytest.raises(SaveFileError) as caught:
        Session.load(brackets_in_strings)
    assert "nests" not in str(caught.value)


def test_one_deep_file_does_not_hide_the_other_games(good, tmp_path, capsys):
    """`tiletum saves`, `tiletum --continue` and the title's Continue still reach the good game."""
    (tmp_path / "deep.json").write_bytes(DEEP)
    (tmp_path / "deep-object.json").write_bytes(b'{"a":' * 1000 + b"1" + b"}" * 1000)
    infos = {i.path.name: i for i in listing.list_saves(tmp_path)}
    assert infos["deep.json"].problem.startswith("not a Tiletum save: its JSON nests 1,000 levels deep")
    assert Session.latest_unfinished(tmp_path) == good
    assert cli.main(["--save-dir", str(tmp_path), "saves"]) == 0
    out = capsys.readouterr().out
    assert "deep.json" in out and "in progress" in out


def test_a_pipe_named_json_does_not_hang_and_a_link_to_dev_zero_is_not_read(tmp_path):
    """Run in a child: if a regression made it hang, the guard timeout fails the test (it is no
    measure of speed)."""
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    zero = tmp_path / "zero.json"
    zero.symlink_to("/dev/zero")
    for path, kind in ((fifo, "a named pipe (FIFO)"), (zero, "a device")):
        result = subprocess.run([sys.executable, "-m", "tiletum_tui", "load", str(path)], capture_output=True,
                                text=True, timeout=120, stdin=subprocess.DEVNULL)
        assert result.returncode == 2
        assert result.stderr == f"tiletum: {path}: it is {kind}, not a save file\n"
    assert {i.path.name: i.problem for i in listing.list_saves(tmp_path)} == {
        "pipe.json": "it is a named pipe (FIFO), not a save file", "zero.json": "it is a device, not a save file"}


def test_the_size_limit_is_checked_while_reading(tmp_path, monkeypatch):
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (safe_read.MAX_SAVE_BYTES + 1))
    with pytest.raises(CorruptSaveError, match=r"too large to be a save file \(2,097,153 bytes; at most 2,097,152"):
        store.read_bytes(big)
    # a file that claims to be small (still growing, /proc, a lying file system): reading stops anyway
    real_fstat = os.fstat

    class Small:
        def __init__(self, st):
            self.st_mode, self.st_size = st.st_mode, 10

    monkeypatch.setattr(os, "fstat", lambda fd: Small(real_fstat(fd)))
    with pytest.raises(CorruptSaveError, match=r"more than 2,097,152 bytes, and still growing"):
        store.read_bytes(big)


def test_an_empty_digest_is_refused_from_version_2(good, tmp_path):
    doc = _doc(good)
    doc["digest"], doc["actions"] = "", doc["actions"][:-1]  # an action removed, the check switched off
    edited = tmp_path / "edited.json"
    edited.write_bytes(msgspec.json.encode(doc))
    with pytest.raises(CorruptSaveError, match="the digest is empty: a save of format 2 or later must carry"):
        Session.load(edited)


def test_a_byte_order_mark_is_fine_and_a_bad_byte_has_a_position(good, tmp_path):
    bom = tmp_path / "bom.json"
    bom.write_bytes(b"\xef\xbb\xbf" + good.read_bytes())
    assert len(Session.load(bom, autosave=False).log) == 10
    bad = tmp_path / "bad.json"
    data = good.read_bytes()
    at = data.index(b'"1: die ')
    bad.write_bytes(data[:at + 1] + b"\xff" + data[at + 2:])
    line = data.count(b"\n", 0, at) + 1
    column = at + 2 - (data.rfind(b"\n", 0, at) + 1)
    with pytest.raises(CorruptSaveError) as caught:
        Session.load(bad)
    assert f"(it is not UTF-8 text: byte 0xff at line {line}, column {column}, offset {at + 1:,})" in str(caught.value)
    assert str(caught.value).startswith(f"{bad}: the file is not JSON")


def _rewrite(path, change) -> None:
    doc = _doc(path)
    change(doc)
    stat = os.stat(path)
    path.write_bytes(msgspec.json.encode(doc))
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))  # as if it had come like this


def test_continue_is_not_fooled_by_a_date_in_the_future(games, good, tmp_path):
    shared = Session.new(games.settings(3, 2), save_dir=tmp_path)  # a game someone shared, older
    games.play(shared, games.random_game(3, 2)[:4])
    shared.close()
    os.utime(shared.autosave_path, (1_000_000_000, 1_000_000_000))
    _rewrite(shared.autosave_path, lambda d: d["meta"].update(saved="2999-01-01T00:00:00Z"))
    assert Session.latest_unfinished(tmp_path) == good
    listed = {i.path: i for i in listing.list_saves(tmp_path)}
    assert listed[shared.autosave_path].saved <= datetime.now(timezone.utc)  # no later than the file system


def test_continue_is_not_fooled_by_finished_true(games, good, tmp_path):
    _rewrite(good, lambda d: d["meta"].update(finished=True, phase="over"))
    done = Session.new(games.settings(2, 2), save_dir=tmp_path)  # a newer game that really is over
    games.play(done, games.random_game(2, 2))
    done.close()
    assert listing.save_info(good).finished  # what the file claims
    assert Session.latest_unfinished(tmp_path) == good  # what its replay shows


def test_the_title_shows_the_replayed_round_players_and_scores(games, good, tmp_path):
    _rewrite(good, lambda d: d["meta"].update(round=4, players=["Mallory", "Eve"], scores=[99, 98]))
    found = Session.latest_unfinished_game(tmp_path)
    replayed = Session.load(good, autosave=False).state
    assert found.summary() == f"round {replayed.round}, " + " / ".join(
        f"{p.name} {p.vp}" for p in replayed.players)
    assert "Mallory" not in found.summary() and "99" not in found.summary()
    assert listing.save_info(good).players == ("Agnes", "Bertram")  # the listing: the game's own names


def test_a_replay_that_does_not_verify_is_not_offered(good, tmp_path):
    _rewrite(good, lambda d: d.update(digest="0" * 16))
    assert Session.latest_unfinished(tmp_path) is None


def test_a_crafted_save_with_an_escape_in_a_name_is_refused(good, tmp_path):
    def poison(doc):
        doc["settings"]["players"][0]["name"] = "\x1b[2J\x1b]0;pwned\x07Agnes"

    _rewrite(good, poison)
    with pytest.raises(CorruptSaveError) as caught:
        Session.load(good)
    message = str(caught.value)
    assert "player 1: the name '\\x1b[2J\\x1b]0;pwned\\x07Agnes' holds a control character" in message
    assert "\x1b" not in message and "\x07" not in message


def test_the_game_of_an_old_version_still_loads_without_a_digest(games):
    """Version 1 stored no digest: it is replayed, not checked (the requirement starts at 2)."""
    assert Session.load(games.fixtures / "v1-game.json", autosave=False).log
