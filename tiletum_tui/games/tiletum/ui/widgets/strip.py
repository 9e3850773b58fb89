"""The strip of the player in turn, always on screen beside the decision: who, VP, the five
Resources, AP left, Houses and Pillars in supply, Bonus AP markers and the Storehouse.

Two lines in a small terminal; in the large layout a card of a few lines with each Storehouse tile
in full. Everything is read from the view of the game (the engine's queries for AP left).
"""

from __future__ import annotations

from rich.text import Text

from ...data.schema import RESOURCES
from ...engine.queries import ap_left
from ...engine.ruleset import rules_for
from ...engine.state import JokerFrame, TurnFrame
from .. import text as T
from .painted import LineCached, SceneView
from ..parts import ui_parts
from ...engine import options
from ..choices import joker_aps
from ..views import STRIP_PARTS

SHORT_ACTION = {"architect": "Arch", "merchant": "Merch", "character": "Char", "contract": "Contr", "king": "King",
                "joker": "Joker"}


def short_tile(w, tile_id: str) -> str:
    """A tile's name as short as it stays clear: 'Wolf Crest', 'Helper glory', 'Iron order'."""
    t = w.cat.tiles.get(tile_id)
    if t is None:
        return tile_id
    if t.kind == "crest":
        return f"{t.family} Crest" if t.family else t.name
    return t.name.replace("Helper: ", "Helper ")


class PlayerStrip(SceneView, LineCached):
    # Its lines render on their own: a move changes the line of the Resources and AP, seldom the
    # Supply and Storehouse line under it, which is kept (issue 39: every screen at a hosted table
    # renders the strip again at every move).

    def on_resize(self, event) -> None:
        self.redraw()

    def redraw(self) -> None:
        scene = self.scene
        if scene is None:
            return
        s = scene.state
        if scene.who is None:
            winner = s.players[s.winner].name if s.winner >= 0 else "?"
            self.update(Text(f"The game is over: {winner} wins. e: the final scoring table", self.ink("strong")))
            return
        self.update(self._card(s, scene.who) if scene.wide else self._lines(s, scene.who, max(self.size.width, 40)))

    # ------------------------------------------------------------ pieces
    def _who(self, s, i: int) -> Text:
        p = s.players[i]
        out = Text()
        out.append("● ", self.player_ink(p.colour))
        out.append(p.name, self.player_ink(p.colour))
        out.append(f" {p.vp} VP", self.ink("strong"))
        return out

    def _resources(self, p, short: bool) -> Text:
        out = Text()
        for k, r in enumerate(RESOURCES):
            if k:
                out.append(" ")
            n = p.resources.get(r, 0)
            out.append(f"{T.RES[r]} " if not short else f"{r}", self.ink("muted"))
            out.append(str(n), self.ink("strong") if n else self.ink("muted"))
        return out

    def _ap(self, s) -> Text:
        top = s.stack[-1] if s.stack else None
        left = ap_left(s)
        if isinstance(top, JokerFrame):
            return Text(f"Joker: {joker_aps(options(s)) or top.ap} AP to give", self.ink("title"))
        if left:
            return Text(f"{T.ACTION_TITLE[left[0]]} {left[1]} AP left", self.ink("title"))
        if isinstance(top, TurnFrame) and not top.die_taken:
            return Text("no die yet", self.ink("muted"))
        return Text("no AP", self.ink("muted"))

    def _more(self, s, i: int) -> str:
        return " · ".join(part for hook in STRIP_PARTS for part in hook(s, i))

    def _supply(self, p) -> str:
        return f"{p.houses} House{'s' if p.houses != 1 else ''}, {p.pillars} Pillar{'s' if p.pillars != 1 else ''}"

    def _bonus(self, p, short: bool) -> str:
        # (a module's Action has no short name here: Prospect for Silver's markers may go on the Prospector Action)
        marks = [f"{SHORT_ACTION.get(a, T.ACTION_TITLE[a][:5]) if short else T.ACTION_TITLE[a]} +{n}"
                 for a, n in p.bonus_ap.items() if n]
        return ", ".join(marks) if marks else "none"

    # ------------------------------------------------------------ two lines (80 columns and up)
    def _lines(self, s, i: int, width: int) -> Text:
        """Every figure on two lines, whatever the width (issue 24 item 5): each part has forms from
        full words to letters, the longest that fit are taken, and the Storehouse names share what is
        left, each cut a little rather than one dropped."""
        p = s.players[i]
        w = T.words(s)
        size = rules_for(s.settings).player_board.storehouse
        muted = self.ink("muted")
        ap = self._ap(s)
        ap_short = Text(ap.plain.replace(" AP left", " AP").replace(" AP to give", " AP"), ap.style)
        for long, short in ((a, SHORT_ACTION[k]) for k, a in T.ACTION_TITLE.items() if k in SHORT_ACTION):
            ap_short = Text(ap_short.plain.replace(long, short), ap.style)
        more = self._more(s, i)
        one = [[self._who(s, i)],
               [self._resources(p, short=False), self._resources(p, short=True)],
               [ap, ap_short]]
        if more:  # a module's figures (Silver, Mines, Prospectors): words, then their first letters
            one.append([Text(more), Text(_initials(more))])
        bonus = [(k, n) for k, n in p.bonus_ap.items() if n]
        bonus_forms = [Text("Bonus AP ") + Text(", ".join(f"{T.ACTION_TITLE[k]} +{n}" for k, n in bonus)),
                       Text("Bonus AP ") + Text(", ".join(f"{_short(k)} +{n}" for k, n in bonus)),
                       Text("Bonus ") + Text(" ".join(f"{_short(k)[:2]}+{n}" for k, n in bonus))] if bonus else \
            [Text("no Bonus AP", muted), Text("no Bonus", muted)]
        h, pl = p.houses, p.pillars
        two = [[Text(self._supply(p)), Text(f"{h} Houses {pl} Pillars"), Text(f"H{h} P{pl}")], bonus_forms]
        names = [short_tile(w, t) for t in p.storehouse]
        count = f"{len(p.storehouse)}/{size}"
        store_words = ["Storehouse", "Store", "St"]
        top = _fit(one, width, muted)
        # The Storehouse takes what the other parts leave: its longest word that leaves the names whole.
        least = sum(min(len(n), 6) for n in names) + 2 * max(len(names) - 1, 0)
        for word in store_words:
            lead = _fit(two + [[Text(f"{word} {count}" + (": " if names else ": empty"), muted)]], width - least, muted)
            if len(lead) + _cut_len(names) <= width:
                break
        if names:
            room = width - len(lead)
            if _cut_len(names) > room:  # tight: the kind a name starts with goes first ('Helper ', ' Crest')
                names = [n.removeprefix("Helper ").removesuffix(" Crest") for n in names]
            lead.append(_cut(names, room))
        top.append("\n")
        top.append_text(lead)
        return top

    # ------------------------------------------------------------ the card (large layout)
    def _card(self, s, i: int) -> Text:
        p = s.players[i]
        w = T.words(s)
        size = rules_for(s.settings).player_board.storehouse
        out = self._who(s, i)
        out.append(f" ({p.colour})", self.ink("muted"))
        out.append("  ")
        out.append_text(self._ap(s))
        out.append("\n")
        out.append_text(self._resources(p, short=False))
        out.append("\nSupply ", self.ink("muted"))
        out.append(self._supply(p))
        out.append(" · Bonus AP ", self.ink("muted"))
        out.append(self._bonus(p, short=True))
        more = self._more(s, i)
        if more:
            out.append("\n" + more)
        out.append(f"\nStorehouse {len(p.storehouse)}/{size}", self.ink("muted"))
        if not p.storehouse:
            out.append(": empty", self.ink("muted"))
        width = max(self.size.width, 30)
        for k, t in enumerate(p.storehouse):
            out.append(f"\n {k + 1}. ")
            out.append(w.tile_line(t, width - 4))
        return out


