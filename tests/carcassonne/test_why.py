"""The preview (v) and the why (x) of the Carcassonne screen (issue 41, items 11 and 13).

Item 11: "v says 'a follower of yours could join it' for a city or road that already has a follower
(which the follower step then refuses)": the preview says only what the rules allow ("the player may
not deploy a follower on a ... segment if that segment connects to a segment ... that already has a
follower on it"). Item 13: "there is no x (why this line, why not that one) as in Tiletum; hints for
quiet moves say no why": x reads the engine's and the opponents' own figures."""

from __future__ import annotations

import random

from tiletum_tui.core import games
from tiletum_tui.games.carcassonne.engine import Deploy, Place, apply, legal_actions, new_game, parse, view
from tiletum_tui.games.carcassonne.engine.followers import spots
from tiletum_tui.games.carcassonne.engine.game import CarcassonneGame
from tiletum_tui.games.carcassonne.engine.positions import stacked
from tiletum_tui.games.carcassonne.engine.rules import preview
from tiletum_tui.games.carcassonne.opponents.evaluate import MASTER_ODDS, margin, values
from tiletum_tui.games.carcassonne.opponents.explain import explain
from tiletum_tui.games.carcassonne.opponents.options import turn_options
from tiletum_tui.games.carcassonne.opponents.reasons import after_turn, parts
from tiletum_tui.games.carcassonne.ui import why
from tiletum_tui.shell.session import EVERY_SEAT, Session
from tiletum_tui.shell.ui.app import TiletumApp

from .helpers import settings

# The start tile D (city N, road E-W); Ann's A (a cloister with a road) east of it ends the road there,
# with her thief on it; Bob's A west of it would close that road: Ann's thief is on it.
ROAD_TAKEN = ("1: place A at 1,0 r1", "1: thief road W")


class _Stacked(CarcassonneGame):
    """A game whose face-down tiles come in a chosen order (``engine.positions.stacked``)."""

    def __init__(self, pile) -> None:
        self.pile = pile

    def new_game(self, settings_):
        return stacked(settings_, self.pile)


def _road_taken():
    return stacked(settings(2), ("A", "A", "B"), ROAD_TAKEN)


def test_the_engines_preview_says_the_completed_road_has_a_follower_already():
    state = _road_taken()
    seen = preview(state, "A", -1, 0, 3)
    road = next(s for s in seen.spots if s.role == "thief")
    assert road.segment in seen.completes and road.refused and road.holders == (0,)
    # the follower step refuses it too: the preview and the move agree
    placed = apply(state, Place(1, "A", -1, 0, 3))
    assert Deploy(1, "thief", road.name) not in legal_actions(placed)


def test_v_never_offers_a_follower_on_a_feature_already_occupied():
    state = _road_taken()
    words = why.preview_words(state, -1, 0, 3)
    assert "Placed so, it completes a road of 3 tiles: Ann 3." in words
    assert "could join" not in words and "thief road E" not in words.split("none on the")[0]
    assert "A follower of yours may then go on: monk cloister, farmer field; none on the road E (Ann on it " \
           "already)." in words


def test_v_says_a_follower_may_go_on_a_feature_the_tile_completes_when_nobody_is_on_it():
    """The rules' order is complete, deploy, score: a knight on the city the tile closes scores it at once."""
    seed = next(s for s in range(1, 2000) if new_game(settings(2, s)).drawn == "E")
    state = view(new_game(settings(2, seed)))
    words = why.preview_words(state, 0, -1, 2)
    assert "it completes a city of 2 tiles: nobody is on it" in words
    assert "knight city S (completed: it scores at once)" in words


def test_v_with_an_empty_supply_says_no_follower_may_go():
    state = _road_taken().clone()
    state.supply[1] = 0
    words = why.preview_words(state, -1, 0, 3)
    assert "No follower of yours may go on it: the player must take it from his supply, and yours is empty" in words
    assert "may then go on" not in words


async def test_v_on_screen_in_the_position_of_the_issue(tmp_path):
    session = Session.new(settings(2), save_dir=tmp_path, game=_Stacked(("A", "A", "B")), autosave=False)
    for move in ROAD_TAKEN:
        session.apply(move, by=EVERY_SEAT)
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        screen._move_to((-1, 0), screen._places(session.state))
        screen.rotation = 3
        await pilot.press("v")
        msg = str(screen.query_one("#carc-msg").content)
        assert "none on the road E (Ann on it already)" in msg and "could join" not in msg
        assert len(session.log) == 2  # a preview changes nothing


