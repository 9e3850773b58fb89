"""Reading older save formats: each old version is decoded strictly, then converted to the current one.

Version 1 (the first release's autosaves) differed from version 2 in these ways:

- the version field was ``save_version`` and there was no ``format`` field;
- players, seed and the Action tiles variant lay at the top level, not in ``settings``;
- the actions were called ``moves``; the save's name was ``title``;
- only one date, ``saved_at``; no game id, no phase, no action count;
- no digest: a version-1 game is replayed and its digest computed on loading, not checked.

The file on disk is never rewritten: a migrated game is saved in the current format only when it
is next saved (its autosave goes to a new file).
"""

from __future__ import annotations

import hashlib
from datetime import datetime
from typing import Literal

import msgspec

from ..engine.state import PlayerSetup, Settings
from .format import CURRENT_VERSION, SaveFile, SaveMeta


class PlayerV1(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    colour: str


class SaveV1(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    save_version: Literal[1]
    title: str = ""
    players: list[PlayerV1]
    seed: int
    action_tiles: bool = False
    moves: list[str]
    round: int
    scores: list[int]
    finished: bool = False
    saved_at: datetime


def v1_to_v2(data: bytes) -> SaveFile:
    """Decode a version-1 file strictly (raises msgspec.DecodeError) and convert it. Its digest is ""."""
    old = msgspec.json.decode(data, type=SaveV1)
    settings = Settings(
        players=tuple(PlayerSetup(name=p.name, colour=p.colour) for p in old.players),
        seed=old.seed,
        action_tiles=old.action_tiles,
    )
    game_id = "v1-" + hashlib.sha256(data).hexdigest()[:12]
    meta = SaveMeta(
        game_id=game_id, name=old.title, autosave=False, players=[p.name for p in old.players],
        round=old.round, phase="over" if old.finished else "action", scores=list(old.scores),
        actions=len(old.moves), finished=old.finished, created=old.saved_at, saved=old.saved_at,
    )
    return SaveFile(version=2, meta=meta, settings=settings, seed=old.seed, digest="", actions=list(old.moves))


# version -> reader giving the next version's SaveFile (there is one step so far)
_STEPS = {1: v1_to_v2}
READABLE_VERSIONS = (*sorted(_STEPS), CURRENT_VERSION)


def upgrade(data: bytes, version: int) -> SaveFile:
    """Read bytes of an older ``version`` as a current SaveFile (digest "" when the old format had none)."""
    save = _STEPS[version](data)
    assert save.version == CURRENT_VERSION  # a later step would continue from a Struct here
    return save
