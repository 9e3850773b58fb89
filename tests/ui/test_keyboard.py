"""Issue 9: at 80x24 with only a keyboard, see everything a player at the table sees, and play a turn
in a few keys. Pilot tests of keyboard scrolling, the strip of the player in turn in every view, the
board following the player in turn, stable line numbers, picking a Town by typing its name, the
recap of what happened since your last turn, and a typical turn in 8 keys."""

from __future__ import annotations

import pytest
from textual import events
from textual.widgets import OptionList

from tiletum_tui.games.tiletum.engine import current_player, legal_actions
from tiletum_tui.games.tiletum.engine.map_actions import MovePiece
from tiletum_tui.games.tiletum.engine.state import ActionFrame, TurnFrame
from tiletum_tui.shell.ui.app import TiletumApp
from tiletum_tui.games.tiletum.ui.views import views_for
from tiletum_tui.games.tiletum.ui.widgets.decision import DecisionPanel

from .chooser import presses
from tiletum_tui.shell.ui.keyline import KeyLine
from tiletum_tui.games.tiletum.ui.widgets.map_view import MapView

from .conftest import log_unwrapped, midgame_session, session_where, turn_start_session
from tiletum_tui.shell.session import EVERY_SEAT

def _view_keys(state) -> dict[str, str]:
    """The first key of each view this game shows (a module's views only when the module is on)."""
    return {v.name: v.keys.split(",")[0] for v in views_for(state)}


def _text(widget) -> str:
    return str(widget.render())


def _keyline(screen) -> str:
    return " ".join(f"{h.key} {h.label}" for h in screen.query_one(KeyLine).hints)


def _labels(panel) -> list[str]:
    return [c.label for c in panel.options]


