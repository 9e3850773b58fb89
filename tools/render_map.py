"""Draw a catalogue's map as plain text, the way the map view lays it out, and check the layout.

    python tools/render_map.py                 # rules version 2, at the 80x24 scale, 4 players
    python tools/render_map.py --version 1 --players 2
    python tools/render_map.py --scale 2.7 1.7 # the spread of a 120x40 terminal

The geometry is the map view's own (``tiletum_tui/games/tiletum/ui/mapdraw.py``): each Town is a box of centred
words at (round(x*sx), round(y*sy)): its name (and F where a Fair can be held), then H with one mark
per House space in use (b Building Bonus, v VP, · plain) and P with one · per Pillar space, then ◆
and the number of Bonus tiles lying there. Road spaces are 'o'. Links are straight lines of one
character each, drawn outside the Towns' words. After the drawing: its size, and every problem
found (boxes overlapping, a Road space hidden under a box, a link with no cell left to see).
Exit status 1 if there is a problem.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tiletum_tui.games.tiletum.data.catalogue import load  # noqa: E402
from tiletum_tui.games.tiletum.ui import mapdraw as M  # noqa: E402

SX, SY = M.SX, 2.0  # the 80x24 spread (rows at 2.0: the map view scrolls at that size)


def town_lines(s, players: int) -> list[str]:
    houses = "".join({"building": "b", "vp": "v"}.get(h.bonus, "·") for h in s.house_spaces if h.min_players <= players)
    line2 = (f"H{houses}" if houses else "") + (
        f"{' ' if houses else ''}P{'·' * sum(1 for m in s.pillar_spaces if m <= players)}" if s.has_cathedral else "")
    tiles = sum(1 for m in s.bonus_spaces if m <= players)
    name = s.name + (" F" if s.town_tile else "")
    return [name, line2, f"◆{tiles}" if tiles else ""]


def render(cat, players: int = 4, sx: float = SX, sy: float = SY) -> tuple[list[str], list[str]]:
    spaces = cat.map.spaces
    towns = [s for s in spaces if s.kind == "town"]
    boxes = {s.id: town_lines(s, players) for s in towns}
    widths = {sid: max(len(t) for t in lines) for sid, lines in boxes.items()}
    lay = M.layout(spaces, sx, sy, widths)
    grid = [[" "] * lay.cols for _ in range(lay.rows)]
    problems = []
    for a, b in cat.map.roads:
        cells = M.link_cells(lay, a, b)
        if not cells:
            problems.append(f"the link {a}-{b} has no cell left to see between the boxes")
    for (r, c), ch in M.link_grid(lay, cat.map.roads).items():
        if 0 <= r < lay.rows and 0 <= c < lay.cols:
            grid[r][c] = ch
    for s in spaces:
        if s.kind == "road":
            r, c = lay.at[s.id]
            grid[r][c] = "o"
            if lay.box_of(r, c) is not None:
                problems.append(f"Road space {s.id} is hidden under the box of {lay.box_of(r, c)}")
    for i, s in enumerate(towns):
        for t in towns[i + 1:]:
            (r0, c0), (r1, c1) = lay.at[s.id], lay.at[t.id]
            gap = abs(c0 - c1) - (widths[s.id] + widths[t.id]) / 2
            if abs(r0 - r1) < M.BOX_H and gap < 1:
                problems.append(f"the boxes of {s.id} and {t.id} overlap or touch")
    for sid, lines in boxes.items():
        r, c = lay.at[sid]
        width = widths[sid]
        for k, text in enumerate(lines):
            text = text.center(width)
            for j, ch in enumerate(text):
                rr, cc = r - 1 + k, c - width // 2 + j
                if ch != " " and 0 <= rr < lay.rows and 0 <= cc < lay.cols:
                    grid[rr][cc] = ch
    return ["".join(row).rstrip() for row in grid], problems


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--version", type=int, default=2)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--scale", type=float, nargs=2, default=(SX, SY), metavar=("SX", "SY"))
    args = ap.parse_args(argv)
    lines, problems = render(load(args.version), args.players, *args.scale)
    width = max(len(line) for line in lines)
    print("\n".join(lines))
    print(f"-- {width} columns x {len(lines)} rows (version {args.version}, {args.players} players, scale {args.scale[0]} x {args.scale[1]})")
    for p in problems:
        print("!!", p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
