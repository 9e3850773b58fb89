"""What the modules of a ruleset keep in a game, beside the base game's state.

One optional field per module that has state (``State.module_state``), and the kinds of decision
the modules add to the flow stack (``state.Frame`` is the base game's and these). Each module's
state is its own msgspec Struct, typed here so a view of a game decodes whole (``views.decode_view``);
a field is unset in a game without that module, and an unset field is left out of the encoding.

A module's state follows the rules of ``state.py``: its Structs are copied by ``copied`` (as
``state.clone`` copies the base game's), the containers inside are never changed in place.
"""

from __future__ import annotations

import msgspec
from msgspec import UNSET, UnsetType

from .silver.state import FRAMES as SILVER_FRAMES
from .silver.state import SilverState

MODULE_FRAMES: tuple[type, ...] = SILVER_FRAMES


class ModuleStates(msgspec.Struct, gc=False):
    silver: SilverState | UnsetType = UNSET  # Prospect for Silver (``engine/silver``)

    def copied(self) -> ModuleStates:
        new = self.__copy__()
        if self.silver is not UNSET:
            new.silver = self.silver.copied()
        return new
