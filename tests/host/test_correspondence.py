"""Issue 44, Tests: "a whole correspondence game between two scripted players through the host with a
1-minute move time in the test (a clock you can advance), reminders caught by the loopback sink, a
time-out played by a computer opponent, a resignation" — and "deadlines survive a host restart".

The reminders go through apprise's ``mailto://`` to an SMTP sink on 127.0.0.1 (aiosmtpd), never an
outside address."""

from __future__ import annotations

import asyncio
import random
import socket

import pytest
from aiosmtpd.controller import Controller

from tiletum_tui.shell.host import connections
from tiletum_tui.shell.host import protocol as P
from tiletum_tui.shell.host.correspondence import read_record
from tiletum_tui.shell.table.clock import ManualClock

from .hosting import Player, people, running_host, short_dir  # noqa: F401 (fixture)

MINUTE = 60


class Sink:
    """An SMTP server on loopback that keeps what it is sent: (to whom, subject)."""

    def __init__(self) -> None:
        self.mails: list[tuple[str, str]] = []

    async def handle_DATA(self, server, session, envelope):
        text = envelope.content.decode("utf-8", "replace")
        subject = next((line[9:] for line in text.splitlines() if line.startswith("Subject: ")), "")
        for to in envelope.rcpt_tos:
            self.mails.append((to.split("@")[0], subject))
        return "250 OK"

    def to(self, name: str) -> list[str]:
        return [s for n, s in self.mails if n == name]


@pytest.fixture
def sink():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    handler = Sink()
    controller = Controller(handler, hostname="127.0.0.1", port=port)
    controller.start()
    handler.url = lambda name: f"mailto://127.0.0.1:{port}?mode=insecure&from=host@tiletum.test&to={name}@tiletum.test"
    yield handler
    controller.stop()


async def _mail(host, sink, name: str, count: int) -> None:
    for _ in range(300):
        await host.reminders.settled()
        if len(sink.to(name)) >= count:
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"{name} got {sink.to(name)}, not {count} reminders")


async def _correspondence_table(host, ann, bob, game: str, per_move: int = MINUTE) -> str:
    before = set(host.games)
    ann.link.send(P.NewTable(game, people("ann", "bob"), per_move=per_move, stand_in="beginner"))
    await ann.until(lambda: set(host.games) - before)
    (gid,) = set(host.games) - before
    return gid


async def _reminders_to_the_sink(ann, bob, sink) -> None:
    for p in (ann, bob):
        p.link.send(P.Remind(sink.url(p.link.name)))
        await p.until(lambda: any(isinstance(m, P.Accepted) for m in p.heard))


