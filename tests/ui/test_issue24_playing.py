"""Issue 24, "Playing": what a whole game at 80x24 with keys only still tripped on. Each test cites
the item it checks; they play through the keyboard and read what the screen shows."""

from __future__ import annotations

from textual.widgets import OptionList

from tiletum_tui.games.tiletum.engine.ruleset import rules_for
from tiletum_tui.games.tiletum.engine.state import ActionFrame
from tiletum_tui.shell.ui.app import TiletumApp
from tiletum_tui.games.tiletum.ui.widgets.decision import DecisionPanel
from tiletum_tui.games.tiletum.ui.widgets.decision_find import matches

from tiletum_tui.shell.session import EVERY_SEAT

from .chooser import presses
from .conftest import arranged, session_where
from tiletum_tui.games.tiletum.engine.state import put


def _lines(panel) -> list[str]:
    return [c.label + (f" — {c.note or c.reason}" if c.disabled else "") for c in panel.options]


def _any_cathedral(state) -> bool:
    """A Pillar at any Cathedral: a list of Towns, more than the numbers reach."""
    from tiletum_tui.games.tiletum.engine.state import PlaceFrame

    top = state.stack[-1] if state.stack else None
    return isinstance(top, PlaceFrame) and top.anywhere and top.piece == "architect"


def _character_action(state) -> bool:
    top = state.stack[-1] if state.stack else None
    return (isinstance(top, ActionFrame) and top.action == "character" and top.ap >= 2 and state.phase == "action"
            and len(state.players[top.player].storehouse) < 3)


def _two_of_a_design(session):
    """Arrange (a test shortcut, before the screen opens) that Building 1, one Room, holds a Character
    and another copy of its design lies in the offer."""
    state = arranged(session)
    r = rules_for(state.settings)
    p = state.players[state.stack[-1].player]
    tiles = [t for t in r.tiles.values() if t.kind == "character"]
    design = next(t.design for t in tiles if sum(u.design == t.design for u in tiles) >= 2
                  and not any(o and r.tiles[o].design == t.design for o in state.board.character_offer))
    first, second = [t.id for t in tiles if t.design == design][:2]
    put(state.hidden, "character_pile", tuple(t for t in state.hidden.character_pile if t not in (first, second)))
    put(p, "storehouse", tuple(t for t in p.storehouse if t not in (first, second)))
    put(p, "rooms", ((first,),) + p.rooms[1:])
    put(state.board, "character_offer", (second,) + state.board.character_offer[1:])
    return r.tile_name(second)


async def test_a_character_that_could_never_be_placed_says_so_on_its_hire_line(tmp_path):
    """Item 1: the Hire line of a Character whose design fills the only Building it could go in says so
    before it is hired (hiring stays legal: the rules allow it), with the engine's reason on highlight."""
    session = session_where(tmp_path, _character_action)
    name = _two_of_a_design(session)
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        panel = app.screen.query_one(DecisionPanel)
        line = next(c for c in panel.options if c.key.startswith("hire-") and name in c.label)
        assert not line.disabled and "never be placed" in line.label, _lines(panel)
        panel.query_one("#choices").highlighted = panel.options.index(line)
        await pilot.pause()
        detail = str(panel.query_one("#choice-detail").render())
        assert "Building 1" in detail and "never" in detail, detail


async def test_undo_that_cannot_undo_always_says_why(tmp_path):
    """Item 1: `u` with nothing to undo was silent; it says why (the session's reason)."""
    session = session_where(tmp_path, lambda s: s.phase == "action")
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        reason = session.can_undo(by=app.screen.acting_seat())
        assert reason
        await pilot.press("u")
        await pilot.pause()
        said = [n.message for n in app._notifications]
        assert any(reason in m for m in said), said


def _tasks_with_a_contract_to_fulfil(state) -> bool:
    """Tasks open, a Contract first in the Storehouse that can be fulfilled (no identical part), and
    another tile after it (its Task line comes after the Contract's)."""
    from tiletum_tui.games.tiletum.engine import legal_actions
    from tiletum_tui.games.tiletum.engine.tasks import Fulfil

    if state.phase != "action" or not state.stack:
        return False
    p = state.players[state.stack[-1].player]
    return len(p.storehouse) >= 2 and any(
        isinstance(a, Fulfil) and a.tile == p.storehouse[0] and not a.identical for a in legal_actions(state))


