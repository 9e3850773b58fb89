"""Every bad save file gives a clear message naming the file and the problem, and is left untouched.

Issue 4, "Bad files": "Truncated, empty, not JSON, wrong types, unknown fields, an unknown or newer
format version, an action that is illegal at its point, a digest that does not match: each gives a
clear message naming the file and the problem, the app keeps running, and the file is never
overwritten, moved or deleted."
Issue 4, "Tests": "The bad-files matrix above, each case with its expected message and the file
unchanged afterwards."
"""

from __future__ import annotations

import os

import msgspec
import pytest

from tiletum_tui.games.tiletum.engine import IllegalActionError, check, current_player, new_game, notation, parse
from tiletum_tui.games.tiletum.engine import apply_in_place
from tiletum_tui.shell.saves import listing
from tiletum_tui.shell.saves.errors import (
    CorruptSaveError, ReplayError, SaveFileError, UnsupportedVersionError,
)
from tiletum_tui.shell.session import Session

N = 40  # actions in the base save


@pytest.fixture
def base(games, tmp_path_factory):
    """A good save of a 2-player game after 40 actions, as bytes and as a decoded dict."""
    folder = tmp_path_factory.mktemp("base")
    session = Session.new(games.settings(2, 2), save_dir=folder, autosave=False)
    games.play(session, games.random_game(2, 2)[:N])
    data = session.save("base").read_bytes()
    return data, msgspec.json.decode(data)


def _illegal_replacement(games):
    """(index, text): a well-formed action that the rules refuse at that point of the base game."""
    texts = games.random_game(2, 2)[:N]
    state = new_game(games.settings(2, 2))
    for i, text in enumerate(texts):
        if i >= 10:
            seat = current_player(state)
            for candidate in ("end", "king", "done", "refresh", "skip", *texts):
                action = parse(candidate, seat)
                try:
                    check(state, action)
                except IllegalActionError:
                    return i, notation(action)
        apply_in_place(state, parse(text))
    raise AssertionError("no illegal action found")


def _edit(doc, change):
    doc = msgspec.json.decode(msgspec.json.encode(doc))  # a deep copy
    change(doc)
    return msgspec.json.encode(doc)


def _set(path, value):
    def change(doc):
        *parents, last = path
        for key in parents:
            doc = doc[key]
        doc[last] = value
    return change


def _delete(key, under=None):
    def change(doc):
        del (doc[under] if under else doc)[key]
    return change


