"""The rules pages: every page renders, Cards & Components lists every tile, topics and search work."""

from __future__ import annotations

import pytest

from tiletum_tui.games.tiletum.engine import KINDS
from tiletum_tui.games.tiletum.engine.decisions import FRAME_RULES
from tiletum_tui.games.tiletum.learn import cards, pages
from tiletum_tui.games.tiletum.learn.words import effects_words, tile_words

CAT = pages.default_catalogue()


@pytest.mark.parametrize("page_id", pages.PAGE_ORDER)
def test_every_page_renders(page_id):
    page = pages.page(page_id)
    text = pages.render(page)
    assert page.title in text and len(page.sections) >= 3
    for s in page.sections:
        assert s.heading and s.body.strip(), (page_id, s.id)
    assert len({s.id for s in page.sections}) == len(page.sections)


def test_the_four_pages_the_issue_asks_for_and_the_expansions():
    titles = [pages.page(p).title for p in pages.PAGE_ORDER]
    assert titles == ["Rounds and Turns", "Actions and Tasks", "Cards & Components", "Final scoring",
                      "Prospect for Silver"]  # issue 13: the rules browser covers the expansion


def test_every_tile_of_the_catalogue_is_on_cards_and_components():
    text = pages.render(pages.page("cards"))
    missing = [i for i in cards.all_tile_ids(CAT) if i not in text]
    assert not missing, missing
    for t in CAT.tiles.values():  # and with its effect in words (Characters are grouped by their Action)
        assert (effects_words(t.effects) if t.kind == "character" else tile_words(t)) in text, t.id


@pytest.mark.parametrize("section", ["bonus", "helpers", "characters", "contracts", "crests", "fair-tiles",
                                     "cathedrals", "construction-costs", "town-tiles"])
def test_cards_has_a_section_per_kind_of_component(section):
    assert pages.page("cards").section(section).body


def test_pages_use_the_catalogue_numbers():
    text = pages.render(pages.page("rounds"))
    assert " ".join(f"{v:+d}" if v else "0" for v in CAT.tracks.king_track) in text
    assert f"{CAT.tracks.king_round4_vp} VP" in text


def test_every_topic_and_every_rule_points_at_a_real_section():
    for name, (page_id, section_id) in pages.TOPICS.items():
        assert pages.page(page_id).section(section_id), name
    for rule in [*(k.RULE for k in KINDS.values()), *FRAME_RULES.values()]:
        assert pages.page(rule.page).section(rule.section)


def test_topic_lookup():
    assert pages.topic(None) == ("rounds", None)
    assert pages.topic("cards") == ("cards", None)
    assert pages.topic("actions:crest") == ("actions", "crest")
    assert pages.topic("map-view") == ("actions", "map")
    assert pages.topic("rules: fair")[0] == "rounds"


def test_search_finds_sections_with_every_word():
    hits = pages.search("rules: fair")
    assert hits and hits[0].section == "fair"
    assert all("stone" in pages.page(h.page).section(h.section).text.lower() for h in pages.search("stone"))
    assert pages.search("zzzz") == [] and pages.search("") == []
    storehouse = pages.search("storehouse full")
    assert any(h.section == "storehouse" for h in storehouse)


def test_the_learn_package_is_headless():
    """Like the engine, tiletum_tui.games.tiletum.learn never loads textual, rich or the UI package."""
    import subprocess
    import sys

    code = ("import sys, importlib\n"
            "for m in ('pages', 'cards', 'explain', 'preview', 'hints', 'tutorial', 'tutorial_script',\n"
            "          'tutorial_checklist', 'narrate', 'opponent'):\n"
            "    importlib.import_module('tiletum_tui.games.tiletum.learn.' + m)\n"
            "from tiletum_tui.games.tiletum.learn import pages; pages.pages()\n"
            "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich') or m.startswith('tiletum_tui.games.tiletum.ui'))\n"
            "print(','.join(bad)); sys.exit(1 if bad else 0)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr[-500:]
