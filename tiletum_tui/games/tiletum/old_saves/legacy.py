"""The digest a format-2 save recorded, computed from today's engine.

Format-2 saves (written before the engine-shape change) hold the digest of the whole state as
the engine then laid it out: the random generator, the piles and the bag inside the board, a
count of reveals, a count of actions and every scoring event since the start. The game itself
is unchanged, so that layout can be rebuilt from a replay: the Structs below are the old layout,
field for field, and ``v2_digest`` fills them from the state and the events of the replay. A
format-2 save is therefore verified exactly like a new one (``tests/golden`` holds saves and
digests written by the old engine to prove it).
"""

from __future__ import annotations

import hashlib

import msgspec

from ..engine.events import CorruptionRevealed, DiceRolled, PileShuffled, Scored, TileDrawn


class _PlayerSetup(msgspec.Struct):
    name: str
    colour: str


class _Settings(msgspec.Struct):
    players: list[_PlayerSetup]
    seed: int
    action_tiles: bool = False


class _Player(msgspec.Struct):
    name: str
    colour: str
    vp: int
    resources: dict
    merchant: str
    architect: str
    houses: int
    roof: list
    pillars: int
    storehouse: list
    rooms: list
    crests: list
    contracts: list
    cathedral_tiles: list
    cathedrals: list
    dice: list
    bonus_ap: dict
    completed: list
    ledger: dict


class _Fair(msgspec.Struct):
    town: str
    tile: str
    done: bool = False


class _Board(msgspec.Struct):
    wheel_actions: list
    wheel_rotation: int
    wheel_dice: list
    wheel_bonus: list
    king_bonus: str
    king_track: list
    bonus_pile: list
    contract_pile: list
    character_pile: list
    contract_offer: list
    character_offer: list
    map_bonus: dict
    houses: dict
    pillars: dict
    construction_cost: dict
    cathedral_stack: dict
    fairs: list
    corruption_pool: list
    corruption_row: list
    corruption_revealed: list
    bag: list
    box: list


class _Scoring(msgspec.Struct):
    player: int
    vp: int
    category: str
    why: str


class _State(msgspec.Struct):
    settings: _Settings
    players: list
    board: _Board
    turn_order: list
    round: int
    phase: str
    lap: int
    turn: int
    stack: list  # the frames encode exactly as they did (same classes, same tags)
    rng: int
    reveals: int
    actions: int
    events: list
    winner: int


_PLAYER_FIELDS = _Player.__struct_fields__


def v2_digest(state, events: list, actions: int) -> str:
    """The format-2 digest of ``state``, reached by ``actions`` actions whose events (setup's
    included, in order) are ``events``."""
    b, h, s = state.board, state.hidden, state.settings
    reveals = 1 + sum(isinstance(e, (DiceRolled, CorruptionRevealed, TileDrawn, PileShuffled)) for e in events)
    old = _State(
        settings=_Settings(players=[_PlayerSetup(p.name, p.colour) for p in s.players], seed=s.seed,
                           action_tiles="action-tiles" in s.modules),
        players=[_Player(**{f: getattr(p, f) for f in _PLAYER_FIELDS}) for p in state.players],
        board=_Board(
            wheel_actions=b.wheel_actions, wheel_rotation=b.wheel_rotation, wheel_dice=b.wheel_dice,
            wheel_bonus=b.wheel_bonus, king_bonus=b.king_bonus, king_track=b.king_track, bonus_pile=h.bonus_pile,
            contract_pile=h.contract_pile, character_pile=h.character_pile, contract_offer=b.contract_offer,
            character_offer=b.character_offer, map_bonus=b.map_bonus, houses=b.houses, pillars=b.pillars,
            construction_cost=b.construction_cost, cathedral_stack=b.cathedral_stack,
            fairs=[_Fair(f.town, f.tile, f.done) for f in b.fairs], corruption_pool=h.corruption_pool,
            corruption_row=h.corruption_row, corruption_revealed=b.corruption_revealed, bag=h.bag, box=b.box,
        ),
        turn_order=state.turn_order, round=state.round, phase=state.phase, lap=state.lap, turn=state.turn,
        stack=state.stack, rng=h.rng, reveals=reveals, actions=actions,
        events=[_Scoring(e.player, e.vp, e.category, e.why) for e in events if isinstance(e, Scored)],
        winner=state.winner,
    )
    return hashlib.sha256(msgspec.json.encode(old)).hexdigest()[:16]
