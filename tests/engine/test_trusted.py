"""The trusted path (``apply_listed``, ``apply_listed_in_place``: issue 18's speed): a move that
``legal_actions`` listed for a state is applied without ``check`` running again. It is only sound if
it plays exactly as the checked path does, so the same random games (base game, Action tiles,
Prospect for Silver; rules versions 1 and 2; 2-4 players) are played both ways and must agree
digest for digest and event for event at every step. (That every listed move passes ``check`` is
tests/engine/test_moves.py.) What comes from outside still goes through ``check``: a refused move is
refused by ``apply``/``apply_in_place``, and a view is never played on, trusted or not.
"""

from __future__ import annotations

import random

import pytest

from tiletum_tui.games.tiletum.engine import (
    IllegalActionError, PlayerSetup, Settings, apply, apply_in_place, apply_listed, apply_listed_in_place, digest,
    legal_actions, new_game, parse, view,
)

from .conftest import COLOURS, NAMES

CASES = [(players, modules, rules) for players in (2, 3, 4) for modules, rules in
         (((), 1), (("action-tiles",), 1), ((), 2), (("silver",), 2), (("action-tiles", "silver"), 2))]


def _settings(players: int, modules: tuple[str, ...], rules: int, seed: int) -> Settings:
    return Settings(players=tuple(PlayerSetup(NAMES[i], COLOURS[i]) for i in range(players)), seed=seed,
                    modules=modules, rules=rules)


@pytest.mark.parametrize("players,modules,rules", CASES,
                         ids=[f"{p}p-v{v}{''.join('-' + m for m in mods)}" for p, mods, v in CASES])
def test_listed_moves_play_the_same_game_trusted_or_checked(players, modules, rules):
    """A whole random game: at every step the checked and the trusted path give the same state and events,
    in place and on a copy; the copy's source is left untouched either way."""
    seed = 31 * players + len(modules) + rules
    checked = new_game(_settings(players, modules, rules, seed))
    trusted = new_game(_settings(players, modules, rules, seed))
    pick = random.Random(seed)
    steps = 0
    while checked.phase != "over":
        legal = legal_actions(checked)
        assert legal == legal_actions(trusted)
        a = pick.choice(legal)
        before = digest(trusted)
        copied = apply_listed(trusted, a)
        assert digest(trusted) == before, f"step {steps}: apply_listed changed the state it copied"
        assert digest(copied) == digest(apply(checked, a)) and copied.events == apply(checked, a).events
        assert apply_listed_in_place(trusted, a) == apply_in_place(checked, a), f"step {steps}: events differ"
        assert digest(trusted) == digest(checked), f"step {steps}: {a!r} left different states"
        steps += 1
    assert steps > 100 and trusted.phase == "over"


def test_what_comes_from_outside_is_still_checked():
    """A move typed for the wrong seat is refused by the checked path and changes nothing; a view is
    never played on, not even by the trusted path."""
    state = new_game(_settings(2, (), 2, 5))
    before = digest(state)
    wrong = parse("2: end")
    with pytest.raises(IllegalActionError):
        apply_in_place(state, wrong)
    with pytest.raises(IllegalActionError):
        apply(state, wrong)
    assert digest(state) == before
    seen = view(state, 0)
    move = legal_actions(seen)[0]
    with pytest.raises(IllegalActionError, match="view"):
        apply_listed(seen, move)
    with pytest.raises(IllegalActionError, match="view"):
        apply_listed_in_place(seen, move)
