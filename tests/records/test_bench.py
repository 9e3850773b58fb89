"""The records' benchmark runs (issue 21, "Measured": "export and import of a finished game"). Timings are
not asserted (shared, noisy machines); ``tiletum bench`` prints them, docs/records.md keeps them."""

from tiletum_tui.shell.bench.records import measure_records


def test_measure_records_reports_export_and_import_of_a_finished_4_player_game():
    result = measure_records(repeats=1)
    assert result["actions"] > 100 and result["record_bytes"] > 1000
    assert result["export_ms"] > 0 and result["import_ms"] > result["read_record_ms"] > 0
