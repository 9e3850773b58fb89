"""Carcassonne's own command-line options (its registry entry's ``cli_options``): a flag for each module
(``--river``), named by the module's ``ui`` part (``option``), so that this file names none of them."""

from __future__ import annotations
from . import modules as registry


def add_options(group, with_modules: bool) -> list[str]:
    """A module's flag, ``--NAME`` (its ``ui`` part's ``option``; the help: its New game tick); their dests.
    (The parts are light to import: no engine, no screen, so the flags are there for every command.)"""
    return [group.add_argument(f"--{part.option}", action="store_true", help=part.tick).dest
            for _name, part in registry.parts("ui")]
