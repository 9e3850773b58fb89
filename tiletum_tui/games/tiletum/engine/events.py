"""What happened: the events an action causes, returned by ``apply`` and kept on ``State.events``.

The game log, the announcements, the undo barriers and the score breakdown are built from these,
so no screen has to work out what changed by comparing states. An event is frozen and public: it
never carries what a seat may not see (a face-down tile stays unnamed until it is turned up).

``reveals`` marks the events that turned up something unknown before (dice rolled, a tile
drawn, a token flipped, a pile shuffled): undo never goes back across one, "to prevent peeking".
"""

from __future__ import annotations

from typing import ClassVar, Union

import msgspec


class _Event(msgspec.Struct, frozen=True, tag_field="event", gc=False):
    reveals: ClassVar[bool] = False
    BARRIER: ClassVar[str] = ""  # how undo names the moment it cannot go back across

    @property
    def barrier(self) -> str:
        return self.BARRIER


class DiceRolled(_Event, tag="dice"):
    """Preparation: the dice drawn from the bag and rolled onto the wheel, as (value, colour)."""

    round: int
    dice: tuple[tuple[int, str], ...]
    reveals: ClassVar[bool] = True
    BARRIER: ClassVar[str] = "the dice were rolled"


class CorruptionRevealed(_Event, tag="corruption"):
    """A lap began: a Corruption token turned up and the King track markers moved down by it."""

    lap: int
    value: int
    moved: tuple[tuple[int, int, int], ...]  # (player, from space, to space) of every marker that moved
    reveals: ClassVar[bool] = True
    BARRIER: ClassVar[str] = "a Corruption token was revealed"


class TileDrawn(_Event, tag="drawn"):
    """A face-down tile was drawn from a pile (``pile``) to a place (``to``: "contract offer",
    "character offer", "wheel", "king track") and turned face up."""

    pile: str
    tile: str
    to: str
    reveals: ClassVar[bool] = True

    @property
    def barrier(self) -> str:
        return f"the {self.to.capitalize()} was refilled" if self.to.endswith("offer") else "a Bonus tile was drawn"


class PileShuffled(_Event, tag="shuffled"):
    """Tiles went back into a face-down pile and it was shuffled (a Refresh of the Character offer)."""

    pile: str
    tiles: tuple[str, ...]
    reveals: ClassVar[bool] = True
    BARRIER: ClassVar[str] = "the Character pile was shuffled"


class TileDiscarded(_Event, tag="discarded"):
    """A tile left the game (a used Helper, a discarded King track tile)."""

    tile: str
    why: str


class Scored(_Event, tag="scored"):
    """VP gained or lost (``vp`` is what really changed: the score never drops below 0)."""

    player: int
    vp: int
    category: str
    why: str


class PhaseBegan(_Event, tag="phase"):
    """A new phase or lap: ``phase`` is "action", "king", "fair", "cleanup" or "final"."""

    round: int
    phase: str
    lap: int = 0


class TurnBegan(_Event, tag="turn"):
    player: int
    round: int
    lap: int


class FairHeld(_Event, tag="fair"):
    """A Fair was scored: where, its tile, VP per time the condition is met, and who took part."""

    round: int
    town: str
    tile: str
    per: int
    board_vp: int
    tile_vp: int
    participants: tuple[int, ...]


class Noted(_Event, tag="noted"):
    """What a module gave a player that no other event tells (Silver from the Mines), in words, for the
    announcements and the log."""

    player: int
    text: str


class GameOver(_Event, tag="over"):
    """Final scoring is done: players from first to last place (ties by turn order), the winner."""

    standings: tuple[int, ...]
    winner: int


Event = Union[
    DiceRolled, CorruptionRevealed, TileDrawn, PileShuffled, TileDiscarded, Scored, PhaseBegan, TurnBegan,
    FairHeld, Noted, GameOver,
]


def barriers(events) -> list[str]:
    """What the events revealed, in words, for undo's refusal ("the dice were rolled")."""
    return list(dict.fromkeys(e.barrier for e in events if e.reveals))
