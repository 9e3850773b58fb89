"""Cards & Components, generated from the component catalogue so it can never disagree with the game.

Every tile appears with its id (the id the notation and the log use) and its effect in words.
Copies that are alike are listed on one line; copies used only with 3 or 4 players say so.
"""

from __future__ import annotations

from collections import defaultdict

from tiletum_tui.core.rulebook import Page, Section
from .parts import learn_parts
from .words import ACTION, effect_words, tile_words



def _ids(tiles) -> str:
    marks = {2: "", 3: " 3+", 4: " 4"}
    return ", ".join(f"{t.id}{marks[t.min_players]}" for t in tiles)


def _grouped(tiles) -> list[tuple[str, list]]:
    """Tiles that read the same (same design and effect) on one line, in catalogue order."""
    groups: dict[tuple, list] = defaultdict(list)
    for t in tiles:
        groups[(t.design, tile_words(t))].append(t)
    return [(words, ts) for (_, words), ts in groups.items()]


def _lines(cat, kind: str, pile: str | None = None) -> str:
    tiles = [t for t in cat.tiles.values() if t.kind == kind and (pile is None or t.pile == pile)]
    return "\n".join(f"- {ts[0].name} ({_ids(ts)}): {words}" for words, ts in _grouped(tiles))


def _count(cat, kind: str, pile: str | None = None) -> int:
    return sum(1 for t in cat.tiles.values() if t.kind == kind and (pile is None or t.pile == pile))


def _characters(cat) -> str:
    by_action: dict[str, list] = defaultdict(list)
    for t in cat.tiles.values():
        if t.kind == "character":
            by_action[t.action].append(t)
    out = []
    for action, tiles in by_action.items():
        out.append(f"Completing a Building of these gives Bonus AP to the {ACTION[action]} Action:")
        for _words, ts in _grouped(tiles):
            out.append(f"- {ts[0].name} ({_ids(ts)}): {'; '.join(effect_words(e) for e in ts[0].effects)}")
    return "\n".join(out)


def _fair_tiles(cat) -> str:
    return "\n".join(f"- {f.id}: {f.vp} + the round's board value, {f.text}" for f in cat.fair_tiles.values())


def _cathedrals(cat) -> str:
    return "\n".join(
        f"- {g.group} ({len(g.vp)} tiles, bottom to top): " + ", ".join(f"{g.group}.{i + 1} = {v} VP" for i, v in enumerate(g.vp))
        for g in cat.cathedral_groups
    )


def _costs(cat) -> str:
    out = []
    for c in cat.construction_costs.values():
        if c.unavailable:
            out.append(f"- {c.id}: the Unavailable Cathedral: that Town's Cathedral is not built this game, "
                       "and takes no Pillars")
        else:
            out.append(f"- {c.id}: pay {c.stone} Stone, score {c.vp} VP (plus the Cathedral tile)")
    return "\n".join(out)


def _towns(cat) -> str:
    names = {s.id: s.name for s in cat.map.spaces}
    return "\n".join(f"- {t.id}: a Fair in {names.get(t.town, t.town)}" for t in cat.town_tiles.values())


_SOURCE_WORDS = {"rulebook": "printed in the rulebook", "authored": "authored for this edition (nothing public prints it)"}
_FILE_TITLES = {
    "bonus_tiles.json": "Bonus tiles", "contracts.json": "Contract pile", "characters.json": "Characters",
    "fair_tiles.json": "Fair tiles", "town_tiles.json": "Town tiles", "cathedrals.json": "Cathedrals",
    "map.json": "The map", "player_board.json": "Player board", "tracks.json": "Tracks and counts",
}


def _source_words(cat, provenance: str) -> str:
    if provenance.startswith("public:"):
        source = cat.sources.get(provenance.removeprefix("public:"))
        return f"from a public edition ({source.title if source else provenance})"
    return _SOURCE_WORDS.get(provenance, provenance)


