"""Issue 24, items 2 and 9: a Task that changes which line stands for its kind keeps every line's
number. Played by keys at 80x24, read from what the decision panel shows."""

from __future__ import annotations

from tiletum_tui.games.tiletum.engine.ruleset import rules_for
from tiletum_tui.games.tiletum.engine.state import ActionFrame, TurnFrame, put
from tiletum_tui.shell.ui.app import TiletumApp
from tiletum_tui.games.tiletum.ui.widgets.decision import DecisionPanel

from .conftest import arranged, session_where


def _lines(panel) -> list[str]:
    return [c.label + (f" — {c.note or c.reason}" if c.disabled else "") for c in panel.options]


def _king_action(state) -> bool:
    top = state.stack[-1] if state.stack else None
    return isinstance(top, ActionFrame) and top.action == "king" and top.ap >= 1 and state.phase == "action" \
        and isinstance(state.stack[-2], TurnFrame)


async def test_a_helper_used_for_a_contract_leaves_every_task_line_where_it_was(tmp_path):
    """Item 2, "a line that stops being possible stays, greyed with its reason", and item 9's extra
    line under the Tasks: with no Contract in the Storehouse and a Helper giving a Contract Action, the
    Helper is used from the Tasks and a Contract taken with it. Back in the turn's Tasks the Contract's
    line takes the place of "Fulfil a Contract — you have no Contract", the Helper's line stays where it
    was ("done"), and no second Helper line ("Use a Helper — you have no Helper") comes: the lines after
    them keep their numbers (they moved up one, the Contract went last)."""
    session = session_where(tmp_path, _king_action)
    state = arranged(session)
    r = rules_for(state.settings)
    me = state.stack[-1].player
    p = state.players[me]
    helper = next(t for t in state.hidden.bonus_pile if r.tiles[t].kind == "helper"
                  and r.tiles[t].design in ("b06", "b07"))  # Helper: Contract (a Contract Action)
    put(state.hidden, "bonus_pile", tuple(t for t in state.hidden.bonus_pile if t != helper))
    put(p, "storehouse", (helper,))
    put(p, "resources", {k: 9 for k in p.resources})  # any Contract can be fulfilled
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        panel = app.screen.query_one(DecisionPanel)
        await pilot.press("t")
        before = [c.key for c in panel.options]
        assert "fulfil-none" in before, _lines(panel)
        n = before.index(f"helper-{helper}")
        await pilot.press(str(n + 1))  # the Helper's Contract Action
        await pilot.pause()
        take = next(i for i, c in enumerate(panel.options) if c.key.startswith("contract-") and not c.disabled)
        await pilot.press(str(take + 1))
        await pilot.pause()
        for _ in range(4):  # the Helper's Action done: the die's King Action again
            if len(session.state.stack) == 2:
                break
            await pilot.press("e")
            await pilot.pause()
        assert _king_action(session.state)
        await pilot.press("t")
        after = [c.key for c in panel.options]
        contract = next(k for k in after if k.startswith("fulfil-") and k != "fulfil-none")
        assert after[before.index("fulfil-none")] == contract, _lines(panel)
        assert after[n] == f"helper-{helper}" and panel.options[n].note == "done", _lines(panel)
        assert "helper-none" not in after, _lines(panel)
        assert [k for k in after if k != contract] == [k for k in before if k != "fulfil-none"], _lines(panel)


async def test_a_contract_paid_in_a_resource_of_ones_choice_says_done(tmp_path):
    """Item 2: the line of the Task chosen stays, greyed "done". A Contract with an identical part is a
    group (which Resource pays it): fulfilled through it, its line said "that Contract is not in your
    Storehouse" as if it had gone some other way."""
    session = session_where(tmp_path, _king_action)
    state = arranged(session)
    r = rules_for(state.settings)
    p = state.players[state.stack[-1].player]
    contract = next(t for t in state.hidden.bonus_pile if r.tiles[t].kind == "contract"
                    and r.tiles[t].design in ("b36", "b37"))  # Mixed iron/wool order: an identical part
    put(state.hidden, "bonus_pile", tuple(t for t in state.hidden.bonus_pile if t != contract))
    put(p, "storehouse", (contract,))
    put(p, "resources", {k: 9 for k in p.resources})
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        panel = app.screen.query_one(DecisionPanel)
        await pilot.press("t")
        n = [c.key for c in panel.options].index(f"fulfil-{contract}")
        assert panel.options[n].is_group, _lines(panel)
        await pilot.press(str(n + 1))
        pay = [i for i, c in enumerate(panel.options) if not c.disabled][-1]  # (not the first Resource)
        await pilot.press(str(pay + 1))
        await pilot.pause()
        assert contract not in session.state.players[state.stack[-1].player].storehouse
        await pilot.press("t")
        assert panel.options[n].key == f"fulfil-{contract}" and panel.options[n].note == "done", _lines(panel)


async def test_a_pillar_line_goes_with_the_architect(tmp_path):
    """Item 9's line under the menu: the moves are named by where they lead and never kept, but the
    line "Place a Pillar" of the Town the Architect left stayed under the new menu, greyed, the whole
    Action ("— a Pillar goes where your Architect is (Leipzig), not Koeln"). A line that belongs to the
    piece's place goes with the piece."""
    def architect_at_a_cathedral(state):
        top = state.stack[-1] if state.stack else None
        if not (isinstance(top, ActionFrame) and top.action == "architect" and top.ap >= 2 and state.phase == "action"):
            return False
        from tiletum_tui.games.tiletum.engine import legal_actions
        verbs = {a.verb() for a in legal_actions(state)}
        return {"pillar", "move"} <= verbs

    session = session_where(tmp_path, architect_at_a_cathedral)
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        panel = app.screen.query_one(DecisionPanel)
        me = session.state.stack[-1].player
        here = session.state.players[me].architect
        assert f"pillar-{here}" in [c.key for c in panel.options], _lines(panel)
        from tiletum_tui.games.tiletum.engine.map_actions import MovePiece

        move = next(i for i, c in enumerate(panel.options) if isinstance(c.action, MovePiece) and not c.disabled)
        await pilot.press(str(move + 1))
        await pilot.pause()
        assert session.state.players[me].architect != here
        assert f"pillar-{here}" not in [c.key for c in panel.options], _lines(panel)
