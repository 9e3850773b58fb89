"""Counted words, one home for the whole game (issue 41, item 14: "1 followers", "1 tiles left")."""

from __future__ import annotations


def count(n: int, word: str, plural: str = "") -> str:
    """``n`` and the word, in the plural unless one: "1 tile", "2 tiles", "2 cities" (``plural``: a
    plural that is not word + s)."""
    return f"{n} {word if n == 1 else plural or word + 's'}"
