"""Narration (issue 10): each opponent move in one line as it happens, from the engine's words and
events; a Corruption token gets its one sentence when it flips."""

from __future__ import annotations

from tiletum_tui.games.tiletum.engine import apply, new_game, parse
from tiletum_tui.games.tiletum.engine.events import CorruptionRevealed
from tiletum_tui.games.tiletum.learn import tutorial as T
from tiletum_tui.games.tiletum.learn.narrate import CORRUPTION_SENTENCE, event_lines, narrate


def test_an_opponent_move_is_one_line_in_the_logs_words():
    state = new_game(T.SETTINGS)
    action = parse("1: die 3D")
    lines = narrate(state, action, apply(state, action))
    assert lines == ["Rosa takes the dark grey 3 (Character Action, 4 AP)."]


def test_a_corruption_token_gets_its_sentence_when_it_flips():
    state, lines = new_game(T.SETTINGS), []
    flips = [e for e in state.events if isinstance(e, CorruptionRevealed)]
    assert flips and flips[0].value == 2  # the seed's first token pulls both markers down two spaces
    assert any(CORRUPTION_SENTENCE in line and "turned up 2" in line for line in T.opening_lines(state))
    end, _, _ = T.play_script(narration=lines)
    laps = (end.round - 1) * 3 + end.lap  # one token a lap, every lap the script has begun
    assert laps == 9 and sum("Corruption token turned up" in line for line in lines) == laps


def test_the_king_phase_and_the_fair_are_told_with_their_scores():
    lines: list[str] = []
    T.play_script(narration=lines)
    assert "King track scored: Rosa -3, Alex -1." in lines
    assert any(line.startswith("The Fair in Tiletum: 5 VP each time") for line in lines)
    assert any("Alex +10 VP (Fair in Antwerpen" in line for line in lines)


def test_a_road_is_told_by_its_towns_names():
    state, _, _ = T.play_script(until_step=next(i for i, s in enumerate(T.STEPS) if s.move == "move merchant r01"))
    action = parse("2: move merchant r01")
    line = narrate(state, action, apply(state, action))[0]
    assert line == "Alex moves the Merchant to road London–Brugge." and not event_lines(state, [])
