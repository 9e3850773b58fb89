"""The rules page of Prospect for Silver: the expansion as this edition plays it (docs/silver.md).

Short prose written for this product from the expansion text; every number (Technology tiers, Prospector
costs, the blue ribbon, the Stone Tablets) is read from the expansion's data, so the page says what the
game does.
"""

from __future__ import annotations

from ...data.silver import load_silver
from tiletum_tui.core.rulebook import Page, Section
from ..words import ACTION, effects_words, price, tile_words


def _technologies(d) -> str:
    out = []
    for t in d.technologies.values():
        tiers = "; ".join(f"{tier.tier} ({tier.cost} Silver): {tier.text.rstrip('.')}" for tier in t.tiers)
        out.append(f"- {t.name}: {tiers}")
    return "\n".join(out)


def _tablets(d) -> str:
    return "\n".join(f"- {t.name}: {t.text}" for t in d.tablets.values())


def _underground_tiles(d) -> str:
    seen = {}
    for t in d.tiles.values():
        if t.pile == "underground" and t.design not in seen:
            what = f"{price(t)} to score {t.vp} VP, and {effects_words(t.effects)}" if t.kind == "contract" \
                else effects_words(t.effects)
            seen[t.design] = f"- {t.name} ({'Contract' if t.kind == 'contract' else 'Helper'}): {what}"
    return "\n".join(seen.values())


def _new_tiles(d) -> str:
    """The new tiles of the base piles, copies that read alike on one line."""
    groups: dict[tuple, list] = {}
    for t in d.tiles.values():
        if t.pile != "underground":
            groups.setdefault((t.design, tile_words(t)), []).append(t)
    marks = {2: "", 3: " 3+", 4: " 4"}
    return "\n".join(f"- {ts[0].name} ({', '.join(x.id + marks[x.min_players] for x in ts)}): {words}"
                     for (_, words), ts in groups.items())


def _ribbon(d, cat) -> str:
    pairs = [f"{vp:+d}: {silver}" for vp, silver in zip(cat.tracks.king_track, d.king_overlay.ribbon_silver) if silver]
    return ", ".join(pairs)


def silver_page(cat) -> Page:
    d = load_silver()
    r = d.rules
    costs = {m.name: m.sides[0].prospector_cost for m in d.maps.values()}
    start = next(m.name for m in d.maps.values() if m.starting)
    others = ", ".join(f"{name} {c}" for name, c in costs.items() if c)
    tiers = "/".join(map(str, r.technology.tier_costs))
    return Page("silver", "Prospect for Silver", "The expansion: Silver, Prospectors and Mines on three Underground "
                "maps, the Prospector Action and Technologies. Choose it on the New game form.", (
        Section("overview", "What the expansion adds", (
            "Silver is a new currency (never a Resource). Your Prospectors travel three Underground maps beside the "
            "main board, where they build Houses, Pillars and Mines and find Stone Tablets and Bonus tiles. A "
            "Prospector Wheel beside the Action Wheel adds the Prospector Action and a free Prospector step. Silver "
            "buys Technologies, new Prospectors and Underground Cathedrals, and Mines pay Silver every King phase."
        )),
        Section("setup", "Setting up", (
            "The game lays it all out: the three Underground maps each with a random side up (or all A, as the "
            "expansion suggests for a first game), the Underground Bonus tiles for your player count, a Construction "
            "Cost tile of the printed icon under each Underground Cathedral, three random Technologies (or Architect, "
            "Joker and Character for a first game) and a random side of the Scoring overlay. One Fair tile (Houses "
            "and Pillars) leaves the game; the new Characters, Bonus tiles and Fair tiles join theirs.\n\n"
            f"Each player starts with {r.per_player.start_silver[1]} Silver (the first player none), a Prospector and "
            f"a Mine on the {start} map, two more Prospectors and two Mines in supply, three Mines beside the King "
            "track, and an eighth Pillar on the last Contract space (fulfilling a sixth Contract frees it)."
        )),
        Section("silver", "Silver", (
            "Silver is not a Resource: you can never buy it for Gold, exchange for it, pay it for a Contract or count "
            f"it with your Resources. You gain it from Mines, Stone Tablets, Bonus tiles, the King track's blue "
            f"ribbon and some Technologies. At the end every {r.final_scoring.silver_per_vp} Silver are worth 1 VP."
        )),
        Section("technologies", "Technologies", (
            f"A Task, any time in your turn: pay {tiers} Silver to move your marker onto tier I, II or III of a "
            "Technology. The tier reached and every tier below it are in effect from then on. At the end each tier "
            "reached scores its cost (a Technology on tier III: 6 VP). The Technologies:\n" + _technologies(d)
        )),
        Section("underground", "The Underground maps", (
            "Underground Towns work as on the main map: House spaces (Building Bonus, VP), a Cathedral with Pillar "
            "spaces, Bonus tiles that are never refilled. Your Houses and Pillars there count for every Fair and for "
            "final scoring, but an Underground Town is never a Fair Town. An Underground Cathedral is a Task: where "
            "you have a Pillar, pay the Silver or Gold on its Construction Cost tile and take its top tile.\n\n"
            "Any effect that places a House or a Pillar (a Character, a Crest space) may place it in an Underground "
            "Town where one of your Prospectors stands.\n\n"
            f"A new Prospector on a map without one of yours is a Task, in any order: {others} Silver.\n\n"
            "Stone Tablets: the first Prospector to enter one resolves it at once, then an X covers it for good:\n"
            + _tablets(d)
        )),
        Section("prospector", "The Prospector Action", (
            "The Prospector Wheel turns the other way from the Action Wheel, so the Prospector Action lies beside two "
            "die values, different each round. A die on a section with both the Prospector Action and another Action "
            "feeds the one you choose: all its AP, and only that Action's Bonus tile. A Joker may be used as a "
            f"Prospector Action, and Completed Buildings of Prospector Characters give it Bonus AP. Each option costs "
            f"{r.prospector.ap_per_option} AP:\n"
            "- Move one of your Prospectors to an adjacent space of its map (each AP may move a different one).\n"
            "- Take an Underground Bonus tile from a Town where your Prospector is.\n"
            "- Place a Mine (below), a Pillar or a House in a Town where your Prospector is, as on the main map."
        )),
        Section("mine", "Mines", (
            "A Mine goes on an empty Mine space of a Town where your Prospector stands, one of yours per Town. You "
            "gain 1 Silver at once and the Gold printed beside the space. Every King phase each of your Mines on the "
            "maps pays 1 Silver, the one placed at setup too. The Scoring overlay may count your Mines."
        )),
        Section("movement", "The Prospector movement point", (
            "Taking a die from a section beside the movement icon (whatever its Action) gives one free step of one "
            "of your Prospectors that turn, as a Task. Unused, it is lost when the turn ends."
        )),
        Section("king", "King phase and Cleanup", (
            "Before step 1 of the King phase every Mine on the maps pays 1 Silver. In step 1 a marker on 0 or "
            "higher also takes one of its Mines from beside the King track (none left: nothing) and the blue "
            f"ribbon's Silver ({_ribbon(d, cat)}).\n\n"
            "In the Cleanup the Prospector Action's Bonus tile is refilled from the Underground pile, and the "
            "Prospector Wheel turns one step counterclockwise after the Action Wheel turns clockwise."
        )),
        Section("final", "Final scoring with the expansion", (
            "1. Completed Buildings, as in the base game.\n"
            "2. The Scoring overlay, instead of Houses times Pillars: on one side (Houses or Mines, whichever you "
            "have more of) times Pillars, on the other (Pillars or Mines) times Houses; all maps count.\n"
            f"3. 1 VP for every {r.final_scoring.resources_per_vp} Resources left.\n"
            f"4. 1 VP for every {r.final_scoring.silver_per_vp} Silver left.\n"
            "5. Each Technology tier reached scores its cost."
        )),
        Section("characters", "New Characters and tiles", (
            "The expansion's Characters and Bonus tiles join the base game's piles. Completing a Building of "
            f"{ACTION['prospector']} Characters gives Bonus AP to the Prospector Action.\n" + _new_tiles(d)
            + "\n\nThe Underground Bonus tiles:\n" + _underground_tiles(d)
        )),
    ))


