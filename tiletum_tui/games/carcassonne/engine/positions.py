"""Prepared positions (a lesson's chapters): the game's own setup with the face-down pile stacked, then
moves played through ``apply`` like any game's. Pure, like the rest of the engine.

``stacked(settings, pile, moves)``: the setup of ``settings`` (the starting tile, or the spring with
a module's first tile), but the face-down pile is exactly ``pile``, drawn in that order (the first is drawn at
once; a tile of the pile with no legal place goes into the box when it is drawn, as in any game);
then ``moves`` (notation, each with its seat) are applied. The game ends when that pile runs out, so
a short pile makes a short game. A pile naming more copies of a design than the box holds, or a
module's tile in a game without the module, is refused (CarcassonneError): the position could not happen at a table.
"""

from __future__ import annotations

from collections import Counter

from ..data import load
from .actions import parse
from .expansion import active
from .errors import CarcassonneError
from .rules import _draw, apply, new_game
from .state import Settings, State, freeze


def stacked(settings: Settings, pile: tuple[str, ...] | list[str], moves=()) -> State:
    cat = load()
    state = new_game(settings).clone()  # writable: the pile is laid out before the first draw
    box = Counter({d.id: d.count for d in cat.land})
    for _name, m in active(settings):
        box.update({d.id: d.count for d in m.designs(settings.rules)})
        if m.first_tile(settings):
            box[cat.starting_tile] -= 1  # a module's first tile starts the game: the starting tile is removed
    box.subtract(p.design for p in state.placed)
    for design, n in Counter(pile).items():
        if n > box.get(design, 0):
            raise CarcassonneError(f"a prepared pile with {n} × {design}: the box holds {max(box.get(design, 0), 0)} "
                                   "more of it")
    state.pile = list(reversed(pile))  # drawn from its end
    state.discarded = []
    state.drawn = None
    events: list = []
    _draw(state, events)
    state.events = tuple(events)
    state = freeze(state)  # a value from here, as every state the engine hands out
    for text in moves:
        state = apply(state, parse(text))
    return state
