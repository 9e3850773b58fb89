"""The toy module on screen (its ``ui`` part): its Task's menu line and a view of its own."""

from __future__ import annotations

from textual.widgets import Static

from tiletum_tui.games.tiletum.ui.choice_steps import MenuPath, Step, tasks_step
from tiletum_tui.games.tiletum.ui.parts import UiPart
from tiletum_tui.games.tiletum.ui.views import GameView

from .engine_part import Tithe


def tithe_view(**kwargs) -> Static:
    """The view's widget: a plain Static that draws the player in turn's Food (no class of its own, so
    nothing of the toy stays in Textual's class caches once the test takes the module away)."""
    view = Static(**kwargs)

    def draw(scene) -> None:
        p = scene.state.players[scene.who if scene.who is not None else 0]
        view.update(f"Tithes: {p.name} has {p.resources['F']} Food to give")

    view.draw = draw
    return view


def _tithe(state, o, context) -> list[Step]:
    return [tasks_step(), Step("tithe", "Pay a tithe: 1 Food for 1 Gold", (6,))]


PART = UiPart(
    views=(GameView("tithe", "Tithes", "y", tithe_view, "the toy module's view",
                    applies=lambda state: "toy" in state.settings.modules),),
    menu={Tithe: MenuPath(_tithe, refused=True)},
)
