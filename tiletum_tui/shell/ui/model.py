"""The one model of a game that every screen binds to (issue 39): what the players see of it now,
kept in Textual ``reactive`` attributes that the screens and their widgets watch.

At home the model sits at the game's Table (``shell.table``, run in the app's own process): it acts
through it as the seat asking (``apply``/``undo``/``redo``) and hears every change of the game from it
alone, as a door of every seat hears it (``updates.Changed``: the log entries, the view, which seat
made it), whoever made it: a key here, a computer opponent, a lesson's script. On the host
``host.remote_model.RemoteModel`` wraps the link to the host, fed by the host's frames (which the
host's Table sends). Home and host differ only in that transport. Either way the model changes only
through ``update(...)``; a move made on the session behind the Table's back is heard by nobody. A
screen never redraws because it made a move: it redraws because the model's ``change`` (or ``chat``,
``seats``, ``paused``, ``connection``) changed, and only what that part shows.

The screens never touch a state: they are handed the *view* of the game (``Game.view``: what a seat
may see, the generator and the order of face-down piles left out), its options and the one log.
What is not a change of the game (the host refused a move, the master's hint) is still a message
(``Refused``, ``Hinted``, ``Noted``) posted to whoever ``listen``s.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.dom import DOMNode
from textual.message import Message
from textual.reactive import var

from tiletum_tui.core.game_interface import Menus
from tiletum_tui.shell.session import EVERY_SEAT, Session
from tiletum_tui.shell.table import Table, leaving
from tiletum_tui.shell.table import updates as U


def new_session(settings, save_dir=None, seats=(), game=None):
    return Session.new(settings, save_dir=save_dir, seats=seats, game=game)


def paused_notice(why: str) -> str:
    """What a screen says when the host cannot save the game (``why``), or ("") can again."""
    if why:
        return f"The game is paused: {why}. Moves wait until it can save again; nothing is lost."
    return "The host can save again: the game goes on."


def ended_notice(why: str) -> str:
    """What a screen says of a game ended without its end (issue 44: nobody left at it), instead of
    who decides: nobody will."""
    return f"This game is over: {why}." if why else ""


def plays_for(seat, over: bool = False) -> str:
    """Who plays a hosted seat a computer opponent plays (a ``SeatInfo``), in words: its level
    ("beginner"), or, a person's seat handed over for good (issue 44: resigned, voted over), that the
    person no longer plays it: "resigned: beginner plays" (``over``: "... played")."""
    return leaving.plays_for(getattr(seat, "left", ""), seat.level, over)


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


@dataclass(frozen=True)
class Change:
    """One change of the game: ``entries`` added to the log (none for an undo or a reconnect),
    ``version`` counts the changes, ``own``: made by a seat played at this screen (its move, its
    undo; not a computer opponent's, nor another player's through the host), ``by``: the seat whose
    change it was (None: not known, or the whole table: a lesson's script, a reconnect)."""

    entries: tuple
    version: int
    own: bool = True
    by: int | None = None


_MENUS: dict = {}  # a game's class: does it show menus (``Menus``)?


def _has_menus(game) -> bool:
    """``isinstance(game, Menus)``, asked once per class of game: a check against a Protocol looks its
    methods up every time, and the screens ask for the options at every move (issue 39)."""
    kind = type(game)
    has = _MENUS.get(kind)
    if has is None:
        has = _MENUS[kind] = isinstance(game, Menus)
    return has


class GameModel(DOMNode):
    """The game as this screen sees it, in reactive attributes (see the module docstring).

    Why a ``DOMNode`` that is never mounted: Textual keeps a reactive's value and its watchers on a
    DOMNode (``Reactive._set`` needs the node's data; ``DOMNode.watch(model, name, callback)``
    registers a screen's or a widget's callback there). The model outlives every screen that shows
    the game (the game screen, the final table, an announcement, the screen again after a lobby
    visit), so it, not one screen, holds the attributes, and each screen watches the parts it
    draws. It draws nothing and processes no message: a reactive set in ``update`` calls its
    watchers at once, in the order set (``view`` and ``log`` before ``change``).

    The reactives: ``view`` (the seat's view), ``log`` (the log entries), ``change`` (the last
    ``Change``, set after every change of the game, even one that leaves the view equal), ``chat``
    (table talk), ``seats`` (who plays each seat, connected or not), ``paused`` (why the host cannot
    save: "" when it can), ``connection`` ("here", "connected", "reconnecting…", "closed"). ``log``
    shadows ``MessagePump.log`` (Textual's logger), which a node that processes no message never uses.
    """

    remote = False  # every seat is played here (at this keyboard, or by an opponent of this screen)
    seat = None  # the one seat played here, for a remote model (None: every seat, or watching)
    table = None  # the game's Table at home (``shell.table``): each change goes through it, as the seat asking,
    # and is heard from it (None: a remote model, whose Table is the host's)

    # (init=False: a watcher hears a change, never the default set when first read)
    view = var(None, always_update=True, init=False)  # (compared by who sets it: a state's equality is deep)
    log = var((), always_update=True, init=False)
    change = var(None, always_update=True, init=False)
    chat = var((), init=False)
    seats = var((), init=False)
    paused = var("", init=False)
    connection = var("here", init=False)

    Changed = Change  # (the name the screens knew it by)

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
        """Something to tell that is not a change of the game nor of a reactive part (a host's notice)."""

        what: str
        text: str = ""

    def __init__(self, session, table: Table | None = None) -> None:
        super().__init__()
        self.session = session
        self._for = None  # the view the cached options belong to (the view itself, not its id)
        self._options: list | None = None
        self._legal_for = None  # (the same, for the legal actions)
        self._legal: list = []
        self.version = 0  # changes so far
        self._listeners: list = []
        self._sub = None
        if session is not None:
            self.update(view=session.view(), log=list(session.log), announce=False)
            # At home every session is played at a Table, a lesson's and a tutorial's too (their
            # script's moves as the seat that makes them): one path for every change of the game.
            self.sit_at(table if table is not None else Table(session))

    # ------------------------------------------------------------ the one way in
    def update(self, *, view=None, log=None, entries: tuple = (), own: bool = True, by: int | None = None,
               chat=None, seats=None, paused: str | None = None, connection: str | None = None,
               announce: bool = True) -> None:
        """What changed, from whoever changed it (the Table's updates here, the host's frames on the
        host): each part given is set, and its watchers redraw what shows it. A new ``view`` or
        ``log`` is a change of the game: ``change`` is set last (``entries``: what it logged, ``own``:
        made at this screen, ``by``: by which seat), unless ``announce`` is False (the model's first
        state)."""
        if view is not None:
            self.view = view
        if log is not None:
            self.log = log
        if chat is not None:
            self.chat = tuple(chat)
        if seats is not None:
            self.seats = seats
        if paused is not None:
            self.paused = paused
        if connection is not None:
            self.connection = connection
        if announce and (view is not None or log is not None):
            self.version += 1
            self.change = Change(tuple(entries), self.version, own, by)

    def listen(self, callback) -> None:
        """``callback(message)`` for what is not a reactive part (``Refused``, ``Hinted``, ``Noted``)."""
        self._listeners.append(callback)

    def unlisten(self, callback) -> None:
        if callback in self._listeners:
            self._listeners.remove(callback)

    def tell(self, message: Message) -> None:
        for callback in list(self._listeners):
            callback(message)

    # ------------------------------------------------------------ at the Table (home)
    def sit_at(self, table: Table) -> None:
        """Hear the game from ``table`` (a door of every seat: at home each seat is played at this
        screen or by the Table's opponents) and act through it."""
        self.table = table
        self._sub = table.subscribe(EVERY_SEAT, self._heard)

    def leave_table(self) -> None:
        """Hear no more of the Table (the model's game is over for this screen: a lesson's next chapter)."""
        if self.table is not None and self._sub is not None:
            self.table.unsubscribe(self._sub)
        self._sub = None

    def _heard(self, u) -> None:
        """What the Table told: a change of the game (``updates.Changed``), whoever made it, is the
        model's change; its log is the Table's from where they differ. The rest (an opponent
        thinking, a hint's answer) is for the screen's seats driver (``shell.ui.opponents``)."""
        if isinstance(u, U.Changed):
            log = list(self.log[:u.start]) + list(u.entries)
            self.update(view=u.view, log=log, entries=u.entries, own=self.made_here(u.by), by=u.by)

    def made_here(self, by: int | None) -> bool:
        """Was a change by seat ``by`` made at this screen? At home, every seat's but the computer
        opponents' (the Table's driver plays them); None (the whole table: a script) is this screen's."""
        return by is None or self.table is None or not self.table.opponents.plays(by)

    def deciding(self, state, title: str) -> str:
        """The decision panel's line while another seat decides (``title``: what that seat decides)."""
        return someone_decides(title)

    def plays_here(self, seat: int | None) -> bool:
        """Is ``seat``'s decision made at this screen? (Every seat's, unless the game is remote.)"""
        return seat is not None

    @property
    def state(self):
        """The view, by the name every widget reads (the screens draw the view, never a state)."""
        return self.view

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
        if not _has_menus(game):
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

    # Every change says which seat asks for it (``by``): the Table decides, through its session.
    def apply(self, action, *, by, note: str = ""):
        """Apply an action as seat ``by`` at the Table; return its log entry (with its events).
        ``note``: why this move (an opponent's fallback), recorded with it by the session. The model
        hears the change from the Table (``_heard``), as it hears an opponent's."""
        return self.table.apply(by, action, note)

    def can_undo(self, *, by) -> str | None:
        return self.session.can_undo(by=by)

    def undo(self, *, by) -> None:
        self.table.step(by, "undo")

    def can_redo(self, *, by) -> str | None:
        return self.session.can_redo(by=by)

    def redo(self, *, by):
        return self.table.step(by, "redo")
