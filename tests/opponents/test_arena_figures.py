"""Issue 43: "The arena prints per game the figures above (Pillars left, Buildings, follower-less
turns)": Tiletum's Pillars left, Completed Buildings and Fair VP, Carcassonne's turns begun without a
follower in supply, the longest run of them and the points of unfinished features, per seat, and their
averages per level at the end; each as the game's own states and scoring have it."""

from __future__ import annotations

import io

from tiletum_tui.shell import arena
from tiletum_tui.games.carcassonne import engine as carcassonne
from tiletum_tui.games.carcassonne.opponents.plug import OPPONENTS as CARCASSONNE
from tiletum_tui.games.tiletum.engine import apply, new_game, parse
from tiletum_tui.shell.opponents.base import Budget
from tiletum_tui.games.tiletum.opponents.plug import TILETUM_OPPONENTS as TILETUM

FEW = Budget(simulations=2)  # the figures are counted the same at any strength


def _played(plug, levels, seed):
    settings = plug.settings_for(levels, seed, **({} if plug is CARCASSONNE else {"modules": ()}))
    result = plug.play_game(levels, seed, FEW, settings=settings, keep_actions=True, observe=plug.observe)
    return settings, result


def test_tiletum_figures_per_game_are_the_final_states():
    settings, result = _played(TILETUM, ("master", "journeyman"), 61)
    state = new_game(settings)
    for text in result.actions:
        state = apply(state, parse(text))
    pillars = [p.pillars for p in state.players]
    buildings = [sum(p.completed) for p in state.players]
    fairs = [p.ledger.get("fairs", 0) for p in state.players]
    assert any(fairs)  # (a game whose Fairs scored: the figure is not a default 0)
    line = arena.game_line(result, figures=TILETUM.figures)
    assert "Pillars left " + " / ".join(map(str, pillars)) in line
    assert "Completed Buildings " + " / ".join(map(str, buildings)) in line
    assert "Fair VP " + " / ".join(map(str, fairs)) in line


def test_carcassonne_figures_per_game_follow_each_turn_and_the_final_scoring():
    settings, result = _played(CARCASSONNE, ("master", "journeyman"), 61)
    state = carcassonne.new_game(settings)
    empty, longest, run = [0, 0], [0, 0], [0, 0]
    for text in result.actions:
        action = carcassonne.parse(text)
        if isinstance(action, carcassonne.Place):  # a turn begins with placing the drawn tile
            s = action.seat
            run[s] = run[s] + 1 if state.supply[s] == 0 else 0
            empty[s] += state.supply[s] == 0
            longest[s] = max(longest[s], run[s])
        state = carcassonne.apply(state, action)
    unfinished = [sum(v for k, v in ledger.items() if k.startswith("unfinished")) for ledger in state.ledger]
    assert any(empty) and any(unfinished)  # (a game where both happened)
    line = arena.game_line(result, figures=CARCASSONNE.figures)
    assert "turns without a follower " + " / ".join(map(str, empty)) in line
    assert "longest run without a follower " + " / ".join(map(str, longest)) in line
    assert "unfinished-feature points " + " / ".join(map(str, unfinished)) in line


def test_the_arena_prints_the_figures_for_every_game_and_their_average_per_level():
    out = io.StringIO()
    results = arena.run(["journeyman", "beginner"], games=2, budget=FEW, jobs=1, out=out, progress=None)
    text = out.getvalue()
    for r in results:
        fairs = " / ".join(str(c["Fair VP"]) for c in r.used)
        assert f"seed {r.seed}: " in text and f"Fair VP {fairs}" in text
    average = sum(c["Pillars left"] for r in results for lvl, c in zip(r.levels, r.used) if lvl == "beginner") / 2
    assert f"  beginner: Pillars left {average:.1f}" in text
