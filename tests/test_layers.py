"""The layers contracts (issue 8, "Layers as a contract"; issue 38, "A layout that is the architecture's
picture"): games <- shell <- core; no game imports another; a game's rules import only core and their
own package; inside each game data <- engine <- opponents <- learn <- ui.

Declared in pyproject.toml ([tool.importlinter]) and checked here with import-linter, next to the
runtime import wall (tests/engine/test_import_wall.py). A module importing from a layer above it
(the engine reaching for a save, the session for a screen) breaks the contract and fails this test.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _lint(root: Path) -> subprocess.CompletedProcess:
    code = "import sys; from importlinter.cli import lint_imports; sys.exit(lint_imports(no_cache=True))"
    env = {**os.environ, "PYTHONPATH": str(root), "COLUMNS": "400"}  # one import a line, unwrapped
    return subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, env=env)


def test_the_layers_contract_is_kept():
    result = _lint(ROOT)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert "8 kept, 0 broken" in result.stdout


def test_the_contract_catches_an_engine_that_imports_the_session(tmp_path):
    """The contract can fail: a copy of the program whose engine imports the session breaks it."""
    import shutil

    copy = tmp_path / "project"
    shutil.copytree(ROOT / "tiletum_tui", copy / "tiletum_tui", ignore=shutil.ignore_patterns("__pycache__", "styles"))
    shutil.copy(ROOT / "pyproject.toml", copy / "pyproject.toml")
    (copy / "tiletum_tui" / "games" / "tiletum" / "engine" / "sneak.py").write_text(textwrap.dedent("""
        from ....shell.session import Session  # a rule reaching for the session: not allowed
    """))
    result = _lint(copy)
    assert result.returncode != 0
    assert "tiletum_tui.games.tiletum.engine.sneak -> tiletum_tui.shell.session" in result.stdout


def test_the_contract_keeps_each_games_screens_apart(tmp_path):
    """Issue 19: the shared dialogs sit below both games' screens (``shell/ui``), so Carcassonne's
    screens reach Ctrl+S and the rules browser without Tiletum's: importing Tiletum's screens, or the
    shell importing a game's screens, breaks the contract."""
    import shutil

    copy = tmp_path / "project"
    shutil.copytree(ROOT / "tiletum_tui", copy / "tiletum_tui", ignore=shutil.ignore_patterns("__pycache__", "styles"))
    shutil.copy(ROOT / "pyproject.toml", copy / "pyproject.toml")
    (copy / "tiletum_tui" / "games" / "carcassonne" / "ui" / "sneak.py").write_text("from ...tiletum.ui.dialogs import help\n")
    (copy / "tiletum_tui" / "shell" / "ui" / "sneak.py").write_text("from ...games.carcassonne.ui import screen\n")
    result = _lint(copy)
    assert result.returncode != 0
    assert "tiletum_tui.games.carcassonne.ui.sneak -> tiletum_tui.games.tiletum.ui.dialogs.help" in result.stdout
    assert "tiletum_tui.shell.ui.sneak -> tiletum_tui.games.carcassonne.ui.screen" in result.stdout


def test_the_contract_keeps_a_games_rules_off_screens_and_the_shell(tmp_path):
    """Issue 38: a game's engine imports only ``core`` and its own package: Carcassonne's rules reaching
    for Textual, or for its own screens, or Tiletum's rules for the shell's saves, break the contract."""
    import shutil

    copy = tmp_path / "project"
    shutil.copytree(ROOT / "tiletum_tui", copy / "tiletum_tui", ignore=shutil.ignore_patterns("__pycache__", "styles"))
    shutil.copy(ROOT / "pyproject.toml", copy / "pyproject.toml")
    (copy / "tiletum_tui" / "games" / "carcassonne" / "engine" / "sneak.py").write_text("import textual\nfrom ..ui import land\n")
    (copy / "tiletum_tui" / "games" / "tiletum" / "engine" / "sneak.py").write_text("from ....shell.saves import store\n")
    result = _lint(copy)
    assert result.returncode != 0
    assert "tiletum_tui.games.carcassonne.engine.sneak -> textual" in result.stdout
    assert "tiletum_tui.games.carcassonne.engine.sneak -> tiletum_tui.games.carcassonne.ui.land" in result.stdout
    assert "tiletum_tui.games.tiletum.engine.sneak -> tiletum_tui.shell.saves.store" in result.stdout
