"""Modal dialogs: each returns a typed result through ``dismiss``."""
