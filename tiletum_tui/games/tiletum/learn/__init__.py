"""Learn to play: the rules pages, explanations of every action and refusal, the score preview,
hints, and the guided first game as data. Pure Python: no textual or rich (the screens that show
all this live in ``tiletum_tui.games.tiletum.ui.learn``)."""
