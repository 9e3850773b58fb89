"""Issue 44, play by correspondence on ``tiletum host``: "the host's own records in a real database",
"table talk is part of the game", "ratings", "rematch", "a seat names only a player the host knows".

Each test plays as people would, through the host's protocol (the client's own API or raw frames)."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tiletum_tui.core import games
from tiletum_tui.shell.host import protocol as P
from tiletum_tui.shell.host.hosted import HostFolder, Tables
from tiletum_tui.shell.host.records_db import Records
from tiletum_tui.shell.records import read_record
from tiletum_tui.shell.saves.format import PERSON, Seat
from tiletum_tui.shell.session import EVERY_SEAT, Session

from .hosting import (  # noqa: F401
    ROOT,
    Player,
    Raw,
    host_process,
    people,
    running_host,
    short_dir,
    socket_ready,
)

CLI = [sys.executable, "-m", "tiletum_tui"]


def _cli(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(CLI + list(args), cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)


def _game(folder: Path, name: str, seed: int, left: int, seats=None, names=("ann", "bob")) -> tuple[str, list[str]]:
    """A hosted game of ``names`` by random moves in the host's folder, ``left`` moves before its end."""
    HostFolder(folder).prepare()
    game = games.game(name)
    settings = game.table_settings([(n, c) for n, c in zip(names, ("red", "blue", "green"))], seed)
    whole = Session.new(settings, autosave=False, game=game)
    rng = random.Random(seed)
    while not whole.finished:
        whole.apply(rng.choice(game.legal_actions(whole.state)), by=EVERY_SEAT)
    s = Session.new(settings, HostFolder(folder).games, game=game, seats=seats or (PERSON,) * len(names))
    for a in whole.notation_log[: len(whole.notation_log) - left]:
        s.apply(a, by=EVERY_SEAT)
    s.close()
    return s.game_id, whole.notation_log


async def _finish(host, folder: Path, gid: str, last: str) -> tuple[Player, Player]:
    """Ann and Bob connect and open the game; whoever's it is makes its last move."""
    ann, bob = await Player(folder, "ann").connect(), await Player(folder, "bob").connect()
    for p in (ann, bob):
        await p.open(gid)
    g = host.games[gid]
    mover = (ann, bob)[g.session.current_player]
    model = mover.model(gid)
    await mover.play(gid, next(a for a in model.legal() if model.game.notation(a) == last))
    await ann.until(lambda: gid in host.records.indexed() and host.records.was_rated(gid))
    return ann, bob


# ---------------------------------------------------------------- the host's records in SQLite
async def test_an_older_folder_is_imported_once_into_the_database(short_dir):
    """ "A host started over an older folder imports it": its tables waiting and its games."""
    folder = HostFolder(short_dir)
    folder.prepare()
    old = Tables(folder)  # today's tables.json, as a host before issue 44 wrote it
    old.new(P.NewTable("tiletum", (P.SeatPlan("person", "ann"), P.SeatPlan("open"))))
    over, _ = _game(short_dir, "carcassonne", 3, left=0)
    going, _ = _game(short_dir, "carcassonne", 4, left=20)
    async with running_host(short_dir) as host:
        assert len(host.tables.tables) == 1  # the table still waits, now from host.db
        assert {over, going} <= host.records.indexed()
        bob = await Raw.connect(short_dir, "bob")
        bob.send(P.LobbyAsk(0, "ann"))
        lobby = await bob.expect(P.Lobby, lambda m: m.search == "ann")
        assert {g.id for g in lobby.games} >= {over, going, *host.tables.tables}
        bob.close()
    assert not folder.tables.exists() and folder.root.joinpath("tables.json.imported").exists()
    db = sqlite3.connect(folder.root / "host.db")
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.execute("SELECT count(*) FROM waiting").fetchone()[0] == 1
    db.close()
    async with running_host(short_dir) as host:  # once: nothing imported twice, the game files untouched
        assert len(host.tables.tables) == 1
    assert Session.load(folder.games / f"autosave-{over}.json", autosave=False, open_as="read-only").finished


