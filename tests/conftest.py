"""Every test runs with its own empty config, data and state folders: a player's real keys.json and saves
never reach a test, and no test writes into the real ones (nor into the checkout's savegames/)."""

from pathlib import Path

import pytest

from tiletum_tui.shell.saves import folders

CHECKOUT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def _own_config_folder(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path_factory.mktemp("config")))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("data")))
    # The machine-wide game locks live in the state folder: tests in parallel never share one.
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path_factory.mktemp("state")))
    # Run from the checkout, the app saves into its savegames/ (the project folder's): a test that names no
    # folder saves into its own data folder instead (a lesson's progress, tutorial.json, appeared there).
    real = folders.is_project_folder
    monkeypatch.setattr(folders, "is_project_folder", lambda folder: real(folder) and Path(folder).resolve() != CHECKOUT)


def _share_parsed_css() -> None:
    """Parsed CSS is shared by the apps of one test process. Each app parses every stylesheet again
    (the game's and each widget's DEFAULT_CSS), about a tenth of a Pilot test's fixed cost, paid by some
    thousand tests. Textual keeps parsed rules per stylesheet, keyed by the CSS text, where it came from
    and its place; here the key adds the theme's variables (what the parse substitutes), so an app
    with another theme gets its own rules; rules with errors are reported by every app that reads them,
    as Textual's own cache does."""
    from textual.css.stylesheet import Stylesheet

    parse = Stylesheet._parse_rules
    shared: dict = {}

    def _parse_rules(self, css, read_from, is_default_rules=False, tie_breaker=0, scope=""):
        key = (css, read_from, is_default_rules, tie_breaker, scope, tuple(sorted(self._variables.items())))
        rules = shared.get(key)
        if rules is None:
            rules = parse(self, css, read_from, is_default_rules, tie_breaker, scope)
            shared[key] = rules
        return rules

    Stylesheet._parse_rules = _parse_rules


_share_parsed_css()


def pytest_collection_finish(session) -> None:
    """The garbage collector's full passes walk every object alive: after collection, the suite's
    modules, the collected tests and Hypothesis make that heap large, and each of the thousands of apps
    the tests start makes enough garbage to trigger many passes. What exists once collection is done
    lives to the end, so it is frozen out of them, and the youngest generation is collected less often."""
    import gc

    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000, 20, 20)  # (700, 10, 10) by default


@pytest.fixture
def full_disk(tmp_path, monkeypatch):
    """A save folder whose disk is full (every write there fails as the OS would say), and a spare
    folder that works (any game's save goes through ``saves.store.write_atomic``)."""
    from tiletum_tui.shell.saves import store
    from tiletum_tui.shell.saves.errors import SaveWriteError

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