async def test_task_lines_keep_their_numbers_within_a_turn(tmp_path):
    """Item 2: after a Contract is fulfilled, its Task line stays, greyed ("done"), and every other Task
    line keeps its number (they moved up one: "Fulfil Mixed iron order 6 → 5")."""
    session = session_where(tmp_path, _tasks_with_a_contract_to_fulfil)
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        panel = app.screen.query_one(DecisionPanel)
        await pilot.press("t")
        before = [c.key for c in panel.options]
        tile = session.state.players[session.state.stack[-1].player].storehouse[0]
        n = before.index(f"fulfil-{tile}")
        await pilot.press(str(n + 1))
        await pilot.pause()
        assert tile not in session.state.players[0].storehouse + session.state.players[1].storehouse
        from tiletum_tui.games.tiletum.engine.state import TurnFrame

        for _ in range(5):  # a bonus the Contract gave: skipped (e), the Tasks are the turn's again
            if isinstance(session.state.stack[-1], (TurnFrame, ActionFrame)):
                break
            await pilot.press("e")
        await pilot.press("t")
        after = panel.options
        assert [c.key for c in after][: len(before)] == before, _lines(panel)
        assert after[n].disabled and after[n].note == "done", _lines(panel)


async def test_the_exchange_lines_never_reorder(tmp_path):
    """Item 2: the Resources to get keep their numbers whatever is given (the one given is greyed)."""
    def exchanging(state):
        top = state.stack[-1] if state.stack else None
        return isinstance(top, ActionFrame) and top.action == "contract" and top.ap >= 1 and state.phase == "action" \
            and sum(1 for n in state.players[top.player].resources.values() if n) >= 2

    session = session_where(tmp_path, exchanging)
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        panel = app.screen.query_one(DecisionPanel)
        line = next(i for i, c in enumerate(panel.options) if c.key == "exchange")
        await pilot.press(*presses(panel, line))
        gives = [i for i, c in enumerate(panel.options) if not c.disabled]
        seen = []
        for i in gives:
            await pilot.press(*presses(panel, i))
            seen.append([c.label for c in panel.options])
            assert panel.options[i].disabled, _lines(panel)  # giving and getting the same: greyed, why
            await pilot.press("escape")
        assert len(seen) >= 2 and all(s == seen[0] for s in seen), seen


async def test_a_crest_that_cannot_be_paid_for_is_greyed_in_tasks_with_why(tmp_path):
    """Item 3: every Task appears, possible or greyed with the reason: a Crest without the Food for any
    free Crest space says what is missing ("— you have 0 Food"), as a Contract does."""
    from tiletum_tui.games.tiletum.engine.state import TurnFrame

    def turn_start(state):
        top = state.stack[-1] if state.stack else None
        return isinstance(top, TurnFrame) and state.phase == "action" and len(state.players[top.player].storehouse) < 3

    session = session_where(tmp_path, turn_start)
    state = arranged(session)
    r = rules_for(state.settings)
    p = state.players[state.stack[-1].player]
    crest = next(t.id for t in r.tiles.values() if t.kind == "crest" and t.family not in
                 {r.tiles[x].family for x in p.storehouse + tuple(c for c in p.crests if c)}
                 and t.id in state.hidden.bonus_pile)
    put(state.hidden, "bonus_pile", tuple(t for t in state.hidden.bonus_pile if t != crest))
    put(p, "storehouse", p.storehouse + (crest,))
    put(p, "resources", {**p.resources, "F": 0})
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        panel = app.screen.query_one(DecisionPanel)
        await pilot.press("t")
        line = next((c for c in panel.options if c.key == f"crest-{crest}"), None)
        assert line is not None and line.disabled and "you have 0 Food" in line.note, _lines(panel)


