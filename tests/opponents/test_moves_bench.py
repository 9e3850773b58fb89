"""The evaluation's bench of moves (``bench/moves.py``, issue 43): a move is weighed with the choices it leaves
to make at once, as a turn's plan would make them, so a move the rules pay for through its bonus is not
counted as lowering the value."""

from __future__ import annotations

from tiletum_tui.games.tiletum.bench.moves import _settled, positions, weigh_moves
from tiletum_tui.games.tiletum.engine import apply, current_player, decision, legal_actions
from tiletum_tui.games.tiletum.engine.state import ChooseResourceFrame
from tiletum_tui.games.tiletum.opponents.evaluate import value_of
from tiletum_tui.games.tiletum.opponents.weights import master_weights


def test_a_crest_is_weighed_with_the_resources_its_space_gives():
    """Rulebook, Place a Crest: "Each such space also has a bonus that is awarded immediately after covering it
    with a Crest" (the fifth: "Gain any 2 Resources"). Weighed right after the Crest, before the Resources are
    chosen, the move would look 2 Resources poorer than it is: the bench weighs it once both are chosen, the
    best of them, so its value is that of the best pair a player can take."""
    seen = 0
    for state in positions(3):
        who = current_player(state)
        w = master_weights(state)
        for action in legal_actions(state):
            if action.verb() != "crest":
                continue
            after = apply(state, action)
            if not isinstance(decision(after), ChooseResourceFrame):
                continue
            best = max(value_of(apply(second, b), who, w)
                       for first in legal_actions(after) for second in [apply(after, first)]
                       for b in legal_actions(second))
            settled = _settled(after, who, w)
            assert settled == best
            assert settled > value_of(after, who, w)  # the Resources gained are worth something
            seen += 1
    assert seen >= 3, "the seeds no longer offer a Crest on the space that gives 2 Resources"


def test_the_bench_finds_no_cathedral_that_lowers_the_masters_value():
    """Rulebook, Build a Cathedral: the VP on both tiles are scored at once. The bench's table on two journeyman
    games: hardly a Cathedral that could be built lowers the master's value (issue 43's Stone counted once;
    before it, 403 of 485 did), while most lower the journeyman's, which counts the Stone in hand for every
    Cathedral it may build and as Resources too (its estimate is the one every level is measured against)."""
    row = weigh_moves(3, verbs={"cathedral"})["cathedral"]
    assert row["moves"] >= 20
    assert row["master lowered"] <= row["moves"] // 50
    assert row["journeyman lowered"] > row["moves"] // 2
    assert row["median"] > 0
