"""Issue 39's matrix: a person at a game with a computer opponent, at home (the app with its own
session) or hosted (``tiletum join``'s app against a host in the test's own event loop), driven by
keys at 80×24 and read from what the screen shows. The truth a cell checks the screen against is
the game's ``Session`` (at home the one the app plays; hosted, the host's).

Only public behaviour is used: the app, its keys and its visible text, ``Session``, the host's test
fixtures (``tests/host/hosting.py``), so the cells survive the screens' and the table's rewrites."""

from __future__ import annotations

import asyncio
import random
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

from textual.widget import Widget

from tiletum_tui.core import games
from tiletum_tui.shell.host import protocol as P
from tiletum_tui.shell.host.client import HostLink
from tiletum_tui.shell.host.hosted import HostFolder
from tiletum_tui.shell.host.join import JoinApp
from tiletum_tui.shell.saves.format import PERSON, Seat
from tiletum_tui.shell.session import EVERY_SEAT, Session
from tiletum_tui.shell.ui.app import TiletumApp

from ..host.hosting import people, running_host

# The three games: (its name in the registry, its modules)
GAMES = {"tiletum": ("tiletum", ()), "tiletum+silver": ("tiletum", ("silver",)),
         "carcassonne+river": ("carcassonne", ("river",))}
PLACES = ("home", "hosted")
YOU, THEM = 0, 1
NAMES = ("ann", "bob")  # ann plays at the keyboard; bob is the computer opponent
LEVEL = "beginner"  # the quickest opponent (it plays at once: no search)
WAIT = 600  # pauses of 0.05 s: up to half a minute on a loaded machine


def screen_text(app, toasts: bool = True) -> str:
    """What the screen shows, as text: every visible leaf widget's rendered lines (the toasts first)."""
    out = []
    for w in app.screen.query("*"):  # (not ``query(Widget)``: it leaves the toasts out)
        if not toasts and type(w).__name__ == "Toast":
            continue
        if isinstance(w, Widget) and w.display and w.region.area and not w.children:
            out += [line.text for line in w.render_lines(w.region.reset_offset)]
    return "\n".join(out)


def flat(text: str) -> str:
    """Text with its lines joined and runs of spaces made one (a message the screen wrapped)."""
    return " ".join(text.replace("▌", " ").split())  # (a toast's lines begin with its bar)


def first_open_line(text: str) -> str | None:
    """The number of the decision panel's first line a player may choose (a greyed line says why not,
    after a dash), or None."""
    lines = text.split("\n")
    title = max((i for i, line in enumerate(lines) if line.startswith(f"{NAMES[0]}: ")), default=0)
    for line in lines[title + 1:]:  # (the lines under the decision's title, "ann: choose a die")
        number, _, rest = line.partition(" ")
        if number.isdigit() and rest and " — " not in rest:
            return number
    return None


def last_turn(log, seat: int) -> list:
    """The log entries of ``seat``'s last turn (its last run of moves)."""
    end = max((i for i, e in enumerate(log) if e.seat == seat), default=-1) + 1
    start = end
    while start > 0 and log[start - 1].seat == seat:
        start -= 1
    return list(log[start:end])


def words(entry) -> str:
    """A move in the words the screens show it, without the player's name in front (a recap groups
    a player's moves after the name)."""
    return flat(entry.text.split(" ", 1)[1])


def settings_of(table: str, seed: int):
    name, modules = GAMES[table]
    game = games.game(name)
    return game, game.table_settings([(NAMES[0], "red"), (NAMES[1], "blue")], seed, modules)


SEATS = (PERSON, Seat(player="opponent", level=LEVEL))


