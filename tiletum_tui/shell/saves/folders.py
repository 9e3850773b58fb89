"""Which folder saves go to (``resolve_save_dir``): light to import, so the title screen can name
its folder before the save format (msgspec) and the engine are imported (start-up, issue 24).
``store`` re-exports these; see its docstring for the rules."""

from __future__ import annotations

import os
from pathlib import Path

from tiletum_tui.core import paths

PROJECT_NAME = "tiletum-tui"
PROJECT_SAVE_FOLDER = "savegames"


def resolve_save_dir(cli_arg: str | os.PathLike[str] | None = None, *,
                     cwd: str | os.PathLike[str] | None = None) -> Path:
    """The folder saves go to (not created here: see ``prepare_folder``)."""
    if cli_arg is not None and os.fspath(cli_arg) != "":
        return Path(cli_arg).expanduser()
    here = Path(cwd) if cwd is not None else Path.cwd()
    if is_project_folder(here):
        return here / PROJECT_SAVE_FOLDER
    return paths.user_data_folder()


def is_project_folder(folder: Path) -> bool:
    if not (folder / PROJECT_SAVE_FOLDER).is_dir():
        return False
    import tomllib  # only where a savegames/ folder is (start-up)

    try:
        with open(folder / "pyproject.toml", "rb") as f:
            return tomllib.load(f).get("project", {}).get("name") == PROJECT_NAME
    except (OSError, tomllib.TOMLDecodeError):
        return False
