"""``server.Host``'s records (issue 44): its database (``records_db``) opened, an older folder imported
once, the tables waiting kept there, the index of games, table talk kept before anyone is told, the
people a seat may name, and a game over counted in the ratings. A part of ``server.Host``, called
from few places (start, a line said, a table set, a game over).
"""

from __future__ import annotations

import time

import msgspec

from tiletum_tui.core.safe_text import clean

from ..saves.errors import SaveFileError
from ..table.talk import TALK_KEPT
from . import protocol as P
from .hosted import FinishedGame, HostedGame, Table, Tables
from .invites import InviteError, Invites
from .lobby_pages import OverPages
from .ratings import rate_game, standing
from .records_db import Records, RecordsError


class WaitingTables(Tables):
    """The tables waiting for players, kept in the host's database (``tables.json`` before): the same
    shape as ``hosted.Tables``; ``save()`` writes them all in one transaction. A rematch's table
    also says which game it follows (``rematch_of``)."""

    def __init__(self, folder, records: Records) -> None:
        self.folder, self.records = folder, records
        self.tables: dict[str, Table] = {}
        self.rematch_of: dict[str, str] = {}
        for row in records.waiting():
            seats = [P.SeatPlan(**s) for s in row["seats"]]
            clock = row["clock"]  # (its time per move, issue 44: ``table.clock``)
            self.tables[row["id"]] = Table(id=row["id"], game=row["game"], seats=seats,
                                           modules=tuple(row["modules"]), created=row["created"],
                                           per_move=int(clock.get("per_move", 0)),
                                           stand_in=str(clock.get("stand_in", "beginner")),
                                           take_after=int(clock.get("take_after", 0)))
            if row["rematch_of"]:
                self.rematch_of[row["id"]] = row["rematch_of"]

    def save(self) -> None:
        try:
            with self.records.change() as db:
                db.execute("DELETE FROM waiting")
                for t in self.tables.values():
                    self.records._put_table(db, _row(t, self.rematch_of.get(t.id, "")))
        except RecordsError as exc:  # (``pauses.cannot_save`` words it from the OS's reason)
            raise SaveFileError(self.records.path, str(exc)) from exc.os_error()


def _row(t: Table, rematch_of: str = "") -> dict:
    """A waiting table as the database keeps it (``records_db.waiting``)."""
    return {"id": t.id, "game": t.game, "seats": _plain(t.seats), "modules": t.modules, "created": t.created,
            "rematch_of": rematch_of,
            "clock": {"per_move": t.per_move, "stand_in": t.stand_in, "take_after": t.take_after}}


def _plain(seats) -> list[dict]:
    return [msgspec.to_builtins(s) for s in seats]


def import_old(records: Records, folder, report) -> None:
    """A host started over an older folder: its ``tables.json`` into the database, once (the file is
    renamed ``tables.json.imported``, kept). The games' index is filled by ``index_missing``."""
    if records.meta("imported") is not None:
        return
    if folder.tables.exists():
        old = Tables(folder)  # (its reader: a damaged file loses its tables, never a game)
        with records.change() as db:
            for t in old.tables.values():
                records._put_table(db, _row(t))
        try:
            folder.tables.rename(folder.tables.with_name("tables.json.imported"))
        except OSError:
            pass
        report(f"imported {len(old.tables)} waiting table(s) from tables.json into host.db")
    records.set_meta("imported", str(time.time()))


def seats_of(g) -> list[tuple[str, str, str, str]]:
    """A game's seats as its index line keeps them: (name, kind, level, left), ``left`` saying why a
    computer opponent plays a person's seat for good ("resigned", "replaced", issue 44; "": it does not)."""
    return [(s.name, s.kind, s.level, s.left) for s in g.seat_infos(set())]


