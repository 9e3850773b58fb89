"""``RemoteModel``: a game on the host as one seat (or a spectator) sees it, in ``GameModel``'s shape
(see ``client``'s docstring). Imported when a client opens its first game."""

from __future__ import annotations

import msgspec

from tiletum_tui.core import games
from ..session import LogEntry, NotYourMoveError
from tiletum_tui.games.tiletum.ui.model import GameModel
from . import protocol as P


def _entries(game, entries) -> list[LogEntry]:
    return [LogEntry(e.seat, e.text, e.notation, game.decode_events(e.events), tuple(e.barriers)) for e in entries]


def _since(data: bytes):
    from ..session.since import Since

    return msgspec.msgpack.decode(data, type=Since) if data else None


class RemoteModel(GameModel):
    """A game on the host, as one seat (or a spectator) sees it. See the module docstring."""

    remote = True

    def __init__(self, link: HostLink, opened: P.Opened) -> None:
        super().__init__(None)  # no session here: the host holds the game
        self.link = link
        self._game = games.game(opened.name)
        self.id = opened.game
        self.pending: int | None = None  # the ref of the move or undo sent, until the host answers
        self.hint_pending: int | None = None  # the ref of the hint asked, until the host's master answers
        self.connection = "connected"
        self._load(opened)

    def _load(self, opened: P.Opened) -> None:
        self.seat = None if opened.seat < 0 else opened.seat
        self._view = self.game.decode_view(opened.view)
        self._log = _entries(self.game, opened.log)
        self._setup = tuple(self.game.decode_events(opened.setup))
        self.seats = opened.seats
        self.chat = list(opened.chat)
        self._undo, self._redo = opened.undo, opened.redo
        self.paused = opened.paused  # why the host cannot save the game now ("": it goes on)
        self._record, self._whole = opened.record, None
        self._since = _since(opened.since)

    # ------------------------------------------------------------ what the screens read
    @property
    def game(self):
        """The game of the table, by the name the host gave (``games.game``): its rules read the view."""
        return self._game

    @property
    def view(self):
        return self._view

    state = view

    @property
    def log(self) -> list:
        return self._log

    @property
    def setup_events(self) -> tuple:
        return self._setup

    def plays_here(self, seat: int | None) -> bool:
        return seat is not None and seat == self.seat

    def since(self, seat: int):
        """This seat's 'since your last turn', made by the host from its states (None for another seat)."""
        return self._since if self._since is not None and self._since.seat == seat else None

    def whole_game(self):
        """The game over as a read-only session, replayed here from the record the host sent with its
        last change (issue 39: the final table's replay and charts); once, then kept."""
        if self._whole is None:
            if not self._record:
                raise ValueError("the game is not over: a replay shows it only once it is")
            from ..session import Session

            self._whole = Session.load_bytes(self._record, f"the host's record of {self.id}")
        self._whole.talk = tuple(self.chat)  # (the replay shows each line where it was said: issue 44)
        return self._whole

    def deciding(self, state, title: str) -> str:
        line = super().deciding(state, title)
        if self.paused:
            return f"Paused: {self.paused}. No move is made until it can; nothing is lost.  {line}"
        who = self.game.current_player(state)
        seat = self.seats[who] if who is not None and who < len(self.seats) else None
        if seat is None:
            return line
        if seat.kind == "opponent":
            return f"{line}  ({seat.level}, thinking on the host)"
        return line if seat.connected else f"{line}  (not connected: the game waits)"

    # ------------------------------------------------------------ what the screens ask
    def _mine(self, by, sent: bool = True) -> None:
        if self.seat is None:
            raise NotYourMoveError("you are watching this game: a spectator cannot make moves")
        if by != self.seat:
            raise NotYourMoveError("you play only your own seat here")
        if sent and self.connection != "connected":  # (sent into a closed socket, a move was lost without a word)
            raise NotYourMoveError(self._unconnected())

    def _unconnected(self) -> str:
        return f"not connected to the host ({self.connection}): nothing was sent"

    def apply(self, action, *, by):
        """Send the move to the host; None (its answer comes as a message to the screen)."""
        self._mine(by)
        if self.pending is not None:
            raise NotYourMoveError("the host has not answered your last move yet")
        self.pending = self.link.next_ref()
        self.link.send(P.Act(self.id, self.game.notation(action), self.pending))
        return None

    def can_undo(self, *, by) -> str | None:
        if self.seat is None:
            return "you are watching this game"
        if self.connection != "connected":
            return self._unconnected()
        return self._undo if self.pending is None else "waiting for the host"

    def can_redo(self, *, by) -> str | None:
        if self.seat is None:
            return "you are watching this game"
        if self.connection != "connected":
            return self._unconnected()
        return self._redo if self.pending is None else "waiting for the host"

    def undo(self, *, by) -> None:
        self._step(by, redo=False)

    def redo(self, *, by):
        self._step(by, redo=True)

    def _step(self, by, redo: bool) -> None:
        self._mine(by)
        self.pending = self.link.next_ref()
        self.link.send(P.Undo(self.id, redo, self.pending))

    def say(self, text: str) -> None:
        self.link.send(P.Say(self.id, text))

    def ask_hint(self) -> int | None:
        """``h``: ask the host's master for this seat's decision; its ref (the answer comes as ``Hinted``)."""
        self._mine(self.seat, sent=False)
        if self.connection != "connected":
            return None  # (no host to think: asked again once it is back)
        self.hint_pending = self.link.next_ref()
        self.link.send(P.AskHint(self.id, self.hint_pending))
        return self.hint_pending

    # ------------------------------------------------------------ what the host says
    def updated(self, u: P.Update) -> None:
        new = tuple(_entries(self.game, u.entries))
        self._log = self._log[: u.start] + list(new)
        self._view = self.game.decode_view(u.view)
        self.seats = u.seats
        self._undo, self._redo = u.undo, u.redo
        self._record, self._whole = u.record, None
        self._since = _since(u.since)
        # The host sends the change before it accepts: while our move is under way, the change is ours.
        self._changed(new, own=self.pending is not None)

    def accepted(self, a: P.Accepted) -> None:
        if a.ref == self.pending:
            self.pending = None

    def reopened(self, opened: P.Opened) -> None:
        """The connection came back: the game as it is now (it may have moved on meanwhile)."""
        self.pending = self.hint_pending = None
        self._load(opened)
        self.connection = "connected"
        self._changed((), own=False)

    def refused(self, r: P.Refused) -> None:
        self.pending = None
        self.tell(self.Refused(r.why))

    def hinted(self, h: P.Hinted) -> None:
        if h.request == self.hint_pending:
            self.hint_pending = None
            self.tell(self.Hinted(h))

    def paused_changed(self, why: str) -> None:
        """The host cannot save this game (``why``): no move is made until it can; or ("") it can again."""
        self.paused = why
        self.tell(self.Noted("paused", f"The game is paused: {why}. Moves wait until it can save again; nothing "
                                       "is lost." if why else "The host can save again: the game goes on."))

    def seats_changed(self, seats) -> None:
        self.seats = seats
        self.tell(self.Noted("seats"))

    def said(self, line: P.Chat) -> None:
        self.chat = self.chat + [line]
        self.tell(self.Noted("talk", f"{line.who}: {line.text}"))

    def lost(self, why: str) -> None:
        self.connection = why
        self.pending = self.hint_pending = None
        self.tell(self.Noted("connection", why))