async def test_every_view_scrolls_from_the_keyboard_and_says_so(tmp_path):
    """PgDn/PgUp scroll the view on show (not the choice list), and the key line says when there is more."""
    app = TiletumApp(session=midgame_session(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        ol = screen.query_one("#choices", OptionList)
        scrolled = []
        for name, key in _view_keys(app.screen.model.state).items():
            await pilot.press(key)
            await pilot.pause()
            view = screen.query_one(f"#{name}")
            if view.max_scroll_y == 0:
                continue
            view.scroll_home(animate=False)
            await pilot.pause()
            highlighted = ol.highlighted
            assert "PgDn ▼" in _keyline(screen), name
            await pilot.press("pagedown")
            await pilot.pause()
            assert view.scroll_y > 0, name
            assert ol.highlighted == highlighted  # the choices stayed where they were
            assert "▲" in _keyline(screen), name
            top = view.scroll_y
            await pilot.press("shift+up")
            await pilot.pause()
            assert view.scroll_y == top - 1, name
            await pilot.press("pageup", "pageup", "pageup")
            await pilot.pause()
            assert view.scroll_y == 0 and "▲" not in _keyline(screen)
            scrolled.append(name)
        # At 80x24 the map, the board, the wheel (the King track, the players' table) and the log run
        # past the bottom of the view: each of them is reached by keys alone.
        assert {"map", "board", "wheel", "log"} <= set(scrolled), scrolled


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_strip_of_the_player_in_turn_shows_in_every_view(tmp_path, size):
    """Name, VP, the five Resources, AP left, Houses and Pillars in supply, Bonus AP, the Storehouse N/4
    and its tiles: on screen whatever the view."""
    session = midgame_session(tmp_path)
    app = TiletumApp(session=session)
    async with app.run_test(size=size) as pilot:
        screen = app.screen
        strip = screen.query_one("#strip")
        p = session.state.players[current_player(session.state)]
        for name, key in _view_keys(app.screen.model.state).items():
            await pilot.press(key)
            await pilot.pause()
            region = strip.region
            assert region.height >= 2 and region.bottom <= size[1] - 1, name  # on screen, above the key line
            text = _text(strip)
            assert p.name in text and f"{p.vp} VP" in text
            for r, word in (("G", "Gold"), ("F", "Food"), ("W", "Wool"), ("S", "Stone"), ("I", "Iron")):
                assert f"{word} {p.resources[r]}" in text or f"{r}{p.resources[r]}" in text, (name, word)
            top = session.state.stack[-1]
            assert f"{top.ap} AP left" in text
            assert f"{p.houses} House" in text and f"{p.pillars} Pillar" in text
            assert f"Storehouse {len(p.storehouse)}/4" in text
            assert "Bonus AP" in text
            assert "Wolf" in text  # the Crest of the Wolf waits in the Storehouse


async def test_the_board_follows_the_player_in_turn_and_its_owner_stays_on_screen(tmp_path):
    session = turn_start_session(tmp_path)  # Ann's turn begins (player 1)
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        header = screen.query_one("#board-docked0")
        await pilot.press("b")
        await pilot.pause()
        assert "Board of Ann" in _text(header)
        await pilot.press("right_square_bracket")  # look at Bob's
        await pilot.pause()
        assert "Board of Bob" in _text(header) and "not in turn" in _text(header)
        board = screen.query_one("#board")
        await pilot.press("pagedown", "pagedown")
        await pilot.pause()
        assert board.scroll_y > 0
        assert header.region.y == board.region.y  # the owner's name did not scroll away
        # Ann ends her turn, then Bob his: at each turn the board shows the player in turn again.
        for seat, name in ((0, "Bob"), (1, "Ann")):
            _finish_turn(session, seat, screen.model.table)  # (each move at the Table: the model's change redraws)
            await pilot.pause()
            # (the moves switch the view as they are drawn, to the map, the recap: the board is drawn
            # when it shows again, issue 39)
            await pilot.press("b")
            await pilot.pause()
            assert f"Board of {name}" in _text(header) and "not in turn" not in _text(header)


def _finish_turn(session, seat: int, table=None) -> None:
    """Play the rest of ``seat``'s turn (Done / Skip / End turn where possible, else the first option),
    at the game's ``table`` as that seat (None: on the session, no screen hears of it)."""
    while current_player(session.state) == seat:
        legal = legal_actions(session.state)
        finish = [a for a in legal if a.verb() in ("end", "done", "skip")]
        if table is not None:
            table.apply(seat, finish[0] if finish else legal[0])
        else:
            session.apply(finish[0] if finish else legal[0], by=EVERY_SEAT)


async def test_a_choice_keeps_its_line_and_number_from_one_visit_to_the_next(tmp_path):
    """Keeping the die's value is always line 1; a change the player can no longer pay for stays on its
    line, greyed, after a Task spent the Gold; the die lines keep their numbers after backing out."""
    def rich_start(state):
        top = state.stack[-1] if state.stack else None
        return (isinstance(top, TurnFrame) and not top.die_taken and state.players[top.player].resources["G"] >= 4
                and state.phase == "action")

    session = session_where(tmp_path, rich_start)
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        panel = app.screen.query_one(DecisionPanel)
        top = _labels(panel)
        for i, c in enumerate(panel.options[:9]):
            if not c.key.startswith("die"):
                continue
            await pilot.press(*presses(panel, i))
            value = int(c.key[3])
            assert panel.options[0].label.startswith(f"Keep it at {value}"), _labels(panel)
            assert len(panel.options) == 6  # every value the die can become, paid for or not
            await pilot.press("escape")
            assert _labels(panel) == top  # back out: the same lines, the same numbers
        first = next(i for i, c in enumerate(panel.options) if c.key.startswith("die"))
        await pilot.press(str(first + 1))
        before = [(c.key, c.disabled) for c in panel.options]
        await pilot.press("escape", "t", "1")  # a Task: buy a Food for 2 Gold
        await pilot.press(str(first + 1))
        after = [(c.key, c.disabled) for c in panel.options]
        assert [k for k, _ in after] == [k for k, _ in before]  # every line where it was
        assert sum(d for _, d in after) > sum(d for _, d in before)  # and some are greyed now


async def test_greyed_lines_keep_their_place(tmp_path):
    """A refused choice stays on its line (greyed, with why): the Buy lines of the Tasks are 1-4 whether
    the player has the Gold or not, so the Crest placement after them keeps its number."""
    session = midgame_session(tmp_path)  # Ann: no Gold, a Crest of the Wolf in the Storehouse
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        panel = app.screen.query_one(DecisionPanel)
        await pilot.press("t")
        keys = [c.key for c in panel.options]
        assert keys[:4] == ["buyF", "buyW", "buyS", "buyI"] and all(c.disabled for c in panel.options[:4])
        # then every Task kind in its place (issue 24, item 3): no Contract to fulfil, greyed; the Crest
        assert keys[4] == "fulfil-none" and panel.options[4].disabled
        assert keys[5].startswith("crest-") and not panel.options[5].disabled


async def test_moves_are_named_by_where_they_lead_and_the_way_back_is_marked(tmp_path):
    def on_a_road(state):
        top = state.stack[-1] if state.stack else None
        if not isinstance(top, ActionFrame) or top.action != "merchant" or top.ap < 1:
            return False
        from tiletum_tui.games.tiletum.engine.ruleset import rules_for

        return rules_for(state.settings).spaces[state.players[top.player].merchant].kind == "road"

    session = session_where(tmp_path, on_a_road)
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        panel = app.screen.query_one(DecisionPanel)
        moves = [c for c in panel.options if isinstance(c.action, MovePiece)]
        assert len(moves) == 2  # a Road space lies between two Towns
        assert all(c.label.startswith(("Move to ", "Move back to ")) for c in moves)
        words = [c.label.split(" to ", 1)[1] for c in moves]
        assert all(w.split(" ")[0][0].isupper() for w in words)  # a Town's name, not "road LON-BRU"
        came = app.screen.reader.came_from("TIL")
        seat = app.screen.model.state.stack[-1].player
        if came.get((seat, "merchant")) in {c.action.to for c in moves}:
            back = [c for c in moves if c.action.to == came[(seat, "merchant")]]
            assert back[0].label.startswith("Move back to ")


async def test_pick_a_town_by_typing_its_first_letters(tmp_path):
    """'/' then letters highlight the Town's line (the map cursor on it); Enter chooses; the arrows and
    numbers keep working."""
    session = midgame_session(tmp_path)
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        panel = app.screen.query_one(DecisionPanel)
        named = [c for c in panel.options if c.name and not c.disabled]
        target = named[-1]
        letters = target.name[:2].lower()
        await pilot.press("slash", *letters)
        assert panel.highlighted is target
        assert app.screen.query_one(MapView).cursor == target.space
        await pilot.press("backspace")
        assert panel.typed == letters[:1]
        await pilot.press(letters[1], "enter")
        assert session.state.players[0].merchant == target.action.to


async def test_more_than_nine_towns_are_found_by_typing_at_once(tmp_path):
    """A choice of any Town (more lines than numbers): letters find at once, no '/' needed."""
    from tiletum_tui.games.tiletum.engine.state import MoveAnywhereFrame, PlaceFrame

    def anywhere(state):
        top = state.stack[-1] if state.stack else None
        return isinstance(top, MoveAnywhereFrame) and top.reach == "any" or isinstance(top, PlaceFrame) and top.anywhere

    session = session_where(tmp_path, anywhere)
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        panel = app.screen.query_one(DecisionPanel)
        group = next((i for i, c in enumerate(panel.options) if c.is_group and c.key.startswith("move-")), None)
        if group is not None:
            await pilot.press(str(group + 1))
        assert panel.types_names
        want = next(c for c in panel.options if c.name.startswith("Str") and not c.disabled)
        before = len(session.log)
        await pilot.press("s", "t", "r")
        assert panel.highlighted is want
        await pilot.press("enter")
        assert len(session.log) > before or panel.options != []  # chosen (or its House space asked next)
        assert panel.path == [] or "Strasbourg" in " ".join(panel.path)


async def test_a_typical_turn_takes_eight_keys(tmp_path):
    """The scripted typical turn (ui.bench.typical_turn): a die changed by one step, two options of its
    Action, one Task, end the turn: 8 keys or fewer, as the benchmark counts them."""
    from tiletum_tui.games.tiletum.ui.bench import turn_keys, typical_turn

    session, plan = typical_turn()
    keys = turn_keys(session.state, plan)
    assert len(keys) <= 8, keys
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        start = len(session.log)
        for key in keys:
            await pilot.press(key)
        assert [e.notation for e in session.log[start:]] == [session.game.notation(a) for a in plan]
        assert current_player(session.state) != plan[0].seat  # the turn has passed


async def test_keys_typed_fast_are_taken_in_order(tmp_path):
    """Keys that arrive before the screen has shown the next decision wait for it: '2 2' moves twice."""
    session = midgame_session(tmp_path)
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        panel = app.screen.query_one(DecisionPanel)
        first = panel.options[0].action
        before = len(session.log)
        for key in ("1", "1"):
            app._driver.send_message(events.Key(key, key))  # no wait between them
        for _ in range(100):  # a busy machine takes longer to get there; the order is what is tested
            if len(session.log) >= before + 2:
                break
            await pilot.pause(0.05)
        moves = [e for e in session.log[before:] if e.notation.startswith("1: move")]
        assert len(moves) == 2 and moves[0].notation.endswith(first.to)


async def test_since_your_last_turn_tells_what_the_others_did(tmp_path):
    session = turn_start_session(tmp_path)
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert screen.current_view == "recap"
        text = _text(screen.query_one("#recap-view"))
        since = screen.reader.window(0)
        bob = [e for e in session.log[since.start:since.stop] if e.seat == 1]
        assert bob and "Bob" in text
        die = next(e for e in bob if e.notation.startswith("2: die"))
        assert die.text.removeprefix("Bob ").split(" (")[0] in text  # the die he took
        await pilot.press("escape")  # one key and it is gone
        assert screen.current_view != "recap"
        await pilot.press("s")  # and back on request
        assert screen.current_view == "recap"


async def test_the_recap_is_not_shown_when_another_seat_s_turn_begins(tmp_path, monkeypatch):
    """Through the host (or against an opponent) Bob's screen showed "Since Pia's last turn" when Pia's
    turn began: the recap is for the person whose turn begins at this screen."""
    session = turn_start_session(tmp_path)
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        monkeypatch.setattr(screen.model, "plays_here", lambda seat: seat == 0)  # as a hosted game: Ann's seat only
        await pilot.press("escape")
        before = len(session.log)
        _finish_turn(session, 0)  # Ann's turn ends, Bob's begins: as the host tells it, another seat's
        screen.model.update(view=session.view(), log=list(session.log), entries=tuple(session.log[before:]),
                            own=False, by=0)
        await pilot.pause()
        assert current_player(session.state) == 1 and screen.current_view != "recap"


async def test_a_long_log_entry_wraps_under_its_own_words(tmp_path):
    """At 80 columns an entry longer than the log is wide goes on under its words, past the move
    numbers' column (once its further lines began at the left edge, under the numbers)."""
    session = turn_start_session(tmp_path)
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        log = app.screen.query_one("#log-view")
        lines = [ln.plain for ln in log.content.wrap(app.console, log.size.width)]  # as Static draws them
        assert len(lines) > len(session.log) + 2  # (entries and what they made happen: some wrap)
        starts = [ln for ln in lines[1:] if ln[:1] not in ("", " ", "▶")]  # ("": the last line's end)
        assert not starts, starts
        assert any(len(ln) > 70 for ln in lines)  # long lines, wrapped at the width


async def test_the_log_tells_every_corruption_token_and_every_vp(tmp_path):
    from tiletum_tui.games.tiletum.engine.events import CorruptionRevealed, Scored

    session = turn_start_session(tmp_path)
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        text = log_unwrapped(_text(app.screen.query_one("#log-view")))
        events = list(session.setup_events) + [e for entry in session.log for e in entry.events]
        reveals = [e for e in events if isinstance(e, CorruptionRevealed)]  # the setup's first one too
        assert reveals and text.count("Corruption token") == len(reveals)
        for e in reveals:
            if e.moved:
                assert f"Corruption token {e.value} turned up" in text
        scored = [e for entry in session.log for e in entry.events if isinstance(e, Scored)]
        assert text.count(" VP ") >= len(scored)
        for e in scored:
            assert e.why in text


async def test_the_offers_show_the_piles_and_the_dice_in_the_bag(tmp_path):
    session = midgame_session(tmp_path)
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o")
        text = _text(app.screen.query_one("#offers-view"))
        h = app.screen.model.state.hidden
        assert f"Bonus tiles {len(h.bonus_pile)}" in text and f"Contracts {len(h.contract_pile)}" in text
        assert f"Characters {len(h.character_pile)}" in text and f"Dice in the bag {len(h.bag)}" in text


async def test_town_details_and_the_legend_are_one_key_away(tmp_path):
    from tiletum_tui.games.tiletum.engine.queries import cathedral_reward
    from tiletum_tui.games.tiletum.engine.ruleset import rules_for
    from tiletum_tui.games.tiletum.ui.dialogs.town import TownDialog

    session = midgame_session(tmp_path)
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("slash", "k", "o")  # Koeln is no choice here (Ann stands there): the map cursor goes
        assert app.screen.query_one(MapView).cursor == "KOL"
        await pilot.press("enter", "i")  # ...and its details
        await pilot.pause()
        assert isinstance(app.screen, TownDialog) and app.screen.space == "KOL"
        body = _text(app.screen.query_one("#town-body"))
        r = rules_for(session.state.settings)
        stone, vp, left = cathedral_reward(r, session.state, "KOL")
        assert f"{stone} Stone to build, {vp} VP now; {left} Cathedral tile" in body
        assert "House spaces" in body and "Links to" in body and "H House spaces" in body  # and the legend


async def test_the_h_key_keeps_the_sub_menu_open(tmp_path):
    app = TiletumApp(session=midgame_session(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        panel = app.screen.query_one(DecisionPanel)
        await pilot.press("t")
        assert panel.keys == ["task"]
        await pilot.press("h")
        assert panel.keys == ["task"]  # still in the Tasks (issue 9: 'h throws you out of the sub-menu')


async def test_the_command_palette_offers_each_task_possible_now_and_does_it(tmp_path):
    """Ctrl+P lists 'Task: …' for every Task the engine allows now (rulebook: Tasks any time in your
    turn), in the log's words; running one does it."""
    from tiletum_tui.games.tiletum.engine import legal_actions
    from tiletum_tui.games.tiletum.engine.tasks import TASKS

    session = midgame_session(tmp_path)
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        tasks = [a for a in legal_actions(session.state) if isinstance(a, TASKS)]
        commands = [c for c in app.get_system_commands(screen) if c.title.startswith("Task: ")]
        assert tasks and len(commands) == len(tasks)
        before = len(session.log)
        commands[0].callback()
        await pilot.pause()
        assert len(session.log) == before + 1 and session.log[-1].notation.endswith(
            session.game.notation(tasks[0]).split(": ", 1)[1])


async def test_an_announcements_long_reason_wraps_under_its_words(tmp_path):
    """A Fair's reason longer than the dialog goes on under the reason, past the VP column (it once
    went on at the dialog's left edge, under the player's name)."""
    from tiletum_tui.games.tiletum.engine.events import Scored
    from tiletum_tui.games.tiletum.ui.dialogs.basic import AnnounceDialog

    session = turn_start_session(tmp_path)
    why = "Fair in Tiletum: 0 x 6 VP (VP for each set of 1 fulfilled Contract and 1 Cathedral tile)"
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.app.push_screen(AnnounceDialog("Round 1: Fair", session.state.players,
                                                   [Scored(player=0, vp=0, category="fairs", why=why)]))
        await pilot.pause()
        body = app.screen.query_one("#announce-body")
        lines = [ln.plain for ln in body.content.wrap(app.console, body.size.width)]
        at = next(i for i, ln in enumerate(lines) if "Fair in Tiletum" in ln)
        assert lines[at].startswith("    +0  Fair") and lines[at + 1].startswith(" " * 8 + "Contract"), lines
