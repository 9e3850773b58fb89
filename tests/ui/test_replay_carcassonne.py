"""Carcassonne's replay (issue 21, "for every game the program plays"): "a replay screen with the same
views as play (read-only), stepping by action, by turn, by round or phase ..., to the start and the end,
and jumping to a move picked from the log"; "an unfinished one replays only with the view of a seat".

Every position the screen shows is compared with the engine's own replay of the game's notation
(``apply`` from ``new_game``), not with the session the screen was built from. Carcassonne's PgUp PgDn
go from scoring to scoring (the moves that scored points).
"""

from __future__ import annotations

import io
import json
import random

import pytest
from rich.console import Console

from tests.ui.replay_helpers import engine_states
from tiletum_tui.core import games
from tiletum_tui.games.carcassonne.engine import apply_in_place, digest, legal_actions, new_game, notation, parse
from tiletum_tui.games.carcassonne.engine.actions import Deploy
from tiletum_tui.games.carcassonne.engine.rules import is_view
from tiletum_tui.games.carcassonne.ui.replay import CHARTS, CarcassonneReplay
from tiletum_tui.shell.saves import format as fmt
from tiletum_tui.shell.saves.format import Seat
from tiletum_tui.shell.session import Session
from tiletum_tui.shell.ui.help import KeysHelp
from tiletum_tui.shell.ui.replay.charts import ChartsScreen
from tiletum_tui.shell.ui.replay.positions import EVERYTHING, HiddenError, Positions
from tiletum_tui.shell.ui.app import TiletumApp

from ..carcassonne.helpers import settings

GAME = games.game("carcassonne")


def played(actions: int | None = None, seed: int = 3, players: int = 2, seats=()) -> Session:
    """Random legal moves, a follower deployed whenever one may be (so that things score)."""
    state = new_game(settings(players, seed)).clone()
    pick, log = random.Random(seed), []
    while state.phase != "over" and (actions is None or len(log) < actions):
        legal = legal_actions(state)
        action = pick.choice([a for a in legal if not (isinstance(a, Deploy) and a.role is None)] or legal)
        log.append(notation(action))
        apply_in_place(state, action)
    return Session.from_actions(settings(players, seed), log, game=GAME, seats=seats)


@pytest.fixture(scope="module")
def finished2():
    """A finished two-player game whose moves took known times (as a save with ``seconds`` gives them)."""
    session = played()
    raw = json.loads(fmt.encode(session.to_save_file(name="timed")))
    raw["seconds"] = [round(1 + (k * 7) % 13 + (k % 3) * 0.4, 1) for k in range(len(raw["actions"]))]
    return Session.load_bytes(json.dumps(raw).encode(), "<timed>")


def text_of(screen, selector: str) -> str:
    content = screen.query_one(selector).content
    return getattr(content, "plain", str(content))


def shows(screen, truth) -> None:
    """Position ``screen.at`` as the engine has it: the state (hidden parts aside: a view), every
    player's score on the players' line, the move shown in the panel."""
    state = truth[screen.at]
    seen = screen.model.state
    assert (list(seen.placed), list(seen.scores), sorted(seen.followers), list(seen.supply), seen.phase,
            seen.drawn) == (list(state.placed), list(state.scores), sorted(state.followers), list(state.supply),
                            state.phase, state.drawn), f"position {screen.at}"
    players = text_of(screen, "#carc-players")
    assert all(f"{p.name} {s} pts" in players for p, s in zip(state.players, state.scores)), (screen.at, players)
    side = text_of(screen, "#carc-side")
    entry = screen.positions.entry(screen.at)
    assert f"position {screen.at} of" in side
    if entry is not None:
        assert f"▶ {screen.at} " in side


def rendered(content) -> str:
    """A help's text as the screen prints it (all of it, scrolled or not)."""
    console = Console(width=100, record=True, file=io.StringIO())
    console.print(content)
    return console.export_text()


async def open_replay(app, pilot, session, **kw) -> CarcassonneReplay:
    screen = CarcassonneReplay(session, **kw)
    app.push_screen(screen)
    await pilot.pause()
    return screen


