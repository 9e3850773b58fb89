"""How a module (a variant, an expansion: the River) extends the base game: hooks the engine calls,
never ``if`` branches naming a module in the base code (the way JCloisterZone adds an expansion as a
capability). A module's ``engine`` part (``tiletum_tui/games/carcassonne/modules/``) is a ``Module``;
every hook's default leaves the game as it is, so a game without modules plays exactly as before
(``tests/carcassonne/golden``).

- its tiles: ``designs`` (its designs in the box of a rules version), ``owns`` (whether a design is
  one of them), ``kinds`` (the segment kinds they bring: why no follower stands there, what it scores);
- the setup: ``first_tile`` (the tile that starts the game instead of the starting tile, which then
  leaves the box), ``stack`` (its tiles, put on the shuffled land tiles: drawn first), ``restack``
  (the same for a game dealt anew from a view, ``rules.sample``);
- its state: ``started`` (its slot's first value, ``State.modules[name]``, once the first tile lies),
  ``slot_type`` (that value's type: a view decodes it strictly), ``placed`` (a tile was put down);
- placing: ``places`` (where a tile may go when the module decides it, else None), ``why_not``;
- scoring: ``completed_points`` (a completed road's or city's points, given the base game's; the
  toy module of the tests changes them).

A game's modules are those its settings switch on (``active``), in the registry's order.
"""

from __future__ import annotations

from typing import NamedTuple

import msgspec

from .. import modules as registry
from .errors import CarcassonneError


class Kind(NamedTuple):
    """A segment kind a module's tiles bring, which no follower takes and nobody scores."""

    no_follower: str  # why not, in the rules text's words
    worth: str  # what the feature under the cursor says it scores


class Module:
    name = ""
    title = ""  # what a New game form and ``tiletum host`` offer: "the River (the 12 River tiles)"
    kinds: dict[str, Kind] = {}
    slot_type: object = None

    def designs(self, rules: int) -> tuple:
        return ()

    def owns(self, design: str) -> bool:
        return False

    def tiles(self) -> dict:
        """Its own tile designs by id, of every rules version (its data: the base game's has none of them)."""
        return {}

    def first_tile(self, settings) -> str | None:
        return None

    def stack(self, settings, rng: int) -> tuple[list[str], int]:
        return [], rng

    def restack(self, tiles: list[str], rng: int) -> tuple[list[str], int]:
        return tiles, rng

    def started(self, state):
        return None

    def placed(self, state, tile, x: int, y: int) -> None:
        return None

    def places(self, state, design: str) -> list[tuple[int, int, int]] | None:
        return None

    def why_not(self, state, design: str, x: int, y: int, rotation: int) -> str | None:
        return None

    def completed_points(self, state, root: int, points: int, why: str) -> tuple[int, str]:
        return points, why

    def automatic(self, before, after) -> str | None:
        """Words for what a move set off in this module that nobody chose ("since your last turn"), or None."""
        return None


def module(name: str) -> Module:
    return registry.part(name, "engine")


ENGINE = "engine"  # (the layer whose parts are a Module: ``land`` asks ``registry.part(name, ENGINE)``)


def chosen(settings) -> tuple[str, ...]:
    """The names of the modules ``settings`` switch on, in the registry's order."""
    named = getattr(settings, "expansions", msgspec.UNSET) or ()
    return tuple(e.name for e in registry.ENTRIES
                 if (getattr(settings, e.flag, False) if e.flag else e.name in named))


def active(settings) -> list[tuple[str, Module]]:
    """(name, engine part) of each module of the game; CarcassonneError on a name nobody registered."""
    named = getattr(settings, "expansions", msgspec.UNSET) or ()
    for n in named:
        e = registry.entry(n)
        if e is None:
            raise CarcassonneError(f"Carcassonne has no module {n!r} (it has {', '.join(registry.names())})")
        if e.flag:
            raise CarcassonneError(f"the module {n!r} is switched on by its own setting ({e.flag}), not named")
    return [(n, module(n)) for n in chosen(settings)]


def settings_with(settings_type, players, seed: int, modules=(), **more):
    """Settings for these players and seed with ``modules`` (names) switched on, each as it is switched
    on: its flag, or its name in ``Settings.expansions``."""
    flags, named = {}, []
    for name in modules:
        e = registry.entry(name)
        if e is None:
            raise CarcassonneError(f"Carcassonne has no module {name!r} (it has {', '.join(registry.names())})")
        if e.flag:
            flags[e.flag] = True
        else:
            named.append(name)
    return settings_type(players=tuple(players), seed=seed, **flags, **({"expansions": tuple(named)} if named else {}),
                         **more)


def offered() -> tuple[tuple[str, str], ...]:
    """(name, title) of every module a new game may add."""
    return tuple((name, m.title) for name, m in registry.parts("engine"))


def kinds() -> tuple[str, ...]:
    """The segment kinds the modules bring (a river), in the registry's order."""
    return tuple(k for _, m in registry.parts("engine") for k in m.kinds)


def kind(name: str) -> Kind | None:
    """What a module says of a segment kind it brings (None for the base game's kinds)."""
    return next((m.kinds[name] for _, m in registry.parts("engine") if name in m.kinds), None)
