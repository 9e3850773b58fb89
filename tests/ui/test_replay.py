"""The replay screen (issue 21): "a replay screen with the same views as play (read-only), stepping by
action (← →), by turn, by round or phase (PgUp PgDn or keys of your choosing), to the start and the
end, and jumping to a move picked from the log. The log line of the move shown is highlighted".

Every position the screen shows is compared with the engine's own replay of the game's actions
(``engine.apply`` from ``engine.new_game``), not with the session the screen was built from.
"""

from __future__ import annotations

import random

import pytest

from tests.ui.conftest import log_unwrapped
from tests.ui.replay_helpers import engine_states
from tiletum_tui.games.tiletum.engine import digest, legal_actions, parse
from tiletum_tui.games.tiletum.engine.state import UNKNOWN, PlayerSetup, Settings
from tiletum_tui.shell.saves.format import Seat
from tiletum_tui.shell.session import EVERY_SEAT, Session
from tiletum_tui.shell.ui.app import TiletumApp
from tiletum_tui.games.tiletum.ui.replay.positions import EVERYTHING, HiddenError, Positions
from tiletum_tui.games.tiletum.ui.replay.screen import ReplayScreen
from tiletum_tui.games.tiletum.ui.widgets.log import LogView
from tiletum_tui.games.tiletum.ui.widgets.status import StatusBar

FOUR = Settings(players=tuple(PlayerSetup(n, c) for n, c in zip(("Ann", "Bob", "Cid", "Dee"),
                                                                ("red", "blue", "green", "yellow"))), seed=3)


def played(settings=FOUR, *, moves: int = 10_000, seed: int = 1, seats=()) -> Session:
    session = Session.new(settings, autosave=False, seats=seats)
    rng = random.Random(seed)
    for _ in range(moves):
        if session.finished:
            break
        session.apply(rng.choice(legal_actions(session.state)), by=EVERY_SEAT)
    return session


@pytest.fixture(scope="module")
def finished4():
    return played()


def plain(widget) -> str:
    content = widget.content
    return getattr(content, "plain", str(content))


async def open_replay(app, pilot, session, **kw) -> ReplayScreen:
    screen = ReplayScreen(session, **kw)
    app.push_screen(screen)
    await pilot.pause()
    return screen


def shows(screen, truth) -> None:
    """The screen draws position ``screen.at`` as the engine has it: the state, the status line's VP,
    and the log's highlighted line is the move that led there."""
    state = truth[screen.at]
    assert digest(screen.model.state) == digest(state), f"position {screen.at}"
    status = plain(screen.query_one(StatusBar))
    assert all(f"{p.name[:3]} {p.vp}" in status for p in state.players), (screen.at, status)
    if screen.current_view == "log" and screen.at:
        line = next(ln for ln in log_unwrapped(plain(screen.query_one(LogView))).splitlines() if ln.startswith("▶"))
        assert line.startswith(f"▶{screen.at:>3} ") and screen.positions.entry(screen.at).text in line


async def test_stepping_forward_and_back_over_a_whole_four_player_game(finished4):
    """Issue 21: "Pilot tests that step a replay forward and back over a whole 4-player game and
    compare every position with the engine's"."""
    truth = engine_states(finished4)
    app = TiletumApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_replay(app, pilot, finished4, at=0)
        assert screen.current_view == "log"
        shows(screen, truth)
        for _ in range(len(truth) - 1):
            screen.action_step("action", 1)
            shows(screen, truth)
        assert screen.at == len(truth) - 1 and truth[-1].phase == "over"
        screen.action_step("action", 1)  # the end: no further
        assert screen.at == len(truth) - 1
        for _ in range(len(truth) - 1):
            screen.action_step("action", -1)
            shows(screen, truth)
        assert screen.at == 0
        # ... and the keys do the same: → ← End Home
        await pilot.press("right", "right", "left")
        assert screen.at == 1
        shows(screen, truth)
        await pilot.press("end")
        assert screen.at == len(truth) - 1
        shows(screen, truth)
        await pilot.press("home")
        assert screen.at == 0


