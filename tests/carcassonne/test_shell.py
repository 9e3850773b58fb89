"""Carcassonne through the shell (issue 19): the session (undo back to the tile drawn, never across a
draw), saves naming the game and its rules version, loading by replay, ``tiletum saves`` listing a
Tiletum and a Carcassonne save side by side in their own words, and ``tiletum play --game carcassonne``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tiletum_tui.core import games
from tiletum_tui.shell.saves import listing
from tiletum_tui.shell.session import Session, UndoError

from .helpers import settings

GAME = games.game("carcassonne")


def _first_place(session):
    from tiletum_tui.games.carcassonne.engine import legal_actions

    return GAME.notation(legal_actions(session.state)[0])


def test_undo_goes_back_to_the_tile_drawn_never_across_a_draw(tmp_path):
    session = Session.new(settings(seed=2), save_dir=tmp_path, game=GAME)
    drawn = session.state.drawn
    session.apply(_first_place(session), by=session.current_player)
    assert session.can_undo(by=session.current_player) is None
    session.undo(by=session.current_player)
    assert session.state.drawn == drawn and session.state.phase == "place"
    mover = session.current_player
    session.apply(_first_place(session), by=mover)
    session.apply("no follower", by=mover)  # ends the turn: the next tile is drawn
    assert session.can_undo(by=mover) == "a tile was drawn: undo stops at a reveal"
    with pytest.raises(UndoError):
        session.undo(by=mover)
    session.close()


@pytest.mark.parametrize("rules", [1, 2])
def test_a_save_names_its_game_and_rules_version_and_loads_by_replay(tmp_path, rules):
    session = Session.new(settings(seed=3, river=True, rules=rules), save_dir=tmp_path, game=GAME)
    for _ in range(3):
        session.apply(_first_place(session), by=session.current_player)
        session.apply("no follower", by=session.current_player)
    path = session.save("by the river")
    raw = json.loads(path.read_text())
    assert raw["game"] == "carcassonne" and raw["settings"]["rules"] == rules and raw["settings"]["river"] is True
    loaded = Session.load(path, autosave=False)
    assert loaded.game is GAME and loaded.digest() == session.digest()
    assert loaded.notation_log == session.notation_log
    session.close()


def test_tiletum_and_carcassonne_saves_side_by_side_each_in_its_own_words(tmp_path):
    from tiletum_tui.games.tiletum.engine import PlayerSetup, Settings


    carc = Session.new(settings(seed=4), save_dir=tmp_path, game=GAME, autosave=False)
    carc.apply(_first_place(carc), by=carc.current_player)
    carc.save("castles")
    tiletum = Session.new(Settings(players=(PlayerSetup("Ann", "red"), PlayerSetup("Bob", "blue")), seed=1),
                          save_dir=tmp_path, autosave=False)
    tiletum.save("dice")
    _, rows = listing.saves_table(Session.checked_saves(tmp_path))  # as replaying gives them
    by_name = {r[0]: r for r in rows}
    assert by_name["castles"][1] == "Carcassonne, turn 1, a follower?"
    assert by_name["dice"][1] == "Tiletum, round 1"


def _play(*args, stdin=""):
    return subprocess.run([sys.executable, "-m", "tiletum_tui", "play", "--game", "carcassonne", *args],
                          input=stdin, capture_output=True, text=True)


def test_headless_random_game_to_the_final_scoring(tmp_path):
    r = _play("--players", "2", "--seed", "1", "--random", "1", "--quiet", "--save", str(tmp_path / "g.json"))
    assert r.returncode == 0, r.stderr
    assert "the game is over" in r.stdout and "winner:" in r.stdout
    assert Session.load(tmp_path / "g.json", autosave=False).finished


def test_headless_refuses_a_bad_move_with_the_rules_words():
    r = _play("--players", "2", "--seed", "1", stdin="place D at 5,5\n")
    assert r.returncode == 1
    assert "refused: the tile drawn is" in r.stderr or "at least one edge abutting" in r.stderr


def test_a_river_game_saved_under_version_1_plays_on_with_its_r9(tmp_path):
    """Version 2 replaced the River tile R9 by R11 (docs/carcassonne.md); a game saved under version
    1 keeps R9: its moves replay, R9's placing among them, and it plays on to its end."""
    golden = next(g for g in json.loads((Path(__file__).parent / "golden" / "games.json").read_text())
                  if g["river"] and g["rules"] == 1)
    session = Session.new(settings(golden["players"], golden["seed"], True, rules=1), save_dir=tmp_path, game=GAME)
    upto = next(i for i, a in enumerate(golden["actions"]) if " R9 " in a) + 2
    for text in golden["actions"][:upto]:
        session.apply(text, by=session.current_player)
    loaded = Session.load(session.save("by the old river"), autosave=False)
    assert loaded.settings.rules == 1 and "R9" in {p.design for p in loaded.state.placed}
    assert "R11" not in {p.design for p in loaded.state.placed} | set(loaded.state.pile)
    for text in golden["actions"][upto:]:
        loaded.apply(text, by=loaded.current_player)
    assert loaded.finished and list(loaded.state.scores) == golden["scores"]
    session.close()


def test_the_log_shows_table_talk_where_it_was_said():
    """Issue 25: "Table talk: a line to the table, shown in the game log" (Tiletum's log did; a hosted
    Carcassonne game's log, l, did not show it)."""
    from tiletum_tui.games.carcassonne.engine import legal_actions
    from tiletum_tui.games.carcassonne.ui import news
    from tiletum_tui.shell.host.protocol import Chat

    session = Session.new(settings(seed=2), autosave=False, game=GAME)
    for _ in range(2):  # ann's tile and follower
        session.apply(legal_actions(session.state)[0], by=0)
    chat = (Chat("ann", "hello bob", 1, 0.0), Chat("bob", "hi", 2, 0.0))
    lines = [line for _seat, line in news.log_lines(session.log, ["Ann", "Bob"], chat=chat)]
    assert len(lines) == 4 and lines[1] == "     ❝ ann: hello bob" and lines[3] == "     ❝ bob: hi"
