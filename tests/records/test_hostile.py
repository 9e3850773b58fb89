"""Issue 21: "a clear message for every bad record (line and column), never a traceback"; Tests: "hostile
records (truncated, wrong game, unknown rules version, illegal move at line N, huge, binary, control
characters) each with its message and nothing written". Each is imported with `tiletum import`: exit
status 2 (bad input), one line on stderr naming the file, the line and the column, and the save folder
left empty. Records are untrusted input, as saves are (issue 11)."""

from __future__ import annotations

import re

import pytest

from tiletum_tui.shell import cli
from tiletum_tui.core import games
from tiletum_tui.shell.records import read_record, write_record
from tiletum_tui.shell.session import Session

from .conftest import DATE, random_moves, tiletum_settings

SETTINGS = tiletum_settings(2, 7)
MOVES = random_moves("tiletum", SETTINGS, 30)[0]
GOOD = write_record(games.game("tiletum"), SETTINGS, ("person", "journeyman"), DATE, MOVES)
LINES = GOOD.splitlines()


def _line_of(prefix: str) -> int:
    return next(i for i, line in enumerate(LINES, 1) if line.startswith(prefix))


def _with(line_prefix: str, new: str | None) -> str:
    """GOOD with the line starting ``line_prefix`` replaced by ``new`` (None: removed)."""
    n = _line_of(line_prefix)
    out = LINES[:n - 1] + ([] if new is None else [new]) + LINES[n:]
    return "\n".join(out) + "\n"


def _import(tmp_path, capsys, data: bytes | str, name: str = "hostile.record") -> tuple[int, str]:
    path = tmp_path / name
    path.write_bytes(data.encode() if isinstance(data, str) else data)
    folder = tmp_path / "saves"
    folder.mkdir(exist_ok=True)
    code = cli.main(["import", str(path), "--save-dir", str(folder)])
    out, err = capsys.readouterr()
    assert list(folder.iterdir()) == [], "nothing is written"
    assert "Traceback" not in err and out == ""
    assert err.count("\n") == 1 and err.startswith(f"tiletum: {path}: ")
    return code, err


def _where(err: str) -> tuple[int, int]:
    m = re.search(r"line (\d+), column (\d+): ", err)
    assert m, err
    return int(m.group(1)), int(m.group(2))


def test_the_good_record_imports(tmp_path, capsys):
    """(The record the hostile ones are made from is a good one.)"""
    path = tmp_path / "good.record"
    path.write_text(GOOD)
    assert cli.main(["import", str(path), "--save-dir", str(tmp_path)]) == 0
    assert Session.load(tmp_path / "good.json", autosave=False).notation_log == list(MOVES)


@pytest.mark.parametrize("cut", [0.3, 0.6, 0.99])
def test_a_truncated_record_is_cut_short(tmp_path, capsys, cut):
    code, err = _import(tmp_path, capsys, GOOD[:int(len(GOOD) * cut)])
    assert code == 2 and "the record is cut short" in err and "without the line `end`" in err
    assert _where(err)[0] > 1


def test_a_record_of_another_game(tmp_path, capsys):
    code, err = _import(tmp_path, capsys, GOOD.replace('[Game "tiletum"]', '[Game "chess"]'))
    assert code == 2 and "a record of the game 'chess', which this program does not play" in err
    assert _where(err) == (_line_of("[Game"), 1)


def test_a_carcassonne_record_of_tiletum_moves(tmp_path, capsys):
    """Another game's moves: the first is refused with Carcassonne's reason, at its line."""
    text = GOOD.replace('[Game "tiletum"]', '[Game "carcassonne"]').replace('[Modules ""]\n', "")
    code, err = _import(tmp_path, capsys, text.replace('[Rules "2"]', '[Rules "1"]'))
    first = next(i for i, line in enumerate(text.splitlines(), 1) if line == MOVES[0])
    assert code == 2 and f"line {first}, column 1: {MOVES[0]!r} is not a move of Carcassonne" in err


def test_an_unknown_rules_version(tmp_path, capsys):
    code, err = _import(tmp_path, capsys, _with("[Rules", '[Rules "9"]'))
    assert code == 2 and "rules version 9 of Tiletum is unknown to this program (it knows 1, 2)" in err
    assert _where(err) == (_line_of("[Rules"), 1)


def test_an_unknown_record_format(tmp_path, capsys):
    code, err = _import(tmp_path, capsys, _with("[Record", '[Record "7"]'))
    assert code == 2 and "record format '7' is unknown to this program" in err


def test_an_illegal_move_at_line_n_with_the_engines_reason(tmp_path, capsys):
    """"illegal move at line N": the engine's own reason, read from the engine here."""
    game = games.game("tiletum")
    state = game.new_game(SETTINGS)
    for text in MOVES[:20]:
        state = game.apply(state, game.parse(text, None, SETTINGS))
    wrong = "1: king" if game.current_player(state) == 0 else "2: king"
    with pytest.raises(game.Error) as refused:
        game.apply(state, game.parse(wrong, None, SETTINGS))
    lines = [i for i, line in enumerate(LINES, 1) if line == MOVES[20]]
    n = next(i for i in lines if sum(1 for line in LINES[:i - 1] if line and line[0].isdigit()) == 20)
    text = "\n".join(LINES[:n - 1] + [wrong] + LINES[n:]) + "\n"
    code, err = _import(tmp_path, capsys, text)
    assert code == 2 and f"line {n}, column 1: the move '{wrong}' is not allowed there: {refused.value}" in err


def test_a_huge_record(tmp_path, capsys):
    """"huge": refused by its size before it is read through."""
    code, err = _import(tmp_path, capsys, GOOD + "# " + "x" * 990 + "\n" * 1100 + "#\n" * 600_000)
    assert code == 2 and "the file is too large to be a game record" in err


