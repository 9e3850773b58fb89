"""Hostile records of both games, seeded (issue 21's "hostile records", rerun for issue 42, item 2: "every
number read from ... a record ... has a bound and a clear message"; "rerun of the hostile saves and records
of both games with the new bounds (0 tracebacks, every file byte-identical)").

Each mutated record of Tiletum (with and without Prospect for Silver) and of Carcassonne (with the River)
is imported with `tiletum import`: exit status 0, or 2 with one line naming the file and nothing written;
never a traceback or "unexpected error". Then `tiletum stats` and `tiletum saves` read the whole folder of
them at once. Every file is left byte for byte as it was. The count of cases is printed (``pytest -s``)."""

from __future__ import annotations

import random
import re

from tiletum_tui.shell import cli
from tiletum_tui.core import games
from tiletum_tui.shell.records import write_record

from .conftest import DATE, carcassonne_settings, random_moves, tiletum_settings

SEED = 42
NUMBERS = {"5000-digits": "9" * 5000, "900-digits": "1" * 900, "100-digits": "7" * 100, "arabic-indic": "٣",
           "devanagari": "२", "fullwidth": "３", "superscript": "²"}


def _records() -> dict[str, str]:
    out = {}
    for label, name, settings, stop in [
        ("tiletum", "tiletum", tiletum_settings(2, 7), 40),
        ("silver", "tiletum", tiletum_settings(3, 8, ("silver",)), 30),
        ("carcassonne", "carcassonne", carcassonne_settings(3, 9, river=True), None),
    ]:
        moves = random_moves(name, settings, stop)[0]
        seats = ("person",) * len(settings.players)
        out[label] = write_record(games.game(name), settings, seats, DATE, moves)
    return out


def _mutations(rng: random.Random):
    for base, text in _records().items():
        data = text.encode()
        lines = text.splitlines(keepends=True)
        for i, line in enumerate(lines):  # every number of every header and of a few moves
            if not line.strip() or line.startswith("#") or (not line.startswith("[") and i > 40):
                continue
            for spot in list(re.finditer(r"-?[0-9]+", line))[:3]:
                for label, number in NUMBERS.items():
                    new = line[:spot.start()] + number + line[spot.end():]
                    yield f"{base}-line{i + 1}-{spot.start()}-{label}", "".join(lines[:i] + [new] + lines[i + 1:]).encode()
        for cut in sorted(rng.sample(range(len(data)), 15)):
            yield f"{base}-truncated-{cut}", data[:cut]
        for k in range(60):
            b = bytearray(data)
            for _ in range(rng.choice((1, 2, 3))):
                b[rng.randrange(len(b))] ^= 1 << rng.randrange(8)
            yield f"{base}-flip-{k}", bytes(b)
        for k in range(20):
            i, j = sorted(rng.sample(range(len(lines)), 2))
            yield f"{base}-lines-dropped-{k}", "".join(lines[:i] + lines[j:]).encode()
            yield f"{base}-line-doubled-{k}", "".join(lines[:j] + [lines[i]] + lines[j:]).encode()
        for size in (199, 201, 999, 1001, 100_000):
            i = rng.randrange(len(lines))
            yield f"{base}-long-line-{size}", "".join(lines[:i] + ["1: " + "x" * size + "\n"] + lines[i:]).encode()


def test_hostile_records_of_both_games_end_in_a_save_or_a_clear_message(tmp_path, capsys):
    rng = random.Random(SEED)
    cases = tmp_path / "records"
    cases.mkdir()
    saves = tmp_path / "saves"
    saves.mkdir()
    written: dict[str, bytes] = {}
    imported = refused = 0
    for i, (label, data) in enumerate(_mutations(rng)):
        path = cases / f"case-{i:04d}-{label}.record"
        path.write_bytes(data)
        written[path.name] = data
        before = len(list(saves.iterdir()))
        code = cli.main(["import", str(path), "--save-dir", str(saves)])
        out, err = capsys.readouterr()
        assert code in (0, 2), (label, code, err[:300])
        assert code == 2 or not re.search(r"-line\d+-\d+-", label), (label, "a bad number was read")
        assert "Traceback" not in err and "unexpected error" not in err, (label, err[:300])
        if code == 2:
            assert err.count("\n") == 1 and err.startswith(f"tiletum: {path}"), (label, err[:300])
            assert len(list(saves.iterdir())) == before, label  # nothing written
            refused += 1
            if re.search(r"-line\d+-\d+-", label) and "-line1-" not in label:
                assert "line " in err, (label, err[:300])  # a bad number: its line named
        else:
            imported += 1
    # the folders of them all at once
    assert cli.main(["stats", str(cases), "--no-charts"]) == 0
    assert cli.main(["--save-dir", str(cases), "saves"]) == 0
    out, err = capsys.readouterr()
    assert "unexpected error" not in err and "unreadable" in out
    for name, data in written.items():
        assert (cases / name).read_bytes() == data, name
    print(f"\nhostile records: {len(written)} of Tiletum, Prospect for Silver and Carcassonne ({imported} imported, "
          f"{refused} refused with a message)")
    assert len(written) > 500 and refused > 400
