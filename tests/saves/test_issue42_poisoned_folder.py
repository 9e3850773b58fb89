"""Issue 42, item 2: "One shared save poisons its whole folder. A save whose move holds a number of more
than 4,300 digits (a seat, or a Carcassonne coordinate) makes `tiletum` crash with a traceback as it starts
in that folder (exit 1), and `saves`, `--continue`, `stats` and `export` fail there with 'unexpected
error' (rc 70)". What must become true: "one bad file is listed as unreadable with its reason and every
other game in the folder stays within reach, at the title, in Open, `saves`, `--continue`, `stats` and
`export`". Each poisoned file is left byte for byte as it was."""

from __future__ import annotations

import pytest

from tiletum_tui.shell import cli
from tiletum_tui.games.tiletum.engine import legal_actions
from tiletum_tui.shell.session import EVERY_SEAT, Session
from tiletum_tui.shell.ui.load import LoadDialog
from tiletum_tui.shell.ui.app import TiletumApp
from tiletum_tui.shell.ui.title import TitleScreen

from ..title_helpers import continue_line
from .conftest import Games

HUGE = "9" * 5000
# (the game, the move of its save to change, the move put in its place, words of the reason)
POISONS = {
    "tiletum-seat": ("t.json", 1, HUGE + ": move merchant STR", "a move is at most 200 characters"),
    "carcassonne-coordinate": ("c.json", 2, f"2: place L at {HUGE},0", "a move is at most 200 characters"),
    "carcassonne-100-digits": ("c.json", 2, "2: place L at " + "9" * 100 + ",0", "the column must be a number of at most 6 digits"),
    "tiletum-arabic-indic-seat": ("t.json", 1, "١: move merchant STR", "the seat must be written with the digits 0-9"),
}


def _folder(tmp_path, poison: str):
    """A folder of an unfinished Tiletum game (its autosave), two finished games (one of each game),
    and a copy of one of them with one move poisoned; the poisoned file's path and bytes."""
    import msgspec

    folder = tmp_path / "shared"
    folder.mkdir()
    for args in (["play", "--seed", "3", "--random", "1", "--save", str(folder / "t.json")],
                 ["play", "--game", "carcassonne", "--seed", "3", "--random", "1", "--save", str(folder / "c.json")]):
        assert cli.main([*args, "--quiet"]) == 0
    session = Session.new(Games.settings(2, 4), save_dir=folder)
    for _ in range(3):
        session.apply(legal_actions(session.state)[0], by=EVERY_SEAT)
    session.close()
    source, index, move, _ = POISONS[poison]
    doc = msgspec.json.decode((folder / source).read_bytes())
    doc["actions"][index] = move
    bad = folder / "shared-by-a-stranger.json"
    data = msgspec.json.encode(doc)
    bad.write_bytes(data)
    return folder, bad, data


@pytest.mark.parametrize("poison", sorted(POISONS))
def test_the_command_line_lists_the_bad_file_and_reaches_every_other_game(tmp_path, capsys, poison):
    folder, bad, data = _folder(tmp_path, poison)
    words = POISONS[poison][3]
    capsys.readouterr()
    # saves: the bad file is unreadable, with its reason; the three games are listed
    assert cli.main(["--save-dir", str(folder), "saves"]) == 0
    out = capsys.readouterr().out
    assert "unreadable" in out and out.count("finished") >= 2 and "round 1" in out
    checked = {c.path.name: c for c in Session.checked_saves(folder)}  # as `saves` and Open show them
    assert len(checked) == 4 and sum(c.problem is None for c in checked.values()) == 3
    assert words in checked[bad.name].problem
    # --continue: the unfinished game, said as such
    found = Session.latest_unfinished_game(folder)
    assert found is not None and found.path.name.startswith("autosave-")
    assert cli.continue_note(folder, found).startswith("Continuing")
    # stats: the two finished games counted, the bad one named
    assert cli.main(["stats", str(folder), "--no-charts"]) == 0
    out = capsys.readouterr().out
    assert "1 unreadable" in out and "Tiletum, 2 players" in out and "Carcassonne, 2 players" in out
    # export: the good games are exported; the bad one is bad input (2) with its reason
    assert cli.main(["export", str(folder / "c.json"), "--to", str(tmp_path / "c.record")]) == 0
    assert cli.main(["export", str(bad), "--to", str(tmp_path / "bad.record")]) == 2
    err = capsys.readouterr().err
    assert words in err and "unexpected error" not in err and not (tmp_path / "bad.record").exists()
    # play --load: bad input too, never "unexpected error"
    game = "carcassonne" if POISONS[poison][0] == "c.json" else "tiletum"
    assert cli.main(["play", "--game", game, "--load", str(bad), "--quiet"]) == 2
    assert "unexpected error" not in capsys.readouterr().err
    assert bad.read_bytes() == data


async def test_the_title_and_open_reach_every_other_game(tmp_path):
    """The title starts in the poisoned folder, offers Continue, and Open lists the file as unreadable."""
    folder, bad, data = _folder(tmp_path, "tiletum-seat")
    app = TiletumApp(save_dir=folder)
    async with app.run_test(size=(100, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert "Continue Tiletum: round 1" in await continue_line(app, pilot)
        await pilot.press("o")
        for _ in range(50):
            await pilot.pause(0.05)
            if isinstance(app.screen, LoadDialog) and app.screen.query("#saves"):
                break
        prompts = [str(o.prompt) for o in app.screen.query_one("#saves").options]
        assert any(p.startswith(f"{bad.name} — unreadable: ") for p in prompts), prompts
        assert sum("unreadable" not in p for p in prompts) >= 3, prompts
    assert bad.read_bytes() == data


def test_a_save_with_a_seed_longer_than_a_record_takes_is_refused(tmp_path, capsys):
    """The seed is a number read from a save too: at most 18 digits, as a record's Seed header takes it,
    so every save that loads can be exported and imported again (on main a 25-digit seed loaded, and its
    record was refused)."""
    import msgspec

    folder, _, _ = _folder(tmp_path, "tiletum-seat")
    doc = msgspec.json.decode((folder / "t.json").read_bytes())
    doc["seed"] = doc["settings"]["seed"] = 10**24
    path = folder / "long-seed.json"
    data = msgspec.json.encode(doc)
    path.write_bytes(data)
    capsys.readouterr()
    assert cli.main(["play", "--load", str(path), "--random", "1"]) == 2
    assert "$.seed" in capsys.readouterr().err
    assert path.read_bytes() == data
    # a seed of 18 digits is a game, and its record reads back
    Session.from_actions(Games.settings(2, 10**18 - 1), []).save_as(str(folder / "eighteen.json"))
    assert cli.main(["export", str(folder / "eighteen.json"), "--to", str(tmp_path / "e.record")]) == 0
    assert cli.main(["import", str(tmp_path / "e.record"), "--save-dir", str(folder)]) == 0
