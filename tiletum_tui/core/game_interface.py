"""The one interface through which the shell reaches a game (issue 19: "a game is a plug-in of the shell").

The session, the saves, the save listing, the title screen's Continue and the command line hold
nothing of any game beyond its name: they are handed an object of this shape by ``games.game(name)``
(the one file that names the games) and call only what is declared here. A game's engine stays
pure; its object adapts it (``engine/game.py`` for Tiletum, ``carcassonne/engine/game.py``).

A Protocol, not a base class: a game need not import the shell to be one. ``tests/test_game_interface.py``
plays a toy game, defined in the test folder, through the session and the saves with nothing else.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

import msgspec


@runtime_checkable
class Game(Protocol):
    name: str  # the name saves give (``"game"`` in the file); stable for ever
    title: str  # how a person calls it
    Settings: type  # a msgspec Struct: players, seed and whatever the game is set up with
    Error: type[Exception]  # every refusal or malformed action the rules raise (its message says why)
    rules_versions: tuple[int, ...]  # the versions a save may name
    rules_version: int  # the version new games are played under

    def new_game(self, settings: Any) -> Any:
        """The game as set up (an immutable state: the session keeps every one as its history)."""

    def apply(self, state: Any, action: Any) -> Any:
        """The next state (``state`` untouched); what happened is in ``.events``. Raises ``Error``."""

    def parse(self, text: str, seat: int | None = None, settings: Any = None) -> Any:
        """An action from its notation (without a seat in the text: ``seat``'s); with the game's
        ``settings``, only what its set-up allows. Raises ``Error``."""

    def notation(self, action: Any) -> str:
        """The text ``parse`` reads back into the same action."""

    def describe(self, state: Any, action: Any) -> str:
        """The action in words, for the log (``state`` is the one it is applied to)."""

    def current_player(self, state: Any) -> int | None:
        """The seat to decide now (None when the game is over)."""

    def legal_actions(self, state: Any) -> list:
        """Every legal action of the decision in hand (a view is enough; empty when the game is over):
        what a model offers its screen, a generic client or a test plays from."""

    def clone(self, state: Any) -> Any:
        """A copy of ``state`` to read or play on; changing it changes nothing of the game."""

    def view(self, state: Any, seat: int | None = None) -> Any:
        """What ``seat`` may see of the game: a copy without what it may not see (face-down order, generator)."""

    def finished(self, state: Any) -> bool: ...

    def digest(self, state: Any) -> str:
        """A hash of everything in the state, hidden parts included: a replay proves it reached it."""

    def barriers(self, events: Any) -> list[str]:
        """What an action revealed (a roll, a tile drawn), in words: undo never goes back across it."""

    def turn_key(self, state: Any) -> tuple:
        """Changes when a new turn begins: undo never goes back into an earlier turn."""

    def turn_began(self, before: Any, after: Any) -> str:
        """Why undo stops here, in the game's words ("a new turn")."""

    def summary(self, state: Any) -> dict:
        """What a save's metadata shows without a replay: ``round``, ``phase``, ``scores``."""

    def progress(self, summary: dict) -> str:
        """That summary in the game's own words, for ``tiletum saves`` and the load screen."""

    # -- a game's record and its statistics (issue 21: records, ``tiletum stats``)
    def turn_label(self, state: Any) -> str:
        """Where ``state`` stands in the game, in its words ("round 2, lap 1, turn 3"): a record's comments."""

    def winners(self, state: Any) -> tuple[int, ...]:
        """The seats who won a finished game (by the game's own tie-breaks; several when it shares a win)."""

    def automatic(self, before: Any, after: Any, events: Any) -> list[tuple[int, str]]:
        """What a move set off that nobody chose (a game's automatic phases), in words: (the index of
        the event it begins at, or len(events): after them all; the words), in order."""
        ...

    def scores_by_category(self, state: Any) -> list[dict[str, int]]:
        """Per seat, its VP by scoring category (the game's ledger keys; they sum to the seat's score)."""

    def player_names(self, settings: Any) -> list[str]: ...

    def seed(self, settings: Any) -> int: ...

    def decode_settings(self, raw: bytes) -> Any:
        """Strictly (raises msgspec.DecodeError naming the path)."""

    def encode_settings(self, settings: Any) -> msgspec.Raw: ...


@runtime_checkable
class Menus(Protocol):
    """What a game adds whose screens show the decision as a menu with the refused choices in it
    (Tiletum's decision panel). A game without it (Carcassonne: a board and a cursor) offers only
    ``legal_actions``; ``ui.model.GameModel.options`` says so rather than guess."""

    def options(self, state: Any) -> list:
        """Every option of the decision in hand (each with ``action``, ``legal`` and the reason when
        it is refused), the legal ones in ``legal_actions`` order."""


@runtime_checkable
class Hosted(Protocol):
    """What a game adds to be served by ``tiletum host`` (issue 25): the host sends a client views
    and log events as bytes, never a state, and sets tables up through it. A game without these
    calls is not offered by the host."""

    player_counts: tuple[int, int]  # the fewest and the most players a table may have

    def modules_offered(self) -> tuple[tuple[str, str], ...]:
        """What a new game may add, (name, title): the lobby's New game offers each."""

    def table_settings(self, players: list[tuple[str, str]], seed: int, modules: tuple[str, ...] = ()) -> Any:
        """The settings of a full table: (name, colour) per seat, the seed, the modules chosen."""

    def encode_view(self, seen: Any) -> bytes:
        """A view (``view``) as bytes; refuses a full state."""

    def decode_view(self, data: bytes) -> Any:
        """Strictly; the view as a value again."""

    def encode_events(self, events: Any) -> bytes: ...

    def decode_events(self, data: bytes) -> tuple: ...


class StructSettings:
    """The settings calls of a game whose ``Settings`` is a msgspec Struct with ``players`` (each with a
    ``name``) and a ``seed``: one home for them, shared by the games that set up so (Tiletum, Carcassonne)."""

    Settings: type

    def player_names(self, settings) -> list[str]:
        return [p.name for p in settings.players]

    def seed(self, settings) -> int:
        return settings.seed

    def decode_settings(self, raw: bytes):
        """Strictly (raises msgspec.DecodeError naming the path)."""
        return msgspec.json.decode(raw, type=self.Settings)

    def encode_settings(self, settings) -> msgspec.Raw:
        return msgspec.Raw(msgspec.json.encode(settings))
