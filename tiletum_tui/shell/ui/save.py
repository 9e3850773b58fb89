"""Save under a name, or anywhere: a one-line form that shows where the save will go.

A name goes into the save folder (sanitised by the session); a path (``~/x``, ``/mnt/usb/``,
``./x.json``) goes exactly there, so a game whose autosave cannot be written can still be saved
somewhere that works (issue 11). ``problem`` says why the dialog opened by itself (the autosave
failed) or why the last try did not save; ``autosaved`` whether the game is autosaved meanwhile (the
dialog says so only then: issue 42). A dialog that opened by itself (``interrupting``) does not take the
keys typed for the game as it opens: its field waits for Enter (issue 42: a key typed in flight landed
in the path).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from tiletum_tui.core.safe_text import clean
from ..saves import store


class SaveDialog(ModalScreen[str | None]):
    """Returns the name or path typed (Enter), or None (Esc)."""

    DEFAULT_CSS = """
    SaveDialog { align: center middle; background: $background 60%; }
    #save-problem { color: $error; height: auto; }
    #save-where { color: $text-muted; height: auto; }
    """
    BINDINGS = [Binding("escape", "cancel", "Back", id="tiletum.save-back"),
                Binding("enter,tab", "edit", "Where to save", show=False)]  # (the field, once it has focus, takes Enter)

    def __init__(self, suggestion: str, *, folder=None, problem: str | None = None,
                 title: str = "Save the game", autosaved: bool = True, interrupting: bool = False) -> None:
        super().__init__()
        self.suggestion, self.folder, self.problem, self.title_text = suggestion, folder, problem, title
        self.autosaved, self.interrupting = autosaved, interrupting
        if interrupting:
            self.AUTO_FOCUS = ""  # nothing focused: a key meant for the game does nothing here

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.title_text, classes="dialog-title", markup=False)
            if self.problem:
                yield Static(clean(self.problem), id="save-problem", markup=False)
            yield Input(self.suggestion, placeholder="a name, or a path such as ~/tiletum/friday", id="save-name",
                        max_length=1024)
            yield Static("", id="save-where", markup=False)
            yield Static(self._keys(), id="save-keys", classes="dialog-keys", markup=False)

    def _keys(self) -> str:
        back = "Esc: back" + (" (the game is autosaved anyway)" if self.autosaved and not self.problem else
                              "" if self.autosaved else " (the game goes on unsaved)")
        if self.interrupting:
            return "Enter: choose where to save    Esc: play on, unsaved"
        return f"Enter: save    {back}"

    def on_mount(self) -> None:
        if not self.interrupting:
            self.query_one(Input).focus()
        self._show_where(self.suggestion)

    def action_edit(self) -> None:
        self.query_one(Input).focus()

    def on_descendant_focus(self, event) -> None:
        if self.interrupting:  # the field has the keys now: Enter saves
            self.interrupting = False
            self.query_one("#save-keys", Static).update(self._keys())

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
