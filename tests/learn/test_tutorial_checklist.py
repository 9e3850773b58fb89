"""The lessons' checklists, kept honest (issue 10's checklist; issue 24: "a concept counts only with its
step"): every concept is taught by a move the learner makes, or, where no move can show it, by a question
about the position on screen; and a step that names a concept really shows it: its move does what the
concept is about (``MOVES``: one check per concept, on the states before and after), or its question's
right answer is what the engine does (``QUESTIONS``). Only the goal and a few things the game does by
itself are shown by a step to read (``SHOWN_NOT_PLAYED``)."""

from __future__ import annotations

import pytest

from tiletum_tui.games.tiletum.engine import options
from tiletum_tui.games.tiletum.engine.categories import KING
from tiletum_tui.games.tiletum.engine.characters import Hire, Refresh, Room
from tiletum_tui.games.tiletum.engine.contracts import Exchange, TakeContract
from tiletum_tui.games.tiletum.engine.effects import score
from tiletum_tui.games.tiletum.engine.king import ClaimKingTile, DiscardKingTile, KingStep
from tiletum_tui.games.tiletum.engine.map_actions import MovePiece, PlaceHouse, PlacePillar, TakeBonus
from tiletum_tui.games.tiletum.engine.queries import ap_lost_by, die_resource, houses_on_map, pillars_on_map, standings
from tiletum_tui.games.tiletum.engine.ruleset import rules_for
from tiletum_tui.games.tiletum.engine.silver.common import me, sv
from tiletum_tui.games.tiletum.engine.silver.technologies import AdvanceTechnology, PlaceMarker
from tiletum_tui.games.tiletum.engine.silver.underground import UndergroundCathedral
from tiletum_tui.games.tiletum.engine.state import ActionFrame, JokerFrame, clone
from tiletum_tui.games.tiletum.engine.tasks import TASKS, BuildCathedral, Fulfil, PlaceCrest, UseHelper
from tiletum_tui.games.tiletum.engine.turn import ChooseAction, EndTurn, TakeDie
from tiletum_tui.games.tiletum.learn import tutorial as T
from tiletum_tui.games.tiletum.learn.explain import why_not
from tiletum_tui.games.tiletum.learn.lessons import BASE, LESSONS
from tiletum_tui.games.tiletum.learn.silver.lesson import SILVER

from .conftest import walk_lesson
from tiletum_tui.games.tiletum.engine.state import put

WALKS = {lesson.id: list(walk_lesson(lesson)) for lesson in LESSONS}


# ---------------------------------------------------------------- what a move must do to teach a concept
def _me(b, a):
    return b.players[a.seat]


def _top(s):
    return s.stack[-1] if s.stack else None


def _action_after(a_name):
    """The move opens (or is made in) that Action."""
    def check(b, a, after):
        return any(isinstance(f, ActionFrame) and f.action == a_name for f in (_top(b), _top(after)))
    return check


def _on_king_track(b, seat):
    return next(i for i, stack in enumerate(b.board.king_track) if seat in stack)


def _shares_king_space(b, a, after):
    space = b.board.king_track[_on_king_track(b, a.seat)]
    return len(space) > 1


def _fair_town(b, town):
    return any(f.town == town for f in b.board.fairs if not f.done)


def _silver(s, seat):
    return me(s, seat).silver


