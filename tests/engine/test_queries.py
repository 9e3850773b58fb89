"""Read-only rule questions the screens ask (engine/queries.py): what building a Cathedral gives now,
and what ending a turn would waste."""

from __future__ import annotations

from tiletum_tui.games.tiletum.engine.queries import ap_lost_by, cathedral_reward
from tiletum_tui.games.tiletum.engine.state import JokerFrame, put
from tiletum_tui.games.tiletum.engine.turn import Done, EndTurn

from .conftest import act, game, give_action, rules, set_pillar, set_res


def test_cathedral_reward_is_what_building_it_scores_now():
    """Tasks, Build a Cathedral: the Construction Cost tile's Stone and VP, plus the top Cathedral tile's VP;
    the same numbers the Task scores (the Town details show them)."""
    s = game()
    put(s.board, "construction_cost", {**s.board.construction_cost, "TIL": "cost-3"})  # authored: 3 Stone, 3 VP
    stone, vp, left = cathedral_reward(rules(s), s, "TIL")
    assert stone == 3 and left == len(s.board.cathedral_stack["TIL"])
    set_pillar(s, "TIL", 0, 0)
    set_res(s.players[0], S=6)
    before = s.players[0].vp
    act(s, "cathedral TIL")
    assert s.players[0].vp == before + vp
    assert cathedral_reward(rules(s), s, "TIL")[2] == left - 1


def test_no_cathedral_reward_where_there_is_nothing_to_build():
    s = game()
    no_cathedral = next(t for t in rules(s).towns if not rules(s).spaces[t].has_cathedral)
    assert cathedral_reward(rules(s), s, no_cathedral) is None
    put(s.board, "cathedral_stack", {**s.board.cathedral_stack, "TIL": ()})
    assert cathedral_reward(rules(s), s, "TIL") is None  # every tile taken


def test_ending_the_turn_with_the_joker_unresolved_wastes_its_ap():
    """Rounds, the turn: unspent AP are lost; a die's Joker not yet given to an Action loses all of them."""
    s = game()
    give_action(s, "merchant", 3)
    assert ap_lost_by(s, EndTurn(0)) == ("merchant", 3)
    assert ap_lost_by(s, Done(0)) == ("merchant", 3)
    put(s, "stack", (*s.stack[:-1], JokerFrame(player=0, ap=2, source="die")))
    assert ap_lost_by(s, EndTurn(0)) == ("joker", 2)


def test_takeable_tiles_says_what_why_cannot_take_says_for_every_tile():
    """Rulebook, Bonus tiles and the Storehouse (and rulings 18, 19): the die choices ask
    ``takeable_tiles`` for the wheel's tiles at once; it must agree with ``why_cannot_take`` for every
    tile of the catalogue, for every player, all through random games (full Storehouses, Crest families
    held, Contract spaces filled)."""
    import random

    from tiletum_tui.games.tiletum.engine import apply_listed_in_place, legal_actions
    from tiletum_tui.games.tiletum.engine.queries import takeable_tiles, why_cannot_take

    seen = set()
    for seed in range(3):
        s = game(3, seed=seed)
        r = rules(s)
        ids = ("", *r.tiles)
        pick = random.Random(seed)
        while s.phase != "over":
            for p in s.players:
                got = takeable_tiles(r, p, ids)
                want = tuple(bool(t) and why_cannot_take(r, p, t) is None for t in ids)
                assert got == want, (p.storehouse, p.crests, p.contracts)
                seen.add(sum(want))
            apply_listed_in_place(s, pick.choice(legal_actions(s)))
    assert 0 in seen and len(seen) > 3  # full Storehouses and several other cases were met
