"""`tiletum play`: a game without the screen (issue 2, Drive it without the screen)."""

import subprocess
import sys


def run(*args, stdin=""):
    return subprocess.run([sys.executable, "-m", "tiletum_tui", "play", *args], input=stdin, capture_output=True, text=True)


def test_a_random_four_player_game_plays_to_final_scoring():
    r = run("--players", "4", "--seed", "3", "--random", "1", "--quiet")
    assert r.returncode == 0, r.stderr
    assert "The game is over" in r.stdout and "winner:" in r.stdout


def test_a_bad_move_stops_with_the_move_the_reason_and_a_non_zero_exit():
    r = run("--players", "2", "--seed", "7", stdin="king\n")
    assert r.returncode == 1
    assert "move 1 'king' refused" in r.stderr and "King Action" in r.stderr


def test_moves_from_a_script_and_the_legal_actions(tmp_path):
    script = tmp_path / "moves.txt"
    script.write_text("# first turn\ndie 1Y   # the only 1 of seed 7\nend\n")
    r = run("--players", "2", "--seed", "7", "--script", str(script), "--legal")
    assert r.returncode == 0, r.stderr
    assert "Ann takes the yellow 1 (Architect Action, 6 AP)" in r.stdout
    assert "Bob: choose a die" in r.stdout
    legal_line = next(line for line in r.stdout.splitlines() if line.startswith("legal: "))
    assert "die 1Y" not in legal_line and "buy S" in legal_line  # the yellow 1 is gone; Bob has 3 Gold


def test_the_script_in_docs_notation_plays(tmp_path):
    """docs/notation.md shows a script: it must stay true."""
    import pathlib
    import re

    doc = (pathlib.Path(__file__).parents[2] / "docs" / "notation.md").read_text()
    script = re.search(r"```\n(.*?)```", doc, re.S).group(1)
    path = tmp_path / "moves.txt"
    path.write_text(script)
    r = run("--players", "2", "--seed", "7", "--script", str(path))
    assert r.returncode == 0, r.stderr
    assert "raises a Pillar at the Cathedral of Koeln" in r.stdout