@pytest.mark.parametrize("game", ["tiletum", "carcassonne"])
async def test_a_whole_correspondence_game_reminders_a_time_out_and_a_resignation(short_dir, sink, monkeypatch, game):
    monkeypatch.setattr(connections, "FRAME_RATE", (10_000.0, 10_000))
    wall = ManualClock()
    rng = random.Random(44)
    async with running_host(short_dir, wall=wall) as host:
        ann, bob = Player(short_dir, "ann"), Player(short_dir, "bob")
        await ann.connect()
        await bob.connect()
        await _reminders_to_the_sink(ann, bob, sink)
        gid = await _correspondence_table(host, ann, bob, game)
        g = host.games[gid]
        models = {0: await ann.open(gid), 1: await bob.open(gid)}
        players = {0: ann, 1: bob}
        # The game began at ann's decision: her time runs, the lobby shows it, a reminder reached her.
        assert g.session.current_player == 0
        await ann.until(lambda: any(i.id == gid and i.deadline for i in ann.lobby.games))
        line = next(i for i in ann.lobby.games if i.id == gid)
        assert line.deadline == wall.now() + MINUTE and line.speed == "1 minute a move"
        await _mail(host, sink, "ann", 1)
        assert "your turn" in sink.to("ann")[0] and not sink.to("bob")

        async def play_until(condition) -> None:
            while not condition() and not g.session.finished:
                who = g.session.current_player
                model, player = models[who], players[who]
                await player.until(lambda: len(model.log) == len(g.session.log) and model.pending is None)
                await player.play(gid, rng.choice(model.legal()))

        # ann plays her turn; when it passes to bob, his time begins and he is reminded (not ann).
        await play_until(lambda: g.session.current_player == 1)
        await _mail(host, sink, "bob", 1)
        assert "your turn" in sink.to("bob")[0] and len(sink.to("ann")) == 1
        # Back to ann at once: never more than one reminder a game per interval (a third of a move here).
        await play_until(lambda: g.session.current_player == 0)
        await host.reminders.settled()
        assert len(sink.to("ann")) == 1
        wall.advance(25)
        await play_until(lambda: g.session.current_player == 1)
        await _mail(host, sink, "bob", 2)
        assert len(sink.to("ann")) == 1  # none for the seat that just moved
        # Bob does not move: 3/4 of his minute later he is told his time runs out; then it does.
        wall.advance(46)
        host.tick()
        await _mail(host, sink, "bob", 3)
        assert "runs out" in sink.to("bob")[2]
        moves = len(g.session.log)
        wall.advance(15)
        host.tick()
        await ann.until(lambda: any("bob's time ran out" in c.text for c in models[0].chat))
        # A computer opponent (the beginner) plays bob's turn for him, said in the log.
        await ann.until(lambda: g.session.current_player != 1 or g.session.finished)
        stood_in = [e for e in g.session.log[moves:] if e.seat == 1]
        await ann.until(lambda: len(models[0].log) == len(g.session.log))
        # while it played, bob's seat was shown as the computer's ("beginner, thinking on the host"); then his again
        seats = [m.seats[1] for m in ann.heard if isinstance(m, P.Update)]
        assert ("opponent", "beginner") in [(i.kind, i.level) for i in seats] and seats[-1].kind == "person"
        assert stood_in and all("bob's time ran out" in e.note for e in stood_in)
        record = read_record(host.folder, gid)
        assert record.misses == {1: 1} and [e.what for e in record.events] == ["timeout"]
        # A few moves on, bob resigns: recorded, and a computer opponent plays his seat from then on.
        await play_until(lambda: len(g.session.log) > moves + 12 and g.session.current_player == 1)
        bob.link.send(P.Resign(gid))
        await ann.until(lambda: any("bob resigned" in c.text for c in models[0].chat))
        assert g.session.seat(1).is_opponent and g.session.seat(1).level == "beginner"
        await bob.until(lambda: models[1].seat is None)  # his screen watches from now on
        assert [e.what for e in read_record(host.folder, gid).events] == ["timeout", "resigned"]
        bob.link.send(P.Act(gid, "x", ref=99))  # his seat is no longer his
        await bob.until(lambda: any(isinstance(m, P.Refused) and m.ref == 99 for m in bob.heard))
        # ann plays on against the computer to the game's end.
        while not g.session.finished:
            if g.session.current_player == 0:
                await play_until(lambda: g.session.current_player != 0)
            else:
                n = len(g.session.log)
                await ann.until(lambda: len(g.session.log) > n or g.session.finished)
        await ann.until(lambda: host.games[gid].retired)  # (retired once its last move is on disk and told)
        ann.close(), bob.close()


async def test_a_deadline_survives_a_restart_of_the_host_and_a_player_away_stops_the_clock(short_dir, sink, monkeypatch):
    wall = ManualClock()
    async with running_host(short_dir, wall=wall) as host:
        ann, bob = Player(short_dir, "ann"), Player(short_dir, "bob")
        await ann.connect()
        await bob.connect()
        gid = await _correspondence_table(host, ann, bob, "carcassonne", per_move=3 * 86400)
        deadline = host.games[gid].deadline()
        assert deadline == wall.now() + 3 * 86400
        ann.close(), bob.close()
    wall.advance(86400)
    async with running_host(short_dir, wall=wall) as host:
        g = host.games[gid]
        assert g.deadline() == deadline  # kept on disk beside the game
        ann = await Player(short_dir, "ann").connect()
        ann.link.send(P.Away(2))  # two days away: her clock stops, what was left of it is left after
        await ann.until(lambda: any(isinstance(m, P.Accepted) for m in ann.heard))
        assert g.deadline() == wall.now() + 2 * 86400 + 2 * 86400
        wall.advance(3 * 86400)
        host.tick()  # three days on: she has a day left, no time-out
        await asyncio.sleep(0.1)
        assert not read_record(host.folder, gid).misses
        wall.advance(86400 + 1)
        host.tick()
        await ann.until(lambda: bool(read_record(host.folder, gid).misses))
        ann.close()


