"""Undo and redo within the current player's turn, never across a reveal (issue 4).

Issue 4, "Undo": "Undo and redo within the current player's turn, back to the last moment that
revealed something: never across a dice roll, a tile drawn or refilled, a Corruption token revealed,
or another player's action. Greyed out (with the reason) when not possible. Undo never
desynchronises the save file."
Issue 4, "Tests": "Undo barriers: undo is refused after each kind of reveal, allowed otherwise, and
redo restores the same state."
"""

from __future__ import annotations

import random

import msgspec
import pytest

from tiletum_tui.games.tiletum.engine import current_player, digest, legal_actions
from tiletum_tui.games.tiletum.engine.characters import Hire, Refresh
from tiletum_tui.shell.saves import listing, store
from tiletum_tui.shell.session import EVERY_SEAT, Session, UndoError

KINDS = {
    "the dice were rolled", "a Corruption token was revealed", "the Character offer was refilled",
    "the Contract offer was refilled", "a Bonus tile was drawn", "the Character pile was shuffled",
}
# A game of each player count: together they meet every kind of reveal (the Character pile's shuffle in
# the three- and four-player games), some 500 undoable actions and 70 other players' actions.
SEEDS = [(2, 1), (3, 3), (4, 5)]


def _file_digest(path) -> str:
    return Session.load(path, autosave=False).digest()


def _hidden(state) -> bytes:
    """What no player may see: it changes exactly when something is revealed (a draw, a roll, a token
    turned up, a pile shuffled). The test's own oracle, independent of the session's events."""
    return msgspec.json.encode(state.hidden)


def _in_step(session) -> bool:
    """The autosave holds exactly the session's actions and the digest of its state."""
    session.flush()
    save = store.read_save(session.autosave_path).save
    return save.actions == session.notation_log and save.digest == session.digest()


def test_undo_barriers_in_random_games(games, tmp_path):
    """After every action of several random games: a reveal refuses undo and names what was revealed;
    another player's action refuses undo; otherwise undo gives back the exact state before the
    action, the autosave follows, and redo gives back the exact state after it."""
    seen_kinds: set[str] = set()
    refused_other_player = allowed = 0
    for players, seed in SEEDS:
        folder = tmp_path / f"{players}-{seed}"
        folder.mkdir()  # saves never create a folder they were given (issue 11)
        session = Session.new(games.settings(players, seed), save_dir=folder)
        for text in games.random_game(players, seed):
            before = msgspec.json.encode(session.state)
            actor = session.current_player
            hidden = _hidden(session.state)
            round_, phase = session.state.round, session.state.phase
            session.apply(text, by=EVERY_SEAT)
            after = msgspec.json.encode(session.state)
            reason = session.can_undo(by=EVERY_SEAT)
            if session.state.phase == "over":
                assert reason == "the game is over"
            elif _hidden(session.state) != hidden:
                assert reason is not None and reason.endswith(": undo stops at a reveal"), reason
                kinds = reason.removesuffix(": undo stops at a reveal")
                found = {k for k in KINDS if k in kinds}
                assert found, reason
                seen_kinds |= found
            elif current_player(session.state) != actor:
                name = session.settings.players[actor].name
                assert reason == f"that was {name}'s action: undo stops at another player's action"
                refused_other_player += 1
            elif (session.state.round, session.state.phase) != (round_, phase):
                assert reason == f"the {session.state.phase.capitalize()} phase has begun: undo stops at the end of a turn"
            else:
                assert reason is None
                allowed += 1
                assert session.undo(by=EVERY_SEAT) == session._redo[-1]
                assert msgspec.json.encode(session.state) == before
                assert _in_step(session)  # the file follows the undo
                assert session.can_redo(by=EVERY_SEAT) is None
                session.redo(by=EVERY_SEAT)
                assert msgspec.json.encode(session.state) == after
                assert _in_step(session)
            if reason is not None:
                with pytest.raises(UndoError, match=reason.split(":")[0]):
                    session.undo(by=EVERY_SEAT)
                assert msgspec.json.encode(session.state) == after  # a refused undo changes nothing
    assert seen_kinds == KINDS, f"kinds of reveal never met: {KINDS - seen_kinds}"
    assert refused_other_player > 10 and allowed > 100


def _to_first(games, session, texts, wanted):
    """Play ``texts`` until ``wanted`` (an action class) is legal; return how many were played."""
    for i, text in enumerate(texts):
        if any(isinstance(a, wanted) for a in legal_actions(session.state)):
            return i
        session.apply(text, by=EVERY_SEAT)
    raise AssertionError(f"{wanted.__name__} never legal")


@pytest.mark.parametrize("kind", [Hire, Refresh])
def test_hiring_or_refreshing_refills_the_character_offer_and_stops_undo(games, tmp_path, kind):
    """Rulebook, Character Action: the offer is refilled at once (Hire) or discarded and refilled
    (Refresh): a tile is revealed, so undo stops there."""
    session = Session.new(games.settings(3, 3), save_dir=tmp_path)
    texts = games.random_game(3, 3)
    _to_first(games, session, texts, kind)
    action = next(a for a in legal_actions(session.state) if isinstance(a, kind))
    session.apply(action, by=EVERY_SEAT)
    expected = {Hire: "the Character offer was refilled",
                Refresh: "the Character offer was refilled and the Character pile was shuffled"}[kind]
    assert session.can_undo(by=EVERY_SEAT) == f"{expected}: undo stops at a reveal"
    with pytest.raises(UndoError, match=f"{expected}: undo stops at a reveal"):
        session.undo(by=EVERY_SEAT)


