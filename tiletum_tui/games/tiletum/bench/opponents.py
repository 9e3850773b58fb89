"""How fast the opponents think: the journeyman's turn plan, the master's simulations a second.

The master's rate depends on where the game is (its simulations play to the end of the round, so
a turn late in a round is many times cheaper than the round's first), so it is measured at the
turn starts of a whole round of a journeyman game, a fixed count of simulations at each, summed
over them: in wall time and in this process's CPU time (on a shared machine the two part), with the
spread of one decision's time over those turn starts."""

from __future__ import annotations

import time

from ..engine import apply_in_place, current_player, new_game, view
from ..engine.state import TurnFrame
from ..opponents.levels import Budget, Opponent
from ..opponents.match import settings_for


def opponent_numbers(players: int = 2, turns: int = 6, modules: tuple[str, ...] = (),
                     fixed: int = 60) -> dict[str, float]:
    state = new_game(settings_for(("journeyman",) * players, seed=3, modules=modules))
    seats = [Opponent(i, "journeyman") for i in range(players)]
    plans, planning = 0, 0.0
    spread: list[tuple[float, float]] = []  # (wall, CPU) seconds of a decision of ``fixed`` simulations
    while state.round == 1:  # round 1: time each fresh plan of the journeyman, and the master at each turn start
        who = current_player(state)
        top = state.stack[-1]
        if isinstance(top, TurnFrame) and not top.die_taken:
            master = Opponent(who, "master", Budget(seconds=None, simulations=fixed))
            started, cpu_started = time.perf_counter(), time.process_time()
            master.choose(view(state))
            spread.append((time.perf_counter() - started, time.process_time() - cpu_started))
        started = time.perf_counter()
        choice = seats[who].choose(view(state))
        if choice.replanned and plans < turns:
            planning += time.perf_counter() - started
            plans += 1
        apply_in_place(state, choice.action)
    tag = f"{players}p" + "".join(f" +{m}" for m in modules)
    walls, cpus = sorted(w for w, _ in spread), sorted(c for _, c in spread)
    return {f"journeyman turn plan, {tag} (ms)": planning / plans * 1000,
            # (the root's planning included: what a decision of this many simulations costs)
            f"master simulations/s (wall), {tag}": fixed * len(walls) / sum(walls),
            f"master simulations/s (CPU), {tag}": fixed * len(cpus) / sum(cpus),
            f"{fixed} simulations: fastest / median / slowest s, {tag}": (walls[0], walls[len(walls) // 2], walls[-1]),
            f"  the same in CPU s, {tag}": (cpus[0], cpus[len(cpus) // 2], cpus[-1])}
