"""The styled drawings' widgets (``Ink``, ``Painted``): their home is ``shell/ui/painted.py``, below every
game's screens (the replay and its charts, shared by the games, draw with them too)."""

from tiletum_tui.shell.ui.drawing import Drawing  # noqa: F401
from tiletum_tui.shell.ui.painted import PLAYER_COLOURS, Ink, LineCached, Painted, SceneView  # noqa: F401
