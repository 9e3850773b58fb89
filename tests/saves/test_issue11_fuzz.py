"""A bounded fuzz test of save files and the command line (issue 11).

Issue 11, Tests: "add a bounded fuzz test (truncations, byte flips, nesting, file kinds, sizes)
over saves and the CLI that runs in CI in under a minute". Done when "every case above ends with a
clear message, nothing overwritten or lost, no traceback, no hang, bounded memory".

Every case must end in a game that loads, or in a SaveFileError whose message names the file, is
short and holds no control character; the file is left exactly as it was; listing the folder,
Continue and `tiletum saves` keep working with all of them in one folder. Seeded, so every run
tries the same cases; the number of cases tried is printed (``pytest -s``) and checked.
"""

from __future__ import annotations

import os
import random
import re
import socket
import subprocess
import sys

import msgspec
import pytest

from tiletum_tui.shell import cli
from tiletum_tui.shell.saves import listing, safe_read, store
from tiletum_tui.shell.saves.errors import SaveFileError
from tiletum_tui.shell.session import Session

SEED = 11
MESSAGE_BOUND = 1500  # characters: a path, a sentence, a quoted value or two
CONTROL = {*range(0, 9), *range(11, 32), 0x7F, *range(0x80, 0xA0), 0x202E, 0x2028}


def _clean(text: str) -> bool:
    return not any(ord(c) in CONTROL for c in text)


def _bases(games) -> dict[str, bytes]:
    from tiletum_tui.core import games as every_game

    from ..records.conftest import carcassonne_settings, random_moves

    unfinished = Session.from_actions(games.settings(2, 2), games.random_game(2, 2)[:40])
    finished = Session.from_actions(games.settings(4, 5), games.random_game(4, 5))
    carcassonne = every_game.game("carcassonne")  # (issue 42: Carcassonne's saves are shared too)
    c_settings = carcassonne_settings(3, 4, river=True)
    c_unfinished = Session.from_actions(c_settings, random_moves("carcassonne", c_settings, 30)[0], game=carcassonne)
    c_settings = carcassonne_settings(2, 6)
    c_finished = Session.from_actions(c_settings, random_moves("carcassonne", c_settings, None)[0], game=carcassonne)
    return {
        "unfinished": msgspec.json.encode(unfinished.to_save_file(name="fuzz")),  # compact
        "finished": store.fmt.encode(finished.to_save_file(name="fuzz")),  # indented, as written
        "v1": (games.fixtures / "v1-game.json").read_bytes(),
        "carcassonne-unfinished": msgspec.json.encode(c_unfinished.to_save_file(name="fuzz")),
        "carcassonne-finished": store.fmt.encode(c_finished.to_save_file(name="fuzz")),
    }


# Numbers in a move (issue 42, item 2): past 4,300 digits int() raised a ValueError of its own, which made
# the file's whole folder unreadable; other scripts' digits were read as 0-9.
NUMBERS = {"5000-digits": "9" * 5000, "4301-digits": "1" * 4301, "100-digits": "7" * 100, "arabic-indic": "٣",
           "devanagari": "२", "fullwidth": "３", "superscript": "²", "negative-huge": "-" + "9" * 5000}


def _number_moves(name: str, moves: list[str]):
    """(label, move) of each of the game's moves with one of its numbers replaced by each of NUMBERS."""
    for k, move in enumerate(moves[:12]):
        spots = [m for m in re.finditer(r"-?[0-9]+", move)]
        for spot in spots[:3]:
            for label, number in NUMBERS.items():
                yield f"{name}-move{k}-{spot.start()}-{label}", k, move[:spot.start()] + number + move[spot.end():]


