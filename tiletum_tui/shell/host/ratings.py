"""Ratings per game, with openskill's Plackett-Luce model (made for more than two players: issue 44,
"every finished hosted game updates them (computer opponents rated too, by level)").

A person is rated under their name, a computer opponent under its level (``journeyman (computer)``):
one identity per game × level, so a club sees how its players stand against each level too. A game
over ranks its seats by the game's own result: its winners (``Game.winners``: Tiletum's tie-break
included) first, then by score (equal scores share a rank). The rating shown is openskill's ordinal
(mu - 3 sigma: what the player is at least, with 99.7% confidence), so a newcomer starts at 0 and a
lucky first game does not top the board.

``rebuild`` counts every hosted game over again from its file (``games/`` and ``archive/``), oldest
first: the ratings are the games' files', and the database only keeps them at hand.
"""

from __future__ import annotations

from openskill.models import PlackettLuce

from tiletum_tui.core import games
from tiletum_tui.core.safe_text import clean

from ..saves import store
from ..session import Session
from .archive import archive_folder

COMPUTER = " (computer)"
_MODEL = PlackettLuce()


def identity(name: str, seat) -> str:
    """Who a seat is for the ratings: the person's name, or the opponent's level."""
    return f"{seat.level}{COMPUTER}" if seat.is_opponent else name


def ranks(game, state) -> list[int]:
    """Each seat's place (1 best): the winners first, then by score, equal scores sharing a place."""
    scores = list(game.summary(state)["scores"])
    winners = set(game.winners(state))
    out = []
    for i, s in enumerate(scores):
        if i in winners:
            out.append(1)
        else:
            out.append(1 + (1 if winners else 0) + sum(1 for j, t in enumerate(scores)
                                                       if j not in winners and t > s))
    return out


def new_ratings(old: dict[str, tuple[float, float]], who: list[str], places: list[int]) -> dict[str, tuple[float, float]]:
    """After one game: each identity's (mu, sigma). An identity at two seats (two opponents of one
    level) gets the mean of its seats' results."""
    teams = [[_MODEL.rating(*old[w]) if w in old else _MODEL.rating()] for w in who]
    rated = _MODEL.rate(teams, ranks=places)
    out: dict[str, list[tuple[float, float]]] = {}
    for w, team in zip(who, rated):
        out.setdefault(w, []).append((team[0].mu, team[0].sigma))
    return {w: (sum(m for m, _ in v) / len(v), sum(s for _, s in v) / len(v)) for w, v in out.items()}


def rate_game(records, gid: str, game, state, names: list[str], seats) -> bool:
    """Count a hosted game over in the ratings (once: a game counted is never counted again)."""
    if records.was_rated(gid):
        return False
    if not 2 <= len(names) <= 5:
        return False
    who = [identity(n, seats[i]) for i, n in enumerate(names)]
    old = {ident: (mu, sigma) for _, ident, mu, sigma, _ in records.rating_rows(game.name)}
    records.rate(gid, game.name, new_ratings(old, who, ranks(game, state)))
    return True


def ordinal(mu: float, sigma: float) -> float:
    return mu - 3 * sigma


def standing(records, name: str) -> str:
    """A person's ratings in words for the lobby: ``Tiletum 12.3 (4 games)``, per game rated."""

    parts = []
    for game_name, ident, mu, sigma, played in records.rows(
            "SELECT game, identity, mu, sigma, games FROM ratings WHERE identity = ? ORDER BY game", (name,)):
        game = games.game(game_name)
        title = game.title if game is not None else game_name
        parts.append(f"{title} {ordinal(mu, sigma):.1f} ({played} game{'s' if played != 1 else ''})")
    return ", ".join(parts) or "not rated yet"


def leaderboard(records, game_name: str | None = None) -> str:
    """``tiletum host ratings``: a board per game, the best first."""

    rows = records.rating_rows(game_name)
    if not rows:
        return "No rated games yet (a hosted game counts once it is over)."
    lines: list[str] = []
    current = None
    place = 0
    for g, ident, mu, sigma, played in rows:
        if g != current:
            game = games.game(g)
            lines += ([""] if lines else []) + [f"{game.title if game else clean(g, 30)}",
                                                f"  {'#':>3}  {'player':<28} {'rating':>7} {'mu':>6} {'sigma':>6} {'games':>6}"]
            current, place = g, 0
        place += 1
        lines.append(f"  {place:>3}  {clean(ident, 28):<28} {ordinal(mu, sigma):>7.1f} {mu:>6.1f} {sigma:>6.2f} {played:>6}")
    return "\n".join(lines)


def rebuild(records, folder, report=print) -> int:
    """Every hosted game over counted again from its file, oldest first; the number counted. A file
    that cannot be replayed is said and left out (and never changed)."""


    found = []
    for where in (folder.games, archive_folder(folder)):
        for path in sorted(where.glob("*.json")) if where.is_dir() else ():
            try:
                loaded = store.parse_save(store.read_bytes(path), path, migrate=False)
            except Exception as exc:  # SaveFileError and the like: said, left out
                report(f"left out: {clean(path.name, 80)}: {clean(exc, 200)}")
                continue
            if loaded.save.meta.finished:
                found.append((loaded.save.meta.saved.timestamp(), path))
    records.clear_ratings()
    counted = 0
    for _, path in sorted(found):
        try:
            session = Session.load(path, autosave=False, open_as="read-only")
        except Exception as exc:
            report(f"left out: {clean(path.name, 80)}: {clean(exc, 200)}")
            continue
        names = session.game.player_names(session.settings)
        seats = [session.seat(i) for i in range(len(names))]
        counted += rate_game(records, session.game_id, session.game, session.state, names, seats)
        session.close()
    return counted