async def test_turns_and_phases_step_to_where_the_engine_begins_them(finished4):
    """↑ ↓ step a turn, PgUp PgDn a phase: each lands where the engine's turn (round, phase, lap,
    turn) or phase begins, and nothing in between begins one."""
    truth = engine_states(finished4)
    turn = [(s.round, s.phase, s.lap, s.turn) for s in truth]
    phase = [(s.round, s.phase) for s in truth]
    app = TiletumApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_replay(app, pilot, finished4, at=0)
        for unit, keys, (back, on) in (("turn", turn, ("up", "down")), ("phase", phase, ("pageup", "pagedown"))):
            screen.go(0)
            landed = [0]
            while screen.at < len(truth) - 1:
                screen.action_step(unit, 1)
                landed.append(screen.at)
            begins = [0] + [i for i in range(1, len(truth)) if keys[i] != keys[i - 1]]
            assert landed == begins + ([len(truth) - 1] if begins[-1] != len(truth) - 1 else [])
            await pilot.press(back)  # back from the end: the start of the turn (phase) shown
            assert screen.at == begins[-1] if begins[-1] != len(truth) - 1 else begins[-2]
            await pilot.press(back, on)
            assert keys[screen.at] != keys[screen.at - 1]
            shows(screen, truth)
        # (the phases a player decides in: four Action phases, the King phases, the end)
        assert {(r, "action") for r in (1, 2, 3, 4)} | {(r, "king") for r in (1, 2, 3)} <= set(phase)


async def test_a_move_picked_from_the_log_is_shown(finished4, tmp_path):
    """Issue 21: "jumping to a move picked from the log": j lists every move, Enter goes there."""
    truth = engine_states(finished4)
    app = TiletumApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_replay(app, pilot, finished4, at=5)
        await pilot.press("j")
        moves = app.screen.query_one("#moves")
        assert moves.highlighted == 5 and moves.option_count == len(truth)
        moves.highlighted = 200
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen and screen.at == 200
        shows(screen, truth)
        await pilot.press("j", "4", "0")  # a move by its number, as the lines show it
        assert app.screen.query_one("#moves").highlighted == 40
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen and screen.at == 40


async def test_the_map_marks_what_the_move_shown_changed(tmp_path):
    """Issue 21: ""what changed" marks it on the map as play does": a Merchant's move is the map's
    recent mark (the recap's ``moved``), for the move shown only."""
    session = played(moves=40)
    app = TiletumApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_replay(app, pilot, session, at=0)
        move = next(i for i, e in enumerate(session.log, 1) if e.notation.split(": ")[1].startswith("move"))
        screen.go(move)
        await pilot.press("m")
        to = parse(session.log[move - 1].notation).to
        assert screen.query_one("#map-view").recap.moved == {to: {session.log[move - 1].seat}}
        screen.go(move - 1)
        assert to not in screen.query_one("#map-view").recap.moved


# ---------------------------------------------------------------- what a replay may show
def test_an_unfinished_game_never_shows_what_it_still_hides():
    """Issue 21: "an unfinished one replays only with the view of a seat, so a replay never shows a
    player what the game still hides" (the face-down Corruption tokens, the piles' order)."""
    session = played(moves=120, seats=(Seat(), Seat(player="opponent", level="beginner"), Seat(), Seat()))
    assert not session.finished
    positions = Positions(session)
    with pytest.raises(HiddenError, match="not over"):
        positions.view(10, EVERYTHING)
    for i in range(positions.last + 1):
        seen = positions.view(i, 0)
        assert seen.hidden.redacted and seen.hidden.rng == 0
        assert set(seen.hidden.corruption_row) <= {UNKNOWN}


async def test_the_replay_of_an_unfinished_game_offers_only_the_peoples_seats(tmp_path):
    session = played(moves=120, seats=(Seat(), Seat(player="opponent", level="beginner"), Seat(), Seat()))
    app = TiletumApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_replay(app, pilot, session, at=30)
        assert screen.seats == [0, 2, 3]
        seen = []
        for _ in range(4):
            seen.append(screen.model.seat)
            assert screen.model.state.hidden.redacted
            assert "Face down" not in plain(screen.query_one("#replay-panel"))
            await pilot.press("v")
        assert seen == [0, 2, 3, 0]


async def test_a_finished_game_hides_nothing(finished4, tmp_path):
    """Issue 21: "a finished game hides nothing": everything is shown, the face-down tokens said."""
    truth = engine_states(finished4)
    app = TiletumApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_replay(app, pilot, finished4, at=3)
        assert screen.model.seat == EVERYTHING and not screen.model.state.hidden.redacted
        tokens = " ".join(str(t) for t in reversed(truth[3].hidden.corruption_row))
        assert f"Corruption tokens {tokens} (next first)" in plain(screen.query_one("#replay-panel"))
        await pilot.press("v")
        assert screen.model.seat == 0 and screen.model.state.hidden.redacted


