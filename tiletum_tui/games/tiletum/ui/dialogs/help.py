"""The help screen: every key, read from the same tables the bindings are made from, then the map's
legend. Each key is listed once, as it works where the help was opened from (F1 is the rules page
about the screen in a game, this help elsewhere: in a replay too, which has no decision to explain)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from tiletum_tui.shell.ui.help import LEAVE_KEYS, TALK_KEYS, key_name, page_section
from .. import keymap
from ..widgets.painted import Ink, Painted
from ..views import all_views
from ..widgets.map_view import LEGEND
from tiletum_tui.shell.ui.replay.screen import ReplayShell

INTRO = (
    "The decision panel always shows what the player deciding now must choose. Pick a line with "
    "its number, or with the arrows and Enter; a line ending in › opens more choices and Esc goes "
    "back. Lines keep their numbers: keeping a die's value is always 1. Greyed lines say why they are "
    "not possible now. Map choices also show on the map; type a Town's first letters to find its line "
    "(after /, or at once when there are more than nine Towns to choose from)."
)
REPLAY_INTRO = ("A replay is read-only: it steps through the game as it was played, and the panel says "
                "which position is shown, the move that led there and whose view it is.")


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,f1,question_mark,enter", "close", "Close", id="tiletum.help-close")]

    def compose(self) -> ComposeResult:
        yield Ink()
        with Vertical(classes="dialog"):
            yield Static("Tiletum — keys", classes="dialog-title", markup=False)
            with VerticalScroll(id="help-body"):
                yield Painted(id="help-text")
            yield Static("↑↓ PgUp PgDn: scroll · Esc: close", classes="dialog-keys", markup=False)

    def on_mount(self) -> None:
        w = self.query_one("#help-text", Painted)
        remapped = getattr(self.app, "user_keys", {})
        below = self.app.screen_stack[-2] if len(self.app.screen_stack) > 1 else None
        replay = isinstance(below, ReplayShell)  # (no choosing, no rules page: ? and F1 are this help)
        in_game = hasattr(below, "model") and not replay
        views = getattr(below, "views", None) or all_views()
        out = Text((REPLAY_INTRO if replay else INTRO) + "\n")

        def row(bid: str, keys: str, desc: str) -> None:
            keys = keymap.keys_of(bid, keys, remapped)
            out.append(f"{key_name(keys):<14}", w.ink("strong"))
            out.append(keymap.HELP_TEXT.get(bid) or desc)
            out.append("\n")

        def section(title: str) -> None:
            out.append(f"\n{title}\n", w.ink("title"))

        game = {bid: (keys, desc) for bid, keys, _a, desc, _s in keymap.GAME_KEYS}

        def replaying() -> None:
            section("Replaying a game (Open: r; the final table: r)")
            for bid, keys, _a, desc, _s in keymap.REPLAY_KEYS:
                row(bid, keys, desc)

        if replay:
            replaying()
        else:
            section("Choosing")
            out.append(f"{'1-9':<14}", w.ink("strong"))
            out.append(f"{keymap.HELP_TEXT['pick-1']}\n")
            for bid in ("back", "tasks", "finish", "undo", "redo", "find"):
                row(bid, *game[bid])
        section("Looking around")
        for v in views:
            row(f"view-{v.name}", v.keys, f"{v.title}: {v.help}" if v.help else v.title)
        for bid in ("next-view", "prev-player", "next-player", "details", "notation"):
            row(bid, *game[bid])
        for bid, keys, _a, desc, _s in keymap.SCROLL_KEYS:
            row(bid, keys, desc)
        if not replay:
            section("Learning")
            for bid in ("rules-here", "explain", "preview", "hints"):
                row(bid, *game[bid])
            replaying()
        section("Everywhere")
        for bid, keys, _a, desc, _s in keymap.APP_KEYS:
            if bid == "help" and in_game:
                keys = "question_mark"  # F1 is the rules page in a game (above)
            row(bid, keys, desc)
        if not replay:  # (a replay saves nothing)
            row("save", *game["save"])
        out.append(f"{'Ctrl+P':<14}", w.ink("strong"))
        out.append("every command, and the Tasks you can do now\n")
        if in_game and getattr(below.model, "remote", False):  # (the join client's keys: issue 25, issue 44)
            section("In a game through tiletum host")
            for _keys, words, shown in (TALK_KEYS, LEAVE_KEYS):
                out.append(f"{shown:<14}", w.ink("strong"))
                out.append(words + "\n")
        for title, rows in page_section():  # (only in a browser page: the keys the browser keeps)
            section(title)
            for keys, words, *shown in rows:
                out.append(f"{shown[0] if shown else key_name(keys):<14}", w.ink("strong"))
                out.append(words + "\n")
        section("The map")
        out.append(LEGEND + "\n", w.ink("muted"))
        out.append("\nRemap keys in $XDG_CONFIG_HOME/tiletum/keys.json (~/.config/tiletum/keys.json), "
                   "e.g. {\"tiletum.tasks\": \"x\"}; the ids are tiletum.<name>: "
                   + ", ".join(bid for bid, *_ in keymap.GAME_KEYS + keymap.view_keys(views) + keymap.APP_KEYS
                               + keymap.REPLAY_KEYS),
                   w.ink("muted"))
        w.update(out)
        self.query_one("#help-body").focus()

    def action_close(self) -> None:
        self.dismiss(None)
