"""The River (the variant with the 12 River tiles): the spring starts the game, the river tiles come
first and the lake closes them; a river tile continues the river and never makes a "U" turn; no
follower on a river. Its parts: ``engine`` (the tiles, the setup, the placement rule, its state),
``learn`` (its rules page, its lesson chapter, its checklist) and ``ui`` (its New game field, its
command-line flag ``--river``). Switched on by ``Settings.river`` (saves, records and digests of
games with the River say ``river: true``, as they always have)."""

NAME = "river"
FLAG = "river"
PARTS = {
    "engine": "tiletum_tui.games.carcassonne.modules.river.engine",
    "learn": "tiletum_tui.games.carcassonne.modules.river.learn",
    "ui": "tiletum_tui.games.carcassonne.modules.river.ui",
}
