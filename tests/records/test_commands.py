"""Issue 21: `tiletum export SAVE --to FILE`, `tiletum import FILE` and `tiletum stats FOLDER` ("the same
charts and tables across many games (win rate by seat and by level, average VP by category)"), with the
README's exit statuses: 0 when all went well, 2 for bad input, and nothing written then."""

from __future__ import annotations

from tiletum_tui.shell import cli
from tiletum_tui.core import games
from tiletum_tui.shell.records import read_record
from tiletum_tui.shell.records.stats import Finished, tables
from tiletum_tui.shell.saves import record_files
from tiletum_tui.shell.session import Session

from .conftest import carcassonne_settings, random_moves, tiletum_settings


def _save(tmp_path, name, settings, stop=None, seats=()):
    game = games.game("tiletum" if hasattr(settings, "modules") else "carcassonne")
    moves = random_moves(game.name, settings, stop)[0]
    session = Session.from_actions(settings, moves, game=game, seats=[record_files.seat_of(s) for s in seats])
    return session.save_as(tmp_path / f"{name}.json")


def test_export_writes_a_record_and_never_replaces_another_file(tmp_path, capsys):
    save = _save(tmp_path, "g", tiletum_settings(3, 4), 25, ("person", "master 2s", "beginner"))
    target = tmp_path / "g.record"
    assert cli.main(["export", str(save), "--to", str(target)]) == 0
    record = read_record(target.read_bytes())
    assert record.seats == ("person", "master 2s", "beginner") and len(record.moves) == 25
    assert cli.main(["export", str(save), "--to", str(target)]) == 0  # its own record again: replaced
    other = tmp_path / "notes.txt"
    other.write_text("my notes\n")
    assert cli.main(["export", str(save), "--to", str(other)]) == 2
    assert other.read_text() == "my notes\n" and "is not a readable game record: it is not replaced" in capsys.readouterr().err
    second = _save(tmp_path, "h", tiletum_settings(2, 9), 5)
    assert cli.main(["export", str(second), "--to", str(target)]) == 2  # another game's record
    assert "the record of another game" in capsys.readouterr().err and read_record(target.read_bytes()) == record


