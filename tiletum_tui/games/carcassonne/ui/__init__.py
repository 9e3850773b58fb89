"""Carcassonne's screens (Textual): they draw ``engine.view`` and hand actions to the session."""