# ---------------------------------------------------------------- table talk
async def test_table_talk_survives_a_sigkill_of_the_host(short_dir):
    """ "Table talk is part of the game: kept with it on disk": said, the host killed, started again."""
    proc = host_process(short_dir)
    try:
        await socket_ready(short_dir)
        ann, bob = await Raw.connect(short_dir, "ann"), await Raw.connect(short_dir, "bob")
        ann.send(P.NewTable("carcassonne", people("ann", "bob")))
        lobby = await ann.expect(P.Lobby, lambda m: any(not g.waiting and not g.finished for g in m.games))
        gid = next(g.id for g in lobby.games if not g.waiting)
        ann.send(P.Open(gid))
        await ann.expect(P.Opened)
        ann.send(P.Say(gid, "see you tomorrow \x1b[2J"))
        await ann.expect(P.Said)  # told: so it is on disk
        proc.send_signal(signal.SIGKILL)
        proc.wait(30)
        ann.close(), bob.close()
        proc = host_process(short_dir)
        await socket_ready(short_dir)
        bob = await Raw.connect(short_dir, "bob")
        bob.send(P.Open(gid))
        opened = await bob.expect(P.Opened)
        assert [(c.who, c.text) for c in opened.chat] == [("ann", "see you tomorrow \\x1b[2J")]  # escaped, kept
        bob.close()
    finally:
        proc.kill()
        proc.wait(30)


async def test_a_player_who_comes_back_is_shown_the_talk_since_their_last_turn(short_dir):
    """ "shown to a player who comes back under 'since your last turn'", after a restart too: a line said
    after his last move is there, one said before it is not."""
    gid, moves = _game(short_dir, "carcassonne", 5, left=40)
    at = len(moves) - 40
    async with running_host(short_dir) as host:
        ann, bob = await Player(short_dir, "ann").connect(), await Player(short_dir, "bob").connect()
        a, b = await ann.open(gid), await bob.open(gid)
        s = host.games[gid].session

        async def play_until(done):
            nonlocal at
            while not done():
                p, m = ((ann, a), (bob, b))[s.current_player]
                await p.play(gid, next(x for x in m.legal() if m.game.notation(x) == moves[at]))
                at += 1

        await play_until(lambda: s.current_player == 1)
        a.say("early line")
        await play_until(lambda: s.current_player == 0 and s.log[-1].seat == 1)
        a.say("late line")
        await bob.until(lambda: len(b.chat) == 2)
        ann.close(), bob.close()
    async with running_host(short_dir) as host:
        bob = await Player(short_dir, "bob").connect()
        b = await bob.open(gid)
        assert b.since(1).talk == ("ann: late line",)
        assert [c.text for c in b.chat] == ["early line", "late line"]  # both in the log where said
        bob.close()


async def test_talk_goes_into_the_exported_record_as_comments_and_it_reads_back(short_dir):
    """ "in exported records as comments": the record reads back as the same game."""
    gid, moves = _game(short_dir, "carcassonne", 6, left=1)
    async with running_host(short_dir) as host:
        ann = await Player(short_dir, "ann").connect()
        model = await ann.open(gid)
        model.say("good game # really")
        await ann.until(lambda: model.chat)
        ann.close()
        ann, bob = await _finish(host, short_dir, gid, moves[-1])
        await ann.until(lambda: ann.model(gid).game.finished(ann.model(gid).view))
        # the final table's replay (the host's record) has the talk, each line at its move
        assert [(c.text, c.after) for c in ann.model(gid).whole_game().talk] == [("good game # really", len(moves) - 1)]
        bob.close(), ann.close()
    target = short_dir / "game.record"
    done = _cli("host", "export", gid, "--to", str(target), "--host-dir", str(short_dir))
    assert done.returncode == 0, done.stderr
    text = target.read_text("utf-8")
    assert f"# talk after {len(moves) - 1}: ann: good game # really" in text
    record = read_record(text)
    assert len(record.moves) == len(moves) and record.result != "unfinished"


