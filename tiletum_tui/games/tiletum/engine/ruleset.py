"""Rulesets: the game, its modules and its catalogue, as one value the rules read from.

A ``Rules`` object is built once per (modules, rules version) and holds the catalogue with the
tables the rules consult often (the map's spaces and links, the tracks, the player board). The
engine never reads a module-global catalogue: every rule function is handed ``r``.

The modules register themselves in ``tiletum_tui/games/tiletum/modules/`` (read by ``tiletum_tui/games/tiletum/registry.py``;
each module's ``engine`` part is its ``Module``); no other file of the engine names one. A ``Module`` extends the base game through explicit hooks, never through ``if`` branches in the
base code (the way JCloisterZone adds an expansion as a capability). Every hook's default leaves
the game as it is, so a game without modules plays exactly as before (``tests/golden``):

- components: ``catalogue`` (add or remove components), ``actions`` (Actions beyond the wheel's
  six), ``kinds`` (its kinds of action: their verbs are known only in a game with the module),
  ``options`` (the module's settings, ``Settings.options``);
- setup: ``wheel_actions`` (setup step 3), ``after_setup`` (the module's own steps and state);
- the turn: ``section_actions`` / ``section_bonus`` / ``take_section_bonus`` (another Action a die's
  wheel section feeds, and its Bonus tile), ``die_bonus_ap``, ``die_taken``, ``change_die_gold``,
  ``buy_gold``, ``cathedral_discount``, ``effect_action_ap``, ``run_effect`` (effects the module
  adds), ``placed`` / ``fulfilled`` (a House or Pillar placed, a Contract fulfilled), ``corruption``;
- what may be done: ``action_kinds``, ``decision_kinds``, ``task_kinds``, ``near_miss_kinds`` (the kinds
  of action whose ``moves`` ``engine.legal`` lists for the module's Actions, its own decisions and what
  it adds to base ones, its Tasks, and its refused options worth showing; ``task_listers`` when the
  module lists its Tasks with one lister);
- the King phase: ``before_king_phase`` (before step 1), ``king_phase_player`` (step 1, per player);
- ``cleanup`` (after the base Cleanup: the module's additions to steps 1 and 4), ``fair_count``
  (Fair tile conditions), ``final_scoring`` and ``categories``;
- ``problems`` (conservation of the module's components), ``redact`` / ``deal`` (what a view hides);
- ``estimate`` (what the module's parts promise a player: the computer opponents' evaluation adds it).

The rules version (``Settings.rules``) names the catalogue and behaviour a game was played
with, so a save made before a rules change still replays exactly (docs/saves.md).
"""

from __future__ import annotations

from typing import Callable

from .. import registry
from ..data.catalogue import load
from ..data.schema import ACTIONS, Catalogue
from .actions import kinds_of, sync_kinds
from .categories import BASE_CATEGORIES, Category
from .versions import RULES_VERSIONS

GAME = "tiletum"
START_TOWN = "TIL"  # Tiletum: everyone's Merchant, Architect and first House start here


