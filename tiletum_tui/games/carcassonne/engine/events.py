"""What happened, as the engine reports it (``State.events`` after each action)."""

from __future__ import annotations

import msgspec


class TileDrawn(msgspec.Struct, frozen=True, tag=True):
    seat: int
    design: str


class TileDiscarded(msgspec.Struct, frozen=True, tag=True):
    """A drawn tile with no legal placement goes into the box (and another is drawn)."""

    design: str


class TilePlaced(msgspec.Struct, frozen=True, tag=True):
    seat: int
    design: str
    x: int
    y: int
    rotation: int


class FollowerDeployed(msgspec.Struct, frozen=True, tag=True):
    seat: int
    role: str
    segment: str


class Scored(msgspec.Struct, frozen=True, tag=True):
    seat: int
    points: int
    category: str  # road, city, cloister, farm (the final scoring: unfinished road, ...)
    why: str
    # the final scoring's: the feature's nodes (a farm's: the city's and its supplying farms'), for the
    # screen to show it on the land (issue 40); () for a score during the game and in older saves
    nodes: tuple[int, ...] = ()


class FeatureCompleted(msgspec.Struct, frozen=True, tag=True):
    kind: str
    tiles: int
    winners: tuple[int, ...]  # seats who scored it (none when nobody stood on it)


class FollowerReturned(msgspec.Struct, frozen=True, tag=True):
    seat: int
    role: str


class GameEnded(msgspec.Struct, frozen=True, tag=True):
    winners: tuple[int, ...]
