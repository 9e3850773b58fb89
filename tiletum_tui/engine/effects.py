"""Changes shared by many rules: scoring, tiles entering and leaving, Completed Buildings, tile effects."""

from __future__ import annotations

from ..data import schema as fx
from . import rng
from .queries import BOARD, CAT, building_full, die_action_frame
from .state import (
    ActionFrame, ChooseResourceFrame, JokerFrame, MoveAndPlaceFrame, MoveAnywhereFrame, MoveFrame,
    PickBuildingFrame, PlaceFrame, Scoring, State, TurnFrame,
)
from .queries import buildings_with_characters


# Where VP come from, in the order of the breakdown table: (ledger key, title, scored at the end).
CATEGORIES: tuple[tuple[str, str, bool], ...] = (
    ("start", "Start", False),
    ("king", "King track", False),
    ("fairs", "Fairs", False),
    ("contracts", "Contracts", False),
    ("cathedrals", "Cathedrals", False),
    ("houses", "House spaces", False),
    ("characters", "Characters", False),
    ("crests", "Crest spaces", False),
    ("helpers", "Helpers", False),
    ("houses x pillars", "Houses × Pillars", True),
    ("completed buildings", "Completed Buildings", True),
    ("resources", "Resources left", True),
)
_KNOWN = {key for key, _, _ in CATEGORIES}


def score(state: State, player: int, vp: int, category: str, why: str) -> None:
    """Add (or take) VP; the score never drops below 0, and the ledger records what really changed."""
    assert category in _KNOWN, f"unknown scoring category {category!r}"
    p = state.players[player]
    new = max(0, p.vp + vp)
    real = new - p.vp
    p.vp = new
    p.ledger[category] = p.ledger.get(category, 0) + real
    state.events.append(Scoring(player=player, vp=real, category=category, why=why))


def draw(state: State, pile: list[str]) -> str:
    """Draw the top tile of a pile ("" when empty); a draw reveals information."""
    if not pile:
        return ""
    state.reveals += 1
    return pile.pop()


def shuffle(state: State, items: list) -> None:
    state.rng = rng.shuffle(state.rng, items)


def king_steps(state: State, player: int, steps: int) -> int:
    """Advance a King track marker up to ``steps`` spaces (never past the top); return the steps taken."""
    track = state.board.king_track
    pos = next(i for i, stack in enumerate(track) if player in stack)
    new = min(len(track) - 1, pos + steps)
    if new != pos:
        track[pos].remove(player)
        track[new].append(player)  # arriving on an occupied space: on top of the stack
    return new - pos


def check_completed(state: State, player: int, building: int) -> None:
    """A Building with every Room filled and its Crest is Completed: its Bonus AP go to its Action at once."""
    p = state.players[player]
    if p.completed[building] or not p.crests[building] or not building_full(p, building):
        return
    p.completed[building] = True
    spec = BOARD.buildings[building]
    if spec.preoccupied:
        return  # the rightmost Building gives no Action bonus (rulebook, Completed Buildings)
    action = CAT.tiles[next(t for t in p.rooms[building] if t)].action
    p.bonus_ap[action] = p.bonus_ap.get(action, 0) + spec.rooms
    frame = die_action_frame(state)
    if isinstance(frame, ActionFrame) and frame.action == action:
        frame.ap += spec.rooms  # "including the current Action, if applicable"


def fill_room(state: State, player: int, building: int, floor: int, tile_id: str) -> None:
    p = state.players[player]
    p.rooms[building][floor - 1] = tile_id
    if building_full(p, building) and p.roof[building]:
        p.roof[building] = False  # the roof House joins the supply
        p.houses += 1
    check_completed(state, player, building)
    run_effects(state, player, CAT.tiles[tile_id].effects, source="effect", why=CAT.tiles[tile_id].name, category="characters")


def run_effects(state: State, player: int, effects, *, source: str, why: str, category: str = "") -> None:
    """Resolve a tile's effects: immediate ones now, choices as frames (the first effect on top).

    ``category`` is where VP they give are booked (Helpers book under "helpers").
    """
    category = category or ("helpers" if source == "helper" else "contracts")
    frames = []
    for e in effects:
        if isinstance(e, fx.Gain):
            p = state.players[player]
            for r, n in e.resources.items():
                p.resources[r] += n
            if e.vp:
                score(state, player, e.vp, category, why)
        elif isinstance(e, fx.GainAny):
            frames.append(ChooseResourceFrame(player=player, count=e.count, reason=why))
        elif isinstance(e, fx.TakeAction):
            if e.action == "any":
                frames.append(JokerFrame(player=player, ap=e.ap, source=source))
            else:
                frames.append(ActionFrame(player=player, action=e.action, ap=e.ap, source=source))
        elif isinstance(e, fx.AddAP):
            frame = die_action_frame(state)
            assert frame is not None, "checked before use"
            frame.ap += e.ap
        elif isinstance(e, fx.DieResource):
            pass  # the chosen Resource is set by the Helper's use (rules.UseHelper)
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
            if buildings_with_characters(state.players[player]):
                frames.append(PickBuildingFrame(player=player))
        else:  # pragma: no cover - a new effect kind must be handled here
            raise AssertionError(f"unhandled effect {e!r}")
    state.stack.extend(reversed(frames))


def turn_frame(state: State) -> TurnFrame:
    frame = state.stack[0]
    assert isinstance(frame, TurnFrame)
    return frame
