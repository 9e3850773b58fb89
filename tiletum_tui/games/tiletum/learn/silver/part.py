"""Prospect for Silver's words (its ``learn`` part, named in ``tiletum_tui/games/tiletum/registry.py``): its effects in
words, the Underground Cathedral for the hints, its rules page and its topics, its components on Cards &
Components (the texts themselves: ``texts``), its lesson (``lesson``)."""

from __future__ import annotations

from ...data import silver_schema as SX
from ...engine.silver.underground import UndergroundCathedral
from ..parts import LearnPart
from .lesson import SILVER
from .texts import component_sections
from .texts import silver_page


def _plural(n: int) -> str:
    return "s" if n > 1 else ""


def _page(cat):
    return silver_page(cat)


def _components(cat):
    if not any(t.pile == "underground" for t in cat.tiles.values()):  # a game without the expansion
        return ()
    return component_sections(cat)


PART = LearnPart(
    effect_words={
        SX.GainSilver: lambda e, pick: f"gain {e.silver} Silver",
        SX.ProspectorStep: lambda e, pick: pick(
            f"move your Prospectors up to {e.steps} step{_plural(e.steps)} (each step: one Prospector to an adjacent "
            "space)", f"move your Prospectors up to {e.steps} step{_plural(e.steps)}"),
        SX.PlaceMine: lambda e, pick: pick("place a Mine from your supply in a Town where one of your Prospectors is",
                                           "place a Mine where your Prospector is"),
        SX.BonusAPMarker: lambda e, pick: pick(
            f"put a new Bonus AP marker (+{e.ap}) on an Action of your choice (not the Joker)",
            f"a Bonus AP marker (+{e.ap}) on an Action"),
        SX.TakeResourceBonusTile: lambda e, pick: pick("take a Resource Bonus tile from this Technology",
                                                       "take a Resource Bonus tile"),
    },
    hint_kinds=(UndergroundCathedral,),
    pages={"silver": _page},
    topics={
        "silver": ("silver", "silver"), "prospector": ("silver", "prospector"), "underground": ("silver", "underground"),
        "underground-view": ("silver", "underground"), "technologies": ("silver", "technologies"),
        "technology-view": ("silver", "technologies"), "mine": ("silver", "mine"), "tablet": ("silver", "underground"),
    },
    components=_components,
    lessons=(SILVER,),
)
