"""Issue 25: "a move arriving from the host must redraw every terminal" (the screens bind to a
reactive model), "the decision panel is live only at that seat's decision; the others see who is
deciding and what ("Ann is choosing a die…")", and "The terminal bell rings when your turn begins
(off in the options)"; and ``h`` gives the hint a player gets at home. Bob's screen is the real app (Pilot); Ann plays through the client API."""

from __future__ import annotations

from tiletum_tui.shell.host.client import HostLink
from tiletum_tui.shell.host.hosted import HostFolder
from tiletum_tui.shell.host.join import JoinApp
from tiletum_tui.games.tiletum.ui.opponents import SUGGESTED
from tiletum_tui.games.tiletum.ui.widgets.decision import DecisionPanel

from .hosting import (at_a_table, bob_at_anns_table, bob_joining, open_his_game,  # noqa: F401 (fixture)
                      running_host, screen_until, short_dir)


async def test_bobs_screen_redraws_when_ann_moves_and_rings_when_his_turn_begins(short_dir):
    async with running_host(short_dir) as host:
        (ann,), gid = await at_a_table(host, short_dir, connected=1)
        model = ann.model(gid)
        app = JoinApp(HostLink(path=str(HostFolder(short_dir).socket), name="bob"))
        rings = []
        app.bell = lambda: rings.append(1)
        async with app.run_test(size=(80, 24)) as pilot:
            await screen_until(pilot, lambda: app.lobby is not None and app.lobby.games)
            await pilot.press("enter")  # his game, the first line of "Your games"
            await screen_until(pilot, lambda: gid in app.games.models and app.screen.query(DecisionPanel))
            panel = app.screen.query_one(DecisionPanel)
            assert panel.title_text.rstrip("\n") == "ann is choosing a die…"  # no menu: it is not his decision
            assert not panel.levels[0]
            await pilot.press("1")  # a key at a decision not his: nothing is sent
            await pilot.pause(0.2)
            assert host.games[gid].session.log == []
            seen = app.screen.model.version
            await ann.play(gid, model.legal()[0])  # ann takes a die, in her own terminal
            await screen_until(pilot, lambda: app.screen.model.version > seen and panel.title_text.rstrip("\n") != "ann is choosing a die…")
            # Her move this turn, then what she decides now (as an opponent's show at home), no menu.
            moved, deciding, *blank = panel.title_text.split("\n")
            said = f"· {host.games[gid].session.log[0].text}"  # (cut to the panel's width, if longer)
            assert (moved == said or said.startswith(moved[:-1])) and deciding.startswith("ann ") and blank == ["", ""]
            assert not panel.levels[0]
            assert len(app.screen.model.log) == 1  # redrawn from the host's update, nothing pulled
            assert not rings
            while host.games[gid].session.current_player == 0:  # ann plays her turn to its end
                legal = model.legal()
                end = [a for a in legal if a.verb() == "end"]
                await ann.play(gid, end[0] if end else legal[0])
            await screen_until(pilot, lambda: panel.levels[0] and panel.title_text.startswith("bob"))
            assert rings == [1]  # his turn began: the bell, once
            # h, as at home: ★ and the master's ◆ suggestion, worked out on the host from his seat's view.
            await pilot.press("h")
            await screen_until(pilot, lambda: any(c.label.startswith(SUGGESTED) for c in panel.options))
            assert app.screen.model.hint_pending is None and app.screen.opponents.process is None  # (none here)
            await pilot.press("h")  # hints off again (no master for each decision still to come)
            log = host.games[gid].session.log
            for _ in range(4):  # now his keys play (a die, how it is kept, its Bonus tile): to the host and back
                if log[-1].seat != 1:
                    await pilot.press("1")
                    await pilot.pause(0.3)
            await screen_until(pilot, lambda: log[-1].seat == 1 and len(app.screen.model.log) == len(log))
        ann.close()


async def test_talk_and_who_is_connected_redraw_only_what_shows_them(short_dir):
    """Issue 39: the screen binds to the model's parts. Ann's line of table talk reaches Bob's screen
    (said once) without drawing the game again; Ann leaving changes only the decision panel's line
    ("not connected: the game waits"); her move, made in her terminal, redraws his screen, which
    made no move."""
    async with running_host(short_dir) as host:
        (ann,), gid = await at_a_table(host, short_dir, connected=1)
        model = ann.model(gid)
        app = bob_joining(short_dir)
        async with app.run_test(size=(80, 24)) as pilot:
            await open_his_game(pilot, app, gid)
            screen = app.screen
            panel = screen.query_one(DecisionPanel)
            drawn, made, real = [], [], screen.refresh_game
            screen.refresh_game = lambda keep=False: (drawn.append(keep), real(keep))[1]
            screen.apply = lambda *a, **k: made.append(a)
            model.say("good luck")
            await screen_until(pilot, lambda: screen.model.chat)
            await pilot.pause(0.2)
            assert any("good luck" in str(n.message) for n in app._notifications)
            assert drawn == []  # the talk is no change of the game
            await ann.play(gid, model.legal()[0])
            await screen_until(pilot, lambda: len(screen.model.log) == 1)
            assert len(drawn) == 1 and made == []  # her move redraws his screen; he made none
            ann.close()
            await screen_until(pilot, lambda: "not connected" in panel.title_text)
            assert len(drawn) == 1  # who is connected: the panel's line alone


async def test_a_view_follows_only_this_seats_own_decisions(short_dir):
    """Issue 39 ("the screens redraw only what an update changed"): while Ann decides, Bob's screen
    keeps the view he has (the panel's line says what she does): her Merchant Action does not switch
    his screen to the map, nor her Contract to the offers (each such switch laid out and repainted
    every watching screen at the same move). At his own decisions his view follows them as at home."""
    import random

    from tiletum_tui.games.tiletum.engine.state import ActionFrame
    from tiletum_tui.games.tiletum.ui.screens.game_views import VIEW_FOR_ACTION

    rng = random.Random(4)
    async with bob_at_anns_table(short_dir) as (ann, gid, app, pilot):
        screen = app.screen
        theirs, mine = [], []  # (the view before, the view after) at decisions that have a view of their own
        for _ in range(60):
            model = screen.model
            who, state = model.game.current_player(model.view), model.view
            top = state.stack[-1] if state.stack else None
            if who is None:
                break
            before, seen = screen.current_view, model.version
            if who == 0:
                await ann.play(gid, rng.choice(ann.model(gid).legal()))
            else:
                model.apply(rng.choice(model.legal()), by=model.seat)
            await screen_until(pilot, lambda: screen.model.version > seen)
            await pilot.pause()
            now = screen.model.view
            top = now.stack[-1] if now.stack else None
            if isinstance(top, ActionFrame) and top.action in VIEW_FOR_ACTION:
                nxt = screen.model.game.current_player(now)
                (mine if nxt == 1 else theirs).append((before, screen.current_view, VIEW_FOR_ACTION[top.action]))
        assert any(wanted != before for before, _, wanted in theirs), theirs  # (her decisions had views of their own)
        assert all(after == before for before, after, _ in theirs), theirs
        assert any(after == wanted for _, after, wanted in mine), mine
