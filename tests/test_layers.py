"""The layers contract (issue 8, "Layers as a contract"): data <- engine <- learn, saves <- session <- shell_ui <- ui, cli.

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
    env = {**os.environ, "PYTHONPATH": str(root)}
    return subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, env=env)


def test_the_layers_contract_is_kept():
    result = _lint(ROOT)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert "2 kept, 0 broken" in result.stdout


def test_the_contract_catches_an_engine_that_imports_the_session(tmp_path):
    """The contract can fail: a copy of the program whose engine imports the session breaks it."""
    import shutil

    copy = tmp_path / "project"
    shutil.copytree(ROOT / "tiletum_tui", copy / "tiletum_tui", ignore=shutil.ignore_patterns("__pycache__", "styles"))
    shutil.copy(ROOT / "pyproject.toml", copy / "pyproject.toml")
    (copy / "tiletum_tui" / "engine" / "sneak.py").write_text(textwrap.dedent("""
        from ..session import Session  # a rule reaching for the session: not allowed
    """))
    result = _lint(copy)
    assert result.returncode != 0
    assert "tiletum_tui.engine.sneak -> tiletum_tui.session" in result.stdout


def test_the_contract_keeps_each_games_screens_apart(tmp_path):
    """Issue 19: the shared dialogs sit below both games' screens (``shell_ui``), so Carcassonne's
    screens reach Ctrl+S and the rules browser without Tiletum's: importing Tiletum's screens, or the
    shell importing a game's screens, breaks the contract."""
    import shutil

    copy = tmp_path / "project"
    shutil.copytree(ROOT / "tiletum_tui", copy / "tiletum_tui", ignore=shutil.ignore_patterns("__pycache__", "styles"))
    shutil.copy(ROOT / "pyproject.toml", copy / "pyproject.toml")
    (copy / "tiletum_tui" / "carcassonne" / "ui" / "sneak.py").write_text("from ...ui.dialogs import help\n")
    (copy / "tiletum_tui" / "shell_ui" / "sneak.py").write_text("from ..carcassonne.ui import screen\n")
    result = _lint(copy)
    assert result.returncode != 0
    assert "tiletum_tui.carcassonne.ui.sneak -> tiletum_tui.ui.dialogs.help" in result.stdout
    assert "tiletum_tui.shell_ui.sneak -> tiletum_tui.carcassonne.ui.screen" in result.stdout
