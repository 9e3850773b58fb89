"""One Table for every game and every door (issue 39): ``table.Table``, its ``updates``, its one
opponents' driver (``driver``) and hint path (``hints``). No Textual, no Rich here (a contract)."""

from .table import Table, WATCHER_REASONS
from . import updates

__all__ = ["Table", "WATCHER_REASONS", "updates"]
