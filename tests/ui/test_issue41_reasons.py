"""Issue 41 items 4 and 5: a greyed line says the reason ``check`` gives for that move, in random
positions of both games (played "placing the Settler with 1 AP left: Building 2, floor 2 — that
Character is not in your Storehouse"; at 0 AP "Exchange a Resource — an exchange gives a different
Resource"), and no line says "done" for a choice that belongs to another decision."""

from __future__ import annotations

import random
from collections import Counter

from tiletum_tui.games.tiletum.engine import (IllegalActionError, PlayerSetup, Settings, apply, check, legal_actions, new_game,
                                options)
from tiletum_tui.games.tiletum.ui.choices import TASK, build_menu
from tiletum_tui.games.tiletum.ui.line_memory import LineMemory


def _settings(seed: int) -> Settings:
    names, colours = ("Ann", "Bob", "Cid"), ("red", "blue", "green")
    players = 2 + seed % 2
    return Settings(players=tuple(PlayerSetup(names[i], colours[i]) for i in range(players)), seed=seed,
                    modules=("silver",) if seed % 3 == 0 else ())


def _why(state, action) -> str | None:
    try:
        check(state, action)
    except IllegalActionError as exc:
        return str(exc)
    return None


def _walk(menu):
    for c in menu:
        yield c
        yield from _walk(c.children)


def _leaves(c):
    if not c.children:
        yield c
    for x in c.children:
        yield from _leaves(x)


def test_a_greyed_line_says_the_reason_check_gives_for_that_move():
    """Every greyed line of every menu, as the screen builds them turn after turn (``LineMemory``: lines
    kept in their places say why not *now*): a line for a move says exactly ``check``'s reason for it; a
    greyed group says the reason most of the moves inside it share (never the odd one out's)."""
    lines = groups = 0
    for seed in range(1, 10):
        state = new_game(_settings(seed))
        rng = random.Random(seed)
        memory = LineMemory()
        for _ in range(450):
            if state.phase == "over":
                break
            menu = build_menu(state, options(state))
            memory.keep(state, menu)
            for c in _walk(menu):
                if not c.disabled:
                    continue
                if c.action is not None:
                    assert c.reason == _why(state, c.action), (c.label, c.reason, _why(state, c.action))
                    lines += 1
                elif c.children and c.key != TASK:
                    inside = Counter(_why(state, x.action) for x in _leaves(c) if x.action is not None)
                    assert c.reason in inside and inside[c.reason] == max(inside.values()), (c.label, c.reason, inside)
                    groups += 1
            action = rng.choice(legal_actions(state))
            memory.chosen.add(action)
            state = apply(state, action)
    assert lines > 1000 and groups > 20


def test_a_greyed_follower_line_says_the_reason_check_gives():
    """Carcassonne: the follower lines the screen greys (``CarcassonneScreen._options``) say the engine's
    own refusal for that follower."""
    from tiletum_tui.games.carcassonne.engine import PlayerSetup as CP, Settings as CS, apply as capply
    from tiletum_tui.games.carcassonne.engine import legal_actions as clegal, new_game as cnew
    from tiletum_tui.games.carcassonne.engine.actions import Deploy
    from tiletum_tui.games.carcassonne.engine.followers import spots
    from tiletum_tui.games.carcassonne.engine.rules import check as ccheck
    from tiletum_tui.games.carcassonne.ui.screen import CarcassonneScreen

    seen = 0
    for seed in range(1, 4):
        state = cnew(CS(players=(CP("Ann", "red"), CP("Bob", "blue")), seed=seed, river=seed % 2 == 1))
        rng = random.Random(seed)
        while state.phase != "over":
            if state.phase == "follower":
                roles = {s.name: s.role for s in spots(state)}
                for segment, label, why in CarcassonneScreen._options(None, state)[1:]:
                    name = next(s.name for s in spots(state) if s.segment == segment)
                    if why is None or roles[name] is None:
                        continue  # (a river segment has no follower to try)
                    try:
                        ccheck(state, Deploy(state.seat, roles[name], name))
                    except Exception as exc:  # the engine's refusal
                        assert str(exc) == why, (label, why, str(exc))
                        seen += 1
                    else:
                        raise AssertionError(f"{label} is greyed ({why}) but the engine allows it")
            state = capply(state, rng.choice(clegal(state)))
    assert seen > 5


def test_a_buildings_bonuses_are_not_marked_done_by_the_building_before():
    """Item 5: "Take the bonus of Settler (Merchant) … — done" under a Building whose Room holds the
    Assayer. Two Building Bonuses in one turn: the second Building's lines are its own Characters'
    alone, none greyed "done" for a bonus taken in the first."""
    from tiletum_tui.games.tiletum.engine.bonuses import CharacterBonus, PickBuilding
    from tiletum_tui.games.tiletum.engine.state import PickBuildingFrame

    for seed in range(1, 60):
        state = new_game(_settings(seed))
        rng = random.Random(seed)
        for _ in range(600):
            if state.phase == "over":
                break
            top = state.stack[-1] if state.stack else None
            if isinstance(top, PickBuildingFrame):
                picks = [a for a in legal_actions(state) if isinstance(a, PickBuilding)]
                if len(picks) >= 2:
                    break
            state = apply(state, rng.choice(legal_actions(state)))
        else:
            continue
        if state.phase != "over":
            break
    else:
        raise AssertionError("no Building Bonus with two Buildings to choose from")
    memory = LineMemory()
    first = apply(state, picks[0])
    memory.keep(first, build_menu(first, options(first)))
    bonus = next(a for a in legal_actions(first) if isinstance(a, CharacterBonus))
    memory.chosen.add(bonus)
    second = apply(state, picks[1])  # (as a second Building Bonus in the same turn would)
    menu = build_menu(second, options(second))
    memory.keep(second, menu)
    here = set(second.players[second.stack[-1].player].rooms[picks[1].building - 1])
    lines = [c for c in _walk(menu) if c.key.startswith("cb-")]
    assert lines and all(c.action.tile in here and c.note != "done" for c in lines), [(c.label, c.note) for c in lines]


def test_a_move_is_never_done():
    """Item 5: "Move your Prospector … — done" although moving again is allowed. A piece may move again
    in the same decision: a move's line kept in its place says why not now, never "done"."""
    from tiletum_tui.games.tiletum.engine.map_actions import MovePiece
    from tiletum_tui.games.tiletum.engine.silver.prospector import MoveProspector

    moves = 0
    for seed in range(1, 16):
        state = new_game(Settings(players=(PlayerSetup("Ann", "red"), PlayerSetup("Bob", "blue")), seed=seed,
                                  modules=("silver",)))
        rng = random.Random(seed)
        memory = LineMemory()
        for _ in range(400):
            if state.phase == "over":
                break
            menu = build_menu(state, options(state))
            memory.keep(state, menu)
            for c in _walk(menu):
                if isinstance(c.action, (MovePiece, MoveProspector)) and c.disabled:
                    assert c.note != "done", (c.label, c.reason)
                    moves += 1
            action = rng.choice(legal_actions(state))
            memory.chosen.add(action)
            state = apply(state, action)
    assert moves > 20
