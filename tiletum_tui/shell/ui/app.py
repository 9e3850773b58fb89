"""The Tiletum Textual app and ``run_app``, the one entry point the command line calls."""

from __future__ import annotations

import asyncio
import signal

from textual.app import App, SystemCommand
from textual.screen import Screen

from tiletum_tui.core import games
from . import keeping
from .help import page_bindings
from tiletum_tui.games.tiletum.ui import keymap
from .games import game_names, screens_for
from .paths import later_css_paths, title_css_paths
from .title import TitleScreen

# Start-up (issue 24): the title screen is painted before anything else is imported. The engine, the
# game screen, the dialogs and the rules browser are imported where they are first used, so that
# `tiletum` shows its title about as fast as a bare Textual app (``tiletum bench``, "Start-up").


def _rules_commands():
    from tiletum_tui.games.tiletum.ui.learn.rules_screen import RulesCommands

    return RulesCommands


class TiletumApp(App):
    """The app shell: the title screen, opening and starting games, app-wide keys. The game's own
    screens come from ``ui.games`` (the shell names the game, nothing more)."""

    TITLE = screens_for(games.DEFAULT).title
    plays_at_home = True  # games are played in this process (``tiletum join``'s are the host's)
    CSS_PATH = title_css_paths()  # the rest before the first other screen (``_read_later_styles``)
    BINDINGS = keymap.bindings(keymap.APP_KEYS) + page_bindings()  # (in a browser page, its keys)
    COMMANDS = App.COMMANDS | {_rules_commands}  # "rules: fair" in the palette (imported when it opens)
    interrupted = False  # ended by SIGINT (run_app)

    def __init__(self, settings=None, *, session=None, save_dir=None, game: str = games.DEFAULT,
                 in_use=None, note: str | None = None) -> None:
        """``in_use``: the GameInUseError met when the command line opened a save (issue 11); ``note``:
        said on screen when the game opens (what --continue opened)."""
        super().__init__()
        self.settings, self.session, self.save_dir = settings, session, save_dir
        self.note = note  # said once the first screen is up (what --continue opened)
        self.screens = screens_for(session.game.name if session is not None else game)
        self.in_use = in_use
        self.theme = "textual-dark"  # fixed start theme: the environment must not change snapshots
        self.user_keys, self.keys_problem = keymap.load_user_keys()
        if self.user_keys:
            self.set_keymap(self.user_keys)

    # ------------------------------------------------------------ style sheets
    # Start-up (issue 24, item 18): parsing every sheet before the title's first paint cost about a
    # tenth of the start. The title reads base + title; the others are read, in their cascade order
    # after those, just before any other screen is shown, so every screen is styled as if all had
    # been read at once.
    _later_styles_read = False

    def _read_later_styles(self, screen) -> None:
        if self._later_styles_read or isinstance(screen, TitleScreen):
            return
        self._later_styles_read = True
        self.stylesheet.read_all(later_css_paths())
        self.refresh_css(animate=False)

    def push_screen(self, screen, *args, **kwargs):
        self._read_later_styles(screen)
        return super().push_screen(screen, *args, **kwargs)

    def switch_screen(self, screen):
        self._read_later_styles(screen)
        return super().switch_screen(screen)

    def on_mount(self) -> None:
        if self.keys_problem:
            title = "Some keys of your key file were left out" if self.user_keys else "Your key file was not used"
            self.notify(self.keys_problem, title=title, severity="warning", timeout=10, markup=False)
        if self.note:  # once the first screen is up, so the note shows on it
            self.call_after_refresh(self.notify, self.note, timeout=8, markup=False)
        if self.in_use is not None:
            keeping.open_saved_game(self, self.in_use.path, error=self.in_use)
        elif self.session is not None:
            self.push_screen(self.screens.game(self.session))
        elif self.settings is not None:
            self.start_game(self.settings)
        else:
            self.push_screen(self._title())

    # ------------------------------------------------------------ flow between screens
    def on_title_screen_chosen(self, event: TitleScreen.Chosen) -> None:
        if event.item == "new":
            self._new_game_of(self.screens.name)
        elif event.item == "other":  # a game other than this app's own: which one (if several), then its form
            others = self._other_games()
            if len(others) > 1:
                from .choose_game import ChooseGame

                self.push_screen(ChooseGame(others), self._new_game_of)
            elif others:
                self._new_game_of(others[0])
        elif event.item == "continue":
            self._load_chosen(self._last_unfinished())
        elif event.item == "load":
            from .load import LoadDialog

            self.push_screen(LoadDialog(self.save_dir), self._load_chosen)
        elif event.item == "quit":
            self.exit()
        elif event.item == "learn":
            self.screens.learn(self)
        elif event.item == "rules":
            self.choose_rules()

    def _last_unfinished(self):
        """The last unfinished game, proved so by replaying it (issue 11: not the file's own word)."""
        from ..saves import store
        from ..session import Session

        return Session.latest_unfinished(store.resolve_save_dir(self.save_dir))

    def _title(self) -> TitleScreen:
        """The title screen, offering the last unfinished game first (issue 4: never lose a game)."""
        look = {"art": self.screens.art, "tagline": self.screens.tagline,
                "others": tuple(screens_for(n).title for n in self._other_games())}
        return TitleScreen(find_last=self._last_unfinished_summary, **look)

    def _last_unfinished_summary(self) -> tuple[str, str, str] | None:
        """The Continue line's game (its name, how far it got, the scores: ``LastGame.continue_parts``):
        the title looks once it is painted (replaying needs the engine)."""
        from ..saves import listing, store

        folder = store.resolve_save_dir(self.save_dir)
        if not any(info.problem is None for info in listing.list_saves(folder)):
            return None  # no save to replay: the engine need not be imported to say so
        from ..session import Session

        found = Session.latest_unfinished_game(folder)
        return found.continue_parts() if found else None

    def choose_rules(self) -> None:
        """Rules from the title (or the palette): which game's, when the program plays more than one
        (issue 41, item 15: Carcassonne's were reachable only inside a game), then that game's book."""
        names = game_names()
        if len(names) < 2:
            self.screens.rules(self)
            return
        from .choose_game import ChooseGame

        def chosen(name: str | None) -> None:
            if name is not None:
                screens_for(name).rules(self)
        self.push_screen(ChooseGame(names, "Rules of which game?", first=self.screens.name), chosen)

    def _other_games(self) -> tuple[str, ...]:
        return tuple(n for n in game_names() if n != self.screens.name)

    def _load_chosen(self, path) -> None:
        if path is None:
            return
        keeping.open_saved_game(self, path)  # asks read-only or copy if another Tiletum plays it

    def _new_game_of(self, name: str | None) -> None:
        if name is None:
            return
        form = screens_for(name).new_game()
        self.push_screen(form, lambda settings: self._form_done(settings, getattr(form, "seats", ()), name))

    def _form_done(self, settings, seats=(), name: str | None = None) -> None:
        if settings is not None:
            self.start_game(settings, seats, name)

    def start_game(self, settings, seats=(), name: str | None = None) -> None:
        # Who plays each seat (issue 14) is in the game's first autosave.
        from tiletum_tui.shell.ui.model import new_session

        game = games.game(name) if name else None
        self.show_game(new_session(settings, save_dir=self.save_dir, seats=seats, game=game))

    def show_game(self, session) -> None:
        screen = screens_for(session.game.name).game(session)
        if isinstance(self.screen, TitleScreen):
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def open_lessons(self) -> None:
        """Learn to play: every game's lessons in one chapter list (a game's screens reach it through here)."""
        from tiletum_tui.games.tiletum.ui.learn import learn

        learn(self)

    def open_chapters(self, screen, lesson, at: int, finished=frozenset()) -> None:
        """The chapter list from inside a lesson of any game (its screen's ``c``)."""
        from tiletum_tui.games.tiletum.ui.learn import chapters_from

        chapters_from(screen, lesson, at, finished)

    def back_to_title(self) -> None:
        keeping.close_games(self)  # another Tiletum may open these games now
        while len(self.screen_stack) > 2:
            self.pop_screen()
        self.switch_screen(self._title())

    # ------------------------------------------------------------ app-wide keys
    async def action_quit(self) -> None:
        keeping.quit_asking(self)  # asks first if quitting would lose moves (issue 11)

    def close_sessions(self) -> None:
        """Every open game's last autosave reaches the disk, and its lock is let go."""
        keeping.close_games(self)

    def action_help(self) -> None:
        # Another game's screen (or a screen over it: its rules, its form) has keys of its own: its help;
        # so has the title of an app opened for another game (``screens.keys``).
        own = next((getattr(s, "action_keys") for s in reversed(self.screen_stack) if hasattr(s, "action_keys")), None)
        if own is None and hasattr(self.screens, "keys"):
            own = lambda: self.screens.keys(self)  # noqa: E731
        if own is not None:
            own()
            return
        from tiletum_tui.games.tiletum.ui.dialogs.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def action_toggle_theme(self) -> None:
        self.theme = "textual-light" if self.theme == "textual-dark" else "textual-dark"

    def _palette_rules(self) -> None:
        """The palette's Rules: over a game, that game's (as its F1); elsewhere, which game's."""
        playing = next((session for s in reversed(self.screen_stack) if (session := keeping.game_of(s))), None)
        if playing is None:
            self.choose_rules()
        else:
            screens_for(getattr(getattr(playing, "game", None), "name", self.screens.name)).rules(self)

    def get_system_commands(self, screen: Screen):
        yield from super().get_system_commands(screen)
        yield SystemCommand("Help: keys", "Show every key", self.action_help)
        yield SystemCommand("Rules", "Open the rules browser", self._palette_rules)
        yield SystemCommand("Light / dark theme", "Switch between the light and dark theme", self.action_toggle_theme)
        from tiletum_tui.games.tiletum.ui.screens.game import GameScreen

        if isinstance(screen, GameScreen):
            for view in screen.views:
                yield SystemCommand(f"Show {view.title.lower()}", f"Switch the main view to: {view.help or view.title}",
                                    lambda v=view.name: screen.action_view(v))
            yield SystemCommand("Tasks", "Open the Tasks of your turn in the decision panel", screen.action_tasks)
            yield SystemCommand("Undo", "Take back the last action (not past a die roll or a reveal)", screen.action_undo)
            failing = getattr(screen.model.session, "autosave_error", None)  # (issue 42: never "anyway" then)
            yield SystemCommand("Save game", "Save the game under a name or anywhere (" + (
                "its autosave fails: it is not saved" if failing else "it is autosaved anyway") + ")", screen.action_save)
            yield SystemCommand("Toggle notation", "Show the log in the engine's notation", screen.action_toggle_notation)
            from tiletum_tui.games.tiletum.engine import describe
            from tiletum_tui.games.tiletum.engine.tasks import TASKS

            for action in screen.model.legal():  # every Task possible now
                if isinstance(action, TASKS):
                    yield SystemCommand(f"Task: {describe(screen.model.state, action)}", "Do this Task now",
                                        lambda a=action: screen.choose(a))


