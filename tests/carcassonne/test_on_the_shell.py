"""Carcassonne served by the shell as Tiletum is (issue 19: "the title screen, `tiletum new`, saves,
Continue, the rules browser, the keys, undo, the log ... serve Carcassonne exactly as they serve
Tiletum"; "Save, autosave after every action, ... rules pages for Carcassonne inside the app (F1 on
what is on screen), Cards & Components generated from its data"; "what happened since your last
turn, the log"; "a zoomed-out overview where the land outgrows the screen")."""

from __future__ import annotations

import random

import pytest

from tiletum_tui.shell import cli
from tiletum_tui.core import games
from tiletum_tui.games.carcassonne.data import load
from tiletum_tui.games.carcassonne.modules.river.tiles import load as river_tiles
from tiletum_tui.games.carcassonne.engine import RULES_VERSION, legal_actions, notation
from tiletum_tui.games.carcassonne.engine.events import Scored
from tiletum_tui.games.carcassonne.ui import draw, news, overview, rules_pages
from tiletum_tui.games.carcassonne.ui.new_game import NewCarcassonneGame
from tiletum_tui.games.carcassonne.ui.screen import CarcassonneScreen
from tiletum_tui.games.carcassonne.ui.shell import KEY_HELP, NewsPanel
from tiletum_tui.shell.session import Session
from tiletum_tui.shell.ui.dialogs import ConfirmDialog
from tiletum_tui.shell.ui.help import KeysHelp, key_name
from tiletum_tui.shell.ui.rules_screen import RulesBrowser
from tiletum_tui.shell.ui.save import SaveDialog
from tiletum_tui.shell.ui.app import TiletumApp

from .helpers import settings

GAME = games.game("carcassonne")


def _notes(app) -> list[str]:
    return [f"{n.title}: {n.message}" for n in app._notifications]


def random_session(tmp_path, actions: int, seed: int = 4, players: int = 3, autosave=False) -> Session:
    session = Session.new(settings(players, seed), save_dir=tmp_path, game=GAME, autosave=autosave)
    pick = random.Random(seed)
    while len(session.log) < actions and not session.finished:
        session.apply(notation(pick.choice(legal_actions(session.state))), by=session.current_player)
    return session


# ---------------------------------------------------------------- saving, as Tiletum's screen does
async def test_ctrl_s_saves_a_carcassonne_game_under_a_name(tmp_path):
    session = random_session(tmp_path, 3, autosave=True)
    app = TiletumApp(session=session, save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SaveDialog)
        app.screen.query_one("#save-name").value = "friday"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CarcassonneScreen)
        # said on the message line, not in a toast over the scores (issue 41, item 14)
        said = str(app.screen.query_one("#carc-msg").content)
        assert said.startswith("Saved as") and "friday" in said and not _notes(app)
        loaded = Session.load(tmp_path / "friday.json", autosave=False)
        assert loaded.game.name == "carcassonne" and loaded.notation_log == session.notation_log
        session.close()


async def test_an_autosave_that_fails_says_so_at_once_and_quitting_asks(full_disk):
    """The same keeping as Tiletum's: the first failure opens the save dialog, each later move says
    "Not saved", and Ctrl+Q asks before losing moves."""
    full, spare = full_disk
    session = Session.new(settings(2, 5), save_dir=full, game=GAME)
    app = TiletumApp(session=session, save_dir=full)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SaveDialog)  # before any move
        assert "the disk is full" in str(app.screen.query_one("#save-problem").content)
        await pilot.press("escape")
        await pilot.pause()
        app._notifications.clear()
        await pilot.press("enter")  # place the tile
        await pilot.pause()
        assert any(n.startswith("Not saved: Autosave failed:") for n in _notes(app)), _notes(app)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog) and app.screen.title_text == "Quit without saving?"
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, CarcassonneScreen) and app.return_code is None
        await pilot.press("ctrl+s")
        await pilot.pause()
        app.screen.query_one("#save-name").value = f"{spare}/"
        await pilot.press("enter")
        await pilot.pause()
        assert session.save_dir == spare and session.autosave_error is None
        session.close()


# ---------------------------------------------------------------- keys and rules
def test_the_key_help_lists_every_key_of_the_game_screen():
    """The help and the bindings cannot disagree: every key the screen answers to is in the help."""
    helped = {k for _title, rows in KEY_HELP for keys, *_words in rows for k in keys.split(",")}
    from tiletum_tui.games.carcassonne.ui.remote import RemoteCarcassonneScreen  # (a game through the host)

    ours = [cls for cls in RemoteCarcassonneScreen.__mro__ if cls.__module__.startswith("tiletum_tui")]
    screen_keys = {k for cls in ours for b in cls.__dict__.get("BINDINGS", []) for k in b.key.split(",")}
    assert screen_keys <= helped | {"ctrl+q"}, screen_keys - helped


