"""Open a saved game (the title's o): the saves in the save folder, newest first; Enter opens one."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tiletum_tui.core.safe_text import clean
from ..session import Session
from .games import screens_for
from ..saves import listing, store
from .dialogs import ConfirmDialog


class LoadDialog(ModalScreen[Path | None]):
    """Returns the chosen save file's path (the app loads it through the session), or None."""

    BINDINGS = [
        Binding("escape", "close", "Back", id="tiletum.load-back"),
        Binding("d,delete", "delete", "Delete", id="tiletum.load-delete"),
        Binding("r", "replay", "Replay", id="tiletum.load-replay"),  # issue 21
    ]

    def __init__(self, save_dir) -> None:
        super().__init__()
        self.save_dir = save_dir
        self.paths: list[Path] = []

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static("Open a saved game", classes="dialog-title", markup=False)
            yield OptionList(id="saves", classes="dialog-body")
            yield Static("", id="load-note", markup=False)
            yield Static("Enter: open    r: replay    d: delete    Esc: back", classes="dialog-keys", markup=False)

    def on_mount(self) -> None:
        self._fill()
        self.query_one(OptionList).focus()

    def _fill(self) -> None:
        folder = store.resolve_save_dir(self.save_dir)
        ol = self.query_one(OptionList)
        ol.clear_options()
        self.paths = []
        infos = Session.checked_saves(folder)  # as replaying gives them, never the files' claims (issue 24)
        several = len({i.game for i in infos if not i.problem}) > 1  # then each line names its game
        for info in infos:
            saved = info.saved.astimezone().strftime("%Y-%m-%d %H:%M")
            # Text, not markup, and cleaned: names and problems are the files' own words (issue 11)
            if info.problem:
                ol.add_option(Option(Text(f"{clean(info.path.name, 80)} — unreadable: {info.problem}"), disabled=True))
            elif not info.checked:
                name = ("autosave" if info.autosave else clean(info.name, 60)) + listing.record_mark(info)
                ol.add_option(Option(Text(f"{name} · {listing.UNCHECKED} · {saved}")))
            else:
                name = ("autosave" if info.autosave else clean(info.name, 60)) + listing.record_mark(info)
                status = "finished" if info.finished else (info.progress or f"round {info.round}")
                if several:
                    status = f"{info.game}, {status}"
                scores = clean(" / ".join(f"{p} {s}" for p, s in zip(info.players, info.scores)), 120)
                ol.add_option(Option(Text(f"{name} · {status} · {scores} · {saved}")))
            self.paths.append(info.path)
        self.query_one("#load-note", Static).update(
            f"Saves in {clean(folder)}" if self.paths else f"No saved games in {clean(folder)} yet.")
        if self.paths:
            ol.highlighted = 0

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self.paths[event.option_index])

    def action_delete(self) -> None:
        """Delete the highlighted save, after a confirmation (a deleted game cannot come back)."""
        index = self.query_one(OptionList).highlighted
        if index is None or not self.paths:
            return
        path = self.paths[index]

        def answered(yes: bool | None) -> None:
            if not yes:
                return
            try:
                listing.delete(path)
            except Exception as exc:  # SaveFileError names the file and the reason
                self.notify(str(exc), title="Not deleted", severity="error", timeout=8, markup=False)
                return
            self._fill()
            self.notify(f"Deleted {path.name}", timeout=3)

        self.app.push_screen(ConfirmDialog("Delete this save?", f"{clean(path.name)} will be gone for good."), answered)

    def action_replay(self) -> None:
        """Replay the highlighted save move by move (read-only: ``ui.replay``), instead of opening it."""
        index = self.query_one(OptionList).highlighted
        if index is None or not self.paths:
            return
        path = self.paths[index]
        self.dismiss(None)
        open_replay(self.app, path)

    def action_close(self) -> None:
        self.dismiss(None)


def open_replay(app, path) -> None:
    """Open Open's highlighted save as a replay of its game (``Screens.replay``): read-only (no lock,
    nothing written), or say why not."""
    try:
        session = Session.load(path, save_dir=app.save_dir, autosave=False, open_as="read-only")
    except Exception as exc:  # SaveFileError/ReplayError name the file and the problem
        app.notify(clean(exc, 300), title="Cannot replay this save", severity="error", timeout=8, markup=False)
        return
    app.push_screen(screens_for(session.game.name).replay(session, at=0))
