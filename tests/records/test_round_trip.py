"""Issue 21, Records: "`tiletum import FILE` ... reads it back to a game that replays exactly" and "A record
round-trips: export → import → export gives the same text"; Tests: "a record round trip over a few hundred
random games (base, expansion, every player count)" (and Carcassonne, with and without the River)."""

from __future__ import annotations

import re

import pytest

from tiletum_tui.shell import cli
from tiletum_tui.shell.records import read_record, write_record
from tiletum_tui.shell.saves import record_files
from tiletum_tui.shell.session import Session

from .conftest import DATE, random_games


@pytest.fixture(scope="module")
def many_games():  # (made when a test asks: the module's other tests need none of it)
    return random_games(240)


def test_a_record_reads_back_to_the_same_game_and_the_same_text_over_240_random_games(many_games):
    kinds = set()
    for game, settings, seats, moves, digest, _ in many_games:
        text = write_record(game, settings, seats, DATE, moves)
        record = read_record(text)
        assert (record.game, record.settings, record.seats, record.date, record.moves) == \
            (game, settings, seats, DATE, moves)
        assert game.digest(record.final) == digest  # the very state the engine reached, hidden parts too
        assert record.text() == text
        kinds.add((game.name, len(seats), getattr(settings, "modules", ()), game.finished(record.final)))
    players = {(name, n) for name, n, _, _ in kinds}
    assert players == {("tiletum", 2), ("tiletum", 3), ("tiletum", 4), *(("carcassonne", n) for n in (2, 3, 4, 5))}
    assert {m for name, _, m, _ in kinds if name == "tiletum"} == {(), ("silver",)}
    assert {f for *_, f in kinds} == {True, False}  # finished games and games cut short alike


def test_the_moves_are_one_a_line_with_the_round_and_turn_as_comments(many_games):
    """"the moves in the notation, one per line with the round and turn as comments"."""
    game, settings, seats, moves, *_ = next(g for g in many_games if g[0].name == "tiletum" and len(g[3]) > 30)
    lines = write_record(game, settings, seats, DATE, moves).splitlines()
    body = lines[lines.index("") + 1:]
    assert body[0] == f"# round 1, lap 1, turn 1: {game.player_names(settings)[0]}"
    assert [line for line in body if not line.startswith("#")] == [*moves, "end"]
    second = next(line for line in body[1:] if line.startswith("#"))
    assert second == f"# round 1, lap 1, turn 2: {game.player_names(settings)[1]}"  # a comment where a turn begins
    carc = next(g for g in many_games if g[0].name == "carcassonne" and len(g[3]) > 4)
    body = write_record(carc[0], carc[1], carc[2], DATE, carc[3]).splitlines()
    assert [line for line in body if line.startswith("# turn")][:2] == [
        f"# turn 1: {carc[0].player_names(carc[1])[0]}", f"# turn 2: {carc[0].player_names(carc[1])[1]}"]


def test_export_import_export_through_the_commands_gives_the_same_text(many_games, tmp_path, capsys):
    """Every set-up once, through the files: a save, `tiletum export`, `tiletum import` into the save
    folder, `tiletum export` of the imported save."""
    folder = tmp_path / "saves"
    folder.mkdir()
    setups = {}
    for g in many_games:  # every game and player count, cut short, and a finished game of each game
        setups.setdefault((g[0].name, len(g[2])) if not g[5] else g[0].name, g)
    for n, (game, settings, seats, moves, digest, _) in enumerate(setups.values()):
        session = Session.from_actions(settings, moves, game=game, seats=[record_files.seat_of(s) for s in seats])
        save = session.save_as(tmp_path / f"game{n}.json")
        first, second = tmp_path / f"first{n}.record", tmp_path / f"second{n}.record"
        assert cli.main(["export", str(save), "--to", str(first)]) == 0
        assert cli.main(["import", str(first), "--save-dir", str(folder)]) == 0
        imported = re.search(r"to (.*\.json)$", capsys.readouterr().out.strip().splitlines()[-1]).group(1)
        assert Session.load(imported, autosave=False).digest() == digest
        assert cli.main(["export", imported, "--to", str(second)]) == 0
        assert second.read_text() == first.read_text()
    assert len(setups) == 9


def test_the_examples_in_the_docs_are_records_as_export_writes_them():
    """docs/records.md: "documented in docs/records.md" with an example of each game; they must stay true."""
    from pathlib import Path

    doc = (Path(__file__).parents[2] / "docs" / "records.md").read_text()
    blocks, block, fence = [], [], None  # the plain fenced blocks (a ```text block is other output)
    for line in doc.splitlines(keepends=True):
        if line.startswith("```"):
            if fence is None:
                fence, block = line.strip(), []
            else:
                if fence == "```":
                    blocks.append("".join(block))
                fence = None
        elif fence is not None:
            block.append(line)
    assert {read_record(b).game.name for b in blocks} == {"tiletum", "carcassonne"}
    for block in blocks:
        assert read_record(block).text() == block
