"""Issue 25 (the 95th percentile of a move redrawn on every screen at a table): once a game shows, a
client sets what it holds aside from Python's cyclic garbage collector (``join.settle_memory``), so
that a full collection no longer goes through the whole app at some move; garbage is collected
first, a game screen closed before this one's included."""

from __future__ import annotations

import gc
import weakref

from tiletum_tui.shell.host.client import HostLink
from tiletum_tui.shell.host.hosted import HostFolder
from tiletum_tui.shell.host.join import JoinApp, settle_memory
from tiletum_tui.games.tiletum.engine.turn import FINISHING
from tiletum_tui.games.tiletum.ui.widgets.decision import DecisionPanel

from .hosting import (at_a_table, bob_at_anns_table, running_host, screen_until,  # noqa: F401 (fixture)
                      short_dir)


class _Node:
    pass


def test_settling_collects_the_garbage_then_sets_the_rest_aside():
    gc.collect()
    try:
        kept, lost = _Node(), _Node()
        lost.me = lost  # a cycle: only the cyclic collector frees it
        gone = weakref.ref(lost)
        del lost
        gc.freeze()  # (as a game shown before: the cycle frozen with it)
        settle_memory()
        assert gone() is None  # the garbage of before was collected, frozen as it was
        assert gc.get_freeze_count() > 0 and kept is not None
    finally:
        gc.unfreeze()


async def test_a_game_shown_settles_the_clients_memory(short_dir):
    gc.unfreeze()
    try:
        async with running_host(short_dir) as host:
            (ann,), gid = await at_a_table(host, short_dir, connected=1)
            app = JoinApp(HostLink(path=str(HostFolder(short_dir).socket), name="bob"))
            async with app.run_test(size=(80, 24)) as pilot:
                await screen_until(pilot, lambda: app.lobby is not None and app.lobby.games)
                assert gc.get_freeze_count() == 0  # (the lobby: nothing set aside yet)
                await pilot.press("enter")
                await screen_until(pilot, lambda: gid in app.games.models and app.screen.query(DecisionPanel))
                await screen_until(pilot, lambda: gc.get_freeze_count() > 0)
            ann.close()
    finally:
        gc.unfreeze()


def _not_ending(legal: list, rng):
    """A random legal move of Ann's that does not end her turn or an Action while another is legal: the host deals
    each table anew, and a random choice could end her turn after two moves, before the screen was watched
    long enough to count (it did once, in a whole suite beside two arenas)."""
    going_on = [a for a in legal if not isinstance(a, FINISHING)]
    return rng.choice(going_on or legal)


async def test_a_move_redrawn_on_a_waiting_screen_seldom_runs_the_collector(short_dir):
    """Issue 39 (CPU per screen per update): a move's redraw makes tens of thousands of short-lived
    objects, freed as they go. Once the game shows, the cyclic collector looks through the young ones
    at most once a move, not at every 700 objects more (Python's threshold: three times a move here)."""
    import random

    threshold = gc.get_threshold()
    runs: list = []

    def counted(phase, info) -> None:
        if phase == "start":
            runs.append(info["generation"])

    gc.unfreeze()
    gc.set_threshold(700, 10, 10)  # (Python's, as a ``tiletum join`` starts with: the tests' own is another)
    try:
        rng = random.Random(4)
        async with bob_at_anns_table(short_dir) as (ann, gid, app, pilot):
            await screen_until(pilot, lambda: gc.get_freeze_count() > 0)
            screen, moves = app.screen, 0
            gc.callbacks.append(counted)
            while moves < 8 and screen.model.game.current_player(screen.model.view) == 0:  # bob waits
                seen = screen.model.version
                await ann.play(gid, _not_ending(ann.model(gid).legal(), rng))
                await screen_until(pilot, lambda: screen.model.version > seen)
                await pilot.pause()
                moves += 1
            gc.callbacks.remove(counted)
            assert moves >= 4
            assert len(runs) <= moves, (len(runs), moves)  # (three a move before)
    finally:
        if counted in gc.callbacks:
            gc.callbacks.remove(counted)
        gc.set_threshold(*threshold)
        gc.unfreeze()
