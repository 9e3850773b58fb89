"""Issue 41 items 2 and 3: every line of every menu has a key of its own and is visibly there at 80x24
(a ▼ mark on the menu itself when it scrolls), and a line keeps its key for the whole decision."""

from __future__ import annotations

import random

from textual.widgets import OptionList

from tiletum_tui.games.tiletum.engine import PlayerSetup, Settings, apply, legal_actions, new_game, options
from tiletum_tui.shell.session import Session
from tiletum_tui.shell.ui.app import TiletumApp
from tiletum_tui.games.tiletum.ui.choices import build_menu
from tiletum_tui.games.tiletum.ui.line_memory import LineMemory
from tiletum_tui.games.tiletum.ui.widgets.decision import DecisionPanel


def _settings(seed: int, silver: bool = True, players: int = 2) -> Settings:
    names, colours = ("Ann", "Bob", "Cid", "Dee"), ("red", "blue", "green", "yellow")
    return Settings(players=tuple(PlayerSetup(names[i], colours[i]) for i in range(players)), seed=seed,
                    modules=("silver",) if silver else ())


def shown_key(level, i: int) -> str:
    """What a player reads in front of line ``i``: its letter (t, e) or its number among the numbered lines."""
    c = level[i]
    return c.letter or str(sum(1 for x in level[: i + 1] if not x.letter))


def _levels(menu, path=()):
    """Every level of a menu with its path: the groups' keys (a group collapsed into its one line is that
    line: the Settler's Rooms are one menu, the Engineer's another)."""
    yield path, menu
    for c in menu:
        if c.is_group and not c.disabled:
            yield from _levels(c.children, path + ((c.key, c.inner),))


