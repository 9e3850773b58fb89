"""The host's own records in SQLite (issue 44: "players, tables, the index of games, talk, ratings and
reminders in SQLite (the standard library's, WAL, one transaction per change; a change committed
before anyone is told)").

``host.db`` in the host's folder. The games themselves stay ordinary save files in ``games/`` (what
``tiletum load`` opens); the database holds what the host knows about them and about its people:

- ``players``: the people the host knows (a seat names only one of them: issue 44), with where it
  learnt of them (``here``: connected on the owner's socket, ``keys``: the players file, ``invite``,
  ``owner``: ``tiletum host player NAME``);
- ``waiting``: the tables waiting for players (was ``tables.json``), with the time per move each was set
  up with (``clock``); a rematch's table says which seats accepted (``rematch.py``);
- ``games``: the index of games (its lobby line's facts and its file), ``game_people`` who sat there;
  the lobby's pages of games over, their search and their order come from here (``page_over``);
- ``talk``: every line of table talk, by game (was memory only: lost at every restart);
- ``ratings``, ``rated``: each game's ratings (``ratings.py``) and which hosted games counted;
- ``reminder_to``: where each player's reminders go (an apprise URL set in the lobby: it may hold a
  password, and the file is 0600; was ``reminders.json``), ``reminders``: when each game's reminder
  of each kind was last sent to each player (never two in one interval, a restart or not).

Every change is one transaction (``BEGIN IMMEDIATE`` … ``COMMIT``) with ``synchronous=FULL``: once
a method returns, the change survives a SIGKILL, and only then does the host tell anyone. A host
started over an older folder (``tables.json``, the games' files) imports it once (``import_old``).
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from contextlib import contextmanager
from pathlib import Path
import errno

SCHEMA = 1
DB_NAME = "host.db"

_TABLES = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS players (name TEXT PRIMARY KEY, source TEXT NOT NULL, added REAL NOT NULL,
    seen REAL NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS waiting (id TEXT PRIMARY KEY, game TEXT NOT NULL, seats TEXT NOT NULL,
    modules TEXT NOT NULL, created REAL NOT NULL, rematch_of TEXT NOT NULL DEFAULT '',
    accepted TEXT NOT NULL DEFAULT '[]', clock TEXT NOT NULL DEFAULT '{}');
CREATE TABLE IF NOT EXISTS games (id TEXT PRIMARY KEY, game TEXT NOT NULL, title TEXT NOT NULL,
    file TEXT NOT NULL, seats TEXT NOT NULL, progress TEXT NOT NULL, since REAL NOT NULL,
    finished INTEGER NOT NULL, moves INTEGER NOT NULL, words TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS games_over ON games (finished, since);
CREATE TABLE IF NOT EXISTS game_people (game_id TEXT NOT NULL, name TEXT NOT NULL, PRIMARY KEY (game_id, name));
CREATE INDEX IF NOT EXISTS people_games ON game_people (name);
CREATE TABLE IF NOT EXISTS talk (n INTEGER PRIMARY KEY AUTOINCREMENT, game_id TEXT NOT NULL, who TEXT NOT NULL,
    text TEXT NOT NULL, after INTEGER NOT NULL, at REAL NOT NULL);
CREATE INDEX IF NOT EXISTS talk_of ON talk (game_id, n);
CREATE TABLE IF NOT EXISTS ratings (game TEXT NOT NULL, identity TEXT NOT NULL, mu REAL NOT NULL,
    sigma REAL NOT NULL, games INTEGER NOT NULL, PRIMARY KEY (game, identity));
CREATE TABLE IF NOT EXISTS rated (game_id TEXT PRIMARY KEY, game TEXT NOT NULL, at REAL NOT NULL);
CREATE TABLE IF NOT EXISTS reminders (game_id TEXT NOT NULL, name TEXT NOT NULL, kind TEXT NOT NULL,
    sent REAL NOT NULL, PRIMARY KEY (game_id, name, kind));
CREATE TABLE IF NOT EXISTS reminder_to (name TEXT PRIMARY KEY, url TEXT NOT NULL);
"""


class RecordsError(RuntimeError):
    """The host's database cannot be opened or written (its words say why)."""

    def os_error(self) -> OSError | None:
        """What the OS would have said (a full disk, a read-only one), for the words players read."""

        code = getattr(self.__cause__, "sqlite_errorcode", None)
        number = {sqlite3.SQLITE_FULL: errno.ENOSPC, sqlite3.SQLITE_READONLY: errno.EROFS,
                  sqlite3.SQLITE_IOERR: errno.EIO, sqlite3.SQLITE_CANTOPEN: errno.EACCES}.get(code)
        return OSError(number, os.strerror(number)) if number else None


def _like(text: str) -> str:
    """``text`` as a LIKE pattern matching itself anywhere (``%``, ``_`` and ``\\`` escaped)."""
    return "%" + text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"


