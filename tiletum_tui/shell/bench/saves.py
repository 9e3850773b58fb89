"""Save and load timings of a finished 4-player game, for ``tiletum bench``.

``measure_saves()`` plays one seeded random 4-player game to the end, then times writing its save
(encode + atomic write with fsync) and loading it (read + decode + replay from the seed + digest
check). Aim: loading under 20 ms.
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from pathlib import Path

from tiletum_tui.core import games

from ..host.hosted import COLOURS
from ..saves import format as fmt
from ..saves import store
from ..session import EVERY_SEAT, Session


def random_finished_game(players: int = 4, seed: int = 1, game: str | None = None):
    """A Session (no autosave) of a seeded random game of ``game`` (the default game's) played to the end."""
    rules = games.game(game or games.DEFAULT)
    settings = rules.table_settings([(f"Player {i + 1}", COLOURS[i]) for i in range(players)], seed)
    session = Session.new(settings, save_dir=tempfile.gettempdir(), autosave=False, game=rules)
    pick = random.Random(seed)
    while not session.finished:
        session.apply(pick.choice(rules.legal_actions(session.state)), by=EVERY_SEAT)
    return session


def measure_saves(repeats: int = 15, seed: int = 1) -> dict:
    """Median save and load times (ms) of a finished 4-player game, its file size and action count."""
    session = random_finished_game(4, seed)
    with tempfile.TemporaryDirectory(prefix="tiletum-bench-") as folder:
        path = Path(folder) / "bench.json"
        encode_times, save_times, load_times = [], [], []
        for _ in range(repeats):
            t0 = time.perf_counter()
            data = fmt.encode(session.to_save_file(name="bench"))
            t1 = time.perf_counter()
            store.write_atomic(path, data)
            t2 = time.perf_counter()
            loaded = Session.load(path, autosave=False)
            t3 = time.perf_counter()
            encode_times.append(t1 - t0)
            save_times.append(t2 - t0)
            load_times.append(t3 - t2)
        assert loaded.digest() == session.digest()
        size = path.stat().st_size
    return {
        "players": 4,
        "seed": seed,
        "actions": len(session.log),
        "file_bytes": size,
        "encode_ms": round(statistics.median(encode_times) * 1000, 3),
        "save_ms": round(statistics.median(save_times) * 1000, 3),
        "load_ms": round(statistics.median(load_times) * 1000, 3),
    }


if __name__ == "__main__":
    print(measure_saves())
