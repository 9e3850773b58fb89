"""How much each term of Tiletum's evaluation counts (``evaluate.terms``), by round: the journeyman's as
written (``ONE``), the master's fitted to what the terms foretold and corrected by the rules (``MASTER_WEIGHTS``;
docs/opponents.md, "The evaluation"). Every weight is a guess measured by the arena, not a rule."""

from __future__ import annotations

from typing import NamedTuple

from ..engine.state import State

# The terms of a player's estimate, in this order (``terms``); a ``Weights`` multiplies each, by round.
TERMS = ("houses x pillars", "modules", "completed buildings", "rooms", "bonus ap", "resources", "king",
         "king later", "highest", "fair", "later fairs", "contracts", "storehouse others", "full storehouse",
         "cathedrals", "pieces", "pieces counted once", "completed rooms", "cathedrals counted once", "stone promised",
         "full storehouse for now")
# The terms the journeyman leaves out (weight 0 in ``ONE``): issue 43's corrections, the master's only, so the
# journeyman (the level every other is measured against) plays as it did.
MASTER_ONLY = ("pieces counted once", "completed rooms", "cathedrals counted once", "stone promised",
               "full storehouse for now")
FITTED = tuple(t for t in TERMS if t not in MASTER_ONLY)  # the terms ``bench.weights`` fits (the rest follow them)


class Weights(NamedTuple):
    """How much each term of the estimate counts (``TERMS``' order), one row per round (1-4). The
    journeyman's (``ONE``) counts each as written; the master's (``MASTER_WEIGHTS``, by the number of
    players) are fitted to what the terms foretold in journeyman games (docs/opponents.md, "The evaluation")."""

    rounds: tuple[tuple[float, ...], ...]


ONE = Weights((tuple(0.0 if t in MASTER_ONLY else 1.0 for t in TERMS),) * 4)
# The master's, by the number of players (``bench.weights``, docs/opponents.md): at 2 players fitted to the
# master's own 300 games against the journeyman (``fit_saved``), at 3-4 to the turn starts of journeyman
# games (400 2-player and 200 4-player). Read by round: Rooms filled towards a Completed Building, Bonus AP,
# a blue King space that stays and where the pieces stand foretold more than written (up to 10x, 3x, 6x and
# 4x), a Contract in the Storehouse less (0-0.7x), and a full Storehouse cost 1.3-9x; the modules' term (the
# expansion's) is not fitted: as written.
_TWO_PLAYERS = Weights((
    (1.06, 1.0, 1.0, 9.7, 1.0, 1.35, 1.61, 6.05, 0.5, 0.53, 0.84, 0.0, 0.0, 8.68, 1.24, 0.55),
    (1.41, 1.0, 1.57, 5.49, 1.96, 1.69, 1.86, 3.9, 0.34, 0.93, 1.04, 0.22, 0.59, 3.55, 1.23, 2.07),
    (1.29, 1.0, 0.93, 4.67, 2.74, 1.61, 1.49, 3.77, 1.11, 1.03, 0.95, 0.37, 1.49, 3.28, 1.06, 3.52),
    (1.07, 1.0, 0.93, 4.64, 2.0, 1.06, 1.09, 1.0, 1.06, 0.95, 1.0, 0.56, 1.61, 1.91, 0.85, 3.98),
))
_MORE_PLAYERS = Weights((
    (0.9, 1.0, 1.0, 1.57, 0.0, 1.02, 1.56, 2.95, 0.67, 0.61, 0.8, 0.44, 0.66, 3.8, 1.06, 0.67),
    (1.1, 1.0, 2.09, 1.68, 1.37, 1.4, 1.38, 3.08, 0.48, 0.95, 1.03, 0.71, 1.29, 2.31, 1.04, 1.74),
    (1.14, 1.0, 1.4, 3.15, 2.34, 1.5, 1.32, 2.61, 1.05, 1.05, 0.99, 0.67, 1.14, 2.46, 0.97, 2.59),
    (1.05, 1.0, 1.0, 6.1, 2.69, 1.11, 1.1, 1.0, 0.88, 0.97, 1.0, 0.7, 1.37, 2.03, 0.95, 3.62),
))


