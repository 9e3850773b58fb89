"""``h`` in a hosted game: "a hosted player expects the hint they get at home". The host's master
works the hint out from the asking seat's own view (issue 25: a seat sees "what that seat may see,
nothing more"), only for that seat's decision, one at a time and rate-limited per client so a client
cannot make the host spin."""

from __future__ import annotations

import pytest

from tiletum_tui.shell.host import protocol as P
from tiletum_tui.shell.host import connections
from tiletum_tui.shell.opponents.worker import OpponentProcess
from tiletum_tui.shell.table.hints import HOSTS_HINT_SECONDS

from .hosting import Player, people, running_host, short_dir, table_of  # noqa: F401 (fixture)


@pytest.mark.parametrize("game", ["carcassonne", "tiletum"])
async def test_the_hosts_master_suggests_a_legal_move_from_the_seats_own_view_once_at_a_time(short_dir, monkeypatch, game):
    asked = []
    real = OpponentProcess.suggest
    monkeypatch.setattr(OpponentProcess, "suggest", lambda self, seen, seat, budget: (
        asked.append((seen, seat, budget)), real(self, seen, seat, budget))[1])
    monkeypatch.setattr(connections, "HINT_RATE", (0.0, 1))  # one hint a connection, for this test
    async with running_host(short_dir) as host:
        ann, bob = Player(short_dir, "ann"), Player(short_dir, "bob")
        await ann.connect(), await bob.connect()
        gid = await table_of(host, [ann, bob], people("ann", "bob"), game=game)  # people only
        hosted = host.games[gid]
        model, theirs = await ann.open(gid), await bob.open(gid)
        heard = []
        model.listen(heard.append)
        model.ask_hint()
        first = model.hint_pending
        model.link.send(P.AskHint(gid, 99))  # a second before the first is answered
        await ann.until(lambda: model.hint_pending is None)
        (hint,) = [m.answer for m in heard]
        assert not hint.error and hint.seat == 0 and hint.request == first
        assert model.game.parse(hint.action) in model.legal()  # a move she may make, in her notation
        (seen, seat, budget), = asked  # asked once, with her seat's view: no pile order, no seed
        assert seat == 0 and budget == f"{HOSTS_HINT_SECONDS}s"  # the master's own simulations, the host's cap
        assert hosted.game.encode_view(seen) == hosted.game.encode_view(hosted.session.view(0))
        generator = seen.hidden.rng if game == "tiletum" else seen.rng  # (Tiletum keeps it with the hidden parts)
        assert generator == 0 and seen.settings.seed == 0
        busy = next(m for m in ann.heard if isinstance(m, P.Hinted) and m.request == 99)
        assert "still thinking" in busy.error
        # Bob's seat does not decide now: no hint for him, and nothing asked of the master.
        theirs.ask_hint()
        await bob.until(lambda: theirs.hint_pending is None)
        assert "not your turn" in next(m for m in reversed(bob.heard) if isinstance(m, P.Hinted)).error
        model.ask_hint()  # her second: over this test's rate
        await ann.until(lambda: model.hint_pending is None)
        assert "too fast" in heard[-1].answer.error and len(asked) == 1
        ann.close(), bob.close()
