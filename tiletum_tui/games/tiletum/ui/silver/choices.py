"""The menu paths of Prospect for Silver's kinds of action (``choice_steps.MenuPath``, one per kind; the
module's ``ui`` part registers them). Like ``choices``, nothing here works out a rule: the words come
from the engine's options and the expansion's data; a line pointing at an Underground space names it,
so the Underground view can mark it and pick it with the keys."""

from __future__ import annotations

from ...engine.silver import prospector as P
from ...engine.silver import technologies as TE
from ...engine.silver import underground as U
from ...engine.silver.common import me, sv
from ...engine.silver.tables import tables
from .. import text as T
from ..choice_steps import TASK, MenuPath, Step


def _name(space: str) -> str:
    return U.space_name(space)


def _path(lines):
    """A kind's path from its lines (key, label, detail, space): each line's order among its siblings is
    fixed (the expansion's lines after the base game's, the Tasks group where the base's is), so lines
    keep their numbers."""
    def steps(state, o, context) -> list[Step]:
        out = []
        for i, (key, label, detail, space) in enumerate(lines(state, o)):
            task = key == TASK
            out.append(Step(key, label, (8,) if task else (5, i, key), detail, space, crumb="Tasks" if task else "",
                            name=_name(space) if space else ""))
        return out
    return steps


_TASKS = (TASK, "Tasks…", "", None)


def move_prospector(state, o):
    a, t = o.action, tables()
    m = t.map_of.get(a.to, "")
    here = me(state, a.seat).prospectors.get(m, "")
    ap = f" ({o.ap} AP)" if o.ap else ""
    return [(f"prospect-{m}", f"Move your Prospector on {t.data.maps[m].name if m else '?'} (now at "
             f"{t.spaces[here].name if here else '-'}){ap}", "", None),
            (a.to, f"to {t.spaces[a.to].name if a.to in t.spaces else a.to}", _name(a.to), a.to)]


def movement_step(state, o):
    a = o.action
    return [_TASKS, ("step", "Use the Prospector movement point (a free step)", "", None), (a.to, f"to {_name(a.to)}", "", a.to)]


def take_underground_bonus(state, o):
    a = o.action
    return [("utake", f"Take an Underground Bonus tile ({o.ap} AP)", "", None), (a.tile, T.words(state).tile_text(a.tile), "", None)]


def place_mine(state, o):
    a, t = o.action, tables()
    gold = P.mine_gold(a.town, a.space) if a.town in t.spaces and 0 < a.space <= len(t.spaces[a.town].mine_spaces) else 0
    ap = f" ({o.ap} AP)" if o.ap else ""
    return [(f"mine-{a.town}", f"Place a Mine in {_name(a.town)}{ap}", "", a.town),
            (str(a.space), f"Mine space {a.space}: 1 Silver" + (f" and {gold} Gold" if gold else ""), "", a.town)]


def underground_house(state, o):
    a, t = o.action, tables()
    spaces = t.spaces[a.town].house_spaces if a.town in t.spaces else []
    hs = spaces[a.space - 1] if 0 < a.space <= len(spaces) else None
    mark = {"building": " (Building Bonus)", "vp": f" (+{hs.vp} VP)"}.get(hs.bonus, "") if hs else ""
    return [(f"uhouse-{a.town}", f"Place a House in {_name(a.town)}", "", a.town),
            (str(a.space), f"House space {a.space}{mark}", "", a.town)]


def underground_pillar(state, o):
    a = o.action
    return [(f"upillar-{a.town}", f"Place a Pillar at the Cathedral of {_name(a.town)}", "", a.town)]


def place_prospector(state, o):
    a, t = o.action, tables()
    name = t.data.maps[a.map].name if a.map in t.data.maps else a.map
    cost = U.prospector_cost(state, a.map) if a.map in t.data.maps else 0
    pithead = t.start.get((a.map, sv(state).sides.get(a.map, "")))  # the map view shows where it goes
    return [_TASKS, ("prospector", "Place a new Prospector", "", None),
            (a.map, f"on the {name} Pithead for {cost} Silver", "", pithead)]


def underground_cathedral(state, o):
    a = o.action
    return [_TASKS, (f"ucathedral-{a.town}", f"Build the Underground Cathedral of {_name(a.town)}", "", a.town)]


def advance_technology(state, o):
    a, t = o.action, tables()
    tech = TE.tech_id(a.technology)
    tier = me(state, a.seat).technology.get(tech, 0)
    if tech in t.data.technologies and tier < 3:
        nxt = t.data.technologies[tech].tiers[tier]
        label = f"{t.data.technologies[tech].name} to tier {nxt.tier} ({nxt.cost} Silver): {nxt.text}"
    else:
        label = f"the {a.technology} Technology"
    return [_TASKS, ("tech", "Advance on a Technology", "", None), (a.technology, label, "", None)]


def place_marker(state, o):
    a = o.action
    return [(f"marker-{a.action}", f"On the {T.ACTION_TITLE.get(a.action, a.action)} Action", "", None)]


def take_resource_tile(state, o):
    a = o.action
    tile = tables().data.resource_bonus_tiles.get(f"rbt-{a.resource}")
    return [(f"rtile-{a.resource}", tile.text if tile else a.resource, "", None)]


# Each kind's path; ``refused``: a refused option keeps a greyed line (with the engine's reason),
# ``town_only``: that line names the Town alone (the space was only the engine's example).
MENU: dict[type, MenuPath] = {
    P.MoveProspector: MenuPath(_path(move_prospector), repeats=True),
    P.MovementStep: MenuPath(_path(movement_step)),
    P.TakeUndergroundBonus: MenuPath(_path(take_underground_bonus)),
    P.PlaceMine: MenuPath(_path(place_mine), refused=True, town_only=True),
    U.UndergroundHouse: MenuPath(_path(underground_house), refused=True, town_only=True),
    U.UndergroundPillar: MenuPath(_path(underground_pillar), refused=True),
    U.PlaceProspector: MenuPath(_path(place_prospector), refused=True),
    U.UndergroundCathedral: MenuPath(_path(underground_cathedral)),
    TE.AdvanceTechnology: MenuPath(_path(advance_technology), refused=True),
    TE.PlaceMarker: MenuPath(_path(place_marker)),
    TE.TakeResourceTile: MenuPath(_path(take_resource_tile)),
}
