"""The score preview computes with the engine on a clone; hints mark what completes something."""

from __future__ import annotations

import random

from tiletum_tui.engine import apply, digest, legal_actions, new_game, parse
from tiletum_tui.engine.flow import fair_count
from tiletum_tui.engine.queries import CAT, TRACKS, king_vp
from tiletum_tui.learn import hints, preview
from tiletum_tui.learn.tutorial import SETTINGS, play_script


def _random_state(moves: int, seed: int = 2):
    state, rng = new_game(SETTINGS), random.Random(seed)
    for _ in range(moves):
        state = apply(state, rng.choice(legal_actions(state)))
    return state


def test_preview_leaves_the_game_untouched_and_matches_the_engine():
    state = _random_state(60)
    before = digest(state)
    pv = preview.preview(state)
    assert digest(state) == before
    fair = state.board.fairs[state.round - 1]
    tile = CAT.fair_tiles[fair.tile]
    for i, row in enumerate(pv.players):
        assert row.vp == state.players[i].vp
        assert row.king - king_vp(state, i) in (0, TRACKS.king_round4_vp)
        if tile.condition != "king_track" and row.fair:
            per = TRACKS.fair_board_vp[state.round - 1] + tile.vp
            assert row.fair == per * fair_count(state, i, tile.condition)
    assert "Final scoring as it stands" in preview.preview_text(state)


def test_preview_of_the_fair_agrees_with_the_real_fair():
    """At the end of the tutorial's round 1 the preview says what the Fair then really scores."""
    _, _, moves = play_script()  # stops in round 2: replay its moves up to the King phase
    replay = new_game(SETTINGS)
    for m in moves:
        if replay.phase == "king":
            break
        replay = apply(replay, parse(m))
    assert replay.phase == "king"
    pv = preview.preview(replay)
    after = apply(replay, parse("claim"))
    real = {i: sum(e.vp for e in after.events[len(replay.events):] if e.player == i and e.category == "fairs")
            for i in range(2)}
    assert [r.fair for r in pv.players] == [real[0], real[1]]
    assert real[0] > 0  # the lesson's Contract and Cathedral paid off at the Fair


def test_final_preview_after_the_game_is_the_ledger():
    state, rng = new_game(SETTINGS), random.Random(8)
    while state.phase != "over":
        state = apply(state, rng.choice(legal_actions(state)))
    pv = preview.preview(state)
    for i, row in enumerate(pv.players):
        assert row.final_total == sum(state.players[i].ledger.get(c, 0) for c in row.final)


def test_hints_mark_the_completing_moves_of_the_tutorial():
    """In the lesson, placing the Crest completes Building 1 and fulfilling completes a Contract."""
    from tiletum_tui.learn.tutorial import STEPS

    state, _, _ = play_script(until_step=next(i for i, s in enumerate(STEPS) if s.move == "crest b25a 1"))
    found = hints.hints(state, legal_actions(state))
    assert any("completes Building 1" in w for w in found[parse("crest b25a 1")])
    state, _, _ = play_script(until_step=next(i for i, s in enumerate(STEPS) if s.move == "fulfil b38b"))
    found = hints.hints(state, legal_actions(state))
    assert any("fulfils a Contract" in w for w in found[parse("fulfil b38b")])
    assert all(hints.hints(state, [a]) == {} for a in legal_actions(state) if a != parse("fulfil b38b")
               and type(a).__name__ not in ("Fulfil", "PlaceCrest", "Room", "BuildCathedral"))


def test_hint_marks_on_the_decision_panel_menu():
    """mark_hints stars the menu lines that lead to a completing action (the Tasks group and the Crest)."""
    from tiletum_tui.engine.rules import check
    from tiletum_tui.learn.tutorial import STEPS
    from tiletum_tui.ui.choices import build_menu
    from tiletum_tui.ui.learn import mark_hints

    state, _, _ = play_script(until_step=next(i for i, s in enumerate(STEPS) if s.move == "crest b25a 1"))
    legal = legal_actions(state)
    menu = build_menu(state, legal, check)
    assert mark_hints(menu, hints.hints(state, legal)) >= 1
    starred = [c for c in menu if c.label.startswith("★ ")]
    assert starred and "completes Building 1" in starred[0].detail