async def test_the_talk_of_a_game_and_of_its_final_table_is_one_conversation(short_dir):
    """Issue 39, "table talk has one home": a line said while the game is played and one said at its
    final table are the same game's talk, in order, each cleaned and cut alike (its ``TableTalk``,
    handed by the Table to the game's lobby line when it ends: no copy), and both read back after a
    restart."""
    gid, moves = _game(short_dir, "carcassonne", 9, left=1)
    async with running_host(short_dir) as host:
        ann = await Player(short_dir, "ann").connect()
        model = await ann.open(gid)
        talk = host.games[gid].table.talk
        model.say("good luck \x1b[2J")
        await ann.until(lambda: model.chat)
        ann.close()
        ann, bob = await _finish(host, short_dir, gid, moves[-1])
        assert host.games[gid].talk is talk  # the game over holds the Table's talk itself
        bob.model(gid).say("well played " + "x" * 5000)
        await ann.until(lambda: len(ann.model(gid).chat) == 2)
        said = [(c.who, c.text[:20], c.after) for c in ann.model(gid).chat]
        assert said == [("ann", "good luck \\x1b[2J", len(moves) - 1), ("bob", "well played xxxxxxxx", len(moves))]
        assert len(ann.model(gid).chat[-1].text) < 230  # cut as the Table cuts a line
        ann.close(), bob.close()
    async with running_host(short_dir) as host:
        assert [(c.who, c.after) for c in host.games[gid].chat] == [("ann", len(moves) - 1), ("bob", len(moves))]


# ---------------------------------------------------------------- ratings
async def test_a_finished_hosted_game_updates_the_ratings_and_the_lobby_shows_them(short_dir):
    gid, moves = _game(short_dir, "carcassonne", 8, left=1)
    async with running_host(short_dir) as host:
        ann, bob = await _finish(host, short_dir, gid, moves[-1])
        rows = {ident: (mu, games_) for _, ident, mu, _, games_ in host.records.rating_rows("carcassonne")}
        assert set(rows) == {"ann", "bob"} and rows["ann"][1] == rows["bob"][1] == 1
        over = Session.load(host.games[gid].path, autosave=False, open_as="read-only")
        winners = over.game.winners(over.state)
        if len(winners) == 1:
            won, lost = ("ann", "bob") if winners == (0,) else ("bob", "ann")
            assert rows[won][0] > rows[lost][0]
        await ann.until(lambda: "Carcassonne" in ann.lobby.rating and "(1 game)" in ann.lobby.rating)
        ann.close(), bob.close()
    board = _cli("host", "ratings", "--host-dir", str(short_dir))
    assert board.returncode == 0 and "Carcassonne" in board.stdout and "ann" in board.stdout


def test_ratings_are_rebuilt_from_the_games_files_computer_opponents_rated_by_level(short_dir):
    HostFolder(short_dir).prepare()
    opp = Seat(player="opponent", level="beginner")
    _game(short_dir, "carcassonne", 9, left=0, seats=(PERSON, opp))
    _game(short_dir, "carcassonne", 10, left=0, seats=(opp, PERSON), names=("Otto", "bob"))
    _game(short_dir, "carcassonne", 11, left=5)  # under way: not counted
    done = _cli("host", "ratings", "--rebuild", "--host-dir", str(short_dir))
    assert done.returncode == 0, done.stderr
    assert "2 game(s) over counted again" in done.stdout
    records = Records(short_dir)
    rows = {ident: n for _, ident, _, _, n in records.rating_rows()}
    assert rows == {"ann": 1, "bob": 1, "beginner (computer)": 2}
    first = records.rating_rows()
    records.close()
    again = _cli("host", "ratings", "--rebuild", "--host-dir", str(short_dir))  # the same files, the same board
    assert again.returncode == 0
    records = Records(short_dir)
    assert records.rating_rows() == first
    records.close()


# ---------------------------------------------------------------- a seat names a player the host knows
async def test_a_new_table_naming_a_person_the_host_does_not_know_is_refused(short_dir):
    async with running_host(short_dir) as host:
        ann = await Raw.connect(short_dir, "ann")
        ann.send(P.NewTable("tiletum", people("ann", "zed")))
        refused = await ann.expect(P.Refused)
        assert "knows no player called zed" in refused.why and not host.tables.tables
        added = _cli("host", "player", "zed", "--host-dir", str(short_dir))  # the owner adds him
        assert added.returncode == 0 and "zed: added" in added.stdout
        ann.send(P.NewTable("tiletum", people("ann", "zed")))
        await ann.expect(P.Accepted)
        ann.close()


