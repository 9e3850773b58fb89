"""The host the benches measure: ``tiletum host`` in a process of its own, on a folder of its own, and
stopped with that folder removed (``bench``, ``bench_screens``, ``bench_web``)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]  # the folder holding ``tiletum_tui`` (an uninstalled checkout too)


def start_host(folder: Path, *options: str, env: dict | None = None) -> subprocess.Popen:
    """``tiletum host --host-dir FOLDER --quiet OPTIONS``, quiet, with this checkout on its path."""
    env = dict(os.environ if env is None else env)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p)
    return subprocess.Popen([sys.executable, "-m", "tiletum_tui", "host", "--host-dir", str(folder), "--quiet",
                             *options], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            stdin=subprocess.DEVNULL)


def stop_host(host: subprocess.Popen, folder: Path) -> None:
    """Ended (killed if it will not go within 10 s), and its folder gone."""
    host.terminate()
    try:
        host.wait(10)
    except subprocess.TimeoutExpired:
        host.kill()
    shutil.rmtree(folder, ignore_errors=True)
