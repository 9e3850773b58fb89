"""Words and marks on the Carcassonne screen at 80x24 (issue 41, item 14): "1 followers", "1 tiles left",
"1 open ends"; a greyed follower line with no mark but its colour; a refusal cut on the message line where
the side panel had it whole; the "Saved" toast over the score line."""

from __future__ import annotations

from rich.text import Text

from tiletum_tui.core import games
from tiletum_tui.games.carcassonne.engine import Deploy, apply, new_game, parse, view
from tiletum_tui.games.carcassonne.engine.positions import stacked
from tiletum_tui.games.carcassonne.opponents.explain import explain
from tiletum_tui.games.carcassonne.ui.text import player_line
from tiletum_tui.shell.session import EVERY_SEAT, Session
from tiletum_tui.shell.ui.app import TiletumApp

from .helpers import settings

GAME = games.game("carcassonne")


def test_one_follower_and_one_point_are_said_in_the_singular():
    state = new_game(settings(2)).clone()
    state.supply[0], state.scores[0] = 1, 1
    line = player_line(state).plain
    assert "Ann 1 pt, 1 follower " in line and "Bob 0 pts, 7 followers" in line


async def test_one_tile_left_is_said_in_the_singular(tmp_path):
    """The last tile of a short pile: the head line says "1 tile left" (it said "1 tiles left")."""
    session = Session.new(settings(2), save_dir=tmp_path, game=_Stacked(("U", "U")), autosave=False)
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)):
        head = str(app.screen.query_one("#carc-head").content)
        assert "· 1 tile left" in head, head


def test_a_road_with_one_open_end_is_said_in_the_singular():
    """The hint on a thief: "a road of 2 tiles with 1 open end" (it said "1 open ends")."""
    seed = next(s for s in range(1, 2000) if new_game(settings(2, s)).drawn == "A")
    seen = view(new_game(settings(2, seed)))
    from tiletum_tui.games.carcassonne.engine import Place

    place = Place(0, "A", 1, 0, 1)  # east of the start, its road ending at the cloister
    words = explain(seen, place, Deploy(0, "thief", "road W"), 1.0, None)
    assert "a road of 2 tiles with 1 open end (about" in words


class _Stacked(GAME.__class__):
    def __init__(self, pile) -> None:
        self.pile = pile

    def new_game(self, settings_):
        return stacked(settings_, self.pile)


async def _greyed_position(tmp_path, names=("Ann", "Bob")):
    """Bob's U continues Ann's road, her thief on it: his road line is greyed."""
    from tiletum_tui.games.carcassonne.engine import PlayerSetup, Settings

    s = Settings(players=tuple(PlayerSetup(n, c) for n, c in zip(names, ("red", "blue"))), seed=1)
    session = Session.new(s, save_dir=tmp_path, game=_Stacked(("U", "U", "B")), autosave=False)
    for move in ("1: place U at 1,0 r1", "1: thief road E-W", "2: place U at 2,0 r1"):
        session.apply(move, by=EVERY_SEAT)
    return session


async def test_a_greyed_follower_line_has_a_mark_of_its_own(tmp_path):
    session = await _greyed_position(tmp_path)
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)):
        side = str(app.screen.query_one("#carc-side").content).splitlines()
        assert "1 ✗ road E-W" in side  # greyed: marked, not only dimmed
        assert "2 farmer field S" in side and "0 no follower" in side  # the others as they were


async def test_a_refusal_shows_whole_on_the_message_line_at_80x24(tmp_path):
    """A refusal whose words wrap to three lines at 80 columns although its length would fit two: all
    three are shown (the line's height once came from the length, and the last words were cut)."""
    session = await _greyed_position(tmp_path, names=("Annie", "Bob"))
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("1")
        msg = app.screen.query_one("#carc-msg")
        said = str(msg.content)
        assert said.startswith("Not the road E-W:") and said.endswith("may not deploy a follower there.")
        lines = Text(said).wrap(app.console, msg.size.width)
        assert len(said) <= 2 * msg.size.width < 3 * msg.size.width  # its length: two lines' worth ...
        assert len(lines) == 3 and msg.size.height == 3  # ... its words: three, all shown


async def test_a_warning_toast_stays_clear_of_the_scores(tmp_path):
    """Saving says so on the message line (test_on_the_shell); a warning still comes as a toast, at the
    top of the screen, never over the players' scores and the message line at the bottom."""
    session = await _greyed_position(tmp_path)
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = app.screen
        screen.notify("Something to look at", title="Careful", severity="warning", timeout=10)
        await pilot.pause(0.3)
        toast = screen.query_one("Toast")
        players = screen.query_one("#carc-players").region
        assert toast.region.bottom <= players.y and not toast.region.overlaps(screen.query_one("#carc-msg").region)


async def test_words_too_long_for_the_message_line_say_they_go_on(tmp_path):
    """A message longer than the line's room (a long hint, rarely) is cut where it shows with "…", never
    silently mid-sentence."""
    session = await _greyed_position(tmp_path)
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        screen.message = " ".join(f"word{i}" for i in range(120))  # about nine lines at 80 columns
        screen.refresh_all()
        await pilot.pause()
        msg = screen.query_one("#carc-msg")
        shown = str(msg.content).split("\n")
        assert msg.size.height == len(shown) == screen.MESSAGE_LINES and shown[-1].endswith(" …")