async def test_every_task_kind_has_a_line_with_nothing_in_the_storehouse(tmp_path):
    """Item 3: "Every Task kind appears, possible or with its reason": with an empty Storehouse and no
    Pillar at a Cathedral, Fulfil, Crest, Helper and Cathedral each keep a greyed line saying why."""
    from tiletum_tui.games.tiletum.engine.state import EMPTY, TurnFrame

    def turn_start(state):
        top = state.stack[-1] if state.stack else None
        return isinstance(top, TurnFrame) and state.phase == "action"

    session = session_where(tmp_path, turn_start)
    state = arranged(session)
    p = state.players[state.stack[-1].player]
    put(p, "storehouse", ())
    me = state.stack[-1].player
    put(state.board, "pillars", {town: tuple(EMPTY if s == me else s for s in row)
                                 for town, row in state.board.pillars.items()})
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        panel = app.screen.query_one(DecisionPanel)
        await pilot.press("t")
        lines = {c.key: c for c in panel.options}
        for key, why in (("fulfil-none", "you have no Contract in your Storehouse"),
                         ("crest-none", "you have no Crest in your Storehouse"),
                         ("helper-none", "you have no Helper in your Storehouse"),
                         ("cathedral-none", "you need a Pillar in a Town whose Cathedral")):
            assert key in lines and lines[key].disabled and why in lines[key].reason, _lines(panel)


def test_since_your_last_turn_tells_everything_since_your_last_decision(tmp_path):
    """Item 4: every event since your last decision, yours included, in order, each VP change with its
    reason: a lap's Corruption reveal set off by your own End turn is told, every seat's VP goes from
    what it was before your last decision to what it is now, and the King phase is said to begin,
    never to be scored before it is. Random games, every turn start, checked against the VP the
    players had before the seat's last decision."""
    import random

    from tiletum_tui.games.tiletum.engine import current_player, legal_actions
    from tiletum_tui.games.tiletum.engine.events import CorruptionRevealed
    from tiletum_tui.shell.session import Session
    from tiletum_tui.games.tiletum.ui.recap import LogReader, corruption_words

    from .conftest import SETTINGS

    checked = reveals_of_own = 0
    for game in (1, 2):
        session = Session.new(SETTINGS, save_dir=tmp_path, autosave=False)
        rng = random.Random(game)
        vp_before = []  # VP of every seat before each log entry
        last_seat = None
        while not session.finished:
            vp_before.append([p.vp for p in session.state.players])
            session.apply(rng.choice(legal_actions(session.state)), by=EVERY_SEAT)
            seat = current_player(session.state)
            if seat is None or seat == last_seat or session.log[-1].seat == seat:
                last_seat = seat
                continue
            last_seat = seat
            reader = LogReader()
            reader.sync(session.log)
            rc = reader.recap(session.state, seat)
            mine = [i for i, e in enumerate(session.log) if e.seat == seat]
            if not mine:
                continue
            start = mine[-1]  # the seat's last decision
            then, now = vp_before[start], [p.vp for p in session.state.players]
            for k in range(len(now)):
                if then[k] != now[k]:
                    assert k in rc.vp and rc.vp_now[k] - sum(v for v, _ in rc.vp[k]) == then[k], (k, then, now, rc.vp)
            texts = [t for _, t in rc.lines]
            for entry in session.log[start:]:
                for e in entry.events:
                    if isinstance(e, CorruptionRevealed):
                        words = corruption_words(rules_for(session.state.settings), [p.name for p in session.state.players], e)
                        assert words in texts, (words, texts)
                        reveals_of_own += entry.seat == seat
            assert not any("King phase was scored" in t for t in texts)
            checked += 1
    assert checked > 30 and reveals_of_own >= 1


