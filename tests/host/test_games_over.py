"""docs/hosting.md, "Where hosted games live": a host keeps every game it has played, but "a game over is
kept as its lobby line only: a host started again reads a game over's file for its line (the game, who
sat where, how far it got) and does not replay it; it replays the file, read-only, when somebody opens
the game. Its file is never written again." And issue 25: "a host restarted after any stop has every
game as it was"; a damaged file is reported, never changed."""

from __future__ import annotations

import random
from pathlib import Path

import msgspec
import pytest

from tiletum_tui.core import games
from tiletum_tui.shell import session as session_module
from tiletum_tui.shell.host import connections, replays
from tiletum_tui.shell.host import protocol as P
from tiletum_tui.shell.host.hosted import FinishedGame, HostedGame, HostFolder
from tiletum_tui.shell.host.lobby import line
from tiletum_tui.shell.saves.format import PERSON, Seat
from tiletum_tui.shell.session import EVERY_SEAT, Session
from tiletum_tui.shell.table import clock as C

from .hosting import Player, Raw, running_host, short_dir  # noqa: F401 (fixture)


def _actions(name: str, seed: int) -> tuple:
    """A whole game of ann and bob by random moves: (its settings, every action's notation)."""
    game = games.game(name)
    settings = game.table_settings([("ann", "red"), ("bob", "blue")], seed)
    s = Session.new(settings, autosave=False, game=game)
    rng = random.Random(seed)
    while not s.finished:
        s.apply(rng.choice(game.legal_actions(s.state)), by=EVERY_SEAT)
    return settings, s.notation_log


def _hosted(folder: Path, name: str, seed: int, left: int = 0) -> tuple[str, Path, list[str]]:
    """The game in the host's folder, as the host writes one (its autosave), played to its end or to
    ``left`` moves before it: (its id, its file, every action of the whole game)."""
    settings, actions = _actions(name, seed)
    s = Session.new(settings, HostFolder(folder).games, game=games.game(name))
    for a in actions[: len(actions) - left]:
        s.apply(a, by=EVERY_SEAT)
    s.close()
    return s.game_id, s.autosave_path, actions


@pytest.fixture
def replayed(monkeypatch):
    """How many games were replayed (every Session of a file replays through ``session._replay``)."""
    count = [0]
    real = session_module._replay

    def counting(*args, **kw):
        count[0] += 1
        return real(*args, **kw)

    monkeypatch.setattr(session_module, "_replay", counting)
    return count


def _line(path: Path, connected: set[str] = frozenset()) -> P.GameInfo:
    """The lobby line a replay of the file gives (as the host gave it when it replayed every game)."""
    info = HostedGame(Session.load(path, autosave=False, open_as="read-only")).info(set(connected))
    return msgspec.structs.replace(info, since=0.0)


async def test_a_host_started_again_lists_games_over_without_replaying_them(short_dir, replayed):
    HostFolder(short_dir).prepare()
    over = [_hosted(short_dir, "tiletum", 3), _hosted(short_dir, "carcassonne", 4)]
    going, going_path, _ = _hosted(short_dir, "tiletum", 5, left=30)
    files = {p: p.read_bytes() for _, p, _ in over + [(going, going_path, 0)]}
    replayed[0] = 0
    async with running_host(short_dir) as host:
        assert replayed[0] == 1  # the game under way only
        assert isinstance(host.games[going], HostedGame)
        for gid, path, _ in over:
            assert isinstance(host.games[gid], FinishedGame) and not hasattr(host.games[gid], "session")
        ann = await Player(short_dir, "ann").connect()
        lines = {g.id: g for g in ann.lobby.games}
        for gid, path, _ in over:
            # The line as a replay gives it (a game over's line says nothing of who is connected: issue 42,
            # it is made once and kept).
            assert msgspec.structs.replace(lines[gid], since=0.0) == _line(path)
            assert lines[gid].finished and lines[gid].progress.startswith(("after round", "all 71 turns"))
        assert not lines[going].finished and lines[going].deciding in (0, 1)
        status = host.status()
        assert status.count("(over)") == 2 and "after round" in status and "turns played" in status
        ann.close()
    assert all(p.read_bytes() == data for p, data in files.items())  # nothing written to any file


async def test_opening_a_game_over_replays_its_file_once_and_shows_it_whole(short_dir, replayed):
    HostFolder(short_dir).prepare()
    gid, path, actions = _hosted(short_dir, "carcassonne", 6)
    data = path.read_bytes()
    whole = Session.load(path, autosave=False, open_as="read-only")
    replayed[0] = 0
    async with running_host(short_dir) as host:
        assert replayed[0] == 0
        ann, bob = await Player(short_dir, "ann").connect(), await Player(short_dir, "bob").connect()
        model = await ann.open(gid)
        assert replayed[0] == 1
        assert model.seat == 0 and [e.notation for e in model.log] == actions  # the final table, the whole log
        assert model.game.encode_view(model.view) == whole.game.encode_view(whole.view(0))
        assert model.game.finished(model.view)
        watched = await bob.open(gid, watch=True)
        assert replayed[0] == 1 and watched.seat is None  # the next one is the replay kept
        assert [e.notation for e in watched.log] == actions
        raw = await Raw.connect(short_dir, "ann")
        raw.send(P.Open(gid))
        await raw.expect(P.Opened)
        raw.send(P.Act(gid, actions[-1], 5))
        refused = await raw.expect(P.Refused)
        assert refused.ref == 5 and "over" in refused.why  # nothing is applied to a game over
        raw.send(P.Say(gid, "well played"))
        said = await raw.expect(P.Said)
        assert said.chat.after == len(actions)  # table talk after the last move
        raw.close(), ann.close(), bob.close()
        assert isinstance(host.games[gid], FinishedGame)
    assert path.read_bytes() == data


