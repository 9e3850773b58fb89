"""Which kinds of option each Action offers (the base game's here, a module's in ``Module.action_kinds``):
what the decision panel lists for an Action (``legal``) and what the Helper's "use it for something"
rule asks (``turn``, ``any_option``)."""

from __future__ import annotations

from .characters import Hire, Refresh, Room
from .contracts import Exchange, TakeContract
from .errors import IllegalActionError
from .king import KingStep
from .map_actions import MovePiece, PlaceHouse, PlacePillar, TakeBonus
from .state import ActionFrame

# The options of each Action of the base game (a module's: ``Module.action_kinds``). Every one costs AP,
# so an Action with none left offers only Done, ending the turn and the Tasks.
ACTION_KINDS: dict[str, tuple] = {
    "merchant": (MovePiece, PlaceHouse, TakeBonus),
    "architect": (MovePiece, PlacePillar, TakeBonus),
    "character": (Hire, Refresh, Room),
    "contract": (TakeContract, Exchange),
    "king": (KingStep,),
}


def action_moves(r, state, frame: ActionFrame, sure: list, unsure: list) -> None:
    """The options of an Action alone (no Done, ending the turn or Tasks): for the Helper's
    'use it for something' rule."""
    if frame.ap >= 1:
        kinds = ACTION_KINDS.get(frame.action, ()) + tuple(
            k for m in r.modules for k in m.action_kinds.get(frame.action, ()))
        for kind in kinds:
            kind.moves(r, state, frame, sure, unsure)


def any_option(r, state, frame: ActionFrame) -> bool:
    """Whether an Action frame has any option to spend AP on (for the Helper 'use it for something' rule)."""
    sure: list = []
    unsure: list = []
    action_moves(r, state, frame, sure, unsure)
    if sure:
        return True
    for a in unsure:
        try:
            a.check(r, state, frame)
            return True
        except IllegalActionError:
            pass
    return False
