"""The Contract Action (rulebook, Contract Action): taking a Contract (or Crest) from the offer,
and exchanging Resources; the first exchange of a turn brings a Resource of one's choice."""

from __future__ import annotations

from ..data.schema import RESOURCE_NAMES, RESOURCES
from .actions import Action, Rule, register, refuse
from .common import action_is, can_take, gain, pop_spent, replaced, spend, store, use_ap
from .effects import turn_frame
from .queries import contract_offer_ap, takeable_tiles
from .state import ActionFrame, ChooseResourceFrame, push, put


class TakeContract(Action, tag="contract"):
    tile: str

    RULE = Rule("The Contract Action takes a Contract or Crest from the offer for the AP printed under its space, "
                "into your Storehouse.", "actions", "contract")

    def ap_cost(self, r, state, frame) -> int:
        return contract_offer_ap(r, state, self.tile) if self.tile in state.board.contract_offer else 0

    def check(self, r, state, frame) -> None:
        action_is(frame, "contract", what="Taking a Contract")
        if self.tile not in state.board.contract_offer:
            raise refuse("that tile is not in the Contract offer")
        spend(frame, contract_offer_ap(r, state, self.tile), "That Contract")
        can_take(r, state.players[frame.player], self.tile)

    @classmethod
    def moves(cls, r, state, frame, sure: list, unsure: list) -> None:
        """The tiles of the offer the AP left pay for and the Storehouse can take (sure)."""
        seat = frame.player
        p = state.players[seat]
        offer_ap = r.tracks.contract_offer_ap
        offer = state.board.contract_offer
        takeable = takeable_tiles(r, p, offer)  # (``why_cannot_take`` for the whole offer at once; "" never)
        sure += [cls(seat, t) for i, t in enumerate(offer) if takeable[i] and offer_ap[i] <= frame.ap]

    @classmethod
    def near_misses(cls, r, state, frame) -> list:
        if isinstance(frame, ActionFrame) and frame.action == "contract":
            return [cls(frame.player, t) for t in state.board.contract_offer if t]
        return []

    def apply(self, r, state, frame) -> None:
        b = state.board
        cost = contract_offer_ap(r, state, self.tile)
        put(b, "contract_offer", replaced(b.contract_offer, b.contract_offer.index(self.tile), ""))  # refilled at the end of the turn
        store(state.players[frame.player], self.tile)
        use_ap(frame, cost)
        pop_spent(state, frame)

    def describe(self, r, state) -> str:
        name = r.tile_name(self.tile)
        return f"takes the {name} from the Contract offer"


class Exchange(Action, tag="exchange"):
    give: str
    get: str

    RULE = Rule("For 1 AP of the Contract Action exchange one Resource for another; the first exchange of a turn "
                "also gives one Resource of your choice.", "actions", "contract")

    def ap_cost(self, r, state, frame) -> int:
        return 1

    def check(self, r, state, frame) -> None:
        action_is(frame, "contract", what="Exchanging a Resource")
        spend(frame, 1, "An exchange")
        if self.give == self.get:
            raise refuse("an exchange gives a different Resource")
        if state.players[frame.player].resources[self.give] < 1:
            raise refuse(f"you have no {RESOURCE_NAMES[self.give]} to exchange")

    @classmethod
    def moves(cls, r, state, frame, sure: list, unsure: list) -> None:
        """Each Resource one has for each other one (sure)."""
        res = state.players[frame.player].resources
        exchanges = _EXCHANGES[frame.player]
        for g in RESOURCES:
            if res[g]:
                sure += exchanges[g]

    def apply(self, r, state, frame) -> None:
        gain(state.players[frame.player], {self.give: -1, self.get: 1})
        use_ap(frame)
        base = turn_frame(state)
        if not base.exchanged:  # the first exchange of the turn brings a bonus Resource of your choice
            put(base, "exchanged", True)
            pop_spent(state, frame)
            push(state, ChooseResourceFrame(player=frame.player, count=1, reason="first exchange of the turn"))

    def describe(self, r, state) -> str:
        return f"exchanges 1 {RESOURCE_NAMES[self.give]} for 1 {RESOURCE_NAMES[self.get]}"


register(TakeContract, Exchange)
# Made once per seat (actions are frozen values): each Resource given for each other one.
_EXCHANGES = [{g: tuple(Exchange(seat, g, x) for x in RESOURCES if x != g) for g in RESOURCES} for seat in range(4)]
