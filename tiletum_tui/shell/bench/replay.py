"""Replay timings for ``tiletum bench`` (issue 21: "Jump from the first to the last position of a
finished 4-player game (aim ≤ 100 ms), one step (aim ≤ 20 ms from key to redrawn screen)").

A finished game (random play, fixed seed: Tiletum's of 4 players, Carcassonne's of 2, from each game's
bench) is opened in its replay screen, headless at 80x24, in each view. Each figure is a median in CPU seconds of ``ReplayScreen.go`` (the position's view,
its scene, every widget drawing it) plus the repaint after it (the layout and rendering of the
screen that Textual's update timer does next, called at once: ``_timed``):
- ``jump``: first → last, the first time (the last position's view not yet made) and again;
- ``step``: one move back from the last position (the key's own dispatch is microseconds);
- ``key``: the → key through Pilot, end to end in wall-clock time (Pilot's own waits included:
  about 60 ms a key on any app on a quiet machine, stack notes).
"""

from __future__ import annotations

import asyncio
import statistics
import time

from ..ui.app import TiletumApp
from ..ui.games import screens_for

VIEWS = ("log", "wheel", "map", "board")


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


def measure_replay(session, rounds: int = 3, views=VIEWS) -> dict[str, float]:
    """Medians in seconds (see the module's words) of a finished game's replay in each of ``views``, and
    the game's number of moves (each game's bench hands its game: ``Entry.bench``)."""
    times = asyncio.run(_measure(session, rounds, views))
    return {"moves in the game": len(session.log), **{k: statistics.median(v) for k, v in times.items()}}


__all__ = ["measure_replay"]
