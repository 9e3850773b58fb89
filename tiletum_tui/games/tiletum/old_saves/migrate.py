"""Reading older save formats: each old version is decoded strictly, then converted to the next.

Version 1 (the first release's autosaves) differed from version 2 in these ways:

- the version field was ``save_version`` and there was no ``format`` field;
- players, seed and the Action tiles variant lay at the top level, not in ``settings``;
- the actions were called ``moves``; the save's name was ``title``;
- only one date, ``saved_at``; no game id, no phase, no action count;
- no digest: a version-1 game is replayed and its digest computed on loading, not checked.

Version 2 differed from version 3 in these ways:

- no ``game`` field (every save was a Tiletum save);
- ``settings.action_tiles: true`` where version 3 lists the modules (``"modules": ["action-tiles"]``)
  and names the rules version (``"rules": 1``: every version-2 game was played under rules 1);
- actions had no seat (``die 3B``); version 3 writes who took each (``1: die 3B``). The seats are
  found by replaying the game: each action was taken by the player deciding at that point;
- the digest was of the engine's state as it was then laid out; ``legacy.v2_digest`` rebuilds it,
  so a version-2 save is checked as strictly as a new one.

The file on disk is never rewritten: a migrated game is saved in the current format only when it
is next saved (its autosave goes to a new file).
"""

from __future__ import annotations

import hashlib
from datetime import datetime
from typing import Literal

import msgspec

from tiletum_tui.shell.saves.errors import ReplayError
from tiletum_tui.shell.saves.format import CURRENT_VERSION, FORMAT_NAME, SaveFile, SaveMeta
from ..engine import PlayerSetup, Settings, TiletumError, apply_in_place, current_player, digest, new_game, notation, parse
from .legacy import v2_digest


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


class SettingsV2(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    players: tuple[PlayerV1, ...]
    seed: int
    action_tiles: bool = False


class SaveV2(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    format: Literal["tiletum-save"] = FORMAT_NAME
    version: Literal[2] = 2
    meta: SaveMeta
    settings: SettingsV2
    seed: int
    digest: str
    actions: list[str]


def v1_to_v2(data: bytes, path) -> SaveV2:
    """Decode a version-1 file strictly (raises msgspec.DecodeError) and convert it. Its digest is ""."""
    old = msgspec.json.decode(data, type=SaveV1)
    settings = SettingsV2(players=tuple(old.players), seed=old.seed, action_tiles=old.action_tiles)
    game_id = "v1-" + hashlib.sha256(data).hexdigest()[:12]
    meta = SaveMeta(
        game_id=game_id, name=old.title, autosave=False, players=[p.name for p in old.players],
        round=old.round, phase="over" if old.finished else "action", scores=list(old.scores),
        actions=len(old.moves), finished=old.finished, created=old.saved_at, saved=old.saved_at,
    )
    return SaveV2(meta=meta, settings=settings, seed=old.seed, digest="", actions=list(old.moves))


def read_v2(data: bytes, path) -> SaveV2:
    save = msgspec.json.decode(data, type=SaveV2)
    if not save.digest:
        raise ReplayError(path, "the save has no digest, so it cannot be checked (a version-2 save always has one): "
                                "it was edited")
    return save


def v2_to_v3(save: SaveV2, path) -> SaveFile:
    """Replay a version-2 game to learn who took each action; check its digest on the way."""
    settings = Settings(players=tuple(PlayerSetup(p.name, p.colour) for p in save.settings.players),
                        seed=save.settings.seed, modules=("action-tiles",) if save.settings.action_tiles else (),
                        rules=1)
    try:
        state = new_game(settings)
    except Exception as exc:  # the engine's ValueError, or anything odd in hand-edited settings
        raise ReplayError(path, f"the saved settings cannot start a game: {exc}") from None
    events = list(state.events)
    texts = []
    total = len(save.actions)
    for i, text in enumerate(save.actions):
        where = f"action {i + 1} of {total} ('{text[:60]}')"
        seat = current_player(state)
        try:
            action = parse(text, seat if seat is not None else 0)
            events += apply_in_place(state, action)
        except TiletumError as exc:
            raise ReplayError(path, f"{where} is not allowed at that point of the game: {exc}", i, text) from None
        texts.append(notation(action))
    if save.digest and v2_digest(state, events, total) != save.digest:
        raise ReplayError(path, "the replayed game does not match the saved one (its digest differs): the file was "
                                "edited, or written by a different version of the rules")
    return SaveFile(version=CURRENT_VERSION, meta=save.meta, settings=msgspec.Raw(msgspec.json.encode(settings)),
                    seed=save.seed, digest=digest(state), actions=texts)


def listing_only(data: bytes, version: int, path) -> SaveFile:
    """An older save as the load screen lists it: its metadata and settings, without replaying its
    game (so its actions stay as written and its digest is not checked)."""
    v2 = v1_to_v2(data, path) if version == 1 else msgspec.json.decode(data, type=SaveV2)
    settings = Settings(players=tuple(PlayerSetup(p.name, p.colour) for p in v2.settings.players),
                        seed=v2.settings.seed, modules=("action-tiles",) if v2.settings.action_tiles else (), rules=1)
    return SaveFile(version=CURRENT_VERSION, meta=v2.meta, settings=msgspec.Raw(msgspec.json.encode(settings)),
                    seed=v2.seed, digest=v2.digest, actions=list(v2.actions))


# version -> reader giving the next version's save (each step continues from the Struct before it)
READABLE_VERSIONS = (1, 2, CURRENT_VERSION)


def upgrade(data: bytes, version: int, path) -> SaveFile:
    """Read bytes of an older ``version`` as a current SaveFile. Raises msgspec.DecodeError (the
    bytes are not a valid save of that version) or ReplayError (its game does not replay)."""
    if version == 1:
        v2 = v1_to_v2(data, path)
    elif version == 2:
        v2 = read_v2(data, path)
    else:
        raise AssertionError(version)
    return v2_to_v3(v2, path)
