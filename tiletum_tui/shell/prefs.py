"""The player's settings that outlive a game (``prefs.json`` in the user config folder, beside
``keys.json``): whether hints are on (issue 41 item 9: they were off again after every load). A file
that cannot be read or written changes nothing but the setting's memory: the game goes on."""

from __future__ import annotations

import json

from tiletum_tui.core.paths import user_config_folder

PREFS_FILE = "prefs.json"


def _path():
    return user_config_folder() / PREFS_FILE


def load() -> dict:
    try:
        data = json.loads(_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def get(key: str, default=None):
    return load().get(key, default)


def remember(key: str, value) -> None:
    data = load()
    data[key] = value
    try:
        _path().parent.mkdir(parents=True, exist_ok=True)
        _path().write_text(json.dumps(data, indent=1), encoding="utf-8")
    except OSError:
        pass  # (not remembered: the setting still holds in this window)
