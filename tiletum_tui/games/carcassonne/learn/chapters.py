"""A Carcassonne lesson's parts: its chapters and steps, as data (``script``: the base game's; a module
brings chapters of its own, ``learn.parts.LearnPart``). A chapter is a prepared position
(``engine.positions.stacked``) with the modules it is played with."""

from __future__ import annotations

from dataclasses import dataclass

KEY, MOVE, ROSA = "key", "move", "rosa"
LEARNER, OPPONENT = 0, 1
PLAYERS = (("Alex", "red"), ("Rosa", "blue"))


@dataclass(frozen=True)
class Step:
    text: str
    kind: str = KEY  # KEY: read, then space; MOVE: the learner's ``move``; ROSA: Rosa's ``move``, played for her
    move: str = ""  # notation (MOVE: without the seat, the learner's; ROSA: with hers, "2: no follower")
    teaches: tuple[str, ...] = ()  # concept ids (``checklist.CONCEPTS``)
    numbers: tuple[tuple[int, str], ...] = ()  # (a number in the text, the quantity it is: ``tutorial.quantity``)


@dataclass(frozen=True)
class Chapter:
    id: str
    title: str
    pile: tuple[str, ...]  # the face-down tiles, drawn in this order (the first at once)
    setup: tuple[str, ...] = ()  # moves played from the setup before the first step (both seats)
    modules: tuple[str, ...] = ()  # the modules its game is played with (``modules/``)
    start: int = 0  # index of its first step (filled in below)


def _k(text, teaches=(), numbers=()):
    return Step(text, KEY, teaches=tuple(teaches), numbers=tuple(numbers))


def _m(move, text, teaches=(), numbers=()):
    return Step(text, MOVE, move, tuple(teaches), tuple(numbers))


def _rosa(move):
    return Step("Rosa is playing her turn: her move is told below as it happens.", ROSA, move)


PAD = ("U", "V", "K", "J")  # more face-down tiles, so that a chapter's game does not end with its last step
