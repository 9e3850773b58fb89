"""Saves and the command line (issue 24, items 13-15 and 17).

Issue 24, 13: "`tiletum --save-dir D load D/g.json` and, at once, `tiletum --save-dir D2 load
D/g.json` both played the game without a warning ... after a full-disk rescue to another folder,
`--continue` in the first folder opened the stale copy. One game id is played by one process on
this machine, whatever the folders."
14: "A typed path replaces an earlier save of the same game ... Asking before replacing is fine;
replacing silently is not."
15: "`tiletum saves` and the Open dialog show what a file claims (round 2^70, scores, finished)
without checking; show what replaying it gives, or mark it unchecked."
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

from tiletum_tui.shell import cli, last_game
from tiletum_tui.shell.saves import listing, store
from tiletum_tui.shell.saves.errors import SaveWriteError
from tiletum_tui.shell.saves.lock import GameInUseError
from tiletum_tui.shell.session import Session

# Another Tiletum: `tiletum --save-dir FOLDER load FILE`, kept open until its standard input closes.
OTHER = textwrap.dedent("""
    import sys
    from tiletum_tui.shell.session import Session
    session = Session.load(sys.argv[1], save_dir=sys.argv[2])
    print("playing", flush=True)
    sys.stdin.read()
""")


@pytest.fixture
def a_game(games, tmp_path):
    """An unfinished game autosaved in tmp_path/D after 10 actions (its lock released)."""
    folder = tmp_path / "D"
    folder.mkdir()
    session = Session.new(games.settings(2, 1), save_dir=folder)
    games.play(session, games.random_game(2, 1)[:10])
    session.close()
    return session.autosave_path


def test_one_game_is_played_by_one_process_whatever_the_save_folders(games, a_game, tmp_path):
    """13: the second Tiletum, with another --save-dir, is told the game is open elsewhere."""
    other_folder = tmp_path / "D2"
    other_folder.mkdir()
    child = subprocess.Popen([sys.executable, "-c", OTHER, str(a_game), str(a_game.parent)],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        assert child.stdout.readline() == b"playing\n", child.stderr.read().decode()
        with pytest.raises(GameInUseError, match=f"open in another Tiletum \\(process {child.pid} "):
            Session.load(a_game, save_dir=other_folder)
        assert list(other_folder.iterdir()) == []  # no second, diverging autosave
    finally:
        child.stdin.close()
        child.wait()
        child.stdout.close()
        child.stderr.close()
    session = Session.load(a_game, save_dir=other_folder)  # once the other has ended, it may
    session.close()


def test_continue_after_a_rescue_to_another_folder_opens_the_game_where_it_went(games, tmp_path, monkeypatch):
    """13: the disk of D fills up, Ctrl+S saves into D2 and the autosave follows; --continue in D
    then opens the game's newest autosave in D2 (and says so), not D's stale copy."""
    full, spare = tmp_path / "D", tmp_path / "D2"
    full.mkdir()
    spare.mkdir()
    disk_full = False
    real = store.write_atomic

    def write(path, data):
        if disk_full and path.parent == full:
            raise SaveWriteError(path, "the save could not be written: the disk is full")
        real(path, data)

    monkeypatch.setattr(store, "write_atomic", write)
    texts = games.random_game(2, 1)
    session = Session.new(games.settings(2, 1), save_dir=full)
    games.play(session, texts[:5])
    stale = session.autosave_path
    disk_full = True
    games.play(session, texts[5:8])
    assert session.autosave_error
    session.save_to(f"{spare}/rescued")
    assert session.save_dir == spare and session.autosave_error is None
    games.play(session, texts[8:10])
    session.close()
    assert len(Session.load(stale, autosave=False).log) == 5  # the copy left in D

    found = Session.latest_unfinished_game(full)
    assert found.path.parent == spare and found.actions == 10 and found.moved_from == stale
    note = cli.continue_note(full, found)
    assert str(found.path) in note and "moved there" in note and "older copy" in note
    resumed = Session.load(found.path, save_dir=full)  # as `tiletum --save-dir D --continue` opens it
    assert resumed.save_dir == spare and resumed.autosave_path == found.path  # it goes on there
    resumed.close()


def test_a_typed_path_never_replaces_an_earlier_save(games, tmp_path, monkeypatch):
    """14: `x.json`, then `./x`, then the folder's absolute path to x: three files, none replaced."""
    folder = tmp_path / "saves"
    folder.mkdir()
    monkeypatch.chdir(tmp_path)
    session = Session.new(games.settings(2, 1), save_dir=folder, autosave=False)
    texts = games.random_game(2, 1)
    games.play(session, texts[:3])
    first = session.save_to("x.json")
    games.play(session, texts[3:6])
    second = session.save_to("./x")
    games.play(session, texts[6:9])
    third = session.save_to(f"{folder}/x")
    assert (first, second, third) == (folder / "x.json", folder / "x-2.json", folder / "x-3.json")
    assert [len(Session.load(p, autosave=False).log) for p in (first, second, third)] == [3, 6, 9]
    into = session.save_to(f"{folder}/")  # a folder: a new file each time
    assert session.save_to(f"{folder}/") != into and into.exists()

    from tiletum_tui.shell.ui.save import where_it_goes

    assert where_it_goes("./x", folder) == f"→ {folder / 'x-4.json'}   (x.json is taken)"  # said before


