"""Export and import of a finished 4-player game as a record (issue 21), for ``tiletum bench``.

``measure_records()`` plays the same seeded random 4-player game as the save timings, then times
``tiletum export`` (the save replayed and its digest checked, then the record written: its moves
replayed once more for the comments) and ``tiletum import`` (the record read, replayed move by move,
then the session's own replay and the save written), end to end through the files.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from ..records import read_record
from ..saves import store
from ..saves.record_files import record_of
from ..session import Session
from .saves import random_finished_game


def measure_records(repeats: int = 9, seed: int = 1) -> dict:
    session = random_finished_game(4, seed)
    with tempfile.TemporaryDirectory(prefix="tiletum-bench-") as folder:
        save = session.save_as(Path(folder) / "bench.json")
        record = Path(folder) / "bench.record"
        exports, imports, reads = [], [], []
        for n in range(repeats):
            t0 = time.perf_counter()
            text = record_of(Session.load(save, autosave=False))
            store.write_atomic(record, text.encode())
            t1 = time.perf_counter()
            data = store.read_bytes(record)
            t2 = time.perf_counter()
            read_record(data)
            t3 = time.perf_counter()
            imported = Session.load_bytes(data, record)
            store.write_save(Path(folder) / f"imported-{n}.json", imported.to_save_file(name="bench"))
            t4 = time.perf_counter()
            exports.append(t1 - t0)
            reads.append(t3 - t2)
            imports.append(t4 - t1)
        assert imported.digest() == session.digest()
        size = record.stat().st_size
    return {
        "actions": len(session.log),
        "record_bytes": size,
        "export_ms": round(statistics.median(exports) * 1000, 2),
        "read_record_ms": round(statistics.median(reads) * 1000, 2),
        "import_ms": round(statistics.median(imports) * 1000, 2),
    }


if __name__ == "__main__":
    print(measure_records())
