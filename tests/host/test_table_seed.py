"""The host's fixed table seed (``Host(table_seed=N)``, ``tiletum host --table-seed N``: benches and
tests only), so that ``tiletum bench --host`` can compare code A and B on the same games: the same
seed gives the same game, so the same first moves offered; without it every table is dealt anew.
No client can choose a seed (``NewTable`` has no seed): a player who did would choose the deal."""

from __future__ import annotations

import msgspec

from tiletum_tui.shell.host import protocol as P

from .hosting import Player, people, running_host, short_dir, table_of  # noqa: F401 (fixture)


async def _first_game(folder, names, **kw):
    """(the seed of the game set, the first moves its first player is offered, her view's bytes)."""
    async with running_host(folder, **kw) as host:
        players = [await Player(folder, n).connect() for n in names]
        try:
            gid = await table_of(host, players, people(*names))
            model = await players[0].open(gid)
            return host.games[gid].session.settings.seed, model.legal(), msgspec.msgpack.encode(model.view)
        finally:
            for p in players:
                p.close()


async def test_the_same_table_seed_gives_the_same_game_and_the_same_first_moves(short_dir):
    one = await _first_game(short_dir / "a", ["ann", "bob"], table_seed=4242)
    two = await _first_game(short_dir / "b", ["ann", "bob"], table_seed=4242)  # another host
    assert one[0] == two[0] == 4242
    assert one[1] == two[1] and one[1]  # the same first moves offered
    assert one[2] == two[2]  # the same view: the same deal


async def test_another_seed_or_none_deals_another_game(short_dir):
    fixed = await _first_game(short_dir / "a", ["ann", "bob"], table_seed=4242)
    other = await _first_game(short_dir / "b", ["ann", "bob"], table_seed=4243)
    free = await _first_game(short_dir / "c", ["ann", "bob"])
    assert other[0] == 4243 and free[0] != 4242
    assert other[2] != fixed[2] and free[2] != fixed[2]


def test_a_client_cannot_choose_the_seed():
    assert "seed" not in P.NewTable.__struct_fields__
