"""Issue 43, "A level above master ... thinking on the opponent's time" and "Thinking can continue on the
opponent's time where the game allows (while a person decides), within a memory bound": Tiletum's
grandmaster keeps its tree after a decision and ponders it in the opponents' process while nothing is
asked of it, a fixed number of simulations, so its moves never depend on how long a person thought.

The process's loop (``worker._serve``) is run here on a connection the test scripts: a "person" whose
next move reaches the process after so many simulations of pondering (none: a quick person; all: a slow
one). What is asserted is what happens in which order, never how long it took."""

from __future__ import annotations

import sys

import pytest

from tiletum_tui.games.tiletum.engine import apply, current_player, new_game, notation, view
from tiletum_tui.games.tiletum.engine.views import encode_view
from tiletum_tui.games.tiletum.opponents import master
from tiletum_tui.games.tiletum.opponents.evaluate import evaluate
from tiletum_tui.games.tiletum.opponents.weights import master_weights
from tiletum_tui.games.tiletum.opponents.levels import Opponent, _turn_start
from tiletum_tui.games.tiletum.opponents.match import settings_for
from tiletum_tui.shell.opponents import worker
from tiletum_tui.shell.opponents.base import Budget, count_nodes
from tiletum_tui.shell.opponents.worker import OpponentProcess

BUDGET = "30"  # the grandmaster's simulations a decision here (and so its pondering's): quick, and enough


class _Count(list):
    live = None


@pytest.fixture
def steps(monkeypatch):
    """The simulations of pondering run so far (``Ponder.step`` counted)."""
    step = master.Ponder.step

    def counted(self):
        count.live = self  # (the tree pondered last)
        if self.left > 0 and self.nodes < self.cap:
            count[0] += 1
        return step(self)

    count = _Count([0])

    monkeypatch.setattr(master.Ponder, "step", counted)
    return count


@pytest.fixture
def quiet(monkeypatch):
    """``_serve`` silences its process's stderr: here it runs in the test's own process."""
    monkeypatch.setattr(worker.os, "dup2", lambda *a: None)
    monkeypatch.setattr(sys, "stderr", sys.stderr)


class Person:
    """The other side of the opponents' pipe, as the Table's driver is: asks the grandmaster (seat 0) for
    each of its decisions with the actions played since, and plays a journeyman's moves for seat 1 (the
    "person") between them. Its next request reaches the process after ``patience`` simulations of
    pondering (None: only once pondering is over). ``stop_after``: the grandmaster's turns before it leaves."""

    def __init__(self, steps, patience: int | None, stop_after: int = 5, seed: int = 7) -> None:
        self.state = new_game(settings_for(("grandmaster", "journeyman"), seed=seed))
        self.person = Opponent(1, "journeyman")
        self.steps, self.patience, self.stop_after = steps, patience, stop_after
        self.request, self.played, self.turns = 0, [], 0
        self.moves: list[str] = []  # the grandmaster's, in order
        self.pondered_when_answered: list[int] = []  # pondering's simulations when each answer was sent
        self.left_when_answered: list[int] = []  # and the simulations of pondering it had left then
        self.ready: list[int] = []  # for each answer: the count its request reached the process at
        self.outbox = [self._ask()]  # what the process has not yet read
        self.ready_at = 0  # pondering's count at which the next message reaches the process

    def _ask(self):
        if _turn_start(self.state):
            self.turns += 1
            if self.turns > self.stop_after:
                return None  # the app leaves (the message ``OpponentProcess.close`` sends)
        self.request += 1
        played, self.played = tuple(self.played), []
        return ("move", self.request, 0, encode_view(view(self.state)), "", played)

    # the Connection's calls ``_serve`` makes
    def poll(self, timeout=0.0):
        if not self.outbox:
            return False
        if self.patience is None:
            return False if self.outbox[0] is not None or self.steps[0] < self.ready_at else True
        return self.steps[0] >= self.ready_at

    def recv(self):
        return self.outbox.pop(0)

    def send(self, answer) -> None:
        assert not answer.error, answer.error
        self.pondered_when_answered.append(self.steps[0])
        self.left_when_answered.append(self.steps.live.left if self.steps.live is not None else 0)
        self.ready.append(self.ready_at)
        self.moves.append(answer.action)
        self._play(answer.move)
        while self.state.phase != "over" and current_player(self.state) == 1:  # the person decides
            self._play(self.person.choose(view(self.state)).action)
        self.outbox.append(self._ask() if self.state.phase != "over" else None)
        self.ready_at = self.steps[0] + (self.patience or 0)

    def _play(self, action) -> None:
        self.played.append(notation(action))
        self.state = apply(self.state, action)


