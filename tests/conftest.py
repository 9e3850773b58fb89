"""Every test runs with its own empty config, data and state folders: a player's real keys.json and saves
never reach a test, and no test writes into the real ones."""

import pytest


@pytest.fixture(autouse=True)
def _own_config_folder(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path_factory.mktemp("config")))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("data")))
    # The machine-wide game locks live in the state folder: tests in parallel never share one.
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path_factory.mktemp("state")))


@pytest.fixture
def full_disk(tmp_path, monkeypatch):
    """A save folder whose disk is full (every write there fails as the OS would say), and a spare
    folder that works (any game's save goes through ``saves.store.write_atomic``)."""
    from tiletum_tui.saves import store
    from tiletum_tui.saves.errors import SaveWriteError

    full, spare = tmp_path / "full", tmp_path / "spare"
    full.mkdir()
    spare.mkdir()
    real = store.write_atomic

    def write(path, data):
        if path.parent == full:
            raise SaveWriteError(path, "the save could not be written: the disk is full")
        real(path, data)

    monkeypatch.setattr(store, "write_atomic", write)
    return full, spare
