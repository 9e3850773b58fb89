"""UI timings for ``tiletum bench``: ours beside a bare Textual app of similar size, same run.

``measure_ui()`` returns seconds (medians) for
- ``game_screen``: constructing the app until its first screen is drawn (headless, 80x24, in this
  process), the game screen of a fresh 2-player game for Tiletum, beside the bare app's one screen of
  as many widgets. Not the program's start-up (the Start-up rows of ``tiletum bench``: exec to the
  title's first paint on a pty, beside a bare app's, both with the interpreter's start and the
  imports, the most of either): this is the drawing of a game's first screen only (its map, wheel,
  board, menu, from the engine), which the bare app has not, about 1.5 times the bare app's;
- ``key``: a key press until the screen is redrawn, in mid-game (switching views and opening /
  closing a choice: each press changes what is drawn);
- ``apply key``: in mid-game, a key press that applies an action (the number of a choice), until
  the screen shows the next decision; beside the bare app's key press that rebuilds its list;
- ``import``: importing the app module in a fresh interpreter (what ``tiletum`` pays first);
each with ``bare_*`` for a plain Textual app with about as many widgets, and ``*_ratio``;
- ``typical_turn_keys``: the keys a scripted typical turn takes (``typical_turn``: a die changed by
  one step, two options of its Action, one Task, end the turn), counted from the menus themselves.
Headless Pilot timings include Textual's own wait for idle, the same for both apps. Our app and the
bare one are started in turn, round after round, so a busy machine slows both alike.
"""

from __future__ import annotations

import asyncio
import gc
import random
import statistics
import subprocess
import sys
import tempfile
import time

from textual.app import App, ComposeResult
from textual.containers import Container, VerticalScroll
from textual.widgets import ContentSwitcher, Footer, OptionList, Static
from tiletum_tui.shell.ui.dialogs import ConfirmDialog
from .widgets.decision import DecisionPanel
from ..engine.state import PlayerSetup, Settings, TurnFrame
from tiletum_tui.shell.ui.app import TiletumApp
from tiletum_tui.shell.ui.model import new_session
from ..engine import legal_actions, apply, options, view
from tiletum_tui.shell.session import EVERY_SEAT, Session
from ..engine.map_actions import MovePiece
from ..engine.tasks import Buy
from ..engine.turn import EndTurn, TakeDie
from .choices import build_menu, find_path, keys_for

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
        start, pressed, count = await _one_run(make, keys)
        starts.append(start)
        presses += pressed
    return statistics.median(starts), statistics.median(presses), count


async def _one_run(make, keys: list[str]) -> tuple[float, list[float], int]:
    # A real start is a fresh process: collect the garbage of the runs before, so neither app pays
    # for the other's leftovers in the middle of its start.
    gc.collect()
    t0 = time.perf_counter()
    app = make()
    presses = []
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        start = time.perf_counter() - t0
        count = len(list(app.screen.query("*")))
        for key in keys:
            t1 = time.perf_counter()
            await pilot.press(key)
            presses.append(time.perf_counter() - t1)
    return start, presses, count


