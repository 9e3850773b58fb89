"""Every test runs with its own empty config, data and state folders: a player's real keys.json and saves
never reach a test, and no test writes into the real ones."""

import pytest


@pytest.fixture(autouse=True)
def _own_config_folder(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path_factory.mktemp("config")))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("data")))
    # The machine-wide game locks live in the state folder: tests in parallel never share one.
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path_factory.mktemp("state")))