class HostRecords:
    """``server.Host``'s records (it gives ``folder``, ``games``, ``report``)."""

    records: Records | None = None
    players_file = None  # the SSH door's players (``keys.PlayerKeys``), when it is open

    def _open_records(self) -> None:
        self.records = Records(self.folder.root)
        self.over_pages = OverPages(self.records)  # (the lobby's games over, from the database)
        self._standings = {}
        import_old(self.records, self.folder, self.report)

    def _close_records(self) -> None:
        if self.records is not None:
            self.records.close()

    def _after_load(self) -> None:
        """At the start: every game in the index (a game not in it yet: an older folder, or a file
        put there by hand), and each game's table talk read back."""
        indexed = self.records.indexed()
        missing = [g for g in self.games.values() if g.id not in indexed]
        self.records.index_games([self._line(g) for g in missing])  # (one transaction for them all)
        if missing:
            self.report(f"{len(missing)} game(s) added to the index of games")
        gone = indexed - set(self.games)  # (archived or deleted while no host ran, or a file gone)
        if gone:
            self.records.drop_game(*gone)
            self.report(f"{len(gone)} game(s) no longer in games/ taken out of the index of games")
        talked = {row[0] for row in self.records.rows("SELECT DISTINCT game_id FROM talk")}
        for gid in talked & set(self.games):  # (only the games with talk: a host keeps thousands of games over)
            self.games[gid].chat = [P.Chat(*row) for row in self.records.talk(gid, last=TALK_KEPT)]

    @staticmethod
    def _line(g) -> tuple:
        # (a game ended with no person left is over too, though its rules' end never came: issue 44)
        over = isinstance(g, FinishedGame) or g.session.finished or bool(g.table.ended)
        path = g.path if isinstance(g, FinishedGame) else g.session.autosave_path
        info = g.info(set())
        return (g.id, g.game.name, g.game.title, str(path or ""), seats_of(g), info.progress, info.since, over,
                g.moves)

    def _index(self, g) -> None:
        self.records.index_games([self._line(g)])

    def _begun(self, g: HostedGame) -> None:
        try:
            self._index(g)
        except RecordsError as exc:
            self.report(f"{g.id}: not in the index of games: {clean(exc, 200)}")

    def _game_over(self, g: HostedGame) -> None:
        """A game has just ended (its last move on disk): its index line says so, and the ratings count
        it (``ratings``); the lobby's games over come from the index."""
        try:
            self._index(g)
            if g.session.finished:  # (a game ended with nobody left has no result to rate)
                names = g.names()
                rate_game(self.records, g.id, g.game, g.session.state, names,
                          [g.seat(i) for i in range(len(names))])
        except RecordsError as exc:
            self.report(f"{g.id}: its end could not be recorded: {clean(exc, 200)}")
        except Exception as exc:  # (a rating library's complaint never loses a game: the file is written)
            self.report(f"{g.id}: not rated: {clean(exc, 200)}")
        self._standings = {}
        self.over_pages.changed()

    def _put_away_record(self, gid: str) -> None:
        try:
            self.records.drop_game(gid)
        except RecordsError as exc:
            self.report(f"{gid}: still in the index of games: {clean(exc, 200)}")
        self.over_pages.changed()

    def _keep_talk_line(self, gid: str, line) -> str | None:
        """A line of table talk (``who``, ``text``, ``after``, ``at``) kept on disk (committed) before
        anyone hears it; why not, or None. (The keeper of a game's talk: ``table.talk.TableTalk``, its
        Table's ``keep_talk`` while it is played, the server's for a game over.)"""
        try:
            self.records.say(gid, line.who, line.text, line.after, line.at)
        except RecordsError as exc:
            self.report(f"{gid}: a line of table talk could not be kept: {clean(exc, 200)}")
            return "the host cannot keep table talk now (its disk?): not said"
        return None

    # ------------------------------------------------------------ who the host knows
    def _met(self, name: str, via: str) -> None:
        """A person connected: the host knows them from now on."""
        try:
            self.records.seen(name, via)
        except RecordsError as exc:
            self.report(f"{name} could not be recorded as a player: {clean(exc, 200)}")

    def knows(self, name: str) -> bool:
        """A person the host knows: in its players (met, or added by the owner), the SSH door's players
        file, or holding a web door link."""
        if self.records.knows(name):
            return True
        if self.players_file is not None:
            self.players_file.refresh()
            if name in self.players_file.names:
                return True

        try:
            return any(link.name == name for link in Invites(self.folder.web_invites).links())
        except (InviteError, OSError):
            return False

    def unknown_seat(self, msg: P.NewTable) -> str | None:
        """Why a new table cannot name its people (issue 44: "a seat names only a player the host knows")."""
        for i, s in enumerate(msg.seats):
            if s.kind == "open" and s.name:  # (a seat kept by name is a rematch's, set by the host only)
                return f"seat {i + 1}: an open seat names nobody (name the person: a seat of theirs)"
            if s.kind == "person" and not self.knows(s.name):
                return (f"seat {i + 1}: this host knows no player called {clean(s.name, 40)} (a seat names a "
                        "player the host knows: ask the host's owner to add them, or leave the seat open)")
        return None

    def standing(self, name: str) -> str:
        """A person's ratings for their lobby (kept until a game ends)."""

        if name not in self._standings:
            try:
                self._standings[name] = standing(self.records, name)
            except RecordsError:
                return ""
        return self._standings[name]
