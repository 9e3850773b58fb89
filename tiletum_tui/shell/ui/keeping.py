"""The screens' part of keeping a game safe (issue 11), called from the game screen and the app.

- ``report_autosave(screen)``: after anything that autosaves (a new or loaded game, an action,
  undo, redo) say at once when the game is not saved; the first failure opens the save dialog so
  the player can save it anywhere that works.
- ``ask_where_to_save(screen)``: Ctrl+S; a name or a path, and again with the reason if it failed.
- ``quit_asking(app)``: Ctrl+Q; asks first when quitting would lose moves (Ctrl+Q again quits).
- ``open_saved_game(app, path)``: open a save, and when another Tiletum plays it, ask whether to
  open it read-only or as a copy.
- ``close_games(app)``: let the games on screen go (their locks), before the title screen.
"""

from __future__ import annotations

from tiletum_tui.core.safe_text import clean


def game_of(screen):
    """The game a screen plays: through its model (Tiletum's screens) or held itself (another game's)."""
    model = getattr(screen, "model", None)
    return getattr(model, "session", None) or getattr(screen, "game_session", None)


_session = game_of


def report_autosave(screen) -> None:
    session = _session(screen)
    error = getattr(session, "autosave_error", None)
    was = getattr(screen, "_autosave_shown", None)
    screen._autosave_shown = error
    if error is None:
        if was is not None:
            screen.notify("The game is autosaved again.", title="Autosave", timeout=4)
        return
    if was is None:  # the first failure: stop, say why, offer a place that works
        ask_where_to_save(screen, problem=error, interrupting=True)
    else:
        screen.notify(error, title="Not saved", severity="error", timeout=8, markup=False)


def ask_where_to_save(screen, problem: str | None = None, typed: str | None = None,
                      interrupting: bool = False) -> None:
    """The save dialog: Ctrl+S, a retry after a failed save (``typed``), or by itself (``interrupting``)
    when the autosave fails (``problem``)."""
    from ..saves.errors import SaveFileError  # start-up: the title is painted first (issue 24)
    from ..safekeeping import ReadOnlyGameError  # start-up: the title is painted first (issue 24)
    from .save import SaveDialog  # start-up: the title is painted first (issue 24)

    session = _session(screen)
    if session is None:
        return
    if getattr(session, "read_only", None):
        screen.notify("This game is open read-only: open it as a copy to save it and play on.",
                      title="Read-only", severity="warning", markup=False)
        return
    suggestion = session._default_name()
    if problem and not typed:  # the save folder fails: suggest a place elsewhere (the home folder)
        from ..saves import store  # start-up: the title is painted first (issue 24)

        suggestion = "~/" + store.sanitise_name(suggestion)
    suggestion = typed or suggestion
    folder = session.save_dir

    def answered(text: str | None) -> None:
        if not text:
            if problem and session.autosave_error:
                screen.notify("The game goes on unsaved; Ctrl+S saves it, and quitting asks first.",
                              title="Not saved", severity="warning", timeout=6, markup=False)
            return
        before = session.save_dir
        try:
            path = session.save_to(text)
        except (SaveFileError, ReadOnlyGameError) as exc:  # names the file and the problem
            ask_where_to_save(screen, problem=f"Not saved: {exc}", typed=text)
            return
        note = f"Saved as {clean(path)}"
        if session.save_dir != before and session.autosave_error is None:
            note += f"; the autosave now goes to {clean(session.save_dir)}"
        screen._autosave_shown = session.autosave_error
        screen.notify(note, title="Saved", timeout=6, markup=False)

    title = "The game is not saved" if problem else "Save the game"
    autosaved = getattr(session, "autosave_error", None) is None  # (never "autosaved anyway" while it fails)
    screen.app.push_screen(SaveDialog(suggestion, folder=folder, problem=problem, title=title, autosaved=autosaved,
                                      interrupting=interrupting), answered)


def _sessions_on_screen(app) -> list:
    seen = []
    for screen in app.screen_stack:
        session = _session(screen)
        if session is not None and all(session is not s for s in seen):
            seen.append(session)
    return seen


def quit_asking(app) -> None:
    from .dialogs import ConfirmDialog  # start-up: the title is painted first (issue 24)

    if getattr(app.screen, "_quit_question", False):  # Ctrl+Q at the question itself: quit
        app.exit()
        return
    losses = [s.unsaved_changes() for s in _sessions_on_screen(app) if hasattr(s, "unsaved_changes")]
    losses = [loss for loss in losses if loss]
    if not losses:
        app.exit()
        return
    question = ConfirmDialog("Quit without saving?", f"{clean(losses[0][:1].upper() + losses[0][1:])}.\n\n"
                             "n: back to the game, where Ctrl+S saves it anywhere you choose.\n"
                             "Quit anyway (y, or Ctrl+Q again)?")
    question._quit_question = True
    app.push_screen(question, lambda yes: app.exit() if yes else None)


def close_games(app) -> None:
    for session in _sessions_on_screen(app):
        close = getattr(session, "close", None)
        if close is not None:
            close()


def open_saved_game(app, path, *, open_as: str = "play", error=None) -> None:
    """Load ``path`` and show it; another Tiletum playing it brings up the read-only/copy question.
    ``error``: a GameInUseError already met (the command line met it before the app started)."""
    from ..saves.lock import GameInUseError  # start-up: the title is painted first (issue 24)
    from ..session import Session  # start-up: the title is painted first (issue 24)
    from .in_use import InUseDialog  # start-up: the title is painted first (issue 24)

    def chosen(mode: str | None) -> None:
        if mode is None:
            if not app.screen_stack[1:]:
                app.push_screen(app._title())  # started on this question: the title is next
            return
        open_saved_game(app, path, open_as=mode)

    if error is None:
        try:
            session = Session.load(path, save_dir=app.save_dir, open_as=open_as)
        except GameInUseError as exc:
            error = exc
        except Exception as exc:  # SaveFileError/ReplayError say which file and what is wrong
            app.notify(str(exc), title="Cannot open this save", severity="error", timeout=8, markup=False)
            if not app.screen_stack[1:]:
                app.push_screen(app._title())
            return
        else:
            app.show_game(session)
            if open_as == "read-only":
                app.notify("Opened read-only: nothing is saved. Open it as a copy to play on.",
                           title="Read-only", timeout=8, markup=False)
            elif open_as == "copy":
                name = session.autosave_path.name if session.autosave_path else ""
                app.notify(f"Opened a copy: a new game, saved on its own as {clean(name)}",
                           title="Copy", timeout=8, markup=False)
            return
    app.push_screen(InUseDialog(error), chosen)
