"""Who plays each seat is saved with the game (issue 14: "saves record who plays each seat and at
what level"), the opponents' process answers from the view it is sent, and the arena runs."""

from __future__ import annotations

import io

import msgspec
import pytest

from tiletum_tui.shell import arena
from tiletum_tui.games.tiletum.engine import current_player, legal_actions, new_game, notation, view
from tiletum_tui.games.tiletum.opponents.levels import Budget, Opponent
from tiletum_tui.games.tiletum.opponents.match import settings_for
from tiletum_tui.shell.saves import format as fmt
from tiletum_tui.shell.saves.errors import CorruptSaveError
from tiletum_tui.shell.session import EVERY_SEAT, Session

SEATS = (fmt.PERSON, fmt.Seat(player="opponent", level="master", budget="300"),
         fmt.Seat(player="opponent", level="beginner"))


def test_seats_go_into_the_save_and_come_back(tmp_path):
    settings = settings_for(("person", "master", "beginner"), seed=4)
    session = Session.new(settings, save_dir=tmp_path, seats=SEATS)
    session.apply(legal_actions(session.state)[0], by=EVERY_SEAT)
    path = session.save("solo")
    session.close()
    raw = msgspec.json.decode(path.read_bytes())
    assert raw["seats"][1] == {"player": "opponent", "level": "master", "budget": "300"}
    loaded = Session.load(path, save_dir=tmp_path, autosave=False)
    assert loaded.seats == SEATS
    assert loaded.seat(1).is_opponent and not loaded.seat(0).is_opponent


def test_a_save_without_seats_has_people_in_every_seat(tmp_path):
    """Format-3 files written before opponents existed still load: every seat a person."""
    settings = settings_for(("a", "b"), seed=4)
    session = Session.new(settings, save_dir=tmp_path)
    path = session.save("old")
    session.close()
    raw = msgspec.json.decode(path.read_bytes())
    del raw["seats"]
    path.write_bytes(msgspec.json.encode(raw))
    loaded = Session.load(path, save_dir=tmp_path, autosave=False)
    assert loaded.seats == () and not loaded.seat(0).is_opponent and not loaded.seat(1).is_opponent


@pytest.mark.parametrize("seats, words", [
    ([{"player": "opponent", "level": "overlord"}], "unknown opponent level 'overlord'"),
    ([{"player": "opponent", "level": "master", "budget": "3600s"}], "a time cap is from 0.05 s to 600 s"),
    ([{"player": "opponent", "level": "master", "budget": "-5"}], "a number of simulations is from 1"),
    ([{"player": "opponent", "level": "master", "budget": "lots"}], "a budget is a number of simulations"),
    ([{"player": "person"}] * 3, "names 3 seats for a game of 2 players"),
])
def test_a_save_whose_seats_cannot_be_played_is_refused_and_kept(tmp_path, seats, words):
    """Shared saves are untrusted: a level that does not exist or a master told to think for an hour is
    a clear message naming the seat, and the file stays as it was (issue 14 seats; the saves' rule)."""
    settings = settings_for(("a", "b"), seed=4)
    session = Session.new(settings, save_dir=tmp_path)
    path = session.save("shared")
    session.close()
    raw = msgspec.json.decode(path.read_bytes())
    raw["seats"] = seats
    path.write_bytes(msgspec.json.encode(raw))
    before = path.read_bytes()
    with pytest.raises(CorruptSaveError) as caught:
        Session.load(path, save_dir=tmp_path, autosave=False)
    assert words in str(caught.value) and path.read_bytes() == before


def test_the_opponents_process_plays_from_the_view_it_is_sent():
    """Only a view's bytes cross to the process; its answer is what the same opponent decides here."""
    from tiletum_tui.shell.opponents.worker import OpponentProcess

    state = new_game(settings_for(("journeyman", "journeyman"), seed=8))
    here = Opponent(0, "journeyman").choose(view(state))
    proc = OpponentProcess({0: ("journeyman", "2s")})
    try:
        request = proc.ask(view(state), 0)
        answer = proc.receive()
    finally:
        proc.close()
    assert not answer.error and answer.request == request and answer.seat == current_player(state)
    assert answer.action == notation(here.action) and list(answer.plan) == [notation(a) for a in here.plan]
    assert proc.process.poll() is not None  # the process has ended


def test_a_level_that_fails_is_reported_and_a_legal_move_played_instead():
    """A bug in a level must not leave the screen waiting for ever (issue 14: 'never freezing the
    screen'): the answer says what failed and carries the beginner's legal move, so the game goes on."""
    from tiletum_tui.shell.opponents.worker import OpponentProcess

    state = new_game(settings_for(("journeyman", "journeyman"), seed=8))
    proc = OpponentProcess({1: ("journeyman", "2s")})  # no opponent for seat 0: asking for it fails
    try:
        proc.ask(view(state), 0)
        answer = proc.receive()
    finally:
        proc.close()
    assert answer.error.startswith("KeyError")
    assert answer.move in legal_actions(state)


