"""Rewrite references to the modules of before issue 38's layout (``tiletum_tui.engine``, ``tiletum_tui/ui/...``)
into today's (``tiletum_tui.games.tiletum.engine``, ...): for a branch begun before the move.

    python tools/relayout.py FILE...     # rewrites dotted and slashed names in place, prints what changed

Relative imports (``from ..session import``) are not rewritten: resolve them by hand from the file's new
folder (docs/layout.md), or make them absolute first.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

P = "tiletum_tui"
G = P + ".games.tiletum"
MAP = {
 P+".engine": G+".engine", P+".data": G+".data", P+".modules": G+".modules", P+".registry": G+".registry",
 P+".learn": G+".learn",
 P+".opponents": G+".opponents",
 P+".opponents.base": P+".shell.opponents.base", P+".opponents.worker": P+".shell.opponents.worker",
 P+".ui": G+".ui",
 P+".ui.app": P+".shell.ui.app", P+".ui.screens.title": P+".shell.ui.title",
 P+".ui.dialogs.choose_game": P+".shell.ui.choose_game", P+".ui.dialogs.load": P+".shell.ui.load",
 P+".ui.paths": P+".shell.ui.paths", P+".ui.games": G+".ui.game_screens",
 P+".ui.replay.bench": P+".shell.bench.replay",
 # (split files: the shared part went to the shell)
 P+".ui.games.screens_for": P+".shell.ui.games.screens_for", P+".ui.games.game_names": P+".shell.ui.games.game_names",
 P+".opponents.plug.for_game": P+".shell.opponents.plug.for_game",
 P+".opponents.plug.GameOpponents": P+".shell.opponents.plug.GameOpponents",
 P+".carcassonne": P+".games.carcassonne",
 P+".shell_ui": P+".shell.ui",
 P+".session": P+".shell.session", P+".saves": P+".shell.saves", P+".records": P+".shell.records", P+".host": P+".shell.host",
 P+".cli": P+".shell.cli", P+".cli_guard": P+".shell.cli_guard", P+".headless": G+".headless",
 P+".saves_cli": P+".shell.saves_cli", P+".records_cli": P+".shell.records_cli", P+".arena": P+".shell.arena",
 P+".safekeeping": P+".shell.safekeeping", P+".last_game": P+".shell.last_game", P+".lesson_progress": P+".shell.lesson_progress",
 P+".prefs": P+".shell.prefs", P+".moves_input": P+".shell.moves_input",
 P+".bench": P+".shell.bench", P+".bench.engine": G+".bench.engine", P+".bench.opponents": G+".bench.opponents",
 P+".bench.weights": G+".bench.weights", P+".bench.carcassonne": P+".games.carcassonne.bench",
 P+".game_interface": P+".core.game_interface", P+".frozen_dict": P+".core.frozen_dict", P+".safe_text": P+".core.safe_text",
 P+".paths": P+".core.paths", P+".bounded": P+".core.bounded", P+".rulebook": P+".core.rulebook",
 P+".lesson_cursor": P+".core.lesson_cursor", P+".games": P+".core.games",
 P+".styles": P+".shell.styles", P+".ui.widgets.keyline": P+".shell.ui.keyline",
}
def remap(name):
    parts = name.split(".")
    for i in range(len(parts), 0, -1):
        pre = ".".join(parts[:i])
        if pre in MAP:
            return ".".join([MAP[pre]] + parts[i:])
    return name


_NEW = ("tiletum_tui.games.tiletum", "tiletum_tui.games.carcassonne", "tiletum_tui.core", "tiletum_tui.shell.")
_NAME = re.compile(r"tiletum_tui(?:[./][A-Za-z_][A-Za-z0-9_]*)+")


def rewrite(text: str) -> str:
    def one(match: re.Match) -> str:
        found = match.group(0)
        sep = "/" if "/" in found else "."
        dotted, suffix = found.replace("/", "."), ""
        if dotted.startswith(_NEW) or dotted == "tiletum_tui.shell":
            return found
        if sep == "/" and dotted.endswith(".py"):
            dotted, suffix = dotted[:-3], ".py"
        return remap(dotted).replace(".", sep) + suffix
    return _NAME.sub(one, text)


if __name__ == "__main__":
    for name in sys.argv[1:]:
        path = Path(name)
        old = path.read_text()
        new = rewrite(old)
        if new != old:
            path.write_text(new)
            print(f"rewrote {name}")
