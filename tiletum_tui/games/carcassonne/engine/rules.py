"""The turn (the rules text's "Playing the game"): draw and place a tile, perhaps deploy a follower,
score what was completed; a drawn tile with no legal place goes into the box and another is drawn;
the game ends after the turn that places the last tile, with the final scoring. And the setup
("Preparation"; a module's tiles and first tile through its hooks, ``expansion.Module.stack``)."""

from __future__ import annotations

from typing import NamedTuple

import msgspec

from ..data import load
from . import land
from .expansion import active
from .actions import Deploy, Place
from .errors import CarcassonneError, IllegalAction
from .events import FollowerDeployed, GameEnded, TileDiscarded, TileDrawn, TilePlaced
from .followers import deploy, spots
from .rng import shuffle
from .scoring import completes, final_scoring, score_completed
from .state import RULES_VERSIONS, FrozenState, Settings, State, freeze
from .tiles import alike, turned, turned_name


def new_game(settings: Settings) -> State:
    cat = load()
    low, high = cat.players
    if not low <= len(settings.players) <= high:
        raise CarcassonneError(f"Carcassonne is for {low} to {high} players, not {len(settings.players)}")
    if settings.rules not in RULES_VERSIONS:
        raise CarcassonneError(f"no rules version {settings.rules} of Carcassonne (this program has "
                               f"{', '.join(map(str, RULES_VERSIONS))})")
    s = State.__new__(State)
    s.settings = settings
    s.phase, s.seat, s.turn, s.drawn, s.last = "place", 0, 1, None, 0
    s.placed, s.cells, s.frontier = [], {}, {}
    s.parent, s.kind, s.open, s.tiles, s.segs, s.pennants, s.occupants, s.cities = [], [], [], [], [], [], [], []
    s.followers, s.cloisters, s.discarded = [], [], []
    n = len(settings.players)
    s.supply = [cat.followers_per_player] * n
    s.scores = [0] * n
    s.ledger = [{} for _ in range(n)]
    s.modules = {}
    modules = active(settings)
    # "Shuffle the remaining land tiles face down": the pile is drawn from its end.
    land_tiles = [d.id for d in cat.land for _ in range(d.count)]
    land_tiles.remove(cat.starting_tile)  # the starting tile starts the game, or (a module's first tile) is removed
    rng = shuffle(settings.seed & ((1 << 64) - 1), land_tiles)
    pile, first = land_tiles, cat.starting_tile
    for _name, m in modules:  # a module's tiles on top: drawn first
        top, rng = m.stack(settings, rng)
        pile = pile + top
        first = m.first_tile(settings) or first
    s.pile, s.rng = pile, rng
    _put(s, first, 0, 0, 0)
    for name, m in modules:
        s.modules[name] = m.started(s)
    events: list = []
    _draw(s, events)
    s.events = tuple(events)
    return freeze(s)


def _put(state: State, design: str, x: int, y: int, rotation: int) -> int:
    index = land.place(state, design, x, y, rotation)
    if "cloister" in turned(design, rotation).kinds:
        state.cloisters.append(index)
    return index


def _draw(state: State, events: list) -> None:
    """Draw the next tile for the player in turn; one that fits nowhere goes into the box."""
    while state.pile:
        design = state.pile.pop()
        if land.can_place(state, design):
            state.drawn = design
            events.append(TileDrawn(state.seat, design))
            return
        state.discarded.append(design)
        events.append(TileDiscarded(design))
    state.drawn = None  # no tiles left: the game ends (the caller scores it)


def current_player(state: State) -> int | None:
    return None if state.phase == "over" else state.seat


def legal_actions(state: State) -> list:
    if state.phase == "place":
        return [Place(state.seat, state.drawn, x, y, r) for x, y, r in land.legal_places(state, state.drawn)]
    if state.phase == "follower":
        return [Deploy(state.seat, None, None)] + [Deploy(state.seat, s.role, s.name)
                                                    for s in spots(state) if s.refused is None]
    return []


