"""How fast the opponents think: the journeyman's turn plan, the master's simulations a second.

The master's rate depends on where the game is (its simulations play to the end of the round, so
a turn late in a round is many times cheaper than the round's first), so it is measured at the
turn starts of a whole round of a journeyman game and summed over them."""

from __future__ import annotations

import time


def opponent_numbers(players: int = 2, turns: int = 6, master_seconds: float = 0.3) -> dict[str, float]:
    from ..engine import apply_in_place, current_player, new_game, view
    from ..engine.state import TurnFrame
    from ..opponents.levels import Budget, Opponent
    from ..opponents.match import settings_for

    state = new_game(settings_for(("journeyman",) * players, seed=3))
    seats = [Opponent(i, "journeyman") for i in range(players)]
    plans, planning = 0, 0.0
    simulations, thinking = 0, 0.0
    while state.round == 1:  # round 1: time each fresh plan of the journeyman, and the master at each turn start
        who = current_player(state)
        top = state.stack[-1]
        if isinstance(top, TurnFrame) and not top.die_taken:
            master = Opponent(who, "master", Budget(seconds=master_seconds))
            started = time.perf_counter()
            simulations += master.choose(view(state)).simulations
            thinking += time.perf_counter() - started
        started = time.perf_counter()
        choice = seats[who].choose(view(state))
        if choice.replanned and plans < turns:
            planning += time.perf_counter() - started
            plans += 1
        apply_in_place(state, choice.action)
    return {f"journeyman turn plan, {players}p (ms)": planning / plans * 1000,
            f"master simulations/s over round 1, {players}p": simulations / thinking}
