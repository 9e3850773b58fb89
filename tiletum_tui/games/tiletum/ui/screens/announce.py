"""What the game screen announces when a phase was scored (the King phase, a Fair, final scoring),
read from the events of the action that scored it. A part of ``GameScreen``."""

from __future__ import annotations

from ...engine.categories import KING
from ...engine.events import FairHeld, GameOver, Noted, PhaseBegan, Scored
from .. import text as T


class Announcing:
    """The phase announcements (``self`` is the GameScreen)."""

    def _king_tile_first(self, events) -> bool:
        """The King phase began but waits for the highest player's Bonus tile choice, and nothing was
        scored yet: the announcement comes once it is scored (after that choice)."""
        top = self.model.state.stack[-1] if self.model.state.stack else None
        return type(top).__name__ == "KingTileFrame" and not any(isinstance(e, (Scored, FairHeld, GameOver)) for e in events)

    @staticmethod
    def _announce(events) -> bool:
        """A phase was scored: the King phase, a Fair or final scoring (the events say so)."""
        return any(isinstance(e, (FairHeld, GameOver)) or (isinstance(e, PhaseBegan) and e.phase == "king")
                   for e in events)

    def _announcement(self, entry) -> tuple[str, list, list[str]]:
        """Title, scoring events and notes of the announcement, all read from the events."""
        w = T.words(self.model.state)
        events = entry.events
        scored = [e for e in events if isinstance(e, Scored)]
        parts, notes, rnd, noted = [], [], None, {}
        if any(e.category == KING.key for e in scored) and not any(isinstance(e, PhaseBegan) and e.phase == "king"
                                                                  for e in events):
            parts.append("King phase")  # announced after the highest player's Bonus tile choice
        for e in events:
            if isinstance(e, PhaseBegan) and e.phase == "king":
                parts.append("King phase")
                rnd = e.round
            elif isinstance(e, FairHeld):
                rnd = rnd or e.round
                parts.append(f"Fair in {w.space_name(e.town)}")
                tile = w.cat.fair_tiles[e.tile]
                notes.append(f"Fair in {w.space_name(e.town)}: {e.per} {tile.text} ({e.board_vp} from the Fair "
                             f"board, {e.tile_vp} from the tile). A House or your Merchant there lets you take part.")
                if not e.participants:
                    notes.append("Nobody took part in this Fair.")
            elif isinstance(e, GameOver):
                parts.append("final scoring")
            elif isinstance(e, Noted):  # what a module gave (Silver from the Mines), one line a player
                noted.setdefault(e.player, []).append(e.text)
        players = self.model.state.players
        notes += [f"{players[p].name}: {'; '.join(texts)}" for p, texts in noted.items()]
        rnd = rnd or self.model.state.round
        return f"Round {rnd}: " + ", ".join(parts or ["scoring"]), scored, notes
