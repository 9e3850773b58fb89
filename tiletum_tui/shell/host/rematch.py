"""A rematch from a game over (issue 44: "the same people, seats rotated, a new seed, one key each to
accept"). A part of ``server.Host``.

A player of a game over asks for a rematch (``Rematch``: the lobby's ``m`` on its line): a table is set
with the same people and opponents, each seat moved on by one (the second player plays first), the
same game and modules, the same time per move and choice when it runs out (read from the old game's
correspondence record, ``correspondence/GAME.json``), and kept in the lobby until each person accepts. Their seats are open seats
kept for them by name (``SeatPlan("open", name)``): only that person may take one (Enter on the line
is the one key), and the game begins, with a new seed, when the last is taken. Asking again for the
same game is accepting it.
"""

from __future__ import annotations

import secrets
import time
from itertools import combinations

import msgspec

from tiletum_tui.core.safe_text import clean

from ..saves import store
from ..saves.errors import SaveFileError
from . import protocol as P
from .correspondence import read_record
from .hosted import COLOURS, FinishedGame, Table
from .pauses import cannot_save


def rotated(names: list[str], seats) -> list[P.SeatPlan]:
    """The seats of a rematch: seat i takes old seat i + 1's player (the first player moves last)."""
    n = len(names)
    out = []
    for i in range(n):
        j = (i + 1) % n
        seat = seats[j]
        out.append(P.SeatPlan("opponent", names[j], seat.level) if seat.is_opponent else P.SeatPlan("open", names[j]))
    return out


def modules_of(game, settings, names: list[str]) -> tuple[str, ...]:
    """The modules a game was set up with, found by the game itself: the offered modules whose table
    settings (same names, colours and seed) are the game's (nothing named here)."""
    players = [(n, COLOURS[i]) for i, n in enumerate(names)]
    want = bytes(game.encode_settings(settings))
    offered = [m for m, _ in game.modules_offered()]
    for k in range(len(offered) + 1):
        for combo in combinations(offered, k):
            try:
                if bytes(game.encode_settings(game.table_settings(players, game.seed(settings), combo))) == want:
                    return combo
            except Exception:  # (a combination the game refuses)
                continue
    return ()


def kept_for(table: Table, seat: int, name: str) -> str | None:
    """Why ``name`` may not take a seat kept for another (a rematch's), or None."""
    s = table.seats[seat]
    if s.kind == "open" and s.name and s.name != name:
        return f"that seat is kept for {clean(s.name, 40)} (a rematch): only they can take it"
    return None


class HostRematch:
    """``server.Host``'s rematches (it gives ``folder``, ``games``, ``tables``, ``report``, ``_take_seat``)."""

    async def _rematch(self, conn, msg: P.Rematch) -> None:
        if conn.watching:
            conn.send(P.Refused("you came in with a watching link: no rematch"))
            return
        g = self.games.get(msg.game)
        if g is None or not isinstance(g, FinishedGame):
            conn.send(P.Refused("a rematch follows a game that is over: choose one of your games over"))
            return
        if g.seat_of(conn.name) is None:
            conn.send(P.Refused("only the game's players can ask for its rematch"))
            return
        for tid, of in self.tables.rematch_of.items():
            table = self.tables.tables.get(tid)
            if of == g.id and table is not None:  # asked already: this is accepting it
                mine = next((i for i, s in enumerate(table.seats) if s.kind == "open" and s.name == conn.name), None)
                if mine is None:
                    conn.send(P.Refused("you accepted this rematch already: it begins when everyone has"))
                    return
                return await self._take_seat(conn, P.TakeSeat(tid, mine))
        try:
            loaded = store.parse_save(store.read_bytes(g.path), g.path, migrate=False)
            modules = modules_of(g.game, loaded.settings, g.names())
        except (SaveFileError, OSError) as exc:
            conn.send(P.Refused(f"the game's file cannot be read for its rematch: {clean(exc, 200)}"))
            return
        seats = rotated(g.names(), [g.seat(i) for i in range(len(g.names()))])
        record = read_record(self.folder, g.id, self.report)  # (its pace: none kept, none set)
        pace = {} if record is None else {"per_move": record.control.per_move, "stand_in": record.control.stand_in,
                                          "take_after": record.control.take_after}
        table = Table(id=f"t-{secrets.token_hex(4)}", game=g.game.name, seats=seats, modules=modules,
                      created=time.time(), **pace)
        self.tables.tables[table.id] = table
        self.tables.rematch_of[table.id] = g.id
        try:
            self.tables.save()
        except SaveFileError as exc:  # (not kept: nobody is told of it)
            del self.tables.tables[table.id], self.tables.rematch_of[table.id]
            conn.send(P.Refused(f"{cannot_save(exc)}: no rematch"))
            return
        self.report(f"{conn.name} asked for a rematch of {g.id} ({table.id})")
        mine = next(i for i, s in enumerate(seats) if s.kind == "open" and s.name == conn.name)
        await self._take_seat(conn, P.TakeSeat(table.id, mine))

    def rematch_line(self, info: P.GameInfo) -> P.GameInfo:
        """A rematch's lobby line says so, and who has still to accept."""
        of = self.tables.rematch_of.get(info.id)
        if of is None:
            return info
        waiting = [s.name for s in info.seats if s.kind == "open" and s.name]
        return msgspec.structs.replace(info, progress=f"rematch: waiting for "
                                                      f"{', '.join(clean(n, 20) for n in waiting)} to accept")
