"""Save files: the format (a replay: settings, seed, actions, digest), atomic storage, migrations.

Imports no textual or rich: the command line, the screens and the tests all use it alike.
"""

from .errors import (
    CorruptSaveError, ReplayError, SaveFileError, SaveWriteError, UnsupportedVersionError,
)

_FORMAT = ("CURRENT_VERSION", "SaveFile", "SaveMeta")


def __getattr__(name: str):
    """The format's names on first use: importing a part of ``saves`` (the title screen's folder)
    does not build the format's msgspec Structs (start-up, issue 24)."""
    if name in _FORMAT:
        from . import format  # (here: start-up, as the docstring says)

        return getattr(format, name)
    raise AttributeError(name)

__all__ = [
    "CURRENT_VERSION", "CorruptSaveError", "ReplayError", "SaveFile", "SaveFileError", "SaveMeta",
    "SaveWriteError", "UnsupportedVersionError",
]
