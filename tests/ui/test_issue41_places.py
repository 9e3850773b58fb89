"""Issue 41 item 1: ``i`` works on every line that names a place (a Town, an Underground space, a
Pithead) on every map; it crashed with KeyError '1A2' on a line moving a Prospector underground."""

from __future__ import annotations

import random

from rich.text import Text

from tiletum_tui.games.tiletum.engine import PlayerSetup, Settings, apply, legal_actions, new_game, options
from tiletum_tui.shell.session import Session
from tiletum_tui.shell.ui.app import TiletumApp
from tiletum_tui.games.tiletum.ui.choices import build_menu
from tiletum_tui.games.tiletum.ui.dialogs.town import TownDialog


def _settings(seed: int, silver: bool = True, players: int = 2) -> Settings:
    names, colours = ("Ann", "Bob", "Cid", "Dee"), ("red", "blue", "green", "yellow")
    return Settings(players=tuple(PlayerSetup(names[i], colours[i]) for i in range(players)), seed=seed,
                    modules=("silver",) if silver else ())


async def test_i_on_a_line_moving_a_prospector_underground_shows_that_space(tmp_path):
    # The reproduction: `tiletum new --players 2 --silver --seed 9`, then 4 1 2 1 i.
    session = Session.new(_settings(9), save_dir=tmp_path, autosave=False)
    app = TiletumApp(session=session, save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("4", "1", "2", "1")
        await pilot.pause()
        await pilot.press("i")
        await pilot.pause()
        assert isinstance(app.screen, TownDialog)
        title = str(app.screen.query_one("#town-title").render())
        body = app.screen.query_one("#town-body").render()
        body = body.plain if isinstance(body, Text) else str(body)
        assert "Royal Adit (Kutna Hora)" in title
        assert "Links to" in body and "Pithead" in body and "Prospectors here" in body


class _Painter:
    def ink(self, name):
        return ""

    def player_ink(self, colour):
        return ""


def _walk(choices):
    for c in choices:
        yield c
        yield from _walk(c.children)


def test_every_line_naming_a_place_has_its_details_on_every_map():
    """Random positions of games with and without the expansion (its Underground maps on random
    sides): every menu line that points at a space, legal or greyed, has a title and a text."""
    from tiletum_tui.games.tiletum.ui.dialogs.town import space_details

    painter, seen = _Painter(), set()
    for seed in range(1, 7):
        state = new_game(_settings(seed, silver=seed % 3 != 0, players=2 + seed % 3))
        rng = random.Random(seed)
        for _ in range(350):
            if state.phase == "over":
                break
            for c in _walk(build_menu(state, options(state))):
                if c.space:
                    title, text = space_details(painter, state, c.space)
                    assert title and "Links to" in text.plain, c.space
                    seen.add(c.space)
            state = apply(state, rng.choice(legal_actions(state)))
    assert any(s[0].isdigit() for s in seen) and any(s.isalpha() for s in seen)  # both kinds of map met


def test_underground_names_are_whole_in_their_boxes():
    """Item 7: "Sigmund Ad", "Joachimsth" at 80 columns. Every Underground space's name is drawn whole:
    on its box's first line, or over its first two lines split at a space, never past the next box."""
    from tiletum_tui.games.tiletum.engine.silver.tables import tables
    from tiletum_tui.games.tiletum.ui.silver.underground import BOX_W, _name_lines

    for space in tables().spaces.values():
        head, rest = _name_lines(space.name)
        assert (f"{head} {rest}" if rest else head) == space.name
        assert len(rest) <= BOX_W and (len(head) <= BOX_W or (len(head) == BOX_W + 1 and " " not in head))
        if rest:
            assert space.kind != "town"  # (a Town's second line is its House, Pillar and Mine spaces)


async def test_the_underground_maps_fit_80_columns_with_every_name(tmp_path):
    from tiletum_tui.games.tiletum.engine.silver.common import sv
    from tiletum_tui.games.tiletum.engine.silver.tables import tables
    from tiletum_tui.games.tiletum.ui.silver.underground import UndergroundView

    wanted = {(m, side) for (m, side) in tables().side_spaces}
    for seed in range(1, 40):
        if not wanted:
            break
        session = Session.new(_settings(seed), save_dir=tmp_path, autosave=False)
        sides = set(sv(session.state).sides.items())
        if not sides & wanted:
            continue
        wanted -= sides
        app = TiletumApp(session=session, save_dir=tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("g")
            await pilot.pause()
            drawn = app.screen.query_one(UndergroundView).render()
            drawn = drawn.plain if isinstance(drawn, Text) else str(drawn)
            maps = drawn.split("\n")[: sum(1 for _ in drawn.split("\n")) - 8]  # (the lines under the maps wrap)
            assert max(len(r) for r in maps) <= 77  # the view's room at 80 columns (its padding, its scrollbar)
            for m, side in sides:
                for sid in tables().side_spaces[(m, side)]:
                    name = tables().spaces[sid].name
                    for part in (name.split(" ") if len(name) > 12 else [name]):
                        assert part in drawn, (m, side, name)
    assert not wanted