class Module:
    """A part of a ruleset beyond the base game. Every hook's default leaves the game as it is."""

    name = ""
    title = ""  # as the new-game form and messages name it
    help = ""  # its command-line flag's help (``--<name>`` of ``tiletum new`` and ``play``)
    actions: tuple[str, ...] = ()  # Actions the module adds to the game's (the Joker may choose them)
    kinds: tuple[type, ...] = ()  # the kinds of action it adds (``actions.Action``), each with its verb
    options: dict[str, str] = {}  # "module.option" -> what it sets up (``Settings.options``)

    # ---- components and setup
    def catalogue(self, cat: Catalogue) -> Catalogue:
        return cat

    def wheel_actions(self, r: Rules, state, printed: tuple[str, ...]) -> tuple[str, ...]:
        return printed

    def after_setup(self, r: Rules, state) -> None:
        """Setup steps of the module's own, after the base game's (the module's state is made here)."""

    # ---- the turn
    def section_actions(self, r: Rules, state, value: int) -> tuple[str, ...]:
        """Other Actions a die of this value may feed (Actions sharing its wheel section). It may depend
        on the wheel's rotation alone: it is asked once per rotation and ruleset (``queries.section_shares``)."""
        return ()

    def section_bonus(self, r: Rules, state, action: str) -> str | None:
        """The Bonus tile waiting on one of the module's Actions ("" none), None if not the module's."""
        return None

    def take_section_bonus(self, r: Rules, state, action: str) -> str:
        """Take that Bonus tile off its Action (checked before) and return it."""
        raise AssertionError(f"no Bonus tile of the {action} Action here")

    def die_bonus_ap(self, r: Rules, state, player: int, action: str, joker: bool) -> int:
        """AP beyond the die's and the Bonus AP markers' for an Action taken with a die (``joker``:
        chosen with the die's Joker)."""
        return 0

    def die_taken(self, r: Rules, state, player: int, value: int, action: str, resource: str) -> None:
        """A die was taken (its value after changes, the Action it feeds, the Resource it gave)."""

    def change_die_gold(self, r: Rules, state, player: int, gold: int) -> int:
        """Gold a step of changing a die costs this player."""
        return gold

    def buy_gold(self, r: Rules, state, player: int, gold: int) -> int:
        """Gold buying a Resource costs this player: ``gold`` or less (a module may lower the price, never
        raise it: ``tasks.task_moves`` lists the purchases of anyone who has the printed price without asking)."""
        return gold

    def cathedral_discount(self, r: Rules, state, player: int) -> int:
        """How much less contributing to a Cathedral costs this player."""
        return 0

    def effect_action_ap(self, r: Rules, state, player: int, ap: int) -> int:
        """AP of an Action an effect gives (a Helper, a Character, a Contract; never a die)."""
        return ap

    def run_effect(self, r: Rules, state, player: int, effect, source: str, why: str, category: Category):
        """Resolve an effect kind of the module's: return the decisions it opens (a list), or None if
        the effect is not the module's."""
        return None

    def placed(self, r: Rules, state, player: int, piece: str, town: str) -> None:
        """A House ("house") or a Pillar ("pillar") was placed in a Town, on any map, by any means."""

    def fulfilled(self, r: Rules, state, player: int, tile: str) -> None:
        """A Contract was fulfilled."""

    def corruption(self, r: Rules, state, player: int, value: int) -> int:
        """Spaces a revealed Corruption token of ``value`` moves this player's King marker down."""
        return value

    # ---- what may be done (engine.legal lists the moves of these kinds, in this order)
    action_kinds: dict[str, tuple] = {}  # the module's Action -> the kinds of its options
    decision_kinds: dict[type, tuple] = {}  # a decision (frame class) -> the kinds it offers (added to a base one's)
    task_kinds: tuple = ()  # the module's Tasks

    def task_listers(self) -> tuple:
        """The listers of the module's Tasks, asked at every decision where Tasks are open: each Task
        kind's ``moves`` (a module may list its Tasks with one lister instead, as the base game does)."""
        return tuple(k.moves for k in self.task_kinds)
    near_miss_kinds: tuple = ()  # kinds whose refused options a player would look for (``Action.near_misses``)

    # ---- what the arena measures (never read by the opponents or the rules)
    def arena_counts(self, r: Rules, before, after, seat: int) -> dict[str, int]:
        """Amounts of this module's use that ``seat``'s move added (``before`` -> ``after``)."""
        return {}

    def arena_totals(self, r: Rules, state) -> list[dict[str, int]]:
        """At the game's end, one figure per player of this module's use ([] when it has none)."""
        return []

    # ---- the King phase, the Fair, the Cleanup and the end
    def before_king_phase(self, r: Rules, state) -> None:
        pass

    def king_phase_player(self, r: Rules, state, player: int) -> None:
        pass

    def cleanup(self, r: Rules, state) -> None:
        pass

    def fair_count(self, r: Rules, state, player: int, condition: str) -> int | None:
        """How many times a player meets a Fair tile condition of the module's (None: not the module's)."""
        return None

    def final_scoring(self, r: Rules, steps: list[Callable]) -> list[Callable]:
        return steps

    def categories(self, cats: tuple[Category, ...]) -> tuple[Category, ...]:
        return cats

    # ---- checks and views
    def problems(self, r: Rules, state, where, expected: list) -> list[str]:
        """Count the module's places of tiles into ``where`` and its tiles into ``expected``; return
        problems with the module's own components."""
        return []

    def redact(self, r: Rules, state) -> None:
        """Hide the module's face-down parts in a view (``state`` is the view's own copy)."""

    def deal(self, r: Rules, state, g: int) -> int:
        """Deal the module's face-down parts anew in a state sampled from a view; return the generator."""
        return g

    # ---- the computer opponents
    def estimate(self, r: Rules, state, player: int, turns: int) -> float:
        """What the module's parts promise ``player`` beyond its VP now, in VP-equivalents (``turns``:
        its turns left). Not a rule but the module's own guess, added by ``opponents/evaluate.py``."""
        return 0.0


def known_modules() -> dict[str, Module]:
    """Every module this program knows, by name: the ``engine`` parts of ``tiletum_tui/games/tiletum/registry.py``
    (read when a ruleset is first built, since a module's rules build on the base game's files).
    Their kinds of action join the verbs ``parse`` knows (``actions.KINDS``)."""
    if _KNOWN[0] != registry.version() or not _KNOWN[1]:
        modules = {}
        for name, module in registry.parts("engine"):
            if module.name != name:
                raise AssertionError(f"the registry's module {name!r} calls itself {module.name!r}")
            modules[name] = module
        sync_kinds({name: m.kinds for name, m in modules.items()})
        _KNOWN[:] = [registry.version(), modules]
        _BUILT.clear()
        global _last
        _last = (None, None)
    return _KNOWN[1]


_KNOWN: list = [-1, {}]  # (registry version, modules by name)
registry.watch(known_modules)  # a module added or removed: its verbs come or go at once


class Rules:
    """One ruleset: its modules, its catalogue and the tables read from it."""

    def __init__(self, modules: tuple[str, ...], version: int) -> None:
        known = known_modules()
        unknown = [m for m in modules if m not in known]
        if unknown:
            raise ValueError(f"unknown module {', '.join(unknown)} (known: {', '.join(known) or 'none'})")
        if version not in RULES_VERSIONS:
            raise ValueError(f"rules version {version} is not known to this program (it plays "
                             f"{', '.join(map(str, RULES_VERSIONS))}): update Tiletum")
        self.game = GAME
        self.version = version
        self.module_names = tuple(modules)
        self.modules = tuple(known[m] for m in modules)
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
        self.actions = ACTIONS + tuple(a for m in self.modules for a in m.actions)  # every Action of the game
        self.options = {o: text for m in self.modules for o, text in m.options.items()}
        self.verbs = kinds_of(self.module_names)  # verb -> kind of action: the base game's and the modules'
        self.moves: dict[tuple, tuple] = {}  # (seat, piece, space) -> its moves, made once by ``legal``
        self.listing = None  # the kinds' listers of each decision, made once by ``legal``

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

    def tile_name(self, tile_id: str) -> str:
        """A tile as a player names it ("Weaver"); an id the catalogue does not hold stays as it is."""
        return self.tiles[tile_id].name if tile_id in self.tiles else tile_id

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
