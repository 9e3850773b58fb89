"""Learning Carcassonne in the app: its lesson (``lesson``: the script in ``script``, the checklist in
``checklist``, the runner in ``tutorial``). Pure: the screen is ``carcassonne.ui.lesson_screen``."""
