"""`tiletum play`: a game without the screen, one move per line, for scripts, tests and bug reports."""

from __future__ import annotations

import random
import sys

import msgspec

from .engine import (
    TiletumError, apply_in_place, check, clone, current_player, describe, explain_frame, legal_actions, new_game,
    notation, parse, rules_for,
)
from .moves_input import read_moves
from .safe_text import clean, quote


def print_scores(state, out=None) -> None:
    out = out or sys.stdout  # looked up at each call: a default bound at import outlives a replaced stdout
    categories = sorted({c for p in state.players for c in p.ledger})
    print("scores: " + ", ".join(f"{p.name} {p.vp}" for p in state.players), file=out)
    if state.phase == "over":
        for p in state.players:
            parts = ", ".join(f"{c} {p.ledger[c]}" for c in categories if p.ledger.get(c))
            print(f"  {p.name}: {p.vp} VP ({parts})", file=out)
        print(f"winner: {state.players[state.winner].name}", file=out)


def play_headless(args, settings) -> int:
    session = None
    if args.load:
        from .session import Session

        try:
            session = Session.load(args.load, autosave=False)  # read only: headless play never autosaves
        except Exception as exc:  # the save package's errors say what is wrong with which file
            print(f"tiletum: {exc}", file=sys.stderr)
            return 2
        state = clone(session.state)  # the session's states are its history: play on a copy
        log = list(session.actions)
    else:
        state = new_game(settings)
        log = []
    print(f"seed {state.settings.seed}, {len(state.players)} players: " + ", ".join(p.name for p in state.players))
    script = args.script if (args.script or args.random is None) else None
    if args.script is not None or args.random is None:
        for number, line in read_moves(script):  # bounded: a line, the whole input (issue 11)
            text = line.split("#", 1)[0].strip()
            if not text:
                continue
            try:
                action = parse(text, current_player(state), rules_for(state.settings))  # (a seat: the deciding player's)
                check(state, action)  # before describe, which assumes a legal action (an unknown space)
                said = describe(state, action)
                apply_in_place(state, action)
            except Exception as exc:  # TiletumError; anything else is an engine bug, still a refused move
                why = clean(exc, 300) if isinstance(exc, TiletumError) else f"{type(exc).__name__}: {clean(exc, 300)}"
                print(f"tiletum: move {number} {quote(text)} refused: {why}", file=sys.stderr)
                print(explain_frame(state), file=sys.stderr)
                return 1
            log.append(action)
            if not args.quiet:
                print(f"{notation(action):<28} {said}")
    if args.random is not None:
        rng = random.Random(args.random)
        while state.phase != "over":
            action = rng.choice(legal_actions(state))
            said = describe(state, action)
            apply_in_place(state, action)
            log.append(action)
            if not args.quiet:
                print(f"{notation(action):<28} {said}")
    print(explain_frame(state))
    print_scores(state)
    if args.legal:
        print("legal: " + " | ".join(notation(a) for a in legal_actions(state)))
    if args.state:
        print(msgspec.json.format(msgspec.json.encode(state)).decode())
    if args.save:
        from .session import Session

        try:
            game_id = session.game_id if session is not None else None  # --load x --save x: still that game
            path = Session.from_actions(state.settings, log, game_id=game_id).save_as(args.save)
        except Exception as exc:
            print(f"tiletum: could not save: {exc}", file=sys.stderr)
            return 2
        print(f"saved to {path}")
    return 0