def test_a_huge_record_under_another_name_and_a_huge_line(tmp_path, capsys):
    code, err = _import(tmp_path, capsys, GOOD + "#\n" * 600_000, name="huge.txt")
    assert code == 2 and "the file is too large to be a record" in err
    code, err = _import(tmp_path, capsys, _with("[Player1", '[Player1 "' + "A" * 5000 + '"]'))
    assert code == 2 and "the line is 5,012 characters long (a record's lines are at most 1000)" in err
    assert len(err) < 700  # never quoted back in full


@pytest.mark.parametrize("data, what", [
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "a NUL byte"),
    (b'[Record "1"]\n[Game "til\xffetum"]\n', "it is not UTF-8 text: byte 0xff"),
])
def test_a_binary_file(tmp_path, capsys, data, what):
    code, err = _import(tmp_path, capsys, data)
    assert code == 2 and "a binary file, not a record" in err and what in err


def test_control_characters_are_refused_and_never_echoed_raw(tmp_path, capsys):
    code, err = _import(tmp_path, capsys, _with("[Player2", '[Player2 "Bob\x1b[2J\x1b]0;owned\x07"]'))
    assert code == 2 and "a control character ('\\x1b') has no place in a record" in err
    assert _where(err) == (_line_of("[Player2"), 14)  # the ESC itself
    assert "\x1b" not in err and "\x07" not in err
    code, err = _import(tmp_path, capsys, GOOD.replace(MOVES[3], MOVES[3] + "\u202e", 1))
    assert code == 2 and "\\u202e" in err and "\u202e" not in err


def test_a_header_given_twice_or_missing(tmp_path, capsys):
    seed = _line_of("[Seed")
    code, err = _import(tmp_path, capsys, _with("[Seed", '[Seed "7"]\n[Seed "8"]'))
    assert code == 2 and f"line {seed + 1}, column 2: the header Seed is given twice (first at line {seed})" in err
    code, err = _import(tmp_path, capsys, _with("[Seed", None))
    assert code == 2 and "the header Seed is missing" in err
    code, err = _import(tmp_path, capsys, _with("[Date", None))
    assert code == 2 and "the header Date is missing" in err


def test_a_seat_count_that_does_not_match(tmp_path, capsys):
    code, err = _import(tmp_path, capsys, _with("[Players", '[Players "3"]'))
    assert code == 2 and "Players says 3 seats, but the header Player3 is missing" in err
    code, err = _import(tmp_path, capsys, _with("[Seat2", '[Seat2 "person"]\n[Seat3 "master"]'))
    assert code == 2 and "Players says 2 seats, but there is a header Seat3" in err
    code, err = _import(tmp_path, capsys, _with("[Players", '[Players "5"]'))
    assert code == 2 and "Players says 5 seats" in err


def test_a_result_the_moves_do_not_give(tmp_path, capsys):
    """A record cut after a whole move (its `end` kept) or edited without its result is not read as another game."""
    code, err = _import(tmp_path, capsys, _with("[Result", '[Result "Ann 80, Bob 10: Ann wins"]'))
    assert code == 2 and "Result says 'Ann 80, Bob 10: Ann wins', but the game is not over after the last move" in err
    assert _where(err) == (_line_of("[Result"), 1)


@pytest.mark.parametrize("line, new, message", [
    ("[Seat2", '[Seat2 "overlord"]', "seat 2: unknown opponent level 'overlord'"),
    ("[Seat2", '[Seat2 "master soon"]', "seat 2: "),
    ("[Seed", '[Seed "seven"]', "Seed must be a whole number (at most 18 digits), not 'seven'"),
    ("[Date", '[Date "yesterday"]', 'Date must be a time in UTC like "2026-12-01T10:00:00Z"'),
    ("[Seed", '[Seed 7]', "column 7: a header is written [Key \"value\"], not '[Seed 7]'"),
    ("[Seed", '[Seed "7"]\n[Flavour "mint"]', "column 2: unknown header Flavour"),
    ("[Player1", '[Player1 ""]', "seat 1: a name cannot be empty"),
    ("[Modules", '[Modules "chess"]', "these settings cannot start a game of Tiletum"),
])
def test_other_bad_headers(tmp_path, capsys, line, new, message):
    code, err = _import(tmp_path, capsys, _with(line, new))
    assert code == 2 and message in err, err
    _where(err)


def test_lines_out_of_place(tmp_path, capsys):
    code, err = _import(tmp_path, capsys, GOOD.replace("\nend\n", "\nend\n1: king\n"))
    assert code == 2 and "'1: king' after the line `end`" in err
    code, err = _import(tmp_path, capsys, GOOD.replace(MOVES[5] + "\n", MOVES[5] + '\n[Seed "3"]\n', 1))
    assert code == 2 and "a header after the moves began" in err
    code, err = _import(tmp_path, capsys, "1: die 3B\nend\n")
    assert code == 2 and _where(err) == (1, 1) and 'it begins with the header [Record "1"]' in err


def test_a_bad_record_opened_as_a_save_says_the_same(tmp_path):
    """`tiletum load` and Open read a record as a save: the same message, as a SaveFileError."""
    from tiletum_tui.shell.saves.errors import SaveFileError

    path = tmp_path / "x.record"
    path.write_text(_with("[Rules", '[Rules "9"]'))
    with pytest.raises(SaveFileError, match=r"line \d+, column 1: rules version 9 of Tiletum is unknown"):
        Session.load(path, autosave=False)
    with pytest.raises(Exception, match="rules version 9"):
        read_record(path.read_bytes())
