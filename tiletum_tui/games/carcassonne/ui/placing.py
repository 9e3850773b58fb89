"""The Carcassonne screen's keys that play: the arrows to the places where the drawn tile fits (or,
with Shift, one cell anywhere, saying why not), ``r`` to turn it, Enter to place it, then the
follower's line (arrows, 0-9, Enter) and ``u`` to take the seat's own move back. A move or an undo
goes through the screen's model as the seat at the keys (``acting_seat``), as Tiletum's screen does
(``shell.ui.model.GameModel``: at home its Table, on the host the host's, in a lesson the lesson's
session at its Table); the screen redraws when the model says the game changed, never here. A
refusal (the rules', the Table's, the lesson's) is said on the message line and changes nothing.

A base of ``CarcassonneScreen``, whose state, cursor, rotation, follower choice and message these
keys change."""

from __future__ import annotations

from ..engine import CarcassonneError, parse
from ..engine.land import why_not
from ..engine.tiles import alike

DIRS = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}


class Placing:
    def action_jump(self, key: str) -> None:
        state = self.state
        if state.phase == "follower":
            if key in ("up", "down"):
                n = len(self._options(state))
                self.choice = (self.choice + (1 if key == "down" else -1)) % n
                self.message = ""
                self.refresh_all()
            return
        places = self._places(state)
        dx, dy = DIRS[key]
        x0, y0 = self.cursor
        ahead = [c for c in places if (c[0] - x0) * dx + (c[1] - y0) * dy > 0]
        if not ahead:
            self.message = "No place further that way where the tile fits (Shift+arrow steps anywhere)."
        else:
            def cost(c):
                along = (c[0] - x0) * dx + (c[1] - y0) * dy
                across = abs((c[0] - x0) * dy) + abs((c[1] - y0) * dx)
                return (along + 2 * across, across)
            self._move_to(min(ahead, key=cost), places)
        self.refresh_all()

    def action_step(self, key: str) -> None:
        if self.state.phase != "place":
            return
        dx, dy = DIRS[key]
        self._move_to((self.cursor[0] + dx, self.cursor[1] + dy), self._places(self.state))
        self.refresh_all()

    def _move_to(self, cell, places) -> None:
        self.cursor = cell
        fitting = places.get(cell)
        if fitting:
            if self.rotation not in fitting:
                self.rotation = fitting[0]
            self.message = ""
        else:
            self.message = self._why(self.state)

    def _why(self, state) -> str:
        x, y = self.cursor
        why = why_not(state, state.drawn, x, y, self.rotation)
        return f"Not here: {why}." if why else ""

    def _opponent_decides(self) -> bool:
        """Keys that play wait while an opponent decides (the line says so)."""
        if self.opponents.busy:
            self.message = self.opponents.refusal()
            self.refresh_all()
            return True
        return False

    def action_places(self, key: str) -> None:
        self.action_jump(key)

    def action_choose(self, key: str) -> None:
        self.action_jump(key)

    def action_deploy(self) -> None:
        self.action_confirm()

    def action_rotate(self) -> None:
        state = self.state
        if state.phase == "over":
            self.action_replay()
            return
        if state.phase != "place" or self._opponent_decides():
            return
        fitting = self._places(state).get(self.cursor)
        if fitting:
            i = fitting.index(self.rotation) if self.rotation in fitting else -1
            self.rotation = fitting[(i + 1) % len(fitting)]
            self.message = "" if len(fitting) > 1 else "It fits here only so."
        else:  # the next turn that looks different (``alike``: a straight road has two)
            self.rotation = next(r for r in ((self.rotation + k) % 4 for k in range(1, 5))
                                 if alike(state.drawn, r) == r)
            self.message = self._why(state)
        self.refresh_all()

    def action_pick(self, n: int) -> None:
        state = self.state
        if state.phase == "follower" and n < len(self._options(state)):
            self.choice = n
            self.action_confirm()

    def action_confirm(self) -> None:
        state = self.state
        if state.phase == "over" or self._opponent_decides():
            return
        if state.phase == "place":
            x, y = self.cursor
            text = f"place {state.drawn} at {x},{y}" + (f" r{self.rotation}" if self.rotation else "")
        else:
            seg, label, why = self._options(state)[self.choice]
            if why:
                self.message = f"Not the {label.split(' ', 1)[1]}: {why}."
                self.refresh_all()
                return
            text = "no follower" if seg is None else label
        self.message = ""
        try:
            seat = self.acting_seat()
            self.model.apply(parse(text, seat), by=seat)  # (the model's change redraws: ``game_changed``)
        except CarcassonneError as exc:
            self.message = f"Refused: {exc}."
        except Exception as exc:  # the session's own refusals (not your move, a read-only game, the lesson's)
            self.message = str(exc)
        self.report_autosave()
        if self.message:  # (a refusal is no change of the game: said here)
            self.refresh_all()

    def action_undo(self) -> None:
        if self._opponent_decides():
            return
        seat = self.acting_seat()  # the person deciding takes back their own tile
        reason = self.model.can_undo(by=seat)
        if reason:
            self.message = f"Undo: {reason}."
        else:
            self._placing_for = None
            self.message = "Undone."
            self.model.undo(by=seat)  # (the model's change redraws: ``game_changed``)
            self.report_autosave()  # undo autosaves too
            return
        self.refresh_all()