# ---------------------------------------------------------------- ways in and play on
async def test_open_r_replays_a_save_and_the_final_table_r_too(finished4, tmp_path):
    """Issue 21: "From Open a saved game ... and from the final table: a replay screen"."""
    finished4.save("done", folder=tmp_path)
    app = TiletumApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o")  # the title: Open a saved game
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen) and app.screen.at == 0
        assert app.screen.positions.last == len(finished4.log)
    app = TiletumApp(session=Session.load(tmp_path / "done.json", autosave=False))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert type(app.screen).__name__ == "FinalScreen"
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("escape")
        assert type(app.screen).__name__ == "FinalScreen"


async def test_play_on_from_here_starts_a_copy_with_the_seats_chosen(finished4, tmp_path):
    """Issue 21: ""play on from here" starts a new game (a copy) at that point, with any seats made
    people or computer opponents"; the game replayed is not touched."""
    path = finished4.save("done", folder=tmp_path)
    before = path.read_bytes()
    truth = engine_states(finished4)
    app = TiletumApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_replay(app, pilot, Session.load(path, autosave=False, open_as="read-only"), at=100)
        await pilot.press("p")
        dialog = app.screen
        dialog.query_one("#who1").value = "journeyman"
        dialog.query_one("#who3").value = "beginner"
        await pilot.press("ctrl+s")
        for _ in range(50):  # (the copy's opponents start their process: a loaded machine takes a while)
            if type(app.screen).__name__ == "GameScreen":
                break
            await pilot.pause(0.1)
        game = app.screen
        assert type(game).__name__ == "GameScreen" and screen not in app.screen_stack
        copy = game.model.session
        # The copy begins at move 100; its computer opponents may have moved since (seats 2 and 4).
        assert copy.notation_log[:100] == finished4.notation_log[:100]
        assert all(line.split(":")[0] in ("2", "4") for line in copy.notation_log[100:])
        assert digest(copy.positions()[100]) == digest(truth[100])
        assert [s.level for s in copy.seats] == ["", "journeyman", "", "beginner"]
        assert copy.game_id != finished4.game_id and copy.autosave_path.exists()
    assert path.read_bytes() == before


async def test_the_replays_help_says_what_f1_does_there(finished4, tmp_path):
    """F1 on the replay is the app's help (the replay has no decision, so no rules page about it):
    the help it opens must say so, list the replay's keys first, and not promise "F1: the rules page"."""
    app = TiletumApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_replay(app, pilot, finished4, at=5)
        await pilot.press("f1")
        await pilot.pause()
        assert type(app.screen).__name__ == "HelpScreen"
        text = app.screen.query_one("#help-text").content.plain
        lines = {line[:14].strip(): line[14:] for line in text.splitlines() if line[:14].strip()}
        assert lines["? F1"] == "every key (this help)"
        assert "F1" not in [k for k, words in lines.items() if "rules page" in words]
        assert text.index("Replaying a game") < text.index("Looking around") and "Choosing" not in text
        assert "e" in lines and "final table" in lines["e"]


async def test_the_end_of_a_replay_says_how_to_reach_the_final_table(finished4, tmp_path):
    """At the last position of a finished game the panel and the key line say e: the final table;
    from Open e opens it, from the final table e goes back to it."""
    app = TiletumApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        from tiletum_tui.shell.ui.games import screens_for

        screen = screens_for("tiletum").replay(finished4, at=10)
        app.push_screen(screen)
        await pilot.pause()
        assert "The end of the game" not in plain(screen.query_one("#replay-panel"))
        await pilot.press("e")  # not at the end: it says where the table is
        assert app.screen is screen
        await pilot.press("end")
        assert "The end of the game · e: the final table" in plain(screen.query_one("#replay-panel"))
        await pilot.press("e")
        await pilot.pause()
        assert type(app.screen).__name__ == "FinalScreen"
    app = TiletumApp(session=Session.load(finished4.save("done", folder=tmp_path), autosave=False))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        final = app.screen
        await pilot.press("r", "end")
        await pilot.pause()
        assert "e: back to the final table" in plain(app.screen.query_one("#replay-panel"))
        await pilot.press("e")
        assert app.screen is final
