"""The Action tiles variant (Setup 3, the variant) as a module of the ruleset: the six Action tiles are
shuffled around the Action Wheel. Registered as ``action-tiles`` in ``tiletum_tui/games/tiletum/modules/action_tiles.py``."""

from __future__ import annotations

from .effects import shuffle
from .ruleset import Module


class ActionTiles(Module):
    name = "action-tiles"
    title = "Action tiles variant (random Action order)"
    help = "the Action tiles variant"

    def wheel_actions(self, r, state, printed):
        wheel = list(r.tracks.action_tiles)
        shuffle(state, wheel)
        return tuple(wheel)


PART = ActionTiles()