BASE_MOVES = {
    "die-ap": lambda b, a, after: isinstance(a, TakeDie),
    "resources-by-colour": lambda b, a, after: isinstance(a, TakeDie) and any(
        o.action == a and o.gain == ((die_resource(b, a.colour), a.target),) for o in options(b)),
    "change-die": lambda b, a, after: isinstance(a, TakeDie) and a.target != a.value
    and after.players[a.seat].resources["G"] < _me(b, a).resources["G"] + (a.target if a.colour == "Y" else 0),
    "second-player-gold": lambda b, a, after: isinstance(a, TakeDie) and a.target != a.value
    and b.turn_order[0] != a.seat and _me(b, a).resources["G"] > min(p.resources["G"] for p in b.players),
    "ap-lost": lambda b, a, after: isinstance(a, EndTurn) and ap_lost_by(b, a) is not None,
    "tasks": lambda b, a, after: isinstance(a, TASKS),
    "map-codes": lambda b, a, after: isinstance(a, MovePiece),
    "action-architect": lambda b, a, after: isinstance(a, MovePiece) and a.piece == "architect",
    "action-merchant": _action_after("merchant"),
    "action-character": _action_after("character"),
    "action-contract": lambda b, a, after: _action_after("contract")(b, a, after) and isinstance(a, (TakeDie, Exchange)),
    "action-king": _action_after("king"),
    "action-joker": lambda b, a, after: isinstance(_top(after), JokerFrame) or isinstance(_top(b), JokerFrame),
    "bonus-tiles": lambda b, a, after: (isinstance(a, TakeDie) and a.bonus) or isinstance(a, TakeBonus),
    "storehouse": lambda b, a, after: len(_me(b, a).storehouse) != len(after.players[a.seat].storehouse)
    or len(_me(b, a).storehouse) == rules_for(b.settings).player_board.storehouse,
    "characters": lambda b, a, after: isinstance(a, (Hire, Room)),
    "one-picture": lambda b, a, after: isinstance(a, Room) and any(
        t and rules_for(b.settings).tiles[t].design == rules_for(b.settings).tiles[a.tile].design
        for t in _me(b, a).rooms[a.building - 1]),
    "roof-house": lambda b, a, after: isinstance(a, Room) and after.players[a.seat].houses > _me(b, a).houses,
    "character-bonus": lambda b, a, after: isinstance(a, MovePiece) and not isinstance(_top(b), ActionFrame),
    "helpers": lambda b, a, after: isinstance(a, UseHelper),
    "contracts": lambda b, a, after: isinstance(a, (Fulfil, TakeContract)),
    "contract-spaces": lambda b, a, after: isinstance(a, Fulfil) and sum(map(bool, after.players[a.seat].contracts))
    > sum(map(bool, _me(b, a).contracts)),
    "pillars": lambda b, a, after: isinstance(a, PlacePillar) or after.players[a.seat].pillars > _me(b, a).pillars,
    "crests": lambda b, a, after: isinstance(a, PlaceCrest) or (isinstance(a, TakeContract) and rules_for(
        b.settings).tiles[a.tile].kind == "crest") or (isinstance(a, PlacePillar) and not isinstance(_top(b), ActionFrame)),
    "completed-building": lambda b, a, after: after.players[a.seat].completed != _me(b, a).completed
    or (isinstance(a, ChooseAction) and _top(after).ap > _top(b).ap),
    "cathedrals": lambda b, a, after: isinstance(a, BuildCathedral),
    "construction-cost": lambda b, a, after: isinstance(a, BuildCathedral)
    and after.players[a.seat].resources["S"] < _me(b, a).resources["S"],
    "houses": lambda b, a, after: isinstance(a, PlaceHouse),
    "house-spaces": lambda b, a, after: isinstance(a, PlaceHouse),
    "building-bonus": lambda b, a, after: (isinstance(a, PlaceHouse) and rules_for(b.settings).spaces[a.town]
                                           .house_spaces[a.space - 1].bonus == "building") or a.verb() == "building",
    "vp-spaces": lambda b, a, after: isinstance(a, PlaceHouse) and after.players[a.seat].vp > _me(b, a).vp,
    "king-track": lambda b, a, after: isinstance(a, KingStep),
    "king-stacks": lambda b, a, after: isinstance(a, (KingStep, ClaimKingTile)) and _shares_king_space(b, a, after),
    "corruption": lambda b, a, after: any(b.board.corruption_revealed) and _action_after("king")(b, a, after),
    "turn-order": lambda b, a, after: isinstance(a, (KingStep, ClaimKingTile)),
    "king-phase-choice": lambda b, a, after: isinstance(a, (ClaimKingTile, DiscardKingTile)),
    "fair": lambda b, a, after: isinstance(a, MovePiece) and _fair_town(b, a.to),
    "next-fair": lambda b, a, after: isinstance(a, MovePiece) and _fair_town(b, a.to),
    "cleanup": lambda b, a, after: isinstance(a, TakeDie) and b.round > 1 and b.lap == 1,
    "final-scoring": lambda b, a, after: houses_on_map(after, a.seat) * pillars_on_map(after, a.seat)
    != houses_on_map(b, a.seat) * pillars_on_map(b, a.seat),
    "architect-bonus": lambda b, a, after: isinstance(a, TakeBonus) and _top(b).action == "architect",
    "discard-offer": lambda b, a, after: isinstance(a, Refresh) and after.board.character_offer != b.board.character_offer,
    # a Helper's Action: the player has Bonus AP for it, and it gets none
    "bonus-ap-helpers": lambda b, a, after: isinstance(a, ChooseAction) and _top(b).source == "helper"
    and _me(b, a).bonus_ap.get(a.action, 0) > 0 and _top(after).ap == _top(b).ap,
}

