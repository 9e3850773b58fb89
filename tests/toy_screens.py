"""The toy game's screens (issue 38: "a toy third game in the tests registers itself and plays a whole game
on screen and through the host"): one screen showing the pile, whose turn it is and the scores; ``1`` and
``2`` take counters, ``e`` ends the turn. At home it plays a session (every seat at this keyboard); over
``tiletum host`` the same screen plays one seat through the client's model (``RemoteModel``)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

from .toy_game import End, Take


class ToyScreen(Screen):
    BINDINGS = [Binding("1", "take(1)", "take 1"), Binding("2", "take(2)", "take 2"), Binding("e", "end", "end turn")]

    def __init__(self, *, session=None, model=None) -> None:
        super().__init__()
        self.session, self.model = session, model
        self.said = ""

    @property
    def state(self):
        return self.session.view() if self.session is not None else self.model.view

    @property
    def seat(self) -> int | None:
        """Who plays from this keyboard now: at home the player in turn, over the host this seat."""
        return self.state.seat if self.session is not None else self.model.seat

    def compose(self) -> ComposeResult:
        yield Static(id="toy")

    def on_mount(self) -> None:
        if self.model is not None:
            self.model.listen(self._heard)  # a refusal (``GameModel.Refused``)
            self.watch(self.model, "change", lambda _change: self.draw(), init=False)  # a change, whoever made it
        self.draw()

    def _heard(self, message) -> None:
        self.said = getattr(message, "why", "") or ""
        self.draw()

    def draw(self) -> None:
        s = self.state
        names = s.settings.names
        scores = ", ".join(f"{n} {v}" for n, v in zip(names, s.scores))
        if s.pile == 0:
            line = f"Game over: {' and '.join(n for n, v in zip(names, s.scores) if v)} took the last counter."
        else:
            line = f"{s.pile} counters left; {names[s.seat]} takes (taken this turn: {s.taken})."
        self.query_one("#toy", Static).update(f"Counters\n{line}\nScores: {scores}\n{self.said}")

    def _play(self, action) -> None:
        try:
            if self.session is not None:
                self.session.apply(action, by=self.seat)
            else:
                self.model.apply(action, by=self.seat)  # (the host's answer redraws: ``_heard``)
            self.said = ""
        except ValueError as exc:  # the rules' refusal, or the session's: said, nothing changes
            self.said = str(exc)
        self.draw()

    def action_take(self, n: int) -> None:
        self._play(Take(self.seat, n))

    def action_end(self) -> None:
        self._play(End(self.seat))


class ToyScreens:
    name = "toy"
    title = "Counters"
    art = "COUNTERS"
    tagline = "take one or two counters; whoever takes the last scores"

    def game(self, session):
        return ToyScreen(session=session)

    def remote_game(self, model):
        return ToyScreen(model=model)

    def new_game(self):
        raise NotImplementedError  # (the tests start it from its settings)

    def replay(self, session, **kw):
        raise NotImplementedError

    def learn(self, app) -> None:
        app.notify("Counters has no lessons.")

    def rules(self, app) -> None:
        app.notify("Take one or two counters; whoever takes the last scores.")


TOY_SCREENS = ToyScreens()