class Records:
    """The host's database. Its methods are called from the host's loop and from threads (one
    lock: SQLite's connection is shared); each change is one committed transaction."""

    def __init__(self, root: str | Path) -> None:
        self.path = Path(root) / DB_NAME
        self._lock = threading.RLock()
        try:
            self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False, timeout=10)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")  # committed is on disk: told only then
            self.db.executescript(_TABLES)
            self.path.chmod(0o600)
        except (sqlite3.Error, OSError) as exc:
            raise RecordsError(f"the host's database {self.path} cannot be opened: {exc}") from None
        with self.change() as db:
            db.execute("INSERT OR IGNORE INTO meta VALUES ('schema', ?)", (str(SCHEMA),))

    def close(self) -> None:
        with self._lock:
            self.db.close()

    @contextmanager
    def change(self):
        """One transaction: committed when the block ends, rolled back if it raises."""
        with self._lock:
            try:
                self.db.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as exc:
                raise RecordsError(f"the host's database cannot be written: {exc}") from exc
            try:
                yield self.db
                self.db.execute("COMMIT")
            except sqlite3.Error as exc:  # (a full disk rolls the transaction back by itself)
                if self.db.in_transaction:
                    self.db.execute("ROLLBACK")
                raise RecordsError(f"the host's database cannot be written: {exc}") from exc
            except BaseException:
                if self.db.in_transaction:
                    self.db.execute("ROLLBACK")
                raise

    def rows(self, sql: str, args=()) -> list[tuple]:
        with self._lock:
            return self.db.execute(sql, args).fetchall()

    def meta(self, key: str) -> str | None:
        found = self.rows("SELECT value FROM meta WHERE key = ?", (key,))
        return found[0][0] if found else None

    def set_meta(self, key: str, value: str) -> None:
        with self.change() as db:
            db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, value))

    # ------------------------------------------------------------ players
    def know(self, name: str, source: str) -> bool:
        """The host knows ``name`` from now on (if it did not); True if it is new."""
        with self.change() as db:
            return db.execute("INSERT OR IGNORE INTO players VALUES (?, ?, ?, 0)",
                              (name, source, time.time())).rowcount > 0

    def seen(self, name: str, source: str = "here") -> None:
        with self.change() as db:
            db.execute("INSERT OR IGNORE INTO players VALUES (?, ?, ?, 0)", (name, source, time.time()))
            db.execute("UPDATE players SET seen = ? WHERE name = ?", (time.time(), name))

    def knows(self, name: str) -> bool:
        return bool(self.rows("SELECT 1 FROM players WHERE name = ?", (name,)))

    def players(self) -> list[str]:
        return [r[0] for r in self.rows("SELECT name FROM players ORDER BY name")]

    # ------------------------------------------------------------ tables waiting
    def waiting(self) -> list[dict]:
        out = []
        for tid, game, seats, modules, created, rematch_of, accepted, clock in self.rows(
                "SELECT id, game, seats, modules, created, rematch_of, accepted, clock FROM waiting ORDER BY created"):
            out.append({"id": tid, "game": game, "seats": json.loads(seats), "modules": json.loads(modules),
                        "created": created, "rematch_of": rematch_of, "accepted": json.loads(accepted),
                        "clock": json.loads(clock)})
        return out

    def put_table(self, t: dict) -> None:
        with self.change() as db:
            self._put_table(db, t)

    @staticmethod
    def _put_table(db, t: dict) -> None:
        db.execute("INSERT OR REPLACE INTO waiting VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                   (t["id"], t["game"], json.dumps(t["seats"]), json.dumps(list(t["modules"])), t["created"],
                    t.get("rematch_of", ""), json.dumps(sorted(t.get("accepted", ()))),
                    json.dumps(t.get("clock", {}))))

    def drop_table(self, table_id: str) -> None:
        with self.change() as db:
            db.execute("DELETE FROM waiting WHERE id = ?", (table_id,))

    # ------------------------------------------------------------ the index of games
    def index_games(self, lines) -> None:
        """Games' lines in the index, new or updated, in one transaction: each (id, game, title, file,
        seats: [(name, kind, level, left)], progress, since, finished, moves)."""
        if not lines:
            return
        with self.change() as db:
            for gid, game, title, file, seats, progress, since, finished, moves in lines:
                words = " ".join([gid, title, *(s[0] for s in seats)]).casefold()
                db.execute("INSERT OR REPLACE INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                           (gid, game, title, file, json.dumps(seats), progress, since, int(finished), moves, words))
                db.execute("DELETE FROM game_people WHERE game_id = ?", (gid,))
                db.executemany("INSERT OR IGNORE INTO game_people VALUES (?, ?)",
                               [(gid, s[0]) for s in seats if s[1] == "person"])

    def drop_game(self, *gids: str) -> None:
        """Games archived or deleted: out of the index (their talk and their ratings stay)."""
        with self.change() as db:
            for gid in gids:
                db.execute("DELETE FROM games WHERE id = ?", (gid,))
                db.execute("DELETE FROM game_people WHERE game_id = ?", (gid,))
                db.execute("DELETE FROM reminders WHERE game_id = ?", (gid,))

    def game_file(self, gid: str) -> str | None:
        found = self.rows("SELECT file FROM games WHERE id = ?", (gid,))
        return found[0][0] if found else None

    def indexed(self) -> set[str]:
        return {r[0] for r in self.rows("SELECT id FROM games")}

    def games_of(self, name: str) -> int:
        return self.rows("SELECT count(*) FROM game_people JOIN games ON games.id = game_id "
                         "WHERE name = ? AND finished = 1", (name,))[0][0]

    def count_over(self, search: str = "") -> int:
        where, args = self._over_where(search)
        return self.rows(f"SELECT count(*) FROM games WHERE {where}", args)[0][0]

    def page_over(self, me: str, offset: int, limit: int, search: str = "") -> list[tuple]:
        """Lines of games over, hers first, the newest first, those holding ``search``: each
        (id, title, seats, progress, since). The lobby's order, paged and searched here."""
        where, args = self._over_where(search)
        return [(gid, title, json.loads(seats), progress, since) for gid, title, seats, progress, since in self.rows(
            f"SELECT id, title, seats, progress, since FROM games WHERE {where} ORDER BY "
            "EXISTS (SELECT 1 FROM game_people p WHERE p.game_id = games.id AND p.name = ?) DESC, since DESC, id "
            "LIMIT ? OFFSET ?", (*args, me, limit, offset))]

    @staticmethod
    def _over_where(search: str) -> tuple[str, tuple]:
        if not search:
            return "finished = 1", ()
        return "finished = 1 AND words LIKE ? ESCAPE '\\'", (_like(search.casefold()),)

    # ------------------------------------------------------------ talk
    def say(self, gid: str, who: str, text: str, after: int, at: float) -> None:
        with self.change() as db:
            db.execute("INSERT INTO talk (game_id, who, text, after, at) VALUES (?, ?, ?, ?, ?)",
                       (gid, who, text, after, at))

    def talk(self, gid: str, last: int | None = None) -> list[tuple[str, str, int, float]]:
        """The game's table talk, oldest first: (who, text, after, at) each; ``last``: only the last ones."""
        if last is None:
            return self.rows("SELECT who, text, after, at FROM talk WHERE game_id = ? ORDER BY n", (gid,))
        rows = self.rows("SELECT who, text, after, at FROM talk WHERE game_id = ? ORDER BY n DESC LIMIT ?",
                         (gid, last))
        return rows[::-1]

    # ------------------------------------------------------------ ratings
    def rating_rows(self, game: str | None = None) -> list[tuple[str, str, float, float, int]]:
        sql = "SELECT game, identity, mu, sigma, games FROM ratings"
        return self.rows(sql + (" WHERE game = ?" if game else "") + " ORDER BY game, mu - 3 * sigma DESC",
                         (game,) if game else ())

    def was_rated(self, gid: str) -> bool:
        return bool(self.rows("SELECT 1 FROM rated WHERE game_id = ?", (gid,)))

    def rate(self, gid: str, game: str, new: dict[str, tuple[float, float]]) -> None:
        """A game's result counted: each identity's new (mu, sigma), one game more, in one transaction."""
        with self.change() as db:
            if db.execute("INSERT OR IGNORE INTO rated VALUES (?, ?, ?)", (gid, game, time.time())).rowcount == 0:
                return  # (counted already: never twice)
            for identity, (mu, sigma) in new.items():
                db.execute("INSERT INTO ratings VALUES (?, ?, ?, ?, 1) ON CONFLICT (game, identity) DO UPDATE "
                           "SET mu = excluded.mu, sigma = excluded.sigma, games = games + 1",
                           (game, identity, mu, sigma))

    def clear_ratings(self) -> None:
        with self.change() as db:
            db.execute("DELETE FROM ratings")
            db.execute("DELETE FROM rated")

    # ------------------------------------------------------------ reminders
    def reminder_url(self, name: str) -> str | None:
        """Where ``name`` set their reminders to go (None: never set here)."""
        found = self.rows("SELECT url FROM reminder_to WHERE name = ?", (name,))
        return found[0][0] if found else None

    def set_reminder_url(self, name: str, url: str) -> None:
        """``name``'s reminders go to ``url`` from now on ("": set nowhere here, the players file's then)."""
        with self.change() as db:
            if url:
                db.execute("INSERT OR REPLACE INTO reminder_to VALUES (?, ?)", (name, url))
            else:
                db.execute("DELETE FROM reminder_to WHERE name = ?", (name,))

    def import_reminder_urls(self, urls: dict[str, str]) -> None:
        """An older folder's ``reminders.json``, once (in one transaction with the mark that it was)."""
        with self.change() as db:
            db.executemany("INSERT OR IGNORE INTO reminder_to VALUES (?, ?)", list(urls.items()))
            db.execute("INSERT OR REPLACE INTO meta VALUES ('imported-reminders', ?)", (str(time.time()),))

    def last_reminded(self, gid: str, name: str) -> float | None:
        """When ``name`` was last reminded of game ``gid`` (any kind), or None."""
        return self.rows("SELECT max(sent) FROM reminders WHERE game_id = ? AND name = ?", (gid, name))[0][0]

    def reminded(self, gid: str, name: str, kind: str, at: float) -> None:
        with self.change() as db:
            db.execute("INSERT OR REPLACE INTO reminders VALUES (?, ?, ?, ?)", (gid, name, kind, at))
