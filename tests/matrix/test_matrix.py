"""Issue 39: "Every feature works the same for both games, at home and on the host. A test matrix
through the Pilot, each cell a test: {Tiletum, Tiletum with Prospect for Silver, Carcassonne with the
River} × {at home, hosted through ``tiletum join``} × {a new game with a computer opponent; a move;
the opponent's move shown; undo refused after the opponent's move, with the reason; a hint with its
why; since your last turn; save and continue at home, reconnect on the host; the game's end, then
``r`` replay, then ``c`` with all its pages, the moves timed}". Keys at 80×24, the screen's text read
(toasts too), checked against the game's Session. The opponent is a beginner (it answers at once) with
no pause between its moves; the end is reached from a game cut at the person's last turn, once per
game and place. Cell ids: ``<game>-<place>``; about 50 s of CPU for the 48 cells (measured with
``time``, the opponents' processes included)."""

from __future__ import annotations

import re

import pytest

from tiletum_tui.shell.host.client import HostLink
from tiletum_tui.shell.host import hosted as hosted_games
from tiletum_tui.shell.host.hosted import HostFolder
from tiletum_tui.shell.host.join import JoinApp
from tiletum_tui.shell.host.lobby import LobbyScreen, NewTableScreen
from tiletum_tui.shell.session import Session
from tiletum_tui.shell.table.hints import HOSTS_HINT_SECONDS
from tiletum_tui.shell.ui.app import TiletumApp
from tiletum_tui.shell.ui.opponents import SeatDriver

from ..host.hosting import running_host
from .tables import GAMES, PLACES, THEM, YOU, at_home, at_table, first_open_line, flat, hosted, last_turn, played, screen_text, timed_copy, words

CELLS = [pytest.param(place, table, id=f"{table}-{place}") for table in GAMES for place in PLACES]


@pytest.mark.parametrize(("place", "table"), CELLS)
async def test_a_move(folder, place, table):
    async with at_table(place, table, folder) as at:
        await at.your_decision()
        n = len(at.session.log)
        await at.move()
        assert at.session.log[n].seat == YOU


@pytest.mark.parametrize(("place", "table"), CELLS)
async def test_the_opponents_move_shown(folder, place, table):
    async with at_table(place, table, folder) as at:
        await at.your_turn_played()
        turn = last_turn(at.session.log, THEM)
        assert turn
        # Carcassonne tells its last move (its follower) under the land, Tiletum its turn in the recap
        # from its first move, the die (the moves in a line each, as the log words them).
        told = turn[-1] if at.carcassonne else turn[0]
        await at.until(lambda: words(told) in flat(at.text()), f"the opponent's move: {told.text}")


@pytest.mark.parametrize(("place", "table"), CELLS)
async def test_undo_refused_after_the_opponents_move_with_the_reason(folder, place, table):
    async with at_table(place, table, folder) as at:
        await at.your_turn_played()
        why = at.session.can_undo(by=YOU)
        assert why and "made the last move" in why
        n = len(at.session.log)
        await at.pilot.press("u")
        await at.until(lambda: flat(why) in flat(at.text()), f"the reason: {why}")
        assert len(at.session.log) == n


@pytest.mark.parametrize(("place", "table"), CELLS)
async def test_a_hint_with_its_why(folder, place, table):
    """h: the master's suggestion for the decision in hand; x: why (in both games, both places)."""
    async with at_table(place, table, folder) as at:
        await at.your_decision()
        await at.pilot.press("h")
        if at.carcassonne:  # the suggestion under the land, the cursor at its place
            await at.until(lambda: "Master: place" in at.text(), "the master's suggestion")
        else:  # the suggested line of the decision panel marked, what it expects under it
            await at.until(lambda: "◆" in at.text() and "Master:" in at.text(), "the master's suggestion")
        await at.pilot.press("x")
        why = "How the master weighs it" if at.carcassonne else "Why the master suggests it"
        await at.until(lambda: why in at.text(), "why the master suggests it")
        assert "VP" in at.text() or "points" in at.text()


@pytest.mark.parametrize(("place", "table"), CELLS)
async def test_a_hint_the_time_cap_cut_short_says_so(folder, place, table, monkeypatch):
    """Issue 43: "a time cap only as a safeguard that is said on screen when it cuts the search short",
    a hint's too, at home and from the host (whose hints think to a cap: the host is shared). A cap of
    0.05 s cuts any master's search short of its simulations."""
    monkeypatch.setattr(SeatDriver, "hint_budget", "0.05s")  # at home
    monkeypatch.setattr(hosted_games, "HINT_BUDGET", "0.05s")  # on the host (read as its tables are made)
    async with at_table(place, table, folder) as at:
        await at.your_decision()
        await at.pilot.press("h")
        await at.until(lambda: "stopped thinking at its time cap" in flat(at.text()), "the cut said")
        said = re.search(r"time cap: (\d+) of its (\d+) simulations \((.*?)\)", flat(at.text()))
        assert said and int(said[1]) < int(said[2])
        assert (f"the host gives a hint {HOSTS_HINT_SECONDS} s at most" in said[3]) == (place == "hosted")  # why it was cut


