"""Carcassonne as the shell sees a game (``tiletum_tui.core.game_interface.Game``): the few calls the
session, the saves, the listing and the command line make. Registered in ``tiletum_tui/core/games.py``."""

from __future__ import annotations

from tiletum_tui.core.game_interface import StructSettings
from . import expansion, wire
from . import RULES_VERSION, RULES_VERSIONS, apply, current_player, describe, digest, legal_actions, new_game, notation, \
    parse
from .rules import view
from ..data import load
from .errors import CarcassonneError
from .events import FeatureCompleted, GameEnded, Scored, TileDrawn
from .state import FrozenState, PlayerSetup, Settings, State, freeze
from .words import count


class CarcassonneGame(StructSettings):  # (player_names, seed and the settings' codec: StructSettings)
    name = "carcassonne"
    title = "Carcassonne"
    Settings = Settings
    Error = CarcassonneError
    rules_versions = RULES_VERSIONS
    rules_version = RULES_VERSION

    # The calls that are the engine's own functions (``game_interface.Game`` says what each does), passed
    # straight on: ``view`` is a copy without the pile's order and the generator.
    new_game, apply, notation, describe = map(staticmethod, (new_game, apply, notation, describe))
    current_player, view, digest = map(staticmethod, (current_player, view, digest))

    @staticmethod
    def clone(state: State) -> FrozenState:
        """The state as a value, safe to hold (issue 38: every clone handed out is one; an attribute write
        raises): the state itself when it is one already, as every state of a game's history is. To play
        on, the engine's ``apply`` gives the next value; ``State.clone`` is the engine's own writable copy
        (``apply_in_place``, the opponents' playouts), never handed out by the game's interface."""
        return state if type(state) is FrozenState else freeze(state.clone())
    legal_actions = staticmethod(legal_actions)  # (a view is enough: the drawn tile is public)

    def parse(self, text: str, seat: int | None = None, settings: Settings | None = None):
        return parse(text, seat)  # one notation for every set-up (no module adds a verb)

    def finished(self, state: State) -> bool:
        return state.phase == "over"

    def barriers(self, events) -> list[str]:
        """Drawing a tile reveals it: undo goes back to the tile drawn, never across a draw."""
        return ["a tile was drawn"] if any(isinstance(e, TileDrawn) for e in events) else []

    def turn_key(self, state: State) -> tuple:
        return (state.turn,)

    def turn_began(self, before: State, after: State) -> str:
        return "a new turn"

    def summary(self, state: State) -> dict:
        return {"round": state.turn, "phase": state.phase, "scores": list(state.scores)}

    def progress(self, summary: dict) -> str:
        if summary["phase"] == "over":
            return f"all {count(summary['round'] - 1, 'turn')} played"
        return f"turn {summary['round']}, " + ("placing a tile" if summary["phase"] == "place" else "a follower?")

    def turn_label(self, state: State) -> str:
        return f"turn {state.turn}"

    def winners(self, state: State) -> tuple[int, ...]:
        """The players with the most points ("the player with the most points ... is the winner"; the text
        names no tie-break, so a tie shares the win)."""
        if state.phase != "over":
            return ()
        best = max(state.scores)
        return tuple(i for i, s in enumerate(state.scores) if s == best)

    def scores_by_category(self, state: State) -> list[dict[str, int]]:
        return [dict(d) for d in state.ledger]

    def automatic(self, before: State, after: State, events) -> list[tuple[int, str]]:
        """(index of the event it begins at, words) of what a move set off that nobody chose: a feature
        completed and scored, a module's own (the River's end), the final scoring (issue 39)."""
        out = []
        final = False
        for k, e in enumerate(events):
            if isinstance(e, FeatureCompleted):
                size = "" if e.kind == "cloister" else f" of {count(e.tiles, 'tile')}"
                out.append((k, f"A {e.kind}{size} completed" + ("" if e.winners else " (nobody on it)")))
            elif not final and ((isinstance(e, Scored) and e.nodes) or isinstance(e, GameEnded)):
                final = True  # (the final scoring's scores carry their feature's nodes: none during the game)
                out.append((k, "The last tile is placed: the final scoring"))
        for _, part in expansion.active(after.settings):  # a module's own (the River's end)
            words = part.automatic(before, after)
            if words:
                out.append((len(events), words))
        return sorted(out, key=lambda p: p[0])

    # -- a game through ``tiletum host`` (``game_interface.Hosted``)
    @property
    def player_counts(self) -> tuple[int, int]:
        return tuple(load().players)

    def modules_offered(self) -> tuple[tuple[str, str], ...]:
        """What a new game may add: the registered modules (``modules/``)."""
        return expansion.offered()

    def table_settings(self, players, seed: int, modules=()) -> Settings:
        return expansion.settings_with(Settings, (PlayerSetup(n, c) for n, c in players), seed, modules)

    def encode_view(self, seen: State) -> bytes:
        return wire.encode_view(seen)

    def decode_view(self, data: bytes) -> State:
        return wire.decode_view(data)

    def encode_events(self, events) -> bytes:
        return wire.encode_events(events)

    def decode_events(self, data: bytes) -> tuple:
        return wire.decode_events(data)


CARCASSONNE = CarcassonneGame()