# ---------------------------------------------------------------- x: the evaluation taken apart
def test_the_parts_add_up_to_the_change_the_evaluation_ranks_by():
    """Over random positions of 2-4 players, with and without the River: for each whole turn the master
    ranks, its parts sum, per player, to that player's value after the turn less before (so the words
    explain exactly the number the hint shows)."""
    checked = 0
    for seed in range(1, 5):
        players = 2 + seed % 3
        state = new_game(settings(players, seed, river=seed % 2 == 0))
        rng = random.Random(seed)
        for turn in range(50):
            if state.phase == "over":
                break
            if state.phase == "place" and turn % 5 == 0:
                seen = view(state, state.seat)
                for option in turn_options(seen, state.seat, MASTER_ODDS)[:6]:
                    total = [sum(p.points[s] for p in parts(seen, option.place, option.deploy)) for s in range(players)]
                    change = [a - b for a, b in zip(values(after_turn(seen, option.place, option.deploy),
                                                           odds=MASTER_ODDS), values(seen, odds=MASTER_ODDS))]
                    assert all(abs(a - b) < 1e-9 for a, b in zip(total, change)), (seed, turn, option)
                    # and the margin the ranking uses is the same number
                    gain = option.value - margin(values(seen, odds=MASTER_ODDS), state.seat)
                    assert abs(margin(total, state.seat) - gain) < 1e-9
                    checked += 1
            state = apply(state, rng.choice(legal_actions(state)))
    assert checked > 50


def _quiet_position():
    """A position where the master's first choices include a quiet move (no completion, no follower):
    Ann has a thief on the start's road, Bob's straight road U extends it."""
    return stacked(settings(2), ("A", "U", "A"), ROAD_TAKEN)


def test_a_quiet_hint_says_why():
    """Seen: "place V at -1,0, then no follower … +1.0" with no word why. A quiet suggestion now says
    what matters most in its worth: here, Bob's straight road lengthens Ann's road (her thief's)."""
    seen = view(_quiet_position(), 1)
    place, none = Place(1, "U", -1, 0, 1), Deploy(1, None, None)
    words = explain(seen, place, none, -0.7, 0.4)
    assert words.startswith("Master: place U at -1,0, turned 90°, then no follower: ")
    assert "Ann's road: 2 tiles, 1 open end → 3 tiles, 1 open end (Ann +" in words


def test_a_next_best_worth_more_points_says_why_it_is_second():
    seen = view(_quiet_position(), 1)
    words = explain(seen, Place(1, "U", -1, 0, 1), Deploy(1, None, None), 1.0, 0.6,
                    [Place(1, "U", 0, 1, 1), Deploy(1, "thief", "road E-W")], 1.4, 0.55)
    assert "(+1.4, 55% to win): more points now, fewer wins when the master played out the tiles to come" in words
    # seen at 80x24: 49% against 49%: not "fewer wins", but what the master's ranking is (its playouts' choices)
    words = explain(seen, Place(1, "U", -1, 0, 1), Deploy(1, None, None), 1.0, 0.493,
                    [Place(1, "U", 0, 1, 1), Deploy(1, "thief", "road E-W")], 1.4, 0.489)
    assert "(+1.4, 49% to win): more points now, but the master's playouts chose the first more often" in words


def test_x_on_a_place_says_it_fits_what_it_does_and_how_it_ranks():
    seen = view(_quiet_position(), 1)
    said = why.place_why(seen, -1, 0, 1)
    text = "\n".join(said.lines)
    assert said.title == "Why?" and said.topic == "place"
    assert "It fits here" in text and "Placed so, it completes nothing." in text
    options = turn_options(seen, 1, MASTER_ODDS)
    here = [o for o in options if (o.place.x, o.place.y) == (-1, 0)][0]
    now = margin(values(seen, odds=MASTER_ODDS), 1)
    assert f"{here.value - now:+.1f}, the " in text  # the figure the hint would show for it
    if options[0] is not here:
        best = options[0]
        assert f"the best: {best.place.design} at {best.place.x},{best.place.y}" in text
    assert "Ann's road" in text  # its parts, in words


def test_x_on_a_place_where_the_tile_does_not_fit_says_the_engines_reason():
    seen = view(_quiet_position(), 1)
    said = why.place_why(seen, 5, 5, 0)
    assert said.title == "Why not?"
    assert "at least one edge abutting one previously placed tile" in "\n".join(said.lines)


def test_x_on_a_greyed_follower_line_gives_the_engines_reason():
    state = apply(_road_taken(), Place(1, "A", -1, 0, 3))
    road = next(s for s in spots(state) if s.role == "thief")
    said = why.follower_why(view(state, 1), road.segment)
    assert said.title == "Why not?" and road.refused in "\n".join(said.lines)
    monk = next(s for s in spots(state) if s.role == "monk")
    said = why.follower_why(view(state, 1), monk.segment)
    assert said.title == "Why?" and "It goes for a cloister" in "\n".join(said.lines)
    assert "lines that may be chosen" in "\n".join(said.lines)


async def test_x_opens_the_why_on_screen_and_f1_the_rules(tmp_path):
    from tiletum_tui.games.carcassonne.ui.shell import WhyNote
    from tiletum_tui.shell.ui.rules_screen import RulesBrowser

    session = Session.new(settings(2), save_dir=tmp_path, game=_Stacked(("A", "U", "A")), autosave=False)
    for move in ROAD_TAKEN:
        session.apply(move, by=EVERY_SEAT)
    app = TiletumApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("x")
        await pilot.pause()
        assert isinstance(app.screen, WhyNote) and "How the master weighs it" in "\n".join(app.screen.lines)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, RulesBrowser)
        assert len(session.log) == 2
