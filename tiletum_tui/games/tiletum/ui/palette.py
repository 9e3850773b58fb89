"""The command palette's lines over Tiletum's game screen (the app shell asks each game's screens for
theirs: ``TiletumScreens.system_commands``)."""

from __future__ import annotations

from textual.app import SystemCommand

from ..engine import describe
from ..engine.tasks import TASKS
from .screens.game import GameScreen


def system_commands(screen):
    if not isinstance(screen, GameScreen):
        return
    for view in screen.views:
        yield SystemCommand(f"Show {view.title.lower()}", f"Switch the main view to: {view.help or view.title}",
                            lambda v=view.name: screen.action_view(v))
    yield SystemCommand("Tasks", "Open the Tasks of your turn in the decision panel", screen.action_tasks)
    yield SystemCommand("Undo", "Take back the last action (not past a die roll or a reveal)", screen.action_undo)
    failing = getattr(screen.model.session, "autosave_error", None)  # (issue 42: never "anyway" then)
    yield SystemCommand("Save game", "Save the game under a name or anywhere (" + (
        "its autosave fails: it is not saved" if failing else "it is autosaved anyway") + ")", screen.action_save)
    yield SystemCommand("Toggle notation", "Show the log in the engine's notation", screen.action_toggle_notation)
    for action in screen.model.legal():  # every Task possible now
        if isinstance(action, TASKS):
            yield SystemCommand(f"Task: {describe(screen.model.state, action)}", "Do this Task now",
                                lambda a=action: screen.choose(a))