def run_app(settings=None, *, session=None, save_dir=None, in_use=None, note: str | None = None) -> int:
    """Run the app: the title screen (no arguments), a new game (``settings``) or a game in progress
    (``note``: said on screen when it opens); ``in_use``: a save another Tiletum plays (asks read-only
    or copy). Returns the exit status: non-zero when the app crashed (Textual shows the error), so
    scripts can tell."""
    app = TiletumApp(settings, session=session, save_dir=save_dir, in_use=in_use, note=note)
    previous = _exit_on_sigint(app)
    try:
        app.run()
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
        app.close_sessions()  # however the app ended, the last autosave is written before we return
        if session is not None:
            session.close()
    if app.interrupted:
        raise KeyboardInterrupt  # the command line's exit status for it: 130 (cli_guard)
    return app.return_code or 0


def _exit_on_sigint(app):
    """SIGINT (``kill -INT``; in the terminal Ctrl+C is a key) ends the app as quitting does, the
    autosave written, and the command exits 130 as documented: asyncio's own handler would cancel
    the app, which ends "normally", exit 0. Returns the handler it replaced (None if it could not:
    not the main thread)."""
    def interrupted(signum, frame):
        app.interrupted = True
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # before or after the app's loop runs
            raise KeyboardInterrupt from None
        loop.call_soon_threadsafe(app.exit)

    try:
        return signal.signal(signal.SIGINT, interrupted)
    except ValueError:
        return None
