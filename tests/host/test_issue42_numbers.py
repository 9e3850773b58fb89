"""Issue 42, item 2: "The same number sent to the host drops that client with a traceback in the host's
log and no `Refused`." A move in a client's frame is read by the game's own notation (``bounded.py``), so a
number of 5,000 digits, another script's digits or an overlong line is answered with ``Refused`` saying
why; the client stays connected and its next move is taken; nothing is applied meanwhile."""

from __future__ import annotations

import pytest

from tiletum_tui.shell.host import protocol as P

from .hosting import Raw, running_host, short_dir, table_of, people, Player  # noqa: F401 (fixture)

BAD = {  # (Tiletum's first move is ann's die; Carcassonne's a tile placed at the start tile's side)
    "a 5,000-digit seat": (lambda move: "9" * 5000 + ": " + move.split(": ", 1)[1], "at most 200 characters"),
    "an Arabic-Indic seat": (lambda move: "١: " + move.split(": ", 1)[1], "digits 0-9"),
    "a 100-digit number": (lambda move: move.split(": ", 1)[0] + ": " + _first_number(move.split(": ", 1)[1], "7" * 100),
                           ("at most 6 digits", "a die is a value 1-6")),
}


def _first_number(text: str, new: str) -> str:
    import re

    return re.sub(r"-?[0-9]+", new, text, count=1)


@pytest.mark.parametrize("game", ["tiletum", "carcassonne"])
async def test_a_move_with_a_bad_number_is_refused_and_the_client_plays_on(short_dir, game):
    async with running_host(short_dir) as host:
        ann, bob = Player(short_dir, "ann"), Player(short_dir, "bob")
        for p in (ann, bob):
            await p.connect()
        gid = await table_of(host, [ann, bob], people("ann", "bob"), game=game)
        await bob.open(gid)
        raw = await Raw.connect(short_dir, "ann")
        raw.send(P.Open(gid))
        opened = await raw.expect(P.Opened)
        model = await ann.open(gid)
        move = model.game.notation(model.legal()[0])
        for ref, (what, (bad, words)) in enumerate(BAD.items(), 1):
            raw.send(P.Act(gid, bad(move), ref=ref))
            refused = await raw.expect(P.Refused)
            words = (words,) if isinstance(words, str) else words
            assert refused.ref == ref and any(w in refused.why for w in words), (what, refused.why)
        assert len(host.games[gid].session.log) == 0  # nothing applied
        raw.send(P.Act(gid, move, ref=9))  # still connected: the good move is taken
        accepted = await raw.expect(P.Accepted)
        assert accepted.ref == 9 and len(host.games[gid].session.log) == 1
        raw.close(), ann.close(), bob.close()
