"""Issue 41, "The README and the command line":

20. "After the README's install, every other command is written as bare `tiletum …`, which is not on PATH
    in a fresh shell: say how (`.venv/bin/tiletum`, or activate the venv) once, where a newcomer reads it."
21. "`tiletum arena … --out DIR` refuses a folder that does not exist while the README shows it so; the host
    prints five CryptographyDeprecationWarnings before its own first line."
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tiletum_tui.shell import cli

README = Path(__file__).parent.parent / "README.md"


def test_the_readme_says_how_to_reach_tiletum_before_its_first_bare_command():
    text = README.read_text()
    setup, rest = text.split("## How to play", 1)
    # the two set-up commands, intact
    assert "    python3 -m venv .venv && .venv/bin/pip install -e . && .venv/bin/tiletum\n" in setup
    assert "    python3 -m venv .venv && .venv/bin/pip install -e '.[test]' && .venv/bin/python -m pytest -q\n" in setup
    # before the first bare `tiletum`, the way to run it from a new shell
    assert "source .venv/bin/activate" in setup and "`.venv/bin/tiletum …`" in setup
    assert "`tiletum" in rest


def test_the_arena_makes_its_out_folder(tmp_path, capsys):
    """The README's `--out DIR`: a folder not there yet is made, and the game is saved in it."""
    out = tmp_path / "results" / "games"
    assert cli.main(["arena", "--seats", "beginner,beginner", "--games", "1", "--jobs", "1", "--quiet",
                     "--out", str(out)]) == 0
    assert [p.suffix for p in out.iterdir()] == [".json"]
    assert "made the folder" in capsys.readouterr().err


def test_the_arena_still_refuses_an_out_that_is_a_file(tmp_path, capsys):
    (tmp_path / "x").write_text("not a folder")
    assert cli.main(["arena", "--seats", "beginner,beginner", "--games", "1", "--quiet",
                     "--out", str(tmp_path / "x")]) == 2
    assert "is not a folder" in capsys.readouterr().err
    assert (tmp_path / "x").read_text() == "not a folder"


def test_the_ssh_door_imports_without_cryptographys_dsa_warnings():
    """A fresh interpreter with Python's default warning filters, as `tiletum host` starts: nothing from
    asyncssh's import; a CryptographyDeprecationWarning from anywhere else is still shown."""
    code = ("import tiletum_tui.shell.host.ssh_door, tiletum_tui.shell.host.keys\n"
            "import warnings\n"
            "from cryptography.utils import CryptographyDeprecationWarning as W\n"
            "warnings.warn('another module warns', W)\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr[-500:]
    assert "DSA is deprecated" not in result.stderr
    assert result.stderr.count("CryptographyDeprecationWarning") == 1 and "another module warns" in result.stderr