async def test_a_game_with_no_person_left_is_ended_and_is_over_in_the_lobby(short_dir):
    """Issue 44: "a game with no person left is ended" (here: ann, alone with a computer opponent, resigns)."""
    async with running_host(short_dir, wall=ManualClock()) as host:
        ann = await Player(short_dir, "ann").connect()
        before = set(host.games)
        ann.link.send(P.NewTable("tiletum", people("ann", opponents=("beginner",)), per_move=MINUTE))
        await ann.until(lambda: set(host.games) - before)
        (gid,) = set(host.games) - before
        await ann.open(gid)
        ann.link.send(P.Resign(gid))
        await ann.until(lambda: host.games[gid].retired)
        await ann.until(lambda: any(i.id == gid and i.finished for i in ann.lobby.games))
        assert [e.what for e in read_record(host.folder, gid).events] == ["resigned", "ended"]
        ann.close()
    said: list = []
    async with running_host(short_dir, wall=ManualClock(), report=said.append) as host:  # and stays over
        assert gid in host.games, said  # (after a restart)
        assert host.games[gid].retired


async def test_a_players_file_names_where_a_players_reminders_go_and_the_lobby_overrides_it(short_dir, sink, tmp_path):
    """Issue 44: "from a URL per player in the players file or set by the player in the lobby"."""
    from tiletum_tui.shell.host.keys import PlayerKeys
    from tiletum_tui.shell.host.ssh_import import asyncssh

    key = asyncssh.generate_private_key("ssh-ed25519").export_public_key().decode().strip()
    players = tmp_path / "players"
    players.write_text(f'name="ann",notify="{sink.url("ann")}" {key}\nname="bob" {key}\n')
    async with running_host(short_dir, wall=ManualClock()) as host:
        host.reminders.players = PlayerKeys(players)
        assert host.reminders.url_of("ann") == sink.url("ann") and host.reminders.url_of("bob") == ""
        ann = await Player(short_dir, "ann").connect()
        bob = await Player(short_dir, "bob").connect()
        await _correspondence_table(host, ann, bob, "carcassonne")
        await _mail(host, sink, "ann", 1)  # by the players file
        ann.link.send(P.Remind(sink.url("ann").replace("to=ann", "to=ann2")))
        await ann.until(lambda: any(isinstance(m, P.Accepted) for m in ann.heard))
        assert host.reminders.url_of("ann").endswith("to=ann2@tiletum.test")  # the lobby's comes first
        ann.close(), bob.close()


@pytest.mark.parametrize("game", ["tiletum", "carcassonne"])
async def test_a_resigned_players_seat_says_a_computer_opponent_plays_it(short_dir, monkeypatch, game):
    """Issue 44, "a player can resign (... their seat played by a computer opponent)": the seat's line in
    the lobby and the game's line saying who decides no longer name the person as if they played."""
    from types import SimpleNamespace

    from tiletum_tui.games.carcassonne.ui.remote import HostSeats
    from tiletum_tui.shell.host.lobby import line

    monkeypatch.setattr(connections, "FRAME_RATE", (10_000.0, 10_000))
    rng = random.Random(7)
    async with running_host(short_dir, wall=ManualClock()) as host:
        ann, bob = Player(short_dir, "ann"), Player(short_dir, "bob")
        await ann.connect()
        await bob.connect()
        gid = await _correspondence_table(host, ann, bob, game)
        g = host.games[gid]
        models, players = {0: await ann.open(gid), 1: await bob.open(gid)}, {0: ann, 1: bob}
        while g.session.current_player != 1:
            model, player = models[g.session.current_player], players[g.session.current_player]
            await player.until(lambda: len(model.log) == len(g.session.log) and model.pending is None)
            await player.play(gid, rng.choice(model.legal()))
        await ann.until(lambda: len(models[0].log) == len(g.session.log))
        bobs_turn = models[0].view  # (what ann's screen shows while bob's seat decides)
        bob.link.send(P.Resign(gid))
        await ann.until(lambda: models[0].seats[1].kind == "opponent" and models[0].seats[1].left)
        await ann.until(lambda: any(i.id == gid and i.seats[1].kind == "opponent" for i in ann.lobby.games))
        info = next(i for i in ann.lobby.games if i.id == gid)
        assert "bob (resigned: beginner plays)" in line(info, "ann")
        if game == "tiletum":
            said = models[0].deciding(bobs_turn, "bob is choosing")
        else:
            said = HostSeats(SimpleNamespace(model=SimpleNamespace(view=bobs_turn, seats=models[0].seats))).deciding()
        assert "(resigned: beginner plays, thinking on the host)" in said
        ann.close(), bob.close()


