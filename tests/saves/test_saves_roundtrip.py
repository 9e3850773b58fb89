"""Save then load gives exactly the saved game (issue 4).

Issue 4, "Tests": "Save then load at every action of many seeded random games gives the identical
state and the identical continuation." Issue 4, "Save files": "Loading replays the actions from the
seed and checks the digest, so a loaded game is exactly the game that was saved, future dice rolls
included."
"""

from __future__ import annotations

import random

import msgspec
import pytest

from tiletum_tui.games.tiletum.engine import digest, legal_actions, notation, notation_of_move
from tiletum_tui.shell.saves import format as fmt
from tiletum_tui.shell.saves import listing, store
from tiletum_tui.shell.saves.errors import SaveWriteError
from tiletum_tui.shell.session import EVERY_SEAT, Session

GAMES = [(2, 1), (2, 2), (2, 9), (3, 3), (3, 4), (3, 10), (4, 5), (4, 6), (4, 11)]


def _encoded(state) -> bytes:
    return msgspec.json.encode(state)


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_save_and_load_at_every_action(games, players, seed):
    texts = games.random_game(players, seed)
    session = Session.new(games.settings(players, seed), autosave=False)
    ends = {len(texts) // 3, len(texts) // 2, len(texts) - 5}  # where the whole rest is also played out
    final = None
    for i in range(len(texts) + 1):
        data = fmt.encode(session.to_save_file(name="t"))
        loaded = Session.load_bytes(data, f"<save at action {i}>")
        assert _encoded(loaded.state) == _encoded(session.state), f"state differs after loading at action {i}"
        assert loaded.notation_log == list(texts[:i])
        if i == len(texts):
            break
        # the identical continuation: the next action gives the same state (future dice included)
        loaded.apply(texts[i], by=EVERY_SEAT)
        session.apply(texts[i], by=EVERY_SEAT)
        assert loaded.digest() == session.digest(), f"continuation differs after loading at action {i}"
        if i in ends:
            games.play(loaded, texts[i + 1:])
            final = final or loaded
            assert loaded.state.phase == "over"
    assert session.state.phase == "over"
    assert _encoded(final.state) == _encoded(session.state)


@pytest.mark.parametrize(("players", "seed"), [(2, 7), (4, 8)])
def test_random_continuation_after_loading_from_disk(games, tmp_path, players, seed):
    """A loaded game continues exactly as the original would: the same legal actions, the same rolls."""
    texts = games.random_game(players, seed)
    session = Session.new(games.settings(players, seed), save_dir=tmp_path, autosave=False)
    games.play(session, texts[: len(texts) // 2])
    path = session.save("halfway")
    loaded = Session.load(path, autosave=False)
    a, b = random.Random(99), random.Random(99)
    while session.state.phase != "over":
        assert legal_actions(loaded.state) == legal_actions(session.state)
        session.apply(a.choice(legal_actions(session.state)), by=EVERY_SEAT)
        loaded.apply(b.choice(legal_actions(loaded.state)), by=EVERY_SEAT)
        assert loaded.digest() == session.digest()
    assert loaded.state.phase == "over"


def test_the_file_is_readable_json_with_version_settings_seed_actions_digest_and_metadata(games, tmp_path):
    """Issue 4, "Save files": JSON a person can read, with a format version, the settings, the seed, the
    actions in the engine's notation, a digest of the resulting state and metadata for listing."""
    texts = games.random_game(3, 3)
    session = Session.new(games.settings(3, 3), save_dir=tmp_path, autosave=False)
    games.play(session, texts[:50])
    path = session.save("Friday night")
    raw = msgspec.json.decode(path.read_bytes())
    assert raw["format"] == "tiletum-save" and raw["version"] == fmt.CURRENT_VERSION
    assert raw["seed"] == 3 and raw["settings"]["seed"] == 3
    assert raw["actions"] == list(texts[:50])
    assert raw["digest"] == digest(session.state)
    meta = raw["meta"]
    assert meta["players"] == ["Agnes", "Bertram", "Clothilde"]
    assert meta["round"] == session.state.round and meta["phase"] == session.state.phase
    assert meta["scores"] == [p.vp for p in session.state.players]
    assert meta["actions"] == 50 and meta["finished"] is False and meta["name"] == "Friday night"
    assert meta["created"].endswith("Z") and meta["saved"].endswith("Z")
    lines = [line.strip() for line in path.read_text(encoding="utf-8").splitlines()]
    assert all(f'"{text}",' in lines or f'"{text}"' in lines for text in texts[:50])  # one action a line


def test_finished_game_is_marked_finished(games, tmp_path):
    texts = games.random_game(2, 1)
    session = Session.new(games.settings(2, 1), save_dir=tmp_path)
    games.play(session, texts)
    (info,) = listing.list_saves(tmp_path)
    assert info.finished and info.phase == "over" and info.autosave
    assert list(info.scores) == [p.vp for p in session.state.players]
    assert Session.latest_unfinished(tmp_path) is None


def test_version_1_file_loads_through_the_migration(games, tmp_path):
    """Issue 4, "Bad files": "Files from an older format version load through a migration step (keep a
    version-1 file as a test fixture)." The fixture's own round and scores match the replayed game."""
    fixture = games.fixtures / "v1-game.json"
    before = fixture.read_bytes()
    v1 = msgspec.json.decode(before)
    copy = tmp_path / "old-game.json"
    copy.write_bytes(before)
    session = Session.load(copy, save_dir=tmp_path)
    assert [notation_of_move(a) for a in session.actions] == v1["moves"]  # format 3 adds the seats
    assert session.state.round == v1["round"]
    assert [p.vp for p in session.state.players] == v1["scores"]
    assert [p.name for p in session.settings.players] == ["Agnes", "Bertram"]
    (info,) = listing.list_saves(tmp_path)
    assert info.version == 1 and info.name == "Agnes and Bertram, Friday" and info.players == ("Agnes", "Bertram")
    # playing on autosaves in the current format to a new file; the old file is never rewritten
    session.apply(legal_actions(session.state)[0], by=EVERY_SEAT)
    session.flush()
    assert copy.read_bytes() == before
    autosave = session.autosave_path
    assert autosave is not None and autosave != copy and store.is_autosave(autosave)
    again = Session.load(autosave, autosave=False)
    assert again.digest() == session.digest()
    assert store.read_save(autosave).version == fmt.CURRENT_VERSION
    assert fixture.read_bytes() == before


def test_notation_round_trips_for_every_saved_action(games):
    """The save stores actions in the notation; parse(notation(a)) == a is what makes that exact."""
    from tiletum_tui.games.tiletum.engine import parse

    for text in games.random_game(4, 5):
        assert notation(parse(text)) == text


def test_from_actions_and_save_as_for_headless_play(games, tmp_path):
    """`tiletum play ... --save FILE` (issue 4, "Screens and commands": the headless play "can start
    from a save and write one"): a session rebuilt from an action list writes exactly FILE."""
    texts = games.random_game(3, 4)[:70]
    session = Session.from_actions(games.settings(3, 4), texts)
    assert session.notation_log == list(texts)
    with pytest.raises(SaveWriteError, match="does not exist: saves never create folders"):
        session.save_as(tmp_path / "sub" / "out.json")  # issue 11: folders are not created silently
    assert not (tmp_path / "sub").exists()
    (tmp_path / "sub").mkdir()
    path = session.save_as(tmp_path / "sub" / "out.json")
    assert path == tmp_path / "sub" / "out.json"
    assert Session.load(path, autosave=False).digest() == session.digest()
    assert sorted(p.name for p in (tmp_path / "sub").iterdir()) == ["out.json"]
