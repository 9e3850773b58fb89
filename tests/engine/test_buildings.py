"""Player boards: Characters in Buildings, their bonuses, Completed Buildings and the Building Bonus.

Rulebook, Character Action and Player Boards - Completed Buildings; appendix, Character tiles and Game board.
"""

import pytest

from tiletum_tui.games.tiletum.engine import IllegalActionError
from tiletum_tui.games.tiletum.engine.state import ActionFrame

from .conftest import act, clear_wheel, game, give_action, legal, put_die, rules, set_res, set_rooms, tile_of
from tiletum_tui.games.tiletum.engine.state import put


def refused(state, text, match):
    with pytest.raises(IllegalActionError, match=match):
        act(state, text)


def character(s, design, n=1):
    return [tile_of(s, "character", design=design) for _ in range(n)]


def test_completing_a_building_strengthens_its_action_including_the_current_one():
    """Completed Building: Bonus AP marker on the matching Action at once, including the current Action."""
    s = game(2)
    give_action(s, "character", 2)
    (farmer,) = character(s, "c14")  # Farmer: Character icon
    crest = tile_of(s, "crest", family="Wolf")
    p = s.players[0]
    put(p, "storehouse", (farmer, crest))
    set_res(p, F=6)
    act(s, f"crest {crest} 1")  # Building 1 (one Room) gets its Crest first
    act(s, "skip")  # the House-anywhere bonus of that Crest space
    act(s, f"room {farmer} 1 1")
    assert p.completed[0] and p.bonus_ap == {"character": 1}
    assert s.stack[-1].ap == 2 - 1 + 1  # spent 1 on the Room, got +1 at once


def test_the_bonus_applies_to_later_dice_and_through_the_joker():
    s = game(2)
    put(s.players[0], "bonus_ap", {"king": 2})
    clear_wheel(s)
    king_value = next(v for v in range(1, 7) if s.board.wheel_actions[(v - 1) % 6] == "king")
    put_die(s, king_value, "B")
    act(s, f"die {king_value}B")
    assert s.stack[-1].ap == 7 - king_value + 2
    s2 = game(2)
    put(s2.players[0], "bonus_ap", {"king": 2})
    joker_value = next(v for v in range(1, 7) if s2.board.wheel_actions[(v - 1) % 6] == "joker")
    put_die(s2, joker_value, "B")
    act(s2, f"die {joker_value}B", "joker king")
    assert s2.stack[-1].ap == 7 - joker_value + 2


def test_joker_bonus_ap_counted_when_the_action_is_chosen():
    """Completing the Building before the Joker's choice still counts for that Action (it is the current Action)."""
    s = game(2)
    joker_value = next(v for v in range(1, 7) if s.board.wheel_actions[(v - 1) % 6] == "joker")
    put_die(s, joker_value, "B")
    act(s, f"die {joker_value}B")
    put(s.players[0], "bonus_ap", {"merchant": 3})
    act(s, "joker merchant")
    assert s.stack[-1].ap == 7 - joker_value + 3


def test_the_rightmost_building_gives_no_action_bonus_but_counts_as_completed():
    s = game(2)
    crest = tile_of(s, "crest", family="Lily")
    p = s.players[0]
    put(p, "storehouse", (crest,))
    set_res(p, F=2)
    act(s, f"crest {crest} 6")
    assert p.completed[5] and p.bonus_ap == {}
    assert not any(p.completed[:5])


def test_character_bonus_move_and_place_in_any_order():
    """Appendix: move the Merchant one space and/or place a House there, in any order, or only part of it."""
    s = game(2)
    give_action(s, "character", 1)
    (settler,) = [t for t in character(s, "c06", 3) if t.endswith(("a", "b"))][:1]
    p = s.players[0]
    put(p, "storehouse", (settler,))
    put(p, "merchant", "r10")  # the road between Paris and Lyon
    act(s, f"room {settler} 2 1")
    assert "move merchant LYO" in legal(s) and "done" in legal(s)
    act(s, "move merchant LYO", "house LYO 1")
    assert s.board.houses["LYO"][0] == 0 and p.merchant == "LYO"


def test_character_bonus_pillar_where_the_architect_is():
    s = game(2)
    give_action(s, "character", 1)
    priest = next(t for t in character(s, "c09", 3) if t.endswith("c"))  # Engineer's third copy: Pillar here
    p = s.players[0]
    put(p, "storehouse", (priest,))
    put(s.board, "construction_cost", {**s.board.construction_cost, "TIL": "cost-2"})
    act(s, f"room {priest} 2 1")
    assert legal(s) == {"pillar TIL", "skip"}
    act(s, "pillar TIL")
    assert 0 in s.board.pillars["TIL"]


