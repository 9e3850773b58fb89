"""What may be done now: the legal actions, and every option with the reason it is refused.

Each kind of action lists its own moves next to its ``check`` (``Action.moves``, in its rulebook
section's module), but for the Tasks, open at almost every decision of a turn: the base game's are
listed by one lister (``tasks.task_moves``), a module's by its ``task_listers`` (the expansion's four by
``silver/tasks.py``, which asks each kind's own ``list_into`` beside its ``check``). This module only
knows which kinds each decision offers, in the order a player sees them, and asks them. A kind puts in ``sure`` the moves it makes only where the conditions of its
``check`` hold (a move while AP are left, an exchange of a Resource one has, an affordable die), and
in ``unsure`` those ``check`` must still judge. ``legal_actions`` (the hot path of every playout)
checks only the unsure ones; ``options`` checks all, with the refused moves a player would look for
(``Action.near_misses``) and the facts a screen shows beside each option (AP, Gold, what a die gives).
tests/engine/test_moves.py holds every listed move to ``check`` and looks for any move ``check``
accepts that is not listed, over the whole parameter space of each decision.
"""

from __future__ import annotations

import msgspec

from .bonuses import CharacterBonus, Gain, PickBuilding
from .characters import Hire, Refresh
from .common import real_refusal, tasks_open
from .action_kinds import ACTION_KINDS
from .contracts import TakeContract
from .errors import IllegalActionError, NotEnoughAPError
from .king import ClaimKingTile, DiscardKingTile, KingStep
from .map_actions import MovePiece, PlaceHouse, PlacePillar
from .queries import (
    action_for_value, buy_gold, change_die_gold, change_gold, die_bonus_ap, die_bonus_tile, die_resource, joker_ap,
    why_never_placed,
)
from .ruleset import rules_for
from .state import (
    ActionFrame, BuildingBonusFrame, ChooseResourceFrame, JokerFrame, KingTileFrame, MoveAndPlaceFrame,
    MoveAnywhereFrame, MoveFrame, PickBuildingFrame, PlaceFrame, State, TurnFrame,
)
from .tasks import PLACEHOLDERS, BuildCathedral, Buy, storehouse_near_misses, task_moves
from .turn import ChooseAction, Done, EndTurn, Skip, TakeDie


class Option(msgspec.Struct, frozen=True):
    """One option of the decision in hand: its action, and ``reason`` when the rules refuse it now.

    The facts beside it come from the engine, so no screen works them out again: ``ap`` is what
    the option spends (an option of an Action) or gives (a die, a Joker's choice), ``gold`` what it
    costs in Gold, ``gain`` the Resources it gives at once, ``leads_to`` the Action a die feeds,
    ``tile`` the Bonus tile a die takes along and ``caution`` why a legal option leads nowhere (a
    Character hired that could never be placed in a Room: the rules allow hiring it)."""

    action: object
    reason: str | None = None
    ap: int = 0
    gold: int = 0
    gain: tuple[tuple[str, int], ...] = ()
    leads_to: str = ""
    tile: str = ""
    caution: str = ""

    @property
    def legal(self) -> bool:
        return self.reason is None


# ---------------------------------------------------------------- which kinds each decision offers
# The decisions inside bonuses and the King phase (a module adds to these and has its own:
# ``Module.decision_kinds``).
DECISION_KINDS: dict[type, tuple] = {
    ChooseResourceFrame: (Gain,),
    MoveFrame: (MovePiece, Skip),
    MoveAndPlaceFrame: (MovePiece, PlaceHouse, PlacePillar, Done),
    PlaceFrame: (PlaceHouse, PlacePillar, Skip),
    MoveAnywhereFrame: (MovePiece, Skip),
    PickBuildingFrame: (PickBuilding, Skip),
    BuildingBonusFrame: (CharacterBonus, Done),
    KingTileFrame: (ClaimKingTile, DiscardKingTile),
}
# The Tasks, open between the choices of one's own turn: the base game's, all listed by one lister
# (``tasks.task_moves``: Buy, the Storehouse's tiles tile by tile, the Cathedrals), then each module's
# (``Module.task_listers``).
TASK_LISTERS = (task_moves,)
# The refused options a player would look for, in the order ``options`` shows them.
NEAR_MISSES = (EndTurn.near_misses, TakeDie.near_misses, Buy.near_misses, storehouse_near_misses,
               BuildCathedral.near_misses, TakeContract.near_misses,
               PlaceHouse.near_misses, PlacePillar.near_misses, KingStep.near_misses, Hire.near_misses,
               Refresh.near_misses)


