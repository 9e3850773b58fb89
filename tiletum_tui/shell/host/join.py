"""``tiletum join``: the app of one player (or spectator) at a hosted game: the lobby, then the
game's own screens over a ``RemoteModel``. The same client runs behind the SSH door (``--fd``: a
socket the host made for that session) and on the host machine (the host's socket, ``--as NAME``).

A client holds no game: it sends moves and gets views. When the connection drops, the game stays
on the host; over the host's socket the client connects again by itself and every open game is
opened again where it is now (in the middle of a decision too).
"""

from __future__ import annotations

import asyncio
import gc
import select
import sys
import traceback
from pathlib import Path

from rich.text import Text
from textual import on
from textual.binding import Binding

from tiletum_tui.core.safe_text import clean
from ..ui.app import TiletumApp
from ..ui.games import screens_for
from . import protocol as P
from .client import ClientGames, HostLink
from .lobby import LobbyScreen, YourLinkScreen
from .lobby_correspondence import LeaveScreen, turned_to_me

RETRY = 1.0  # seconds before the first attempt to reach the host again; each next wait is twice the last
RETRY_MOST = 30.0  # the longest wait between two attempts
GIVE_UP = 600.0  # seconds of waiting for a host that never answers before the client ends, saying so


def waits(first: float = RETRY, most: float = RETRY_MOST, give_up: float = GIVE_UP):
    """The waits between attempts to reach a host that does not answer: 1, 2, 4, ... 30, 30 s, until
    they add up to ``give_up`` (then none: the client ends). A host that vanished costs a client a
    connection attempt every half minute at most, never a spin (issue 38's noticed: eight clients left
    by a benchmark ran on for hours)."""
    wait, waited = first, 0.0
    while waited < give_up:
        wait = min(wait, most, give_up - waited)
        yield wait
        waited += wait
        wait *= 2


async def reach_host(link: HostLink, say, sleep=asyncio.sleep) -> str | None:
    """Connect ``link``, trying again after each of ``waits()`` while the host cannot be reached, each
    wait said (``say``). None once connected; else why the client must end (the line it ends with)."""
    pauses = waits()
    attempt = 0
    while True:
        attempt += 1
        try:
            await link.connect()
            return None
        except OSError as exc:
            why = clean(exc, 60)
            if not link.can_reconnect:
                return f"the host cannot be reached: {why}"
            wait = next(pauses, None)
            if wait is None:
                return (f"the host has not answered for {GIVE_UP / 60:g} minutes ({attempt} attempts; {why}): "
                        "gave up. Start tiletum join again once the host runs.")
            say(f"the host cannot be reached; attempt {attempt + 1} in {wait:g} s ({why})")
            await sleep(wait)


def terminal_hung_up(fd: int) -> bool:
    """The terminal this client draws on is gone (its other end closed, ``POLLHUP``): Textual's input
    thread would then read nothing in a busy loop, a core's worth of CPU for nothing, so the client
    ends (``JoinApp._check_terminal``). False where it cannot tell (no poll)."""
    try:
        if not hasattr(select, "poll"):
            return False
        poller = select.poll()
        poller.register(fd, select.POLLHUP)
        return any(event & select.POLLHUP for _fd, event in poller.poll(0))
    except (OSError, ValueError):
        return False


