"""The command line: brief, clean messages and no traceback, whatever the input (issue 11).

Issue 11, cases: "Huge input is quoted back three times (a 1 MB bad action gives a 3 MB message;
a 10 MB line on stdin writes 20 MB to stderr). Terminal escape sequences in a save's actions or a
player name reach the terminal raw in load errors, `tiletum saves` and headless output." "CLI
tracebacks: `--script` naming a missing file, a folder, a non-UTF-8 file; standard input closed;
standard output closed early (`| head -1`)." "`tiletum play --script /dev/zero` the same [reads
until memory runs out]." "A crashed app exits with status 0, so scripts cannot tell."
Deliver: "Text from files, names and input is quoted briefly (a long value is cut, with its length)
and never sends control characters to the terminal. The CLI never prints a traceback for bad input
or a closed pipe; `tiletum` exits non-zero when the app crashed."
"""

from __future__ import annotations

import subprocess
import sys

import msgspec
import pytest

from tiletum_tui.shell import cli
from tiletum_tui.core.safe_text import clean, quote
from tiletum_tui.shell.saves.errors import ReplayError
from tiletum_tui.shell.session import Session

TILETUM = [sys.executable, "-m", "tiletum_tui"]
ESCAPES = "\x1b[2J\x1b]0;owned\x07\x9b31m\u202e"  # clear screen, set title + bell, CSI, bidi override


def _no_control(text: str) -> bool:
    return not any(ord(c) < 32 and c not in "\n" or 0x7f <= ord(c) < 0xa0 or c == "\u202e" for c in text)