@pytest.mark.parametrize(("place", "table"), CELLS)
async def test_since_your_last_turn(folder, place, table):
    """Once the opponent has played: what happened since the person's last decision, as the session
    made it (``Session.since``), the person's own last move first, the opponent's moves, VP values."""
    async with at_table(place, table, folder) as at:
        await at.your_turn_played()
        if "Since" not in at.text():  # (Tiletum shows it as a turn begins; s shows it again)
            await at.pilot.press("s")
        await at.until(lambda: "Since ann's last turn" in at.text(), "since your last turn")
        since = at.session.since(YOU)
        shown = flat(at.text())
        own = since.happened[0]
        assert own.own and f"Your last move: {flat(own.text)}" in shown
        theirs = last_turn(at.session.log, THEM)
        assert words(theirs[-1] if at.carcassonne else theirs[0]) in shown
        for h in since.happened:
            if h.seat is None and at.carcassonne:
                assert flat(h.text) in shown
            for c in h.vp:
                assert f"{c.before} → {c.after}" in shown


@pytest.mark.parametrize(("place", "table"), CELLS)
async def test_a_new_game_with_a_computer_opponent(folder, place, table):
    """The New game form by keys: the game, its module, the second seat a computer opponent."""
    name, modules = GAMES[table]
    if place == "home":
        app = TiletumApp(save_dir=folder)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("n" if name == "tiletum" else "g")  # New game (of Carcassonne: g)
            await pilot.pause()
            form = app.screen
            form.query_one("#who1").focus()
            await pilot.press("enter", "down", "enter")  # seat 2: Beginner
            for module in modules:
                form.query_one(f"#{module}").focus()
                await pilot.press("space")
            await pilot.press("ctrl+s")
            await _until(pilot, lambda: _game_up(app, form))
            await pilot.pause(0.3)
            shown = screen_text(app)
            session = Session.load(Session.latest_unfinished(folder), autosave=False, open_as="read-only")
            assert session.game.name == name and _modules(session.settings) == modules
            assert not session.seat(0).is_opponent and session.seat(1).is_opponent
            assert session.seat(1).level == "beginner"
            names = session.game.player_names(session.settings)
            assert all(n in shown for n in names), shown
    else:
        async with running_host(folder) as host:
            app = JoinApp(HostLink(path=str(HostFolder(folder).socket), name="ann"))
            async with app.run_test(size=(80, 24)) as pilot:
                await _until(pilot, lambda: app.lobby is not None)
                await pilot.press("n")
                await _until(pilot, lambda: isinstance(app.screen, NewTableScreen))
                form = app.screen
                if name == "carcassonne":
                    await pilot.press("enter", "down", "enter")  # the game: Carcassonne
                    await pilot.pause(0.2)
                form.query_one("#seat-kind-1").focus()
                await pilot.press("enter", "down", "down", "enter")  # seat 2: Opponent: beginner
                for module in modules:
                    form.query_one(f"#module-{name}-{module}").focus()
                    await pilot.press("space")
                await pilot.press("ctrl+s")
                await _until(pilot, lambda: isinstance(app.screen, LobbyScreen) and host.games and app.lobby.games)
                (game,) = host.games.values()
                await pilot.press("enter")  # her game, the first of the lobby
                await _until(pilot, lambda: game.id in app.games.models)
                await pilot.pause(0.3)
                session = game.session
                assert session.game.name == name and _modules(session.settings) == modules
                assert not session.seat(0).is_opponent and session.seat(1).is_opponent
                assert session.seat(1).level == "beginner"
                shown = screen_text(app)
                assert all(n in shown for n in game.names()), shown


def _modules(settings) -> tuple[str, ...]:
    """The modules a game was set up with (Tiletum's list them; Carcassonne's River is a flag)."""
    return tuple(getattr(settings, "modules", ())) + (("river",) if getattr(settings, "river", False) else ())


def _game_up(app, form) -> bool:
    return app.screen is not form and len(app.screen_stack) > 1


async def _until(pilot, condition, tries: int = 600) -> None:
    for _ in range(tries):
        if condition():
            return
        await pilot.pause(0.05)
    raise AssertionError("the screen did not change")


@pytest.mark.parametrize("table", GAMES)
async def test_save_and_continue_at_home(folder, table):
    """Ctrl+S saves under a name; F10 leaves for the title; c continues where the game was."""
    async with at_table("home", table, folder) as at:
        await at.your_turn_played()
        head = at.head()
        n = len(at.session.log)
        await at.pilot.press("ctrl+s")
        await at.until(lambda: "Save the game" in at.text(), "the save dialog")
        await at.pilot.press("enter")  # the name it suggests
        await at.until(lambda: "Saved as" in flat(at.text()), "saved")
        saved = [p for p in folder.iterdir() if p.suffix == ".json" and not p.name.startswith("autosave")]
        assert len(saved) == 1 and len(Session.load(saved[0], autosave=False, open_as="read-only").log) == n
        await at.pilot.press("f10")
        await at.until(lambda: "Continue" in at.text(), "the title")
        await at.pilot.press("c")
        await at.until(lambda: at.head() == head, "the game again")
        # It plays on: the person's next move, by keys, reaches the game's autosave.
        for _ in range(10):
            if len(_on_disk(folder).log) > n:
                break
            await at.pilot.press("enter" if at.carcassonne else (first_open_line(at.text()) or "e"))
            await at.pilot.pause(0.1)
        assert len(_on_disk(folder).log) > n and _on_disk(folder).log[n].seat == YOU


