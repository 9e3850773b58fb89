"""`tiletum play`: a game without the screen, one move per line, for scripts, tests and bug reports."""

from __future__ import annotations

import random
import sys

import msgspec

from .engine import TiletumError, explain_frame, legal_actions, notation
from tiletum_tui.shell.moves_input import read_moves
from tiletum_tui.core.safe_text import clean, quote
from tiletum_tui.shell.session import EVERY_SEAT, Session


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
    """Play the script's moves (then random ones) through a session that writes nothing. The
    command plays every seat of the game: each move is the deciding player's (``by=EVERY_SEAT``),
    and a move without a seat is theirs."""
    loaded = None
    if args.load:
        try:
            loaded = Session.load(args.load, autosave=False)  # read only: headless play never autosaves
        except Exception as exc:  # the save package's errors say what is wrong with which file
            print(f"tiletum: {exc}", file=sys.stderr)
            return 2
        if loaded.game.name != "tiletum":  # `--game tiletum --load` of another game's save (issue 42)
            print(f"tiletum: {clean(args.load)} is a save of {loaded.game.title}, not Tiletum (leave out --game: "
                  "the save says which game it is)", file=sys.stderr)
            return 2
        session = loaded
    else:
        session = Session.from_actions(settings, [])
    state = session.view()
    print(f"seed {session.settings.seed}, {len(state.players)} players: " + ", ".join(p.name for p in state.players))
    script = args.script if (args.script or args.random is None) else None
    if args.script is not None or args.random is None:
        for number, line in read_moves(script):  # bounded: a line, the whole input (issue 11)
            text = line.split("#", 1)[0].strip()
            if not text:
                continue
            try:
                entry = session.apply(text, by=EVERY_SEAT)
            except Exception as exc:  # TiletumError; anything else is an engine bug, still a refused move
                why = clean(exc, 300) if isinstance(exc, TiletumError) else f"{type(exc).__name__}: {clean(exc, 300)}"
                print(f"tiletum: move {number} {quote(text)} refused: {why}", file=sys.stderr)
                print(explain_frame(session.view()), file=sys.stderr)
                return 1
            if not args.quiet:
                print(f"{entry.notation:<28} {entry.text}")
    if args.random is not None:
        rng = random.Random(args.random)
        while not session.finished:
            entry = session.apply(rng.choice(legal_actions(session.view())), by=EVERY_SEAT)
            if not args.quiet:
                print(f"{entry.notation:<28} {entry.text}")
    state = session.state  # a copy, hidden parts included: --state prints the whole game
    print(explain_frame(state))
    print_scores(state)
    if args.legal:
        print("legal: " + " | ".join(notation(a) for a in legal_actions(state)))
    if args.state:
        print(msgspec.json.format(msgspec.json.encode(state)).decode())
    if args.save:
        try:
            game_id = loaded.game_id if loaded is not None else None  # --load x --save x: still that game
            path = Session.from_actions(session.settings, session.notation_log, game_id=game_id).save_as(args.save)
        except Exception as exc:
            print(f"tiletum: could not save: {exc}", file=sys.stderr)
            return 2
        print(f"saved to {path}")
    return 0