async def test_stepping_forward_and_back_over_a_whole_game(finished2):
    """Every position, forward then back, is the engine's; → ← End Home do the same by key."""
    truth = engine_states(finished2)
    assert digest(truth[-1]) == digest(finished2.state) and truth[-1].phase == "over"
    app = TiletumApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_replay(app, pilot, finished2, at=0)
        shows(screen, truth)
        for _ in range(len(truth) - 1):
            screen.action_step("action", 1)
            shows(screen, truth)
        assert screen.at == len(truth) - 1
        for _ in range(len(truth) - 1):
            screen.action_step("action", -1)
            shows(screen, truth)
        await pilot.press("right", "right", "left")
        assert screen.at == 1
        await pilot.press("end")
        assert screen.at == len(truth) - 1
        await pilot.press("home")
        assert screen.at == 0


async def test_turns_and_scorings_step_to_where_the_engine_has_them(finished2):
    """↑ ↓ land where a turn begins (a tile is drawn for the next player: ``turn`` changes); PgUp PgDn
    on every move that scored points ("the player ... scores": a ``Scored`` event), none between."""
    truth = engine_states(finished2)
    turns = [0] + [i for i in range(1, len(truth)) if truth[i].turn != truth[i - 1].turn]
    scorings = [0] + [i for i in range(1, len(truth)) if any(type(e).__name__ == "Scored" and e.points
                                                             for e in truth[i].events)]
    assert len(scorings) > 5
    app = TiletumApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_replay(app, pilot, finished2, at=0)
        for unit, begins in (("turn", turns), ("larger", scorings)):
            screen.go(0)
            landed = [0]
            while screen.at < len(truth) - 1:
                screen.action_step(unit, 1)
                landed.append(screen.at)
            assert landed == begins + ([len(truth) - 1] if begins[-1] != len(truth) - 1 else [])
        screen.go(scorings[3] + 1)
        await pilot.press("pageup")
        assert screen.at == scorings[3]
        assert "VP" in text_of(screen, "#carc-side")  # the panel says what the move scored


async def test_the_move_shown_is_marked_on_the_land_and_in_the_log(finished2):
    """"The log line of the move shown is highlighted; 'what changed' marks it on the map as play
    does": the tile of the move shown is the land's reversed cell; l shows the log with it ▶."""
    app = TiletumApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_replay(app, pilot, finished2, at=21)
        place = parse(finished2.notation_log[20])
        assert (place.x, place.y) == screen.marked(screen.model.state)[0]
        await pilot.press("l")
        marked = [ln for ln in text_of(screen, "#carc-land").splitlines() if ln.startswith("▶")]
        assert len(marked) == 1 and f"places {place.design}" in marked[0]
        await pilot.press("right")  # its follower (or none): the next line is marked
        marked = [ln for ln in text_of(screen, "#carc-land").splitlines() if ln.startswith("▶")]
        assert "deploys" in marked[0]


async def test_an_unfinished_games_replay_refuses_another_seats_view(tmp_path):
    """"An unfinished one replays only with the view of a seat, so a replay never shows a player
    what the game still hides": only the person's seat, never the opponent's nor everything; no
    position has the pile's order or the generator."""
    session = played(40, seats=(Seat(), Seat(player="opponent", level="beginner")))
    assert not GAME.finished(session.state)
    with pytest.raises(HiddenError, match="not over"):
        Positions(session).view(3, EVERYTHING)
    app = TiletumApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_replay(app, pilot, session, at=10, seat=1)  # (asked for Bob's: refused)
        assert screen.seats == [0] and screen.model.seat == 0
        await pilot.press("v")
        assert screen.model.seat == 0
        assert any("replays only as your seat sees it" in str(n.message) for n in app._notifications)
        for i in range(screen.positions.last + 1):
            assert is_view(screen.positions.view(i, 0))
        await pilot.press("end", "e")  # no final table for a game not over
        assert app.screen is screen
        assert "The end of the game" not in text_of(screen, "#carc-side")


