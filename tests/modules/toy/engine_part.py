"""A toy module's rules (its ``engine`` part): one Task, the tithe (pay 1 Food for 1 Gold). Nothing of a
real game; it shows that a module plugs in through the registry alone (``test_toy_module``)."""

from __future__ import annotations

from tiletum_tui.games.tiletum.engine.actions import Action, Rule, refuse
from tiletum_tui.games.tiletum.engine.common import gain, tasks_open
from tiletum_tui.games.tiletum.engine.ruleset import Module


class Tithe(Action, tag="tithe"):
    RULE = Rule("A toy Task: pay 1 Food for 1 Gold, at any point of your own turn.", "actions", "tasks")

    def check(self, r, state, frame) -> None:
        tasks_open(state, frame)
        if state.players[frame.player].resources["F"] < 1:
            raise refuse("a tithe is paid in Food and you have none")

    def apply(self, r, state, frame) -> None:
        gain(state.players[frame.player], {"F": -1, "G": 1})

    def describe(self, r, state) -> str:
        return "pays a tithe of 1 Food for 1 Gold"

    @classmethod
    def moves(cls, r, state, frame, sure: list, unsure: list) -> None:
        if state.players[frame.player].resources["F"] >= 1:
            sure.append(cls(frame.player))


class Toy(Module):
    name = "toy"
    title = "The toy module (a tithe)"
    help = "with the toy module"
    kinds = (Tithe,)
    task_kinds = (Tithe,)  # a Task: listed (its ``moves``) among the Tasks of the player's turn


PART = Toy()