SILVER_MOVES = {
    "shared-section": lambda b, a, after: isinstance(a, TakeDie) and a.action == "prospector",
    "section-bonus": lambda b, a, after: isinstance(a, TakeDie) and a.action == "prospector" and a.bonus,
    "two-values": lambda b, a, after: isinstance(a, TakeDie) and a.action == "prospector",
    "prospector-move": lambda b, a, after: a.verb() == "prospect",
    "mine": lambda b, a, after: a.verb() == "mine" and _silver(after, a.seat) > _silver(b, a.seat),
    "silver-not-resource": lambda b, a, after: a.verb() == "mine" and not any(
        o.legal and o.action.verb() == "buy" and o.action.resource not in "GFWSI" for o in options(b)),
    "underground-house": lambda b, a, after: a.verb() in ("uhouse", "upillar"),
    "technology": lambda b, a, after: isinstance(a, AdvanceTechnology) or (
        isinstance(a, TakeDie) and sum(me(b, a.seat).technology.values()) > 0),
    "movement-point": lambda b, a, after: a.verb() == "step" or (isinstance(a, TakeDie) and any(
        o.legal and o.action.verb() == "step" for o in options(after))),
    "joker-prospector": lambda b, a, after: isinstance(a, ChooseAction) and a.action == "prospector",
    "stone-tablet": lambda b, a, after: len(sv(after).covered) > len(sv(b).covered),
    "underground-bonus": lambda b, a, after: a.verb() == "utake",
    "new-prospector": lambda b, a, after: a.verb() == "prospector"
    and len(me(after, a.seat).prospectors) > len(me(b, a.seat).prospectors),
    "blue-ribbon": lambda b, a, after: isinstance(a, KingStep),
    "mine-income": lambda b, a, after: isinstance(a, ClaimKingTile) and any(
        "Silver from" in getattr(e, "text", "") for e in b.events),
    "wheel-turns": lambda b, a, after: isinstance(a, TakeDie) and a.action == "prospector" and b.round > 1,
    "underground-cathedral": lambda b, a, after: isinstance(a, UndergroundCathedral) and after.players[a.seat].vp
    > b.players[a.seat].vp,
    # a Prospector moved in the same Action as another of the player's Prospectors acted (the Mine before it)
    "different-prospectors": lambda b, a, after: a.verb() == "prospect" and isinstance(_top(b), ActionFrame)
    and _top(b).spent > 0 and len(me(b, a.seat).prospectors) > 1,
    "character-markers": lambda b, a, after: (isinstance(a, AdvanceTechnology) and a.technology == "character"
                                              and me(after, a.seat).technology["tech-character"] >= 2)
    or isinstance(a, PlaceMarker),
}


