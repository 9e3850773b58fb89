"""The decision panel: greyed choices say why; resizing keeps the game; undo; the map cursor; the
numbers on the lines come from the engine (Completed Buildings, a Helper's Resource, a Joker)."""

from __future__ import annotations

from tiletum_tui.games.tiletum.engine import digest, legal_actions
from tiletum_tui.games.tiletum.engine.state import (
    JokerFrame,
    MoveAnywhereFrame,
    MoveFrame,
    TurnFrame,
    put,
)
from tiletum_tui.shell.ui.app import TiletumApp
from tiletum_tui.games.tiletum.ui.screens.game import GameScreen
from tiletum_tui.games.tiletum.ui.widgets.decision import DecisionPanel

from .chooser import presses
from tiletum_tui.games.tiletum.ui.widgets.map_view import MapView

from .conftest import make_session, midgame_session, session_where


def _lines(screen) -> list[str]:
    from textual.widgets import OptionList

    ol = screen.query_one("#choices", OptionList)
    return [str(ol.get_option_at_index(i).prompt) for i in range(ol.option_count)]


def _session_with_a_greyed_line(tmp_path):
    """A seeded random game, played until the decision panel's first level shows a refused line."""
    from tiletum_tui.games.tiletum.engine import options, view
    from tiletum_tui.games.tiletum.ui.choices import build_menu

    def greyed(state):
        seen = view(state)
        return any(c.disabled and not c.letter for c in build_menu(seen, options(seen)))

    return session_where(tmp_path, greyed, seed=3)


