"""What every player's terms of Tiletum's evaluation share (``evaluate``), worked out once: the ruleset's tables
(distances on the map, the board's values), and for a state the King track's expected drop, the Fairs and the
map counts, each kept while a search weighs state after state on the same board (the caches below say how).
Split from evaluate.py, unchanged: the same values to the last bit."""

from __future__ import annotations

from collections import deque

from ..engine.categories import HOUSES_X_PILLARS
from ..engine.queries import cathedral_available, cathedral_tile_vp, king_order, king_space
from ..engine.ruleset import rules_for
from ..engine.state import EMPTY, State
from ..engine.views import unseen_tokens


class Tables:
    """What evaluation needs of a ruleset, worked out once: distances on the map, the board."""

    def __init__(self, r) -> None:
        self.r = r
        self.dist: dict[str, dict[str, int]] = {s: _bfs(r.adjacent, s) for s in r.spaces}
        self.towns = r.towns
        self.completed_vp = r.tracks.completed_building_vp
        self.contract_vp = r.player_board.contract_vp
        self.rooms = [b.rooms for b in r.player_board.buildings]
        self.preoccupied = [b.preoccupied for b in r.player_board.buildings]
        self.king_track = r.tracks.king_track
        self.houses_x_pillars = HOUSES_X_PILLARS.key in r.category_keys  # a module may score another product instead
        self._cathedral_vp: dict[str, int] = {}

    def cathedral_vp(self, tile: str) -> int:
        """A Cathedral tile's VP (``queries.cathedral_tile_vp``), asked once per tile."""
        vp = self._cathedral_vp.get(tile)
        if vp is None:
            vp = self._cathedral_vp[tile] = cathedral_tile_vp(self.r, tile)
        return vp


def _bfs(adjacent, start: str) -> dict[str, int]:
    out = {start: 0}
    todo = deque([start])
    while todo:
        s = todo.popleft()
        for n in adjacent[s]:
            if n not in out:
                out[n] = out[s] + 1
                todo.append(n)
    return out


_TABLES: dict[tuple, Tables] = {}


_LAST: list = [None, None]  # the last settings asked and their tables (a search asks for one game's, always)


def tables(settings) -> Tables:
    if settings is _LAST[0]:
        return _LAST[1]
    key = (settings.modules, settings.rules)
    t = _TABLES.get(key)
    if t is None:
        t = _TABLES[key] = Tables(rules_for(settings))
    _LAST[:] = settings, t
    return t


# What the last ``common`` was worked out from, and it (held here: no id below can be reused while it is kept).
_LAST_COMMON: list = [None] * 11


def common(state: State) -> tuple:
    """What every player's terms share: the tables, the King track's expected drop, the Fairs, the map counts.
    A search weighs one partial turn after another from one position, most on the same board: the last one is
    kept, for the same settings, King track, Fairs, map, Corruption and round (what the caches below key on)."""
    b, last = state.board, _LAST_COMMON
    left = len(state.hidden.corruption_row) if state.phase == "action" else 0
    if (b.king_track is last[0] and b.houses is last[1] and b.pillars is last[2] and b.map_bonus is last[3]
            and b.fairs is last[4] and b.corruption_revealed is last[5] and state.settings is last[6]
            and left == last[7] and state.round == last[8] and state.phase == last[9]):
        return last[10]
    out = _worked_out(state, left)
    last[:] = (b.king_track, b.houses, b.pillars, b.map_bonus, b.fairs, b.corruption_revealed, state.settings, left,
               state.round, state.phase, out)
    return out


def _worked_out(state: State, left: int) -> tuple:
    """``common`` worked out (``left``: the Corruption tokens still face down this round, 0 outside the Actions)."""
    t = tables(state.settings)
    r = t.r
    # King track: the Corruption still to come this round moves every marker down.
    drop = left * _token_mean(state) if left else 0.0
    highest, fair, fair_per, later_fairs, spaces = _track_and_fairs(r, state)
    return t, r, drop, highest, fair, fair_per, later_fairs, _map_counts(r, state), spaces


_FAIRS: dict[tuple, tuple] = {}


