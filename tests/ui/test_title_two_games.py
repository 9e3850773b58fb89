"""The title of a program that plays two games (issue 41, items 14 and 15): the Continue line names the
game and shows every player's score whole at 80 columns; r reaches Carcassonne's rules as well as
Tiletum's (they were reachable only inside a game)."""

from __future__ import annotations

import random

from tiletum_tui.core import games
from tiletum_tui.games.carcassonne.engine import legal_actions, notation
from tiletum_tui.shell.session import Session
from tiletum_tui.shell.ui.rules_screen import RulesBrowser
from tiletum_tui.shell.ui.app import TiletumApp
from tiletum_tui.shell.ui.choose_game import ChooseGame
from tiletum_tui.shell.ui.title import TitleScreen

from ..carcassonne.helpers import settings
from ..title_helpers import continue_line


def _carcassonne_save(folder, names=("Ann", "Bob"), actions: int = 60) -> Session:
    """An unfinished Carcassonne game, autosaved in ``folder``, ``actions`` random moves in."""
    from tiletum_tui.games.carcassonne.engine import PlayerSetup, Settings

    s = Settings(players=tuple(PlayerSetup(n, c) for n, c in zip(names, ("red", "blue", "green"))), seed=7)
    session = Session.new(s, save_dir=folder, game=games.game("carcassonne"), autosave=True)
    pick = random.Random(1)
    while len(session.log) < actions:
        session.apply(notation(pick.choice(legal_actions(session.state))), by=session.current_player)
    session.close()
    return session


async def test_the_continue_line_names_the_game_and_keeps_every_score_whole(tmp_path):
    session = _carcassonne_save(tmp_path, names=("Annabel", "Bartholomew", "Cid"), actions=90)
    state = session.state
    app = TiletumApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        line = await continue_line(app, pilot)
        assert line.startswith("c  Continue Carcassonne: turn ")
        rows = line.split("\n")
        for p, score in zip(state.players, state.scores):  # each "name score" on one row, nothing cut
            assert any(f"{p.name} {score}" in row for row in rows), (p.name, rows)
        width = app.screen.query_one("#title-menu").size.width
        assert all(len(row) < width for row in rows)  # (the menu does not have to wrap a row itself)


async def test_the_scores_go_on_a_row_of_their_own_under_the_words(tmp_path):
    """Seen at 80 columns: "c  Continue: turn 2, a follower?, Ann 0 / Bob" with Bob's score on a row
    of its own at the left edge. Now the scores begin a row of their own, under the words."""
    session = _carcassonne_save(tmp_path, actions=3)
    ann, bob = session.state.scores
    app = TiletumApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        line = await continue_line(app, pilot)
        assert line == f"c  Continue Carcassonne: turn 2, a follower?,\n   Ann {ann} / Bob {bob}"


async def test_r_on_the_title_asks_which_games_rules_and_opens_carcassonnes(tmp_path):
    from tiletum_tui.games.carcassonne.ui import rules_pages

    app = TiletumApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ChooseGame) and app.screen.question == "Rules of which game?"
        await pilot.press("2")  # 1 Tiletum, 2 Carcassonne
        await pilot.pause()
        assert isinstance(app.screen, RulesBrowser) and app.screen.book is rules_pages
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("r", "enter")  # the app's own game first: Tiletum's
        await pilot.pause()
        assert isinstance(app.screen, RulesBrowser) and app.screen.book is not rules_pages


async def test_the_palette_rules_over_a_carcassonne_game_opens_its_rules(tmp_path):
    """(It opened Tiletum's: the app's own game, whatever game was on screen.)"""
    from tiletum_tui.games.carcassonne.ui import rules_pages

    session = Session.new(settings(2, 5), save_dir=tmp_path, game=games.game("carcassonne"), autosave=False)
    app = TiletumApp(save_dir=tmp_path)  # Tiletum's title, then a Carcassonne game from it
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.show_game(session)
        await pilot.pause()
        command = next(c for c in app.get_system_commands(app.screen) if c.title == "Rules")
        command.callback()
        await pilot.pause()
        assert isinstance(app.screen, RulesBrowser) and app.screen.book is rules_pages