async def test_question_mark_shows_carcassonnes_keys(tmp_path):
    app = TiletumApp(session=random_session(tmp_path, 2))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, KeysHelp) and app.screen.title_text == "Carcassonne — keys"
        from rich.console import Console

        console = Console(width=70, record=True, file=open("/dev/null", "w"))
        console.print(app.screen.query_one("#help-text").content)
        text = console.export_text()
        assert "turn the tile" in text and key_name("ctrl+s") in text and "Tasks" not in text


@pytest.mark.parametrize("moment, where", [("place", ("placing", "rules")), ("farmer", ("end", "farms")),
                                           ("knight", ("followers", "roles")), ("over", ("end", "final"))])
async def test_f1_opens_the_rules_about_what_is_on_screen(tmp_path, moment, where):
    """F1 on the tile being placed: placing; on a highlighted farmer: the farms; at the end: final scoring."""
    session = random_session(tmp_path, 999 if moment == "over" else 0, seed=2)
    pick = random.Random(1)
    if moment in ("farmer", "knight"):  # a tile on which that follower may go
        while not any(a.role == moment for a in legal_actions(session.state) if hasattr(a, "role")):
            session.apply(notation(pick.choice(legal_actions(session.state))), by=session.current_player)
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        if moment in ("farmer", "knight"):
            screen.choice = next(i for i, (_s, label, why) in enumerate(screen._options(session.state))
                                 if label.startswith(moment))
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, RulesBrowser)
        assert (app.screen.page_id, app.screen.section_id) == where
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen


def test_the_rules_pages_are_the_rules_texts_sections():
    """Every section of the rules text is a section of the pages (by its heading's words)."""
    headings = {s.heading for p in rules_pages.pages().values() for s in p.sections}
    for heading in ("Preparation", "Playing the game", "Placing land tiles", "Deploying followers", "Completed road",
                    "Completed city", "Completed cloister", "Returning followers to players' supplies", "The farms",
                    "Game end", "Final scoring", "Variants using the 12 expansion river tiles"):
        assert heading in headings
    assert rules_pages.search("pennant")[0].page in ("scoring", "cards", "end")


def test_cards_and_components_draw_every_design_from_the_data():
    """Each tile design drawn as on the land, with its count, edges and segments; the totals from the data."""
    page = rules_pages.page("cards")
    cat = load()
    for d in cat.land + river_tiles().river_in(RULES_VERSION):  # the River of the games set up today
        section = page.section(f"tile-{d.id}")
        assert section.heading.startswith(f"{d.id} ×{d.count}:")
        for line in draw.tile_lines(d.id, 0, draw.BIG_W, draw.BIG_H):
            assert "  " + line in section.body.split("\n")
        assert f"{d.count} tile" in section.body and "Edges: N " in section.body
    head = page.section("components").body
    assert f"{sum(d.count for d in cat.land)} land tiles" in head and "72 land tiles" in head
    assert f"{cat.followers_per_player} followers a player" in head


