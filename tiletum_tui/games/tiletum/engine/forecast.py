"""'If the round ended now': what the King phase, this round's Fair and final scoring would give.

Every number comes from the rules' own scoring steps (``flow``), run on copies of the state, so a
forecast can never drift from the real scoring and the game itself is never touched. A forecast
needs nothing hidden (no tile is drawn, no die rolled), so it works on a view too.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import flow
from .events import FairHeld, Scored
from .queries import fair_now, king_order
from .ruleset import rules_for
from .state import State, clone, put


@dataclass
class PlayerForecast:
    vp: int  # now
    king: int = 0  # the King phase: the space's VP, and the round-4 bonus of the highest
    king_notes: list[str] = field(default_factory=list)
    fair: int = 0
    fair_notes: list[str] = field(default_factory=list)
    takes_part: bool = False
    final: dict[str, int] = field(default_factory=dict)  # category -> VP, final scoring as it stands

    @property
    def final_total(self) -> int:
        return sum(self.final.values())


@dataclass
class Forecast:
    round: int
    over: bool
    highest: int  # the player highest on the King track now
    king_tile: str  # the Bonus tile the highest may take ("" if none)
    fair_town: str
    fair_tile: str
    fair_per: int  # VP each time the Fair's condition is met (board + tile)
    players: list[PlayerForecast]


def _run(state: State, step) -> list:
    copy = clone(state)
    put(copy, "stack", ())
    put(copy, "events", ())
    step(copy)
    return copy.events


def forecast(state: State) -> Forecast:
    """The forecast for a game in progress (once it is over, final scoring shows what was scored)."""
    r = rules_for(state.settings)
    fair = fair_now(state)
    tile = r.cat.fair_tiles[fair.tile]
    i = state.board.fairs.index(fair)
    rows = [PlayerForecast(vp=p.vp) for p in state.players]
    out = Forecast(state.round, state.phase == "over", king_order(state)[0], state.board.king_bonus, fair.town,
                   fair.tile, r.tracks.fair_board_vp[i] + tile.vp, rows)
    if state.phase == "over":
        for k, p in enumerate(state.players):
            rows[k].final = {c.key: p.ledger.get(c.key, 0) for c in r.categories if c.at_end}
        return out

    def king(s):
        if not s.board.king_bonus:
            flow.score_highest_without_tile(r, s)
        flow.score_king_track(r, s)

    for e in _run(state, king):
        if isinstance(e, Scored):
            rows[e.player].king += e.vp
            rows[e.player].king_notes.append(e.why)
    if not fair.done:
        for e in _run(state, lambda s: flow.hold_fair(r, s)):
            if isinstance(e, FairHeld):
                for p in e.participants:
                    rows[p].takes_part = True
            elif isinstance(e, Scored):
                rows[e.player].fair += e.vp
                rows[e.player].fair_notes.append(e.why)
    for e in _run(state, lambda s: flow.final_scoring(r, s)):
        if isinstance(e, Scored):
            rows[e.player].final[e.category] = rows[e.player].final.get(e.category, 0) + e.vp
    return out
