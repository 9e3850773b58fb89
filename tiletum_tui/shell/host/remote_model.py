"""``RemoteModel``: a game on the host as one seat (or a spectator) sees it, in ``GameModel``'s shape
(see ``client``'s docstring). Imported when a client opens its first game."""

from __future__ import annotations

import time

import msgspec

from tiletum_tui.core import games
from ..session import LogEntry, NotYourMoveError, Session
from tiletum_tui.shell.ui.model import GameModel, ended_notice, plays_for
from ..table.clock import left_words
from . import protocol as P
from ..session.since import Since


def _entries(game, entries) -> list[LogEntry]:
    return [LogEntry(e.seat, e.text, e.notation, game.decode_events(e.events), tuple(e.barriers)) for e in entries]


def _since(data: bytes):
    return msgspec.msgpack.decode(data, type=Since) if data else None


class RemoteModel(GameModel):
    """A game on the host, as one seat (or a spectator) sees it. See the module docstring."""

    remote = True

    def __init__(self, link: HostLink, opened: P.Opened) -> None:
        super().__init__(None)  # no session here: the host holds the game
        self.link = link
        self._game = games.game(opened.name)
        self.game_id = opened.game
        self.pending: int | None = None  # the ref of the move or undo sent, until the host answers
        self.hint_pending: int | None = None  # the ref of the hint asked, until the host's master answers
        self._load(opened, announce=False)

    def _load(self, opened: P.Opened, announce: bool) -> None:
        """The game as the host opened it, into the model's reactive parts (``GameModel.update``)."""
        self.seat = None if opened.seat < 0 else opened.seat
        self._setup = tuple(self.game.decode_events(opened.setup))
        self._undo, self._redo = opened.undo, opened.redo
        self._record, self._whole = opened.record, None
        self._since = _since(opened.since)
        self.deadline = opened.deadline  # when the deciding seat's time runs out (0: no clock; issue 44)
        self.ended = opened.ended  # why the game ended with nobody left at it (issue 44), or ""
        # (``paused``: why the host cannot save the game now, "" while it can)
        self.update(view=self.game.decode_view(opened.view), log=_entries(self.game, opened.log), own=False,
                    seats=opened.seats, chat=opened.chat, paused=opened.paused, connection="connected",
                    announce=announce)

    @property
    def id(self) -> str:
        """The game's id on the host (``join`` leaves it by this). Read-only, as the model is a node that is
        never in the DOM: the host's ids are no CSS identifiers, and a node's own ``id`` must be one."""
        return self.game_id

    def time_left(self, now: float | None = None) -> str:
        """The deciding seat's time left, in words ("45m left"), or "" when no clock runs (issue 44)."""
        if not self.deadline:
            return ""
        left = self.deadline - (time.time() if now is None else now)
        return f"{left_words(left)} left" if left > 0 else "its time ran out"

    # ------------------------------------------------------------ what the screens read
    @property
    def game(self):
        """The game of the table, by the name the host gave (``games.game``): its rules read the view."""
        return self._game

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
            self._whole = Session.load_bytes(self._record, f"the host's record of {self.id}")
        self._whole.talk = tuple(self.chat)  # (the replay shows each line where it was said: issue 44)
        return self._whole

    def deciding(self, state, title: str) -> str:
        if self.ended:  # (nobody decides any more: the game ended where it stood)
            return ended_notice(self.ended)
        line = super().deciding(state, title)
        if self.paused:
            return f"Paused: {self.paused}. No move is made until it can; nothing is lost.  {line}"
        who = self.game.current_player(state)
        seat = self.seats[who] if who is not None and who < len(self.seats) else None
        if seat is None:
            return line
        if seat.kind == "opponent":
            return f"{line}  ({plays_for(seat)}, thinking on the host)"
        left = f"  ({self.time_left()})" if self.deadline else ""  # (issue 44: the time per move)
        return line + left if seat.connected else f"{line}  (not connected: the game waits){left}"

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

    def resign(self) -> None:
        """Resign this game (issue 44): a computer opponent plays the seat from now on."""
        self.link.send(P.Resign(self.id))

    def vote_replace(self, seat: int) -> None:
        """Vote the missing player of ``seat`` over to a computer opponent (issue 44)."""
        self.link.send(P.VoteReplace(self.id, seat))

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
        self._undo, self._redo = u.undo, u.redo
        self._record, self._whole = u.record, None
        self._since = _since(u.since)
        self.deadline = u.deadline
        # The host sends the change before it accepts: while our move is under way, the change is ours.
        self.update(view=self.game.decode_view(u.view), log=self.log[: u.start] + list(new), entries=new,
                    own=self.pending is not None, seats=u.seats)

    def accepted(self, a: P.Accepted) -> None:
        if a.ref == self.pending:
            self.pending = None

    def reopened(self, opened: P.Opened) -> None:
        """The connection came back: the game as it is now (it may have moved on meanwhile)."""
        self.pending = self.hint_pending = None
        self._load(opened, announce=True)

    def refused(self, r: P.Refused) -> None:
        self.pending = None
        self.tell(self.Refused(r.why))

    def hinted(self, h: P.Hinted) -> None:
        if h.request == self.hint_pending:
            self.hint_pending = None
            self.tell(self.Hinted(h))

    def paused_changed(self, why: str) -> None:
        """The host cannot save this game (``why``): no move is made until it can; or ("") it can again."""
        self.update(paused=why)

    def seats_changed(self, seats) -> None:
        self.update(seats=seats)

    def said(self, line: P.Chat) -> None:
        self.update(chat=(*self.chat, line))

    def lost(self, why: str) -> None:
        self.pending = self.hint_pending = None
        self.update(connection=why)
