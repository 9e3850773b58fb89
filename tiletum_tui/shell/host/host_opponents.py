"""The host's computer opponents: each hosted game with an opponent seat has one opponents' process
(``HostedGame.opponents``); the host asks it for the seat whose decision it is, reads its answers as
they come (its moves, and the hints of ``hints.HintDesk``), plays each move as that seat after the
table's pace, and starts a process that died again. A part of ``server.Host``."""

from __future__ import annotations

import asyncio

from .hosted import HostedGame


class HostOpponents:
    """``server.Host``'s opponents (it gives ``pace``, ``hints``, ``_apply`` and ``_spawn``)."""

    def _opponents(self, g: HostedGame) -> None:
        seat = g.opponent_to_ask()
        if seat is None:
            return
        g.ask_opponent(seat)
        self.watch(g)

    def watch(self, g: HostedGame) -> None:
        """Read the answers of the game's opponents' process (its moves, and hints) as they come."""
        if not getattr(g, "_reading", False):
            asyncio.get_running_loop().add_reader(g.opponents.fileno(), self._answer, g)
            g._reading = True

    def _stop_reading(self, g: HostedGame) -> None:
        if getattr(g, "_reading", False) and g.opponents is not None:
            try:
                asyncio.get_running_loop().remove_reader(g.opponents.fileno())
            except (RuntimeError, ValueError, OSError):
                pass
            g._reading = False

    def _answer(self, g: HostedGame) -> None:
        while g.opponents is not None and g.opponents.ready():
            try:
                answer = g.opponents.receive()
            except (EOFError, OSError):  # the process died: start it again and ask again
                self._stop_reading(g)
                g.opponents.close()
                g.opponents, g.asked = None, None
                self.hints.lost(g)
                self._opponents(g)
                return
            if answer.hint:
                self.hints.answered(g, answer)
                continue
            if g.asked is None or answer.request != g.asked[0] or not answer.action:
                continue
            self._spawn(self._play(g, answer))

    async def _play(self, g: HostedGame, answer) -> None:
        if self.pace:
            await asyncio.sleep(self.pace)
        seat = answer.seat
        if g.session.current_player != seat or g.asked is None or g.asked[0] != answer.request:
            return
        g.asked = (answer.request, seat, -1)  # answered: the next decision is asked anew
        ok = await self._apply(None, g, lambda: g.session.apply(answer.action, by=seat))
        if not ok:
            g.asked = None
            if not g.paused:  # (a paused game's opponent is asked again when it goes on: ``pauses``)
                self._opponents(g)
