"""Setting up Carcassonne positions for the rule tests: a game whose next tiles are chosen."""

from __future__ import annotations

from tiletum_tui.games.carcassonne.engine import RULES_VERSION, PlayerSetup, Settings, apply, new_game, parse
from tiletum_tui.games.carcassonne.engine.invariants import check_invariants

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve")


def settings(players: int = 2, seed: int = 1, river: bool = False, rules: int = RULES_VERSION) -> Settings:
    colours = ("red", "blue", "green", "yellow", "black", "white")
    return Settings(players=tuple(PlayerSetup(f"{NAMES[i % 5]}{i // 5 or ''}", colours[i]) for i in range(players)),
                    seed=seed, river=river, rules=rules)


def arranged(order, players: int = 2, river: bool = False, rules: int = RULES_VERSION):
    """A new game whose tiles come in ``order`` (the first one drawn already), then no more: the
    game ends after the turn that places the last of them."""
    state = new_game(settings(players, river=river, rules=rules)).clone()  # (a writable copy, to arrange)
    state.drawn = order[0]
    state.pile = list(reversed(order[1:]))
    return state


def play(state, *lines):
    """Apply notation lines (each checked, invariants after each); the last state."""
    for line in lines:
        after = apply(state, parse(line, state.seat))
        check_invariants(after, state)
        state = after
    return state


def events_of(state, kind):
    return [e for e in state.events if type(e).__name__ == kind]