@dataclass
class At:
    """A person at a table: the app and its Pilot, and the game's session (the truth)."""

    table: str
    place: str
    app: TiletumApp
    pilot: object
    session: Session
    folder: Path
    host: object = None
    gid: str = ""
    base: int = 0  # the screens stacked when the game's screen is up (more: a dialog over it)

    @property
    def carcassonne(self) -> bool:
        return self.table.startswith("carcassonne")

    def text(self) -> str:
        return screen_text(self.app)

    def head(self) -> str:
        """The screen's first line (the game's, round or turn and whose decision), no toast over it."""
        return screen_text(self.app, toasts=False).split("\n")[0]

    async def until(self, condition, what: str = "", tries: int = WAIT, fail: bool = True) -> None:
        for _ in range(tries):
            if condition():
                return
            await self.pilot.pause(0.05)
        if not fail:
            return
        raise AssertionError(f"the screen did not show {what or 'what was awaited'}:\n{self.text()}")

    def yours(self) -> bool:
        return not self.session.finished and self.session.current_player == YOU

    def client_log(self):
        """Hosted: the log this client was sent; at home, the session's."""
        if self.place == "hosted":
            model = self.app.games.models.get(self.gid)
            return model.log if model is not None else []
        return self.session.log

    async def settled(self) -> None:
        """Until the screen has what the game has (hosted: the host's last update has arrived), and
        the game's screen (no dialog) is up."""
        await self.until(lambda: len(self.client_log()) == len(self.session.log), "the host's last move")
        await self.pilot.pause(0.05)

    async def your_decision(self) -> None:
        """Until the opponent has played and the decision is the person's (or the game is over); an
        announcement of what the table did meanwhile (the King phase, a Fair) closed by Enter, as read."""
        await self.until(lambda: self.yours() or self.session.finished, "the person's decision")
        await self.settled()
        for _ in range(5):
            if len(self.app.screen_stack) <= self.base or "Enter: continue" not in self.text():
                break
            await self.pilot.press("enter")
            await self.pilot.pause(0.05)

    async def move(self) -> None:
        """One move of the person's, by keys, as a person who takes the first line offered would
        (Carcassonne: Enter places the tile where the cursor shows it fits, Enter the follower
        highlighted; Tiletum: e (end the turn, Done) where the panel offers it, else the number of its
        first line open to it)."""
        n = len(self.session.log)
        base = self.base
        for k in range(60):
            if len(self.session.log) > n or not self.yours():
                break
            if len(self.app.screen_stack) > base:  # a dialog: yes to a question (waste AP?), else Enter
                await self.pilot.press("y" if "y: yes" in self.text() else "enter")
            elif self.carcassonne:
                await self.pilot.press("enter")
            else:
                text = self.text()
                line = first_open_line(text)
                if line is None or "\ne " in text:  # the turn's end (or Done) when offered: a short turn
                    await self.pilot.press("e")
                else:
                    await self.pilot.press(*line)
            await self.pilot.pause(0.02)
            if self.place == "hosted":
                await self.until(lambda: len(self.session.log) > n or not self.yours()
                                 or len(self.app.screen_stack) > base, tries=4, fail=False)
        await self.until(lambda: len(self.session.log) > n or not self.yours(), "the person's move made")
        assert self.session.log[n].seat == YOU

    async def your_turn_played(self) -> None:
        """The person's moves until the opponent decides (its turn has begun), then its turn played."""
        await self.your_decision()
        n = len(self.session.log)
        made = 0
        while self.yours() and all(e.seat == YOU for e in self.session.log[n:]):  # (its turn, not the next)
            await self.move()
            made += 1
        await self.your_decision()
        mine = [e for e in self.session.log[n:] if e.seat == YOU]
        assert len(mine) == made and not self.session.finished, (
            f"the person's seat made {len(mine)} moves, {made} of them by keys: "
            f"{[(e.text, e.note) for e in mine[made:made + 3]]}")

    async def close_dialogs(self, base: int) -> None:
        while len(self.app.screen_stack) > base:
            await self.pilot.press("escape")
            await self.pilot.pause(0.05)


def played(table: str, seed: int, stop) -> Session:
    """A game of ann and bob played by the engine's legal moves (seeded), until ``stop(session)`` or its end."""
    game, settings = settings_of(table, seed)
    s = Session.new(settings, autosave=False, game=game)
    rng = random.Random(seed)
    while not s.finished and not stop(s):
        s.apply(rng.choice(game.legal_actions(s.state)), by=EVERY_SEAT)
    return s


def timed_copy(table: str, seed: int, actions, folder: Path) -> Session:
    """A game with the opponent's seat, its ``actions`` played as a timed game would have recorded
    them (each move with its seconds), autosaved in ``folder``."""
    game, settings = settings_of(table, seed)
    s = Session.new(settings, folder, game=game, seats=SEATS)
    s.start_clock()
    for a in actions:
        s.apply(a, by=EVERY_SEAT)
    return s


@asynccontextmanager
async def at_home(table: str, folder: Path, session: Session | None = None, seed: int = 5):
    """The app at home, on a new game with the opponent (or ``session``)."""
    if session is None:
        game, settings = settings_of(table, seed)
        session = Session.new(settings, folder, game=game, seats=SEATS)
    app = TiletumApp(session=session, save_dir=folder)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        at = At(table, "home", app, pilot, session, folder)
        await at.until(lambda: len(app.screen_stack) > 1 or type(app.screen).__name__ != "TitleScreen", "the game")
        at.base = len(app.screen_stack)
        yield at
    session.close()


@asynccontextmanager
async def hosted(table: str, folder: Path, gid: str | None = None, host=None):
    """``tiletum join`` as ann, at a host in this event loop: a new table of ann and the opponent
    (or the host folder's game ``gid``), opened from the lobby by Enter."""
    async with (running_host(folder) if host is None else _same(host)) as host:
        app = JoinApp(HostLink(path=str(HostFolder(folder).socket), name=NAMES[0]))
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            at = At(table, "hosted", app, pilot, None, folder, host)  # type: ignore[arg-type]
            await at.until(lambda: app.lobby is not None, "the lobby")
            if gid is None:
                name, modules = GAMES[table]
                before = set(host.games)
                app.link.send(P.NewTable(name, people(NAMES[0], opponents=(LEVEL,)), modules))
                await at.until(lambda: set(host.games) - before, "the new table")
                (gid,) = set(host.games) - before
            await at.until(lambda: any(g.id == gid for g in app.lobby.games), "the game in the lobby")
            await at.open_from_lobby(gid)
            yield at


@asynccontextmanager
async def _same(host):
    yield host


async def _open_from_lobby(self: At, gid: str) -> None:
    """Enter on the game's line in the lobby (her games first: the only one, or the one highlighted)."""
    self.gid = gid
    self.session = self.host.games[gid].session
    await self.pilot.press("enter")
    await self.until(lambda: gid in self.app.games.models, "the game opened")
    await self.settled()
    self.base = len(self.app.screen_stack)


At.open_from_lobby = _open_from_lobby  # type: ignore[attr-defined]


@asynccontextmanager
async def at_table(place: str, table: str, folder: Path, seed: int = 5):
    if place == "home":
        async with at_home(table, folder, seed=seed) as at:
            yield at
    else:
        async with hosted(table, folder) as at:
            yield at


__all__ = ["At", "GAMES", "PLACES", "THEM", "YOU", "at_home", "at_table", "flat", "hosted", "last_turn", "played", "words",
           "screen_text", "settings_of", "timed_copy", "asyncio"]