async def test_open_r_and_the_final_tables_r_replay_it_and_e_ends_at_the_final_table(finished2, tmp_path):
    finished2.save("carc", folder=tmp_path)
    app = TiletumApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o")
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, CarcassonneReplay) and screen.at == 0
        await pilot.press("end")
        assert "The end of the game · e: the final table" in text_of(screen, "#carc-side")
        await pilot.press("e")
        assert "The final scoring" in text_of(screen, "#carc-land")
    app = TiletumApp(session=Session.load(tmp_path / "carc.json", autosave=False))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = app.screen
        assert "r: replay" in text_of(game, "#carc-head")
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, CarcassonneReplay)
        await pilot.press("end")
        assert "e: back to the final table" in text_of(app.screen, "#carc-side")
        await pilot.press("e")
        assert app.screen is game
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ChartsScreen)


async def test_play_on_from_here_starts_a_copy_with_the_seats_chosen(finished2, tmp_path):
    truth = engine_states(finished2)
    app = TiletumApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_replay(app, pilot, finished2, at=60)
        await pilot.press("p")
        app.screen.query_one("#who1").value = "beginner"
        assert not app.screen.query("#master-time")  # (Carcassonne's master has one time)
        await pilot.press("ctrl+s")
        for _ in range(50):
            if type(app.screen).__name__ == "CarcassonneScreen":
                break
            await pilot.pause(0.1)
        copy = app.screen.session
        assert screen not in app.screen_stack
        assert copy.notation_log[:60] == finished2.notation_log[:60]
        assert all(line.split(":")[0] == "2" for line in copy.notation_log[60:])  # (the beginner's, if any)
        assert digest(copy.positions()[60]) == digest(truth[60])
        assert [s.level for s in copy.seats] == ["", "beginner"] and copy.game_id != finished2.game_id
        # the game replayed has no folder of its own: the copy is autosaved in the app's (--save-dir), not
        # wherever the program was started (the project's savegames/ got one at every run of this test)
        assert copy.autosave_path is not None and copy.autosave_path.parent == tmp_path


async def test_f1_and_question_mark_show_the_replays_keys_as_they_work(finished2):
    """The replay's help says what ? and F1 do there (this help: a replay has no rules page of its
    own), and lists every replay key by what it does, PgUp PgDn in Carcassonne's words."""
    app = TiletumApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_replay(app, pilot, finished2, at=5)
        for key in ("f1", "question_mark"):
            await pilot.press(key)
            await pilot.pause()
            help_ = app.screen
            assert isinstance(help_, KeysHelp)
            rows = dict((keys, words) for _title, section in help_.sections for keys, words, *_ in section)
            assert rows["question_mark,f1"] == "every key (this help)"
            assert rows["pageup"] == "back to the scoring before" and rows["e"].startswith("at the end")
            assert not any("rules" in words for words in rows.values())
            body = rendered(help_.query_one("#help-text").content)
            assert "? F1" in body and "every key (this help)" in body
            await pilot.press("escape")
            assert isinstance(app.screen, CarcassonneReplay)


def test_the_charts_categories_are_the_ledgers(finished2):
    """VP by category: the categories ``scores_by_category`` gives, and they add up to each score."""
    state = finished2.state
    keys = [k for k, _ in CHARTS.categories(state)]
    for ledger, score in zip(GAME.scores_by_category(state), state.scores):
        assert set(ledger) <= set(keys) and sum(ledger.values()) == score


# ---------------------------------------------------------------- snapshots (few: CI time)
SIZES = [(80, 24), (120, 40)]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_replay_snapshot(snap_compare, finished2, size):
    app = TiletumApp()

    async def before(pilot):
        await pilot.pause()
        app.push_screen(CarcassonneReplay(finished2, at=61))
        await pilot.pause()
    assert snap_compare(app, terminal_size=size, run_before=before)


@pytest.mark.parametrize("page,size", [("vp", (80, 24)), ("categories", (80, 24)), ("times", (120, 40))],
                         ids=lambda v: v if isinstance(v, str) else f"{v[0]}x{v[1]}")
def test_chart_snapshot(snap_compare, finished2, page, size):
    app = TiletumApp()

    async def before(pilot):
        await pilot.pause()
        app.push_screen(ChartsScreen(Positions(finished2), CHARTS))
        await pilot.pause()
        app.screen.action_show(page)
        await pilot.pause()
    assert snap_compare(app, terminal_size=size, run_before=before)