async def test_a_game_that_ends_on_the_host_gives_up_its_session(short_dir, replayed, monkeypatch):
    HostFolder(short_dir).prepare()
    gid, path, actions = _hosted(short_dir, "tiletum", 7, left=1)
    async with running_host(short_dir) as host:
        assert isinstance(host.games[gid], HostedGame)
        last = actions[-1]
        who = ("ann", "bob")[int(last.split(":")[0]) - 1]
        player = await Player(short_dir, who).connect()
        model = await player.open(gid)
        move = next(a for a in model.legal() if model.game.notation(a) == last)
        await player.play(gid, move)
        await player.until(lambda: model.game.finished(model.view))
        g = host.games[gid]
        assert isinstance(g, FinishedGame) and g.path == path and g.moves == len(actions)
        assert g.info(set()).progress == _line(path).progress
        data = path.read_bytes()
        replayed[0] = 0
        other = await Player(short_dir, "ann" if who == "bob" else "bob").connect()
        again = await other.open(gid)  # the session it had is kept for the next to open it: no replay
        assert replayed[0] == 0 and [e.notation for e in again.log] == actions
        monkeypatch.setattr(replays, "KEPT", 0)
        host.replays.keep("another", None)  # (KEPT 0: nothing is kept any more, so the next open reads the file)
        third = await Player(short_dir, "cid").connect()
        watched = await third.open(gid)
        assert replayed[0] == 1 and [e.notation for e in watched.log] == actions
        player.close(), other.close(), third.close()
    assert path.read_bytes() == data


def _edited(path: Path, change) -> bytes:
    raw = msgspec.json.decode(path.read_bytes())
    change(raw)
    data = msgspec.json.encode(raw)
    path.write_bytes(data)
    return data


async def test_a_damaged_game_over_is_refused_saying_why_and_its_file_is_kept(short_dir):
    HostFolder(short_dir).prepare()
    edited, edited_path, _ = _hosted(short_dir, "tiletum", 8)
    claims, claims_path, _ = _hosted(short_dir, "carcassonne", 9, left=10)
    good, _, _ = _hosted(short_dir, "carcassonne", 10)
    kept = {
        edited_path: _edited(edited_path, lambda r: r.update(digest="0" * len(r["digest"]))),
        claims_path: _edited(claims_path, lambda r: r["meta"].update(finished=True)),  # over, it says
    }
    garbage = HostFolder(short_dir).games / "autosave-garbage.json"
    garbage.write_bytes(b"\x1b[2J{not json")
    kept[garbage] = garbage.read_bytes()
    heard = []
    async with running_host(short_dir, report=heard.append) as host:
        assert any(h.startswith("not hosted: autosave-garbage.json: ") for h in heard)  # and why
        assert all("\x1b" not in h for h in heard)
        raw = await Raw.connect(short_dir, "ann")
        for gid, why in ((edited, "does not match"), (claims, "do not end it")):
            raw.send(P.Open(gid))
            refused = await raw.expect(P.Refused)
            assert "could not be opened" in refused.why and why in refused.why and "kept" in refused.why
            assert str(short_dir) not in refused.why  # (the host's folders are not the player's business)
        raw.send(P.Open(good))
        opened = await raw.expect(P.Opened)  # the host and its other games go on
        assert opened.game == good
        raw.close()
        assert isinstance(host.games[edited], FinishedGame)
    assert all(p.read_bytes() == data for p, data in kept.items())


async def test_opening_games_over_as_fast_as_one_may_send_is_slowed(short_dir, monkeypatch):
    monkeypatch.setattr(replays, "KEPT", 1)
    monkeypatch.setattr(connections, "REPLAY_RATE", (0.01, 3))  # (no token comes back during the test)
    HostFolder(short_dir).prepare()
    ids = [_hosted(short_dir, "carcassonne", 20 + i)[0] for i in range(2)]
    async with running_host(short_dir):
        raw = await Raw.connect(short_dir, "ann")
        answers = []
        for i in range(4):
            raw.send(P.Open(ids[i % 2]))  # one kept: each open replays the other game again
            answers.append(await raw.expect((P.Opened, P.Refused)))
        assert [type(a) for a in answers] == [P.Opened] * 3 + [P.Refused]
        assert "too fast" in answers[-1].why
        raw.send(P.Open(ids[0]))  # the one kept costs nothing: it opens whatever the rate
        assert isinstance(await raw.expect((P.Opened, P.Refused)), P.Opened)
        raw.close()


async def test_a_game_over_read_from_its_file_says_who_left_it(short_dir):
    """Issue 44: a game played to its end after bob resigned (a computer opponent played his seat),
    listed by a host started again from its file (never replayed), still says so: in the lobby's
    games over "bob (resigned: beginner played)", and in the host's list (``--status``)."""
    folder = HostFolder(short_dir)
    folder.prepare()
    settings, actions = _actions("carcassonne", 4)
    s = Session.new(settings, folder.games, game=games.game("carcassonne"),
                    seats=(PERSON, Seat(player="opponent", level="beginner")))
    for a in actions:
        s.apply(a, by=EVERY_SEAT)
    s.close()
    folder.correspondence.mkdir()
    (folder.correspondence / f"{s.game_id}.json").write_bytes(C.encode(C.Record(
        events=[C.Event(at=1.0, what="resigned", seat=1, text="bob resigned")])))
    async with running_host(short_dir) as host:
        assert isinstance(host.games[s.game_id], FinishedGame)
        assert "bob [resigned: beginner played]" in host.status(width=200)
        ann = await Player(short_dir, "ann").connect()
        (info,) = [g for g in ann.lobby.games if g.id == s.game_id]
        assert "ann, bob (resigned: beginner played) — over" in line(info, "ann")
        ann.close()
