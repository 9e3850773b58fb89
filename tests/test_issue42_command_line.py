"""Issue 42, items 4 and 5: the command line's last rough edges.

4. "`tiletum play --load` of a Carcassonne save is an internal error (rc 70 ...)": it opens a save of
   either game, or says which game it is; never rc 70.
5. "The exit status for bad input is 1 for a bad `--players` or a control character in `--names`, where
   the README says 2; an option of the other game is ignored silently (`--silver` with Carcassonne)."
   Must: "a test per subcommand for bad input → 2; an option of another game refused with a message
   naming the game". (README: "2 for bad input (a save, a script, a path, a `--save-dir` that does not
   exist)".)

Nothing here may start the screens or a host: ``run_app`` is replaced by a stand-in that fails the test.
"""

from __future__ import annotations

import pytest

from tiletum_tui.shell import cli


@pytest.fixture(autouse=True)
def no_screens(monkeypatch):
    import tiletum_tui.shell.ui.app as app

    def refuse(*args, **kwargs):
        raise AssertionError("bad input started the screens")

    monkeypatch.setattr(app, "run_app", refuse)


def _status(argv) -> int:
    """The exit status the shell sees (a SystemExit with a message is status 1, as Python exits)."""
    try:
        return cli.main(argv)
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else 1


@pytest.fixture(scope="module")
def saves(tmp_path_factory):
    folder = tmp_path_factory.mktemp("saves")
    assert cli.main(["play", "--seed", "3", "--random", "1", "--quiet", "--save", str(folder / "t.json")]) == 0
    assert cli.main(["play", "--game", "carcassonne", "--seed", "3", "--random", "1", "--quiet",
                     "--save", str(folder / "c.json")]) == 0
    return folder


def test_play_load_opens_a_carcassonne_save_without_being_told_the_game(saves, capsys):
    """Item 4: the save says which game it is."""
    capsys.readouterr()
    assert _status(["play", "--load", str(saves / "c.json"), "--random", "1"]) == 0
    out = capsys.readouterr().out
    assert "the game is over" in out and "points (" in out  # Carcassonne's own words for its scores
    assert _status(["play", "--load", str(saves / "t.json"), "--random", "1"]) == 0
    assert "VP (" in capsys.readouterr().out


@pytest.mark.parametrize("given, save, other", [("tiletum", "c.json", "Carcassonne"), ("carcassonne", "t.json", "Tiletum")])
def test_play_load_of_the_other_games_save_names_its_game(saves, capsys, given, save, other):
    assert _status(["play", "--game", given, "--load", str(saves / save), "--random", "1"]) == 2
    err = capsys.readouterr().err
    assert f"is a save of {other}" in err and "unexpected error" not in err


BAD_INPUT = {
    "new --players": ["new", "--players", "7"],
    "new --names": ["new", "--names", "A\x1bB"],
    "new carcassonne --players": ["new", "--game", "carcassonne", "--players", "9"],
    "play --players": ["play", "--players", "7", "--random", "1"],
    "play --names control": ["play", "--names", "A\x1bB", "Bob", "--random", "1"],
    "play --names too many": ["play", "--names", "A", "B", "C", "--random", "1"],
    "play carcassonne --players": ["play", "--game", "carcassonne", "--players", "9", "--random", "1"],
    "play carcassonne --names": ["play", "--game", "carcassonne", "--names", "A\x1bB", "--random", "1"],
    "play --names twice": ["play", "--names", "Ann", "Ann", "--random", "1"],
    "play carcassonne --names twice": ["play", "--game", "carcassonne", "--names", "Ann", "Ann", "--random", "1"],
    "play --seed huge": ["play", "--seed", "9" * 30, "--random", "1"],
    "play --seed arabic-indic": ["play", "--seed", "٣", "--random", "1"],
    "play --players arabic-indic": ["play", "--players", "٣", "--random", "1"],
    "load": ["load", "/nonexistent/x.json"],
    "--continue": ["--continue", "--save-dir", "/nonexistent/folder"],
    "saves": ["saves", "--save-dir", "/nonexistent/folder"],
    "export": ["export", "/nonexistent/x.json", "--to", "/tmp/x.record"],
    "import": ["import", "/nonexistent/x.record"],
    "stats": ["stats", "/nonexistent/folder"],
    "bench --games 0": ["bench", "--games", "0", "--no-ui"],
    "arena --games 0": ["arena", "--games", "0", "--quiet"],
    "host --listen": ["host", "--listen", "127.0.0.1:²"],
    "host --listen huge": ["host", "--listen", "127.0.0.1:" + "9" * 40],
    "host --pace": ["host", "--pace", "nan"],
    "host --public-url": ["host", "--public-url", "http://example.invalid"],
    "join --as": ["join", "--as", "a\x1b"],
}


