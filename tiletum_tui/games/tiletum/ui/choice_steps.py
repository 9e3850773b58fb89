"""Each engine option's path of menu steps: the words of its lines, top level first.

An option gets a *path* of short steps ("Die 3B" > "To 4 for 2 Gold" > "Take the Bonus tile");
``choices.build_menu`` merges the paths into the menu's tree. Every step carries an ``order``:
lines are sorted by it, never by legality, so a choice keeps its line and number from one visit to
the next (keeping a die's value is always the first line; a greyed line stays where its legal self
would be). Moves are named by where they lead, with an arrow for the direction on the map. Nothing
here works out a rule: every number on a line comes from the option. Pure Python (no textual).

Each kind of action describes its own path, once: a ``MenuPath`` (its steps, and whether a refused
option of the kind keeps a greyed line). The base game's kinds are described in ``base_choices``; a
module describes its own in its ``ui`` part (``UiPart.menu``, ``tiletum_tui/games/tiletum/registry.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable


TASK = "task"
FINISH = "~"  # keys of the lines that finish something (Done, Skip, End turn) start with it
# How a step's label reads when its group is collapsed into it (the group had no other choice):
DROP, ALONE = "drop", "alone"  # keep only the group's label / keep only this step's label
LAST = (9,)  # the order of the finishing lines: always at the bottom


@dataclass
class Step:
    key: str
    label: str
    order: tuple = ()
    detail: str = ""
    space: str | None = None
    collapse: str = ""
    name: str = ""
    crumb: str = ""


def tasks_step() -> Step:
    """The group every Task's path starts with (``t``)."""
    return Step(TASK, "Tasks…", (8,), crumb="Tasks")


@dataclass(frozen=True)
class Context:
    """What a path may need beyond its option: ``kept`` maps a die (value, colour) to its option kept at
    its value, whose outcome the die's first line shows (and ("tile", value) to the Bonus tile it may
    take along); ``came_from`` maps (seat, piece) to the space the piece last left (that move is marked
    as the way back); ``shared`` maps the (value, colour, target) of dice whose wheel section offers
    another Action too (a module's) to that Action."""

    kept: dict
    came_from: dict
    shared: dict


@dataclass(frozen=True)
class MenuPath:
    """How one kind of action shows in the decision menu: ``steps(state, option, context)`` gives its
    path (its group's lines, then its own); ``refused`` says whether a refused option of the kind keeps
    a greyed line with the engine's reason (True, or ``refused(option)``); ``town_only``: a greyed line
    names the Town alone (the space in it was only the engine's example)."""

    steps: Callable
    refused: bool | Callable = False
    town_only: bool = False
    repeats: bool = False  # a move: chosen once, it may be chosen again (a line it leaves is never "done")


__all__ = ["ALONE", "DROP", "FINISH", "LAST", "TASK", "Context", "MenuPath", "Step", "tasks_step"]
