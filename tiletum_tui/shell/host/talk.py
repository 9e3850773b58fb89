"""Table talk as part of the game (issue 44): what a returning player is shown under "since your last
turn", and the talk as a game record's comments.

Talk is kept in the host's database (``records_db``), never in the save file: a save stays the
game's moves (``tiletum load`` opens it, its digest unchanged). A line is ``(who, text, after, at)``,
``after`` being the number of moves when it was said (where it shows in the log), its text cleaned
when it was said (``safe_text.clean``: escapes shown, never obeyed).
"""

from __future__ import annotations

import msgspec

from tiletum_tui.core.safe_text import clean

COMMENT = "# talk"  # a record's comment holding a line of talk: ``# talk after 12: ann: well played``


def since_talk(since, chat):
    """``since`` with the table talk said after the seat's last decision (``Since.start``)."""
    lines = tuple(f"{c.who}: {c.text}" for c in chat if c.after > since.start)
    return msgspec.structs.replace(since, talk=lines) if lines else since


def comment_of(who: str, text: str, after: int) -> str:
    """A line of talk as a record's comment (read back as a comment: reading ignores it)."""
    return f"{COMMENT} after {after}: {clean(who, 40)}: {clean(' '.join(text.split()), 300)}"


def with_talk(record_text: str, talk) -> str:
    """A game record (``records.text``) with each line of talk as a comment after the move it followed
    (``after``: the moves made when it was said; 0: before the first move). The moves, headers and
    ``end`` are untouched: the record reads back as the same game."""
    lines = record_text.split("\n")
    moves_at = [i for i, line in enumerate(lines) if _is_move(line)]
    end_at = next((i for i, line in enumerate(lines) if line.strip() == "end"), len(lines))
    extra: dict[int, list[str]] = {}
    for who, text, after, _at in talk:
        if after <= 0:
            where = moves_at[0] if moves_at else end_at
        elif after <= len(moves_at):
            where = moves_at[after - 1] + 1
        else:
            where = end_at
        extra.setdefault(where, []).append(comment_of(who, text, after))
    out = []
    for i, line in enumerate(lines):
        out += extra.get(i, [])
        out.append(line)
    out += extra.get(len(lines), [])
    return "\n".join(out)


def _is_move(line: str) -> bool:
    body = line.split("#", 1)[0].strip()
    return bool(body) and not body.startswith("[") and body != "end"