async def test_the_strip_keeps_every_figure_at_80_columns(tmp_path):
    """Item 5: at 80x24 every figure of the strip is there (shorten words, never drop a figure): the VP,
    five Resources, the AP, Houses and Pillars, every Bonus AP marker, Silver, Mines and Prospectors
    with the expansion, and four Storehouse tiles each by a name, not cut to 'Eagl…'."""
    from tiletum_tui.games.tiletum.engine.state import PlayerSetup, Settings
    from tiletum_tui.games.tiletum.ui.widgets.strip import PlayerStrip, short_tile
    from tiletum_tui.games.tiletum.ui import text as T

    settings = Settings(players=(PlayerSetup("Rosamund", "red"), PlayerSetup("Bob", "blue"),
                                 PlayerSetup("Cid", "green")), seed=3, modules=("silver",))
    session = session_where(tmp_path, lambda s: isinstance(s.stack[-1], ActionFrame) and s.phase == "action",
                            settings=settings)
    state = arranged(session)
    r = rules_for(state.settings)
    p = state.players[state.stack[-1].player]
    longest = sorted((t for t in r.tiles.values() if t.kind in ("helper", "contract") and t.id in state.hidden.bonus_pile),
                     key=lambda t: -len(t.name))[:4]
    put(p, "storehouse", tuple(t.id for t in longest))
    put(p, "bonus_ap", {"merchant": 1, "architect": 2, "character": 1, "contract": 1, "king": 2})
    put(p, "resources", {"F": 12, "W": 10, "S": 11, "I": 13, "G": 15})
    put(p, "vp", 104)
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        strip = app.screen.query_one(PlayerStrip)
        shown = "\n".join(line.text for line in strip.render_lines(strip.region.reset_offset))
        w = T.words(state)
        for figure in ["104", "12", "10", "11", "13", "15", "+1", "+2", str(p.houses), str(p.pillars), "4/4"]:
            assert figure in shown, (figure, shown)
        assert shown.count("+1") + shown.count("+2") >= 5, shown  # every Bonus AP marker
        for word in ("Ag", "M", "P"):
            assert word in shown
        for t in p.storehouse:  # each by a part of its own name ("change Res…"), not only its kind
            assert short_tile(w, t).removeprefix("Helper ")[:4] in shown, (short_tile(w, t), shown)
        assert "AP" in shown.splitlines()[0]


async def test_typing_among_many_towns_never_opens_a_view(tmp_path):
    """Item 6: where the list is of Towns ("Pillar at any Cathedral"), letters find Towns: a letter no
    Town there starts with (l: Leipzig, only on the map; o: no Town) never opens the Log or the
    Offers view. Item 9: in Find mode, 'i' (offered by the prompt) opens the Town's details."""
    from tiletum_tui.games.tiletum.ui.dialogs.town import TownDialog

    session = session_where(tmp_path, _any_cathedral)
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        panel = screen.query_one(DecisionPanel)
        assert panel.types_names, [(c.label, c.name, c.key) for c in panel.options]
        view = screen.current_view
        view_letters = [k for v in screen.views for k in v.keys.split(",") if len(k) == 1 and k.isalpha()]
        unfit = [k for k in view_letters if not matches(panel.options, k, inside=False)]
        assert unfit, view_letters
        for letter in unfit:
            await pilot.press(letter)
            assert screen.current_view in (view, "map"), (letter, screen.current_view)
            await pilot.press("escape")
        from tiletum_tui.games.tiletum.ui import text as T

        lines = {c.name for c in panel.options if c.name}
        elsewhere = next(s.name for s in T.words(session.state).cat.map.spaces
                         if s.kind == "town" and s.name not in lines and not any(n.startswith(s.name[:3]) for n in lines))
        await pilot.press("slash", *elsewhere[:3].lower())  # a Town only on the map: "i details" offered
        assert not panel.found and panel.typed == elsewhere[:3].lower()
        await pilot.press("i")
        assert isinstance(app.screen, TownDialog)


async def test_enter_on_the_final_table_goes_to_the_title_screen(tmp_path):
    """Item 8: the final table says "Enter: title screen"; Enter goes there (the focused table took it)."""
    from tiletum_tui.games.tiletum.ui.screens.final import FinalScreen
    from tiletum_tui.shell.ui.title import TitleScreen

    from .conftest import finished_session

    app = TiletumApp(session=finished_session(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, FinalScreen)
        assert "Enter: title screen" in str(app.screen.query_one("#final-note").render())
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen), app.screen


def _king_action_at_the_top(session) -> int:
    """Arrange (a test shortcut) that the player in turn took a die for the King Action with 2 AP
    while its marker is on the last space of the King track: nothing can spend those AP."""
    from tiletum_tui.games.tiletum.engine.state import TurnFrame

    state = arranged(session)
    frame = state.stack[0]
    assert isinstance(frame, TurnFrame)
    seat = frame.player
    put(frame, "die_taken", True)
    put(state, "stack", (*state.stack[:1], ActionFrame(player=seat, action="king", ap=2, source="die")))
    track = [tuple(x for x in space if x != seat) for space in state.board.king_track]
    track[-1] = track[-1] + (seat,)
    put(state.board, "king_track", tuple(track))
    return seat