async def _time_both(ours, bare, keys: list[str], rounds: int) -> dict:
    """Start-up and key presses of both apps, one after the other in every round (medians)."""
    out = {"game_screen": [], "bare_game_screen": [], "key": [], "bare_key": []}
    widgets = bare_widgets = 0
    for _ in range(rounds):
        start, presses, widgets = await _one_run(ours, keys)
        out["game_screen"].append(start)
        out["key"] += presses
        start, presses, bare_widgets = await _one_run(bare(widgets), keys)
        out["bare_game_screen"].append(start)
        out["bare_key"] += presses
    result = {k: statistics.median(v) for k, v in out.items()}
    result.update(widgets=widgets, bare_widgets=bare_widgets)
    return result


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
    settings = Settings(players=(PlayerSetup("Ann", "red"), PlayerSetup("Bob", "blue")), seed=7)
    folder = tempfile.mkdtemp(prefix="tiletum-bench-")

    def ours():
        session = new_session(settings, save_dir=folder)
        return TiletumApp(session=session)

    def midgame():
        session = Session.new(settings, save_dir=folder)
        pick = random.Random(3)
        for _ in range(40):
            session.apply(pick.choice(legal_actions(session.state)), by=EVERY_SEAT)
        return TiletumApp(session=session)

    async def run() -> dict:
        await _one_run(ours, [])  # first run of each warms Python's caches (CSS, imports)
        await _one_run(lambda: BareApp(30), [])
        both = await _time_both(ours, lambda n: (lambda: BareApp(n)), KEYS, max(rounds, 5))
        applying = await _time_applying(midgame, 12)
        bare = await _time_app(lambda: BareApp(both["widgets"]), ["1", "escape"] * 6, 1)
        return {**both, "apply_key": statistics.median(applying), "bare_apply_key": bare[1]}

    result = asyncio.run(run())
    result["import"] = _import_time("tiletum_tui.shell.ui.app")
    result["bare_import"] = _import_time("textual.app")
    for name in ("game_screen", "key", "apply_key", "import"):
        result[f"{name}_ratio"] = result[name] / result[f"bare_{name}"] if result[f"bare_{name}"] else float("nan")
    session, plan = typical_turn()
    result["typical_turn_keys"] = len(turn_keys(session.state, plan))
    return result


def typical_turn(seed: int = 7, play: int = 3):
    """A 2-player game at the start of a turn (random play from ``seed``) and the plan of a typical
    turn from there: take a die changed by one step to a Merchant or Architect Action with 2 AP,
    spend them on two moves, buy one Resource (a Task), end the turn."""
    settings = Settings(players=(PlayerSetup("Ann", "red"), PlayerSetup("Bob", "blue")), seed=seed)
    for game in range(play, play + 50):
        session = Session.new(settings, autosave=False)
        rng = random.Random(game)
        while not session.finished:
            plan = _plan(session.state, apply)
            if plan:
                return session, plan
            session.apply(rng.choice(legal_actions(session.state)), by=EVERY_SEAT)
    raise AssertionError("no position for a typical turn: the engine's play changed")


def _plan(state, apply) -> list | None:
    top = state.stack[-1] if state.stack else None
    if state.phase != "action" or not isinstance(top, TurnFrame) or top.die_taken:
        return None
    gold = state.players[top.player].resources["G"]
    for o in options(view(state)):
        a = o.action
        if not (o.legal and isinstance(a, TakeDie) and a.target != a.value and not a.bonus):
            continue
        if o.leads_to not in ("merchant", "architect") or o.ap != 2 or gold - o.gold < 2:
            continue
        plan, s = [a], apply(state, a)
        for _ in range(2):
            seen = view(s)
            menu = build_menu(seen, options(seen))
            moves = [c.action for c in menu if isinstance(c.action, MovePiece) and not c.disabled]
            if not moves:
                break
            plan.append(moves[0])
            s = apply(s, moves[0])
        buy = next((x.action for x in options(view(s)) if x.legal and isinstance(x.action, Buy)), None)
        if len(plan) < 3 or buy is None:
            continue
        s = apply(s, buy)
        end = next((x.action for x in options(view(s)) if x.legal and isinstance(x.action, EndTurn)), None)
        if end is not None and find_path(build_menu(view(s), options(view(s))), end) is not None:
            return plan + [buy, end]
    return None


def turn_keys(state, plan) -> list[str]:
    """The keys that play ``plan`` from ``state`` in the decision panel, read off its menus."""
    keys = []
    for action in plan:
        seen = view(state)
        found = keys_for(build_menu(seen, options(seen)), action)
        if found is None:
            raise AssertionError(f"no keys reach {action} from the menu")
        keys += found
        state = apply(state, action)
    return keys


if __name__ == "__main__":  # python -m tiletum_tui.games.tiletum.ui.bench
    for k, v in measure_ui().items():
        print(f"{k:>14}: {v:.3f}" if isinstance(v, float) else f"{k:>14}: {v}")
