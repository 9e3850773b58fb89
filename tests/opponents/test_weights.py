"""Issue 23: the master weighs the evaluation's terms by what they foretold (``weights.MASTER_WEIGHTS``,
fitted by ``bench.weights``: at 2 players in its own games against the journeyman, at 3-4 in journeyman
games), so it builds towards Completed Buildings (issue item 2: "Neither level builds towards Completed
Buildings") more than the journeyman's estimate says, and its reward reads a margin as the chance to win
it gives at that point of the game."""

from __future__ import annotations

import io
import random

from tiletum_tui.shell import arena
from tiletum_tui.games.tiletum.bench.weights import fit, saved_samples
from tiletum_tui.games.tiletum.engine import apply_in_place, current_player, new_game, view
from tiletum_tui.games.tiletum.engine.state import TurnFrame, put
from tiletum_tui.games.tiletum.opponents.evaluate import terms, value_of
from tiletum_tui.games.tiletum.opponents.weights import FITTED, MASTER_WEIGHTS, ONE, TERMS
from tiletum_tui.games.tiletum.opponents.levels import Budget, Opponent
from tiletum_tui.games.tiletum.opponents.master import _reward, _scale
from tiletum_tui.games.tiletum.opponents.match import settings_for


def _turn_start(seed: int, round_: int, players: int = 2):
    """A journeyman game's first turn start of ``round_``."""
    state = new_game(settings_for(("journeyman",) * players, seed=seed))
    seats = [Opponent(i, "journeyman") for i in range(players)]
    while not (state.round == round_ and isinstance(state.stack[-1], TurnFrame) and not state.stack[-1].die_taken):
        apply_in_place(state, seats[current_player(state)].choose(view(state)).action)
    return state


def test_the_fit_finds_what_the_terms_foretold():
    """Made-up turn starts where the VP to come is 2x the first term plus half the second, the third says
    the opposite of what comes and the fourth never differs between players: the fit gives 2 and 0.5,
    0 for the misleading term (never below: a term cannot count against what it measures), and leaves
    the silent one as written (1)."""
    rng = random.Random(7)
    rows = []
    for _ in range(400):
        ts = [[rng.uniform(0, 10), rng.uniform(0, 10), rng.uniform(0, 10), 3.0] for _ in range(2)]
        rows.append((ts, [2 * t[0] + 0.5 * t[1] - 0.3 * t[2] + 40 for t in ts]))
    assert fit(rows, ridge=0.0) == (2.0, 0.5, 0.0, 1.0)
    # The ridge pulls towards the journeyman's 1, in proportion.
    pulled = fit(rows, ridge=1.0)
    assert 1.0 < pulled[0] < 2.0 and 0.5 < pulled[1] < 1.0


def test_the_masters_edge_is_not_read_into_the_positions_terms():
    """The master scores more from any position than the journeyman would (it searches), and its positions
    have more of what its search likes: fitted to its own games without a term of its own, the edge is read
    into those terms (here a term worth 1 VP a point comes out worth far more); with the master's mark as a
    term of its own (``saved_samples``' last), the term's weight is found again."""
    rng = random.Random(11)
    rows = []
    for _ in range(600):
        master = rng.randrange(2)
        # the master's term runs higher (its search seeks it); it scores 12 VP more besides (its play)
        ts = [[rng.uniform(0, 10) + (4 if i == master else 0), rng.uniform(0, 10), float(i == master)]
              for i in range(2)]
        rows.append((ts, [t[0] + t[1] + 12 * t[2] + rng.gauss(0, 3) for t in ts]))
    marked = fit(rows, ridge=0.0)
    unmarked = fit([([t[:2] for t in ts], came) for ts, came in rows], ridge=0.0)
    assert abs(marked[0] - 1.0) < 0.15 and abs(marked[2] - 12) < 1.5
    assert unmarked[0] > 1.5