def _by_the_rules(w: Weights) -> Weights:
    """Issue 43 (Tiletum's whole board) on the fitted weights above (their 16 terms, as fitted), where the
    estimate, or a weight read as one to steer by, made the master leave on the table what the rules pay:
    - this round's Fair counts at least what the rules score for it (a House or the Merchant in its Town when
      the Fair comes: its VP per time, times the condition's count; weight at least 1). The fit had it as low
      as 0.5 in round 1, where every Merchant starts in Tiletum, the first Fair's Town, so the term barely told
      players apart: the master walked away from a Fair it stood at for half of what that Fair pays;
    - a House or Pillar in supply near a good Town is counted once (``pieces counted once``, weighed as the
      term it corrects): the Houses x Pillars term already counts a piece in supply as placed, and the Town's
      worth counted its Pillars (Houses) again;
    - and that promise counts at most as written (weight at most 1, the journeyman's): the fit had it at up to
      4, so standing near a Town outweighed building there;
    - a Completed Building keeps what its filled Rooms were counted for on the way (``completed rooms``,
      weighed as the Rooms term): the fit counts a Room filled towards a Completed Building at up to 10 times,
      and the first two Completed Buildings score nothing at the end (0/0/5/10/20/30), so placing the Crest that
      completes one lost the master up to 12 VP (in 232 of 278 positions: a Building one Crest short,
      journeyman games, seeds 1-7, 2 and 4 players, each round's first turn) and it did not complete it;
    - the Stone in hand is counted once (``cathedrals counted once``, weighed as the Cathedrals term, and ``stone
      promised``, as the Resources term): the Cathedrals term counts it in full for every Cathedral a Pillar
      allows, and the Resources term again, so building a Cathedral lowered the master's value in 403 of 485
      positions (journeyman games, seeds 1-12, 2 players, every position where one could be built, by up to 13
      VP); and a Cathedral's promise counts at most as written (weight at most 1: the fit had it at up to 1.24);
    - a full Storehouse costs nothing in the middle of the player's own turn (``full storehouse for now``, weighed
      as the full Storehouse term, which it takes back; ``evaluate.as_turn_ends`` charges it again where a plan
      ends): it was fitted at turn starts, up to 13 VP in round 1, and mid-turn it made the planner drop every
      line that took a tile into the last free space to use it a move later (hiring a Character lowered the
      master's value in 510 of 860 positions; the planner's turn differed in 79 of 192 turn starts).
    Placing a House or Pillar where its Merchant or Architect stood lowered the master's value in 59 of 723
    positions (journeyman games, seeds 1-14, 2 and 4 players, each round's first turn, up to 4 Towns per piece)
    and it kept the piece; with the piece counted once 51, with the cap 7 (the journeyman's estimate: 7), with
    both 1 (by 0.05 VP). With the Completed Building's Rooms kept, completing it never lowers the master's value
    there. ``bench.weights`` fits every term of ``TERMS``: a refit is of the first 16, the rest follow them."""
    fair, pieces, rooms = TERMS.index("fair"), TERMS.index("pieces"), TERMS.index("rooms")
    cathedrals, resources, full = TERMS.index("cathedrals"), TERMS.index("resources"), TERMS.index("full storehouse")
    rows = []
    for row in w.rounds:
        row = list(row)
        row[fair] = max(1.0, row[fair])
        row[pieces] = min(1.0, row[pieces])
        row[cathedrals] = min(1.0, row[cathedrals])
        # the corrections, weighed as the terms they correct
        rows.append(tuple(row) + (row[pieces], row[rooms], row[cathedrals], row[resources], row[full]))
    return Weights(tuple(rows))


MASTER_WEIGHTS = {2: _by_the_rules(_TWO_PLAYERS), 3: _by_the_rules(_MORE_PLAYERS), 4: _by_the_rules(_MORE_PLAYERS)}


def master_weights(state: State) -> Weights:
    """The master's weights for this state's table (in its simulations every player weighs with them)."""
    return MASTER_WEIGHTS[len(state.players)]
