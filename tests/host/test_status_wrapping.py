"""The host's live list at 80 columns (issue 25: ``tiletum host`` "keeps a live list of games, seats and
who is connected in its own terminal"): no line is longer than the terminal, no word is cut in two by
the wrapping, and every fact of the one-line-a-fact list is still there, in order."""

from __future__ import annotations

from rich.cells import cell_len

from tiletum_tui.shell.host import protocol as P

from .hosting import Player, people, running_host, short_dir, table_of  # noqa: F401 (fixture)

LONG = ("ann von kleinschmidt", "bartholomew_longname", "cordelia-wintergreen")


async def test_the_live_list_wraps_at_word_boundaries_at_80_columns(short_dir):
    async with running_host(short_dir) as host:
        players = [Player(short_dir, n) for n in LONG]
        for p in players:
            await p.connect()
        await table_of(host, players, people(*LONG, opponents=("beginner",)))
        await table_of(host, players[1:], people(*reversed(LONG[1:])), game="carcassonne")
        players[0].link.send(P.NewTable("tiletum", people(LONG[0]) + (P.SeatPlan("open"),)))
        await players[0].until(lambda: host.tables.tables)
        wide, narrow = host.status(width=10_000), host.status(width=80)
        for p in players:
            p.close()
    assert len(wide.splitlines()) == 4 and len(narrow.splitlines()) > 4  # one line a fact would not fit
    lines = narrow.splitlines()
    assert max(cell_len(line) for line in lines) <= 80, narrow
    # The same words in the same order: nothing cut, nothing lost.
    assert narrow.split() == wide.split(), narrow
    # A seat (name and its mark) and a connection (name and its door) stay on one line.
    for name in LONG:
        assert any(f"{name} ●" in line for line in lines), narrow
        assert any(f"{name} (here)" in line for line in lines), narrow
