"""The menu lines of Prospect for Silver's options (``choices.build_menu`` asks here for the kinds of
action it does not know). Like ``choices``, nothing here works out a rule: the words come from the
engine's options and the expansion's data; a line pointing at an Underground space names it, so the
Underground view can mark it and pick it with the keys."""

from __future__ import annotations

from ..engine.silver import prospector as P
from ..engine.silver import technologies as TE
from ..engine.silver import underground as U
from ..engine.silver.common import me, sv
from ..engine.silver.tables import tables
from . import text as T

# Refused options worth a greyed line (with the engine's reason).
SHOWN_REFUSED = (TE.AdvanceTechnology, U.PlaceProspector, P.PlaceMine, U.UndergroundHouse, U.UndergroundPillar)
# ... of which the Town alone is named when refused (the space was only the engine's example).
TOWN_ONLY = (P.PlaceMine, U.UndergroundHouse)


def _name(space: str) -> str:
    return U.space_name(space)


def silver_steps(state, o, task: str) -> list | None:
    """The menu path of one of the expansion's options (``Step``s: each line's order among its
    siblings is fixed, so lines keep their numbers), or None if the option is not the expansion's."""
    from .choice_steps import Step  # (choice_steps imports this module at its end)

    steps = _paths(state, o, task)
    if steps is None:
        return None
    out = []
    for i, (key, label, detail, space) in enumerate(steps):
        crumb = "Tasks" if key == task else ""
        out.append(Step(key, label, (8,) if key == task else (5, i, key), detail, space, crumb=crumb,
                        name=_name(space) if space else ""))
    return out


def _paths(state, o, task: str) -> list | None:
    a = o.action
    t = tables()
    w = T.words(state)
    if isinstance(a, P.MoveProspector):
        m = t.map_of.get(a.to, "")
        here = me(state, a.seat).prospectors.get(m, "")
        ap = f" ({o.ap} AP)" if o.ap else ""
        return [(f"prospect-{m}", f"Move your Prospector on {t.data.maps[m].name if m else '?'} (now at "
                 f"{t.spaces[here].name if here else '-'}){ap}", "", None),
                (a.to, f"to {t.spaces[a.to].name if a.to in t.spaces else a.to}", _name(a.to), a.to)]
    if isinstance(a, P.MovementStep):
        return [(task, "Tasks…", "", None), ("step", "Use the Prospector movement point (a free step)", "", None),
                (a.to, f"to {_name(a.to)}", "", a.to)]
    if isinstance(a, P.TakeUndergroundBonus):
        return [("utake", f"Take an Underground Bonus tile ({o.ap} AP)", "", None), (a.tile, w.tile_text(a.tile), "", None)]
    if isinstance(a, P.PlaceMine):
        gold = P.mine_gold(a.town, a.space) if a.town in t.spaces and 0 < a.space <= len(t.spaces[a.town].mine_spaces) else 0
        return [(f"mine-{a.town}", f"Place a Mine in {_name(a.town)}", "", a.town),
                (str(a.space), f"Mine space {a.space}: 1 Silver" + (f" and {gold} Gold" if gold else ""), "", a.town)]
    if isinstance(a, U.UndergroundHouse):
        spaces = t.spaces[a.town].house_spaces if a.town in t.spaces else []
        hs = spaces[a.space - 1] if 0 < a.space <= len(spaces) else None
        mark = {"building": " (Building Bonus)", "vp": f" (+{hs.vp} VP)"}.get(hs.bonus, "") if hs else ""
        return [(f"uhouse-{a.town}", f"Place a House in {_name(a.town)}", "", a.town),
                (str(a.space), f"House space {a.space}{mark}", "", a.town)]
    if isinstance(a, U.UndergroundPillar):
        return [(f"upillar-{a.town}", f"Place a Pillar at the Cathedral of {_name(a.town)}", "", a.town)]
    if isinstance(a, U.PlaceProspector):
        name = t.data.maps[a.map].name if a.map in t.data.maps else a.map
        cost = U.prospector_cost(state, a.map) if a.map in t.data.maps else 0
        pithead = t.start.get((a.map, sv(state).sides.get(a.map, "")))  # the map view shows where it goes
        return [(task, "Tasks…", "", None), ("prospector", "Place a new Prospector", "", None),
                (a.map, f"on the {name} Pithead ({cost} Silver)", "", pithead)]
    if isinstance(a, U.UndergroundCathedral):
        return [(task, "Tasks…", "", None), (f"ucathedral-{a.town}", f"Build the Underground Cathedral of {_name(a.town)}",
                                              "", a.town)]
    if isinstance(a, TE.AdvanceTechnology):
        tech = TE.tech_id(a.technology)
        tier = me(state, a.seat).technology.get(tech, 0)
        if tech in t.data.technologies and tier < 3:
            nxt = t.data.technologies[tech].tiers[tier]
            label = f"{t.data.technologies[tech].name} to tier {nxt.tier} ({nxt.cost} Silver): {nxt.text}"
        else:
            label = f"the {a.technology} Technology"
        return [(task, "Tasks…", "", None), ("tech", "Advance on a Technology", "", None), (a.technology, label, "", None)]
    if isinstance(a, TE.PlaceMarker):
        return [(f"marker-{a.action}", f"On the {T.ACTION_TITLE.get(a.action, a.action)} Action", "", None)]
    if isinstance(a, TE.TakeResourceTile):
        tile = t.data.resource_bonus_tiles.get(f"rbt-{a.resource}")
        return [(f"rtile-{a.resource}", tile.text if tile else a.resource, "", None)]
    return None