def _cases(data, doc, games):
    """(id, bytes, error class, expected text in the message)."""
    index, illegal = _illegal_replacement(games)
    v1 = (games.fixtures / "v1-game.json").read_bytes()
    v1_doc = msgspec.json.decode(v1)
    return [
        ("empty", b"", CorruptSaveError, "the file is empty"),
        ("blank", b"  \n\n", CorruptSaveError, "the file holds only blank space"),
        ("truncated", data[: len(data) // 2], CorruptSaveError,
         "the file is cut short (incomplete JSON): it was not written completely"),
        ("truncated-by-one", data.rstrip()[:-1], CorruptSaveError, "the file is cut short"),
        ("not-json-text", b"Agnes won, 54 to 41\n", CorruptSaveError,
         "the file is not JSON, so it is not a Tiletum save (JSON is malformed"),
        ("not-json-binary", b"\x89PNG\r\n\x1a\n\x00\x00", CorruptSaveError, "the file is not JSON"),
        ("json-array", b"[1, 2, 3]", CorruptSaveError, "not a Tiletum save: expected a JSON object, found an array"),
        ("json-string", b'"save"', CorruptSaveError, "expected a JSON object, found a string"),
        ("no-version", _edit(doc, _delete("version")), UnsupportedVersionError,
         "no format version: this is not a Tiletum save file"),
        ("version-as-text", _edit(doc, _set(["version"], "3")), UnsupportedVersionError,
         'the format version must be a whole number, not "3"'),
        ("newer-version", _edit(doc, _set(["version"], 4)), UnsupportedVersionError,
         "written by a newer version of Tiletum (save format 4; this version reads formats 1 to 3): "
         "update Tiletum to load it"),
        ("unknown-version", _edit(doc, _set(["version"], 0)), UnsupportedVersionError,
         "unknown save format version 0 (known: 1, 2, 3)"),
        ("other-game", _edit(doc, _set(["game"], "agricola")), UnsupportedVersionError,
         "a save of the game 'agricola', which this program does not play (it plays tiletum, carcassonne)"),
        ("newer-rules", _edit(doc, _set(["settings", "rules"], 99)), UnsupportedVersionError,
         "played under rules version 99, which this version of Tiletum does not know"),
        ("unknown-module", _edit(doc, _set(["settings", "modules"], ["dragons"])), ReplayError,
         "the saved settings cannot start a game: unknown module dragons"),
        ("other-format", _edit(doc, _set(["format"], "chess-pgn")), UnsupportedVersionError,
         'not a Tiletum save: its format is "chess-pgn", not "tiletum-save"'),
        ("wrong-type-round", _edit(doc, _set(["meta", "round"], "two")), CorruptSaveError,
         "wrong data: Expected `int`, got `str` - at `$.meta.round`"),
        ("wrong-type-action", _edit(doc, _set(["actions", 3], 17)), CorruptSaveError,
         "wrong data: Expected `str`, got `int` - at `$.actions[3]`"),
        ("wrong-type-player", _edit(doc, _set(["settings", "players", 1], "Bertram")), CorruptSaveError,
         "wrong data: Expected `object`, got `str` - at `$.settings.players[1]`"),
        ("wrong-type-date", _edit(doc, _set(["meta", "saved"], "last Friday")), CorruptSaveError,
         "at `$.meta.saved`"),
        ("unknown-field", _edit(doc, _set(["cheats"], True)), CorruptSaveError,
         "unknown field `cheats` at `$` (this program does not know it)"),
        ("unknown-nested-field", _edit(doc, _set(["meta", "mood"], "tense")), CorruptSaveError,
         "unknown field `mood` at `$.meta`"),
        ("missing-field", _edit(doc, _delete("digest")), CorruptSaveError, "missing field `digest` at `$`"),
        ("seed-mismatch", _edit(doc, _set(["seed"], 3)), CorruptSaveError,
         "the seed 3 does not match the settings' seed 2"),
        ("bad-settings", _edit(doc, _set(["settings", "players"], doc["settings"]["players"][:1])), ReplayError,
         "the saved settings cannot start a game: Tiletum is for 2 to 4 players, not 1"),
        ("malformed-action", _edit(doc, _set(["actions", 5], "fly to the moon")), ReplayError,
         f"action 6 of {N} ('fly to the moon') is not an action: "),
        ("illegal-action", _edit(doc, _set(["actions", index], illegal)), ReplayError,
         f"action {index + 1} of {N} ('{illegal}') is not allowed at that point of the game: "),
        ("digest-mismatch", _edit(doc, _set(["digest"], "0123456789abcdef")), ReplayError,
         "the replayed game does not match the saved one (digest "),
        ("actions-dropped", _edit(doc, _set(["actions"], doc["actions"][:-1])), ReplayError,
         "the replayed game does not match the saved one"),
        ("v1-unknown-field", _edit(v1_doc, _set(["colour_scheme"], "dark")), CorruptSaveError,
         "unknown field `colour_scheme` at `$` (this program does not know it) (in a version-1 save)"),
        ("v1-wrong-type", _edit(v1_doc, _set(["moves"], "die 6B")), CorruptSaveError,
         "Expected `array`, got `str` - at `$.moves` (in a version-1 save)"),
    ]


def test_bad_files_matrix(games, tmp_path, base):
    data, doc = base
    cases = _cases(data, doc, games)
    for case, content, error, expected in cases:
        folder = tmp_path / case
        folder.mkdir()
        path = folder / f"{case}.json"
        path.write_bytes(content)
        before = os.stat(path)
        with pytest.raises(error) as caught:
            Session.load(path)
        message = str(caught.value)
        assert message.startswith(f"{path}: "), f"{case}: the message must name the file: {message}"
        assert expected in message, f"{case}: {message!r} lacks {expected!r}"
        assert caught.value.path == str(path) and caught.value.problem in message
        # never overwritten, moved or deleted; nothing written beside it (no autosave, no temp file)
        assert path.read_bytes() == content, case
        after = os.stat(path)
        assert (after.st_mtime_ns, after.st_ino, after.st_size) == (before.st_mtime_ns, before.st_ino, before.st_size)
        assert os.listdir(folder) == [path.name], case
        # the load screen still lists it (unreadable ones with their problem) and nothing crashes
        (info,) = listing.list_saves(folder)
        if error is not ReplayError:
            assert info.problem == caught.value.problem
        assert Session.latest_unfinished(folder) in (None, path)
    assert len(cases) >= 25


def test_replay_error_names_the_action(games, tmp_path, base):
    _, doc = base
    index, illegal = _illegal_replacement(games)
    path = tmp_path / "illegal.json"
    path.write_bytes(_edit(doc, _set(["actions", index], illegal)))
    with pytest.raises(ReplayError) as caught:
        Session.load(path)
    assert caught.value.index == index and caught.value.action == illegal


def test_missing_file_and_folder(tmp_path):
    with pytest.raises(SaveFileError, match="the file cannot be read: no such file or folder"):
        Session.load(tmp_path / "nowhere.json")
    with pytest.raises(SaveFileError, match="it is a folder, not a save file"):
        Session.load(tmp_path)


def test_a_good_base_file_loads(base, tmp_path):
    """The matrix's base file is good: every failure above comes from its one change."""
    data, _ = base
    path = tmp_path / "good.json"
    path.write_bytes(data)
    assert len(Session.load(path, autosave=False).log) == N
