"""Issue 39, item 4: "Nothing outside the engine writes into a session's history, and no module
writes into another's private fields": ``ui/opponents.py`` replaced the session's last log entry to
add a note, and helpers wrote into the game screen's ``_map_args``, ``_stale`` and ``_draw_view``.
The note is now recorded by the session with the move (``Session.apply(..., note=)``), and the
screen has public methods (``mark_on_map``, ``show_view``, ``redraw_view``)."""

from __future__ import annotations

import ast
import random
from pathlib import Path

from tiletum_tui.core import games
from tiletum_tui.shell.session import EVERY_SEAT, Session

ROOT = Path(__file__).resolve().parents[1] / "tiletum_tui"
SCREEN_PRIVATE = {"_map_args", "_stale", "_draw_view"}


def _sources():
    for path in sorted(ROOT.rglob("*.py")):
        yield path, ast.parse(path.read_text(), str(path))


def test_no_module_but_the_session_writes_into_a_log():
    """A log entry replaced or added from outside (``x.log[-1] = ...``, ``x.log.append``)."""
    found = []
    for path, tree in _sources():
        if path.parent.name == "session":
            continue
        for node in ast.walk(tree):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AugAssign) else []
            for t in targets:
                if isinstance(t, ast.Subscript) and isinstance(t.value, ast.Attribute) and t.value.attr == "log":
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not found, found


def test_no_helper_writes_into_the_game_screens_private_fields():
    found = []
    for path, tree in _sources():
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr in SCREEN_PRIVATE:
                owner = node.value
                if not (isinstance(owner, ast.Name) and owner.id == "self"):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.attr}")
    assert not found, found


def test_a_note_is_recorded_by_the_session_with_its_move():
    game = games.game("tiletum")
    s = Session.new(game.table_settings([("Ann", "red"), ("Bob", "blue")], 3), autosave=False, game=game)
    action = random.Random(1).choice(game.legal_actions(s.state))
    entry = s.apply(action, by=EVERY_SEAT, note="Bob could not decide: this move is the beginner's")
    assert s.log[-1] is entry and entry.note.startswith("Bob could not decide")