class _Listing:
    """A ruleset's listers per decision, made once: the base game's kinds, then each module's."""

    def __init__(self, r) -> None:
        tasks = TASK_LISTERS + tuple(lister for m in r.modules for lister in m.task_listers())
        self.tasks = tasks

        def both(found: tuple) -> tuple:
            """A decision of one's own turn: its listers, and the same with the Tasks after them (open
            in the Action phase: ``listers`` picks), both made here rather than at every listing."""
            return (found, found + tasks)

        self.turn = both((EndTurn.moves, TakeDie.moves))
        self.joker = both((ChooseAction.moves, EndTurn.moves))
        actions = {a: tuple(k.moves for k in kinds) for a, kinds in ACTION_KINDS.items()}
        decisions = {f: tuple(k.moves for k in kinds) for f, kinds in DECISION_KINDS.items()}
        for m in r.modules:
            for a, kinds in m.action_kinds.items():
                actions[a] = actions.get(a, ()) + tuple(k.moves for k in kinds)
            for f, kinds in m.decision_kinds.items():
                decisions[f] = decisions.get(f, ()) + tuple(k.moves for k in kinds)
        self.action_options = actions
        # An Action: Done first, its options while AP are left, then ending the turn.
        self.action = {a: both((Done.moves, *listers, EndTurn.moves)) for a, listers in actions.items()}
        self.spent = both((Done.moves, EndTurn.moves))
        self.decisions = decisions
        self.near_misses = NEAR_MISSES + tuple(k.near_misses for m in r.modules for k in m.near_miss_kinds)


def _listing(r) -> _Listing:
    """The ruleset's listing, made at its first use and kept on the ruleset itself (a cache keyed by
    ``id(r)`` would outlive a ruleset freed when a module comes or goes, and meet its id again)."""
    found = r.listing
    if found is None:
        found = r.listing = _Listing(r)
    return found


def listers(r, state: State, frame) -> tuple:
    """The listers of the decision ``frame``: its kinds' ``moves``, the Tasks too when they are open."""
    listing = r.listing or _listing(r)
    kind = type(frame)
    if kind is ActionFrame:
        found = listing.action.get(frame.action, listing.spent) if frame.ap >= 1 else listing.spent
    elif kind is TurnFrame:
        found = listing.turn
    elif kind is JokerFrame:
        found = listing.joker
    else:
        found = listing.decisions.get(kind)
        if found is None:
            raise AssertionError(f"unknown frame {frame!r}")
        return found
    return found[1] if state.phase == "action" else found[0]


def candidates(r, state: State, sure: list | None = None) -> list:
    """Every move the decision on top of the stack offers: those legal by construction go to ``sure``
    (when given; else they lead the returned list), the rest, for ``check`` to judge, are returned."""
    if not state.stack:
        return []
    frame = state.stack[-1]
    unsure: list = []
    mine = [] if sure is None else sure
    for lister in listers(r, state, frame):
        lister(r, state, frame, mine, unsure)
    return unsure if sure is not None else mine + unsure


def legal_actions(state: State) -> list:
    """Every legal action for the decision in hand (empty only when the game is over)."""
    stack = state.stack
    if not stack:
        return []
    r = rules_for(state.settings)
    frame = stack[-1]
    out: list = []
    unsure: list = []
    listing = r.listing
    kind = type(frame)
    if listing is not None and kind is ActionFrame:  # (``listers``, inline for the commonest decision)
        found = listing.action.get(frame.action, listing.spent) if frame.ap >= 1 else listing.spent
        found = found[1] if state.phase == "action" else found[0]
    else:
        found = listers(r, state, frame)
    for lister in found:
        lister(r, state, frame, out, unsure)
    for a in unsure:
        try:
            a.check(r, state, frame)
        except IllegalActionError:
            continue
        out.append(a)
    return out


# ---------------------------------------------------------------- options, legal or not, with their facts
def near_misses(r, state: State) -> list:
    """Options a player would look for now even when the rules refuse them (shown greyed, with the reason):
    every change of a die, buying without Gold, a Contract without its Resources or AP, a House where
    there is no room..."""
    frame = state.stack[-1]
    found: list = []
    for near in _listing(r).near_misses:
        found += near(r, state, frame)
    return found


