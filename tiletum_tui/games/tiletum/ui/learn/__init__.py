"""Learning inside the app: the rules browser, context help, explanations and the guided first game.

The entry points the rest of the UI calls:

    open_rules(app, topic=None)      # the rules browser, opened at a page/section/topic ("fair", "map-view")
    learn(app)                       # Learn to play: the lessons' chapters (resume, or start one)
    start_tutorial(app)              # the guided first game (resumes where it was left)
    start_tutorial(app, lesson=id)   # any lesson of either game (``learn.lessons``), likewise
"""

from __future__ import annotations

from textual.widgets import OptionList

from tiletum_tui.shell.lesson_progress import load_progress, progress_path
from ...learn.explain import rule_for
from ...learn.lessons import build_screen, every_lesson, lesson as find_lesson, lesson_with_chapter
from ...learn.pages import TOPICS, topic as find_topic
from ..opponents import SUGGESTED
from ..widgets.decision import DecisionPanel


def open_rules(app, topic: str | None = None, *, section: tuple[str, str] | None = None) -> None:
    """Open the rules at ``topic`` (a page id, 'page:section', a widget id of the game screen or any word
    to search for), or at an exact ``section`` (page id, section id). If the browser is open, jump."""
    from .rules_screen import RulesScreen  # cycle: .dialogs, .rules_screen, .tutorial_screen import this package

    if isinstance(app.screen, RulesScreen):
        page_id, section_id = section if section else find_topic(topic)
        app.screen.show(page_id, section_id)
    else:
        app.push_screen(RulesScreen(topic, section=section))


def start_tutorial(app, *, restart: bool = False, chapter: str | None = None, replace=None,
                   lesson: str = "base") -> None:
    """Start the guided game, or resume it where it was left (``restart`` starts it again, ``chapter``
    at that chapter's first step, of whichever lesson has it). ``replace``: the tutorial screen it takes
    the place of; ``lesson``: which lesson (``learn.lessons``), the base game's by default."""
    found = lesson_with_chapter(chapter) if chapter is not None else find_lesson(lesson)
    screen = build_screen(app, found, restart=restart, chapter=chapter)  # (its game's screen: ``Lesson.screen``)
    if replace is not None and app.screen is replace:
        app.switch_screen(screen)
    else:
        app.push_screen(screen)


def saved_steps(app) -> tuple[dict[str, int | None], str | None, frozenset[str]]:
    """Where each lesson's saved progress is (lesson id -> step, None without usable progress), why
    a progress file that is there cannot be used (the first such reason), and the chapters finished."""
    steps, problems, finished = {}, [], set()
    for lesson in every_lesson():
        progress, problem = load_progress(progress_path(app, lesson), lesson)
        steps[lesson.id] = progress.step if progress else None
        problems += [problem] if problem else []
        finished |= set(progress.finished) if progress else set()
    return steps, (problems[0] if problems else None), frozenset(finished)


def chosen_lesson(app, choice: str | None, *, replace=None) -> None:
    """Start what the chapter list was dismissed with: a lesson's resume line or a chapter."""
    from .chapters import RESUME  # cycle: .dialogs, .rules_screen, .tutorial_screen import this package

    if choice is None:
        return
    if choice == RESUME or choice.startswith(RESUME + ":"):
        start_tutorial(app, lesson=choice.partition(":")[2] or "base", replace=replace)
    else:
        start_tutorial(app, chapter=choice, replace=replace)


def learn(app) -> None:
    """Learn to play: the chapter list (resume where the learner left off, or start any chapter)."""
    from .chapters import ChapterMenu  # cycle: .dialogs, .rules_screen, .tutorial_screen import this package

    steps, problem, finished = saved_steps(app)
    elsewhere = {k: v for k, v in steps.items() if k != "base"}
    app.push_screen(ChapterMenu(steps["base"], problem=problem, elsewhere=elsewhere, finished=finished),
                    lambda choice: chosen_lesson(app, choice))


