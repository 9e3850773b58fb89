"""The one owner of the game inside the app: a Session, and what the screens read from it.

Every change goes through ``GameModel.apply`` (the session, then the engine). The screens never
touch a state: they are handed the *view* of the game (``engine.view``: what a seat may see, the
generator and the order of face-down piles left out), its options and the session's one log.

The model announces every change (issue 25: "every widget redraws from them whoever caused the
change"): a screen ``listen``s, and is posted a ``GameModel.Changed`` after each move, undo or redo,
whoever made it. ``host.client.RemoteModel`` has the same shape for a game played through
``tiletum host``, where the change comes from the host: another player, an opponent, a reconnect.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.message import Message

from tiletum_tui.core.game_interface import Menus


def new_session(settings, save_dir=None, seats=(), game=None):
    from tiletum_tui.shell.session import Session

    return Session.new(settings, save_dir=save_dir, seats=seats, game=game)


def someone_decides(title: str) -> str:
    """ "Ann: choose a die" as the others see it: "Ann is choosing a die…"."""
    who, _, what = title.partition(": ")
    if not what:
        return title
    what = what.replace("you may ", "may ", 1).replace(" your ", " their ")
    for verb, doing in (("choose ", "is choosing "), ("do ", "is doing "), ("pay ", "is paying ")):
        if what.startswith(verb):
            what = doing + what[len(verb):]
            break
    else:
        if not what.startswith("may "):
            what = "is deciding: " + what
    return f"{who} {what.replace(' or end ', ' or ending ')}…"


class GameModel:
    """Session + the view and options of its current state (computed once per state)."""

    remote = False  # every seat is played here (at this keyboard, or by an opponent of this screen)
    seat = None  # the one seat played here, for a remote model (None: every seat, or watching)
    chat: tuple = ()  # table talk (a remote game's)
    connection = "here"  # a remote model says "connected", "reconnecting…", "closed"

    @dataclass
    class Changed(Message):
        """The game changed: ``entries`` were added to the log (none for undo), ``version`` counts changes."""

        entries: tuple
        version: int
        own: bool = True  # made at this screen (its move, its undo)

    @dataclass
    class Refused(Message):
        """The host refused what this screen asked for (a remote game): ``why`` in words."""

        why: str

    @dataclass
    class Hinted(Message):
        """The host's master answered ``h`` (a remote game): ``answer`` has the fields of the opponents'
        process's answer (``seat``, ``action``, ``plan``, ``gain``, ``win``, ``alternative``…, ``error``)."""

        answer: object

    @dataclass
    class Noted(Message):
        """Something to show that is not a change of the game: a line of table talk, who is connected."""

        what: str
        text: str = ""

    def __init__(self, session) -> None:
        self.session = session
        self._for = None  # the view the cached options belong to (the view itself, not its id)
        self._options: list | None = None
        self._legal_for = None  # (the same, for the legal actions)
        self._legal: list = []
        self.version = 0  # changes so far (a screen redraws when it has drawn an older one)
        self._listeners: list = []

    def listen(self, callback) -> None:
        """``callback(message)`` after every change (a screen passes its ``post_message``)."""
        self._listeners.append(callback)

    def unlisten(self, callback) -> None:
        if callback in self._listeners:
            self._listeners.remove(callback)

    def tell(self, message: Message) -> None:
        for callback in list(self._listeners):
            callback(message)

    def _changed(self, entries: tuple, own: bool = True) -> None:
        self.version += 1
        self.tell(self.Changed(entries, self.version, own))

    def deciding(self, state, title: str) -> str:
        """The decision panel's line while another seat decides (``title``: what that seat decides)."""
        return someone_decides(title)

    def plays_here(self, seat: int | None) -> bool:
        """Is ``seat``'s decision made at this screen? (Every seat's, unless the game is remote.)"""
        return seat is not None

    @property
    def view(self):
        """The game as the players see it (no generator, no order of face-down piles): the session's
        view, a copy that shares nothing writable with the game (issue 18: states are values)."""
        return self.session.view()

    # The screens draw the view; ``state`` is kept as its name so every widget reads one thing.
    state = view

    @property
    def log(self) -> list:
        return self.session.log

    @property
    def setup_events(self) -> tuple:
        """What setting the game up made happen (the first dice rolled, the first Corruption token
        turned up): the events of the first state, before any action was logged."""
        return tuple(getattr(self.session, "setup_events", ()))

    def since(self, seat: int):
        """'Since your last turn' for ``seat`` (``session.since``), made by the session from its states."""
        return self.session.since(seat)

    def whole_game(self):
        """The session the final table's replay and charts read (issue 39): here the session itself;
        a hosted game's is the record the host sends once it is over (``RemoteModel``)."""
        return self.session

    @property
    def game(self):
        """The game played (``game_interface.Game``): every rule the model reads comes through it."""
        return self.session.game

    def options(self) -> list:
        """Every option of the decision in hand, legal or with its reason (a game with menus:
        ``game_interface.Menus``)."""
        game = self.game
        if not isinstance(game, Menus):
            raise TypeError(f"{game.title} shows no menus: ask for legal() instead")
        seen = self.view
        if self._for is not seen:
            self._for, self._options = seen, game.options(seen)
        return self._options

    def legal(self) -> list:
        """Every legal action of the decision in hand (``Game.legal_actions`` of the view)."""
        seen = self.view
        if self._legal_for is not seen:
            self._legal_for, self._legal = seen, list(self.game.legal_actions(seen))
        return self._legal

    # Every change says which seat asks for it (``by``): the session decides (``Session.apply``).
    def apply(self, action, *, by, note: str = ""):
        """Apply an action for seat ``by`` through the session; return its log entry (with its events).
        ``note``: why this move (an opponent's fallback), recorded with it by the session."""
        entry = self.session.apply(action, by=by, note=note)
        self._changed((entry,))
        return entry

    def can_undo(self, *, by) -> str | None:
        return self.session.can_undo(by=by)

    def undo(self, *, by) -> None:
        self.session.undo(by=by)
        self._changed(())

    def can_redo(self, *, by) -> str | None:
        return self.session.can_redo(by=by)

    def redo(self, *, by):
        entry = self.session.redo(by=by)
        self._changed((entry,))
        return entry
