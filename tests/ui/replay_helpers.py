"""What the replay tests of both games compare with: the game replayed by its engine alone."""

from __future__ import annotations


def engine_states(session) -> list:
    """The game replayed by the engine alone from its settings: position i after i actions."""
    game = session.game
    state = game.new_game(session.settings)
    out = [state]
    for text in session.notation_log:
        state = game.apply(state, game.parse(text, None, session.settings))
        out.append(state)
    return out
