"""Issue 24, "Playing": what a whole game at 80x24 with keys only still tripped on. Each test cites
the item it checks; they play through the keyboard and read what the screen shows."""

from __future__ import annotations

from tiletum_tui.engine.ruleset import rules_for
from tiletum_tui.engine.state import ActionFrame
from tiletum_tui.ui.app import TiletumApp
from tiletum_tui.ui.widgets.decision import DecisionPanel

from .conftest import session_where


def _lines(panel) -> list[str]:
    return [c.label + (f" — {c.note or c.reason}" if c.disabled else "") for c in panel.options]


def _character_action(state) -> bool:
    top = state.stack[-1] if state.stack else None
    return (isinstance(top, ActionFrame) and top.action == "character" and top.ap >= 2 and state.phase == "action"
            and len(state.players[top.player].storehouse) < 3)


def _two_of_a_design(session):
    """Arrange (a test shortcut, before the screen opens) that Building 1, one Room, holds a Character
    and another copy of its design lies in the offer."""
    state = session.state
    r = rules_for(state.settings)
    p = state.players[state.stack[-1].player]
    tiles = [t for t in r.tiles.values() if t.kind == "character"]
    design = next(t.design for t in tiles if sum(u.design == t.design for u in tiles) >= 2
                  and not any(o and r.tiles[o].design == t.design for o in state.board.character_offer))
    first, second = [t.id for t in tiles if t.design == design][:2]
    state.hidden.character_pile = tuple(t for t in state.hidden.character_pile if t not in (first, second))
    p.storehouse = tuple(t for t in p.storehouse if t not in (first, second))
    p.rooms = ((first,),) + p.rooms[1:]
    state.board.character_offer = (second,) + state.board.character_offer[1:]
    return r.tile_name(second)


async def test_a_character_that_could_never_be_placed_says_so_on_its_hire_line(tmp_path):
    """Item 1: the Hire line of a Character whose design fills the only Building it could go in says so
    before it is hired (hiring stays legal: the rules allow it), with the engine's reason on highlight."""
    session = session_where(tmp_path, _character_action)
    name = _two_of_a_design(session)
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        panel = app.screen.query_one(DecisionPanel)
        line = next(c for c in panel.options if c.key.startswith("hire-") and name in c.label)
        assert not line.disabled and "never be placed" in line.label, _lines(panel)
        panel.query_one("#choices").highlighted = panel.options.index(line)
        await pilot.pause()
        detail = str(panel.query_one("#choice-detail").render())
        assert "Building 1" in detail and "never" in detail, detail


async def test_undo_that_cannot_undo_always_says_why(tmp_path):
    """Item 1: `u` with nothing to undo was silent; it says why (the session's reason)."""
    session = session_where(tmp_path, lambda s: s.phase == "action")
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        reason = session.can_undo()
        assert reason
        await pilot.press("u")
        await pilot.pause()
        said = [n.message for n in app._notifications]
        assert any(reason in m for m in said), said
