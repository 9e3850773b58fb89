"""A map space in full: its House spaces with their marks and owners, its Cathedral (cost, VP and
tiles left, Pillars), the Bonus tiles lying there, who stands there, its Fair, where its links lead;
then the map's legend. Opened with ``i`` on the map (the space under the cursor). A space of a
module's own map (an Underground space of Prospect for Silver) is described by that module's ``ui``
part (``UiPart.details``): ``i`` works on every line that names a place, on every map (issue 41 item 1)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ...engine.queries import cathedral_reward, fair_per
from ...engine.ruleset import rules_for
from ...engine.state import EMPTY, UNUSED
from .. import text as T
from ..parts import ui_parts
from ..text import arrow, leads_to
from ..widgets.map_view import LEGEND
from ..widgets.painted import Ink, Painted


def town_text(painter: Painted, state, sid: str) -> Text:
    r = rules_for(state.settings)
    w = T.words(r)
    s = w.spaces[sid]
    names = [p.name for p in state.players]
    out = Text()
    if s.kind == "town":
        houses = state.board.houses.get(sid, ())
        out.append("House spaces", painter.ink("title"))
        if not houses:
            out.append(": none\n")
        else:
            out.append("\n")
        for i, owner in enumerate(houses):
            hs = s.house_spaces[i]
            mark = {"building": "Building Bonus", "vp": f"+{hs.vp} VP when a House is placed"}.get(hs.bonus, "no bonus")
            out.append(f" {i + 1}. ")
            if owner == UNUSED:
                out.append(f"only with {hs.min_players} or more players", painter.ink("muted"))
            elif owner == EMPTY:
                out.append("empty", painter.ink("good"))
                out.append(f" · {mark}")
            else:
                out.append(names[owner], painter.player_ink(state.players[owner].colour))
                out.append(f" · {mark}", painter.ink("muted"))
            out.append("\n")
        if s.has_cathedral:
            out.append("Cathedral", painter.ink("title"))
            reward = cathedral_reward(r, state, sid)
            cost = state.board.construction_cost.get(sid)
            if cost and w.cat.construction_costs[cost].unavailable:
                out.append(": not in this game (no Pillars can be placed)\n")
            elif reward is None:
                out.append(": every Cathedral tile has been taken\n")
            else:
                stone, vp, left = reward
                out.append(f": {stone} Stone to build, {vp} VP now; {left} Cathedral tile{'s' if left != 1 else ''} left\n")
            pillars = state.board.pillars.get(sid, ())
            owners = [names[o] for o in pillars if o >= 0]
            free = sum(1 for o in pillars if o == EMPTY)
            out.append(f" Pillars: {', '.join(owners) or 'none yet'}; {free} Pillar space{'s' if free != 1 else ''} free\n")
            built = [p.name for p in state.players if sid in p.cathedrals]
            if built:
                out.append(f" Built by: {', '.join(built)}\n")
        tiles = state.board.map_bonus.get(sid, ())
        out.append("Bonus tiles here", painter.ink("title"))
        out.append(": none\n" if not tiles else "\n")
        for t in tiles:
            out.append(f" ◆ {w.tile_text(t)}\n")
        for i, fair in enumerate(state.board.fairs):
            if fair.town == sid:
                tile = r.cat.fair_tiles.get(fair.tile)
                board_vp, tile_vp = fair_per(r, state, i)
                out.append("Fair", painter.ink("title"))
                state_words = "held" if fair.done else f"{board_vp}+{tile_vp} {tile.text if tile else ''}"
                out.append(f" of round {i + 1}: {state_words} (a House here or your Merchant here takes part)\n")
    else:
        out.append("A Road space: no Houses, Pillars or Bonus tiles; a piece may stop here.\n", painter.ink("muted"))
    here = [(i, piece) for i, p in enumerate(state.players) for piece in ("merchant", "architect") if getattr(p, piece) == sid]
    out.append("Standing here", painter.ink("title"))
    out.append(": nobody\n" if not here else ": ")
    for k, (i, piece) in enumerate(here):
        out.append(", " if k else "")
        out.append(f"{names[i]}'s {T.PIECE[piece]}", painter.player_ink(state.players[i].colour))
    if here:
        out.append("\n")
    out.append("Links to", painter.ink("title"))
    out.append(": " + ", ".join(f"{leads_to(w, sid, n)} {arrow(w, sid, n)}" for n in r.adjacent[sid]) + "\n")
    out.append("\n" + LEGEND, painter.ink("muted"))
    return out


def space_details(painter: Painted, state, sid: str) -> tuple[str, Text]:
    """(title, text) for any space of the game's maps: the main map's here, a module's by its part."""
    w = T.words(state)
    if sid in w.spaces:
        return w.space_name(sid), town_text(painter, state, sid)
    for part in ui_parts():
        for hook in part.details:
            found = hook(painter, state, sid)
            if found is not None:
                return found
    return sid, Text("Nothing more is known about this place.")


class TownDialog(ModalScreen[None]):
    BINDINGS = [Binding("escape,enter,i,space", "close", "Close", id="tiletum.town-close")]

    def __init__(self, state, space: str) -> None:
        super().__init__()
        self.state, self.space = state, space

    def compose(self) -> ComposeResult:
        yield Ink()
        with Vertical(classes="dialog"):
            yield Static("", id="town-title", classes="dialog-title", markup=False)
            with VerticalScroll(classes="dialog-body"):
                yield Painted(id="town-body")
            yield Static("↑↓ PgUp PgDn: scroll · Esc: close", classes="dialog-keys", markup=False)

    def on_mount(self) -> None:
        body = self.query_one("#town-body", Painted)
        title, text = space_details(body, self.state, self.space)
        self.query_one("#town-title", Static).update(title)
        body.update(text)
        self.query_one(VerticalScroll).focus()

    def action_close(self) -> None:
        self.dismiss(None)
