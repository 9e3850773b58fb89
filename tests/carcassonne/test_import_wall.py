"""The Carcassonne engine is pure (issue 19, the project's rules): it loads no textual or rich, no
screen and nothing of Tiletum's engine, uses no global random and opens no files."""

from __future__ import annotations

import pathlib
import re
import subprocess
import sys

import tiletum_tui.games.carcassonne.engine as engine


def test_the_engine_loads_no_toolkit_and_not_tiletum():
    code = ("import sys, tiletum_tui.games.carcassonne.engine.game; "
            "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich') "
            "or m.startswith(('tiletum_tui.games.tiletum.ui', 'tiletum_tui.games.tiletum.engine', 'tiletum_tui.games.carcassonne.ui'))); "
            "print(','.join(bad)); sys.exit(1 if bad else 0)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr[-500:]


def test_no_global_random_and_no_files():
    for path in pathlib.Path(engine.__file__).parent.rglob("*.py"):
        text = path.read_text()
        assert "import random" not in text and "from random" not in text, path
        assert not re.search(r"(?<![\w.])open\(|\bpathlib\b|\bos\.", text), path
