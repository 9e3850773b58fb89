"""Every test runs with its own empty config folder: a player's real keys.json never reaches a test."""

import pytest


@pytest.fixture(autouse=True)
def _own_config_folder(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path_factory.mktemp("config")))
