"""The phase announcement (the yes/no question and the note are the shell's: ``shell.ui.dialogs``)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from tiletum_tui.shell.ui.hanging import hang
from ..widgets.painted import Ink, Painted


class AnnounceDialog(ModalScreen[None]):
    """A phase was scored (King phase, a Fair, final scoring): who scored what, and why."""

    BINDINGS = [Binding("enter,escape,space", "close", "Continue", id="tiletum.announce-close")]

    def __init__(self, title: str, players, events, notes: list[str] | None = None) -> None:
        super().__init__()
        self.title_text, self.players, self.events = title, players, events
        self.notes = notes or []

    def compose(self) -> ComposeResult:
        yield Ink()
        with Vertical(classes="dialog"):
            yield Static(self.title_text, classes="dialog-title", markup=False)
            with VerticalScroll(classes="dialog-body"):
                yield Painted(id="announce-body")
            yield Static("Enter: continue", classes="dialog-keys", markup=False)

    def on_mount(self) -> None:
        self._draw()
        self.call_after_refresh(self._draw)  # (laid out: the body's width is known, the reasons wrap to it)

    _width = None

    def _draw(self) -> None:
        body = self.query_one("#announce-body", Painted)
        width = body.size.width or 66  # (before the first layout: a dialog's width at 80 columns)
        if width == self._width:
            return
        self._width = width
        out = Text()
        for note in self.notes:
            out.append(note + "\n", body.ink("muted"))
        if self.notes:
            out.append("\n")
        for i, p in enumerate(self.players):
            mine = [e for e in self.events if e.player == i]
            out.append(p.name, body.player_ink(p.colour))
            total = sum(e.vp for e in mine)
            out.append(f"  {total:+d} VP  (now {p.vp})\n", body.ink("strong"))
            for e in mine:
                out.append(f"   {e.vp:+3d}  ", body.ink("good") if e.vp >= 0 else body.ink("bad"))
                hang(out, Text(e.why), width, 8, self.app.console)  # a long reason goes on under its words
                out.append("\n")
            if not mine:
                out.append("   nothing this time\n", body.ink("muted"))
        body.update(out)

    def action_close(self) -> None:
        self.dismiss(None)
