"""How fast the opponents think: the journeyman's turn plan, the master's simulations a second."""

from __future__ import annotations

import time


def opponent_numbers(players: int = 2, turns: int = 6) -> dict[str, float]:
    from ..engine import apply_in_place, current_player, new_game, view
    from ..opponents.levels import Budget, Opponent
    from ..opponents.match import settings_for

    state = new_game(settings_for(("journeyman",) * players, seed=3))
    seats = [Opponent(i, "journeyman") for i in range(players)]
    plans, planning = 0, 0.0
    while plans < turns:  # the journeyman's first turns: time each fresh plan
        who = current_player(state)
        started = time.perf_counter()
        choice = seats[who].choose(view(state))
        if choice.replanned:
            planning += time.perf_counter() - started
            plans += 1
        apply_in_place(state, choice.action)
    while not (state.stack[-1].__class__.__name__ == "TurnFrame" and not state.stack[-1].die_taken):
        apply_in_place(state, seats[current_player(state)].choose(view(state)).action)
    master = Opponent(current_player(state), "master", Budget(seconds=1.0))
    started = time.perf_counter()
    choice = master.choose(view(state))
    spent = time.perf_counter() - started
    return {f"journeyman turn plan, {players}p (ms)": planning / plans * 1000,
            f"master simulations/s, {players}p": choice.simulations / spent}
