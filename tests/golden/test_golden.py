"""The golden games: the engine plays exactly as it did before the engine-shape change (issue 8).

``games.json`` holds 15 seeded random games (2, 3 and 4 players, uniform and "eager" play, the
Action tiles variant) recorded by the engine as it stood before the change (``make_golden.py``):
at every step the player deciding, the count of legal options and a fingerprint of them (the way
chess engines check perft counts), every 20 steps the digest of the whole state as that engine
laid it out, and at the end the scores, ledgers, winner and turn order. ``saves/`` holds three
save files (format 2) written by that version. Issue 8: "the same seed and the same actions must
give the same game before and after".
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from tiletum_tui.games.tiletum.engine import (
    PlayerSetup, Settings, apply_in_place, current_player, legal_actions, new_game, notation_of_move, parse,
)
from tiletum_tui.shell.saves import listing
from tiletum_tui.games.tiletum.old_saves.legacy import v2_digest
from tiletum_tui.shell.session import Session

HERE = Path(__file__).parent
GAMES = json.loads((HERE / "games.json").read_text())
NAMES = ("Ann", "Bob", "Cid", "Dee")
COLOURS = ("red", "blue", "green", "yellow")


def _settings(game) -> Settings:
    players = tuple(PlayerSetup(NAMES[i], COLOURS[i]) for i in range(game["players"]))
    return Settings(players=players, seed=game["seed"], modules=("action-tiles",) if game["action_tiles"] else (),
                    rules=1)  # recorded under rules version 1


def _fingerprint(actions) -> str:
    texts = [notation_of_move(a) for a in actions]  # the old notation had no seats
    return hashlib.sha256("\n".join(sorted(texts)).encode()).hexdigest()[:10]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{g['players']}p-seed{g['seed']}-{g['policy']}"
                         + ("-tiles" if g["action_tiles"] else ""))
def test_golden_game_replays_exactly(game):
    """Every step: the same player decides, with the same legal options; every 20 steps and at the end
    the whole state is the same (its format-2 digest); the final scores, ledgers and winner agree."""
    state = new_game(_settings(game))
    events = list(state.events)
    digests = 0
    for k, step in enumerate(game["steps"]):
        text, who, count, fingerprint = step[:4]
        legal = legal_actions(state)
        assert current_player(state) == who, f"step {k}"
        assert len(legal) == count and _fingerprint(legal) == fingerprint, f"step {k}: legal options differ"
        if len(step) > 4:
            assert v2_digest(state, events, k) == step[4], f"step {k}: the state differs"
            digests += 1
        events += apply_in_place(state, parse(text, who))
    final = game["final"]
    assert state.phase == "over"
    assert [p.vp for p in state.players] == final["vp"]
    assert [p.ledger for p in state.players] == final["ledger"]
    assert state.winner == final["winner"] and list(state.turn_order) == final["turn_order"]
    assert v2_digest(state, events, len(game["steps"])) == final["digest"]
    assert digests >= len(game["steps"]) // 20


def test_the_golden_games_cover_the_game():
    """The golden set is a real test: thousands of steps, every player count, both policies, the variant."""
    assert sum(len(g["steps"]) for g in GAMES) > 3500
    assert {g["players"] for g in GAMES} == {2, 3, 4} and any(g["action_tiles"] for g in GAMES)


@pytest.mark.parametrize("name", ["v2-2p-unfinished", "v2-4p-finished", "v2-3p-action-tiles"])
def test_format_2_saves_written_by_the_old_version_open_and_keep_their_file(name, tmp_path):
    """Issue 8: "older saves migrate, tested with a file written by today's version". The file's own
    digest is checked (rebuilt from the replay), every action gains its seat, and the file is untouched."""
    original = HERE / "saves" / f"{name}.json"
    path = tmp_path / original.name
    path.write_bytes(original.read_bytes())
    doc = json.loads(original.read_text())
    session = Session.load(path, save_dir=tmp_path, autosave=False)
    assert len(session.log) == len(doc["actions"])
    assert [notation_of_move(parse(e.notation)) for e in session.log] == doc["actions"]
    assert all(e.notation.split(":")[0] == str(e.seat + 1) for e in session.log)
    assert [p.vp for p in session.state.players] == doc["meta"]["scores"]
    assert session.finished == doc["meta"]["finished"]
    assert path.read_bytes() == original.read_bytes()
    info = listing.save_info(path)
    assert info.version == 2 and info.problem is None


def test_a_format_2_save_with_a_changed_action_is_refused_by_its_digest(tmp_path):
    """The migrated save is checked as strictly as a new one: changing one action (to another legal one)
    is caught by the format-2 digest."""
    doc = json.loads((HERE / "saves" / "v2-2p-unfinished.json").read_text())
    state = new_game(Settings(players=tuple(PlayerSetup(p["name"], p["colour"]) for p in doc["settings"]["players"]),
                              seed=doc["seed"], rules=1))
    choice = None  # the last action that had another legal choice beside it
    for i, text in enumerate(doc["actions"]):
        action = parse(text, current_player(state))
        others = [a for a in legal_actions(state) if a != action and type(a).__name__ == "MovePiece"]
        if others:
            choice = (i, notation_of_move(others[0]))
        apply_in_place(state, action)
    assert choice is not None
    doc["actions"][choice[0]] = choice[1]
    doc["actions"] = doc["actions"][: choice[0] + 1]  # the game up to that changed move (still legal)
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(doc))
    from tiletum_tui.shell.saves.errors import ReplayError

    with pytest.raises(ReplayError, match="does not match the saved one"):
        Session.load(path, autosave=False)
