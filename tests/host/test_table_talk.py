"""Issue 25: "Table talk: a line to the table, shown in the game log, cleaned of control characters,
bounded in length and rate", and "a name or a chat line carrying escape sequences never reaches a
terminal raw"."""

from __future__ import annotations

import unicodedata

from tiletum_tui.shell.host import protocol as P
from tiletum_tui.shell.host.server import CHAT_LIMIT

from .hosting import Raw, at_a_table, people, running_host, short_dir  # noqa: F401 (fixture)

EVIL = "hi \x1b[2J\x1b]0;owned\x07 \u202egnp.exe\x9b31m"


def _raw_free(text: str) -> bool:
    return not any(unicodedata.category(c) in ("Cc", "Cf") for c in text)


async def test_a_line_to_the_table_reaches_everyone_cleaned(short_dir):
    async with running_host(short_dir) as host:
        (ann, bob), gid = await at_a_table(host, short_dir, opened=2)
        a, b = ann.model(gid), bob.model(gid)
        a.say(EVIL)
        await bob.until(lambda: b.chat)
        line = b.chat[-1]
        assert line.who == "ann" and _raw_free(line.text) and "\\x1b[2J" in line.text  # shown, never obeyed
        assert line.after == 0  # where it shows in the log: before the first move
        a.say("x" * 5000)
        await bob.until(lambda: len(b.chat) == 2)
        assert len(b.chat[-1].text) < CHAT_LIMIT + 30  # cut (and it says how long it was)
        ann.close(), bob.close()


async def test_talking_too_fast_is_refused(short_dir):
    async with running_host(short_dir) as host:
        (ann,), gid = await at_a_table(host, short_dir, connected=1, opened=0)
        raw = await Raw.connect(short_dir, "bob")
        raw.send(P.Open(gid))
        await raw.expect(P.Opened)
        for k in range(12):
            raw.send(P.Say(gid, f"line {k}"))
        refused = await raw.expect(P.Refused)
        assert "too fast" in refused.why
        assert len(host.games[gid].chat) < 12
        ann.close()


async def test_a_name_with_an_escape_sequence_is_refused_before_anything(short_dir):
    async with running_host(short_dir) as host:
        raw = await Raw.connect(short_dir)
        raw.send(P.Hello(P.VERSION, "ann\x1b[31m"))
        why = await raw.hung_up()
        assert "control character" in why and _raw_free(why)
        assert not host.connections
        raw2 = await Raw.connect(short_dir, "cid")
        raw2.send(P.NewTable("tiletum", people("cid", "b\u202eob")))
        refused = await raw2.expect(P.Refused)
        assert "control character" in refused.why and _raw_free(refused.why)
        assert not host.tables.tables and not host.games