def test_the_arena_reports_win_rates_with_intervals():
    out = io.StringIO()
    results = arena.run(["journeyman", "beginner"], games=2, budget=Budget(seconds=None, simulations=1), jobs=1,
                        out=out, progress=None)
    text = out.getvalue()
    assert [r.levels for r in results] == [("journeyman", "beginner"), ("beginner", "journeyman")]  # seats alternate
    assert "95% interval" in text and "journeyman" in text and "s/decision" in text
    lo, hi = arena.wilson(95, 100)
    assert 0.88 < lo < 0.95 < hi < 0.99


@pytest.mark.parametrize("bad", [["--games", "0"], ["--games", "-1"], ["--budget", "0"], ["--budget", "fast"],
                                 ["--jobs", "0"], ["--rules", "9"], ["--seed", "-3"]])
def test_the_arena_refuses_bad_numbers_with_a_message_and_exit_2(bad, capsys):
    """Issue 23, item 5: "refuses bad numbers with a message" (``--games 0`` was an internal error, exit 70)."""
    from tiletum_tui.shell.cli import main

    assert main(["arena", "--seats", "beginner,beginner", "--quiet", *bad]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tiletum arena: " + bad[0]) and "Error" not in err


def test_the_arena_plays_the_expansion_prints_each_game_and_saves_it(tmp_path, capsys):
    """Issue 23, item 5: the arena "takes the ruleset options a game takes (--silver, ...), writes each
    game as a save into a folder with its seed and result, prints a per-game line (seed, seats, VP,
    winner)"; a saved game loads and replays to the VP its line printed."""
    from tiletum_tui.shell.cli import main

    assert main(["arena", "--seats", "journeyman,beginner", "--games", "2", "--seed", "40", "--silver",
                 "--a-sides", "--budget", "1", "--jobs", "1", "--quiet", "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    lines = [x for x in out.splitlines() if x.startswith("seed ")]
    assert len(lines) == 2 and lines[0].startswith("seed 40: 1 journeyman ") and "winner: seat" in lines[0]
    saves = sorted(tmp_path.glob("*.json"))
    assert len(saves) == 2
    for path in saves:
        s = Session.load(path, autosave=False)
        assert s.finished and s.settings.modules == ("silver",) and s.settings.options == ("silver.a-sides",)
        line = next(x for x in lines if x.startswith(f"seed {s.settings.seed}:"))
        vp = ", ".join(f"{i + 1} {seat.level} {p.vp}" for i, (seat, p) in enumerate(zip(s.seats, s.state.players)))
        assert line.startswith(f"seed {s.settings.seed}: {vp}; winner: seat {s.state.winner + 1}")
        assert str(path) in line
    # What the expansion measures of its use comes from its own module (issue 18: no base file names
    # it): the Technology tiers each level reached, as the saved games end with them.
    games = [Session.load(p, autosave=False) for p in saves]
    for level in ("journeyman", "beginner"):  # (the arena moves the levels round the seats)
        tiers = [sum(p.technology.values()) for g in games
                 for seat, p in zip(g.seats, g.state.module_state.silver.players) if seat.level == level]
        usage = next(x for x in out.splitlines() if x.strip().startswith(f"{level}: Pillars left"))
        assert f"tiers reached {sum(tiers) / len(tiers):.1f}" in usage and "Silver spent" in usage


@pytest.mark.parametrize("game", ["tiletum", "carcassonne"])
def test_a_seat_of_the_arena_may_think_to_simulations_of_its_own(game, tmp_path, capsys):
    """Issue 43: "the new master beats today's master", and a level against itself at other strengths:
    ``--seats master@3,master`` plays the first master at 3 simulations a decision and the other at the
    arena's budget, reported apart; each seat's budget is saved with it."""
    from tiletum_tui.shell.cli import main

    assert main(["arena", "--game", game, "--seats", "master@3,master", "--budget", "7", "--games", "2",
                 "--seed", "5", "--jobs", "1", "--quiet", "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    rows = {line.split()[0]: line.split() for line in out.splitlines() if line.startswith("master")}
    assert set(rows) == {"master@3", "master"} and rows["master@3"][1] == rows["master"][1] == "1"  # a seat each
    assert rows["master@3"][-2] == "3" and rows["master"][-2] == "7"  # simulations a turn (the last column: cut)
    budgets = sorted(seat.budget for path in tmp_path.glob("*.json") for seat in Session.load(path, autosave=False).seats)
    assert budgets == ["3", "3", "7", "7"]


@pytest.mark.parametrize(("seats", "why"), [("master@fast,master", "a budget is"), ("journeyman@30,master", "only a searching level")])
def test_a_seats_budget_that_cannot_be_read_is_refused_with_why(seats, why, capsys):
    from tiletum_tui.shell.cli import main

    assert main(["arena", "--seats", seats, "--quiet"]) == 2
    assert why in capsys.readouterr().err