BAR = " │ "


def _short(action: str) -> str:
    return SHORT_ACTION.get(action) or T.ACTION_TITLE[action][:5]


def _fit(parts: list[list[Text]], width: int, ink) -> Text:
    """One line of parts joined by bars: each part has forms, longest first; the part whose next form
    saves the most is shortened first, until the line fits (or every part is at its shortest)."""
    pick = [0] * len(parts)

    def length() -> int:
        return sum(len(forms[k]) for forms, k in zip(parts, pick)) + len(BAR) * (len(parts) - 1)

    while length() > width:
        steps = [(len(f[k]) - len(f[k + 1]), j) for j, (f, k) in enumerate(zip(parts, pick)) if k + 1 < len(f)]
        if not steps:
            break
        pick[max(steps)[1]] += 1
    out = Text()
    for j, (forms, k) in enumerate(zip(parts, pick)):
        if j:
            out.append(BAR, ink)
        out.append_text(forms[k].copy())
    return out


def _cut_len(names: list[str]) -> int:
    return len(", ".join(names))


def _cut(names: list[str], room: int) -> str:
    """The Storehouse names in ``room`` columns: every one shows, the longest cut first ('Helper ex…')."""
    names = list(names)
    while len(", ".join(names)) > room:
        longest = max(range(len(names)), key=lambda k: len(names[k]))
        if len(names[longest]) <= 3:
            break
        n = names[longest].rstrip("…")
        names[longest] = n[: len(n) - 1].rstrip() + "…"
    return ", ".join(names)


def _initials(text: str) -> str:
    """'Silver 3 · Mines 2+3 · Prospectors 1+2' -> 'Ag 3 · M 2+3 · P 1+2': a module's figures kept (a
    word's short form as its module gives it, ``UiPart.strip_short``, else its first letter)."""
    words = {long: short for part in ui_parts() for long, short in part.strip_short.items()}
    return " · ".join(
        " ".join(words.get(x, x[0]) if x[:1].isalpha() else x for x in part.split(" ")) for part in text.split(" · "))
