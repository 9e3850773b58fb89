"""'What would this score': the engine's forecast (``engine.forecast``) in words.

The numbers all come from the engine, which runs its own scoring steps on copies of the state;
this module only words them, for the dialog and the command line.
"""

from __future__ import annotations

from ..engine.forecast import Forecast, forecast
from ..engine.ruleset import rules_for

__all__ = ["Forecast", "forecast", "preview_text"]


def preview_text(state) -> str:
    """The forecast as plain text lines."""
    fc = forecast(state)
    r = rules_for(state.settings)
    titles = {c.key: c.title for c in r.categories}
    names = [p.name for p in state.players]
    lines = []
    if not fc.over:
        town = r.space_name(fc.fair_town)
        fair = r.cat.fair_tiles[fc.fair_tile]
        lines.append(f"If round {fc.round} ended now:")
        tile = (f"{names[fc.highest]} is highest and may take the Bonus tile beside the King track"
                if fc.king_tile else f"{names[fc.highest]} is highest")
        lines.append(f"King phase: {tile}.")
        lines.append(f"Fair in {town}: {fc.fair_per} VP each time ({fair.text}); a House or your Merchant there "
                     "lets you take part.")
        for name, row in zip(names, fc.players):
            king = "; ".join(row.king_notes) or "nothing"
            fair_words = "; ".join(n.split(": ", 1)[-1] for n in row.fair_notes) if row.takes_part else \
                f"not there: needs a House or the Merchant in {town}"
            lines.append(f"- {name}: King {row.king:+d} ({king}); Fair {row.fair:+d} ({fair_words})")
        lines.append("")
    lines.append("Final scoring as it stands:" if not fc.over else "Final scoring:")
    for name, row in zip(names, fc.players):
        parts = ", ".join(f"{titles.get(c, c)} {v:+d}" for c, v in row.final.items()) or "nothing yet"
        lines.append(f"- {name}: {row.vp} VP now, final scoring {row.final_total:+d} ({parts})")
    return "\n".join(lines)