@pytest.mark.parametrize("case", sorted(BAD_INPUT))
def test_bad_input_is_exit_status_2_in_every_subcommand(case, capsys, tmp_path):
    argv = BAD_INPUT[case]
    if argv[0] in ("host",):
        argv = [*argv, "--host-dir", str(tmp_path)]
    assert _status(argv) == 2
    err = capsys.readouterr().err
    assert err.splitlines()[-1].startswith("tiletum") and "unexpected error" not in err and "Traceback" not in err


@pytest.mark.parametrize("argv, words", [
    (["play", "--game", "carcassonne", "--silver", "--random", "1"], "--silver is an option of Tiletum, not of Carcassonne"),
    (["play", "--game", "carcassonne", "--a-sides", "--random", "1"], "--a-sides is an option of Tiletum, not of Carcassonne"),
    (["new", "--game", "carcassonne", "--silver"], "--silver is an option of Tiletum, not of Carcassonne"),
    (["play", "--river", "--random", "1"], "--river is an option of Carcassonne, not of Tiletum"),
    (["new", "--river"], "--river is an option of Carcassonne, not of Tiletum"),
    (["arena", "--game", "carcassonne", "--silver", "--games", "1"], "--silver is an option of Tiletum, not of Carcassonne"),
    (["arena", "--river", "--games", "1"], "--river is an option of Carcassonne, not of Tiletum (add --game carcassonne)"),
])
def test_an_option_of_the_other_game_is_refused_naming_the_game(argv, words, capsys):
    assert _status(argv) == 2
    assert words in capsys.readouterr().err


def test_the_arena_plays_carcassonne_under_the_rules_version_asked(tmp_path, capsys):
    """Found by the search (item 4): `arena --game carcassonne --rules 2` was refused ("rules version 1
    only") though 2 is Carcassonne's current version, and `--rules 1` was ignored (its games were 2's)."""
    import msgspec

    for rules in (1, 2, 3):
        out = tmp_path / f"r{rules}"
        assert cli.main(["arena", "--game", "carcassonne", "--seats", "beginner,beginner", "--games", "1", "--jobs",
                         "1", "--quiet", "--rules", str(rules), "--out", str(out)]) == 0
        (saved,) = out.iterdir()
        assert msgspec.json.decode(saved.read_bytes())["settings"]["rules"] == rules
    assert _status(["arena", "--game", "carcassonne", "--rules", "9", "--games", "1", "--quiet"]) == 2
    assert "(1, 2, 3), not 9" in capsys.readouterr().err


@pytest.mark.parametrize("option", [["--river"], ["--silver"], ["--players", "3"], ["--seed", "4"], ["--seed", "0"],
                                    ["--names", "Cid"]])
def test_play_load_refuses_an_option_the_save_overrules(saves, capsys, option):
    """An option that sets a game up would be ignored by `play --load` (the save says how its game is set
    up): refused, as every silently ignored option (item 5)."""
    save = "c.json" if option == ["--river"] else "t.json"
    assert _status(["play", "--load", str(saves / save), "--random", "1", *option]) == 2
    assert f"{option[0]} has no effect with --load" in capsys.readouterr().err