async def test_waste_ap_is_asked_only_when_the_ap_could_be_spent(tmp_path):
    """Item 9: "Waste AP?" was asked when the AP cannot be spent on anything (the King Action with the
    marker at the top of the track); ending the turn then just ends it."""
    from tiletum_tui.games.tiletum.engine import options
    from tiletum_tui.games.tiletum.engine.state import TurnFrame
    from tiletum_tui.shell.ui.dialogs import ConfirmDialog

    session = session_where(tmp_path, lambda s: isinstance(s.stack[-1], TurnFrame) and not s.stack[-1].die_taken
                            and s.phase == "action" and not s.players[s.stack[-1].player].storehouse)
    seat = _king_action_at_the_top(session)
    assert not [o for o in options(session.state) if o.legal and o.ap > 0 and o.action.verb() not in ("done", "end")]
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("e")
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmDialog)
        assert session.log[-1].notation == f"{seat + 1}: end"


async def test_the_masters_suggestion_covers_nothing_and_is_only_for_a_person(tmp_path):
    """Item 7: the master's suggestion was a pop-up for 8 s over the Save dialog, the recap and the
    tables; it is the marked line (◆) of the decision panel, its words that line's detail. And it is
    never worked out when no person decides (an opponent's turn, Rosa's in the tutorial)."""
    from tiletum_tui.games.tiletum.engine import legal_actions, notation
    from tiletum_tui.shell.opponents.worker import Answer
    from tiletum_tui.games.tiletum.ui.opponents import SUGGESTED, _view_key

    from .conftest import midgame_session

    session = midgame_session(tmp_path)
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        ctl = screen.opponents
        move = next(a for a in legal_actions(session.state) if a.verb() == "move")
        screen.hints_on = True
        ctl.hint_request, ctl._hint_for = 5, _view_key(session.state)
        ctl.answered(Answer(request=5, seat=move.seat, action=notation(move), plan=(notation(move),), gain=2.0,
                                 win=None, simulations=1, seconds=0.1, hint=True, replanned=True))
        await pilot.pause()
        assert not [n for n in app._notifications if n.title == "The master suggests"]
        panel = screen.query_one(DecisionPanel)
        assert any(c.label.startswith(SUGGESTED) for c in panel.options), _lines(panel)
        # its line is highlighted when it comes, so that its words are in sight without a key more
        at = panel.query_one(OptionList).highlighted
        assert panel.options[at].label.startswith(SUGGESTED), _lines(panel)
        assert "Master: It gains" in _screen_text(app)

        def no_process():
            raise AssertionError("the master was asked for a decision no person makes")

        ctl.suggestion = None
        ctl.start = no_process
        screen.person_decides = lambda who: False  # (an opponent's or Rosa's turn)
        ctl.ask_hint()
        assert ctl.hint_request is None


async def test_the_game_is_over_is_said_once_and_f10_leaves(tmp_path):
    """Item 9: "The game is over" showed twice (the strip and the decision panel); F10 did nothing in a
    game (in the tutorial it leaves for the title screen: so it does in a game)."""
    from tiletum_tui.games.tiletum.ui.screens.final import FinalScreen
    from tiletum_tui.shell.ui.title import TitleScreen

    from .conftest import finished_session

    app = TiletumApp(session=finished_session(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, FinalScreen)
        await pilot.press("escape")  # back to the board
        await pilot.pause()
        text = _screen_text(app)
        assert text.count("The game is over") == 1, text
        await pilot.press("f10")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen), app.screen


