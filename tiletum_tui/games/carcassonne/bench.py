"""Carcassonne's figures for ``tiletum bench`` (issue 19): random 2-player games per CPU-second (aim:
at least 100), the median time to list a tile's legal places late in a game (aim: at most 2 ms),
one step through ``apply`` (with its copy, as the session plays) and the start of a game. All in CPU time
(``time.process_time``), so a loaded machine changes them little."""

from __future__ import annotations

import random
import statistics
import time
from types import SimpleNamespace

from textual.content import Content
from textual.style import Style as VisualStyle
from textual.theme import BUILTIN_THEMES
from textual.visual import RenderOptions

from tiletum_tui.shell.bench.replay import measure_replay
from tiletum_tui.shell.opponents.base import Budget
from tiletum_tui.shell.session import EVERY_SEAT, Session

from . import modules as registry
from .engine import PlayerSetup, Settings, apply, apply_in_place, legal_actions, new_game, view
from .engine.expansion import settings_with
from .engine.game import CARCASSONNE
from .engine.land import legal_places
from .opponents.levels import Opponent
from .ui import land as landview


def _settings(players: int, seed: int, modules: tuple[str, ...] = ()) -> Settings:
    return settings_with(Settings, (PlayerSetup(f"P{i + 1}", "red") for i in range(players)), seed, modules)


def _every_module() -> tuple[str, ...]:
    """Every module the registry has (the land's redraw and a new game are timed with them all)."""
    return tuple(name for name, _ in registry.parts("engine"))


def random_game(players: int, seed: int, modules: tuple[str, ...] = ()):
    state = new_game(_settings(players, seed, modules)).clone()
    pick = random.Random(seed).random
    while state.phase != "over":
        legal = legal_actions(state)
        apply_in_place(state, legal[int(pick() * len(legal))], checked=True)
    return state


