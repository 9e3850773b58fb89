"""States are values, whoever reads them (issue 18, "What must become true"): "A property test hashes
the authoritative state before and after every screen draws, every hint, every opponent decision and
every view is made over whole games, and fails on any change."

The authoritative state is the session's own (``Session._history``: never handed out); everything
else (the screens, the hints, the opponents) reads a view. Whole games are played through the pure
readers (menus, hints, score preview, why-not, the recap, the opponents' decisions, a view sent to
the opponents' process and back); a bounded Pilot run draws every view and strip of the real screen
after each move. Each step hashes the current state and the state the game was set up in (a write
through a shared container would reach both).
"""

from __future__ import annotations

import random

import msgspec
import pytest

from tiletum_tui.games.tiletum.bench.engine import settings  # (players, seed, modules)
from tiletum_tui.games.tiletum.engine import digest, legal_actions, options
from tiletum_tui.games.tiletum.engine.views import decode_view, encode_view
from tiletum_tui.games.tiletum.learn.explain import why_not
from tiletum_tui.games.tiletum.learn.hints import hint_text
from tiletum_tui.games.tiletum.learn.preview import preview_text
from tiletum_tui.games.tiletum.opponents.levels import Opponent
from tiletum_tui.shell.session import Session
from tiletum_tui.shell.ui.app import TiletumApp
from tiletum_tui.games.tiletum.ui.choices import build_menu
from tiletum_tui.games.tiletum.ui.recap import LogReader

GAMES = [((), 2, 11), ((), 4, 12), (("silver",), 2, 13), (("silver",), 3, 14)]


def _key(session) -> tuple[str, bytes]:
    return session.digest(), msgspec.json.encode(session._history[0])


def _unchanged(session, key, what: str) -> None:
    assert _key(session) == key, f"{what} changed the game"


@pytest.mark.parametrize("modules,players,seed", GAMES)
def test_nothing_that_reads_the_game_changes_it_over_whole_games(modules, players, seed):
    """Every reader of a whole game leaves the game as it was: making the view, its options and the
    menu, the hints, the score preview, why a refused option is refused, the recap, an opponent's
    decision (a beginner in every seat, a journeyman in the first once a round), and a view
    sent to the opponents' process and decoded there."""
    session = Session.new(settings(players, seed, modules), autosave=False)
    seats = {i: Opponent(i, "beginner") for i in range(players)}
    thinker = Opponent(0, "journeyman")
    reader = LogReader()
    steps = 0
    while not session.finished:
        key = _key(session)
        seen = session.view()
        _unchanged(session, key, "making the view")
        who = seen.stack[-1].player
        opts = options(seen)
        build_menu(seen, opts)
        _unchanged(session, key, "the menu")
        legal = [o.action for o in opts if o.legal]
        hint_text(seen, legal)
        _unchanged(session, key, "a hint")
        refused = next((o.action for o in opts if not o.legal), None)
        if refused is not None:
            why_not(seen, refused)
        if steps % 25 == 0:
            preview_text(seen)
            reader.sync(session.log)
            reader.recap(seen, who)
        _unchanged(session, key, "the preview, why-not or the recap")
        decode_view(encode_view(seen))
        choice = seats[who].choose(seen)
        _unchanged(session, key, "an opponent's decision")
        if who == 0 and seen.stack[-1].__class__.__name__ == "TurnFrame" and seen.lap == 1:
            thinker.choose(seen)  # (its plan for the turn: once a round, the planner is slow)
            _unchanged(session, key, "the journeyman's thinking")
        session.apply(choice.action, by=who)
        steps += 1
    assert steps > 100  # a whole game


def _draw_everything(screen) -> None:
    """Draw every view and strip of the game screen (as the keys w m b o l s g k would), hints on."""
    screen.hints_on = True
    screen.refresh_game()
    screen._stale = {v.name for v in screen.views}
    for v in screen.views:
        screen._draw_view(v.name)


@pytest.mark.parametrize("modules,players,seed", [((), 2, 21), (("silver",), 3, 22)])
async def test_drawing_every_view_after_every_move_changes_nothing(tmp_path, modules, players, seed):
    """The real screen, bounded: 15 moves, and after each one every view and strip drawn with hints on;
    the game's digest and its first state are the same before and after each drawing."""
    session = Session.new(settings(players, seed, modules), save_dir=tmp_path, autosave=False)
    app = TiletumApp(session=session, save_dir=tmp_path)
    pick = random.Random(seed)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        for _ in range(15):
            key = _key(session)
            _draw_everything(screen)
            await pilot.pause()
            _unchanged(session, key, "drawing the screen")
            who = session.current_player
            screen.apply(pick.choice(legal_actions(session.view())), by=who)
            await pilot.pause()
            if app.screen is not screen:  # an announcement (a Fair, the King phase): close it
                await pilot.press("enter")
                await pilot.pause()