def chapters_from(screen, lesson, at: int, finished=frozenset()) -> None:
    """The chapter list opened from inside a lesson (of either game: ``c`` on its screen, through the app's
    ``open_chapters``): resuming goes back to it, another line takes its place."""
    from .chapters import RESUME, ChapterMenu  # cycle: .dialogs, .rules_screen, .tutorial_screen import this package

    def chosen(choice: str | None) -> None:
        if choice != RESUME:  # (resume: back to this lesson)
            chosen_lesson(screen.app, choice, replace=screen)

    steps, _, saved = saved_steps(screen.app)
    elsewhere = {k: v for k, v in steps.items() if k != lesson.id}
    screen.app.push_screen(ChapterMenu(at, inside=True, lesson=lesson, elsewhere=elsewhere,
                                       finished=saved | frozenset(finished)), chosen)


def context_topic(screen) -> str | None:
    """The rules topic for what is in front of the player: the highlighted choice's rule, else the focused
    part of the screen (a widget id in ``learn.pages.TOPICS``), else the game view on show."""
    focused = screen.focused
    if focused is not None and focused.id == "choices":
        panel = focused.parent
        i = focused.highlighted
        options = getattr(panel, "options", [])
        node = options[i] if i is not None and i < len(options) else None
        while node is not None and node.action is None and node.children:
            node = node.children[0]
        if node is not None and node.action is not None:
            rule = rule_for(node.action)
            return f"{rule.page}:{rule.section}"
    node = focused
    while node is not None:
        if node.id in TOPICS:
            return node.id
        node = node.parent
    view = getattr(screen, "current_view", None)
    return view if view in TOPICS else None


def help_here(screen) -> None:
    """F1 on the game screen: the rules page about the part (or choice) the player is looking at."""
    open_rules(screen.app, context_topic(screen))


def explain_highlighted(screen) -> None:
    """The 'why?' key on a game screen: the rule behind the highlighted choice and, if greyed, why not."""
    from .dialogs import explain_choice  # cycle: .dialogs, .rules_screen, .tutorial_screen import this package

    panel = screen.query_one(DecisionPanel)
    i = screen.query_one("#choices", OptionList).highlighted
    choice = panel.options[i] if i is not None and i < len(panel.options) else None
    master = None  # on the master's suggestion (◆), its reasons too (its line's detail has room for two lines)
    if choice is not None and choice.label.startswith(SUGGESTED) and getattr(screen, "opponents", None):
        master = screen.opponents.suggestion_words()
    screen.app.push_screen(explain_choice(screen, choice, master))


def show_preview(screen) -> None:
    """The 'what would this score' key: the coming King phase and Fair, and final scoring as it stands."""
    from .dialogs import score_preview  # cycle: .dialogs, .rules_screen, .tutorial_screen import this package

    screen.app.push_screen(score_preview(screen.model.state))


def mark_hints(menu: list, found: dict, mark: str = "★ ") -> int:
    """Mark the decision-panel choices (``ui.choices.Choice`` trees) that lead to a completing action
    (``learn.hints.hints``): the label gets ``mark``, the detail line says what it completes.
    Returns how many top-level lines were marked."""
    def leads(choice) -> list[str]:
        if choice.action is not None:
            return found.get(choice.action, [])
        return [w for c in choice.children for w in leads(c)]

    def walk(choices) -> int:
        n = 0
        for c in choices:
            why = leads(c)
            if why and not c.disabled:
                c.label = mark + c.label
                c.detail = "Completes: " + "; ".join(dict.fromkeys(why))
                n += 1
                walk(c.children)
        return n

    return walk(menu)


def rules_commands():
    """The command palette provider ('rules: fair'), for ``App.COMMANDS``."""
    from .rules_screen import RulesCommands  # cycle: .dialogs, .rules_screen, .tutorial_screen import this package

    return RulesCommands


__all__ = ["chapters_from", "chosen_lesson", "context_topic", "explain_highlighted", "help_here", "learn", "mark_hints", "open_rules",
           "rules_commands", "saved_steps", "show_preview", "start_tutorial"]
