"""Draw a catalogue's map as plain text, the way the map view lays it out, and check the layout.

    python tools/render_map.py                 # rules version 2, at the 80x24 scale, 4 players
    python tools/render_map.py --version 1 --players 2
    python tools/render_map.py --scale 4 1.8   # a larger terminal's spread

Each Town is a 12x3 box at (round(x*sx), round(y*sy)) as in ui/widgets/map_view.py (sx=2.7, sy=1.25
at 80x24): its name, then H with one mark per House space in use (b Building Bonus, v VP, · plain)
and P with one · per Pillar space, then ◆ and the number of Bonus tiles lying there. Road spaces are
'o' on the lines. After the drawing: its size, and every problem found (boxes overlapping, a Road space
or a line hidden under a Town box it does not belong to). Exit status 1 if there is a problem.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tiletum_tui.data.catalogue import load  # noqa: E402

BOX_W, BOX_H = 12, 3  # as in map_view.py
SX, SY = 2.7, 1.25


def cell(s, sx, sy):
    return round(s.y * sy) + 1, round(s.x * sx) + BOX_W // 2


def line_cells(a, b):
    (r0, c0), (r1, c1) = a, b
    dr, dc = r1 - r0, c1 - c0
    flat = abs(dr) * 4 < abs(dc)
    steep = abs(dc) < abs(dr)
    ch = "│" if steep else "─" if flat else ("╲" if (dr > 0) == (dc > 0) else "╱")
    n = max(abs(dc), 1) if flat else max(abs(dr), 1)
    return ch, [(round(r0 + dr * i / n), round(c0 + dc * i / n)) for i in range(n + 1)]


def in_box(rc, centre):
    (r, c), (r0, c0) = rc, centre
    return r0 - 1 <= r <= r0 + 1 and c0 - BOX_W // 2 <= c < c0 + BOX_W // 2


def render(cat, players: int = 4, sx: float = SX, sy: float = SY) -> tuple[list[str], list[str]]:
    spaces = cat.map.spaces
    by_id = {s.id: s for s in spaces}
    at = {s.id: cell(s, sx, sy) for s in spaces}
    rows = max(r for r, _ in at.values()) + 2
    cols = max(c for _, c in at.values()) + BOX_W // 2
    grid = [[" "] * cols for _ in range(rows)]
    towns = [s for s in spaces if s.kind == "town"]
    problems = []
    for a, b in cat.map.roads:
        ch, cells = line_cells(at[a], at[b])
        for r, c in cells:
            if 0 <= r < rows and 0 <= c < cols:
                grid[r][c] = ch
            for t in towns:
                if t.id not in (a, b) and in_box((r, c), at[t.id]):
                    problems.append(f"the line {a}-{b} runs under the box of {t.id}")
                    break
    for s in spaces:
        if s.kind == "road":
            r, c = at[s.id]
            grid[r][c] = "o"
            for t in towns:
                if in_box((r, c), at[t.id]):
                    problems.append(f"Road space {s.id} is hidden under the box of {t.id}")
    for i, s in enumerate(towns):
        for t in towns[i + 1:]:
            (r0, c0), (r1, c1) = at[s.id], at[t.id]
            if abs(r0 - r1) < BOX_H and abs(c0 - c1) < BOX_W:
                problems.append(f"the boxes of {s.id} and {t.id} overlap")
    for s in towns:
        r, c = at[s.id]
        houses = "".join({"building": "b", "vp": "v"}.get(h.bonus, "·") for h in s.house_spaces if h.min_players <= players)
        line2 = f"H{houses}" + (f" P{'·' * sum(1 for m in s.pillar_spaces if m <= players)}" if s.has_cathedral else "")
        tiles = sum(1 for m in s.bonus_spaces if m <= players)
        fair = " F" if s.town_tile else ""
        lines = (f"{s.name[:9]:<9}{fair}", line2, f"◆{tiles}" if tiles else "")
        for k, text in enumerate(lines):
            text = f"{text[:BOX_W]:<{BOX_W}}"
            for j, ch in enumerate(text):
                rr, cc = r - 1 + k, c - BOX_W // 2 + j
                if 0 <= rr < rows and 0 <= cc < cols:
                    grid[rr][cc] = ch
    del by_id
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
