"""Rulesets: the game, its modules and its catalogue, as one value the rules read from.

A ``Rules`` object is built once per (modules, rules version) and holds the catalogue with the
tables the rules consult often (the map's spaces and links, the tracks, the player board). The
engine never reads a module-global catalogue: every rule function is handed ``r``.

A ``Module`` extends the base game through explicit hooks, never through ``if`` branches in the
base code (the way JCloisterZone adds an expansion as a capability):

- ``catalogue``: add or remove components;
- ``wheel_actions``: the Action at each wheel position (setup step 3);
- ``after_setup``: setup steps of the module's own, after the base game's;
- ``before_king_phase`` / ``king_phase_player``: King phase additions;
- ``cleanup``: Cleanup additions;
- ``final_scoring``: transform the list of final scoring steps;
- ``categories``: scoring categories of the module, for the breakdown table;
- ``kinds`` / ``frame_kinds``: new kinds of action, and which decisions offer them.

The rules version (``Settings.rules``) names the catalogue and behaviour a game was played
with, so a save made before a rules change still replays exactly (docs/saves.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..data.catalogue import load
from ..data.schema import Catalogue

GAME = "tiletum"
# Every rules version this program can play and replay, and what changed in each:
#   1: the first release's catalogue (13 authored Towns; Character marks on single copies).
#   2: the map of the published game (23 Towns, 6 Road spaces, 9 Cathedrals), Character marks on whole
#      designs (every Building can be filled at every player count), Fair tile values of a public edition.
RULES_VERSIONS = (1, 2)
RULES_VERSION = RULES_VERSIONS[-1]  # what a new game is played with (the default of ``Settings.rules``)
START_TOWN = "TIL"  # Tiletum: everyone's Merchant, Architect and first House start here


@dataclass(frozen=True)
class Category:
    """A scoring category: the ledger key, its title in the breakdown table, scored at the end or not."""

    key: str
    title: str
    at_end: bool = False


BASE_CATEGORIES: tuple[Category, ...] = (
    Category("start", "Start"),
    Category("king", "King track"),
    Category("fairs", "Fairs"),
    Category("contracts", "Contracts"),
    Category("cathedrals", "Cathedrals"),
    Category("houses", "House spaces"),
    Category("characters", "Characters"),
    Category("crests", "Crest spaces"),
    Category("helpers", "Helpers"),
    Category("houses x pillars", "Houses × Pillars", True),
    Category("completed buildings", "Completed Buildings", True),
    Category("resources", "Resources left", True),
)


class Module:
    """A part of a ruleset beyond the base game. Every hook's default leaves the game as it is."""

    name = ""
    title = ""  # as the new-game form names it

    def catalogue(self, cat: Catalogue) -> Catalogue:
        return cat

    def wheel_actions(self, r: Rules, state, printed: tuple[str, ...]) -> tuple[str, ...]:
        return printed

    def after_setup(self, r: Rules, state) -> None:
        pass

    def before_king_phase(self, r: Rules, state) -> None:
        pass

    def king_phase_player(self, r: Rules, state, player: int) -> None:
        pass

    def cleanup(self, r: Rules, state) -> None:
        pass

    def final_scoring(self, r: Rules, steps: list[Callable]) -> list[Callable]:
        return steps

    def categories(self, cats: tuple[Category, ...]) -> tuple[Category, ...]:
        return cats

    kinds: tuple[type, ...] = ()  # kinds of action the module adds

    def frame_kinds(self, frame_type: type, kinds: tuple[type, ...]) -> tuple[type, ...]:
        """The kinds of action a decision of this frame type offers, after the module."""
        return kinds


class ActionTiles(Module):
    """Setup 3, the variant: the six Action tiles are shuffled around the Action Wheel."""

    name = "action-tiles"
    title = "Action tiles (the Actions shuffled around the wheel)"

    def wheel_actions(self, r, state, printed):
        from .effects import shuffle

        wheel = list(r.tracks.action_tiles)
        shuffle(state, wheel)
        return tuple(wheel)


MODULES: dict[str, Module] = {m.name: m for m in (ActionTiles(),)}


class Rules:
    """One ruleset: its modules, its catalogue and the tables read from it."""

    def __init__(self, modules: tuple[str, ...], version: int) -> None:
        unknown = [m for m in modules if m not in MODULES]
        if unknown:
            raise ValueError(f"unknown module {', '.join(unknown)} (known: {', '.join(MODULES) or 'none'})")
        if version not in RULES_VERSIONS:
            raise ValueError(f"rules version {version} is not known to this program (it plays "
                             f"{', '.join(map(str, RULES_VERSIONS))}): update Tiletum")
        self.game = GAME
        self.version = version
        self.module_names = tuple(modules)
        self.modules = tuple(MODULES[m] for m in modules)
        cat = load(version)
        for m in self.modules:
            cat = m.catalogue(cat)
        self.cat = cat
        self.tracks = cat.tracks
        self.player_board = cat.board
        self.tiles = cat.tiles
        self.spaces = {s.id: s for s in cat.map.spaces}
        self.towns = tuple(s.id for s in cat.map.spaces if s.kind == "town")
        self.start_town = START_TOWN
        adj: dict[str, list[str]] = {s: [] for s in self.spaces}
        for a, b in cat.map.roads:
            adj[a].append(b)
            adj[b].append(a)
        self.adjacent = {s: tuple(sorted(n)) for s, n in adj.items()}
        self.next_towns = {s: self._next_towns(s) for s in self.spaces}
        cats = BASE_CATEGORIES
        for m in self.modules:
            cats = m.categories(cats)
        self.categories = cats
        self.category_keys = frozenset(c.key for c in cats)
        self.moves: dict[tuple, tuple] = {}  # (seat, piece, space) -> its moves, made once by ``legal``

    def _next_towns(self, space_id: str) -> tuple[str, ...]:
        """Towns one link away: adjacent Towns, or Towns beyond an adjacent Road space."""
        out = set()
        for n in self.adjacent[space_id]:
            if self.spaces[n].kind == "town":
                out.add(n)
            else:
                out.update(t for t in self.adjacent[n] if self.spaces[t].kind == "town")
        out.discard(space_id)
        return tuple(sorted(out))

    def space_name(self, space_id: str) -> str:
        """A space as a player names it: "Lyon", or a Road space by its two Towns, "road Lyon–Milano"."""
        s = self.spaces[space_id]
        if s.kind == "road":
            a, _, b = s.name.removeprefix("road ").partition("-")  # the catalogue names it "road LON-BRU"
            if a in self.spaces and b in self.spaces:
                return f"road {self.spaces[a].name}–{self.spaces[b].name}"
        return s.name

    def tile(self, tile_id: str):
        return self.tiles[tile_id]

    def __repr__(self) -> str:
        return f"Rules({self.game} v{self.version}{''.join(' +' + m for m in self.module_names)})"


_BUILT: dict[tuple, Rules] = {}
# The last (settings, rules) asked for: every state of a game shares one Settings object, so this
# answers almost every call. One tuple, rebound whole, so threads never see half of an update.
_last: tuple = (None, None)


def rules_for(settings) -> Rules:
    """The ruleset a game's settings name (built once and kept: every check and apply asks)."""
    global _last
    last = _last
    if settings is last[0]:
        return last[1]
    key = (settings.modules, settings.rules)
    r = _BUILT.get(key)
    if r is None:
        r = _BUILT[key] = Rules(tuple(settings.modules), settings.rules)
    _last = (settings, r)
    return r