async def test_a_tasks_menu_shows_every_line_at_80x24_and_says_so_when_it_cannot(tmp_path):
    # The game: at the start of Prospect for Silver's seed 9 the Tasks menu has 10 lines, and at
    # 80x24 only 6 showed. Now the side grows (the view above keeps five rows) and all 10 are there; on a
    # smaller screen the list scrolls and says so on itself. Line 10 ("1" then "0") is reached by keys.
    session = Session.new(_settings(9), save_dir=tmp_path, autosave=False)
    app = TiletumApp(session=session, save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("t")
        await pilot.pause()
        panel = app.screen.query_one(DecisionPanel)
        ol = app.screen.query_one("#choices", OptionList)
        assert len(panel.options) >= 10
        assert ol.scrollable_content_region.height >= len(panel.options) and not ol.has_class("-more")
        assert app.screen.query_one("#views").size.height >= 5
        await pilot.resize_terminal(80, 18)
        await pilot.pause()
        await pilot.pause()
        lines = panel.options
        hidden = len(lines) - ol.scrollable_content_region.height
        assert hidden > 0 and ol.has_class("-more")
        assert f"▼ {hidden} more below" in str(ol.border_subtitle)  # on the menu itself
        notes = []
        app.notify = lambda message, **kw: notes.append(message)
        await pilot.press("1", "0")
        await pilot.pause()
        assert ol.highlighted == 9 and lines[9].disabled and notes and lines[9].reason in notes[-1]
        assert "▲" in str(ol.border_subtitle)  # scrolled down to it: the lines above are counted
        assert str(ol.get_option_at_index(9).prompt).startswith("10 ")


async def test_a_first_digit_that_may_begin_a_longer_number_waits_for_enter_or_a_second(tmp_path):
    session = Session.new(_settings(9), save_dir=tmp_path, autosave=False)
    app = TiletumApp(session=session, save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("t")
        await pilot.pause()
        panel = app.screen.query_one(DecisionPanel)
        notes = []
        app.notify = lambda message, **kw: notes.append(message)
        await pilot.press("1")
        assert panel.pending is not None and not notes  # line 1 highlighted, nothing chosen yet
        assert "a second digit: line 10" in str(app.screen.query_one("#decision-title").render())
        await pilot.press("enter")
        await pilot.pause()
        assert panel.pending is None and notes and panel.options[0].reason in notes[-1]


def test_every_line_of_every_menu_has_a_key_of_its_own():
    """Random positions of both base and expansion games: on every level, each line shows a key and no
    two lines share one (lines past the ninth had none: issue 41 item 2)."""
    from tiletum_tui.games.tiletum.ui.choices import key_of, line_of

    long_seen = False
    for seed in range(1, 6):
        state = new_game(_settings(seed, silver=seed % 2 == 1, players=2 + seed % 3))
        rng = random.Random(seed)
        memory = LineMemory()
        for _ in range(300):
            if state.phase == "over":
                break
            menu = build_menu(state, options(state))
            memory.keep(state, menu)
            for path, level in _levels(menu):
                keys = [key_of(level, i) for i in range(len(level))]  # what the panel prints before each line
                assert keys == [shown_key(level, i) for i in range(len(level))]
                assert all(keys) and len(set(keys)) == len(keys), (path, keys)
                for i, key in enumerate(keys):  # and typing it picks that line
                    assert (line_of(level, int(key)) if key.isdigit() else level.index(
                        next(c for c in level if c.letter == key))) == i
                long_seen |= len(level) > 9
            state = apply(state, rng.choice(legal_actions(state)))
    assert long_seen  # menus of ten lines and more were met


def test_a_line_keeps_its_key_for_the_whole_decision():
    """Random play, menu after menu as the screen builds them (``LineMemory``): within one decision
    (the same frames on the stack, the same turn), a line still shown keeps the key it showed (the
    Architect's Tasks and End were 6 and 7, then 5 and 6 after a move; a move to a Town still next to
    the piece moved up a line; Prospector lines shifted when Place a Mine came), and a line that comes
    back shows its old key unless another line of that menu holds it now (a Character refilled into the
    offer where another stands)."""
    kept = returned = 0
    for seed in range(1, 9):
        state = new_game(_settings(seed, silver=seed % 2 == 0))
        rng = random.Random(seed)
        memory = LineMemory()
        last: dict = {}  # (decision, path) -> {line: key} of the menu shown last
        ever: dict = {}  # (decision, path) -> {line: key} of every menu shown in the decision
        for _ in range(400):
            if state.phase == "over":
                break
            menu = build_menu(state, options(state))
            memory.keep(state, menu)
            top = state.stack[-1] if state.stack else None
            decision = ((top.player if top else None, state.round, state.lap, state.phase),
                        tuple((type(f).__name__, getattr(f, "action", ""), getattr(f, "building", ""))
                              for f in state.stack))  # (the bonuses of one Building are one decision)
            for path, level in _levels(menu):
                now = {c.key: shown_key(level, i) for i, c in enumerate(level)}
                before, seen = last.get((decision, path), {}), ever.setdefault((decision, path), {})
                for line, key in now.items():
                    if line in before:
                        assert before[line] == key, (decision, path, line, before[line], key)
                        kept += 1
                    elif line in seen and seen[line] not in [k for x, k in now.items() if x != line]:
                        assert seen[line] == key, (decision, path, line, seen[line], key)
                        returned += 1
                last[(decision, path)] = now
                seen.update(now)
            state = apply(state, rng.choice(legal_actions(state)))
    assert kept > 500 and returned > 5


def test_a_line_kept_in_its_place_carries_no_stale_hint_mark():
    """Item 6: "6 ◆ Exchange …" greyed and "7 ◆ ★ Tasks…" at once. The screen marks the master's
    suggestion (◆) on the menu after the lines are kept; a line kept greyed in its place in a later menu
    must not carry a mark from then."""
    from tiletum_tui.games.tiletum.ui.opponents import SUGGESTED

    kept = 0
    for seed in range(1, 6):
        state = new_game(_settings(seed, silver=seed % 2 == 0))
        rng = random.Random(seed)
        memory = LineMemory()
        for _ in range(300):
            if state.phase == "over":
                break
            menu = build_menu(state, options(state))
            memory.keep(state, menu)
            for path, level in _levels(menu):
                for c in level:
                    assert not c.label.startswith(SUGGESTED), (path, c.label)
                    kept += c.disabled
                    c.label = SUGGESTED + c.label  # as the screen marks a suggestion, after keeping the lines
            action = rng.choice(legal_actions(state))
            memory.chosen.add(action)
            state = apply(state, action)
    assert kept


def test_a_helpers_any_action_is_not_called_the_jokers():
    """Item 9: the Helper "any Action" opened "choose the Action for the Joker's 1 AP"."""
    from tiletum_tui.games.tiletum.engine.state import JokerFrame
    from tiletum_tui.games.tiletum.ui.choices import decision_title

    for seed in range(1, 40):
        state = new_game(_settings(seed, silver=False))
        rng = random.Random(seed)
        for _ in range(400):
            if state.phase == "over":
                break
            top = state.stack[-1] if state.stack else None
            if isinstance(top, JokerFrame):
                title = decision_title(state, options(state))
                assert ("Joker" in title) == (top.source == "die"), (top.source, title)
                if top.source != "die":
                    assert "choose any Action for" in title
                    return
            state = apply(state, rng.choice(legal_actions(state)))
    raise AssertionError("no Helper's 'any Action' met")
