"""An open registry (issue 18, "An open registry"): a module registers everything it adds in one place of
its own, and no base file names it. The toy module of ``tests/modules/toy`` (one kind of action, the
tithe Task, and one view) is added to ``tiletum_tui.games.tiletum.registry`` from here, without touching a base file,
and played: on the engine, and on screen through the keys."""

from __future__ import annotations

import gc
import sys
from pathlib import Path

import pytest

from tiletum_tui.games.tiletum import registry
from tiletum_tui.games.tiletum.engine import (
    KINDS, Action, MalformedActionError, PlayerSetup, Settings, legal_actions, new_game, parse, rules_for,
)
from tiletum_tui.shell.session import EVERY_SEAT, Session
from tiletum_tui.shell.ui.app import TiletumApp
from tiletum_tui.games.tiletum.ui.screens.game import GameScreen
from tiletum_tui.games.tiletum.ui.widgets.decision import DecisionPanel

TOY = registry.Entry("toy", {"engine": "tests.modules.toy.engine_part", "ui": "tests.modules.toy.ui_part"})
PLAYERS = (PlayerSetup("Ann", "red"), PlayerSetup("Bob", "blue"))


@pytest.fixture
def toy():
    registry.add(TOY)
    yield
    _take_away()


def _take_away() -> None:
    """Remove the toy again, and its classes with it (so the tests that count every kind of action, in
    ``tests/engine``, see only the program's own, whatever the order the tests run in)."""
    registry.remove("toy")
    for name in [m for m in sys.modules if m.startswith("tests.modules.toy")]:
        del sys.modules[name]
    if hasattr(sys.modules[__package__], "toy"):  # (the package keeps its subpackage as an attribute)
        delattr(sys.modules[__package__], "toy")
    gc.collect()


def test_the_toy_module_brings_its_verb_only_to_games_played_with_it(toy):
    """"Verbs belong to a ruleset, so a base game refuses an expansion's verb at parse time as unknown.\""""
    base = rules_for(Settings(players=PLAYERS, seed=1))
    with pytest.raises(MalformedActionError, match="unknown action 'tithe' in this game: it is an action of "
                                                   "The toy module"):
        parse("1: tithe", rules=base)
    toy_rules = rules_for(Settings(players=PLAYERS, seed=1, modules=("toy",)))
    assert type(parse("1: tithe", rules=toy_rules)).__name__ == "Tithe"
    with pytest.raises(MalformedActionError, match="unknown action 'prospect' in this game"):
        parse("1: prospect 1A2", rules=toy_rules)  # the expansion's verb: not this game's either


def test_a_module_taken_away_takes_its_verb_along():
    registry.add(TOY)
    assert "tithe" in KINDS and parse("1: tithe")
    _take_away()
    assert "tithe" not in KINDS
    with pytest.raises(MalformedActionError, match="unknown action 'tithe'"):
        parse("1: tithe")
    with pytest.raises(ValueError, match="unknown module toy"):
        new_game(Settings(players=PLAYERS, seed=1, modules=("toy",)))
    assert "Tithe" not in {k.__name__ for k in Action.__subclasses__()}


def test_a_module_with_state_must_register_in_the_modules_package():
    with pytest.raises(ValueError, match="has state: register it in tiletum_tui/games/tiletum/modules/"):
        registry.add(registry.Entry("stateful", {"state": "tests.modules.toy.engine_part"}))


def test_a_module_registers_itself_with_a_file_of_its_own(tmp_path, monkeypatch):
    """Issue 18 (an open registry): a module is found from its own file in the modules package, in the
    order of the files' names; the registry's own file names no module."""
    from tiletum_tui.games.tiletum import modules

    (tmp_path / "toy_entry.py").write_text(
        "NAME = 'toy'\nPARTS = {'engine': 'tests.modules.toy.engine_part'}\n")
    monkeypatch.setattr(modules, "__path__", [*modules.__path__, str(tmp_path)])
    try:
        found = [e.name for e in registry._registered()]
    finally:
        sys.modules.pop("tiletum_tui.games.tiletum.modules.toy_entry", None)
    assert found == ["action-tiles", "silver", "toy"]
    source = Path(registry.__file__).read_text()
    assert not [e.name for e in registry.ENTRIES if e.name in source or e.name.replace("-", "_") in source]


async def test_the_toy_module_plays_on_screen_with_its_task_and_its_view(toy, tmp_path):
    """The toy's Task is a line under Tasks (its words from its own menu path), chosen with the keys, and
    its view opens with its key; a base game shows neither."""
    session = Session.new(Settings(players=PLAYERS, seed=3, modules=("toy",)), save_dir=tmp_path, autosave=False)
    session.apply(next(a for a in legal_actions(session.state) if a.verb() == "die"), by=EVERY_SEAT)  # Tasks come after a die
    while type(session.state.stack[-1]).__name__ != "TurnFrame":  # its Action done at once
        session.apply(next(a for a in legal_actions(session.state) if a.verb() in ("done", "skip")), by=EVERY_SEAT)
    app = TiletumApp(session=session, save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        before = screen.model.state.players[0].resources
        assert before["F"] >= 1
        await pilot.press("t")
        await pilot.pause()
        panel = screen.query_one(DecisionPanel)
        line = next(i for i, c in enumerate(panel.options) if c.label == "Pay a tithe: 1 Food for 1 Gold")
        await pilot.press(str(line + 1))
        await pilot.pause()
        after = screen.model.state.players[0].resources
        assert (after["F"], after["G"]) == (before["F"] - 1, before["G"] + 1)
        assert session.log[-1].notation == "1: tithe" and "pays a tithe" in session.log[-1].text
        await pilot.press("y")
        await pilot.pause()
        assert screen.current_view == "tithe"
        assert f"Ann has {after['F']} Food to give" in str(screen.query_one("#tithe-view").render())


def test_after_the_toy_no_kind_of_action_of_its_is_left():
    """(Runs after the screen test: the app and its session are gone, and with them the toy's classes.)"""
    gc.collect()
    assert "Tithe" not in {k.__name__ for k in Action.__subclasses__()} and "tithe" not in KINDS