def carcassonne_numbers(games: int = 30) -> dict[str, float]:
    t0 = time.process_time()
    for seed in range(games):
        random_game(2, seed)
    per_cpu_second = games / (time.process_time() - t0)
    with_modules = {}
    for name in _every_module():
        t0 = time.process_time()
        for seed in range(max(games // 3, 1)):
            random_game(2, seed, (name,))
        with_modules[f"2-player games with {name}, per CPU-s"] = max(games // 3, 1) / (time.process_time() - t0)
    late, steps = [], []
    for seed in range(8):  # positions after 55 tiles: the land at its widest frontier
        state = new_game(_settings(2, 500 + seed)).clone()
        pick = random.Random(seed)
        while state.phase != "over":
            if state.phase == "place" and len(state.placed) >= 55:
                late.append(state.clone())
            action = pick.choice(legal_actions(state))
            if len(steps) < 400:
                steps.append((state.clone(), action))
            apply_in_place(state, action)
    return {
        "2-player games per CPU-second": per_cpu_second,
        **with_modules,
        "legal places, late (median ms)": _median_ms(lambda s: legal_places(s, s.drawn), late),
        "apply, one step (median ms)": _median_ms(lambda sa: apply(*sa), steps),
        "new game (median ms)": _median_ms(lambda seed: new_game(_settings(4, seed, _every_module())), range(50)),
        **land_redraw_numbers(),
    }


def land_redraw_numbers(moves: int = 40) -> dict[str, float]:
    """The land's redraw at 200×50 (issue 40: within a frame, at most 16 ms of CPU): the whole land drawn
    after each of ``moves`` moves late in a game with every module, in the dark theme's colours at 9×5
    tiles, and made into what Textual draws (its Content, rendered into the screen's lines); "after a move" keeps
    the tiles drawn before (as the screen does), "cold" works every tile's coloured lines out afresh (the
    drawings of the designs stay cached, as in play)."""
    theme = BUILTIN_THEMES["textual-dark"]
    app = SimpleNamespace(no_color=False, current_theme=theme, theme_variables=theme.to_color_system().generate())
    state = new_game(_settings(2, 7, _every_module())).clone()
    pick = random.Random(7)
    states = []
    while state.phase != "over":
        if state.phase == "place" and len(state.placed) >= 30 and len(states) < moves:
            states.append(state.clone())
        apply_in_place(state, pick.choice(legal_actions(state)))
    width, height = 200 - landview.side_width(200) - 1, 50 - 6  # (the land's part of a 200×50 screen)

    def redraw(s):
        places = {(x, y): [r] for x, y, r in legal_places(s, s.drawn)}
        look = landview.look_for(app, s, width, height)
        cursor = next(iter(places), (0, 0))
        text, _ = landview.paint(s, places, width, height, cursor=cursor, origin=None, look=look)
        content = Content.from_rich_text(text)
        content.render_strips(width, height, VisualStyle(), RenderOptions(VisualStyle.parse, {}))

    landview.tile_runs.cache_clear()
    after_move = _median_ms(redraw, states)
    cold = _median_ms(lambda s: (landview.tile_runs.cache_clear(), redraw(s)), states)
    return {"land redraw 200x50, after a move (median ms)": after_move, "land redraw 200x50, cold (median ms)": cold}


def _median_ms(fn, items) -> float:
    """The median CPU time of ``fn`` over ``items`` (process time: the machine may be shared)."""
    times = []
    for item in items:
        t0 = time.process_time()
        fn(item)
        times.append(time.process_time() - t0)
    return statistics.median(times) * 1000


def carcassonne_opponent_numbers(players: int = 2, fixed: int = 400, every: int = 12,
                                 modules: tuple[str, ...] = ()) -> dict[str, float]:
    """Carcassonne's opponents (issue 20): the journeyman's turn (median CPU ms) and the master's simulations a
    second, CPU and wall, over ``fixed`` simulations at every ``every``-th turn of a journeyman game (a
    simulation costs more as the land grows: the whole game is sampled), with ``modules`` (the figures' names
    say which). The rate the levels' simulations are set from (docs/opponents.md, "A level is its simulations")."""
    state = new_game(_settings(players, 3, modules)).clone()
    tag = f"{players}p" + "".join(f" + {name}" for name in modules)
    seats = [Opponent(i, "journeyman") for i in range(players)]
    turns, sims, wall, cpu = [], 0, 0.0, 0.0
    while state.phase != "over":
        who = state.seat
        if state.phase == "place" and state.turn % every == 1:
            master = Opponent(who, "master", Budget(seconds=None, simulations=fixed))
            started, cpu_started = time.perf_counter(), time.process_time()
            sims += master.choose(view(state, who)).simulations
            wall += time.perf_counter() - started
            cpu += time.process_time() - cpu_started
        started = time.process_time()
        choice = seats[who].choose(view(state, who))
        if state.phase == "place":
            turns.append(time.process_time() - started)
        apply_in_place(state, choice.action)
    return {
        f"{tag} journeyman turn (median CPU ms)": statistics.median(turns) * 1000,
        f"{tag} master simulations/s, CPU": sims / cpu if cpu else 0.0,
        f"{tag} master simulations/s, wall": sims / wall if wall else 0.0,
    }


def completion_rates(games: int = 60, seed: int = 9001, players: int = 2) -> dict[tuple, tuple[int, float]]:
    """How often a road or city with a follower on it was completed by the game's end, by its kind, its
    open ends or edges (1 to 4, 4 meaning more) and the tiles left (by tens), at every turn of ``games``
    journeyman games: (kind, open, tens) → (turns seen, the share completed). What the master's chances
    of closing (``evaluate.MASTER_ODDS``) were fitted to (docs/carcassonne.md)."""
    seen: dict[tuple, list[int]] = {}
    for g in range(games):
        state = new_game(_settings(players, seed + g)).clone()
        seats = [Opponent(i, "journeyman") for i in range(players)]
        watched = []  # (kind, open, tens, a node of the feature) each turn
        while state.phase != "over":
            if state.phase == "place":
                roots = {state.find(f.node): f.node for f in state.followers}
                for root, node in roots.items():
                    if state.kind[root] in ("road", "city") and state.open[root] > 0:
                        tens = min(len(state.pile) // 10, 6)
                        watched.append((state.kind[root], min(state.open[root], 4), tens, node))
            apply_in_place(state, seats[state.seat].choose(view(state, state.seat)).action)
        for kind, opened, tens, node in watched:
            count = seen.setdefault((kind, opened, tens), [0, 0])
            count[0] += 1
            count[1] += state.open[state.find(node)] <= 0
    return {key: (n, done / n) for key, (n, done) in sorted(seen.items())}


class CarcassonneBench:
    """Carcassonne's figures for ``tiletum bench`` (its entry's ``bench``)."""

    def engine(self, games: int) -> list:
        return [(f"Carcassonne: {games} random 2-player games, one core", carcassonne_numbers(games), "2f")]

    def opponents(self) -> list:
        figures = {}
        for modules in ((), ("river",)):  # (issue 43: the master's rate with and without the River)
            for n in (2, 4):
                figures.update(carcassonne_opponent_numbers(n, modules=modules))
        return [("Carcassonne's opponents (one core; the master: 400 simulations at every 12th turn of a "
                 "journeyman game)", figures, "1f")]

    def screens(self) -> list:
        return [("Replay of Carcassonne (a finished 2-player game, headless 80x24)",
                 measure_replay(_finished_game(), views=("land", "log")), "ms")]


def _finished_game(seed: int = 3):
    """A finished 2-player game (random legal moves, a follower whenever one may go), in a session."""
    settings = Settings(players=(PlayerSetup("Ann", "red"), PlayerSetup("Bob", "blue")), seed=seed)
    session = Session.new(settings, autosave=False, game=CARCASSONNE)
    rng = random.Random(seed)
    while not session.finished:
        legal = legal_actions(session.state)
        session.apply(rng.choice([a for a in legal if getattr(a, "role", "") is not None] or legal), by=EVERY_SEAT)
    return session


BENCH = CarcassonneBench()