def same_move(a, b) -> bool:
    """Whether two actions are one move: equal, or the same tile on the same cell in turns that look
    alike on the land (``tiles.alike``: a straight road turned 90° or 270°)."""
    if isinstance(a, Place) and isinstance(b, Place):
        return (a.seat, a.design, a.x, a.y, alike(a.design, a.rotation)) == \
            (b.seat, b.design, b.x, b.y, alike(b.design, b.rotation))
    return a == b


def check(state: State, action) -> None:
    """Raise IllegalAction (the rules text's words) unless ``action`` may be taken now."""
    if state.phase == "over":
        raise IllegalAction("the game is over")
    if not 0 <= action.seat < len(state.players):
        raise IllegalAction(f"there is no player {action.seat + 1}")
    if isinstance(action, Deploy) and state.phase == "place" and action.seat == (state.seat - 1) % len(state.players):
        raise IllegalAction("the player must only play 1 follower on a turn, and your turn is over")
    if action.seat != state.seat:
        raise IllegalAction(f"it is {state.players[state.seat].name}'s turn")
    if isinstance(action, Place):
        if state.phase != "place":
            raise IllegalAction("the tile is placed already: deploy a follower on it or 'no follower'")
        if action.design != state.drawn:
            raise IllegalAction(f"the tile drawn is {state.drawn}, not {action.design}")
        why = land.why_not(state, action.design, action.x, action.y, action.rotation)
        if why:
            raise IllegalAction(why)
        return
    if state.phase != "follower":
        raise IllegalAction("first the player must draw and place a new land tile; then he may deploy a "
                            "follower, only to the land tile he just placed")
    if action.role is None:
        return
    spot = _spot(state, action.segment)
    if spot.refused:
        raise IllegalAction(spot.refused)
    if spot.role != action.role:
        raise IllegalAction(f"on the {spot.name} a follower is a {spot.role}, not a {action.role}: knight in a "
                            "city segment, thief on a road segment, farmer in a field segment, monk in a cloister")


def _spot(state: State, name: str):
    offered = spots(state)
    for s in offered:
        if s.name == name:
            return s
    raise IllegalAction(f"the player may only deploy it to the tile he just placed, and it has no {name!r} "
                        f"(it has {', '.join(s.name for s in offered)})")


def apply_in_place(state: State, action, *, checked: bool = False) -> list:
    """Apply ``action`` to ``state`` itself (a writable one: ``clone``); return the events. Checks
    first unless ``checked``, and refuses a view then, as ``apply`` does (``checked`` is the engine's
    trusted path: the opponents place a tile on a copy of their view to weigh it, which draws nothing)."""
    if type(state) is FrozenState:
        raise TypeError("a game's state cannot be changed in place: apply_in_place takes a clone of it")
    if not checked:
        _playable(state)
        check(state, action)
    events: list = []
    if isinstance(action, Place):
        state.last = _put(state, action.design, action.x, action.y, action.rotation)
        state.drawn = None
        state.phase = "follower"
        events.append(TilePlaced(action.seat, action.design, action.x, action.y, action.rotation))
    else:
        if action.role is not None:
            spot = _spot(state, action.segment)
            deploy(state, spot.segment)
            events.append(FollowerDeployed(action.seat, action.role, spot.name))
        score_completed(state, state.last, events)  # complete, deploy, score, return: in that order
        state.seat = (state.seat + 1) % len(state.players)
        state.turn += 1
        state.phase = "place"
        _draw(state, events)
        if state.drawn is None:
            final_scoring(state, events)
            state.phase = "over"
            best = max(state.scores)
            events.append(GameEnded(tuple(i for i, v in enumerate(state.scores) if v == best)))
    state.events = tuple(events)
    return events


def apply(state: State, action) -> State:
    """The next state; ``state`` is untouched."""
    _playable(state)
    check(state, action)
    after = state.clone()
    apply_in_place(after, action, checked=True)
    return freeze(after)


