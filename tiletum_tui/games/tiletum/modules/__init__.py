"""Where the modules of this program (variants, expansions) register themselves: one file a module.

Each file here holds ``NAME``, the module's name as ``Settings.modules`` writes it, and ``PARTS``, the
Python module of each of its layer parts (``tiletum_tui/games/tiletum/registry.py``'s layers); it imports nothing, so
the registry may read it from below every layer. ``tiletum_tui/games/tiletum/registry.py`` finds them by listing
this package, in the order of the files' names, so a new module is added by adding its own files (its
parts and one file here) without editing any base file.
"""