def _reused(candidates, prior: int) -> int:
    """The visits a search's candidates came with from a kept tree (beyond their prior and their own)."""
    return sum(c.visits - prior - c.dealt for c in candidates)


def _serve(person: Person) -> None:
    worker._serve(person, {0: ("grandmaster", BUDGET)})


def test_a_slow_and_a_quick_person_get_the_same_grandmaster_moves(steps, quiet):
    """However long the person thinks (its move reaching the process at once, after a few simulations of
    pondering or after all of them), the grandmaster plays the same moves: what was not pondered while the
    person decided is run at its next decision, before its search."""
    games = {}
    for patience in (0, 3, None):
        steps[0], steps.live = 0, None
        person = Person(steps, patience, stop_after=8, seed=9)  # (a game where pondering changes a move)
        _serve(person)
        games[patience] = person
    assert games[0].moves == games[3].moves == games[None].moves
    assert len(games[0].moves) > 40  # eight turns, each a plan of several steps
    # The quick person's move reached the process before any pondering (it was run at the next decision);
    # the slow one's after all of it.
    assert games[0].pondered_when_answered[1] == 0
    assert games[None].pondered_when_answered[1] == int(BUDGET)


def test_the_pondered_tree_is_what_the_next_decision_starts_from(steps, quiet, monkeypatch):
    """The kept tree is followed along the dice the person really took: the grandmaster's next search
    starts from that subtree (its candidates' visits), not from nothing."""
    reused = []
    search = master.search

    def spy(seen, me, budget, seed, hurry=None, reuse=None, started=None):
        plan, choice, root = search(seen, me, budget, seed, hurry, reuse=reuse, started=started)
        reused.append(_reused(root.children.values() if root is not None else (), master.PRIOR_VISITS))
        return plan, choice, root

    monkeypatch.setattr("tiletum_tui.games.tiletum.opponents.levels.search", spy)
    _serve(Person(steps, None))
    assert reused[0] == 0 and max(reused) > 0


def test_a_candidate_taken_over_from_a_pondered_tree_counts_its_mean_at_a_few_visits(monkeypatch):
    """docs/opponents.md, "Thinking on the opponent's time": a candidate that takes over a kept tree's node
    brings that node's mean reward at ``REUSED_VISITS``' weight on top of its prior, not all its visits (which
    let the tree's view of a die outweigh the root's own search of the plan), and keeps the subtree below it."""
    state = new_game(settings_for(("grandmaster", "journeyman"), seed=9))
    seen = view(state)
    _, _, kept = master.search(seen, 0, Budget(simulations=120), seed=1)  # a tree over this very turn's dice
    before = {k: (c.visits, c.total, c.children) for k, c in kept.children.items()}
    assert max(v for v, _, _ in before.values()) > 2 * master.REUSED_VISITS
    monkeypatch.setattr(master, "_simulate", lambda root, *a: None)  # the candidates as the search starts them
    _, _, root = master.search(seen, 0, Budget(simulations=1), seed=2, reuse=kept)
    taken = 0
    for key, child in root.children.items():
        if key not in before:
            continue
        visits, total, below = before[key]
        prior = master.PRIOR_VISITS * master._reward(child.plan.value - _others(seen), master._scale(seen, 2))
        weight = min(visits, master.REUSED_VISITS)
        assert child.visits == master.PRIOR_VISITS + weight
        assert child.total - prior == pytest.approx(total / visits * weight)
        assert child.children is below
        taken += 1
    assert taken >= 2


def _others(seen) -> float:
    """The others' average value at 2 players (the journeyman's seat), by the master's weights."""
    return evaluate(seen, weights=master_weights(seen))[1]


def test_a_request_while_it_ponders_is_answered_at_once(steps, quiet):
    """The next request reaches the process 2 simulations into pondering: it is read and answered then,
    with pondering left (which goes on after), not once pondering is over."""
    person = Person(steps, patience=2, stop_after=2)
    _serve(person)
    during = [(at, ready) for at, ready, left in zip(person.pondered_when_answered, person.ready,
                                                     person.left_when_answered) if left > 0]
    assert during, "no request came while the grandmaster pondered"
    assert all(at == ready for at, ready in during)  # not a simulation of pondering more before answering


def test_a_grandmaster_leaving_while_it_ponders_stops_at_once(steps, quiet):
    """The app leaves (the stop message) while the grandmaster ponders: the process's loop ends with
    pondering left, not after it."""
    person = Person(steps, patience=1, stop_after=1)
    _serve(person)
    assert person.outbox == []  # the stop was read
    assert steps.live.left > 0