def component_sections(cat) -> tuple[Section, ...]:
    """The expansion's own components, for Cards & Components of a game with the expansion (ids as the log
    and the notation use them)."""
    d = load_silver()
    marks = {2: "", 3: " 3+", 4: " 4"}
    underground = [t for t in cat.tiles.values() if t.pile == "underground"]
    by_design: dict[str, list] = {}
    for t in underground:
        by_design.setdefault(t.design, []).append(t)
    lines = []
    for ts in by_design.values():
        t = ts[0]
        ids = ", ".join(f"{x.id}{marks[x.min_players]}" for x in ts)
        what = f"{price(t)} to score {t.vp} VP, and {effects_words(t.effects)}" if t.kind == "contract" \
            else effects_words(t.effects)
        lines.append(f"- {t.name} ({ids}): {what}")
    techs = "\n".join(f"- {t.id}: {t.name}: " + "; ".join(f"{x.tier} {x.text.rstrip('.')}" for x in t.tiers)
                      for t in d.technologies.values())
    tablets = "\n".join(f"- {t.id}: {t.name}: {t.text}" for t in d.tablets.values())
    groups = "\n".join(f"- {g.group} (bottom to top): " + ", ".join(f"{g.group}.{i + 1} = {v} VP" for i, v in enumerate(g.vp))
                       for g in d.cathedral_groups.values())
    costs = "\n".join(f"- {c.id}: pay {c.cost} {c.kind.capitalize()}, score {c.vp} VP (plus the Cathedral tile)"
                      for c in d.construction_costs.values())
    resource = "\n".join(f"- {t.id}: {t.text}" for t in d.resource_bonus_tiles.values())
    return (
        Section("underground-tiles", "Underground Bonus tiles (Prospect for Silver)", (
            "Dealt on the Underground Towns' Bonus spaces (never refilled) and onto the Prospector Action; the rest "
            "lie face down.\n" + "\n".join(lines)
        )),
        Section("technology-tiles", "Technologies (Prospect for Silver)", "Three lie on the Technology board.\n" + techs),
        Section("resource-tiles", "Resource Bonus tiles (Prospect for Silver)", (
            "On the Resource Technology's tier I when it is drawn.\n" + resource
        )),
        Section("tablets", "Stone Tablets (Prospect for Silver)", "Printed on the Underground maps.\n" + tablets),
        Section("underground-cathedrals", "Underground Cathedrals (Prospect for Silver)", (
            "Each Underground Cathedral has a Silver or Gold Construction Cost tile and its group of tiles.\n"
            + costs + "\n" + groups
        )),
    )
