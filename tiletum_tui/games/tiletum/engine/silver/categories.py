"""Prospect for Silver's scoring categories (``engine/categories.py``: the base game's; the keys are what
saves hold: keep the words)."""

from __future__ import annotations

from ..categories import Category

TECHNOLOGIES = Category("technologies", "Technologies")  # what Technologies give during the game ("whenever ...")
OVERLAY = Category("scoring overlay", "Scoring overlay", True)  # instead of Houses x Pillars
SILVER_LEFT = Category("silver", "Silver left", True)
TECHNOLOGY_TIERS = Category("technology tiers", "Technology tiers", True)
CATEGORIES = (TECHNOLOGIES, OVERLAY, SILVER_LEFT, TECHNOLOGY_TIERS)