def describe(state: State, action) -> str:
    name = state.players[action.seat].name
    if isinstance(action, Place):
        title = turned_name(action.design, action.rotation)  # (the words as the tile lies)
        return f"{name} places {action.design} ({title}) {land.describe_place(action.x, action.y, action.rotation)}"
    if action.role is None:
        return f"{name} deploys no follower"
    return f"{name} deploys a {action.role} on the {action.segment}"


def remaining(state: State) -> dict[str, int]:
    """The face-down tiles as counts per design: public (players could count them)."""
    counts: dict[str, int] = {}
    for d in state.pile:
        counts[d] = counts.get(d, 0) + 1
    return dict(sorted(counts.items()))


def view(state: State, seat: int | None = None) -> State:
    """What a seat may see: everything but the order of the face-down tiles, the generator and the
    game's seed (which deals the pile: with it the order could be worked out)."""
    v = state.clone()
    v.pile = sorted(v.pile)
    v.rng = 0
    v.settings = msgspec.structs.replace(state.settings, seed=0)
    v.events = state.events
    return freeze(v)


def _playable(state: State) -> None:
    """A view can be read (legal actions, spots, every query) but never played on, as in Tiletum: its
    pile is sorted and its generator gone, so a move on it would draw a tile the game would not."""
    if is_view(state):
        raise IllegalAction("this is a view of a game (hidden parts left out): it can be read, not played on")


def is_view(state: State) -> bool:
    """Whether ``state`` is a view (``view``): no generator, no seed. A game's own generator is never 0
    after the setup's shuffle, so a full state is told apart."""
    return state.rng == 0 and state.settings.seed == 0


def sample(seen: State, seed: int) -> State:
    """A game dealt from a view: the face-down tiles (their counts are public) shuffled anew by a
    generator seeded with ``seed`` (the caller's own, never the game's), in the order the setup
    stacks them: the land tiles at the bottom, each module's tiles on them (``expansion.Module.restack``)."""
    return dealer(seen)(seed)


def dealer(seen: State):
    """``sample`` for one view, what does not depend on the seed worked out once: ``dealer(seen)(seed)`` is
    ``sample(seen, seed)`` (the opponents deal one view anew for every simulation of a search)."""
    modules = active(seen.settings)
    owner = [next((i for i, (_n, m) in enumerate(modules) if m.owns(d)), None) for d in seen.pile]
    land_tiles = [d for d, o in zip(seen.pile, owner) if o is None]
    owned = [[d for d, o in zip(seen.pile, owner) if o == i] for i in range(len(modules))]

    def deal(seed: int) -> State:
        pile = land_tiles[:]
        rng = shuffle(seed & ((1 << 64) - 1), pile)
        for (_name, m), tiles in zip(modules, owned):
            top, rng = m.restack(tiles[:], rng)
            pile = pile + top
        dealt = seen.clone()
        dealt.pile = pile
        dealt.rng = rng
        return dealt

    return deal


class Preview(NamedTuple):
    """What placing a tile so would do (``preview``), before any follower."""

    events: list  # the FeatureCompleted and Scored events it brings at once
    spots: list  # the follower choice it would then offer (``followers.spots``: each free, or why not)
    completes: frozenset[int]  # the tile's segments whose feature it completes (a follower there scores at once)


def preview(state: State, design: str, x: int, y: int, rotation: int) -> Preview:
    """What placing ``design`` so would complete and score, and where a follower could then go, worked
    out on a copy (the rules' order: complete, deploy, score). For the preview key; the state is untouched."""
    trial = state.clone()
    index = _put(trial, design, x, y, rotation)
    trial.last, trial.phase = index, "follower"
    offered = spots(trial)
    closing = completes(trial, index)
    events: list = []
    score_completed(trial, index, events)
    return Preview(events, offered, closing)


def forecast(state: State, design: str, x: int, y: int, rotation: int) -> list:
    """What placing ``design`` so would complete and score at once (before any follower): the
    FeatureCompleted and Scored events (``preview``)."""
    return preview(state, design, x, y, rotation).events
