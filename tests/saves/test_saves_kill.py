"""A killed game never leaves a broken save (issue 4).

Issue 4, "Never lose a game": "Autosave after every action, atomically (write a temporary file,
flush, rename over), so a killed process ... loses at most the action in progress and never leaves
a broken file." Issue 4, "Tests": "A subprocess test kills the game with SIGKILL during a stream of
autosaves, many times, and every time the save folder holds a loadable game."
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
import time

from tiletum_tui.shell.saves import listing
from tiletum_tui.shell.session import EVERY_SEAT, Session

# The child continues the latest unfinished game in the folder (or starts one) and plays random
# actions as fast as it can, autosaving after each, until it is killed.
CHILD = textwrap.dedent("""
    import random, sys
    from pathlib import Path
    from tiletum_tui.games.tiletum.engine import PlayerSetup, Settings, legal_actions
    from tiletum_tui.shell.session import EVERY_SEAT, Session

    folder, seed = Path(sys.argv[1]), int(sys.argv[2])
    players = tuple(PlayerSetup(name=n, colour=c) for n, c in (("Agnes", "red"), ("Bertram", "blue"), ("Clo", "green")))
    path = Session.latest_unfinished(folder)
    session = Session.load(path) if path else Session.new(Settings(players=players, seed=seed), save_dir=folder)
    pick = random.Random(seed)
    print("playing", flush=True)
    while True:
        if session.finished:
            session = Session.new(Settings(players=players, seed=pick.randrange(1 << 30)), save_dir=folder)
        session.apply(pick.choice(legal_actions(session.state)), by=EVERY_SEAT)
        if session.autosave_error:
            print(session.autosave_error, file=sys.stderr, flush=True)
            sys.exit(3)
""")

KILLS = 24
BUDGET_S = 15.0


def test_sigkill_during_a_stream_of_autosaves_always_leaves_a_loadable_game(tmp_path):
    folder = tmp_path / "saves"
    folder.mkdir()
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    timing = random.Random(4)
    progress: dict[str, int] = {}  # game id -> actions in its autosave at the last check
    kills, started = 0, time.monotonic()
    while kills < KILLS and (kills < 8 or time.monotonic() - started < BUDGET_S):
        child = subprocess.Popen([sys.executable, "-c", CHILD, str(folder), str(kills + 1)],
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        assert child.stdout.readline() == b"playing\n", child.stderr.read().decode()
        time.sleep(timing.uniform(0.0, 0.12))
        child.send_signal(signal.SIGKILL)
        child.wait()
        assert child.returncode == -signal.SIGKILL, child.stderr.read().decode()
        child.stdout.close()
        child.stderr.close()
        kills += 1
        infos = listing.list_saves(folder)
        assert infos, "no save in the folder"
        for info in infos:
            assert info.problem is None, f"after kill {kills}: {info.path.name}: {info.problem}"
            game = Session.load(info.path, autosave=False)  # replays and checks the digest
            assert len(game.log) >= progress.get(info.game_id, 0), "an autosave went backwards"
            progress[info.game_id] = len(game.log)
        assert Session.latest_unfinished(folder) is not None or all(i.finished for i in infos)
    assert kills >= 8
    assert sum(progress.values()) > 0, "the children never got to play"