# ---------------------------------------------------------------- rematch
async def test_a_rematch_rotates_the_seats_and_begins_when_everyone_accepts(short_dir):
    gid, moves = _game(short_dir, "carcassonne", 12, left=1)
    async with running_host(short_dir) as host:
        ann, bob = await _finish(host, short_dir, gid, moves[-1])
        over = Session.load(host.games[gid].path, autosave=False, open_as="read-only")
        old_seed = over.game.seed(over.settings)
        ann.link.send(P.Rematch(gid))
        await bob.until(lambda: any(g.waiting and "rematch" in g.progress for g in bob.lobby.games))
        line = next(g for g in bob.lobby.games if g.waiting)
        assert [s.name for s in line.seats] == ["bob", "ann"] and "waiting for bob" in line.progress
        carl = await Raw.connect(short_dir, "carl")
        carl.send(P.TakeSeat(line.id, 0))
        assert "kept for bob" in (await carl.expect(P.Refused)).why
        before = set(host.games)
        bob.link.send(P.Rematch(gid))  # his one key: accepted, the game begins
        await bob.until(lambda: set(host.games) - before)
        (new,) = set(host.games) - before
        g = host.games[new]
        assert g.names() == ["bob", "ann"] and g.game.seed(g.session.settings) != old_seed
        ann.close(), bob.close(), carl.close()


async def test_a_rematch_keeps_the_tables_time_per_move_and_its_choice_when_time_runs_out(short_dir):
    """ "Rematch from the final table: the same people" at the same pace: a correspondence game's rematch
    has its time per move, its stand-in's level and its misses before the seat is taken for good."""
    from tiletum_tui.shell.host.correspondence import keeper
    from tiletum_tui.shell.table.clock import Record, TimeControl

    gid, moves = _game(short_dir, "carcassonne", 15, left=1)
    control = TimeControl(per_move=3 * 86400, stand_in="beginner", take_after=2)
    keeper(HostFolder(short_dir), gid, print)(Record(control=control))  # (as the host kept it at the game)
    async with running_host(short_dir) as host:
        ann, bob = await _finish(host, short_dir, gid, moves[-1])
        ann.link.send(P.Rematch(gid))
        await bob.until(lambda: any(g.waiting and "rematch" in g.progress for g in bob.lobby.games))
        before = set(host.games)
        bob.link.send(P.Rematch(gid))
        await bob.until(lambda: set(host.games) - before)
        (new,) = set(host.games) - before
        assert host.games[new].table.clock.control == control
        await bob.until(lambda: any(g.id == new and g.speed == "3 days a move" and g.deadline for g in bob.lobby.games))
        ann.close(), bob.close()


async def test_tiletums_recap_shows_the_talk_since_your_last_turn(tmp_path):
    """The same on Tiletum's screen: the recap shown when a turn begins has the talk said since (what a
    hosted client is sent: ``Since.talk``; here a session's, as the host adds it)."""
    from tiletum_tui.games.tiletum.ui.widgets.recap import RecapView
    from tiletum_tui.shell.host.talk import since_talk
    from tiletum_tui.shell.ui.app import TiletumApp

    from ..ui.test_issue39_recap_screen import _round_two

    session = _round_two(tmp_path)
    real = session.since
    said = [P.Chat("ann", "early, before your move", 0, 0.0), P.Chat("ann", "well played", len(session.log), 0.0)]
    session.since = lambda seat: since_talk(real(seat), said)
    app = TiletumApp(session=session, save_dir=tmp_path)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        text = str(app.screen.query_one(RecapView).content)
        assert "Table talk since" in text and '"ann: well played"' in text
        assert "early, before your move" not in text
    session.close()


def test_the_replay_shows_each_line_of_talk_at_the_move_it_followed(short_dir):
    """ "in the replay": a hosted game over's replay (its record, with the talk the client holds)."""
    from tiletum_tui.shell.ui.replay.screen import ReplayShell

    gid, moves = _game(short_dir, "carcassonne", 13, left=0)
    session = Session.load(HostFolder(short_dir).games / f"autosave-{gid}.json", autosave=False, open_as="read-only")
    session.talk = (P.Chat("ann", "what a road", 5, 0.0),)  # (as ``RemoteModel.whole_game`` gives it)
    replay = ReplayShell(session, at=5)
    assert "ann said: what a road" in str(replay.panel_text(lambda ink: ""))
    replay.model.at = 6
    assert "what a road" not in str(replay.panel_text(lambda ink: ""))
    session.close()