def _track_and_fairs(r, state: State) -> tuple:
    """Who is highest on the King track; this round's Fair and its VP per time; the later Fairs still to
    come (each with its VP per time and condition). Worked out once per King track and Fairs (a state's
    tuples are replaced, never changed: the cache holds them, so their ids cannot be reused)."""
    b = state.board
    key = (id(b.king_track), id(b.fairs), state.round, id(r))
    hit = _FAIRS.get(key)
    if hit is not None and hit[0] is b.king_track and hit[1] is b.fairs and hit[2] is r:
        return hit[3]
    if len(_FAIRS) > 4096:
        _FAIRS.clear()
    highest = king_order(state)[0]
    fair_i = state.round - 1
    fair = b.fairs[fair_i] if fair_i < len(b.fairs) else None
    fair_per = 0
    if fair is not None and not fair.done:
        fair_per = r.tracks.fair_board_vp[fair_i] + r.cat.fair_tiles[fair.tile].vp
    later_fairs = [(f, r.tracks.fair_board_vp[k] + r.cat.fair_tiles[f.tile].vp, r.cat.fair_tiles[f.tile].condition)
                   for k, f in enumerate(b.fairs) if k > fair_i and not f.done]
    out = highest, fair, fair_per, later_fairs, [king_space(state, i) for i in range(len(state.players))]
    _FAIRS[key] = (b.king_track, b.fairs, r, out)
    return out


_TOKEN_MEANS: dict[tuple, float] = {}


def _token_mean(state: State) -> float:
    """The mean of the Corruption tokens still face down (0 if none): it changes only as tokens are revealed."""
    s = state.settings
    key = (s.modules, s.rules, state.board.corruption_revealed)
    mean = _TOKEN_MEANS.get(key)
    if mean is None:
        if len(_TOKEN_MEANS) > 4096:
            _TOKEN_MEANS.clear()
        tokens = unseen_tokens(state)
        mean = _TOKEN_MEANS[key] = sum(tokens) / len(tokens) if tokens else 0.0
    return mean


_COUNTS: dict[tuple[int, int, int], tuple] = {}


def once_per(cache: dict, parts: tuple, make):
    """``make()`` worked out once per three ``parts`` of a state: a search evaluates many states sharing
    them (a state's tuples and dicts are replaced, never changed, so their identities name them; the
    cache holds them, so their ids cannot be reused while an entry lives)."""
    key = (id(parts[0]), id(parts[1]), id(parts[2]))
    hit = cache.get(key)
    if hit is not None:
        kept = hit[0]
        if kept[0] is parts[0] and kept[1] is parts[1] and kept[2] is parts[2]:
            return hit[1]
    if len(cache) > 4096:
        cache.clear()
    value = make()
    cache[key] = (parts, value)
    return value


def _map_counts(r, state: State) -> _MapCounts:
    """The map counts of a board, worked out once per map (``once_per``)."""
    b = state.board
    return once_per(_COUNTS, (b.houses, b.pillars, b.map_bonus), lambda: _MapCounts(r, state))


class _MapCounts:
    """One pass over the map: Houses and Pillars of each player, the Towns with room for more, the
    Cathedral Towns where each player has a Pillar; and the best Town near a piece, once asked (``near``:
    the many states of a search that share a map mostly ask the same)."""

    __slots__ = ("houses", "pillars", "house_open", "pillar_open", "pillar_towns", "near", "reach")

    def __init__(self, r, state: State) -> None:
        n = len(state.players)
        self.houses, self.pillars = [0] * n, [0] * n
        self.house_open, self.pillar_open = [], []
        self.pillar_towns: list[list[str]] = [[] for _ in range(n)]
        self.near: dict[tuple, tuple] = {}  # (``_pieces_near``)
        self.reach: dict[tuple, list] = {}  # (``_reach``)
        for town, row in state.board.houses.items():
            for o in row:
                if o >= 0:
                    self.houses[o] += 1
            if EMPTY in row:
                self.house_open.append((town, row))
        for town, row in state.board.pillars.items():
            for o in row:
                if o >= 0:
                    self.pillars[o] += 1
            for i in range(n):
                if i in row:
                    self.pillar_towns[i].append(town)
            if EMPTY in row and cathedral_available(r, state, town):
                self.pillar_open.append((town, row))
