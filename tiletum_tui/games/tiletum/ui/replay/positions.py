"""Tiletum's part of the replay's positions: the shared ``shell.ui.replay.positions`` (every game's),
and the Actions chosen, read from Tiletum's decision stack (its charts' fourth page)."""

from __future__ import annotations

from tiletum_tui.shell.ui.replay.positions import EVERYTHING, UNITS, HiddenError, Positions, move_times, scored


def actions_chosen(positions: Positions, seat) -> list[dict[str, int]]:
    """Per seat, how many times each Action was taken with a die (read from the engine's decision
    stack: a die's Action begins as an ``ActionFrame`` of source "die" on the turn, the Joker's once
    its AP are given), up to the last position, as ``seat`` sees the game."""
    counts: list[dict[str, int]] = [{} for _ in positions.names]
    before = None
    for i in range(positions.last + 1):
        state = positions.view(i, seat)
        top = state.stack[-1] if state.stack else None
        if type(top).__name__ == "ActionFrame" and top.source == "die" and \
                type(before).__name__ in ("TurnFrame", "JokerFrame"):  # (not back from a bonus on top of it)
            counts[top.player][top.action] = counts[top.player].get(top.action, 0) + 1
        before = top
    return counts


__all__ = ["EVERYTHING", "HiddenError", "Positions", "UNITS", "actions_chosen", "move_times", "scored"]