def test_the_node_cap_holds(steps, monkeypatch):
    """Pondering's memory bound: a kept tree stops growing at its node cap, however many simulations were
    left (a cap of 60 nodes past what the decision's own search left in it, against some 20 MB's worth in play)."""
    state = new_game(settings_for(("grandmaster", "journeyman"), seed=7))
    first = Opponent(0, "grandmaster", Budget.parse("200"))
    first.choose(view(state))
    cap = first._kept.nodes + 60  # (the same decision again: the same tree)
    monkeypatch.setattr(master, "PONDER_NODES", cap)
    gm = Opponent(0, "grandmaster", Budget.parse("200"))
    gm.choose(view(state))
    kept = steps.live = gm._kept
    assert kept is not None and kept.left == 200 and kept.cap == cap and kept.nodes == cap - 60
    gm.ponder()
    assert not gm.pondering
    assert count_nodes(kept.node) == kept.nodes
    assert cap <= kept.nodes < cap + master.MAX_TURNS * master.RANKED  # (what one simulation may add past it)
    assert 0 < steps[0] < 200  # it stopped there: the rest was not run (nor will be at the next decision)


def test_a_pondering_grandmasters_process_quits_cleanly_when_the_app_leaves():
    """A real opponents' process, its grandmaster pondering a long while (a decision cut at a short cap:
    it then ponders to the level's 20,000 simulations): closing it ends it at once, by itself (exit 0),
    not by the terminate that ``close`` falls back on after 2 s."""
    state = new_game(settings_for(("grandmaster", "journeyman"), seed=7))
    proc = OpponentProcess({0: ("grandmaster", "20000 0.5s")})
    try:
        proc.ask(view(state), 0)
        answer = proc.receive()
        assert not answer.error and answer.cut
    finally:
        proc.close()
    assert proc.process.returncode == 0


def test_a_finished_game_stops_its_opponents_process(tmp_path):
    """The game ends: the Table's driver stops the opponents' process (a grandmaster pondering would
    otherwise think on for nobody)."""
    from tiletum_tui.core import games
    from tiletum_tui.games.tiletum.opponents.match import play_game
    from tiletum_tui.shell.saves.format import PERSON, Seat
    from tiletum_tui.shell.session import Session
    from tiletum_tui.shell.table import Table

    result = play_game(("beginner", "beginner"), 3, keep_actions=True)
    session = Session.from_actions(settings_for(("beginner", "beginner"), 3), result.actions, save_dir=tmp_path,
                                   game=games.game("tiletum"),
                                   seats=(Seat(player="opponent", level="grandmaster"), PERSON))
    table = Table(session, pace=0.0)
    try:
        assert session.finished
        process = table.opponents.start()
        table.opponents.changed()
        assert table.opponents.process is None
        assert process.process.returncode == 0
    finally:
        table.close()
        session.close()


def _carcassonne_game(patience: int | None, seed: int, budget: str, turns: int):
    """Carcassonne's grandmaster (seat 0) against a journeyman, ``turns`` of its turns, pondering between
    its decisions ``patience`` simulations (None: all of them) as a person's time allows: its moves, and
    how much of its next decisions' candidates came from the pondered tree."""
    from tiletum_tui.games.carcassonne.engine import apply as c_apply
    from tiletum_tui.games.carcassonne.engine import new_game as c_new_game
    from tiletum_tui.games.carcassonne.engine import view as c_view
    from tiletum_tui.games.carcassonne.opponents.levels import Opponent as COpponent
    from tiletum_tui.games.carcassonne.opponents.match import settings_for as c_settings

    state = c_new_game(c_settings(("grandmaster", "journeyman"), seed, modules=("river",)))  # (few designs at first)
    players = [COpponent(0, "grandmaster", Budget.parse(budget)), COpponent(1, "journeyman")]
    moves = []
    while len(moves) < 2 * turns and state.phase != "over":
        who = state.seat
        if who == 1 and players[0].pondering:  # the person decides: the grandmaster ponders meanwhile
            polls = iter(range(10**9))
            players[0].ponder(None if patience is None else lambda: next(polls) >= patience)
        action = players[who].choose(c_view(state, who)).action
        if who == 0:
            moves.append(action)
        for p in players:
            p.played([action])
        state = c_apply(state, action)
    return moves