def _run(args, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([*TILETUM, *args], capture_output=True, timeout=120, **kw)


@pytest.fixture
def saved(games, tmp_path):
    session = Session.new(games.settings(2, 1), save_dir=tmp_path, autosave=False)
    games.play(session, games.random_game(2, 1)[:12])
    return session.save("base")


def _with_action(path, index, text):
    doc = msgspec.json.decode(path.read_bytes())
    doc["actions"][index] = text
    path.write_bytes(msgspec.json.encode(doc))


def test_safe_text_cuts_with_the_length_and_escapes_controls():
    assert quote("x" * 1_000_000) == "'" + "x" * 60 + "… (1,000,000 characters)'"
    assert clean(ESCAPES) == "\\x1b[2J\\x1b]0;owned\\x07\\x9b31m\\u202e"
    assert clean("line\nbreak", keep="\n") == "line\nbreak" and clean("\udcff.json") == "\\udcff.json"
    assert len(clean("\x1b" * 10**6)) < 700 and len(quote("\x1b" * 10**6)) < 100  # cut before escaping


def test_a_megabyte_action_is_quoted_once_and_briefly(saved):
    _with_action(saved, 5, "move " + "y" * 1_000_000)
    with pytest.raises(ReplayError) as caught:
        Session.load(saved)
    message = str(caught.value)
    assert len(message) < 1000, len(message)  # it was 3 MB
    assert f"action 6 of 12 ('move {'y' * 55}… (1,000,005 characters)') is not an action" in message


def test_escape_sequences_in_an_action_never_reach_the_terminal(saved, capsys):
    _with_action(saved, 3, f"die {ESCAPES}")
    assert cli.main(["play", "--load", str(saved)]) == 2
    err = capsys.readouterr().err
    assert str(saved) in err and "action 4 of 12" in err and "\\x1b[2J" in err
    assert _no_control(err), repr(err)
    assert cli.main(["--save-dir", str(saved.parent), "saves"]) == 0
    out = capsys.readouterr().out
    assert _no_control(out) and "base" in out


def test_escape_sequences_in_a_save_name_are_shown_escaped(games, tmp_path, capsys):
    session = Session.new(games.settings(2, 1), save_dir=tmp_path, autosave=False)
    path = session.save("friday")
    doc = msgspec.json.decode(path.read_bytes())
    doc["meta"]["name"] = f"friday{ESCAPES}"
    path.write_bytes(msgspec.json.encode(doc))
    assert cli.main(["--save-dir", str(tmp_path), "saves"]) == 0
    out = capsys.readouterr().out
    assert _no_control(out) and "friday\\x1b" in out


def test_player_names_with_control_characters_are_refused_on_the_command_line(capsys):
    assert cli.main(["play", "--names", f"Ann{ESCAPES}", "Bob"]) == 2  # bad input (issue 42, item 5)
    err = capsys.readouterr().err
    assert "--names: the name 'Ann\\x1b[2J" in err and _no_control(err)


def test_a_ten_megabyte_line_on_standard_input_is_not_echoed():
    result = _run(["play", "--seed", "3"], input=b"die " + b"Z" * 10_000_000 + b"\n")
    assert result.returncode == 2 and b"Traceback" not in result.stderr
    assert len(result.stderr) < 1000, len(result.stderr)  # it was 20 MB
    assert b"standard input: line 1 is longer than 1,000 bytes" in result.stderr


def test_bad_scripts_are_messages_not_tracebacks(tmp_path):
    folder = tmp_path / "moves"
    folder.mkdir()
    latin1 = tmp_path / "latin1.txt"
    latin1.write_bytes("die 3B # café\n".encode("latin-1"))
    cases = [
        (tmp_path / "missing.txt", "no such file (the --script file of moves)"),
        (folder, "it is a folder, not a file of moves"),
        (latin1, "line 1 is not UTF-8 text (byte 0xe9 at column 13)"),
        ("/dev/zero", "line 1 is longer than 1,000 bytes"),
    ]
    for script, expected in cases:
        result = _run(["play", "--seed", "3", "--script", str(script)], stdin=subprocess.DEVNULL)
        err = result.stderr.decode()
        assert result.returncode == 2 and "Traceback" not in err, err
        assert f"tiletum: {script}: {expected}" in err, err


def test_standard_input_closed():
    result = subprocess.run(["sh", "-c", '"$@" <&-', "sh", *TILETUM, "play", "--seed", "3"],
                            capture_output=True, timeout=120)
    assert result.returncode == 2 and b"Traceback" not in result.stderr
    assert b"tiletum: standard input is closed: give the moves with --script FILE" in result.stderr


def test_standard_output_closed_early():
    """`tiletum play ... | head -1`: the reader goes away; no traceback, the status says so."""
    child = subprocess.Popen([*TILETUM, "play", "--seed", "3", "--random", "1"], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
    child.stdout.close()  # before the first line: every write meets a closed pipe
    err = child.stderr.read()
    child.stderr.close()
    assert child.wait(timeout=120) == 141 and err == b"", err
    closed = subprocess.run(["sh", "-c", '"$@" >&-', "sh", *TILETUM, "play", "--seed", "3", "--random", "1"],
                            capture_output=True, timeout=120)
    assert b"Traceback" not in closed.stderr


def test_a_crashed_app_exits_non_zero(tmp_path, monkeypatch):
    """Textual shows the error and exits; the exit status must say so."""
    from textual.app import App

    from tiletum_tui.shell.ui import app as ui_app

    def crash(self):
        raise RuntimeError("a bug on the title screen")

    real_run = App.run
    monkeypatch.setattr(ui_app.TiletumApp, "on_mount", crash)
    monkeypatch.setattr(ui_app.TiletumApp, "run", lambda self, **kw: real_run(self, headless=True))
    assert cli.main(["--save-dir", str(tmp_path)]) == 1
    monkeypatch.setattr(ui_app.TiletumApp, "on_mount", lambda self: self.exit())
    assert cli.main(["--save-dir", str(tmp_path)]) == 0


def test_a_missing_save_folder_is_refused_not_created(tmp_path, capsys):
    assert cli.main(["--save-dir", str(tmp_path / "typo"), "new"]) == 2
    assert f"the save folder {tmp_path / 'typo'} does not exist (create it first)" in capsys.readouterr().err
    assert not (tmp_path / "typo").exists()
    with pytest.raises(SystemExit):
        cli.main(["--save-dir", "", "saves"])


def test_an_unexpected_error_is_one_line_and_a_status(monkeypatch, capsys):
    from tiletum_tui.games.tiletum import headless

    def bug(args, settings):
        raise KeyError("oops")

    monkeypatch.setattr(headless, "play_headless", bug)
    monkeypatch.delenv("TILETUM_DEBUG", raising=False)
    assert cli.main(["play"]) == 70
    err = capsys.readouterr().err
    assert err.startswith("tiletum: unexpected error (a bug, please report it): KeyError") and err.count("\n") == 1
