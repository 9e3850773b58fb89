"""Carcassonne on the command line: its settings from ``tiletum``'s options and ``tiletum play --game
carcassonne`` (a game without the screen: moves from a script or standard input, ``--random SEED``
to finish with random legal moves). Reached through ``games.front_door``."""

from __future__ import annotations

import random
import sys

from tiletum_tui.shell.cli_guard import InputProblem
from tiletum_tui.shell.moves_input import read_moves
from tiletum_tui.core.safe_text import clean, names_problem, quote
from .engine import (
    CarcassonneError, PlayerSetup, Settings, apply_in_place, check, describe, legal_actions, new_game, notation,
    parse, remaining,
)
from . import modules as registry
from .engine.expansion import chosen, settings_with
from .engine.followers import spots
from .engine.game import CARCASSONNE
from .engine.state import COLOURS
from .engine.words import count
from .ui import parts as ui_parts
from tiletum_tui.shell.session import Session

DEFAULT_NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve")


def settings(args) -> Settings:
    if not 2 <= args.players <= 5:
        raise InputProblem(f"Carcassonne is for 2 to 5 players, not {args.players}")  # bad input: exit status 2
    names = list(args.names or [])
    problem = names_problem(names)
    if problem:
        raise InputProblem(f"--names: {problem}")
    if len(names) > args.players:
        raise InputProblem(f"{len(names)} names given for {args.players} players")
    names += DEFAULT_NAMES[len(names):args.players]
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 10**6)
    return settings_with(Settings, (PlayerSetup(n, c) for n, c in zip(names, COLOURS)), seed, ui_parts.chosen(args))


def ruleset(args) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The modules its flags name (``--river``), for the arena (``shell.cli``); it has no options."""
    return tuple(ui_parts.chosen(args)), ()


def situation(state) -> str:
    """Whose turn and what to decide, or the result, in words."""
    if state.phase == "over":
        return "the game is over"
    who = state.players[state.seat].name
    if state.phase == "place":
        return f"{who} to place tile {state.drawn}; {count(sum(remaining(state).values()), 'tile')} face down"
    free = ", ".join(f"{s.role} {s.name}" for s in spots(state) if s.refused is None) or "none free"
    return f"{who} may deploy a follower on the tile just placed ({free}) or 'no follower'"


def print_scores(state, out=None) -> None:
    out = out or sys.stdout
    print("scores: " + ", ".join(f"{p.name} {v}" for p, v in zip(state.players, state.scores)), file=out)
    if state.phase == "over":
        for p, v, ledger in zip(state.players, state.scores, state.ledger):
            parts = ", ".join(f"{c} {n}" for c, n in sorted(ledger.items()))
            print(f"  {p.name}: {count(v, 'point')} ({parts})", file=out)
        best = max(state.scores)
        print("winner: " + " and ".join(p.name for p, v in zip(state.players, state.scores) if v == best), file=out)


def play_headless(args) -> int:
    session = None
    if args.load:
        try:
            session = Session.load(args.load, autosave=False)
        except Exception as exc:
            print(f"tiletum: {exc}", file=sys.stderr)
            return 2
        if session.game.name != "carcassonne":
            print(f"tiletum: {clean(args.load)} is a save of {session.game.title}, not Carcassonne (leave out "
                  "--game: the save says which game it is)", file=sys.stderr)
            return 2
        state, log, game_settings = session.state.clone(), list(session.actions), session.settings
    else:
        game_settings = settings(args)
        state, log = new_game(game_settings).clone(), []
    print(f"seed {game_settings.seed}, {len(state.players)} players: " + ", ".join(p.name for p in state.players)
          + "".join(part.headline for _name, part in registry.parts("ui", chosen(game_settings))))
    if args.script is not None or args.random is None:
        for number, line in read_moves(args.script):
            text = line.split("#", 1)[0].strip()
            if not text:
                continue
            try:
                action = parse(text, state.seat if state.phase != "over" else None)
                check(state, action)
                said = describe(state, action)
                apply_in_place(state, action, checked=True)
            except CarcassonneError as exc:
                print(f"tiletum: move {number} {quote(text)} refused: {clean(exc, 300)}", file=sys.stderr)
                print(situation(state), file=sys.stderr)
                return 1
            log.append(action)
            if not args.quiet:
                print(f"{notation(action):<28} {said}")
    if args.random is not None:
        rng = random.Random(args.random)
        while state.phase != "over":
            action = rng.choice(legal_actions(state))
            said = describe(state, action)
            apply_in_place(state, action, checked=True)
            log.append(action)
            if not args.quiet:
                print(f"{notation(action):<28} {said}")
    print(situation(state))
    print_scores(state)
    if args.legal:
        print("legal: " + " | ".join(notation(a) for a in legal_actions(state)))
    if args.save:
        try:
            game_id = session.game_id if session is not None else None
            saved = Session.from_actions(game_settings, log, game=CARCASSONNE, game_id=game_id).save_as(args.save)
        except Exception as exc:
            print(f"tiletum: could not save: {exc}", file=sys.stderr)
            return 2
        print(f"saved to {saved}")
    return 0


