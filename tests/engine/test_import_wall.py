"""The import wall: the rules engine, the component data and the save files never load the UI toolkit."""

import re
import subprocess
import sys

import pytest

HEADLESS = ["tiletum_tui.games.tiletum.engine", "tiletum_tui.games.tiletum.data.catalogue", "tiletum_tui.shell.saves", "tiletum_tui.shell.session", "tiletum_tui.games.tiletum.headless"]


@pytest.mark.parametrize("module", HEADLESS)
def test_headless_modules_do_not_import_textual_or_rich(module):
    code = (
        f"import sys, importlib; importlib.import_module('{module}'); "
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich') or m.startswith('tiletum_tui.games.tiletum.ui'));"
        "print(','.join(bad)); sys.exit(1 if bad else 0)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, f"{module} pulls in {result.stdout.strip()} {result.stderr[-500:]}"


def test_the_engine_uses_no_global_random_and_no_files():
    """Randomness only from the game's seed; no file I/O in the rules."""
    import pathlib

    import tiletum_tui.games.tiletum.engine as engine

    for path in pathlib.Path(engine.__file__).parent.rglob("*.py"):  # the modules' packages too
        text = path.read_text()
        assert "import random" not in text and "from random" not in text, path
        assert not re.search(r"(?<![\w.])open\(|\bpathlib\b|\bos\.", text), path