async def test_x_on_the_masters_suggestion_says_its_plan_and_the_best_alternative(tmp_path):
    """Issue 23, "Hints explain: the plan as the sequence of moves ..., what it gains ... and the best
    alternative with its expected VP". Played at 80x24: the ◆ line's detail had room for "It gains" and
    "In all" only, cut mid-sentence, and the plan and the alternative were shown nowhere. x on the ◆
    line (the "why this choice" key) says them all, before the rule; on another line, the rule alone."""
    from tiletum_tui.games.tiletum.engine import legal_actions, notation
    from tiletum_tui.shell.opponents.worker import Answer
    from tiletum_tui.games.tiletum.ui.learn.dialogs import LearnNote
    from tiletum_tui.games.tiletum.ui.opponents import SUGGESTED, _view_key

    from .conftest import midgame_session

    session = midgame_session(tmp_path)
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        ctl = screen.opponents
        moves = [a for a in legal_actions(session.state) if a.verb() == "move"]
        assert len(moves) >= 2
        screen.hints_on = True
        ctl.hint_request, ctl._hint_for = 5, _view_key(session.state)
        ctl.answered(Answer(request=5, seat=moves[0].seat, action=notation(moves[0]), plan=(notation(moves[0]),),
                            gain=6.0, win=0.7, simulations=1, seconds=0.1, hint=True, replanned=True,
                            alternative=(notation(moves[1]),), alternative_gain=4.0, alternative_win=0.6))
        await pilot.pause()
        panel = screen.query_one(DecisionPanel)
        assert panel.options[panel.query_one(OptionList).highlighted].label.startswith(SUGGESTED)
        await pilot.press("x")
        await pilot.pause()
        assert isinstance(app.screen, LearnNote)
        body = app.screen.body
        assert "Why the master suggests it:\nPlan: 1. " in body and "It gains: " in body
        assert "In all: about +6 VP in the long run, chance to lead 70%" in body
        assert "Best alternative: " in body and "about +4 VP, chance to lead 60%" in body
        assert "\n\nThe rule: " in body  # and the rule behind the choice, as on any line
        await pilot.press("enter")
        await pilot.press("down")
        await pilot.pause()
        assert not panel.options[panel.query_one(OptionList).highlighted].label.startswith(SUGGESTED)
        await pilot.press("x")
        await pilot.pause()
        assert isinstance(app.screen, LearnNote) and "the master" not in app.screen.body


def _screen_text(app) -> str:
    """What the screen shows, as text (every widget's rendered lines)."""
    from textual.widget import Widget

    out = []
    for w in app.screen.query(Widget):
        if w.display and w.region.area and hasattr(w, "render_lines") and not w.children:
            out += [line.text for line in w.render_lines(w.region.reset_offset)]
    return "\n".join(out)


async def test_silver_views_say_whose_prospectors_in_words_and_towns_in_full(tmp_path):
    """Item 9: the Underground maps said "Prospectors: 12" (seat numbers) and the Silver table cut
    Underground Town names to 10 letters: names of players, Towns in full."""
    from tiletum_tui.games.tiletum.engine.silver.common import sv
    from tiletum_tui.games.tiletum.engine.state import PlayerSetup, Settings
    from tiletum_tui.games.tiletum.engine.silver.underground import space_name

    settings = Settings(players=(PlayerSetup("Ann", "red"), PlayerSetup("Bob", "blue")), seed=3, modules=("silver",))
    session = session_where(tmp_path, lambda s: any(len(p.prospectors) >= 1 for p in sv(s).players)
                            and any(len(space_name(x).split(" (")[0]) > 10 for p in sv(s).players
                                    for x in p.prospectors.values()), settings=settings)
    app = TiletumApp(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("g")
        await pilot.pause()
        text = _screen_text(app)
        assert "Prospectors: " not in text and "Prospectors of " in text, text
        await pilot.press("k")
        await pilot.pause()
        text = _screen_text(app)
        longest = max((space_name(x).split(" (")[0] for p in sv(session.state).players for x in p.prospectors.values()),
                      key=len)
        assert longest in text, (longest, text)


async def test_i_is_details_once_the_letters_name_one_town(tmp_path):
    """Item 9: "i details" is offered as soon as the letters find a Town on the map, but where the name
    goes on with an i ("Par" → "Pari", Paris) the i was taken as one more letter and the details never
    came. Once the letters name one Town, i is its details."""
    from tiletum_tui.games.tiletum.ui import text as T
    from tiletum_tui.games.tiletum.ui.dialogs.town import TownDialog

    session = session_where(tmp_path, _any_cathedral)
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        panel = app.screen.query_one(DecisionPanel)
        lines = [c.name.casefold() for c in panel.options if c.name]
        towns = [s.name for s in T.words(session.state).cat.map.spaces if s.kind == "town"]
        prefix, town = next((n[:k].casefold(), n) for n in towns for k in range(1, len(n))
                            if n[k] == "i" and sum(t.casefold().startswith(n[:k].casefold()) for t in towns) == 1
                            and not any(x.startswith(n[:k].casefold()) for x in lines))
        await pilot.press("slash", *prefix)
        assert not panel.found and panel.typed == prefix, (town, panel.typed)
        await pilot.press("i")
        assert isinstance(app.screen, TownDialog), (town, panel.typed)
