"""What the modules of a ruleset keep in a game, beside the base game's state.

One optional field per module that has state (``State.module_state``), and the kinds of decision
the modules add to the flow stack (``state.Frame`` is the base game's and these). A module declares
them in its ``state`` part (``tiletum_tui/games/tiletum/registry.py``: a ``StatePart``); ``ModuleStates`` is built
from those parts when the engine is imported, so a view of a game decodes whole
(``views.decode_view``). A field is unset in a game without that module, and an unset field is left
out of the encoding (a base game's state, digest and saves are as they were before modules had state).

A module's state follows the rules of ``state.py``: its Structs are copied by ``copied`` (as
``state.clone`` copies the base game's), the containers inside are read-only (``frozen.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

import msgspec
from msgspec import UNSET, UnsetType
from msgspec.structs import force_setattr

from .. import registry


@dataclass(frozen=True)
class StatePart:
    """What a module adds to a game's state: ``State.module_state.<field>`` of type ``state`` (a msgspec
    Struct with ``copied()``), and the kinds of decision it puts on the flow stack (tagged Structs)."""

    field: str
    state: type | None = None
    frames: tuple[type, ...] = ()


_PARTS: list[StatePart] = [part for _, part in registry.parts("state")]
MODULE_FRAMES: tuple[type, ...] = tuple(f for part in _PARTS for f in part.frames)
_FIELDS = tuple(part.field for part in _PARTS if part.state is not None)


def _copied(self):
    new = self.__copy__()
    for name in _FIELDS:
        value = getattr(self, name)
        if value is not UNSET:
            force_setattr(new, name, value.copied())
    return new


ModuleStates = msgspec.defstruct(
    "ModuleStates", [(part.field, part.state | UnsetType, UNSET) for part in _PARTS if part.state is not None],
    namespace={"copied": _copied, "__module__": __name__}, frozen=True, gc=False,
)
