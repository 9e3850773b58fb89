"""UI timings for ``tiletum bench``: ours beside a bare Textual app of similar size, same run.

``measure_ui()`` returns seconds (medians) for
- ``start``: constructing the app until its first screen is drawn (headless, 80x24), the game
  screen of a fresh 2-player game for Tiletum;
- ``key``: a key press until the screen is redrawn, in mid-game (switching views and opening /
  closing a choice: each press changes what is drawn);
- ``apply key``: in mid-game, a key press that applies an action (the number of a choice), until
  the screen shows the next decision; beside the bare app's key press that rebuilds its list;
- ``import``: importing the app module in a fresh interpreter (what ``tiletum`` pays first);
each with ``bare_*`` for a plain Textual app with about as many widgets, and ``*_ratio``.
Headless Pilot timings include Textual's own wait for idle, the same for both apps.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import subprocess
import sys
import tempfile
import time

from textual.app import App, ComposeResult
from textual.containers import Container, VerticalScroll
from textual.widgets import ContentSwitcher, Footer, OptionList, Static

SIZE = (80, 24)
KEYS = ["m", "w", "b", "o", "1", "escape", "l", "w"]


class BareApp(App):
    """A plain app shaped like the game screen: switchable scrolling views, a list, a footer."""

    BINDINGS = [(k, f"show('{v}')", v) for k, v in (("m", "v1"), ("w", "v0"), ("b", "v2"), ("o", "v3"), ("l", "v4"))] + [
        ("1", "grow", "grow"), ("escape", "shrink", "shrink")]

    def __init__(self, widgets: int = 30) -> None:
        super().__init__()
        self.widgets = widgets

    def compose(self) -> ComposeResult:
        yield Static("status line", id="status")
        with Container():
            with ContentSwitcher(initial="v0"):
                for i in range(5):
                    with VerticalScroll(id=f"v{i}"):
                        yield Static("\n".join(f"row {r} " * 8 for r in range(20)))
            yield OptionList(*[f"choice {i}" for i in range(8)])
        for i in range(max(0, self.widgets - 20)):
            yield Static("", classes="filler")
        yield Footer()

    def action_show(self, view: str) -> None:
        self.query_one(ContentSwitcher).current = view

    def action_grow(self) -> None:
        ol = self.query_one(OptionList)
        ol.clear_options()
        ol.add_options([f"sub-choice {i}" for i in range(4)])
        self.query_one("#status", Static).update(f"status {time.perf_counter()}")

    def action_shrink(self) -> None:
        ol = self.query_one(OptionList)
        ol.clear_options()
        ol.add_options([f"choice {i}" for i in range(8)])


async def _time_app(make, keys: list[str], rounds: int) -> tuple[float, float, int]:
    starts, presses, count = [], [], 0
    for _ in range(rounds):
        t0 = time.perf_counter()
        app = make()
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            starts.append(time.perf_counter() - t0)
            count = len(list(app.screen.query("*")))
            for key in keys:
                t1 = time.perf_counter()
                await pilot.press(key)
                presses.append(time.perf_counter() - t1)
    return statistics.median(starts), statistics.median(presses), count


def _import_time(module: str, rounds: int = 3) -> float:
    times = []
    for _ in range(rounds):
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-c", f"import {module}"], check=True)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


async def _time_applying(make, presses: int) -> list[float]:
    """Mid-game key presses that each apply an action: open groups (untimed) down to a legal leaf,
    then time the press of its number."""
    from .dialogs.basic import ConfirmDialog
    from .widgets.decision import DecisionPanel

    times = []
    app = make()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for _ in range(presses * 4):
            if len(times) >= presses:
                break
            screen = app.screen
            if isinstance(screen, ConfirmDialog) or not hasattr(screen, "model"):
                await pilot.press("y" if isinstance(screen, ConfirmDialog) else "enter")
                continue
            panel = screen.query_one(DecisionPanel)
            options = panel.options[:9]
            leaves = [i for i, c in enumerate(options) if not c.disabled and not c.is_group and not c.key.startswith("~")]
            groups = [i for i, c in enumerate(options) if not c.disabled and c.is_group]
            if leaves:
                t0 = time.perf_counter()
                await pilot.press(str(leaves[0] + 1))
                times.append(time.perf_counter() - t0)
            elif groups:
                await pilot.press(str(groups[0] + 1))
            else:
                await pilot.press("e")
    return times


def measure_ui(rounds: int = 3) -> dict:
    from ..engine.state import PlayerSetup, Settings
    from .app import TiletumApp
    from .model import new_session

    settings = Settings(players=(PlayerSetup("Ann", "red"), PlayerSetup("Bob", "blue")), seed=7)
    folder = tempfile.mkdtemp(prefix="tiletum-bench-")

    def ours():
        session = new_session(settings, save_dir=folder)
        return TiletumApp(session=session)

    def midgame():
        from ..engine import legal_actions
        from ..session import Session

        session = Session.new(settings, save_dir=folder)
        pick = random.Random(3)
        for _ in range(40):
            session.apply(pick.choice(legal_actions(session.state)))
        return TiletumApp(session=session)

    async def run() -> dict:
        start, key, widgets = await _time_app(ours, KEYS, rounds)
        bare_start, bare_key, bare_widgets = await _time_app(lambda: BareApp(widgets), KEYS, rounds)
        applying = await _time_applying(midgame, 12)
        bare = await _time_app(lambda: BareApp(widgets), ["1", "escape"] * 6, 1)
        return {"start": start, "bare_start": bare_start, "key": key, "bare_key": bare_key,
                "apply_key": statistics.median(applying), "bare_apply_key": bare[1],
                "widgets": widgets, "bare_widgets": bare_widgets}

    result = asyncio.run(run())
    result["import"] = _import_time("tiletum_tui.ui.app")
    result["bare_import"] = _import_time("textual.app")
    for name in ("start", "key", "apply_key", "import"):
        result[f"{name}_ratio"] = result[name] / result[f"bare_{name}"] if result[f"bare_{name}"] else float("nan")
    return result


if __name__ == "__main__":  # python -m tiletum_tui.ui.bench
    for k, v in measure_ui().items():
        print(f"{k:>14}: {v:.3f}" if isinstance(v, float) else f"{k:>14}: {v}")
