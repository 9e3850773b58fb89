"""A save's file name from what the player typed: safe, never outside the save folder, never an
autosave's or a device's name (``store``, the locks, the moved autosaves)."""

from __future__ import annotations

import re
import unicodedata

SUFFIX = ".json"
AUTOSAVE_PREFIX = "autosave-"
_RESERVED = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(10)), *(f"lpt{i}" for i in range(10))}


def sanitise_name(name: str) -> str:
    """A safe file stem from what the player typed: letters, digits, space, ',', '-', '_' and '.' only
    (the comma: the name offered, "Ann vs Bob, round 2", stays as it reads), no leading dot, at most 60 characters, never empty, never an autosave's or a device's name."""
    text = re.sub(r"\s+", " ", unicodedata.normalize("NFKC", name))
    text = "".join(c if (c.isalnum() or c in " ,-_.") else "-" for c in text)
    text = re.sub(r"\.{2,}", ".", text)
    text = re.sub(r"-{2,}", "-", text).strip(" .,-_")
    text = text[:60].rstrip(" .,-_")
    if text.lower().endswith(SUFFIX):
        text = text[: -len(SUFFIX)].rstrip(" .-_")
    if not text:
        text = "save"
    if text.lower().startswith(AUTOSAVE_PREFIX.rstrip("-")):
        text = "saved " + text
    if text.split(".")[0].lower() in _RESERVED:
        text = "save " + text
    return text
