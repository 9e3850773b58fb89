"""`tiletum saves`: the save files as a table, newest first."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table
from rich.text import Text

from tiletum_tui.core.safe_text import clean
from .saves import listing, store
from .session import Session


def print_saves(save_dir: str | None) -> int:
    """The table of saves as replaying them gives them (the command line has checked ``--save-dir``)."""
    folder = store.resolve_save_dir(save_dir)
    console = Console()
    columns, rows = listing.saves_table(Session.checked_saves(folder))
    if not rows:
        console.print(f"No saves in {clean(folder)}", markup=False)
        return 0
    table = Table(*columns, title=Text(f"Saves in {clean(folder)}"), title_justify="left")
    for row in rows:
        table.add_row(*(Text(cell) for cell in row))  # plain text: a '[1]' in a problem is not markup
    console.print(table)
    return 0