def _mutations(bases: dict[str, bytes], rng: random.Random):
    """(label, bytes) of every mutated file."""
    nasty = [0x00, 0x07, 0x1B, 0x7F, 0x9B, 0xFF, 0xC3, ord('"'), ord("\\"), ord("["), ord("{"), ord("}"), ord(",")]
    for name, data in bases.items():
        n = len(data)
        for cut in sorted({*range(0, n, max(1, n // 40)), *(rng.randrange(n) for _ in range(20))}):
            yield f"{name}-truncated-{cut}", data[:cut]
        for i in range(400):
            b = bytearray(data)
            for _ in range(rng.choice((1, 1, 2, 3))):
                b[rng.randrange(n)] ^= 1 << rng.randrange(8)
            yield f"{name}-flip-{i}", bytes(b)
        for i in range(200):
            b = bytearray(data)
            b[rng.randrange(n)] = rng.choice(nasty)
            yield f"{name}-byte-{i}", bytes(b)
        for i in range(40):
            a, z = sorted(rng.randrange(n) for _ in range(2))
            yield f"{name}-cut-slice-{i}", data[:a] + data[z:]
            yield f"{name}-double-slice-{i}", data[:z] + data[a:z] + data[z:]
        yield f"{name}-bom", b"\xef\xbb\xbf" + data
        yield f"{name}-utf16", data.decode().encode("utf-16")
    for name in ("unfinished", "carcassonne-unfinished", "carcassonne-finished"):
        game_doc = msgspec.json.decode(bases[name])
        for label, k, move in _number_moves(name, game_doc["actions"]):
            yield label, _put(game_doc, ["actions", k], move)
    doc = msgspec.json.decode(bases["unfinished"])
    for depth in (1, 2, 5, 31, 32, 33, 100, 1000, 5000):
        yield f"array-wrapped-{depth}", b"[" * depth + bases["unfinished"] + b"]" * depth
        yield f"object-wrapped-{depth}", b'{"a":' * depth + bases["unfinished"] + b"}" * depth
        yield f"deep-action-{depth}", _put(doc, ["actions", 3], _nest(depth))
        yield f"deep-meta-{depth}", _put(doc, ["meta", "name"], _nest(depth))
        yield f"unclosed-{depth}", b"[" * depth
    for size in (10**3, 10**5, 10**6):
        yield f"huge-action-{size}", _put(doc, ["actions", 5], "move " + "\x1b[31m" * (size // 5))
        yield f"huge-name-{size}", _put(doc, ["meta", "name"], "N" * size)
        yield f"huge-player-{size}", _put(doc, ["settings", "players", 0, "name"], "P" * size)
        yield f"many-actions-{size}", _put(doc, ["actions"], ["done"] * (size // 10))
    for label, path, value in [
        ("version-huge", ["version"], 2**70), ("version-negative", ["version"], -2), ("seed-huge", ["seed"], 2**70),
        ("seed-float", ["seed"], 1.5), ("round-huge", ["meta", "round"], 10**300), ("scores-long", ["meta", "scores"],
        list(range(10**4))), ("players-many", ["settings", "players"], doc["settings"]["players"] * 500),
        ("date-future", ["meta", "saved"], "9999-12-31T23:59:59Z"), ("date-bad", ["meta", "created"], "\x1b[2J"),
        ("digest-empty", ["digest"], ""), ("digest-escape", ["digest"], "\x1b]0;x\x07"),
        ("name-escape", ["settings", "players", 1, "name"], "\x1b[2JBertram"), ("name-bidi", ["meta", "name"], "\u202egnp.exe"),
        ("format-other", ["format"], "\x1b[5mchess"), ("actions-null", ["actions"], None),
    ]:
        yield label, _put(doc, path, value)
    limit = safe_read.MAX_SAVE_BYTES
    padded = bases["unfinished"] + b" " * (limit - len(bases["unfinished"]))
    yield "size-at-limit", padded  # still a save: it loads
    yield "size-over-limit", padded + b" "
    yield "size-junk-at-limit", b"[" + b"1," * ((limit - 3) // 2) + b"1]"
    for i in range(30):
        yield f"random-bytes-{i}", rng.randbytes(rng.choice((1, 10, 1000, 50_000)))


def _nest(depth: int) -> bytes:
    return b"[" * depth + b'"x"' + b"]" * depth  # as raw JSON: deeper than any encoder would go


def _put(doc, path, value) -> bytes:
    """The document with ``value`` at ``path``; a value given as bytes is put in as raw JSON."""
    doc = msgspec.json.decode(msgspec.json.encode(doc))
    target = doc
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = "@raw@" if isinstance(value, bytes) else value
    data = msgspec.json.encode(doc)
    return data.replace(b'"@raw@"', value) if isinstance(value, bytes) else data


def _kinds(folder) -> list[str]:
    """Files of every kind named *.json: a pipe, devices, links, a folder, a socket."""
    made = []
    os.mkfifo(folder / "kind-fifo.json")
    for name, target in (("kind-zero", "/dev/zero"), ("kind-null", "/dev/null"), ("kind-random", "/dev/urandom"),
                         ("kind-dangling", str(folder / "nowhere")), ("kind-loop", str(folder / "kind-loop.json"))):
        (folder / f"{name}.json").symlink_to(target)
    (folder / "kind-folder.json").mkdir()
    sock = socket.socket(socket.AF_UNIX)
    try:
        sock.bind(str(folder / "kind-socket.json"))
    except OSError:
        pass
    finally:
        sock.close()
    (folder / "kind-empty.json").write_bytes(b"")
    for entry in sorted(os.listdir(folder)):
        if entry.startswith("kind-"):
            made.append(entry)
    return made


def _check_failure(path, exc: SaveFileError) -> None:
    message = str(exc)
    assert message.startswith(f"{path}: "), message[:300]
    assert len(message) < MESSAGE_BOUND, (path.name, len(message), message[:300])
    assert _clean(message), (path.name, repr(message[:300]))


def test_fuzzed_saves_and_the_cli_end_in_a_game_or_a_clear_message(games, tmp_path, capsys):
    rng = random.Random(SEED)
    folder = tmp_path / "cases"
    folder.mkdir()
    written: dict[str, bytes] = {}
    for i, (label, data) in enumerate(_mutations(_bases(games), rng)):
        name = f"case-{i:04d}-{label}.json"
        (folder / name).write_bytes(data)
        written[name] = data
    kinds = _kinds(folder)
    loaded = refused = numbers = 0
    for name in [*written, *kinds]:
        path = folder / name
        number = re.search(r"-move(\d+)-\d+-", name)  # a move with a bad number: refused, at that move
        try:
            Session.load(path, autosave=False)
            loaded += 1
            assert number is None, name
        except SaveFileError as exc:
            _check_failure(path, exc)
            refused += 1
            if number:
                assert f"action {int(number.group(1)) + 1} of " in str(exc), (name, str(exc)[:300])
                numbers += 1
    # the folder as the player sees it, every kind of file at once
    listed = listing.list_saves(folder)
    assert len(listed) == len(written) + len(kinds) - 1  # all but the folder named kind-folder.json
    assert all(i.problem is None or (_clean(i.problem) and len(i.problem) < MESSAGE_BOUND) for i in listed)
    last = Session.latest_unfinished(folder)
    assert last is None or not Session.load(last, autosave=False).finished
    assert cli.main(["--save-dir", str(folder), "saves"]) == 0
    out = capsys.readouterr().out
    assert _clean(out) and "case-0000" in out
    # the command line in-process, on a sample of the files
    cli_cases = rng.sample(sorted(written), 60) + kinds
    for name in cli_cases:
        code = cli.main(["play", "--load", str(folder / name), "--quiet"])
        err = capsys.readouterr().err
        assert code in (0, 2), (name, code, err[:300])
        assert _clean(err) and len(err) < MESSAGE_BOUND, (name, err[:300])
    # nothing was written, moved or deleted
    for name, data in written.items():
        assert (folder / name).read_bytes() == data, name
    assert sorted(os.listdir(folder)) == sorted([*written, *kinds])
    # a few real processes: no traceback reaches the terminal
    for name in rng.sample(sorted(written), 4) + ["kind-fifo.json", "kind-zero.json"]:
        result = subprocess.run([sys.executable, "-m", "tiletum_tui", "play", "--load", str(folder / name), "--quiet"],
                                capture_output=True, timeout=120, stdin=subprocess.DEVNULL)
        assert result.returncode in (0, 2) and b"Traceback" not in result.stderr, (name, result.stderr[-500:])
    tried = len(written) + len(kinds)
    print(f"\nfuzz: {tried} save files ({loaded} loaded, {refused} refused with a message, {numbers} of them "
          "for a bad number in a move), "
          f"{len(cli_cases)} CLI loads in-process, 6 in a child process")
    assert tried > 3500 and loaded > 0 and refused > 2500


def _scripts(rng: random.Random, games):
    moves = [*games.random_game(2, 3)[:60]]
    for i in range(60):
        lines = [m if rng.random() > 0.1 else rng.randbytes(rng.randrange(1, 30)).decode("latin-1") for m in moves]
        yield f"garbled-{i}", "\n".join(lines).encode("utf-8", "surrogateescape")
    for i in range(30):
        data = bytearray("\n".join(moves).encode())
        for _ in range(3):
            data[rng.randrange(len(data))] = rng.randrange(256)
        yield f"flipped-{i}", bytes(data)
    for size in (999, 1000, 1001, 100_000):
        yield f"long-line-{size}", b"x" * size + b"\n"
    yield "nul", b"\x00" * 5000
    yield "escapes", "\n".join(["die 3B", "\x1b[2J\x1b]0;t\x07"] * 5).encode()
    yield "bom", b"\xef\xbb\xbf" + "\n".join(moves).encode()
    yield "comments", (("# " + "c" * 900 + "\n") * 200).encode()


def test_fuzzed_move_scripts_end_in_a_game_or_a_clear_message(games, tmp_path, capsys):
    rng = random.Random(SEED)
    count = 0
    for label, data in _scripts(rng, games):
        script = tmp_path / f"{label}.txt"
        script.write_bytes(data)
        code = cli.main(["play", "--seed", "3", "--quiet", "--script", str(script)])
        captured = capsys.readouterr()
        assert code in (0, 1, 2), (label, code, captured.err[:300])
        assert _clean(captured.err) and len(captured.err) < 4 * MESSAGE_BOUND, (label, captured.err[:300])
        assert script.read_bytes() == data
        count += 1
    print(f"\nfuzz: {count} move scripts")
    assert count > 90


@pytest.mark.parametrize("depth", [33, 1000, 100_000])
def test_nesting_is_measured_without_recursion(depth):
    assert safe_read.nesting_depth(b"[" * depth + b"]" * depth) == depth
    assert safe_read.nesting_depth(b'["' + b"[" * depth + b'"]') == 1  # inside a string
    assert safe_read.nesting_depth(b'["\\"' + b"[" * 10 + b'"]') == 1  # an escaped quote does not end it
