"""A game over opened on the host: replayed from its file, read-only, when somebody opens it.

The host keeps a game over as its lobby line only (``hosted.FinishedGame``); to show it (the final
table, the log) it replays the file, as ``tiletum load`` would, in a thread, with the digest checked,
opened read-only (nothing is ever written to it, no lock is taken). The last few games replayed are
kept, so the next watcher of the same game costs nothing; a connection may replay a few games at once,
then about one a second (``REPLAY_RATE``): a replay is tens of milliseconds of CPU, and a client
that opened games over as fast as it may send would keep the host busy.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict

from ..saves.errors import SaveFileError
from ..session import Session
from .hosted import FinishedGame

KEPT = 4  # games over kept replayed after they were opened (the last ones): about 1.3 MB each
REPLAY_RATE = (1.0, 5)  # per connection: games over replayed a second on average, bursts of


class Replays:
    """The games over replayed lately (or being replayed), by game id, the last opened last."""

    def __init__(self) -> None:
        self._kept: OrderedDict[str, asyncio.Future] = OrderedDict()

    def kept(self, game_id: str) -> bool:
        return game_id in self._kept

    def forget(self, game_id: str) -> None:
        """The game was archived or deleted: its replay is not kept."""
        self._kept.pop(game_id, None)

    def keep(self, game_id: str, session: Session) -> None:
        """A game that has just ended here: its session is the replay (no need to read the file)."""
        done = asyncio.get_running_loop().create_future()
        done.set_result(session)
        self._put(game_id, done)

    async def session(self, g: FinishedGame) -> Session:
        """The game's session, replayed from its file if it is not kept. Raises SaveFileError."""
        future = self._kept.get(g.id)
        if future is None:
            future = asyncio.ensure_future(asyncio.to_thread(replay, g))
        self._put(g.id, future)
        try:
            return await asyncio.shield(future)
        except Exception:
            if self._kept.get(g.id) is future:
                del self._kept[g.id]  # (a file mended meanwhile is read again at the next open)
            raise

    def _put(self, game_id: str, future: asyncio.Future) -> None:
        self._kept.pop(game_id, None)
        self._kept[game_id] = future
        while len(self._kept) > KEPT:
            self._kept.popitem(last=False)


def replay(g: FinishedGame) -> Session:
    """The game over in ``g``'s file, replayed and checked, read-only. Raises SaveFileError saying
    why not, the file untouched: a file that does not replay, or whose moves do not end the game
    its metadata calls over, or that is now another game's. A game ended with nobody left at it
    (``g.ended``, issue 44) is over though its moves never reached its end."""
    if g.path is None:
        raise SaveFileError("(no file)", "this game's autosave was never written")
    session = Session.load(g.path, autosave=False, open_as="read-only")
    if session.game_id != g.id:
        raise SaveFileError(g.path, "the file now holds another game")
    if not session.finished and not g.ended:
        raise SaveFileError(g.path, "the file says its game is over, but its moves do not end it (was it edited?)")
    return session
