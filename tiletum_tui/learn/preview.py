"""'What would this score': the coming King phase and Fair for each player now, and final scoring as it stands.

Everything is worked out by the engine's own scoring functions (``flow.hold_fair``,
``flow.final_scoring``, ``queries.king_vp``) on a *clone* of the state, so the preview can never
drift from the real scoring and the real game is never touched.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine import clone
from ..engine import flow
from ..engine.effects import CATEGORIES
from ..engine.queries import CAT, SPACES, TRACKS, king_order, king_vp


@dataclass
class PlayerPreview:
    name: str
    vp: int  # now
    king: int = 0  # the King track space's VP (+ round 4's bonus for the highest)
    king_note: str = ""
    fair: int = 0
    fair_note: str = ""
    final: dict[str, int] = field(default_factory=dict)  # category -> VP, final scoring as it stands

    @property
    def final_total(self) -> int:
        return sum(self.final.values())


@dataclass
class Preview:
    round: int
    fair_town: str
    fair_text: str
    players: list[PlayerPreview]


def _events(before: int, state) -> list:
    return state.events[before:]


def preview(state) -> Preview:
    """The preview for a game in progress (after the game it shows what was really scored)."""
    rows = [PlayerPreview(p.name, p.vp) for p in state.players]
    fair = state.board.fairs[min(state.round, len(state.board.fairs)) - 1]
    tile = CAT.fair_tiles[fair.tile]
    out = Preview(state.round, SPACES[fair.town].name, tile.text, rows)
    if state.phase == "over":
        for i, p in enumerate(state.players):
            rows[i].final = {c: p.ledger.get(c, 0) for c, _title, at_end in CATEGORIES if at_end}
        return out

    # The King phase: each player's space, and who is highest (the Bonus tile, or 4 VP in round 4).
    highest = king_order(state)[0]
    for i, row in enumerate(rows):
        row.king = king_vp(state, i)
    if state.board.king_bonus:
        rows[highest].king_note = "highest: takes the King track Bonus tile"
    elif state.round == 4:
        rows[highest].king += TRACKS.king_round4_vp
        rows[highest].king_note = f"highest: +{TRACKS.king_round4_vp} VP"

    # This round's Fair, held on a clone exactly as the engine will hold it.
    if not fair.done:
        copy = clone(state)
        copy.stack = []
        start = len(copy.events)
        flow.hold_fair(copy)
        for e in _events(start, copy):
            rows[e.player].fair += e.vp
            rows[e.player].fair_note = e.why
        for i, row in enumerate(rows):
            if i not in flow.fair_participants(state, fair.town):
                row.fair_note = f"not there: needs a House or the Merchant in {out.fair_town}"

    # Final scoring as it stands, on another clone.
    copy = clone(state)
    start = len(copy.events)
    flow.final_scoring(copy)
    for e in _events(start, copy):
        rows[e.player].final[e.category] = rows[e.player].final.get(e.category, 0) + e.vp
    return out


def preview_text(state) -> str:
    """The preview as plain text lines, for a dialog or the command line."""
    pv = preview(state)
    lines = []
    if state.phase != "over":
        lines.append(f"If round {pv.round} ended now:")
        lines.append(f"King phase and Fair in {pv.fair_town} ({pv.fair_text}):")
        for r in pv.players:
            notes = "; ".join(n for n in (r.king_note, r.fair_note) if n)
            lines.append(f"- {r.name}: King track {r.king:+d}, Fair {r.fair:+d}" + (f" ({notes})" if notes else ""))
        lines.append("")
    lines.append("Final scoring as it stands:")
    for r in pv.players:
        parts = ", ".join(f"{c} {v:+d}" for c, v in r.final.items()) or "nothing yet"
        lines.append(f"- {r.name}: {r.vp} VP now, final scoring {r.final_total:+d} ({parts})")
    return "\n".join(lines)
