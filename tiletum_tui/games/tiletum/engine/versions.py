"""The rules versions: the one home of which versions exist and which one a new game is played under.

``state.Settings.rules`` defaults to ``RULES_VERSION``; ``ruleset`` builds each version's rules;
``game.TiletumGame`` tells the saves which versions can be replayed. (A module of its own because
``state`` and ``ruleset`` both need it and neither imports the other.)

Every rules version this program can play and replay, and what changed in each:
  1: the first release's catalogue (13 authored Towns; Character marks on single copies).
  2: the map of the published game (23 Towns, 6 Road spaces, 9 Cathedrals), Character marks on whole
     designs (every Building can be filled at every player count), Fair tile values of a public edition.
"""

RULES_VERSIONS = (1, 2)
RULES_VERSION = RULES_VERSIONS[-1]  # what a new game is played with (the default of ``Settings.rules``)
