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


class OverLines:
    """The lines of the games over, newest first, each with its names and search words, kept from
    one lobby to the next (a game over never changes): made again only when one ends, is archived
    or deleted (``dirty``)."""

    def __init__(self) -> None:
        self.dirty = True
        self._lines: list[tuple[P.GameInfo, frozenset[str], str]] = []

    def lines(self, finished) -> list[tuple[P.GameInfo, frozenset[str], str]]:
        """``finished()``: the host's games over (``FinishedGame``s, each giving ``info(set())``), asked
        for only when the lines are made again."""
        if self.dirty:
            infos = sorted((g.info(set()) for g in finished()), key=lambda i: -i.since)
            self._lines = [(i, frozenset(persons(i)), words(i)) for i in infos]
            self.dirty = False
        return self._lines


def page_of(live: list[P.GameInfo], over: list[tuple[P.GameInfo, frozenset[str], str]], me: str,
            page: int, search: str = "") -> P.Lobby:
    """One page of ``me``'s lobby: ``live`` (games under way and tables, as lines) and ``over`` (the
    games over, ``OverLines``), in the lobby's order, only those holding ``search``."""
    needle = search.casefold()
    parts = sort_lobby([g for g in live if not needle or needle in words(g)], me)
    over_mine = [i for i, names, text in over if me in names and (not needle or needle in text)]
    over_others = [i for i, names, text in over if me not in names and (not needle or needle in text)]
    ordered = parts["mine"] + parts["free"] + parts["others"] + over_mine + over_others
    pages = max(1, -(-len(ordered) // PAGE))
    page = min(max(page, 0), pages - 1)
    return P.Lobby(tuple(ordered[page * PAGE:(page + 1) * PAGE]), page=page, pages=pages, total=len(ordered),
                   search=search)
