"""Replay timings for ``tiletum bench`` (issue 21: "Jump from the first to the last position of a
finished 4-player game (aim ≤ 100 ms), one step (aim ≤ 20 ms from key to redrawn screen)").

A finished 4-player game (random play, fixed seed) is opened in the replay screen, headless at
80x24, in each view. Each figure is a median in CPU seconds of ``ReplayScreen.go`` (the position's view,
its scene, every widget drawing it) plus the repaint after it (the layout and rendering of the
screen that Textual's update timer does next, called at once: ``_timed``):
- ``jump``: first → last, the first time (the last position's view not yet made) and again;
- ``step``: one move back from the last position (the key's own dispatch is microseconds);
- ``key``: the → key through Pilot, end to end in wall-clock time (Pilot's own waits included:
  about 60 ms a key on any app on a quiet machine, stack notes).
"""

from __future__ import annotations

import asyncio
import random
import statistics
import time

VIEWS = ("log", "wheel", "map", "board")


def _finished_game(seed: int = 1):
    from tiletum_tui.games.tiletum.engine import legal_actions
    from tiletum_tui.games.tiletum.engine.state import PlayerSetup, Settings
    from ..session import EVERY_SEAT, Session

    names, colours = ("Ann", "Bob", "Cid", "Dee"), ("red", "blue", "green", "yellow")
    session = Session.new(Settings(players=tuple(map(PlayerSetup, names, colours)), seed=3), autosave=False)
    rng = random.Random(seed)
    while not session.finished:
        session.apply(rng.choice(legal_actions(session.state)), by=EVERY_SEAT)
    return session


async def _timed(pilot, call) -> float:
    """``call()`` and the repaint it asks for, done at once: the layout and rendering Textual's update
    timer would do next (``Screen._on_timer_update``), timed without the wait for idle around it."""
    screen = pilot.app.screen
    t0 = time.process_time()  # CPU seconds: the machines are shared (a loaded one stretches wall time)
    call()
    screen._on_timer_update()
    took = time.process_time() - t0
    await pilot.pause()
    return took


async def _measure(session, rounds: int, views=VIEWS) -> dict[str, list[float]]:
    """Each view in turn (a view the game's replay opens on is left as it is: Carcassonne's land)."""
    from ..ui.app import TiletumApp
    from ..ui.games import screens_for

    out: dict[str, list[float]] = {}
    for view in views:
        for _ in range(rounds):
            app = TiletumApp()
            async with app.run_test(size=(80, 24)) as pilot:
                screen = screens_for(session.game.name).replay(session, at=0)
                app.push_screen(screen)
                await pilot.pause()
                if getattr(screen, "view", None) != view:
                    screen.action_view(view)
                await pilot.pause()
                last = screen.positions.last
                out.setdefault(f"jump, first time ({view})", []).append(await _timed(pilot, lambda: screen.go(last)))
                await _timed(pilot, lambda: screen.go(0))
                out.setdefault(f"jump, again ({view})", []).append(await _timed(pilot, lambda: screen.go(last)))
                for _ in range(5):
                    out.setdefault(f"step ({view})", []).append(
                        await _timed(pilot, lambda: screen.action_step("action", -1)))
                t0 = time.perf_counter()
                await pilot.press("right")
                out.setdefault(f"key → with Pilot ({view})", []).append(time.perf_counter() - t0)
    return out


def measure_replay(rounds: int = 3) -> dict[str, float]:
    """Medians in seconds (see the module's words), and the game's number of moves."""
    session = _finished_game()
    times = asyncio.run(_measure(session, rounds))
    return {"moves in the game": len(session.log), **{k: statistics.median(v) for k, v in times.items()}}


def _finished_carcassonne(seed: int = 3):
    """A finished 2-player game of Carcassonne (random legal moves, a follower whenever one may go)."""
    from tiletum_tui.core import games
    from tiletum_tui.games.carcassonne.engine import PlayerSetup, Settings, legal_actions
    from ..session import EVERY_SEAT, Session

    settings = Settings(players=(PlayerSetup("Ann", "red"), PlayerSetup("Bob", "blue")), seed=seed)
    session = Session.new(settings, autosave=False, game=games.game("carcassonne"))
    rng = random.Random(seed)
    while not session.finished:
        legal = legal_actions(session.state)
        session.apply(rng.choice([a for a in legal if getattr(a, "role", "") is not None] or legal), by=EVERY_SEAT)
    return session


def measure_carcassonne_replay(rounds: int = 3) -> dict[str, float]:
    """The same for Carcassonne's replay: the land and the log."""
    session = _finished_carcassonne()
    times = asyncio.run(_measure(session, rounds, views=("land", "log")))
    return {"moves in the game": len(session.log), **{k: statistics.median(v) for k, v in times.items()}}


__all__ = ["measure_carcassonne_replay", "measure_replay"]
