"""One default rules version (issue 18, item 6: "Two default rules versions (``engine/state.py`` and
``engine/ruleset.py``), tied by no test"). docs/saves.md: a new game is played under the newest rules
version, and its saves record it so it goes on under those rules.
"""

from __future__ import annotations

import pathlib
import re

import msgspec

import tiletum_tui
from tiletum_tui.core import games
from tiletum_tui.games.tiletum.engine import PlayerSetup, Settings, new_game, rules_for
from tiletum_tui.games.tiletum.engine.versions import RULES_VERSION, RULES_VERSIONS
from tiletum_tui.games.tiletum.learn.pages import default_catalogue
from tiletum_tui.games.tiletum.opponents.match import settings_for
from tiletum_tui.shell.session import Session

PLAYERS = (PlayerSetup("Ann", "red"), PlayerSetup("Bob", "blue"))


def test_everything_that_starts_a_game_uses_the_one_default(tmp_path):
    """The settings, the game as the saves see it, the opponents' matches, the rules pages and a new
    game's save all take the newest version from one place."""
    assert RULES_VERSION == RULES_VERSIONS[-1] == max(RULES_VERSIONS)
    assert Settings(players=PLAYERS, seed=1).rules == RULES_VERSION
    assert new_game(Settings(players=PLAYERS, seed=1)).settings.rules == RULES_VERSION
    game = games.game(games.DEFAULT)
    assert game.rules_version == RULES_VERSION and tuple(game.rules_versions) == RULES_VERSIONS
    assert settings_for(("beginner", "beginner"), 1).rules == RULES_VERSION
    assert default_catalogue() is rules_for(Settings(players=(), seed=0, rules=RULES_VERSION)).cat
    session = Session.new(Settings(players=PLAYERS, seed=1), save_dir=tmp_path, autosave=False)
    saved = msgspec.json.decode(session.to_save_file().settings)
    assert saved["rules"] == RULES_VERSION


def test_no_other_module_names_a_default_rules_version():
    """The one home is ``engine/versions.py``: no other file of Tiletum's assigns a rules version of its
    own (another game's package keeps its own versions)."""
    root = pathlib.Path(tiletum_tui.__file__).parent
    others = set(games.NAMES) - {games.DEFAULT}
    homes = [str(p.relative_to(root)) for p in root.rglob("*.py")
             if p.relative_to(root).parts[:2] not in {("games", o) for o in others} and re.search(r"^\s*RULES_VERSIONS?\s*[:=]", p.read_text(encoding="utf-8"), re.M)]
    assert homes == ["games/tiletum/engine/versions.py"]
