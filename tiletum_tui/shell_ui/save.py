"""Save under a name, or anywhere: a one-line form that shows where the save will go.

A name goes into the save folder (sanitised by the session); a path (``~/x``, ``/mnt/usb/``,
``./x.json``) goes exactly there, so a game whose autosave cannot be written can still be saved
somewhere that works (issue 11). ``problem`` says why the dialog opened by itself (the autosave
failed) or why the last try did not save.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from ..safe_text import clean


class SaveDialog(ModalScreen[str | None]):
    """Returns the name or path typed (Enter), or None (Esc)."""

    DEFAULT_CSS = """
    SaveDialog { align: center middle; background: $background 60%; }
    #save-problem { color: $error; height: auto; }
    #save-where { color: $text-muted; height: auto; }
    """
    BINDINGS = [Binding("escape", "cancel", "Back", id="tiletum.save-back")]

    def __init__(self, suggestion: str, *, folder=None, problem: str | None = None,
                 title: str = "Save the game") -> None:
        super().__init__()
        self.suggestion, self.folder, self.problem, self.title_text = suggestion, folder, problem, title

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.title_text, classes="dialog-title", markup=False)
            if self.problem:
                yield Static(clean(self.problem), id="save-problem", markup=False)
            yield Input(self.suggestion, placeholder="a name, or a path such as ~/tiletum/friday", id="save-name",
                        max_length=1024)
            yield Static("", id="save-where", markup=False)
            keys = "Enter: save    Esc: back" + ("" if self.problem else " (the game is autosaved anyway)")
            yield Static(keys, classes="dialog-keys", markup=False)

    def on_mount(self) -> None:
        self.query_one(Input).focus()
        self._show_where(self.suggestion)

    def on_input_changed(self, event: Input.Changed) -> None:
        self._show_where(event.value)

    def _show_where(self, typed: str) -> None:
        self.query_one("#save-where", Static).update(where_it_goes(typed, self.folder))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        name = event.value.strip()
        if name:
            self.dismiss(name)
        else:
            self.notify("Type a name or a path first.", severity="warning")

    def action_cancel(self) -> None:
        self.dismiss(None)


def where_it_goes(typed: str, folder) -> str:
    """One line saying where ``typed`` would be saved."""
    from ..saves import store

    if not typed.strip():
        return "a name saves in the save folder; a path (/…, ~/…, old/…) saves exactly there"
    folder = folder if folder is not None else store.resolve_save_dir(None)
    target = store.save_target(typed, folder)
    if target is None:
        return f"→ {clean(store.save_path(folder, typed))}"
    into, path = target
    if path is None:
        return f"→ a new file in {clean(into)}"
    free = store.free_path(path)  # a path never replaces a file (issue 24)
    taken = "" if free == path else f"   ({path.name} is taken)"
    return f"→ {clean(free)}{taken}" + ("" if into.is_dir() else "   (that folder does not exist)")
