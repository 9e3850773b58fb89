"""Carcassonne's opponents through the shell (issue 20): "They think in the opponents' worker process"
and "`tiletum arena --game carcassonne …` with the same output as Tiletum's arena". The worker and
the arena reach them by the game's name (``games.OPPONENTS``), naming no game themselves."""

from __future__ import annotations

import re

import pytest

from tiletum_tui.games.carcassonne.engine import legal_actions, new_game, notation, view
from tiletum_tui.games.carcassonne.opponents.levels import Opponent
from tiletum_tui.shell.cli import main
from tiletum_tui.shell.session import Session

from ..helpers import settings


def test_the_worker_plays_a_carcassonne_seat_from_the_view_it_is_sent():
    from tiletum_tui.shell.opponents.worker import OpponentProcess

    state = new_game(settings(3, 21))
    here = Opponent(0, "journeyman").choose(view(state))
    proc = OpponentProcess({0: ("journeyman", "2s"), 2: ("master", "5")}, game="carcassonne")
    try:
        request = proc.ask(view(state), 0)
        answer = proc.receive()
        with pytest.raises(ValueError, match="only a view"):
            proc.ask(state, 0)  # the full state never leaves the game
    finally:
        proc.close()
    assert not answer.error and answer.request == request and answer.seat == 0
    assert answer.action == notation(here.action) and list(answer.plan) == [notation(a) for a in here.plan]
    assert answer.move in legal_actions(state)
    assert proc.process.poll() is not None


def test_a_carcassonne_level_that_fails_gets_the_beginners_legal_move():
    from tiletum_tui.shell.opponents.worker import OpponentProcess

    state = new_game(settings(2, 21))
    proc = OpponentProcess({1: ("journeyman", "2s")}, game="carcassonne")  # nobody for seat 0: asking fails
    try:
        proc.ask(view(state), 0)
        answer = proc.receive()
    finally:
        proc.close()
    assert answer.error.startswith("KeyError") and answer.move in legal_actions(state)


LINE = re.compile(r"^seed \d+: 1 \w+ \d+, 2 \w+ \d+(, 3 \w+ \d+)*; (winner: seat \d \(\w+\)|winners: .*, tied)")


def test_the_arena_plays_carcassonne_with_tiletums_output_and_saves_each_game(tmp_path, capsys):
    assert main(["arena", "--game", "carcassonne", "--seats", "journeyman,beginner,master", "--games", "2",
                 "--seed", "30", "--budget", "2", "--jobs", "1", "--quiet", "--river", "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out.splitlines()
    lines = [x for x in out if x.startswith("seed ")]
    assert len(lines) == 2 and all(LINE.match(x) for x in lines), lines
    assert any(x.startswith("2 games, 3 players (journeyman, beginner, master), search budget 2 simulations")
               for x in out)
    header = next(x for x in out if x.startswith("level"))
    assert header.split() == ["level", "seats", "wins", "win", "rate", "95%", "interval", "fair", "share", "avg",
                              "VP", "s/decision", "s/turn", "sims/turn", "cut"]
    assert any(x.startswith("journeyman ") and "%" in x for x in out)
    assert any("per seat and game" in x for x in out)
    for path in sorted(tmp_path.glob("*.json")):  # each game a save of Carcassonne, with the River
        s = Session.load(path, autosave=False)
        assert s.game.name == "carcassonne" and s.finished and s.settings.river
        line = next(x for x in lines if x.startswith(f"seed {s.settings.seed}:"))
        assert line.startswith(f"seed {s.settings.seed}: " + ", ".join(
            f"{i + 1} {seat.level} {v}" for i, (seat, v) in enumerate(zip(s.seats, s.state.scores))))


@pytest.mark.parametrize("bad,words", [
    (["--seats", "master,master,master,master,master,master"], "--seats takes 2 to 5 levels"),
    (["--rules", "9"], "--rules is a rules version of Carcassonne this program plays (1, 2, 3)"),  # (2, 3 are)
    (["--games", "0"], "--games is a number")])
def test_the_carcassonne_arena_refuses_what_it_cannot_play(bad, words, capsys):
    quick = ["--seats", "beginner,beginner", "--games", "1"]  # (were the refusal missing: one quick game)
    assert main(["arena", "--game", "carcassonne", "--quiet", *quick, *bad]) == 2
    assert capsys.readouterr().err.startswith("tiletum arena: " + words)


def test_an_arena_refuses_the_other_games_options(capsys):
    """As ``new`` and ``play`` do (issue 38: one rule, from each game's registry entry)."""
    assert main(["arena", "--seats", "beginner,beginner", "--quiet", "--river"]) == 2
    assert "--river is an option of Carcassonne, not of Tiletum (add --game carcassonne)" in capsys.readouterr().err
    assert main(["arena", "--game", "carcassonne", "--seats", "beginner,beginner", "--quiet", "--silver"]) == 2
    assert "--silver is an option of Tiletum, not of Carcassonne" in capsys.readouterr().err
