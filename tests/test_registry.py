"""Issue 38, "One registry entry per game, in its own package": each game is found in its own folder
(``games/<name>/entry.py``) by a file that names no game; a game from elsewhere registers itself; the
command line lists each game's options under its name and refuses another game's."""

from __future__ import annotations

from pathlib import Path

import pytest

from tiletum_tui.core import games
from tiletum_tui.shell import cli

from .toy_game import TOY, registered

ROOT = Path(__file__).resolve().parents[1] / "tiletum_tui"


def test_each_game_is_found_in_its_own_package_and_the_registry_names_none():
    assert games.NAMES == ("tiletum", "carcassonne") and games.DEFAULT == "tiletum"
    for entry in games.entries():
        assert (ROOT / "games" / entry.name / "entry.py").is_file()
        assert games.game(entry.name).name == entry.name
    source = (ROOT / "core" / "games.py").read_text().lower()
    assert "tiletum_tui.games." not in source and "carcassonne" not in source


def test_the_toy_game_registers_itself_and_leaves_again():
    with registered():
        assert "toy" in games.NAMES and games.game("toy") is TOY
        with pytest.raises(ValueError, match="already registered"):
            games.register(games.entry("toy"))
    assert "toy" not in games.NAMES and games.game("toy") is None


def test_new_help_lists_each_games_options_under_its_name(capsys):
    with pytest.raises(SystemExit):
        cli.main(["new", "--help"])
    out = capsys.readouterr().out
    tiletum, carcassonne = out.index("Tiletum's options"), out.index("Carcassonne's options")
    assert tiletum < carcassonne  # (the registry's order)
    theirs, ours = out[tiletum:carcassonne], out[carcassonne:]
    assert "--silver" in theirs and "--a-sides" in theirs and "--river" not in theirs
    assert "--river" in ours and "--silver" not in ours


@pytest.mark.parametrize(("argv", "words"), [
    (["new", "--game", "carcassonne", "--silver"], "--silver is an option of Tiletum, not of Carcassonne"),
    (["new", "--river"], "--river is an option of Carcassonne, not of Tiletum (add --game carcassonne)"),
])
def test_an_option_of_another_game_is_refused_naming_its_game(argv, words, capsys):
    assert cli.main(argv) == 2
    assert words in capsys.readouterr().err