def test_building_bonus_takes_each_character_bonus_once_in_any_order_skipping_any():
    """Appendix, Game board: pick a Building with a Character; each Character's bonus once, any order, skip any."""
    s = game(2)
    give_action(s, "merchant", 2)
    p = s.players[0]
    smiths = character(s, "c15", 2)
    set_rooms(p, 2, (*smiths, *p.rooms[2][2:]))  # Building 3: two Smiths (1 Iron each, authored)
    put(p, "merchant", "KOL")  # Koln: House space 1 has the Building Bonus (authored map)
    iron = p.resources["I"]
    act(s, "house KOL 1")
    assert legal(s) == {"building 3", "skip"}
    act(s, "building 3", f"bonus {smiths[1]}")
    assert p.resources["I"] == iron + 1
    refused(s, f"bonus {smiths[1]}", "taken once")
    act(s, "done")
    assert s.stack[-1].action == "merchant" and s.stack[-1].ap == 1


def test_building_bonus_needs_a_building_with_a_character():
    s = game(2)
    give_action(s, "merchant", 2)
    put(s.players[0], "merchant", "KOL")
    act(s, "house KOL 1")
    # nothing to choose: the bonus is simply lost
    assert isinstance(s.stack[-1], ActionFrame) and s.stack[-1].action == "merchant"
    assert s.stack[-1].ap == 1 and s.board.houses["KOL"][0] == 0


def test_character_bonus_action_keeps_the_die_action_below():
    """A Character bonus 'take a Character Action with 1 AP' is a separate Action; the die's AP wait."""
    s = game(2)
    give_action(s, "character", 3)
    recruiter = next(t for t in character(s, "c13", 3) if t.endswith("a"))
    put(s.players[0], "storehouse", (recruiter,))
    act(s, f"room {recruiter} 3 1")
    top = s.stack[-1]
    assert (top.action, top.ap, top.source) == ("character", 1, "effect")
    assert s.stack[-2].ap == 2


def test_a_character_that_could_never_be_placed_is_said_so_before_it_is_hired():
    """Issue 24 item 1; rulebook, Character Action: one design per Building, all its copies together.
    With the only Room of Building 1 holding a Notary, a second Notary can never go in a Room: hiring
    it stays legal, and the option says why it leads nowhere. Another design's option says nothing."""
    from tiletum_tui.games.tiletum.engine import options

    s = game(2)
    give_action(s, "character", 3)
    first, second = character(s, "c01", 2)  # two Notaries
    other = tile_of(s, "character", design="c14")
    set_rooms(s.players[0], 0, (first,))  # Building 1 has one Room
    put(s.board, "character_offer", (second, other) + s.board.character_offer[2:])
    found = {o.action.tile: o for o in options(s) if getattr(o.action, "verb", lambda: "")() == "hire"}
    assert found[second].legal and "Building 1" in found[second].caution and "never" in found[second].caution
    assert found[other].legal and found[other].caution == ""
    assert f"hire {second}" in legal(s)  # the rules allow it


def test_any_copy_of_a_design_may_go_in_and_the_others_follow_it_to_its_building():
    """docs/rulings.md ruling 30; rulebook, Character Action: "Move a Character tile from your Storehouse
    to a Room" (any of them: the copies of a design differ in bonus) and "as soon as a Character is
    placed in a Building, matching Character tiles must be placed in the same Building"."""
    s = game(2)
    give_action(s, "character", 3)
    p = s.players[0]
    tiles = rules(s).tiles
    first = tile_of(s, "character", design="c01")  # Notary, Contract 1 AP + any Resource
    second = tile_of(s, "character", design="c01")  # Notary, Contract 2 AP + any Resource
    assert tiles[first].effects != tiles[second].effects
    put(p, "storehouse", (first, second))
    act(s, f"room {second} 2 1")  # the copy waiting second goes in first, with its own bonus
    assert p.rooms[1][0] == second and p.storehouse == (first,)
    assert (s.stack[-1].action, s.stack[-1].ap) == ("contract", 2)
    act(s, "done", "gain S")  # (the bonus's Contract Action unused; its Resource)
    refused(s, f"room {first} 3 1", "already lives in Building 2")
    assert f"room {first} 2 2" in legal(s)
