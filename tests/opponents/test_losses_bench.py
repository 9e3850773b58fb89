"""Issue 43: where the master wins and loses its games (``bench.losses``, docs/opponents-measured.md). The bench
reads the arena's saves back; what it reports must add up as the rulebook's final scoring does: a player's VP is
the sum of its scoring categories, and each round's Fair is scored in that round's Fair phase."""

from __future__ import annotations

import io

from tiletum_tui.shell import arena
from tiletum_tui.games.tiletum.bench.losses import averages, main, read_games
from tiletum_tui.games.tiletum.opponents.levels import Budget


def test_the_bench_of_losses_adds_up_to_each_games_result(tmp_path, capsys):
    """Each game's margin after round 4 is the final VP less the other's, and it is the sum of the margins by
    category; the four rounds' Fairs add up to the Fairs' category; a game the master won is counted a win."""
    results = arena.run(["master", "journeyman"], games=3, budget=Budget(seconds=None, simulations=2), jobs=1,
                        out=io.StringIO(), progress=None, folder=tmp_path)
    (tmp_path / "not a save.json").write_text("{")
    games = read_games([tmp_path])
    assert len(games) == 3  # (the file that is not a save is skipped, and said)
    assert "skipped" in capsys.readouterr().err
    for g, r in zip(sorted(games, key=lambda g: g.seed), sorted(results, key=lambda r: r.seed)):
        me = r.levels.index("master")
        assert g.margin[4] == r.vp[me] - r.vp[1 - me]
        assert sorted(g.margin) == [1, 2, 3, 4]
        assert abs(sum(g.by_category.values()) - g.margin[4]) < 1e-9
        assert abs(sum(g.fairs.values()) - g.by_category["fairs"]) < 1e-9
        assert g.outcome == ("win" if r.winner == me else "loss")
    table = averages(games)
    assert sum(row["games"] for row in table.values()) == 3
    assert main([str(tmp_path)]) == 0
    assert "margin after round 4" in capsys.readouterr().out
