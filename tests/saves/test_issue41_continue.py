"""Issue 41 item 8: Continue offered a finished game's older named save as unfinished ("round 4, Ann 130
…" after the game ended 203/174/144): two saves of one game, the newer one over."""

from __future__ import annotations

import random
import time

from tiletum_tui.games.tiletum.engine import PlayerSetup, Settings, legal_actions
from tiletum_tui.shell.session import EVERY_SEAT, Session

SETTINGS = Settings(players=(PlayerSetup("Ann", "red"), PlayerSetup("Bob", "blue")), seed=5)


def _play(session, rng, moves=None):
    n = 0
    while not session.finished and (moves is None or n < moves):
        session.apply(rng.choice(legal_actions(session.state)), by=EVERY_SEAT)
        n += 1


def test_continue_skips_an_older_save_of_a_game_that_ended(tmp_path):
    rng = random.Random(1)
    session = Session.new(SETTINGS, save_dir=tmp_path, autosave=False)
    _play(session, rng, 60)
    named = session.save("before the end")
    assert Session.latest_unfinished(tmp_path) == named  # (while that is the newest save, it is the game)
    _play(session, rng)
    time.sleep(0.01)
    session.save("the end")
    assert session.finished
    assert Session.latest_unfinished(tmp_path) is None  # the game is over: nothing to continue


def test_another_unfinished_game_is_still_continued(tmp_path):
    rng = random.Random(2)
    other = Session.new(Settings(players=SETTINGS.players, seed=6), save_dir=tmp_path, autosave=False)
    _play(other, rng, 30)
    kept = other.save("another game")
    time.sleep(0.01)
    session = Session.new(SETTINGS, save_dir=tmp_path, autosave=False)
    _play(session, rng, 60)
    session.save("before the end")
    _play(session, rng)
    time.sleep(0.01)
    session.save("the end")
    assert Session.latest_unfinished(tmp_path) == kept


def test_the_listing_says_an_older_save_is_of_a_game_that_ended(tmp_path):
    rng = random.Random(1)
    session = Session.new(SETTINGS, save_dir=tmp_path, autosave=False)
    _play(session, rng, 60)
    named = session.save("before the end")
    _play(session, rng)
    time.sleep(0.01)
    session.save("the end")
    rows = {info.path: info for info in Session.checked_saves(tmp_path)}
    final = " / ".join(f"{p.name} {p.vp}" for p in session.state.players)
    assert not rows[named].finished and f"the game ended {final}" in rows[named].progress
