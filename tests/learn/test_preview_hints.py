"""The score preview is the engine's forecast, computed on copies; hints mark what completes something.

Issue 5: "a 'what would this score' preview, computed on a copy of the state"; "hints that mark
choices completing a Building or Contract".
"""

from __future__ import annotations

import random

from tiletum_tui.games.tiletum.engine import Scored, apply, digest, legal_actions, new_game, options, parse, view
from tiletum_tui.games.tiletum.engine.forecast import forecast
from tiletum_tui.games.tiletum.engine.queries import fair_count, king_order, king_vp
from tiletum_tui.games.tiletum.engine.ruleset import rules_for
from tiletum_tui.games.tiletum.learn import hints, preview
from tiletum_tui.games.tiletum.learn.tutorial import LEARNER, SETTINGS, play_script

R = rules_for(SETTINGS)


def _random_state(moves: int, seed: int = 2):
    state, rng = new_game(SETTINGS), random.Random(seed)
    for _ in range(moves):
        if state.phase == "over":
            break
        state = apply(state, rng.choice(legal_actions(state)))
    return state


def test_forecast_leaves_the_game_untouched_and_follows_the_rules():
    """King phase step 1 (space VP; 4 VP for the highest in round 4 when no tile is left) and the Fair
    (board + tile VP per time the condition is met, for those with a House or Merchant there)."""
    for moves, seed in ((60, 2), (100, 3), (125, 5)):
        state = _random_state(moves, seed)
        before = digest(state)
        fc = forecast(view(state))  # the screens ask on a view: nothing hidden is needed
        assert digest(state) == before
        fair = state.board.fairs[state.round - 1]
        tile = R.cat.fair_tiles[fair.tile]
        assert state.phase != "over"
        for i, row in enumerate(fc.players):
            vp = state.players[i].vp
            assert row.vp == vp
            bonus = R.tracks.king_round4_vp if state.round == 4 and not state.board.king_bonus \
                and king_order(state)[0] == i else 0
            assert row.king == max(0, vp + bonus + king_vp(R, state, i)) - vp  # a score never drops below 0
            if tile.condition != "king_track" and row.takes_part:
                per = R.tracks.fair_board_vp[state.round - 1] + tile.vp
                assert row.fair == per * fair_count(R, state, i, tile.condition)
            elif not row.takes_part:
                assert row.fair == 0
        assert "Final scoring as it stands" in preview.preview_text(state)


def _king_phase_of_the_lesson():
    _, _, moves = play_script()  # stops in round 3: replay its moves up to round 1's King phase
    replay = new_game(SETTINGS)
    for m in moves:
        if replay.phase == "king":
            break
        replay = apply(replay, parse(m))
    assert replay.phase == "king"
    return replay


def test_preview_of_the_fair_agrees_with_the_real_fair():
    """At the end of the tutorial's round 1 the preview says what the Fair then really scores."""
    replay = _king_phase_of_the_lesson()
    fc = forecast(replay)
    after = apply(replay, parse(f"{LEARNER + 1}: claim"))
    real = [sum(e.vp for e in after.events if isinstance(e, Scored) and e.player == i and e.category == "fairs")
            for i in range(2)]
    assert [r.fair for r in fc.players] == real
    assert real[LEARNER] > 0  # the lesson's Cathedral paid off at the Fair


def test_final_scoring_forecast_is_what_the_end_really_scores():
    """Just before the action that ends the game, 'final scoring as it stands' is exactly what final
    scoring then gives for Completed Buildings and Resources (the King phase and Fair change neither)."""
    for seed in (8, 9, 10):
        state, rng = new_game(SETTINGS), random.Random(seed)
        while True:
            after = apply(state, rng.choice(legal_actions(state)))
            if after.phase == "over":
                break
            state = after
        fc = forecast(state)
        for i, row in enumerate(fc.players):
            for category in ("completed buildings", "resources"):
                real = sum(e.vp for e in after.events if isinstance(e, Scored) and e.player == i and e.category == category)
                assert row.final.get(category, 0) == real, (seed, i, category)
        assert any(row.final for row in fc.players)


def test_hints_mark_the_completing_moves_of_the_tutorial():
    """In the lesson, placing the Crest completes Building 2 and fulfilling completes a Contract."""
    from tiletum_tui.games.tiletum.learn.tutorial import STEPS

    state, _, _ = play_script(until_step=next(i for i, s in enumerate(STEPS) if s.move == "crest b27a 2"))
    found = hints.hints(view(state), legal_actions(state))
    assert any("completes Building 2" in w for w in found[parse("2: crest b27a 2")])
    state, _, _ = play_script(until_step=next(i for i, s in enumerate(STEPS) if s.move == "fulfil b30a I"))
    found = hints.hints(view(state), legal_actions(state))
    assert any("fulfils a Contract" in w for w in found[parse("2: fulfil b30a I")])
    assert all(hints.hints(state, [a]) == {} for a in legal_actions(state) if a != parse("2: fulfil b30a I")
               and type(a).__name__ not in ("Fulfil", "PlaceCrest", "Room", "BuildCathedral"))


def test_hint_marks_on_the_decision_panel_menu():
    """mark_hints stars the menu lines that lead to a completing action (the Tasks group and the Crest)."""
    from tiletum_tui.games.tiletum.learn.tutorial import STEPS
    from tiletum_tui.games.tiletum.ui.choices import build_menu
    from tiletum_tui.games.tiletum.ui.learn import mark_hints

    state, _, _ = play_script(until_step=next(i for i, s in enumerate(STEPS) if s.move == "crest b27a 2"))
    seen = view(state)
    menu = build_menu(seen, options(seen))
    assert mark_hints(menu, hints.hints(seen, legal_actions(seen))) >= 1
    starred = [c for c in menu if c.label.startswith("★ ")]
    assert starred and "completes Building 2" in starred[0].detail