async def test_greyed_choice_shows_reason(tmp_path):
    app = TiletumApp(session=_session_with_a_greyed_line(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        panel = screen.query_one(DecisionPanel)
        greyed = [(i, c) for i, c in enumerate(panel.options) if c.disabled and not c.letter]  # (t opens the Tasks)
        assert greyed, "the position has a greyed choice"
        i, choice = greyed[0]
        assert choice.reason and (choice.note or choice.reason) in _lines(screen)[i]  # why, on the line itself
        notes = []
        before = len(screen.model.log)
        app.notify = lambda message, **kw: notes.append(message)  # catch the toast
        await pilot.press(*presses(panel, i))  # picking it anyway explains in full, and changes nothing
        assert notes and choice.reason in notes[-1]
        assert len(screen.model.log) == before  # the game is as it was


async def test_resize_keeps_the_game(tmp_path):
    session = midgame_session(tmp_path)
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        before = session.state
        await pilot.press("t")  # open a sub-menu: the Tasks
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        await pilot.press("m", "b", "w", "o", "l", "s")  # every view draws at 60x20
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert app.screen.has_class("-wide")
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert session.digest() == digest(before)  # (session.state is a copy: compared by digest)
        await pilot.press("escape", "1")  # still playable: move the Merchant
        assert session.digest() != digest(before)


async def test_map_cursor_chooses_destination(tmp_path):
    """A pure map choice (a bonus moving a piece) focuses the map: the arrows move its cursor over the
    marked spaces, Enter chooses."""
    session = session_where(tmp_path, lambda s: bool(s.stack) and isinstance(s.stack[-1], (MoveFrame, MoveAnywhereFrame)))
    app = TiletumApp(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        panel = app.screen.query_one(DecisionPanel)
        group = next((i for i, c in enumerate(panel.options) if c.is_group and c.key.startswith("move-")), None)
        if group is not None:  # any space of the map: its own group
            await pilot.press(str(group + 1))
        map_view = app.screen.query_one(MapView)
        assert map_view.has_focus and map_view.legal
        start = map_view.cursor
        for key in ("down", "up", "left", "right"):
            await pilot.press(key)
            if map_view.cursor != start:
                break
        assert map_view.cursor != start and map_view.cursor in map_view.legal
        target, seat = map_view.cursor, session.state.stack[-1].player
        piece = session.state.stack[-1].piece
        await pilot.press("enter")
        moved = [p for p in ("merchant", "architect") if p == piece or piece == "both"]
        assert target in [getattr(session.state.players[seat], p) for p in moved]


def test_map_cursor_keeps_to_its_direction():
    """'Left from a road jumped to another road' (issue 9): an arrow goes to the nearest space that way,
    within 60 degrees of it (never behind, never far to the side); from a Road space Left and Right
    reach the Towns at its ends when they lie that way."""
    from tiletum_tui.games.tiletum.engine.ruleset import rules_for
    from tiletum_tui.games.tiletum.ui import mapdraw as M

    from .conftest import SETTINGS

    r = rules_for(SETTINGS)
    at = {s.id: M.cell(s, M.SX, 2.0) for s in r.cat.map.spaces}
    for sid in at:
        for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            to = M.nearest(at, sid, list(at), dx, dy)
            if to is None:
                continue
            (r0, c0), (r1, c1) = at[sid], at[to]
            x, y = c1 - c0, (r1 - r0) * 2
            along = x * dx + y * dy
            assert along > 0 and abs(x * dy) + abs(y * dx) <= along * 1.8, (sid, (dx, dy), to)
    for road in (s for s in r.cat.map.spaces if s.kind == "road"):
        ends = r.adjacent[road.id]
        left = min(ends, key=lambda t: at[t][1])
        if at[left][1] < at[road.id][1] - 4 and abs(at[left][0] - at[road.id][0]) * 2 < at[road.id][1] - at[left][1]:
            assert M.nearest(at, road.id, list(ends), -1, 0) == left, road.id


async def test_undo_within_turn(tmp_path):
    session = midgame_session(tmp_path)
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        before = session.state
        await pilot.press("1")  # a move: one key
        assert session.digest() != digest(before)
        await pilot.press("u")
        assert session.state.players[0].merchant == before.players[0].merchant
        assert legal_actions(session.state) == legal_actions(before)


def test_die_choices_show_the_ap_with_completed_building_bonus(tmp_path):
    """Completed Buildings: the Action gives its Bonus AP every time a die is taken for it; the menu says so."""
    from tiletum_tui.games.tiletum.engine import clone, options
    from tiletum_tui.games.tiletum.engine.queries import action_for_value
    from tiletum_tui.games.tiletum.ui.choices import build_menu

    from .conftest import make_session

    session = make_session(tmp_path, moves=0)  # the first player chooses a die
    state = clone(session.state)
    value = next(v for v, dice in enumerate(state.board.wheel_dice, 1) if dice and action_for_value(state, v) != "joker")
    p = state.players[state.stack[-1].player]
    put(p, "bonus_ap", {action_for_value(state, value): 2})  # arranged for the test
    labels = [c.label for c in build_menu(state, options(state))]
    assert any(label.startswith(f"Die {value}") and f"{7 - value + 2} AP" in label for label in labels), labels


def test_after_the_change_resource_helper_every_die_line_shows_that_resource(tmp_path):
    """Issue 9: 'after the Helper change Resource, the die list still shows each die's own Resource'.
    The lines read the engine's option facts, so after the Helper they say the chosen Resource."""
    from tiletum_tui.games.tiletum.engine import apply, options, view
    from tiletum_tui.games.tiletum.engine.tasks import UseHelper
    from tiletum_tui.games.tiletum.ui.choices import build_menu

    def has_helper(state):
        top = state.stack[-1] if state.stack else None
        return isinstance(top, TurnFrame) and not top.die_taken and any(
            isinstance(a, UseHelper) and a.resource for a in legal_actions(state))

    session = session_where(tmp_path, has_helper)
    use = next(a for a in legal_actions(session.state) if isinstance(a, UseHelper) and a.resource == "F")
    after = view(apply(session.state, use))
    dice = [c for c in build_menu(after, options(after)) if c.key.startswith("die")]
    assert dice and all(c.label.endswith("Food") for c in dice), [c.label for c in dice]


def test_the_joker_title_quotes_the_ap_the_lines_give(tmp_path):
    """Issue 9: 'the Joker prompt says 3 AP without the Completed Building's bonus'. Each line gives the AP
    that Action would get (the engine's count, with its Bonus AP); the title and the strip quote those,
    a range when they differ, one number when every Action gets the same (a Prospect for Silver Joker
    Technology adds 1 to each: the title said the frame's 1 AP over lines of 2)."""
    from tiletum_tui.games.tiletum.engine import clone, options
    from tiletum_tui.games.tiletum.ui.choices import build_menu, decision_title
    from tiletum_tui.games.tiletum.ui.widgets.strip import PlayerStrip

    session = session_where(tmp_path, lambda s: bool(s.stack) and isinstance(s.stack[-1], JokerFrame)
                            and s.stack[-1].source == "die")
    state = clone(session.state)
    top = state.stack[-1]
    put(state.players[top.player], "bonus_ap", {"king": 2})  # arranged: a Completed Building gives the King Action 2
    opts = options(state)
    lines = {c.key: c.label for c in build_menu(state, opts)}
    assert f"King Action: {top.ap + 2} AP" in lines["king"]
    assert f"Merchant Action: {top.ap} AP" in lines["merchant"]
    assert decision_title(state, opts).endswith(f"for the Joker's {top.ap}–{top.ap + 2} AP")
    put(state.players[top.player], "bonus_ap", {a: 1 for a in ("architect", "merchant", "character", "contract", "king")})
    opts = options(state)
    assert decision_title(state, opts).endswith(f"for the Joker's {top.ap + 1} AP")
    strip = PlayerStrip()
    strip.ink = lambda name: ""  # (no theme off screen: the words are what is checked)
    assert str(strip._ap(state)) == f"Joker: {top.ap + 1} AP to give"



async def test_the_die_taken_this_turn_is_marked_on_the_wheel_until_the_turn_ends(tmp_path):
    """Rulebook p.6 (a turn: take a die, then do its Action): while the turn goes on the wheel names
    the die the player in turn took and the Action it gives, so an opponent's move can be followed;
    once the turn ends the mark is gone (the die is then listed among those taken since)."""
    from tiletum_tui.games.tiletum.engine.turn import EndTurn, TakeDie
    from tiletum_tui.games.tiletum.ui.widgets.wheel import WheelView

    session = make_session(tmp_path)
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        game = app.screen

        async def wheel() -> str:
            game.action_view("wheel")
            await pilot.pause()
            return game.query_one(WheelView).render().plain

        die = next(a for a in legal_actions(session.state) if isinstance(a, TakeDie) and a.target == a.value)
        game.apply(die, by=0)
        assert f"▸ Ann took {die.value}{die.colour} this turn: the " in await wheel()
        while not any(isinstance(a, EndTurn) for a in legal_actions(session.state)):
            game.apply(legal_actions(session.state)[-1], by=0)
        game.apply(next(a for a in legal_actions(session.state) if isinstance(a, EndTurn)), by=0)
        assert "this turn: the" not in await wheel()


def test_the_fair_announcement_says_the_vp_per_time_as_one_number(tmp_path):
    """Rulebook p.10 (Fair): each time the condition is met pays the Fair board's VP plus the tile's.
    The announcement says the sum, then where it comes from (a learner read '1+4 VP' as a puzzle)."""
    from types import SimpleNamespace

    from tiletum_tui.games.tiletum.engine.events import FairHeld
    from tiletum_tui.games.tiletum.ui.screens.announce import Announcing

    session = make_session(tmp_path, moves=400)
    entry = next(e for e in session.log if any(isinstance(ev, FairHeld) for ev in e.events))
    fair = next(ev for ev in entry.events if isinstance(ev, FairHeld))
    screen = SimpleNamespace(model=SimpleNamespace(state=session.state))
    _, _, notes = Announcing._announcement(screen, entry)
    note = next(n for n in notes if n.startswith("Fair in"))
    assert f": {fair.per} VP for each" in note
    assert f"({fair.board_vp} from the Fair board, {fair.tile_vp} from the tile)" in note


def test_a_die_changed_for_gold_one_lacks_says_so_shortly_also_when_two_actions_share_the_value():
    """Rulebook, taking a die: each step of change costs 2 Gold. With 1 Gold every change is greyed with
    the same short note, "you have 1 Gold"; with Prospect for Silver a 4 is the Contract or the
    Prospector Action, and that line once showed the long reason instead of the note."""
    from tiletum_tui.games.tiletum.engine import new_game, options, view
    from tiletum_tui.games.tiletum.engine.state import PlayerSetup, Settings
    from tiletum_tui.games.tiletum.ui.choices import build_menu

    state = view(new_game(Settings(players=(PlayerSetup("Ann", "red"), PlayerSetup("Bob", "blue")), seed=9,
                                   modules=("silver",))))
    assert state.players[0].resources["G"] == 1
    menu = build_menu(state, options(state))
    die = next(c for c in menu if c.label.startswith("Die 3Y"))
    greyed = [c for c in die.children if c.disabled]
    to_four = next(c for c in greyed if c.label.startswith("To 4"))
    assert to_four.is_group and len(to_four.children) == 2  # the Contract and the Prospector Action
    assert greyed and {c.note for c in greyed} == {"you have 1 Gold"}


def test_a_die_kept_where_two_actions_share_the_value_names_both_until_one_is_chosen():
    """Prospect for Silver: the Prospector Wheel puts the Prospector Action beside a base Action on two
    values (the die's line read "Contract or Prospector"); keeping the die there said "Contract" alone,
    in its line and in the path above, though the next step asks which of the two: its line names both,
    the path only the value (the step after names the one chosen, and the path fits a line)."""
    from tiletum_tui.games.tiletum.engine import new_game, options, view
    from tiletum_tui.games.tiletum.engine.state import PlayerSetup, Settings
    from tiletum_tui.games.tiletum.ui.choices import build_menu

    state = view(new_game(Settings(players=(PlayerSetup("Ann", "red"), PlayerSetup("Bob", "blue")), seed=9,
                                   modules=("silver",))))
    menu = build_menu(state, options(state))
    shared = [c for c in menu if c.label.startswith("Die") and " or " in c.label]
    assert shared, [c.label for c in menu]
    for die in shared:
        both = die.label.split(": ", 1)[1].split(" AP")[0].rsplit(" ", 1)[0]  # "Contract or Prospector"
        keep = next(c for c in die.children if c.label.startswith("Keep it at"))
        assert f": {both} " in keep.label, keep.label
        assert keep.crumb == f"kept at {die.label[4]}", keep.crumb  # (the next step names the one chosen)
        assert sorted(c.label.split(" (")[0] for c in keep.children) == sorted(
            f"For the {name} Action" for name in both.split(" or "))
