"""The games ``tiletum arena --out`` saved, read back for the benches that learn from them (``weights.fit_saved``,
``losses``): one reader, so both read the same files the same way."""

from __future__ import annotations

import sys
from pathlib import Path

from tiletum_tui.shell.saves.errors import SaveFileError
from tiletum_tui.shell.saves.store import read_save

from ..engine import parse, rules_for


def saved_games(folders, skip_unreadable: bool = False):
    """Each save in ``folders`` (their ``*.json``, in name order): its path, the save read (``read_save``) and its
    moves parsed by its own rules. A file that is not a readable save raises ``SaveFileError``; with
    ``skip_unreadable`` it is said on stderr and left out."""
    for folder in folders:
        for path in sorted(Path(folder).glob("*.json")):
            try:
                loaded = read_save(path)
            except SaveFileError as exc:
                if not skip_unreadable:
                    raise
                print(f"skipped {path}: {exc}", file=sys.stderr)
                continue
            r = rules_for(loaded.settings)
            yield path, loaded, [parse(text, rules=r) for text in loaded.save.actions]
