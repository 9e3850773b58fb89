"""The title screen as a test reads it."""

from __future__ import annotations


async def continue_line(app, pilot) -> str:
    """The title's Continue line, once the title has looked for the last game: it does so after its
    first paint (issue 24, item 18), a moment after the app is up."""
    menu = app.screen.query_one("#title-menu")
    for _ in range(100):
        if app.screen._find_last is None:  # looked
            break
        await pilot.pause(0.02)
    return str(menu.get_option("continue").prompt)
