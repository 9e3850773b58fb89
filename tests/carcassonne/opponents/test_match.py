"""A headless game between Carcassonne's opponents (``match.play_game``, what the arena plays; issue 20,
"the arena"), as scripts call it: without an observer the game is played in place, on a copy."""

from __future__ import annotations

from tiletum_tui.games.carcassonne.opponents.match import play_game


def test_a_headless_game_between_opponents_plays_to_the_end_without_an_observer():
    result = play_game(("journeyman", "beginner"), 3)
    assert len(result.vp) == 2 and result.winners and result.turns == [36, 35]
