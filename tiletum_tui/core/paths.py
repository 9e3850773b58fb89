"""The player's folders: saves in the user data folder, the keys file in the user config folder.

platformdirs knows each system's rules (XDG on Linux, ``~/Library/Application Support`` on macOS,
``%LOCALAPPDATA%`` on Windows), so nothing here spells them out by hand:

- saves: ``user_data_dir("tiletum")``, e.g. ``~/.local/share/tiletum`` (``$XDG_DATA_HOME/tiletum``);
- keys: ``user_config_dir("tiletum")/keys.json``, e.g. ``~/.config/tiletum/keys.json``;
- what belongs to this computer, not to a save folder: ``user_state_dir("tiletum")``, e.g.
  ``~/.local/state/tiletum`` (``$XDG_STATE_HOME/tiletum``): the machine-wide game locks and where a
  game's autosave moved to.

Both are read from the environment at each call (tests point them at temporary folders).
"""

from __future__ import annotations

from pathlib import Path

import platformdirs

APP_FOLDER = "tiletum"
KEYS_FILE = "keys.json"


def user_data_folder() -> Path:
    """Where saves go when neither ``--save-dir`` nor the project folder's ``savegames/`` applies."""
    return Path(platformdirs.user_data_dir(APP_FOLDER, appauthor=False))


def user_config_folder() -> Path:
    return Path(platformdirs.user_config_dir(APP_FOLDER, appauthor=False))


def keys_file() -> Path:
    """The player's remapped keys (see ``ui.keymap``)."""
    return user_config_folder() / KEYS_FILE


def user_state_folder() -> Path:
    return Path(platformdirs.user_state_dir(APP_FOLDER, appauthor=False))


def locks_folder() -> Path:
    """The machine-wide locks, one per game being played (``saves.lock``)."""
    return user_state_folder() / "locks"


def moves_folder() -> Path:
    """Where each game's autosave went when it moved to another folder (``saves.moved``)."""
    return user_state_folder() / "moved"