async def test_reminders_addresses_and_when_each_was_sent_are_kept_in_the_hosts_database(short_dir, sink):
    """Issue 44: "players, tables, the index of games, talk, ratings and reminders in SQLite (... a change
    committed before anyone is told)", and "a host started over an older folder imports it": the
    reminders' addresses of ``reminders.json`` imported once; when a game's reminder was last sent
    outlives a restart (never two in one interval because the host started again)."""
    import json
    import sqlite3

    from tiletum_tui.shell.host.hosted import HostFolder
    from tiletum_tui.shell.table import updates as U

    folder = HostFolder(short_dir)
    folder.prepare()
    folder.reminders.write_text(json.dumps({"ann": sink.url("ann")}))  # as a host before wrote it
    folder.reminders.chmod(0o600)
    db = lambda sql: sqlite3.connect(folder.root / "host.db").execute(sql).fetchall()  # noqa: E731 (another reader)
    wall = ManualClock()
    async with running_host(short_dir, wall=wall) as host:
        assert not folder.reminders.exists() and folder.root.joinpath("reminders.json.imported").exists()
        assert db("SELECT name, url FROM reminder_to") == [("ann", sink.url("ann"))]
        ann = await Player(short_dir, "ann").connect()
        bob = await Player(short_dir, "bob").connect()
        bob.link.send(P.Remind(sink.url("bob")))
        await bob.until(lambda: any(isinstance(m, P.Accepted) for m in bob.heard))
        assert ("bob", sink.url("bob")) in db("SELECT name, url FROM reminder_to")  # committed when told
        assert not folder.reminders.exists()
        gid = await _correspondence_table(host, ann, bob, "carcassonne")
        await _mail(host, sink, "ann", 1)
        assert db("SELECT game_id, name, kind, sent FROM reminders") == [(gid, "ann", "turn", wall.now())]
        ann.close(), bob.close()
    folder.reminders.write_text(json.dumps({"ann": "mailto://nobody@127.0.0.1"}))  # imported once, never again
    async with running_host(short_dir, wall=wall) as host:
        assert host.reminders.url_of("ann") == sink.url("ann") and host.reminders.url_of("bob") == sink.url("bob")
        again = U.Reminder(seat=0, kind="soon", left=30.0, interval=20.0)
        host.reminders.remind(gid, "Carcassonne", "ann", again)  # too soon after the last, restart or not
        await host.reminders.settled()
        assert len(sink.to("ann")) == 1
        wall.advance(21)
        host.reminders.remind(gid, "Carcassonne", "ann", again)
        await _mail(host, sink, "ann", 2)
    assert (folder.root / "host.db").stat().st_mode & 0o777 == 0o600


async def test_a_game_over_says_who_left_it_in_the_lobby_and_the_hosts_list_after_a_restart_too(short_dir):
    """Issue 44, "the seat says so in the lobby and in the game": a game over still says which seats
    their people left (resigned, voted over, taken after misses), in its lobby line from the index of
    games and in the host's live list (``tiletum host --status``), after a restart too. Here bob
    resigns, then ann: nobody is left, the game ends."""
    from tiletum_tui.shell.host.lobby import line

    async with running_host(short_dir, wall=ManualClock()) as host:
        ann, bob = Player(short_dir, "ann"), Player(short_dir, "bob")
        await ann.connect()
        await bob.connect()
        gid = await _correspondence_table(host, ann, bob, "carcassonne")
        await ann.open(gid), await bob.open(gid)
        assert "[resigned" not in host.status()
        bob.link.send(P.Resign(gid))
        await ann.until(lambda: any(i.id == gid and i.seats[1].left for i in ann.lobby.games))
        assert "bob [resigned: beginner plays]" in host.status(width=200)  # under way
        ann.link.send(P.Resign(gid))
        await ann.until(lambda: any(i.id == gid and i.finished for i in ann.lobby.games))
        info = next(i for i in ann.lobby.games if i.id == gid)
        assert "ann (resigned: beginner played), bob (resigned: beginner played)" in line(info, "ann")
        assert "bob [resigned: beginner played]" in host.status(width=200)
        ann.close(), bob.close()
    async with running_host(short_dir, wall=ManualClock()) as host:  # a host started again
        status = host.status(width=200)
        assert "ann [resigned: beginner played]" in status and "bob [resigned: beginner played]" in status
        ann = await Player(short_dir, "ann").connect()
        info = next(i for i in ann.lobby.games if i.id == gid)
        assert "ann (resigned: beginner played), bob (resigned: beginner played)" in line(info, "ann")
        ann.close()


