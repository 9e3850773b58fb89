"""Changes shared by many rules: scoring, drawing and shuffling, the King track, Completed Buildings,
and the effects printed on tiles. Each records what happened in ``state.events``."""

from __future__ import annotations

from ..data import schema as fx
from . import rng
from .categories import CHARACTERS, CONTRACTS, HELPERS, Category
from .common import gain, replaced
from .events import Scored, TileDrawn
from .frozen import added
from .queries import building_full, buildings_with_characters, die_action_frame
from .state import (
    ActionFrame, ChooseResourceFrame, JokerFrame, MoveAndPlaceFrame, MoveAnywhereFrame, MoveFrame,
    PickBuildingFrame, PlaceFrame, State, TurnFrame,
)
from .state import emit, push, put


def score(r, state: State, player: int, vp: int, category: Category, why: str) -> None:
    """Add (or take) VP; the score never drops below 0, and the ledger records what really changed."""
    assert category.key in r.category_keys, f"a category this ruleset does not score: {category.key!r}"
    p = state.players[player]
    new = max(0, p.vp + vp)
    real = new - p.vp
    put(p, "vp", new)
    put(p, "ledger", added(p.ledger, {category.key: real}))
    emit(state, Scored(player=player, vp=real, category=category.key, why=why))


def draw(state: State, pile: str, to: str) -> str:
    """Draw the top tile of a face-down pile of ``state.hidden`` ("" when it is empty), face up to ``to``."""
    tiles = getattr(state.hidden, pile)
    if not tiles:
        return ""
    put(state.hidden, pile, tiles[:-1])
    emit(state, TileDrawn(pile=pile.removesuffix("_pile"), tile=tiles[-1], to=to))
    return tiles[-1]


def shuffle(state: State, items: list) -> None:
    """Shuffle a list in place with the game's own generator (the list is the caller's, not the state's)."""
    put(state.hidden, "rng", rng.shuffle(state.hidden.rng, items))


def shuffled(state: State, items) -> tuple:
    out = list(items)
    put(state.hidden, "rng", rng.shuffle(state.hidden.rng, out))
    return tuple(out)


def king_steps(state: State, player: int, steps: int) -> int:
    """Advance a King track marker up to ``steps`` spaces (never past the top); return the steps taken."""
    track = state.board.king_track
    pos = next(i for i, stack in enumerate(track) if player in stack)
    new = min(len(track) - 1, pos + steps)
    if new != pos:
        old = list(track)
        s = list(old[pos])
        s.remove(player)
        old[pos] = tuple(s)
        old[new] = old[new] + (player,)  # arriving on an occupied space: on top of the stack
        put(state.board, "king_track", tuple(old))
    return new - pos


def check_completed(r, state: State, player: int, building: int) -> None:
    """A Building with every Room filled and its Crest is Completed: its Bonus AP go to its Action at once."""
    p = state.players[player]
    if p.completed[building] or not p.crests[building] or not building_full(p, building):
        return
    put(p, "completed", replaced(p.completed, building, True))
    spec = r.player_board.buildings[building]
    if spec.preoccupied:
        return  # the rightmost Building gives no Action bonus (rulebook, Completed Buildings)
    action = r.tiles[next(t for t in p.rooms[building] if t)].action
    put(p, "bonus_ap", added(p.bonus_ap, {action: spec.rooms}))
    frame = die_action_frame(state)
    if isinstance(frame, ActionFrame) and frame.action == action:
        put(frame, "ap", frame.ap + spec.rooms)  # "including the current Action, if applicable"


def fill_room(r, state: State, player: int, building: int, floor: int, tile_id: str) -> None:
    p = state.players[player]
    put(p, "rooms", replaced(p.rooms, building, replaced(p.rooms[building], floor - 1, tile_id)))
    if building_full(p, building) and p.roof[building]:
        put(p, "roof", replaced(p.roof, building, False))  # the roof House joins the supply
        put(p, "houses", p.houses + 1)
    check_completed(r, state, player, building)
    t = r.tiles[tile_id]
    run_effects(r, state, player, t.effects, source="effect", why=t.name, category=CHARACTERS)


def run_effects(r, state: State, player: int, effects, *, source: str, why: str,
                category: Category | None = None) -> None:
    """Resolve a tile's effects: immediate ones now, choices as frames (the first effect on top).

    ``category`` is where VP they give are booked (by default a Helper's under Helpers, others under Contracts).
    """
    category = category or (HELPERS if source == "helper" else CONTRACTS)
    frames = []
    for e in effects:
        if isinstance(e, fx.Gain):
            if e.resources:
                gain(state.players[player], e.resources)
            if e.vp:
                score(r, state, player, e.vp, category, why)
        elif isinstance(e, fx.GainAny):
            frames.append(ChooseResourceFrame(player=player, count=e.count, reason=why))
        elif isinstance(e, fx.TakeAction):
            ap = e.ap
            for m in r.modules:
                ap = m.effect_action_ap(r, state, player, ap)
            if e.action == "any":
                frames.append(JokerFrame(player=player, ap=ap, source=source))
            else:
                frames.append(ActionFrame(player=player, action=e.action, ap=ap, source=source))
        elif isinstance(e, fx.AddAP):
            frame = die_action_frame(state)
            assert frame is not None, "checked before use"
            put(frame, "ap", frame.ap + e.ap)
        elif isinstance(e, fx.DieResource):
            pass  # the chosen Resource is set by the Helper's use (tasks.UseHelper)
        elif isinstance(e, fx.Move):
            frames.append(MoveFrame(player=player, piece=e.piece, steps=e.steps))
        elif isinstance(e, fx.MoveBoth):
            frames.append(MoveFrame(player=player, piece="both", steps=2, merchant_left=True, architect_left=True))
        elif isinstance(e, fx.MoveAndPlace):
            frames.append(MoveAndPlaceFrame(player=player, piece=e.piece))
        elif isinstance(e, fx.PlaceHere):
            frames.append(PlaceFrame(player=player, piece=e.piece, anywhere=False))
        elif isinstance(e, fx.PlaceAnywhere):
            frames.append(PlaceFrame(player=player, piece=e.piece, anywhere=True))
        elif isinstance(e, fx.MoveAnywhere):
            frames.append(MoveAnywhereFrame(player=player, piece=e.piece))
        elif isinstance(e, fx.MoveToNextTown):
            frames.append(MoveAnywhereFrame(player=player, piece=e.piece, reach="next_town"))
        elif isinstance(e, fx.King):
            king_steps(state, player, e.steps)
        elif isinstance(e, fx.BuildingBonus):
            if buildings_with_characters(r, state.players[player]):
                frames.append(PickBuildingFrame(player=player))
        else:  # an effect a module adds (its frames, if any, in order), or a kind nobody handles
            for m in r.modules:
                opened = m.run_effect(r, state, player, e, source, why, category)
                if opened is not None:
                    frames.extend(opened)
                    break
            else:  # pragma: no cover - a new effect kind must be handled here
                raise AssertionError(f"unhandled effect {e!r}")
    push(state, *reversed(frames))


def turn_frame(state: State) -> TurnFrame:
    frame = state.stack[0]
    assert isinstance(frame, TurnFrame)
    return frame