def _on_disk(folder):
    return Session.load(Session.latest_unfinished(folder), autosave=False, open_as="read-only")


@pytest.mark.parametrize("table", GAMES)
async def test_reconnect_on_the_host(folder, table):
    """ann leaves ``tiletum join`` mid-game (Ctrl+Q) and joins again: her game, where it was, goes on."""
    async with running_host(folder) as host:
        async with hosted(table, folder, host=host) as at:
            await at.your_turn_played()
            head, gid, n = at.head(), at.gid, len(at.session.log)
            await at.pilot.press("ctrl+q")
        async with hosted(table, folder, gid=gid, host=host) as again:
            await again.until(lambda: again.head() == head, "the game where it was")
            assert len(again.session.log) == n and again.yours()
            await again.move()
            assert again.session.log[n].seat == YOU


SEED = 5


@pytest.fixture(scope="module")
def near_the_end():
    """Per game, a whole game of ann and bob (the engine's legal moves, seeded) cut at ann's last turn
    that the opponent still plays after: (the moves up to there, shared by both places' end cells)."""
    cut = {}

    def made(table: str) -> list[str]:
        if table not in cut:
            log = played(table, SEED, lambda s: False).log
            starts = [k for k in range(1, len(log)) if log[k].seat == YOU and log[k - 1].seat != YOU
                      and any(e.seat == THEM for e in log[k:])]
            cut[table] = [e.notation for e in log[: starts[-1]]]
        return cut[table]

    return made


@pytest.mark.parametrize(("place", "table"), CELLS)
async def test_the_end_then_replay_and_charts_with_every_move_timed(folder, place, table, near_the_end):
    """The last turns by keys and the opponent, the final table, r: the replay (each move's time
    taken), c: every page of how it was won, the time per move with no "—" (every move timed: the
    moves made here by this place's clock; the earlier ones as the save recorded them)."""
    moves = near_the_end(table)
    if place == "home":
        session = timed_copy(table, SEED, moves, folder)
        context = at_home(table, folder, session)
    else:
        HostFolder(folder).prepare()
        session = timed_copy(table, SEED, moves, HostFolder(folder).games)
        session.close()
        context = hosted(table, folder, gid=session.game_id)
    async with context as at:
        while not at.session.finished:
            await at.your_decision()
            if at.yours():
                await at.move()
        await at.settled()
        here = len(at.session.log) - len(moves)  # the moves made on this screen
        assert here > 1 and any(e.seat == THEM for e in at.session.log[len(moves):])
        for _ in range(5):  # the final scoring's announcements: Enter, as a player does
            if "Enter: continue" not in at.text():
                break
            await at.pilot.press("enter")
            await at.pilot.pause(0.2)
        await at.pilot.press("r")
        await at.until(lambda: "Replay · position" in at.text(), "the replay")
        await at.pilot.press("end")  # (the last position: where the replay of a game over may not open)
        last = len(at.session.log)
        await at.until(lambda: f"position {last} of {last}" in flat(at.text()), "the replay's last position")
        for k in range(here):  # back through the moves made here: each one's time taken, never "—"
            await at.until(lambda: f"position {last - k} of {last}" in flat(at.text()), f"position {last - k}")
            assert re.search(r"time taken: \d+\.\d s", at.text()), at.text()
            await at.pilot.press("left")
        await at.pilot.press("escape")
        await at.until(lambda: "Replay · position" not in at.text(), "the final table again")
        await at.pilot.press("c")
        await at.until(lambda: "How it was won — " in at.text(), "how it was won")
        pages = int(at.text().split("How it was won — 1/")[1].split()[0])
        seen = []
        for k in range(1, pages + 1):
            await at.until(lambda: f"How it was won — {k}/{pages}" in at.text(), f"page {k}")
            text = at.text()
            seen.append(text)
            if "Time taken per move" in text:
                rows = text.split("Time taken per move (— : not timed)")[1].split("\n")[1:]
                table_rows = [r for r in rows if re.match(r"\s*\d \S+\s+\d+\s+\d+\s", r)]  # a seat's row
                assert len(table_rows) == 2 and not any("—" in r for r in table_rows), text
            await at.pilot.press("tab")
        assert any("Time taken per move" in t for t in seen)
        await at.pilot.press("escape")
        await at.until(lambda: "How it was won — " not in at.text(), "the final table again")
        assert all(e.seconds is not None for e in at.session.log)