def test_carcassonnes_grandmaster_ponders_to_the_same_moves(monkeypatch):
    """Carcassonne's grandmaster thinks on the others' time too: its next search starts from the pondered
    subtree (the tile it draws, under what the other player played), and a quick, a middling and a slow
    person get the same moves."""
    import tiletum_tui.games.carcassonne.opponents.levels as c_levels
    import tiletum_tui.games.carcassonne.opponents.master as c_master

    reused = []
    search = c_master.search

    def spy(seen, me, budget, seed, hurry=None, reuse=None, started=None):
        choice, root = search(seen, me, budget, seed, hurry, reuse=reuse, started=started)
        reused.append(_reused(root.children[""].values() if root is not None else (), c_master.PRIOR_VISITS))
        return choice, root

    monkeypatch.setattr(c_levels, "search", spy)
    games = {patience: _carcassonne_game(patience, 5, "40", 8) for patience in (0, 3, None)}
    assert games[0] == games[3] == games[None]
    assert len(games[0]) == 16 and max(reused) > 0


@pytest.mark.parametrize("game", ["tiletum", "carcassonne"])
async def test_the_table_tells_the_opponents_process_what_was_played_since_it_last_asked(tmp_path, game,
                                                                                          monkeypatch):
    """At home and on the host (one Table): each request for an opponent's move carries the actions played
    since the one before, the person's among them, which its grandmaster follows its kept tree by (a
    person's decision reaches the process as nothing at all until then)."""
    import asyncio

    from tiletum_tui.core import games
    from tiletum_tui.shell.opponents.plug import for_game
    from tiletum_tui.shell.saves.format import PERSON, Seat
    from tiletum_tui.shell.session import Session
    from tiletum_tui.shell.table import Table

    asked = []
    ask = OpponentProcess.ask

    def spy(self, seen, seat, played=()):
        asked.append((len(table.session.log), played))
        return ask(self, seen, seat, played)

    monkeypatch.setattr(OpponentProcess, "ask", spy)
    g = games.game(game)
    session = Session.new(g.table_settings([("Otto", "red"), ("Ann", "blue")], 11), tmp_path, game=g,
                          seats=(Seat(player="opponent", level="grandmaster", budget="5"), PERSON))
    table = Table(session, pace=0.0)
    ann = for_game(game).opponent(1, "journeyman", Budget())

    async def until(test):
        for _ in range(3000):
            if test():
                return
            await asyncio.sleep(0.02)
        raise AssertionError("the game did not go on")

    try:
        table.start()
        for _ in range(2):  # Otto's turn, Ann's (played here), Otto's, Ann's
            await until(lambda: session.current_player == 1 and not table.opponents.busy)
            while session.current_player == 1:
                assert table.act(1, ann.choose(session.view(1)).action) is None
        await until(lambda: session.current_player == 1 and not table.opponents.busy)
        log = session.log
        assert asked[0] == (0, ())
        for (before, _), (now, played) in zip(asked, asked[1:]):
            assert played == tuple(e.notation for e in log[before:now])
        told = [p for _, played in asked for p in played]
        assert told == [e.notation for e in log[:asked[-1][0]]]
        assert any(e.seat == 1 for e in log[:asked[-1][0]])  # Ann's moves were told
    finally:
        table.close()
        session.close()


def test_carcassonnes_node_cap_holds(monkeypatch):
    """The same memory bound for Carcassonne's grandmaster: its kept tree stops growing at its node cap
    (nodes counted as made: each one made is one kept)."""
    from tiletum_tui.games.carcassonne.engine import new_game as c_new_game
    from tiletum_tui.games.carcassonne.engine import view as c_view
    from tiletum_tui.games.carcassonne.opponents import master as c_master
    from tiletum_tui.games.carcassonne.opponents.levels import Opponent as COpponent
    from tiletum_tui.games.carcassonne.opponents.match import settings_for as c_settings

    monkeypatch.setattr(c_master, "PONDER_NODES", 400)
    state = c_new_game(c_settings(("grandmaster", "journeyman"), 5))
    gm = COpponent(0, "grandmaster", Budget.parse("300"))
    gm.choose(c_view(state, 0))
    kept = gm._kept
    assert kept is not None and kept.left == 300 and kept.cap == 400 and kept.nodes < 400
    dealt = kept.node.dealt
    gm.ponder()
    assert not gm.pondering and count_nodes(kept.node) == kept.nodes
    assert 400 <= kept.nodes < 400 + c_master.HORIZON * 16  # (what one simulation may add past it)
    assert kept.node.dealt - dealt < 300  # it stopped there, short of its 300 simulations