def test_export_of_a_bad_save_or_into_a_missing_folder_is_bad_input(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    assert cli.main(["export", str(bad), "--to", str(tmp_path / "x.record")]) == 2
    assert "cut short" in capsys.readouterr().err and not (tmp_path / "x.record").exists()
    save = _save(tmp_path, "g", tiletum_settings(2, 4), 3)
    assert cli.main(["export", str(save), "--to", str(tmp_path / "nowhere" / "x.record")]) == 2
    assert "does not exist: export never creates folders" in capsys.readouterr().err
    assert cli.main(["export", str(tmp_path / "missing.json"), "--to", str(tmp_path / "y.record")]) == 2


def test_import_never_replaces_a_save_and_refuses_a_save(tmp_path, capsys):
    """"`tiletum import FILE` ... reads it back to a game": into the save folder, under the file's name
    (a free one: never over another file)."""
    save = _save(tmp_path, "g", carcassonne_settings(3, 2, river=True), 12)
    record = tmp_path / "shared.record"
    assert cli.main(["export", str(save), "--to", str(record)]) == 0
    folder = tmp_path / "saves"
    folder.mkdir()
    (folder / "shared.json").write_text("somebody else's file")
    assert cli.main(["import", str(record), "--save-dir", str(folder)]) == 0
    assert (folder / "shared.json").read_text() == "somebody else's file"
    assert Session.load(folder / "shared-2.json", autosave=False).digest() == Session.load(save, autosave=False).digest()
    capsys.readouterr()
    assert cli.main(["import", str(save), "--save-dir", str(folder)]) == 2
    assert "a save, not a game record" in capsys.readouterr().err
    assert cli.main(["import", str(record), "--save-dir", str(tmp_path / "nope")]) == 2  # a missing --save-dir


def test_stats_counts_wins_by_seat_and_by_level_and_vp_by_category():
    """Two games at one set-up: the tables' figures are those games' own."""
    a = Finished("Tiletum", "2 players", ("master", "journeyman"), (50, 40), (0,), ({"fairs": 30, "start": 20},
                                                                              {"fairs": 20, "start": 20}))
    b = Finished("Tiletum", "2 players", ("journeyman", "master"), (45, 44), (0,), ({"fairs": 25, "start": 20},
                                                                              {"crests": 24, "start": 20}))
    seat, level, category = tables([a, b])
    assert seat.group == "Tiletum, 2 players: 2 finished games"
    assert seat.rows[0][:4] == ("1", "2", "2", "100%") and seat.rows[1][:4] == ("2", "2", "0", "0%")
    assert [r[:4] for r in level.rows] == [("journeyman", "2", "1", "50%"), ("master", "2", "1", "50%")]
    fairs = next(r for r in category.rows if r[0] == "fairs")
    assert category.columns == ("Category", "All seats", "journeyman", "master")
    assert fairs[1:] == ("18.8", "22.5", "15.0")  # (30+20+25+0)/4; journeyman 20 and 25; master 30 and 0


def test_a_shared_win_counts_for_each_seat_that_shares_it():
    """Carcassonne: "The player with the most points after the final scoring is the winner" (no tie-break)."""
    tie = Finished("Carcassonne", "2 players", ("person", "person"), (60, 60), (0, 1), ({}, {}))
    assert [r[2] for r in tables([tie])[0].rows] == ["1", "1"]


def test_tiletum_stats_reads_a_folder_of_saves_and_records(tmp_path, capsys):
    folder = tmp_path / "games"
    folder.mkdir()
    for seed in (1, 2):
        _save(folder, f"t{seed}", tiletum_settings(2, seed), None, ("journeyman", "master 2s"))
    _save(folder, "c", carcassonne_settings(2, 3), None)
    assert cli.main(["export", str(folder / "c.json"), "--to", str(folder / "c.record")]) == 0
    _save(folder, "unfinished", tiletum_settings(2, 3), 10)
    (folder / "broken.record").write_text("[Record \"1\"]\n")
    capsys.readouterr()
    assert cli.main(["stats", str(folder)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"4 finished games in {folder}; 1 unfinished left out; 1 unreadable (the first: ")
    assert "Tiletum, 2 players, Rules 2: 2 finished games" in out
    carcassonne_rules = carcassonne_settings(2, 3).rules  # (the version new games are played under)
    assert f"Carcassonne, 2 players, River no, Rules {carcassonne_rules}: 2 finished games" in out  # save, record
    assert "By level (a seat a game)" in out and "journeyman" in out and "Average VP by category" in out
    # ... and the same as bar charts, every bar labelled with its figure (no colour: not a terminal),
    # within 80 columns: seat 1's bar ends with its win rate, as the table has it
    assert "Win rate by seat, % (fair share 50%)" in out and "Average VP by category (all seats)" in out
    assert "\x1b" not in out and max(len(line) for line in out.splitlines()[1:]) <= 80  # (the first: the path)
    tiletum = out[out.index("Tiletum, 2 players"):]
    rate = next(ln for ln in tiletum.splitlines() if ln.startswith("│ 1 ")).split("│")[4].strip()
    bar = next(ln for ln in tiletum.splitlines() if ln.startswith("seat 1 "))
    assert float(bar.split()[-1]) == float(rate.rstrip("%")) and "▇" in bar
    assert cli.main(["stats", str(folder), "--no-charts"]) == 0
    assert "Win rate by seat, %" not in capsys.readouterr().out
    assert cli.main(["stats", str(tmp_path / "missing")]) == 2


def test_the_winners_are_the_games_own():
    """Tiletum breaks a tie by turn order (rulebook, Final scoring): one winner, the engine's. Carcassonne's
    text names no tie-break ("The player with the most points after the final scoring is the winner"): a tie
    is a win for each of them."""
    tiletum, carcassonne = games.game("tiletum"), games.game("carcassonne")
    settings = tiletum_settings(3, 5)
    state = tiletum.new_game(settings)
    for text in random_moves("tiletum", settings, None)[0]:
        state = tiletum.apply(state, tiletum.parse(text, None, settings))
    assert tiletum.winners(state) == (state.winner,)
    assert sum(tiletum.scores_by_category(state)[state.winner].values()) == state.players[state.winner].vp
    settings = carcassonne_settings(3, 5)
    state = carcassonne.new_game(settings)
    for text in random_moves("carcassonne", settings, None)[0]:
        state = carcassonne.apply(state, carcassonne.parse(text, None, settings))
    best = max(state.scores)
    assert carcassonne.winners(state) == tuple(i for i, s in enumerate(state.scores) if s == best)
    tied = state.clone()
    tied.scores = [best, 3, best]
    assert carcassonne.winners(tied) == (0, 2)
    assert [sum(d.values()) for d in carcassonne.scores_by_category(state)] == list(state.scores)