class _Facts:
    """Each option of one decision with the facts beside it (``Option``), for ``options``. What the
    die options share is worked out once per call, not once per option: the Gold a step of change
    costs the seat and the Bonus AP of each Action (``ap_for_die`` says the same for one die)."""

    def __init__(self, r, state: State, frame) -> None:
        self.r, self.state, self.frame = r, state, frame
        self.step_gold: dict[int, int] = {}  # seat -> Gold a step of change costs
        self.bonus_ap: dict[tuple, int] = {}  # (seat, Action) -> its Bonus AP for a die
        self.by_kind = {TakeDie: self.die, ChooseAction: self.joker, Buy: self.buy, Hire: self.hire}

    def __call__(self, a, reason: str | None = None) -> Option:
        facts = self.by_kind.get(type(a))
        if facts is None:  # most kinds: only the AP the option spends
            return Option(a, reason, ap=a.ap_cost(self.r, self.state, self.frame))
        return facts(a, reason)

    def die(self, a: TakeDie, reason: str | None) -> Option:
        r, state, seat = self.r, self.state, a.seat
        per_step = self.step_gold.get(seat)
        if per_step is None:
            per_step = self.step_gold[seat] = change_die_gold(r, state, seat)
        leads_to = a.action or action_for_value(state, a.target)
        bonus_ap = self.bonus_ap.get((seat, leads_to))
        if bonus_ap is None:
            bonus_ap = self.bonus_ap[(seat, leads_to)] = die_bonus_ap(r, state, seat, leads_to)
        return Option(a, reason, ap=7 - a.target + bonus_ap, gold=change_gold(r, a.value, a.target, per_step),
                      gain=((die_resource(state, a.colour), a.target),), leads_to=leads_to,
                      tile=die_bonus_tile(r, state, a.target, a.action) if a.bonus else "")

    def joker(self, a: ChooseAction, reason: str | None) -> Option:
        frame = self.frame
        if not isinstance(frame, JokerFrame):
            return Option(a, reason, ap=a.ap_cost(self.r, self.state, frame))
        return Option(a, reason, ap=joker_ap(self.state, frame.player, frame.ap, frame.source, a.action),
                      leads_to=a.action)

    def buy(self, a: Buy, reason: str | None) -> Option:
        return Option(a, reason, gold=buy_gold(self.r, self.state, a.seat), gain=((a.resource, 1),))

    def hire(self, a: Hire, reason: str | None) -> Option:
        r, state = self.r, self.state
        return Option(a, reason, ap=a.ap_cost(r, state, self.frame),
                      caution=why_never_placed(r, state.players[a.seat], a.tile) or "")


def _refusal(r, state: State, frame, a) -> str | None:
    """Why the rules refuse ``a`` now, or None: the reason more AP would not cure comes first."""
    try:
        a.check(r, state, frame)
    except NotEnoughAPError as short:
        return str(real_refusal(r, state, a, short))
    except IllegalActionError as exc:
        return str(exc)
    return None


def _choice_key(a) -> tuple:
    """What two options about the same thing share (one a near miss of the other): their kind and
    first field after the seat (just the kind, for a kind with no other field)."""
    fields = a.__struct_fields__
    return (type(a), getattr(a, fields[1])) if len(fields) > 1 else (type(a),)


def options(state: State) -> list[Option]:
    """Every option of the decision in hand: the legal ones first (in ``legal_actions`` order), then
    the refused ones a player would look for, each with the engine's reason."""
    if not state.stack:
        return []
    r = rules_for(state.settings)
    frame = state.stack[-1]
    legal: list = []
    unsure: list = []
    for lister in listers(r, state, frame):  # (as ``legal_actions`` does: the sure moves, then the rest checked)
        lister(r, state, frame, legal, unsure)
    refused = []
    seen = set(legal)
    for a in unsure:
        seen.add(a)
        reason = _refusal(r, state, frame, a)
        if reason is None:
            legal.append(a)
        else:
            refused.append((a, reason))
    facts = _Facts(r, state, frame)
    out = [facts(a) for a in legal]
    for a in near_misses(r, state):
        if a not in seen:
            seen.add(a)
            reason = _refusal(r, state, frame, a)
            if reason is not None:
                refused.append((a, reason))
    chosen = None  # the choices listed legal, made only when a refused option may repeat one
    for a, reason in refused:
        if type(a) not in (TakeDie, Buy):  # (every die change and every Resource bought is shown)
            if chosen is None:
                chosen = {_choice_key(b) for b in legal}
            if _choice_key(a) in chosen:
                continue  # the legal form of this choice is listed already (another House space, another Resource)
        out.append(facts(a, reason))
    return out + _placeholders(r, state, frame, out, facts)


def _placeholders(r, state: State, frame, listed: list, facts: _Facts) -> list:
    """Where Tasks can be done, a line for each Task kind that has no option at all, refused with the
    engine's reason ("you have no Contract in your Storehouse"): every Task kind appears, possible or
    with its reason (issue 24, item 3)."""
    try:
        tasks_open(state, frame)
    except IllegalActionError:
        return []
    kinds = {type(o.action) for o in listed}
    out = []
    for kind in PLACEHOLDERS:
        if kind not in kinds:
            a = kind.placeholder(frame.player)
            try:
                a.check(r, state, frame)
            except IllegalActionError as exc:
                out.append(facts(a, str(exc)))
    return out


def ap_could_be_spent(state: State) -> bool:
    """Whether an option of the decision in hand spends AP now (so ending with AP left loses
    something: the 'Waste AP?' question is asked only then, issue 24 item 9). A Joker's AP can
    always be given to an Action."""
    top = state.stack[-1] if state.stack else None
    if isinstance(top, JokerFrame):
        return True
    r = rules_for(state.settings)
    return any(a.ap_cost(r, state, top) > 0 for a in legal_actions(state)
               if type(a).__struct_config__.tag not in ("done", "end", "skip"))