def test_the_masters_own_games_are_read_from_the_arenas_saves(tmp_path):
    """``tiletum arena --out`` saves each game; ``saved_samples`` replays them: at every turn start each
    player's terms (the master's seat marked), and the VP each then went on to score to the game's end.
    Rulebook, a round: each player takes 3 turns, so a 2-player round has 6 turn starts."""
    results = arena.run(["master", "journeyman"], games=1, budget=Budget(seconds=None, simulations=2), jobs=1,
                        out=io.StringIO(), progress=None, folder=tmp_path)
    by_round = saved_samples([tmp_path])
    assert [len(by_round[r]) for r in (1, 2, 3, 4)] == [6, 6, 6, 6]
    first_ts, first_came = by_round[1][0]
    assert [t[-1] for t in first_ts] == [1.0, 0.0]  # seat 1 played by the master
    assert all(len(t) == len(FITTED) + 1 for t in first_ts)  # the fitted terms (the corrections follow them)
    start = [p.vp for p in new_game(settings_for(("master", "journeyman"), seed=1)).players]
    assert first_came == [v - s for v, s in zip(results[0].vp, start)]  # from the first turn start to the end
    # Where the master's simulations end at 2 players: each round's first turn start only, the first of each above.
    starts = saved_samples([tmp_path], round_starts=True)
    assert [starts[r] for r in (1, 2, 3, 4)] == [[by_round[r][0]] for r in (1, 2, 3, 4)]


def test_the_master_counts_a_filled_room_for_more_than_the_journeyman():
    """Rulebook, final scoring: Completed Buildings score by how many a player completed. In the master's
    games a Building's filled Rooms foretold 4.6-10x what the estimate writes for them: one more Room
    filled is worth more to the master than to the journeyman, and the master's value is its VP plus its
    weighed terms."""
    state = _turn_start(seed=5, round_=2)
    me = current_player(state)
    p = state.players[me]
    b = next(b for b, rooms in enumerate(p.rooms) if not p.completed[b] and sum(1 for x in rooms if not x) >= 2)
    fuller = view(state)
    rooms = list(fuller.players[me].rooms[b])
    rooms[rooms.index("")] = "*"
    put(fuller.players[me], "rooms", tuple(tuple(r) if k != b else tuple(rooms) for k, r in enumerate(p.rooms)))
    seen = view(state)
    two = MASTER_WEIGHTS[2]
    master = value_of(fuller, me, two) - value_of(seen, me, two)
    journeyman = value_of(fuller, me) - value_of(seen, me)
    assert master > journeyman > 0
    weighed = sum(w * t for w, t in zip(two.rounds[1], terms(seen)[me]))
    assert abs(value_of(seen, me, two) - (p.vp + weighed)) < 1e-9
    for n in (2, 3, 4):
        assert len(MASTER_WEIGHTS[n].rounds) == len(ONE.rounds) == 4
        assert all(len(w) == len(TERMS) for w in MASTER_WEIGHTS[n].rounds)


def test_the_reward_reads_an_early_margin_as_a_smaller_chance_than_a_late_one():
    """Who won 400 2-player journeyman games: a 10 VP lead at the start of round 2 won about 64% of the
    time, at the start of round 4 about 73%: the master's chance to win (the hint's "% to win") reads
    a margin by the round it is seen in."""
    early = _reward(10, _scale(_turn_start(seed=5, round_=2), 2))
    late = _reward(10, _scale(_turn_start(seed=5, round_=4), 2))
    assert 0.6 < early < late < 0.8


def test_at_the_games_end_the_reward_is_who_won():
    """Rulebook, final scoring: the player with the most VP wins. At 2 players a simulation that reaches the game's
    end reads its final margin as a win or a loss (a win by 3 VP at least 0.95, a tie a half), so the master's last
    turns play for the win, where a margin in round 4 is still a chance."""
    state = _turn_start(seed=5, round_=4)
    assert _reward(3, _scale(state, 2)) < 0.7  # round 4 under way: still a chance
    put(state, "phase", "over")
    assert _reward(3, _scale(state, 2)) > 0.95 and _reward(-3, _scale(state, 2)) < 0.05
    assert _reward(0, _scale(state, 2)) == 0.5
