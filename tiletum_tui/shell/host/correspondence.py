"""The host's side of play by correspondence (issue 44): each game's Table's time per move kept on
disk beside its file, the time ticking, and the players' messages for it (resign, vote a missing
player's seat over, days away, where reminders go). A part of ``server.Host``.

A game's ``clock.Record`` (its time per move, the deadline of the seat deciding, misses, days away,
votes, the Table's events) is written whole to ``correspondence/GAME.json`` in the host's folder
after each change of it, so a host started again has every deadline where it was. The Tables' own
events (a time-out, a resignation, a seat voted over, a game ended with nobody left) are the same at
home and here; the host only ticks them (``tick``, every ``TICK`` seconds, on the injected clock),
keeps them, and sends their reminders off its loop (``reminders``).
"""

from __future__ import annotations

import asyncio

from tiletum_tui.core.safe_text import clean
from ..saves import store
from ..table import clock as C
from ..table import updates as U
from . import protocol as P

TICK = 5.0  # seconds between two looks at the games' clocks (a time per move is at least a minute)


def record_path(folder, game_id: str):
    return folder.correspondence / f"{game_id}.json"


def read_record(folder, game_id: str, report=lambda text: None) -> C.Record | None:
    """A game's correspondence record, or None (none kept: a game without a time per move)."""
    path = record_path(folder, game_id)
    if not path.exists():
        return None
    try:
        return C.decode(path.read_bytes())
    except Exception as exc:  # a damaged record: the game goes on without its clock, never lost
        report(f"{clean(game_id, 40)}: its time per move could not be read ({clean(exc, 120)}): none now")
        return None


def keeper(folder, game_id: str, report):
    """``keep(record)``: the record on disk (written whole, atomically), or the host's log says why not."""
    path = record_path(folder, game_id)

    def keep(record: C.Record) -> None:
        try:
            folder.correspondence.mkdir(exist_ok=True, mode=0o700)
            store.write_atomic(path, C.encode(record))
        except Exception as exc:
            report(f"{clean(game_id, 40)}: its clock could not be written: {clean(exc, 200)}")

    return keep


def control_of(table) -> C.TimeControl:
    """The time per move a waiting table (``hosted.Table``) was set up with."""
    return C.TimeControl(per_move=table.per_move, stand_in=table.stand_in or C.STAND_IN, take_after=table.take_after)


class HostCorrespondence:
    """``server.Host``'s play by correspondence (it gives ``games``, ``connections``, ``report``,
    ``_spawn``, ``_retire``, ``_lobby_changed``, ``_seats_changed``, ``reminders``, ``wall``)."""

    def _clock_kept(self, g) -> None:
        """A hosted game's Table keeps its clock's record here, on disk (issue 44)."""
        g.table.clock.keep = keeper(self.folder, g.id, self.report)

    def tick(self) -> None:
        """Every game's clock looked at now: a time run out, a reminder due (the ticker, a test)."""
        for g in list(self.games.values()):
            if _under_way(g):
                g.table.tick()

    async def _ticking(self) -> None:
        while True:
            await asyncio.sleep(TICK)
            self.tick()  # (a time-out is a change: the lobby hears of it; the time left is the client's to count)

    def _correspondence_heard(self, g, u) -> None:
        """A Table's correspondence update: a reminder to send, an event to act on."""
        if isinstance(u, U.Reminder):
            names = g.names()
            if 0 <= u.seat < len(names):
                self.reminders.remind(g.id, g.game.title, names[u.seat], u)
        elif isinstance(u, U.Event):
            self.report(f"{g.id}: {clean(u.text, 200)}")
            if u.what == "ended":
                self._game_changed(g)
                return
            if u.what in ("resigned", "replaced"):  # the seat's person watches from now on: opened anew
                for c in list(self.connections):
                    if c.games.get(g.id, [None])[0] == u.seat:
                        self._spawn(self._open(c, P.Open(g.id, watch=True)))
            self._seats_changed(g.id)
            self._lobby_changed()

    # ------------------------------------------------------------ the players' messages
    def _hosted_for(self, conn, game_id: str):
        g = self.games.get(game_id)
        if g is None or game_id not in conn.games:
            conn.send(P.Refused("that game is not open here"))
            return None, None
        if not _under_way(g):
            conn.send(P.Refused("the game is over"))
            return None, None
        return g, conn.games[game_id][0]

    async def _resign(self, conn, msg: P.Resign) -> None:
        g, seat = self._hosted_for(conn, msg.game)
        if g is None:
            return
        why = await g.table.resign(seat)
        conn.send(P.Refused(why) if why else P.Accepted())

    async def _vote(self, conn, msg: P.VoteReplace) -> None:
        g, seat = self._hosted_for(conn, msg.game)
        if g is None:
            return
        why = await g.table.vote_replace(seat, msg.seat)
        conn.send(P.Refused(why) if why else P.Accepted())

    def _away(self, conn, msg: P.Away) -> None:
        """Days away for every game of the connection's player."""
        if conn.watching:
            conn.send(P.Refused("you came in with a watching link: you have no games to be away from"))
            return
        why = None
        for g in self.games.values():
            if _under_way(g) and conn.name in g.names():
                why = g.table.away(conn.name, msg.days) or why
        if why:
            conn.send(P.Refused(why))
            return
        conn.send(P.Accepted())
        self._lobby_changed()

    def _remind(self, conn, msg: P.Remind) -> None:
        if conn.watching:
            conn.send(P.Refused("you came in with a watching link: reminders are a player's"))
            return
        why = self.reminders.set_url(conn.name, msg.url)
        conn.send(P.Refused(why) if why else P.Accepted())


def _under_way(g) -> bool:
    """A game the host holds at its Table (``hosted.HostedGame``), not over (a ``FinishedGame`` has none)."""
    return getattr(g, "table", None) is not None and not g.retired