# ---------------------------------------------------------------- what a question's right answer must be
def _with_king_frame_at_the_top(state, seat):
    s = clone(state)
    put(s.board, "king_track", tuple(tuple(x for x in stack if x != seat) for stack in s.board.king_track[:-1]) + (
        (*s.board.king_track[-1], seat),))
    put(s, "stack", (*s.stack, ActionFrame(seat, "king", 4, "die"),))
    return s


def _king_cap(step, state, lesson):
    r = rules_for(state.settings)
    top = r.tracks.king_track[-1]
    s = _with_king_frame_at_the_top(state, lesson.learner)
    refused = why_not(s, KingStep(lesson.learner))
    assert not refused.allowed and "top space" in refused.reason  # the engine stops a marker there
    below = r.tracks.king_track[-3]  # two spaces below the top: 4 AP would take it two past the top
    assert f"ends at {top:+d}" in step.text and step.answers[step.correct].startswith(f"{top:+d}")
    assert f"stood on {below:+d}, two spaces below the top" in step.text and "4 AP" in step.text


def _vp_floor(step, state, lesson):
    r = rules_for(state.settings)
    s = clone(state)
    put(s.players[lesson.opponent], "vp", 2)
    put(s, "events", ())
    score(r, s, lesson.opponent, -3, KING, "a red space")
    assert s.players[lesson.opponent].vp == 0 and step.answers[step.correct].startswith("0")
    assert "only 2 VP" in step.text and "Rosa -3" in step.text


def _contract_limit(step, state, lesson):
    r = rules_for(state.settings)
    spaces = len(state.players[lesson.learner].contracts)
    assert f"There are {spaces} Contract spaces: with all six" in step.reveal and spaces == 6
    s = clone(state)
    put(s.players[lesson.learner], "contracts", tuple("b30a" for _ in range(spaces)))
    contract = next(t for t in r.tiles.values() if t.kind == "contract")
    from tiletum_tui.games.tiletum.engine.queries import why_cannot_take
    assert "Contract spaces are filled" in why_cannot_take(r, s.players[lesson.learner], contract.id)
    assert step.answers[step.correct] == "No more Contracts can be taken"


def _winner(step, state, lesson):
    s = clone(state)
    for p in s.players:
        put(p, "vp", 50)
    assert standings(s)[0] == s.turn_order[0]  # a tie goes to the player first in turn order
    assert "first in turn order" in step.answers[step.correct]


HELPER_KINDS = {  # a Helper's effect -> the words the question uses for that kind
    "TakeAction": "an Action with its own AP", "AddAP": "AP added to your die's Action", "GainAny": "Resources",
    "Gain": "Gold or VP", "BuildingBonus": "a Building's Character bonuses", "DieResource": "a die's Resources of "
    "another type", "GainEach": "Resources",
}


def _helper_kinds(step, state, lesson):
    r = rules_for(state.settings)
    kinds = {type(fx).__name__ for t in r.tiles.values() if t.kind == "helper" for fx in t.effects}
    assert kinds <= set(HELPER_KINDS), sorted(kinds - set(HELPER_KINDS))  # every kind is one the step names
    said = (step.text + " " + " ".join(step.answers)).lower()
    missing = [k for k in kinds if HELPER_KINDS[k].lower() not in said]
    assert not missing, missing
    # the right answer: the kind used as a die is chosen (ruling 20) is the die-Resource one
    assert step.answers[step.correct].lower() == HELPER_KINDS["DieResource"].lower()


def _extra_pillar(step, state, lesson):
    from tiletum_tui.games.tiletum.data.silver import load_silver

    per = load_silver().rules.per_player
    assert per.pillars == 1 and per.extra_pillar_contract_space == 6 == len(state.players[lesson.learner].contracts)
    assert "eighth Pillar lies on the last one" in step.text and "sixth Contract" in step.answers[step.correct]
    assert rules_for(state.settings).player_board.contract_pillars == per.extra_pillar_contract_space


QUESTIONS = {"king-cap": _king_cap, "vp-floor": _vp_floor, "contract-limit": _contract_limit, "winner": _winner,
             "helper-kinds": _helper_kinds, "extra-pillar": _extra_pillar}
