"""The save benchmark runs (issue 4, "Tests": "The benchmark reports save and load times of a finished
4-player game (aim: under 20 ms to load) and the file size"). Timings are not asserted here: the
machines are shared and noisy; ``tiletum bench`` prints them."""

from tiletum_tui.shell.bench.saves import measure_saves


def test_measure_saves_reports_times_and_size():
    result = measure_saves(repeats=2)
    assert set(result) >= {"save_ms", "load_ms", "file_bytes", "actions", "encode_ms", "players"}
    assert result["players"] == 4 and result["actions"] > 100 and result["file_bytes"] > 1000
    assert result["load_ms"] > 0 and result["save_ms"] > 0
