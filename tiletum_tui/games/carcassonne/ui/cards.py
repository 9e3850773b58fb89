"""Cards & Components for Carcassonne, generated from the tile data (``carcassonne/data/tiles.json``, and
each module's own)
so it can never disagree with the game: every design drawn as on the land (``draw``), with its count,
its four edges, its segments by the names the notation uses (pennants, and which cities each field
touches), then the followers, the player counts and where each value comes from. Pure Python."""

from __future__ import annotations

from tiletum_tui.core.rulebook import Page, Section
from .. import modules as registry
from ..data import load
from ..engine import RULES_VERSION
from ..engine.tiles import EDGES, turned
from . import draw


def _design(cat, d, notes: dict) -> Section:
    t = turned(d.id, 0)
    special = notes.get(d.id, "")
    lines = ["  " + line for line in draw.tile_lines(d.id, 0, draw.BIG_W, draw.BIG_H)]
    lines.append("")
    lines.append(f"{d.count} {'tile' if d.count == 1 else 'tiles'}{special}. Edges: "
                 + ", ".join(f"{EDGES[e]} {t.edges[e]}" for e in range(4)) + ".")
    for i, s in enumerate(d.segments):
        extra = []
        if s.pennant:
            extra.append("a pennant")
        if s.cities:
            extra.append("touches " + " and ".join(t.names[c] for c in s.cities))
        lines.append(f"- {t.names[i]}" + (f": {', '.join(extra)}" if extra else ""))
    return Section(f"tile-{d.id}", f"{d.id} ×{d.count}: {d.name}", "\n".join(lines))


def _sources(cat, module: str = "") -> str:
    """Where each value of ``cat`` comes from (a module's data: each value said with its name first)."""
    where = {s.id: s for s in cat.sources}
    lines = []
    for what, prov in cat.provenance.items():
        said = (f"{module} " if module else "") + what.replace("_", " ")
        if prov == "authored":
            lines.append(f"- {said}: authored by this edition (not printed in the rules text; docs/carcassonne.md)")
        else:
            s = where[prov.removeprefix("public:")]
            lines.append(f"- {said}: {s.title}" + (f" ({s.url})" if s.url else ""))
    return "\n".join(lines)


def cards_page() -> Page:
    cat = load()
    notes, lines, theirs = {cat.starting_tile: " (the starting tile is one of them)"}, [], []
    for _name, part in registry.parts("ui"):  # each module's tiles (in the box of the games set up now)
        line, designs, special = part.components(cat, RULES_VERSION)
        lines.append(line + "\n")
        theirs += designs
        notes.update(special)
    land = sum(d.count for d in cat.land)
    pennants = sum(d.count for d in cat.land for s in d.segments if s.pennant)
    lo, hi = cat.players
    head = Section("components", "The components",
                   f"- {land} land tiles in {len(cat.land)} designs (A-X), the starting tile ({cat.starting_tile}) "
                   f"among them; {pennants} of them show a pennant\n"
                   + "".join(lines) +
                   f"- {cat.followers_per_player} followers a player, for {lo} to {hi} players\n\n"
                   + draw.LEGEND + "\n\nWhere each value comes from:\n" + _sources(cat)
                   + "".join("\n" + _sources(part.data(), name) for name, part in registry.parts("ui") if part.data))
    sections = [head, *(_design(cat, d, notes) for d in cat.land), *(_design(cat, d, notes) for d in theirs)]
    return Page("cards", "Cards & Components", "Every tile design as it is drawn on the land, with its count, "
                "edges and segments; generated from the game's data.", tuple(sections))
