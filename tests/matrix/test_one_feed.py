"""Issue 39, "one reactive model ... fed only by the Table's updates, whoever caused the change",
at home in both games: a move made by a key, its undo (u) and the computer opponent's moves each
reach the screen's model as one change, from the Table, saying which seat made it and whether it was
made at this screen (the opponent's are not: the Table's driver plays them). Played by keys at 80×24
as the matrix's cells are (``tables.py``)."""

from __future__ import annotations

import pytest

from .tables import THEM, YOU, at_home


@pytest.mark.parametrize("table", ["tiletum", "carcassonne+river"])
async def test_the_model_at_home_hears_one_change_per_move_whoever_made_it(table, folder):
    async with at_home(table, folder) as at:
        model = at.app.screen.model
        heard = []
        at.app.screen.watch(model, "change", lambda change: heard.append(change), init=False)
        await at.your_decision()
        n = len(at.session.log)
        await at.move()  # a key
        assert len(at.session.log) == n + 1
        await at.pilot.press("u")  # undo, the key
        await at.until(lambda: len(at.session.log) == n, "the move undone")
        await at.your_turn_played()  # the person's turn by keys, then the opponent's by the Table
        log = at.session.log
        # One change per move and one for the undo, each as the Table told it: the entries it added
        # (none for the undo), the seat that made it, and whether that seat is played here.
        shown = list(log[:n])
        for change in heard:
            if change.entries:
                (entry,) = change.entries
                assert change.by == entry.seat and change.own == (entry.seat == YOU), (change.by, change.own, entry)
                shown.append(entry)
            else:
                assert change.by == YOU and change.own  # the undo
                shown.pop()
        assert shown == log and model.log == log
        undos = [c for c in heard if not c.entries]
        assert len(undos) == 1 and len(heard) == len(log) - n + 2  # (the move undone was heard once too)
        assert any(c.by == THEM and not c.own for c in heard), "the opponent's moves, heard as the Table's"


@pytest.mark.parametrize("table", ["tiletum", "tiletum+silver"])
async def test_the_opponents_last_move_is_shown_before_the_recap_the_person_decides_from(table, folder):
    """Tiletum: each of the opponent's moves is shown where it happened (the wheel, the map) in the
    redraw of its change; when the person's turn begins with its last move, the recap of what
    happened since comes after it and stays on screen (the order of the change's redraw, with no
    timing in it: once the map marked after the recap, on a busy machine)."""
    async with at_home(table, folder) as at:
        screen = at.app.screen
        await at.your_turn_played()
        await at.pilot.pause(0.3)  # (whatever a redraw left for later has run)
        assert screen.current_view == "recap", screen.current_view
        assert "Since ann's last turn" in at.text()
