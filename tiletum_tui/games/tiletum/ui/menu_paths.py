"""Which menu path each kind of action takes in the decision panel: the base game's (``base_choices``)
and each module's (its ui part's ``menu``), and what a path says of an option (its steps, whether a
refused one is shown, whether it is a town's alone)."""

from __future__ import annotations

from .. import registry
from .base_choices import PATHS
from ..engine import actions as A
from .choice_steps import Context, MenuPath, Step
from .parts import ui_parts


def _unknown(state, o, context) -> list[Step]:
    """A kind no one described: its notation, on a line of its own (still playable)."""
    text = A.notation(o.action)
    return [Step(text, text, (7,))]


_UNKNOWN = MenuPath(_unknown)
_PATHS: list = [-1, {}]  # (registry version, kind -> MenuPath)
registry.watch(lambda: _PATHS.__setitem__(slice(None), [-1, {}]))  # (a module gone: its kinds let go)


def paths() -> dict[type, MenuPath]:
    """Every kind's menu path: the base game's and the modules' (rebuilt when a module comes or goes)."""
    if _PATHS[0] != registry.version():
        found = dict(PATHS)
        for part in ui_parts():
            found.update(part.menu)
        _PATHS[:] = [registry.version(), found]
    return _PATHS[1]


def menu_path(action) -> MenuPath:
    found = paths()
    for kind in type(action).__mro__:
        if kind in found:
            return found[kind]
    return _UNKNOWN


def steps(state, o, kept: dict, came_from: dict, shared: dict | None = None) -> list[Step]:
    """The menu path of one option (``Context`` says what the other arguments are)."""
    return menu_path(o.action).steps(state, o, Context(kept, came_from, shared or {}))


def shown_refused(o, legal_set) -> bool:
    """Is this refused option worth a greyed line (what a player looks for and wants to know why not)?"""
    refused = menu_path(o.action).refused
    return refused(o) if callable(refused) else refused


def town_only(action) -> bool:
    return menu_path(action).town_only


def repeats(action) -> bool:
    return menu_path(action).repeats
