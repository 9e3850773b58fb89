"""States are values (issue 18, "What must become true"): "No code can change a state, a clone or a
view in place ... another [test] tries to write into a view and expects an error or an unchanged game."

Issue 18, item 1, reproduced on main: ``v = view(s); v.players[0].resources['G'] = 99`` set the real
player's Gold to 99, changed the digest and reached every state in the undo history.
"""

from __future__ import annotations

import random

import msgspec
import pytest

from tiletum_tui.games.tiletum.bench.engine import settings  # (players, seed, modules)
from tiletum_tui.games.tiletum.engine import apply, clone, digest, legal_actions, new_game, view
from tiletum_tui.games.tiletum.engine.frozen import writable_parts
from tiletum_tui.games.tiletum.engine.views import decode_view, encode_view
from tiletum_tui.shell.session import EVERY_SEAT, Session

GAMES = [((), 2, 1), (("silver",), 3, 2), (("action-tiles",), 4, 3), (("silver",), 4, 4)]


def _played(modules, players, seed, moves=60):
    """A state ``moves`` random actions into a game, and the history of states before it."""
    state = new_game(settings(players, seed, modules))
    history = [state]
    pick = random.Random(seed)
    for _ in range(moves):
        state = apply(state, pick.choice(legal_actions(state)))
        history.append(state)
    return state, history


def _writes(v):
    """Every kind of write into a view a screen, a hint or an opponent could try: a mapping's item
    (a Resource, a House space, a Bonus tile, the Expansion's Technologies and Mines), an attribute
    of a player, the board, the hidden parts, a decision, the module state, and the lists."""
    p, b = v.players[0], v.board
    town = next(iter(b.houses))
    yield "resources", lambda: p.resources.__setitem__("G", 99)
    yield "ledger", lambda: p.ledger.update(start=50)
    yield "bonus_ap", lambda: p.bonus_ap.setdefault("king", 3)
    yield "houses", lambda: b.houses.__setitem__(town, ())
    yield "map_bonus", lambda: b.map_bonus.pop(next(iter(b.map_bonus)))
    yield "cathedral_stack", lambda: b.cathedral_stack.clear()
    yield "construction_cost", lambda: b.construction_cost.__delitem__(next(iter(b.construction_cost)))
    yield "pillars", lambda: b.pillars.popitem()
    yield "vp", lambda: setattr(p, "vp", 99)
    yield "storehouse", lambda: setattr(p, "storehouse", ("x",))
    yield "king_bonus", lambda: setattr(b, "king_bonus", "x")
    yield "pile", lambda: setattr(v.hidden, "bonus_pile", ())
    yield "frame", lambda: setattr(v.stack[-1], "player", 1 - v.stack[-1].player)
    yield "players", lambda: v.players.append(v.players[0])
    yield "stack", lambda: v.stack.pop()
    yield "events", lambda: v.events.append(v.events[0] if v.events else None)
    if v.module_state is not msgspec.UNSET:
        s = v.module_state.silver
        yield "technology", lambda: s.players[0].technology.__setitem__(next(iter(s.players[0].technology)), 3)
        yield "prospectors", lambda: s.players[0].prospectors.clear()
        yield "mines", lambda: s.mines.__setitem__(next(iter(s.mines)), ())
        yield "silver", lambda: setattr(s.players[0], "silver", 99)
        yield "underground_pile", lambda: setattr(s, "underground_pile", ())
        yield "silver players", lambda: s.players.pop()


@pytest.mark.parametrize("modules,players,seed", GAMES)
def test_writing_into_a_view_fails_or_changes_nothing_of_the_game(modules, players, seed):
    """Issue 18: a write into a view raises (a read-only mapping) or changes only the view: the game,
    its digest and every state of its history stay as they were."""
    state, history = _played(modules, players, seed)
    before = [msgspec.json.encode(s) for s in history]
    key = digest(state)
    for made in (lambda: view(state), lambda: decode_view(encode_view(view(state))), lambda: clone(state)):
        for name, write in _writes(made()):
            with pytest.raises((TypeError, AttributeError)):  # a read-only mapping, a frozen Struct, a tuple
                write()
            assert digest(state) == key, f"writing {name} into a view changed the game"
    assert [msgspec.json.encode(s) for s in history] == before, "a write reached the history"


def test_the_example_of_the_issue_raises_and_the_gold_stays():
    """Issue 18, item 1's own example: ``view(s).players[0].resources['G'] = 99``."""
    s = new_game(settings(2, 5))
    gold, key = s.players[0].resources["G"], digest(s)
    with pytest.raises(TypeError, match="cannot be changed in place"):
        view(s).players[0].resources["G"] = 99
    assert s.players[0].resources["G"] == gold and digest(s) == key


def test_what_the_session_hands_out_cannot_change_its_game(tmp_path):
    """The session keeps its history: its ``view()`` and its ``state`` are copies, so writing into
    them changes nothing of the game (nor its undo history)."""
    session = Session.new(settings(3, 8, ("silver",)), save_dir=tmp_path, autosave=False)
    pick = random.Random(8)
    for _ in range(30):
        session.apply(pick.choice(legal_actions(session.view())), by=EVERY_SEAT)
    key, first = session.digest(), msgspec.json.encode(session._history[0])
    for handed in (session.view(), session.state):
        for _, write in _writes(handed):
            with pytest.raises((TypeError, AttributeError)):
                write()
    assert session.digest() == key and msgspec.json.encode(session._history[0]) == first


@pytest.mark.parametrize("modules,players,seed", GAMES)
def test_every_mapping_of_every_state_and_view_is_read_only(modules, players, seed):
    """States are values: no state of a whole game, and no view of one, holds a writable dict (a
    mapping the engine forgot to make read-only would be shared, writable, by every clone)."""
    state = new_game(settings(players, seed, modules))
    pick = random.Random(seed)
    while state.phase != "over":
        assert writable_parts(state) == [] and writable_parts(view(state)) == []
        state = apply(state, pick.choice(legal_actions(state)))
    assert writable_parts(state) == [] and writable_parts(decode_view(encode_view(view(state)))) == []
