"""Carcassonne's components as data: ``tiles.json`` read strictly by ``catalogue.load``."""

from .catalogue import Catalogue, Design, Segment, load

__all__ = ["Catalogue", "Design", "Segment", "load"]
