"""Issue 39: "Every feature works the same for both games, at home and on the host. A test matrix
through the Pilot, each cell a test: {Tiletum, Tiletum with Prospect for Silver, Carcassonne with the
River} × {at home, hosted through ``tiletum join``} × {a new game with a computer opponent; a move;
the opponent's move shown; undo refused after the opponent's move, with the reason; a hint with its
why; since your last turn; save and continue at home, reconnect on the host; the game's end, then
``r`` replay, then ``c`` with all its pages, the moves timed}". Keys at 80×24, the screen's text read."""

from __future__ import annotations

import pytest

from .tables import GAMES, PLACES, THEM, YOU, at_table, flat, last_turn, words

CELLS = [pytest.param(place, table, id=f"{table}-{place}") for table in GAMES for place in PLACES]


@pytest.mark.parametrize(("place", "table"), CELLS)
async def test_a_move(folder, place, table):
    async with at_table(place, table, folder) as at:
        await at.your_decision()
        n = len(at.session.log)
        await at.move()
        assert at.session.log[n].seat == YOU


@pytest.mark.parametrize(("place", "table"), CELLS)
async def test_the_opponents_move_shown(folder, place, table):
    async with at_table(place, table, folder) as at:
        await at.your_turn_played()
        turn = last_turn(at.session.log, THEM)
        assert turn
        # Carcassonne tells its last move (its follower) under the land, Tiletum its turn in the recap
        # from its first move, the die (the moves in a line each, as the log words them).
        told = turn[-1] if at.carcassonne else turn[0]
        await at.until(lambda: words(told) in flat(at.text()), f"the opponent's move: {told.text}")


@pytest.mark.parametrize(("place", "table"), CELLS)
async def test_undo_refused_after_the_opponents_move_with_the_reason(folder, place, table):
    async with at_table(place, table, folder) as at:
        await at.your_turn_played()
        why = at.session.can_undo(by=YOU)
        assert why and "made the last move" in why
        n = len(at.session.log)
        await at.pilot.press("u")
        await at.until(lambda: flat(why) in flat(at.text()), f"the reason: {why}")
        assert len(at.session.log) == n


@pytest.mark.parametrize(("place", "table"), CELLS)
async def test_a_hint_with_its_why(folder, place, table):
    """h: the master's suggestion for the decision in hand; x: why (in both games, both places)."""
    async with at_table(place, table, folder) as at:
        await at.your_decision()
        await at.pilot.press("h")
        if at.carcassonne:  # the suggestion under the land, the cursor at its place
            await at.until(lambda: "Master: place" in at.text(), "the master's suggestion")
        else:  # the suggested line of the decision panel marked, what it expects under it
            await at.until(lambda: "◆" in at.text() and "Master:" in at.text(), "the master's suggestion")
        await at.pilot.press("x")
        why = "How the master weighs it" if at.carcassonne else "Why the master suggests it"
        await at.until(lambda: why in at.text(), "why the master suggests it")
        assert "VP" in at.text() or "points" in at.text()


@pytest.mark.parametrize(("place", "table"), CELLS)
async def test_since_your_last_turn(folder, place, table):
    """Once the opponent has played: what happened since the person's last decision, as the session
    made it (``Session.since``), the person's own last move first, the opponent's moves, VP values."""
    async with at_table(place, table, folder) as at:
        await at.your_turn_played()
        if "Since" not in at.text():  # (Tiletum shows it as a turn begins; s shows it again)
            await at.pilot.press("s")
        await at.until(lambda: "Since ann's last turn" in at.text(), "since your last turn")
        since = at.session.since(YOU)
        shown = flat(at.text())
        own = since.happened[0]
        assert own.own and f"Your last move: {flat(own.text)}" in shown
        theirs = last_turn(at.session.log, THEM)
        assert words(theirs[-1] if at.carcassonne else theirs[0]) in shown
        for h in since.happened:
            if h.seat is None and at.carcassonne:
                assert flat(h.text) in shown
            for c in h.vp:
                assert f"{c.before} → {c.after}" in shown
