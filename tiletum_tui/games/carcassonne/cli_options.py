"""Carcassonne's own command-line options (its registry entry's ``cli_options``)."""

from __future__ import annotations


def add_options(group, with_modules: bool) -> list[str]:
    """``--river``; their dests."""
    return [group.add_argument("--river", action="store_true", help="with the 12 River tiles").dest]