def _claiming(path, **claims) -> None:
    """Edit a save's metadata (its claims); its actions, seed and digest stay as they were."""
    data = json.loads(path.read_text())
    data["meta"].update(claims)
    path.write_text(json.dumps(data))


def test_the_listings_show_what_replaying_gives_not_what_a_file_claims(games, tmp_path, capsys):
    """15: round 2^70, made-up scores and `finished: true` in the file; the game is in round 1."""
    session = Session.new(games.settings(2, 1), save_dir=tmp_path, autosave=False)
    games.play(session, games.random_game(2, 1)[:6])
    path = session.save("boast")
    truth = session.game.summary(session.state)
    _claiming(path, round=2**70, scores=[999, 998], finished=True)

    (info,) = Session.checked_saves(tmp_path)
    assert info.checked and info.round == truth["round"] and not info.finished
    assert info.scores == tuple(truth["scores"])
    assert cli.main(["--save-dir", str(tmp_path), "saves"]) == 0
    out = capsys.readouterr().out
    assert str(2**70) not in out and "999" not in out and "in progress" in out

    (listed,) = last_game.checked_saves(tmp_path, Session.load, budget=0)  # no time to replay: no claim shown
    assert not listed.checked
    columns, rows = listing.saves_table([listed])
    assert rows[0][2:4] == ("", "") and rows[0][5] == listing.UNCHECKED


async def test_the_open_dialog_shows_the_replayed_game(games, tmp_path):
    from tiletum_tui.shell.ui.app import TiletumApp
    from tiletum_tui.shell.ui.load import LoadDialog
    from textual.widgets import OptionList

    session = Session.new(games.settings(2, 1), save_dir=tmp_path, autosave=False)
    games.play(session, games.random_game(2, 1)[:6])
    _claiming(session.save("boast"), round=2**70, scores=[999, 998], finished=True)
    app = TiletumApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(LoadDialog(tmp_path))
        await pilot.pause()
        line = str(app.screen.query_one(OptionList).get_option_at_index(0).prompt)
        assert line.startswith("boast · round 1 · ") and "999" not in line and "finished" not in line


def test_saves_of_a_missing_folder_is_an_error(tmp_path, capsys):
    """17: `tiletum saves --save-dir MISSPELT` said "No saves in …" with exit 0."""
    assert cli.main(["saves", "--save-dir", str(tmp_path / "misspelt")]) == 2
    assert "misspelt does not exist" in capsys.readouterr().err