class JoinApp(TiletumApp):
    plays_at_home = False  # the games are the host's: a replay's "play on" makes no game here
    # m at a hosted game's final table (either game: their screens leave m free there), or on its line in
    # the lobby: a rematch (issue 44). A screen that binds m itself (Tiletum's map view) keeps it.
    # Ctrl+X at a hosted game of either game: resign, or vote a missing player's seat over (issue 44).
    BINDINGS = [Binding("m", "rematch", "Rematch", show=False, id="tiletum.join-rematch"),
                # (not on every screen's key line: it means nothing in the lobby's forms; docs/hosting.md names it)
                Binding("ctrl+x", "leave_game", "Leave", show=False, id="tiletum.join-leave")]

    def __init__(self, link: HostLink, *, bell: bool = True) -> None:
        super().__init__()
        self.link = link
        self.bell_on = bell
        self.me = link.name
        self.lobby: P.Lobby | None = None
        self.games = ClientGames(link, self._show)
        self.lobby_screen: LobbyScreen | None = None
        self.connection = "connecting…"
        self.said_bye = ""
        self.said_trouble = ""  # what failed here, once told (``_handle_exception``)
        self.watching = False  # the host says (a watching link's connection): the lobby shows it

    def on_mount(self, event) -> None:
        event.prevent_default()  # (Textual would call the app shell's on_mount too: the title screen)
        self.lobby_screen = LobbyScreen(self.me)
        self.push_screen(self.lobby_screen)
        self.run_worker(self._talk(), name="host-link")
        self.set_interval(5, self._check_terminal)

    def _check_terminal(self) -> None:
        stdin = sys.__stdin__
        if stdin is not None and terminal_hung_up(stdin.fileno()):
            self.exit(return_code=1, message="tiletum join: the terminal is gone")

    async def _talk(self) -> None:
        while True:
            ended = await reach_host(self.link, self._connection)
            if ended is not None:
                self.exit(return_code=1, message=f"tiletum join: {ended}")
                return
            while (msg := await self.link.receive()) is not None:
                self.heard(msg)
            self.link.close()
            if not self.link.can_reconnect or self.said_bye.startswith("!"):
                self.exit(return_code=1, message=f"tiletum join: {self.said_bye.lstrip('!') or 'the host closed the connection'}")
                return
            self._connection("connection lost; reconnecting…")
            self.games.lost("connection lost: reconnecting…")
            await asyncio.sleep(RETRY)

    def _connection(self, words: str) -> None:
        self.connection = words
        if self.lobby_screen is not None:
            self.lobby_screen.show(self.lobby.games if self.lobby else (), words)

    # ------------------------------------------------------------ what the host says
    def heard(self, msg) -> None:
        if self.games.heard(msg):
            return
        if isinstance(msg, P.Welcome):
            self.me = self.lobby_screen.me = msg.name
            self.watching = msg.watching
            self.said_bye = ""
            self._connection(f"connected to {clean(msg.host, 30)}")
            self.games.reopen()  # back after a drop: the games open again as they are now
        elif isinstance(msg, P.Lobby):
            if self.bell_on and not self.watching and turned_to_me(self.lobby and self.lobby.games, msg.games, self.me,
                                                                   self.games.models):
                self.bell()  # a game turned to you (issue 44)
            self.lobby = msg
            if self.screen is self.lobby_screen:  # (else drawn when it shows again: ``pop_screen``)
                self.lobby_screen.show(msg.games)
        elif isinstance(msg, P.YourLink):
            self.lobby_screen.note(msg.why)
            if msg.url:
                self.push_screen(YourLinkScreen(msg.url, self.watching))
        elif isinstance(msg, P.Refused):
            self.screen.notify(msg.why, title="Not possible", severity="warning", markup=False)
        elif isinstance(msg, P.Bye):
            # A refusal of this client (it broke the rules of the protocol) is final; a stopping host is not.
            self.said_bye = msg.why if "stopping" in msg.why else "!" + msg.why

    def _show(self, model) -> None:
        make = getattr(screens_for(model.game.name), "remote_game", None)
        if make is None:
            self.games.leave(model.id)
            self.screen.notify(f"{model.game.title} cannot be played through the host yet", severity="warning")
            return
        self.push_screen(make(model))
        self.call_after_refresh(settle_memory)
        who = model.game.current_player(model.view)
        if self.bell_on and model.plays_here(who):
            self.bell()  # a game you open at your own decision rings once (issue 44)

    def action_leave_game(self) -> None:
        """Ctrl+X at a hosted game: resign, or vote a missing player's seat over (a dialog, confirmed)."""
        model = getattr(self.screen, "model", None)
        if not getattr(model, "remote", False):
            return
        if model.seat is None:
            self.screen.notify("You are watching this game: only its players can leave it.", severity="warning")
            return
        self.push_screen(LeaveScreen(model))

    # ------------------------------------------------------------ a rematch (issue 44)
    def _over_here(self):
        """The game over whose final table this screen shows, where this connection held a seat (or None)."""
        model = getattr(self.screen, "model", None)
        if not getattr(model, "remote", False) or model.seat is None:
            return None
        return model if model.game.finished(model.view) else None

    def check_action(self, action: str, parameters):
        if action == "rematch":
            return self._over_here() is not None
        return super().check_action(action, parameters)

    def action_rematch(self) -> None:
        model = self._over_here()
        if model is not None:
            self.link.send(P.Rematch(model.id))
            if self._rematch_asked(model):  # another player asked first: this m takes the seat kept
                self.screen.notify("Rematch accepted: it begins as soon as everyone has accepted (the lobby "
                                   "shows who is still to).", markup=False)
                return
            self.screen.notify("Rematch asked: the same people, seats moved on by one, a new deal. It waits in "
                               "the lobby until everyone accepts (m here, or Enter on its line).", markup=False)

    def _rematch_asked(self, model) -> bool:
        """Is a table of this game's people waiting in the lobby with a seat kept for this player (the
        rematch another of them asked for)?"""
        people = sorted(s.name for s in model.seats if s.kind == "person")
        for info in self.lobby.games if self.lobby else ():
            if info.waiting and any(s.kind == "open" and s.name == self.me for s in info.seats) and \
                    sorted(s.name for s in info.seats if s.kind != "opponent") == people:
                return True
        return False

    # ------------------------------------------------------------ the lobby's choices
    @on(LobbyScreen.Picked)
    def _picked(self, event: LobbyScreen.Picked) -> None:
        info = event.info
        if info.id in self.games.models:
            return
        if info.waiting:
            kept = [i for i, s in enumerate(info.seats) if s.kind == "open" and s.name == self.me]  # (a rematch's)
            free = next(iter(kept), next((i for i, s in enumerate(info.seats) if s.kind == "open" and
                                          s.name in ("", "(open)")), None))
            if any(s.name == self.me and s.kind == "person" for s in info.seats):
                self.lobby_screen.note("Your seat is kept: the game begins when every seat is taken.")
            elif free is not None:
                self.link.send(P.TakeSeat(info.id, free))
            return
        self.link.send(P.Open(info.id, watch=event.watch or self.watching))

    def pop_screen(self):
        done = super().pop_screen()
        if self.screen is self.lobby_screen and self.lobby is not None and self.lobby_screen.games != self.lobby.games:
            self.lobby_screen.show(self.lobby.games)  # what changed while a game or the rules were on top
        return done

    def back_to_title(self) -> None:
        """F10 or the final table's Enter: back to the lobby (the game goes on on the host)."""
        while len(self.screen_stack) > 2:
            screen = self.screen
            model = getattr(screen, "model", None)
            if getattr(model, "remote", False):
                self.games.leave(model.id)
            self.pop_screen()

    async def action_quit(self) -> None:
        self.exit()  # (nothing is lost: the host holds every game)

    def _handle_exception(self, error: Exception) -> None:
        """An unexpected error (a bug) in this client: never a traceback on the player's terminal (it
        would show the host's paths and locals, issue 39). What failed goes to the host's log, the
        player is told it in one line, and the client closes (the games go on on the host)."""
        if self.said_trouble:
            return
        what = f"{type(error).__name__}: {clean(str(error), 120)}"
        self.said_trouble = f"{what} on {type(self.screen).__name__}"
        frames = traceback.extract_tb(error.__traceback__)
        where = f" at {Path(frames[-1].filename).name}:{frames[-1].lineno}" if frames else ""
        self.link.send(P.Trouble(self.said_trouble + where))
        self.exit(return_code=1, message=Text(f"tiletum join: this screen failed ({what}); the host logged it, "
                                              "your games go on there.", no_wrap=True, overflow="ignore"))

    def close_sessions(self) -> None:
        self.link.close()


def run_join(link: HostLink, *, bell: bool = True) -> int:
    app = JoinApp(link, bell=bell)
    app.run()
    return app.return_code or 0


def settle_memory() -> None:
    """Once a game shows: what the client holds from then on (its modules, the app, the screen's
    widgets) is set aside from Python's cyclic garbage collector (``gc.freeze``), after what is
    garbage is collected (a game screen closed before this one too: ``gc.unfreeze`` first). Each full
    collection would otherwise go through all of it again: every 20 to 30 moves, 30 to 60 ms of one
    move's redraw on every screen at the table, about at the same move (issue 25's 95th percentile).
    And the young generation is collected every ``YOUNG`` allocations, not Python's 700: a move's
    redraw makes tens of thousands of short-lived objects (its strips, styles, segments), freed as
    they go by their counts, yet the collector looked through the young ones at every 700 objects more
    (three times a move on a waiting screen) on every screen at the table (issue 39)."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG, *gc.get_threshold()[1:])


YOUNG = 20_000  # allocations between two collections of the young generation, once a game shows