async def test_cards_and_components_are_a_page_of_the_rules_browser(tmp_path):
    app = TiletumApp(session=random_session(tmp_path, 0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        toc = app.screen.query_one("#rules-toc")
        toc.highlighted = toc.get_option_index("page-cards")
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen.page_id == "cards"
        assert "Cards & Components" in str(app.screen.query_one("#rules-title").content)


# ---------------------------------------------------------------- what happened
def test_since_your_last_turn_reads_the_engines_events(tmp_path):
    """Every point the others scored since your last move, as the engine's Scored events say, and
    their actions in the log's words; your own earlier turns are not told again."""
    session = random_session(tmp_path, 60, seed=9, players=3)
    seat = session.current_player
    names = [p.name for p in session.state.players]
    since = session.since(seat)  # (issue 39: made once, from the states)
    lines = news.since_lines(since, session.log, names)
    points = {s: sum(c.after - c.before for c in changes) for s, changes in since.vp().items()}
    span = news.window(session.log, seat)
    scored = [e for i in span for e in session.log[i].events if isinstance(e, Scored) and e.points]
    assert points == {s: sum(e.points for e in scored if e.seat == s) for s in {e.seat for e in scored}}
    others = [session.log[i] for i in span if session.log[i].seat != seat]
    assert len(others) == 2 * (len(names) - 1)  # each other player's placing and deploying
    for entry in others:  # (after the tile's number, issue 40, or two spaces)
        assert any(line[2:].startswith(entry.text) for line in lines)
    mine_before = [e for e in session.log[: span.start] if e.seat == seat]
    assert not any(line[2:].startswith(e.text) for e in mine_before for line in lines if e.text)


async def test_s_and_l_show_since_your_last_turn_and_the_log(tmp_path):
    session = random_session(tmp_path, 20, seed=9, players=3)
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, NewsPanel) and app.screen.title_text.startswith("Since ")
        await pilot.press("escape", "l")
        await pilot.pause()
        assert isinstance(app.screen, NewsPanel) and len(app.screen.lines) == len(session.log)
        # A long line goes on under its words at 80 columns, never under the move numbers.
        shown = app.screen.query_one("#news-text")
        drawn = [ln.plain for ln in shown.content.wrap(app.console, shown.size.width)]  # as Static draws them
        assert len(drawn) > len(session.log) and not [ln for ln in drawn if ln[:1] not in ("", " ")]
        await pilot.press("n")  # the notation
        assert [line[5:] for line in app.screen.lines] == session.notation_log


async def test_z_zooms_out_to_a_character_a_tile(tmp_path):
    session = random_session(tmp_path, 60, seed=9)
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("z")
        await pilot.pause()
        screen = app.screen
        land = screen.query_one("#carc-land").content
        body = str(land).split("\n")[1:]  # (under the legend)
        state = session.view()
        tiles = sum(1 for line in body for ch in line if ch not in " o@")
        assert tiles == len(state.placed)  # the whole land, a character a tile
        assert sum(line.count("o") for line in body) == len(screen._places(state))  # where the tile fits
        marked = [land.plain[s.start:s.end] for s in land.spans if "reverse" in str(s.style)]
        assert marked == ["o"]  # the cursor, on a place where the tile fits
        last = [land.plain[s.start:s.end] for s in land.spans if "underline" in str(s.style)]
        p = state.placed[-1]
        assert last == [overview.glyph(p.design, p.rotation)]  # the last tile placed
        await pilot.press("z")
        await pilot.pause()
        assert "overview" not in str(screen.query_one("#carc-land").content)


# ---------------------------------------------------------------- starting a game
def test_tiletum_new_game_carcassonne_opens_its_screen(tmp_path, monkeypatch):
    seen = {}
    monkeypatch.setattr("tiletum_tui.shell.ui.app.run_app", lambda *a, **kw: seen.update(kw) or 0)
    assert cli.main(["--save-dir", str(tmp_path), "new", "--game", "carcassonne", "--river", "--players", "4",
                     "--seed", "3"]) == 0
    session = seen["session"]
    assert session.game.name == "carcassonne" and session.settings.river and len(session.state.players) == 4
    session.close()


def test_tiletum_new_game_carcassonne_with_opponents_seats_them(tmp_path, monkeypatch, capsys):
    """Issue 20 ("play it alone against opponents"): `tiletum new --game carcassonne --opponents ...`
    seats them after the person (it was refused, "no computer opponents yet"); a bad level is refused."""
    seen = {}
    monkeypatch.setattr("tiletum_tui.shell.ui.app.run_app", lambda *a, **kw: seen.update(kw) or 0)
    assert cli.main(["--save-dir", str(tmp_path), "new", "--game", "carcassonne", "--players", "3",
                     "--opponents", "master,beginner", "--budget", "300", "--seed", "3"]) == 0
    session = seen["session"]
    assert [(s.player, s.level, s.budget) for s in session.seats] == [
        ("person", "", ""), ("opponent", "master", "300"), ("opponent", "beginner", "")]
    session.close()
    assert cli.main(["--save-dir", str(tmp_path), "new", "--game", "carcassonne", "--opponents", "overlord"]) == 2
    assert "unknown opponent level 'overlord'" in capsys.readouterr().err


async def test_new_game_of_carcassonne_asks_players_names_and_the_river(tmp_path):
    app = TiletumApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, NewCarcassonneGame)
        await pilot.press("right", "right", "right", "space")  # 5 players
        await pilot.pause()
        form = app.screen
        form.query_one("#name4").value = "Zoë"
        form.query_one("#river").value = True
        form.query_one("#name1").value = "Ann"  # the same name twice is refused
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is form and "same name" in str(form.query_one("#form-error").content)
        form.query_one("#name1").value = "Bob"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, CarcassonneScreen)
        s = app.screen.session.settings
        assert [p.name for p in s.players] == ["Ann", "Bob", "Cid", "Dee", "Zoë"] and s.river
        app.screen.session.close()


async def test_five_players_scores_and_followers_are_all_on_screen_at_80_columns(tmp_path):
    """Issue 19: "Always visible: scores, followers in supply per player" — with five players too."""
    session = random_session(tmp_path, 30, seed=4, players=5)
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        widget = app.screen.query_one("#carc-players")
        shown = [line.text for line in widget.render_lines(widget.region.reset_offset)]
        state = session.view()
        for i, (p, score, supply) in enumerate(zip(state.players, state.scores, state.supply)):
            assert any(f"{i + 1} {p.name} {score} pts, {supply} followers" in line for line in shown), shown


async def test_the_help_key_on_carcassonnes_form_and_rules_shows_carcassonnes_keys(tmp_path):
    app = TiletumApp(session=random_session(tmp_path, 2))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f1")  # the rules browser over the game: its ? is the app's help key
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, KeysHelp) and app.screen.title_text == "Carcassonne — keys"
    app = TiletumApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("g")
        await pilot.pause()
        await pilot.press("f1")  # (? would type into a name)
        await pilot.pause()
        assert isinstance(app.screen, KeysHelp) and app.screen.title_text == "Carcassonne — keys"
        assert app.screen.sections[0][0] == "The New game form"