@pytest.mark.parametrize("kept", [True, False])
async def test_a_game_ended_with_nobody_left_opens_from_the_games_over(short_dir, monkeypatch, kept):
    """Issue 44, "a game with no person left is ended (it goes to the games over)": opened from there
    (its replay kept by the host, or read again from its file), it shows its moves as they were and
    why it ended, never a refusal that calls its file edited."""
    from types import SimpleNamespace

    from tiletum_tui.games.carcassonne.ui.remote import HostSeats
    from tiletum_tui.shell.host import replays

    async with running_host(short_dir, wall=ManualClock()) as host:
        ann = await Player(short_dir, "ann").connect()
        before = set(host.games)
        ann.link.send(P.NewTable("carcassonne", people("ann", opponents=("beginner",)), per_move=MINUTE))
        await ann.until(lambda: set(host.games) - before)
        (gid,) = set(host.games) - before
        model = await ann.open(gid)
        await ann.play(gid, model.legal()[0])
        moves = host.games[gid].moves
        ann.link.send(P.Resign(gid))
        await ann.until(lambda: host.games[gid].retired)
        ann.close()
    if not kept:
        monkeypatch.setattr(replays, "KEPT", 0)  # (as when more than KEPT games over were opened since)
    async with running_host(short_dir, wall=ManualClock()) as host:
        ann = await Player(short_dir, "ann").connect()
        model = await ann.open(gid)
        assert not any(isinstance(m, P.Refused) for m in ann.heard), ann.heard
        assert len(model.log) == moves and model.seat is None
        assert any("nobody is left at the table" in c.text for c in model.chat)
        # (who decides: nobody any more, and why, in either game's line, never "thinking on the host")
        assert model.ended.startswith("nobody is left at the table: the game ended after")
        said = HostSeats(SimpleNamespace(model=model)).deciding()
        assert said == model.deciding(model.view, "ann: place a tile") == f"This game is over: {model.ended}."
        ann.close()


@pytest.mark.parametrize("game", ["tiletum", "carcassonne"])
async def test_a_game_ended_with_nobody_left_on_its_players_screen_is_nobodys_turn(short_dir, game):
    """Issue 44: opened from the games over in the client (80×24, keys), a game ended with nobody
    left says so where its header and its line of who decides said whose turn it was."""
    from tiletum_tui.games.tiletum.ui.widgets.status import StatusBar
    from tiletum_tui.shell.host.client import HostLink
    from tiletum_tui.shell.host.hosted import HostFolder
    from tiletum_tui.shell.host.join import JoinApp

    from .hosting import screen_until

    async with running_host(short_dir, wall=ManualClock()) as host:
        ann = await Player(short_dir, "ann").connect()
        before = set(host.games)
        ann.link.send(P.NewTable(game, people("ann", opponents=("beginner",)), per_move=MINUTE))
        await ann.until(lambda: set(host.games) - before)
        (gid,) = set(host.games) - before
        await ann.open(gid)
        ann.link.send(P.Resign(gid))
        await ann.until(lambda: host.games[gid].retired)
        ann.close()
        app = JoinApp(HostLink(path=str(HostFolder(short_dir).socket), name="ann"))
        async with app.run_test(size=(80, 24)) as pilot:
            await screen_until(pilot, lambda: app.lobby is not None and app.lobby.games)
            await pilot.press("down", "enter")  # the game over, the one line of the lobby's games over
            await screen_until(pilot, lambda: gid in app.games.models)
            await pilot.pause(0.3)
            if game == "tiletum":
                head = str(app.screen.query_one(StatusBar).content)
            else:
                head = str(app.screen.query_one("#carc-head").content)
            assert "ann's turn" not in head and "ann:" not in head, head
            assert game == "tiletum" or "this game is over" in head
