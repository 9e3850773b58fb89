"""The host's lobby: each connection is sent a page of its own (``lobby_pages``), again only when a
line of that page changed; and the owner's archive and delete of a game over (``archive``). A part
of ``server.Host``."""

from __future__ import annotations

import asyncio

from tiletum_tui.core.safe_text import clean
from . import protocol as P
from .archive import WHAT, ArchiveError, done_words, put_away
from .hosted import FinishedGame
from .lobby_pages import SEARCH_LIMIT, page_of


class HostLobby:
    """``server.Host``'s lobby (it gives ``games``, ``tables``, ``connections``, ``connected``,
    ``replays``, ``report``, ``on_change`` and ``offered``)."""

    def _lines_under_way(self) -> list[P.GameInfo]:
        """The lines that change: games under way and tables waiting (a game over's line never does)."""
        names = set(self.connected())
        return [g.info(names) for g in self.games.values() if not isinstance(g, FinishedGame)] + [
            self.rematch_line(t.info(names)) for t in self.tables.tables.values()]

    def _lobby_for(self, conn, live: list[P.GameInfo] | None = None) -> P.Lobby:
        """Its page: the games over from the host's database (``records_db``: paged, searched and
        ordered there), and the connection's own ratings (issue 44)."""
        page = page_of(self._lines_under_way() if live is None else live, self.over_pages, conn.name or "",
                       conn.lobby_page, conn.lobby_search)
        return P.Lobby(page.games, self.offered, page.page, page.pages, page.total, page.search,
                       rating=self.standing(conn.name) if conn.name and not conn.watching else "")

    def _send_lobby(self, conn, live: list[P.GameInfo] | None = None) -> None:
        """The connection's page of the lobby, if a line of it changed since it was last sent."""
        lobby = self._lobby_for(conn, live)
        if lobby != conn.sent_lobby:
            conn.sent_lobby = lobby
            conn.send(lobby)

    def _lobby_changed(self) -> None:
        """Tell everyone their page of the lobby, if it changed: most moves change no line of it (the
        decision stays with the same seat), and every client redrew its lobby at every move of any game."""
        live = self._lines_under_way()
        for c in list(self.connections):
            self._send_lobby(c, live)
        if self.on_change is not None:
            self.on_change()

    def _lobby_ask(self, conn, msg: P.LobbyAsk) -> None:
        conn.lobby_page = min(max(msg.page, 0), 10**6)  # (the page itself is bounded by the lines there are)
        conn.lobby_search = " ".join(clean(msg.search, SEARCH_LIMIT).split())
        conn.sent_lobby = None  # (asked: answered even if nothing changed)
        self._send_lobby(conn)

    async def _manage(self, conn, msg: P.Manage) -> None:
        """The owner archives or deletes a game over (``tiletum host archive GAME``, ``delete GAME``), or
        with ``--under-way`` a game not over (issue 44: a game nobody will finish)."""
        if conn.via != "here" or conn.watching:
            conn.send(P.Refused("only the host's owner (on the host's own machine) archives or deletes games"))
            return
        if msg.what not in WHAT:
            conn.send(P.Refused(f"a game can be archived or deleted, not {clean(msg.what, 20)}"))
            return
        g = self.games.get(msg.game)
        if g is None:
            conn.send(P.Refused(f"there is no game {clean(msg.game, 40)} on this host"))
            return
        if not isinstance(g, FinishedGame) and not msg.under_way:
            conn.send(P.Refused(f"{clean(msg.game, 40)} is not over: only a game over can be archived or deleted "
                                "(its players would lose it; --under-way if that is what you mean)"))
            return
        if not isinstance(g, FinishedGame):  # an abandoned game: closed first (no move, no opponent), its players told
            async with self._lock(g.id):
                g.retired = True
                opponents = g.table.opponents.detach()  # (its process closed off the loop: it may wait a moment)
                g.table.close()

                def close() -> None:
                    if opponents is not None:
                        opponents.close()
                    g.session.close()

                await asyncio.to_thread(close)
            words = f"the host's owner {'archived' if msg.what == 'archive' else 'deleted'} this game: it goes no further"
            for c in list(self.connections):
                if c.games.pop(g.id, None) is not None:
                    c.send(P.Paused(g.id, words))
        path = g.path if isinstance(g, FinishedGame) else g.session.autosave_path
        try:
            dest = await asyncio.to_thread(put_away, self.folder, path, msg.what)
        except ArchiveError as exc:
            conn.send(P.Refused(str(exc)))
            return
        if self.games.get(g.id) is g:
            del self.games[g.id]
        self.replays.forget(g.id)
        self._put_away_record(g.id)
        words = done_words(g.id, msg.what, dest)
        self.report(words)
        conn.send(P.Status(words))
        self._lobby_changed()
