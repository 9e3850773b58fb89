"""``tiletum host ratings [--game G] [--rebuild]`` and ``tiletum host player NAME...`` (issue 44): the
host's database (``records_db``) read or changed from the command line, with or without a host
running (SQLite's WAL lets a reader beside the host, and a writer waits its turn)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from tiletum_tui.core import games
from tiletum_tui.core.safe_text import clean, name_problem

from ..cli_guard import InputProblem
from ..saves import store
from ..saves.errors import SaveFileError
from ..saves.record_files import record_of
from ..session import Session
from .archive import archive_folder
from .ratings import leaderboard, rebuild
from .records_db import Records, RecordsError
from .talk import with_talk


def run_records(folder, args) -> int:
    folder.prepare()
    try:
        records = Records(folder.root)
    except RecordsError as exc:
        print(f"tiletum: {clean(exc, 300)}", file=sys.stderr)
        return 1
    try:
        if args.host_command == "player":
            return _players(records, args.names)
        if args.host_command == "export":
            return _export(records, folder, args.game, args.to)
        return _ratings(records, folder, args)
    except RecordsError as exc:
        print(f"tiletum: {clean(exc, 300)}", file=sys.stderr)
        return 1
    finally:
        records.close()


def _players(records, names: list[str]) -> int:
    for name in names:
        problem = name_problem(name)
        if problem:
            raise InputProblem(f"{clean(name, 40)}: {problem}")
    for name in names:
        new = records.know(name, "owner")
        print(f"{clean(name, 40)}: {'added' if new else 'known already'}")
    return 0


def _ratings(records, folder, args) -> int:
    if args.game is not None and games.game(args.game) is None:
        raise InputProblem(f"--game: there is no game called {clean(args.game, 30)} ({', '.join(games.NAMES)})")
    if args.rebuild:
        counted = rebuild(records, folder, report=lambda line: print(line, file=sys.stderr))
        print(f"{counted} game(s) over counted again from their files")
    print(leaderboard(records, args.game))
    return 0


def _export(records, folder, game_id: str, to: str) -> int:
    """A hosted game (under way, over or archived) as a record, its talk as ``# talk`` comments."""


    path = records.game_file(game_id)
    if not path or not os.path.exists(path):
        base = store.autosave_path(archive_folder(folder), game_id)
        path = str(base) if base.exists() else None
    if path is None:
        raise InputProblem(f"there is no game {clean(game_id, 40)} on this host")
    target = Path(to)
    if os.path.lexists(target):
        raise InputProblem(f"{clean(target)} exists already: export writes a new file (choose another name)")
    try:
        session = Session.load(path, autosave=False, open_as="read-only")
        text = with_talk(record_of(session), records.talk(game_id))
        store.write_atomic(target, text.encode("utf-8"))
    except SaveFileError as exc:
        raise InputProblem(str(exc)) from None
    talk = len(records.talk(game_id))
    print(f"Exported {len(session.log)} moves of {session.game.title} and {talk} line(s) of table talk "
          f"to {clean(target)}")
    return 0
