"""`tiletum export`, `tiletum import` and `tiletum stats` (issue 21): game records on the command line.

- ``export SAVE --to FILE``: the save (or a record) replayed, its digest checked, written as a record
  (docs/records.md). FILE is created; an existing file is replaced only if it is a record of the same
  game (the same set-up and date), never anything else.
- ``import FILE``: the record read and replayed move by move, then written as a save in the save
  folder (named after the file, never over another file), where Open and ``tiletum load`` find it.
- ``stats FOLDER``: tables across the finished games in a folder of saves or records.

Bad input (a save or record that does not read, a target that may not be written) is one line on
stderr naming the file, the line and the column, exit status 2, and nothing written.
"""

from __future__ import annotations

import os
from pathlib import Path

from .cli_guard import EXIT_BAD_INPUT, say
from .records import SUFFIX, RecordError, read_record
from .records.stats import finished, tables
from tiletum_tui.core.safe_text import clean, clean_path
from .saves import record_files, store
from .saves.record_files import record_of
from .saves.errors import SaveFileError, SaveWriteError
from .session import Session


def run(args) -> int:
    return {"export": export, "import": import_record, "stats": print_stats}[args.command](args)


def export(args) -> int:
    try:
        session = Session.load(args.file, autosave=False)  # replayed, digest checked
        text = record_of(session)
        target = Path(args.to)
        _check_target(target, session)
        store.write_atomic(target, text.encode("utf-8"))
    except (SaveFileError, RecordError) as exc:
        say(str(exc))
        return EXIT_BAD_INPUT
    print(f"Exported {len(session.log)} moves of {session.game.title} to {clean_path(target)}")
    return 0


def _check_target(target: Path, session: Session) -> None:
    """Never replace anything but a record of this same game (issue 11's rule for saves, kept for records)."""
    if not os.path.lexists(target):
        if not target.parent.is_dir():
            raise SaveWriteError(target, f"the folder {clean(target.parent)} does not exist: export never creates folders")
        return
    try:
        there = read_record(store.safe_read.read_regular_file(target, what="game record"))
    except (SaveFileError, RecordError):
        raise SaveWriteError(target, "it already holds a file that is not a readable game record: it is not "
                                     "replaced; choose another name") from None
    if (there.game.name, there.settings, there.date) != (session.game.name, session.settings, session.created):
        raise SaveWriteError(target, "it already holds the record of another game: it is not replaced; choose "
                                     "another name")


def import_record(args) -> int:
    path = Path(args.file)
    folder = store.resolve_save_dir(getattr(args, "save_dir", None))
    try:
        data = store.read_bytes(path)
        if not record_files.is_record(path, data):
            raise SaveFileError(path, "a save, not a game record: open it with 'tiletum load', or export it")
        session = Session.load_bytes(data, path)  # read, replayed by the record and by the session, unwritten
        store.prepare_folder(folder)
        target = store.free_path(store.save_path(folder, path.stem))
        save = session.to_save_file(name=path.stem)
        store.write_save(target, save)
    except SaveFileError as exc:
        say(str(exc))
        return EXIT_BAD_INPUT
    state = "finished" if session.finished else session.game.progress(session.game.summary(session.state))
    print(f"Imported {len(session.log)} moves of {session.game.title} ({state}) to {clean_path(target)}")
    return 0


def print_stats(args) -> int:
    from rich.console import Console  # start-up: each command imports what it runs
    from rich.table import Table  # start-up: each command imports what it runs
    from rich.text import Text  # start-up: each command imports what it runs

    folder = Path(args.file)
    if not folder.is_dir():
        say(f"{clean_path(folder)}: {'not a folder' if folder.exists() else 'no such folder'}")
        return EXIT_BAD_INPUT
    names = sorted(e.name for e in os.scandir(folder)
                   if e.name.endswith((store.SUFFIX, SUFFIX)) and not e.name.startswith("."))
    games, unfinished, problems = [], 0, []
    for name in names:
        try:
            session = Session.load(folder / name, autosave=False)
        except SaveFileError as exc:
            problems.append(exc)
            continue
        if not session.finished:
            unfinished += 1
            continue
        seats = [record_files.word_of(s) for s in session.seats]
        games.append(finished(session.game, session.settings, seats, session.state))
    console = Console()
    skipped = f"; {unfinished} unfinished left out" if unfinished else ""
    unreadable = f"; {len(problems)} unreadable (the first: {problems[0]})" if problems else ""
    console.print(Text(f"{len(games)} finished games in {clean_path(folder)}{skipped}{unreadable}"), soft_wrap=True)
    group, shown = None, []
    for t in tables(games):
        if t.group != group:
            if shown and not getattr(args, "no_charts", False):
                console.print(Text.from_ansi(charts(shown, min(console.width, 100), console.is_terminal)))
            console.print(Text(f"\n{clean(t.group, 200)}", style="bold"), soft_wrap=True)
            group, shown = t.group, []
        table = Table(*t.columns, title=Text(t.title), title_justify="left")
        for row in t.rows:
            table.add_row(*(Text(clean(cell, 80)) for cell in row))
        console.print(table)
        shown.append(t)
    if shown and not getattr(args, "no_charts", False):
        console.print(Text.from_ansi(charts(shown, min(console.width, 100), console.is_terminal)))
    return 0


def charts(group: list, width: int, colour: bool) -> str:
    """A set-up's tables as plotext bar charts (issue 21: "the same charts and tables across many
    games"): win rate by seat and by level, the average VP by category (all seats). Every bar is
    labelled and its figure written after it, so no colour is needed to read them (none where the
    output is not a terminal)."""
    import re  # start-up: each command imports what it runs

    import plotext as plt  # start-up: each command imports what it runs

    by_seat, by_level, by_category = group
    fair = f"{1 / len(by_seat.rows):.0%}" if by_seat.rows else "-"
    drawn = []
    for title, labels, values in (
            (f"Win rate by seat, % (fair share {fair})", [f"seat {r[0]}" for r in by_seat.rows],
             [100 * int(r[2]) / int(r[1]) for r in by_seat.rows]),
            ("Win rate by level, % (a seat a game)", [clean(r[0], 20) for r in by_level.rows],
             [100 * int(r[2]) / int(r[1]) for r in by_level.rows]),
            ("Average VP by category (all seats)", [clean(r[0], 24) for r in by_category.rows],
             [float(r[1]) for r in by_category.rows])):
        if not labels:
            continue
        plt.clear_figure()
        plt.simple_bar(labels, [round(v, 1) for v in values], width=width - 2, title=title)
        drawn.append(plt.build())
    plt.clear_figure()
    out = "\n".join(drawn)
    return out if colour else re.sub(r"\x1b\[[0-9;]*m", "", out)