MOVES = {"base": BASE_MOVES, "silver": SILVER_MOVES}


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda x: x.id)
def test_every_concept_is_taught_by_a_move_or_a_question_about_the_position(lesson):
    taught = {c for _, s, _, action, _ in WALKS[lesson.id] if action is not None or s.question for c in s.teaches}
    missing = sorted(set(lesson.concepts) - lesson.shown_not_played - taught)
    assert not missing, f"no move or question teaches: {missing}"
    named = {c for s in lesson.steps for c in s.teaches}
    assert named <= set(lesson.concepts), sorted(named - set(lesson.concepts))
    assert lesson.shown_not_played <= named  # those are shown by a step to read


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda x: x.id)
def test_a_step_that_names_a_concept_really_shows_it(lesson):
    """Issue 24: "a concept counts only with its step": each move step's move does what each concept it
    names is about, and each question's right answer is what the engine does."""
    checks = MOVES[lesson.id]
    wrong = []
    for i, step, before, action, after in WALKS[lesson.id]:
        for c in step.teaches:
            if action is not None:
                assert c in checks, f"concept {c!r} has no check of the move that teaches it"
                if not checks[c](before, action, after):
                    wrong.append((i + 1, step.move, c))
            elif step.question:
                assert c in QUESTIONS, f"concept {c!r} has no check of the question that teaches it"
                QUESTIONS[c](step, before, lesson)
            else:
                assert c in lesson.shown_not_played or any(
                    c in s.teaches for _, s, _, a, _ in WALKS[lesson.id] if a is not None or s.question), (i + 1, c)
    assert not wrong, f"steps whose move does not show what they name: {wrong}"


def test_a_question_is_answered_by_choosing_and_a_wrong_answer_says_why():
    i, step, before, _, _ = next(x for x in WALKS["base"] if x[1].question)
    tut = T.Tutorial(i)
    assert not tut.next(before) and tut.index == i  # the continue key does not pass a question
    ok, why = tut.answer(before, (step.correct + 1) % len(step.answers))
    assert not ok and why == f"Not that one. {step.reveal}" and tut.index == i
    ok, why = tut.answer(before, step.correct)
    assert ok and why == f"Right. {step.reveal}" and tut.index == i + 1


def test_the_goal_and_the_round_are_shown_before_the_first_move():
    """'Show the goal (what final scoring counts, and v) at the start.'"""
    first_move = next(i for i, s in enumerate(T.STEPS) if s.kind == T.MOVE)
    shown = {c for s in T.STEPS[:first_move] for c in s.teaches}
    assert BASE.shown_not_played <= shown
    goal = T.STEPS[0]
    assert "goal" in goal.teaches and "press v" in goal.text.lower()
    assert all(w in goal.text for w in ("Houses x Pillars", "Completed Buildings", "Resources"))


def test_a_concept_is_taught_when_first_needed():
    """The King track is introduced by the King Action before the King phase speaks of 'highest'
    (the old step 31 said 'You are highest' before the track was ever taught)."""
    first = {}
    for i, s in enumerate(T.STEPS):
        for c in s.teaches:
            first.setdefault(c, i)
    assert first["king-track"] < first["king-phase-choice"]
    assert first["action-king"] < first["king-phase-choice"]
    assert first["change-die"] == first["second-player-gold"]  # the Gold is explained where it is spent
    assert first["action-contract"] <= first["contract-spaces"]
    assert first["helpers"] < first["helper-kinds"] and first["completed-building"] < first["bonus-ap-helpers"]
    highest = next(i for i, s in enumerate(T.STEPS) if "highest" in s.text and s.kind != T.FREE)
    assert highest >= first["king-track"]


def test_silver_concepts_come_after_what_they_build_on():
    first = {}
    for i, s in enumerate(SILVER.steps):
        for c in s.teaches:
            first.setdefault(c, i)
    assert first["prospector-move"] < first["different-prospectors"] and first["technology"] < first["character-markers"]
    assert first["underground-house"] < first["underground-cathedral"]

