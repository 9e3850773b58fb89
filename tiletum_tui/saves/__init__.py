"""Save files: the format (a replay: settings, seed, actions, digest), atomic storage, migrations.

Imports no textual or rich: the command line, the screens and the tests all use it alike.
"""

from .errors import (
    CorruptSaveError, ReplayError, SaveFileError, SaveWriteError, UnsupportedVersionError,
)
from .format import CURRENT_VERSION, SaveFile, SaveMeta

__all__ = [
    "CURRENT_VERSION", "CorruptSaveError", "ReplayError", "SaveFile", "SaveFileError", "SaveMeta",
    "SaveWriteError", "UnsupportedVersionError",
]
