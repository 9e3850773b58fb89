"""The games this program plays, by the name their saves give: the one file that names them. The
session, the saves and the app shell reach a game only through one of these objects, of the shape
``game_interface.Game`` declares."""

from __future__ import annotations


def game(name: str):
    """The game of that name, or None."""
    if name == "tiletum":
        from .engine.game import TILETUM

        return TILETUM
    if name == "carcassonne":
        from .carcassonne.engine.game import CARCASSONNE

        return CARCASSONNE
    return None


NAMES = ("tiletum", "carcassonne")
# Each game's own command-line module (its settings from the options, ``play_headless``), imported by
# the command line alone; None: the command line's own (Tiletum's, from before there were two games).
FRONT_DOORS = {"tiletum": None, "carcassonne": "tiletum_tui.carcassonne.cli"}
# Each game's screens, as ``ui.games.screens_for`` hands them to the app shell ("module:object").
SCREENS = {"tiletum": "tiletum_tui.ui.games:TILETUM_SCREENS", "carcassonne": "tiletum_tui.carcassonne.ui.screens:SCREENS"}
# The lessons of each game other than Tiletum ("module:object", a tuple of lessons; Tiletum's own are
# ``learn.lessons.tiletum_lessons``), listed by Learn to play after Tiletum's.
LESSONS = {"carcassonne": "tiletum_tui.carcassonne.learn.lesson:LESSONS"}
# Each game's computer opponents, as the opponents' process and the arena reach them
# (``opponents.plug.for_game``: "module:object").
OPPONENTS = {"tiletum": "tiletum_tui.opponents.plug:TILETUM_OPPONENTS",
             "carcassonne": "tiletum_tui.carcassonne.opponents.plug:OPPONENTS"}
DEFAULT = "tiletum"
# Each game's computer opponents for ``tiletum host`` (issue 25): the process that plays a seat from
# its view ("module:class", made with the seats and ``game=`` the game's name; with ``ask(view, seat)``,
# ``fileno``, ``ready``, ``receive``, ``close``) and the levels it knows. A game without an entry is
# hosted for people only. (The process itself reaches the game's levels through ``OPPONENTS`` above:
# one worker serves both games.)
HOSTED_OPPONENTS = {"tiletum": ("tiletum_tui.opponents.worker:OpponentProcess",
                                 ("beginner", "journeyman", "master", "grandmaster")),
                    "carcassonne": ("tiletum_tui.opponents.worker:OpponentProcess",
                                    ("beginner", "journeyman", "master", "grandmaster"))}