def _provenance(cat) -> str:
    """Every value's provenance, file by file: what is printed, what a public edition gives, what is ours."""
    out = []
    for name, prov in cat.provenance.items():
        by_source: dict[str, list[str]] = defaultdict(list)
        for field, where in prov.fields.items():
            by_source[where].append(field)
        out.append(f"- {_FILE_TITLES.get(name, name)} ({cat.files.get(name, name)}):")
        for where, fields in by_source.items():
            out.append(f"  - {_source_words(cat, where)}: {', '.join(fields)}")
        for item, fields in prov.items.items():
            for field, where in fields.items():
                out.append(f"  - {item}, {field}: {_source_words(cat, where)}")
    return "\n".join(out)


def cards_page(cat) -> Page:
    bonus = sum(1 for t in cat.tiles.values() if t.pile == "bonus")
    page = _base_cards(cat, bonus)
    more = tuple(s for part in learn_parts() if part.components for s in part.components(cat))  # a module's
    if more:
        page = Page(page.id, page.title, page.summary, page.sections + more)
    return page


def _base_cards(cat, bonus: int) -> Page:
    return Page("cards", "Cards & Components", "Every tile of the game and what it does, read from the game's own data. "
                "The ids are the ones the log and the notation use; '3+' or '4' marks a copy used only with that many "
                "players.", (
        Section("bonus", "Bonus tiles", (
            f"{bonus} Bonus tiles lie on the Action Wheel, beside the King track and on the map: "
            f"{_count(cat, 'helper')} Helpers, {_count(cat, 'contract', 'bonus')} Contracts and {_count(cat, 'crest', 'bonus')} Crests. "
            "Helpers, Contracts and Crests are listed in their own sections below."
        )),
        Section("helpers", "Helpers", (
            "Used once, as a Task of your turn, then removed from the game.\n" + _lines(cat, "helper")
        )),
        Section("characters", "Characters", (
            "Hired with the Character Action and placed in a Room; the bonus comes when it enters the Room.\n"
            + _characters(cat)
        )),
        Section("contracts", "Contracts", (
            "From the Contract offer:\n" + _lines(cat, "contract", "contract") + "\n\nAmong the Bonus tiles:\n"
            + _lines(cat, "contract", "bonus")
        )),
        Section("crests", "Crests", (
            "Six noble families; you may own only one Crest of each. In the Contract pile:\n"
            + _lines(cat, "crest", "contract") + "\n\nAmong the Bonus tiles:\n" + _lines(cat, "crest", "bonus")
        )),
        Section("fair-tiles", "Fair tiles", "Four of these are drawn for the four Fairs.\n" + _fair_tiles(cat)),
        Section("cathedrals", "Cathedral tiles", (
            "Each Cathedral has its group of tiles, the lowest VP at the bottom; building takes the top one.\n"
            + _cathedrals(cat)
        )),
        Section("construction-costs", "Construction Cost tiles", (
            "One lies under each Cathedral: the Stone it costs to build there and the VP it adds.\n" + _costs(cat)
        )),
        Section("town-tiles", "Town tiles", (
            "The first Fair is always in Tiletum; three of these decide where the others are held.\n" + _towns(cat)
        )),
        Section("provenance", "Where the values come from", (
            "The rulebook prints most of the game; where it prints no value, this edition takes it from a public "
            "edition where one gives it, else authors a playable one. Every value says which, so an owner of the "
            "physical game can correct it (docs/rulings.md lists the authored ones in one table).\n" + _provenance(cat)
        )),
    ))


def all_tile_ids(cat) -> list[str]:
    """Every id a reader should find on the page (for the tests)."""
    return (list(cat.tiles) + list(cat.fair_tiles) + list(cat.construction_costs) + list(cat.town_tiles)
            + [f"{g.group}.{i + 1}" for g in cat.cathedral_groups for i in range(len(g.vp))])