# ---------------------------------------------------------------- the owner deletes or archives
async def test_the_owner_archives_a_game_nobody_will_finish_and_its_players_are_told(short_dir):
    """ "a game cannot be abandoned or deleted": ``tiletum host archive GAME --under-way`` (a game over
    needs no flag; without it a game under way is still refused: its players would lose it)."""
    gid, _ = _game(short_dir, "carcassonne", 14, left=30)
    async with running_host(short_dir) as host:
        ann = await Player(short_dir, "ann").connect()
        await ann.open(gid)
        refused = await asyncio.to_thread(_cli, "host", "archive", gid, "--host-dir", str(short_dir))
        assert refused.returncode == 2 and "is not over" in refused.stderr and gid in host.games
        done = await asyncio.to_thread(_cli, "host", "archive", gid, "--under-way", "--host-dir", str(short_dir))
        assert done.returncode == 0, done.stderr
        await ann.until(lambda: any(isinstance(m, P.Paused) and "archived" in m.why for m in ann.heard))
        assert gid not in host.games and gid not in host.records.indexed()
        await ann.until(lambda: all(g.id != gid for g in ann.lobby.games))
        ann.close()
    archived = HostFolder(short_dir).root / "archive" / f"autosave-{gid}.json"
    assert not Session.load(archived, autosave=False, open_as="read-only").finished  # the same save, loadable


def test_a_damaged_database_is_said_and_kept_as_it_is(short_dir):
    """A bad file: a clear message, never overwritten (the guide's rule, for the host's own records)."""
    HostFolder(short_dir).prepare()
    junk = bytes(range(256)) * 20
    (short_dir / "host.db").write_bytes(junk)
    done = _cli("host", "--quiet", "--host-dir", str(short_dir))
    assert done.returncode == 1 and "host.db cannot be opened: file is not a database" in done.stderr
    assert "Traceback" not in done.stderr and (short_dir / "host.db").read_bytes() == junk


@pytest.mark.parametrize("name", ["tiletum", "carcassonne"])
async def test_m_at_a_hosted_games_final_table_asks_for_its_rematch(short_dir, name):
    """ "Rematch from the final table": ``m`` there, in both games (a watcher's m does nothing)."""
    from tiletum_tui.shell.host.client import HostLink
    from tiletum_tui.shell.host.join import JoinApp

    from .hosting import screen_until

    gid, _ = _game(short_dir, name, 15, left=0)
    async with running_host(short_dir) as host:
        app = JoinApp(HostLink(path=str(HostFolder(short_dir).socket), name="bob"))
        async with app.run_test(size=(80, 24)) as pilot:
            await screen_until(pilot, lambda: app.lobby is not None)
            app.link.send(P.Open(gid))
            await screen_until(pilot, lambda: app._over_here() is not None)
            await pilot.pause(0.3)
            await pilot.press("m")
            await screen_until(pilot, lambda: gid in host.tables.rematch_of.values())
            (table,) = host.tables.tables.values()
            assert [s.name for s in table.seats] == ["bob", "ann"] and table.seats[0].kind == "person"
            assert app.return_code is None and not app.said_trouble


async def test_m_after_another_player_asked_says_the_rematch_was_accepted(short_dir):
    """ "Rematch from the final table" (issue 44): played in tmux, bob asked, then ann pressed m at her
    final table and the rematch began at once, while her screen said "Rematch asked ... It waits in the
    lobby until everyone accepts". Her m accepted it: her screen says so."""
    from tiletum_tui.shell.host.client import HostLink
    from tiletum_tui.shell.host.join import JoinApp

    from .hosting import screen_until

    gid, _ = _game(short_dir, "carcassonne", 15, left=0)
    async with running_host(short_dir) as host:
        bob = await Player(short_dir, "bob").connect()
        bob.link.send(P.Rematch(gid))
        await bob.until(lambda: gid in host.tables.rematch_of.values())
        app = JoinApp(HostLink(path=str(HostFolder(short_dir).socket), name="ann"))
        async with app.run_test(size=(80, 24)) as pilot:
            await screen_until(pilot, lambda: app.lobby is not None and any(g.waiting for g in app.lobby.games))
            app.link.send(P.Open(gid))
            await screen_until(pilot, lambda: app._over_here() is not None)
            await pilot.pause(0.3)
            await pilot.press("m")

            def shown() -> str:
                return " ".join(" ".join(s.text for s in app.screen._compositor.render_strips()).split())

            await screen_until(pilot, lambda: "Rematch" in shown())
            assert "Rematch accepted" in shown() and "until everyone accepts" not in shown()
            await screen_until(pilot, lambda: not host.tables.tables)  # it began: no table waits
        bob.close()
