"""Tiletum as the session, the saves and the app shell see a game: the few calls they make.

Those layers hold nothing of Tiletum beyond its name; they reach the rules through one object
with this shape (``GAMES`` in ``tiletum_tui/core/games.py`` maps names to them), so a second game can
be plugged in beside it.
"""

from __future__ import annotations

from .ruleset import known_modules
import msgspec

from tiletum_tui.core.game_interface import StructSettings
from . import (
    RULES_VERSION, RULES_VERSIONS, apply, barriers, clone, current_player, describe, digest, legal_actions, new_game,
    options, rules_for, view,
)
from .actions import notation
from .reading import parse
from .errors import TiletumError
from .flow import PLAYER_COUNTS
from .events import Event
from .table_words import automatic
from .views import decode_view, encode_view
from .state import Settings, State


class TiletumGame(StructSettings):  # (player_names, seed and the settings' codec: StructSettings)
    name = "tiletum"
    title = "Tiletum"
    Settings = Settings
    Error = TiletumError  # every refusal or malformed action the rules raise
    rules_versions = RULES_VERSIONS
    rules_version = RULES_VERSION
    player_counts = PLAYER_COUNTS

    # The calls that are the engine's own functions (``game_interface.Game`` says what each does),
    # passed straight on: ``apply`` leaves its state untouched, ``view`` is a copy without the hidden parts.
    new_game, apply, notation, describe = map(staticmethod, (new_game, apply, notation, describe))
    current_player, clone, view, digest = map(staticmethod, (current_player, clone, view, digest))
    legal_actions = staticmethod(legal_actions)
    options = staticmethod(options)  # (``game_interface.Menus``: every option, legal or with its reason)

    def parse(self, text: str, seat: int | None = None, settings: Settings | None = None):
        """An action from its notation; with the game's ``settings``, only the verbs of its ruleset."""
        return parse(text, seat, rules_for(settings) if settings is not None else None)

    def finished(self, state: State) -> bool:
        return state.phase == "over"

    def barriers(self, events) -> list[str]:
        """What an action revealed (undo never crosses it), in words."""
        return barriers(events)

    def turn_key(self, state: State) -> tuple:
        """Changes when a new turn begins: undo never goes back into an earlier turn."""
        return (state.round, state.phase, state.lap, state.turn)

    def turn_began(self, before: State, after: State) -> str:
        return f"the {after.phase.capitalize()} phase" if before.phase != after.phase else "a new turn"

    def summary(self, state: State) -> dict:
        """What a save's metadata shows without a replay."""
        return {"round": state.round, "phase": state.phase, "scores": [p.vp for p in state.players]}

    def progress(self, summary: dict) -> str:
        return f"{'after ' if summary['phase'] == 'over' else ''}round {summary['round']}"

    def turn_label(self, state: State) -> str:
        if state.phase == "action":  # three laps of turns around the table (rulebook, Action phase)
            return f"round {state.round}, lap {state.lap}, turn {state.turn + 1}"
        return f"round {state.round}, {'the King phase' if state.phase == 'king' else state.phase}"

    def winners(self, state: State) -> tuple[int, ...]:
        return (state.winner,) if state.winner >= 0 else ()  # ties go by turn order: one winner

    def scores_by_category(self, state: State) -> list[dict[str, int]]:
        return [dict(p.ledger) for p in state.players]

    def automatic(self, before: State, after: State, events) -> list[tuple[int, str]]:
        """(index of the event it begins at, words) of every automatic phase a move set off: the dice
        rolled, Corruption, the King phase, a Fair, Cleanup, the final scoring (issue 39)."""
        return automatic(before, after, events)

    def modules_offered(self) -> tuple[tuple[str, str], ...]:
        """The modules a new game may add, (name, title): a New game form elsewhere (the host's lobby)."""
        return tuple((n, m.title or n) for n, m in known_modules().items())

    def table_settings(self, players, seed: int, modules=()) -> Settings:
        """A hosted table's settings (``game_interface.Hosted``), through the strict decoder."""
        raw: dict = {"players": [{"name": n, "colour": c} for n, c in players], "seed": seed}
        if modules:
            raw["modules"] = list(modules)
        return self.decode_settings(msgspec.json.encode(raw))

    # A view and a log's events as bytes, for a client of ``tiletum host`` (issue 25): only views
    # ever leave the host (``encode_view`` refuses a full state), and the client decodes strictly.
    def encode_view(self, seen: State) -> bytes:
        return encode_view(seen)

    def decode_view(self, data: bytes) -> State:
        return decode_view(data)

    def encode_events(self, events) -> bytes:
        return _EVENTS.encode(tuple(events))

    def decode_events(self, data: bytes) -> tuple:
        return _EVENTS_DECODER.decode(data)


_EVENTS = msgspec.msgpack.Encoder()
_EVENTS_DECODER = msgspec.msgpack.Decoder(tuple[Event, ...])


TILETUM = TiletumGame()
