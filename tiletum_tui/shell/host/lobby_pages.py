"""The lobby a page at a time (issue 42: "the lobby pages, never one frame of everything").

A host keeps every game it has played, so the lobby grows without end: as one frame it passed the
frame's limit at about 1,300 games and every connection was refused. Each connection is sent one
page of its own lobby (``PAGE`` lines), in one order for every page: her games under way (her
decision first, the longest waiting first), tables with a free seat, other games under way, then
games over (hers first, the newest first); and only the lines whose game, id or names hold a search,
when she searched (``LobbyAsk``). A line is bounded (names of at most 40 characters, at most 5
seats), so a page is too: a few tens of kilobytes however many games the host holds.

Textual-free: the host orders its pages here, and the client's lobby (``lobby.LobbyScreen``) puts
a page's lines under the same headings with the same function (``sort_lobby``).
"""

from __future__ import annotations

from . import protocol as P

PAGE = 40  # lines of one lobby page
SEARCH_LIMIT = 40  # characters of a search


def persons(g: P.GameInfo) -> list[str]:
    return [s.name for s in g.seats if s.kind == "person"]


def _my_turn(g: P.GameInfo, me: str) -> bool:
    return 0 <= g.deciding < len(g.seats) and g.seats[g.deciding].name == me and not g.finished


def sort_lobby(games, me: str) -> dict[str, list[P.GameInfo]]:
    """The lobby's lists: hers under way (her decision first, the longest waiting first), tables with
    a free seat, the others under way (to watch), and games over (hers first, each in the order given:
    the host sends them newest first)."""
    mine, free, others, over_mine, over = [], [], [], [], []
    for g in games:
        if g.finished:
            (over_mine if me in persons(g) else over).append(g)
        elif me in persons(g):
            mine.append(g)
        elif g.waiting:
            free.append(g)
        else:
            others.append(g)
    mine.sort(key=lambda g: (not _my_turn(g, me), g.since))
    return {"mine": mine, "free": free, "others": others, "over": over_mine + over}


def words(g: P.GameInfo) -> str:
    """What a search looks in: the game's id, its title and the names at it."""
    return " ".join([g.id, g.title, *(s.name for s in g.seats)]).casefold()


class OverPages:
    """The games over as the database pages them (``records``), each answer kept until a game ends,
    is archived or deleted (``changed``): a lobby is sent to every connection at most moves, and
    the games over do not change then (a count and a page are a few ms each at 5,000 games)."""

    KEPT = 1024  # answers kept at most (a connection's page and search each)

    def __init__(self, records) -> None:
        self.records = records
        self._kept: dict[tuple, object] = {}

    def changed(self) -> None:
        self._kept.clear()

    def _ask(self, key: tuple, make):
        if key not in self._kept:
            if len(self._kept) >= self.KEPT:
                self._kept.clear()
            self._kept[key] = make()
        return self._kept[key]

    def count_over(self, search: str = "") -> int:
        return self._ask(("count", search), lambda: self.records.count_over(search))

    def page_over(self, me: str, offset: int, limit: int, search: str = "") -> list[tuple]:
        return self._ask(("page", me, offset, limit, search),
                         lambda: self.records.page_over(me, offset, limit, search))


def over_info(gid: str, title: str, seats, progress: str, since: float) -> P.GameInfo:
    """A game over's lobby line from the index of games (``records_db.page_over``): each seat (name,
    kind, level, left), or (name, kind, level) as a host before issue 44's kept it."""
    return P.GameInfo(gid, title, tuple(P.SeatInfo(n, kind, level, kind == "opponent", str(left[0]) if left else "")
                                        for n, kind, level, *left in seats),
                      since=since, progress=progress, finished=True)


def page_of(live: list[P.GameInfo], records, me: str, page: int, search: str = "") -> P.Lobby:
    """One page of ``me``'s lobby: ``live`` (games under way and tables, as lines, in memory: they
    change at every move) then the games over, counted, ordered, searched and paged in the host's
    database (``records``: ``records_db.Records``, issue 44), only those holding ``search``."""
    needle = search.casefold()
    parts = sort_lobby([g for g in live if not needle or needle in words(g)], me)
    ordered = parts["mine"] + parts["free"] + parts["others"] + parts["over"]
    total = len(ordered) + records.count_over(needle)
    pages = max(1, -(-total // PAGE))
    page = min(max(page, 0), pages - 1)
    start = page * PAGE
    lines = ordered[start:start + PAGE]
    if len(lines) < PAGE:  # (the rest of the page: games over, from the database)
        lines += [over_info(*row) for row in records.page_over(me, max(0, start - len(ordered)),
                                                               PAGE - len(lines), needle)]
    return P.Lobby(tuple(lines), page=page, pages=pages, total=total, search=search)
