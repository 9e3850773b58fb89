"""The scoring categories: where a player's ledger books each VP it scores, and the breakdown table's rows.

A category's key is what saves, logs and the final table hold (``Player.ledger``, ``Scored.category``):
keep the words. The engine scores under these objects only (``effects.score`` takes one), and everything
that reads a ledger names its category from here, so a category has one home.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Category:
    """A scoring category: the ledger key, its title in the breakdown table, scored at the end or not."""

    key: str
    title: str
    at_end: bool = False


START = Category("start", "Start")
KING = Category("king", "King track")
FAIRS = Category("fairs", "Fairs")
CONTRACTS = Category("contracts", "Contracts")
CATHEDRALS = Category("cathedrals", "Cathedrals")
HOUSES = Category("houses", "House spaces")
CHARACTERS = Category("characters", "Characters")
CRESTS = Category("crests", "Crest spaces")
HELPERS = Category("helpers", "Helpers")
HOUSES_X_PILLARS = Category("houses x pillars", "Houses × Pillars", True)
COMPLETED_BUILDINGS = Category("completed buildings", "Completed Buildings", True)
RESOURCES_LEFT = Category("resources", "Resources left", True)

# The base game's, in the breakdown table's order (the end's in the order of final scoring)
BASE_CATEGORIES: tuple[Category, ...] = (START, KING, FAIRS, CONTRACTS, CATHEDRALS, HOUSES, CHARACTERS, CRESTS,
                                         HELPERS, HOUSES_X_PILLARS, COMPLETED_BUILDINGS, RESOURCES_LEFT)
