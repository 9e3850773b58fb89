"""Prospect for Silver, the expansion, as a module of the ruleset (``module.SilverModule``).

One module per section of the expansion's text (``/work/shared/rules/tiletum-prospect-for-silver.txt``,
played as docs/silver.md says): ``setup`` (Preparation), ``silver`` (Silver), ``technologies``,
``underground`` (Underground Maps), ``prospector`` (the Prospector Action Wheel), ``king`` (King Phase
Changes), ``cleanup`` (Cleanup Phase Additions), ``scoring`` (Final Scoring, and the new Fair tiles);
``state`` holds what the expansion adds to a game, ``tables`` the indices of its components, and
``module`` joins them to the base game through the ruleset's hooks.

This package's ``__init__`` imports nothing: ``engine/state.py`` reads ``silver.state`` while the rule
modules are still being imported.
"""
