"""The game screen's keyboard: every key in the order typed, keys typed ahead of the screen, and
finding a Town by typing its first letters. A part of ``GameScreen`` (a mixin of plain methods:
its message handlers stay on the screen itself, where Textual looks for them)."""

from __future__ import annotations

from textual import events

from .. import keymap
from .. import text as T
from ..widgets.decision import DecisionPanel
from ..widgets.map_view import MapView


class GameInput:
    """Keys of the game screen (``self`` is the GameScreen)."""

    def _play_ahead(self) -> None:
        """Play the next key typed ahead, once the decision it was meant for is on screen."""
        if not self._ahead:
            return
        if self.app.screen is not self:
            keys, self._ahead = self._ahead, []
            if self._busy:  # a yes/no question came up: the keys typed ahead answer it
                for key, char in keys:
                    self.app.post_message(events.Key(key, char))
            return
        if self.query_one(DecisionPanel).waiting:
            return  # refresh_game calls again
        key, char = self._ahead.pop(0)
        event = events.Key(key, char)
        self._replaying.add(event)
        self.app.post_message(event)
        if self._ahead:
            self.set_timer(0.02, self._play_ahead)

    async def on_key(self, event: events.Key) -> None:
        """Every key of the game screen, in the order it was typed.

        Keys are handled here rather than left to the bindings (which Textual runs after a key has
        bubbled up to the app): a letter that finds a Town and a number that picks a line must be
        taken in the order typed. A key typed while a choice is being applied waits for the next
        decision. Letters find a line by a Town's name when the panel takes names (after '/', or in
        a map choice the numbers cannot reach); every other key runs its binding."""
        panel = self.query_one(DecisionPanel)
        replayed = event in self._replaying
        self._replaying.discard(event)
        event.stop()
        event.prevent_default()
        if panel.waiting or self._busy or (self._ahead and not replayed):
            entry = (event.key, event.character)
            self._ahead.insert(0, entry) if replayed else self._ahead.append(entry)
            return
        if panel.pending is not None and not event.key.isdigit():
            if event.key == "enter":  # after a first digit that may begin a longer number: that line
                panel.choose_highlighted()
                return
            if event.key != "escape":
                panel.cancel_pending()  # (another key: the digit waits no more; Esc says it too)
        if self._find_key(event, panel):
            self.update_keys()
            return
        active = self.active_bindings.get(event.key)
        if active is not None and active.enabled:
            await self.app.run_action(active.binding.action, active.node)

    def _find_key(self, event: events.Key, panel: DecisionPanel) -> bool:
        """Typing a Town's name: '/' then letters. The first line whose Town fits is highlighted
        (Enter chooses it); a Town that is no choice here gets the map cursor (i: its details).
        With more than nine Towns to choose from, letters find without '/'. True if the key was used."""
        finding = bool(panel.typed or panel.finding)
        find_keys = keymap.keys_of("find", "slash", getattr(self.app, "user_keys", {})).split(",")
        if event.key in find_keys and not finding:
            self.action_find()
            return True
        if event.key == "backspace" and finding:
            panel.unfind()
            if panel.typed and not panel.found and not self._find_town(panel, ""):
                self.app.bell()
            return True
        if event.key == "enter" and panel.typed:
            if panel.found:
                panel.choose_highlighted()
            else:
                panel.back()  # only a Town of the map: stop finding, the cursor stays there
            return True
        letter = bool(event.character) and len(event.character) == 1 and event.character.isalpha() and event.key.isalpha()
        if not letter or not (finding or panel.types_names):
            return False
        details = keymap.keys_of("details", "i", getattr(self.app, "user_keys", {})).split(",")
        if event.key in details and panel.typed and not panel.found and len(self._towns(panel.typed)) == 1:
            self.action_details()  # the letters name one Town of the map: i is what the prompt says, not a letter
            return True
        if panel.find(event.character):
            return True
        if self._find_town(panel, event.character):
            return True
        # The letter fits no Town. In Find mode 'i' is its details (the prompt offers it); in a list of
        # Towns a letter never opens a view (the player is typing a name: issue 24 item 6), though
        # the other keys (e Skip, u, ?) still work.
        if event.key in details:
            self.action_details()
            return True
        if finding or any(event.key in v.keys.split(",") for v in self.views):
            self.app.bell()
            self.notify(f"No Town's name starts with '{(panel.typed + event.character).capitalize()}'.",
                        severity="warning", timeout=3)
            return True
        return False

    def _find_town(self, panel: DecisionPanel, letter: str) -> bool:
        """No line fits what was typed: find the Town on the map (to look at it). False if none fits."""
        found = self._towns(panel.typed + letter)
        if not found:
            return False
        if self.current_view != "map":
            self.action_view("map")
        self.query_one(MapView).set_cursor(found[0].id)
        panel.typed_elsewhere(letter, found[0].name)
        return True

    def _towns(self, typed: str) -> list:
        """The map's Towns whose names start with ``typed``."""
        typed = typed.casefold()
        return [s for s in T.words(self.model.state).cat.map.spaces
                if s.kind == "town" and s.name.casefold().startswith(typed)]

    def action_find(self) -> None:
        """'/': find a Town by its first letters (its line here, else on the map)."""
        self.query_one(DecisionPanel).start_finding()
        self.update_keys()