def test_undo_walks_back_to_the_last_reveal_and_redo_forward(games, tmp_path):
    """Several undos in a row go back through the player's turn to the barrier, and no further; redo
    replays them all to the same state. A new action clears what could be redone."""
    for players, seed in SEEDS:
        texts = games.random_game(players, seed)
        reference = Session.new(games.settings(players, seed), autosave=False)
        # find a turn with at least three undoable actions in a row
        states, run = [], 0
        for i, text in enumerate(texts):
            states.append(msgspec.json.encode(reference.state))
            reference.apply(text, by=EVERY_SEAT)
            run = run + 1 if reference.can_undo(by=EVERY_SEAT) is None else 0
            if run >= 3:
                end = i + 1
                break
        else:
            continue
        (tmp_path / f"{players}-{seed}").mkdir()  # saves never create a folder they were given (issue 11)
        session = Session.new(games.settings(players, seed), save_dir=tmp_path / f"{players}-{seed}")
        games.play(session, texts[:end])
        final = msgspec.json.encode(session.state)
        undone = 0
        while session.can_undo(by=EVERY_SEAT) is None:
            session.undo(by=EVERY_SEAT)
            undone += 1
            assert msgspec.json.encode(session.state) == states[end - undone]
        assert undone >= 3
        assert session.can_undo(by=EVERY_SEAT) is not None and session.can_redo(by=EVERY_SEAT) is None
        session.flush()
        assert _file_digest(session.autosave_path) == digest(session.state)
        for _ in range(undone):
            session.redo(by=EVERY_SEAT)
        assert msgspec.json.encode(session.state) == final and session.can_redo(by=EVERY_SEAT) == "nothing to redo"
        session.undo(by=EVERY_SEAT)
        session.apply(random.Random(1).choice(legal_actions(session.state)), by=EVERY_SEAT)
        assert session.can_redo(by=EVERY_SEAT) == "nothing to redo"
        with pytest.raises(UndoError, match="nothing to redo"):
            session.redo(by=EVERY_SEAT)
        return
    raise AssertionError("no turn with three undoable actions")


def test_undo_after_loading_replays_exactly(games, tmp_path):
    """A loaded game keeps its undo: the actions of the current turn since the last reveal can be
    taken back even though this session did not play them (the state is rebuilt by replay)."""
    texts = games.random_game(4, 5)
    reference = Session.new(games.settings(4, 5), autosave=False)
    states = []
    for i, text in enumerate(texts):
        states.append(msgspec.json.encode(reference.state))
        reference.apply(text, by=EVERY_SEAT)
        if i > 40 and reference.can_undo(by=EVERY_SEAT) is None:
            break
    session = Session.new(games.settings(4, 5), save_dir=tmp_path)
    games.play(session, texts[: len(states)])
    session.close()
    loaded = Session.load(session.autosave_path)
    assert loaded.can_undo(by=EVERY_SEAT) is None
    loaded.undo(by=EVERY_SEAT)
    assert msgspec.json.encode(loaded.state) == states[-1]
    loaded.flush()
    assert _file_digest(loaded.autosave_path) == digest(loaded.state)
    loaded.redo(by=EVERY_SEAT)
    assert loaded.digest() == session.digest()


def test_nothing_to_undo_at_the_start(games):
    session = Session.new(games.settings(2, 1), autosave=False)
    assert session.can_undo(by=EVERY_SEAT) == "nothing to undo"
    assert session.can_redo(by=EVERY_SEAT) == "nothing to redo"


def test_undo_autosaves_so_a_reload_matches_the_screen(games, tmp_path):
    """Issue 4: "Undo never desynchronises the save file": the latest unfinished game is the undone one."""
    session = Session.new(games.settings(2, 1), save_dir=tmp_path)
    for text in games.random_game(2, 1):
        session.apply(text, by=EVERY_SEAT)
        if session.can_undo(by=EVERY_SEAT) is None and len(session.log) > 5:
            break
    session.undo(by=EVERY_SEAT)
    session.flush()
    path = Session.latest_unfinished(tmp_path)
    assert path == session.autosave_path
    assert Session.load(path, autosave=False).notation_log == session.notation_log
    assert [i.actions for i in listing.list_saves(tmp_path)] == [len(session.log)]


def test_undo_after_your_turn_ended_says_your_turn_is_over_not_that_it_was_your_action(games, tmp_path):
    """Issue 39 ("undo as a seat: who may undo is decided from who is asking"): played in tmux, Ann
    ended her turn and pressed u while the master thought for Bob; she was told "that was Ann's
    action: undo stops at another player's action" (words for whoever plays next). Asked by the seat
    whose move it was, the reason speaks to her: her turn is over and who plays now."""
    from tiletum_tui.shell.saves.format import PERSON, Seat

    session = Session.new(games.settings(2, 3), save_dir=tmp_path, seats=(PERSON, Seat(player="opponent", level="master")))
    for text in games.random_game(2, 3):
        hidden = _hidden(session.state)
        session.apply(text, by=EVERY_SEAT)
        if session.log[-1].seat == 0 and session.current_player == 1 and _hidden(session.state) == hidden:
            break
    else:
        raise AssertionError("Ann's turn never ended without a reveal")
    ann, bob = (p.name for p in session.settings.players)
    reason = session.can_undo(by=0)
    assert reason == f"your turn is over: {bob} (master) plays now (undo stops at the end of your turn)"
    with pytest.raises(UndoError, match="your turn is over"):
        session.undo(by=0)
    assert f"that was {ann}'s action" in session.can_undo(by=EVERY_SEAT)  # (a whole table's undo, as before)
