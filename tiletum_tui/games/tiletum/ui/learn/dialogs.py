"""Small modal dialogs for learning: a text box (the score preview, an explanation) with a rules link."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static, OptionList
from textual.widgets.option_list import Option

from ...learn.explain import GROUP_RULES, Explanation, rule_for, why_not
from ...learn.pages import page
from ...learn.preview import preview_text
from . import open_rules


class LearnNote(ModalScreen[None]):
    """A titled text (drawn without markup) that closes with Enter/Esc; F1 opens the rules at ``topic``."""

    DEFAULT_CSS = """
    LearnNote { align: center middle; }
    LearnNote > #learn-note { width: 76; max-width: 100%; height: auto; max-height: 90%;
                               border: round $primary; background: $surface; padding: 0 1; }
    #learn-note-title { text-style: bold; height: 1; }
    #learn-note-scroll { height: auto; max-height: 16; }
    #learn-note-keys { color: $text-muted; height: 1; }
    """
    BINDINGS = [
        Binding("enter,escape,space", "close", "Close", id="tiletum.learn-note-close"),
        Binding("f1", "rules", "Rules", id="tiletum.learn-note-rules"),
    ]

    def __init__(self, title: str, body: str, topic: str | None = None) -> None:
        super().__init__()
        self.title_text, self.body, self.topic = title, body, topic

    def compose(self) -> ComposeResult:
        with Vertical(id="learn-note"):
            yield Static(self.title_text, id="learn-note-title", markup=False)
            with VerticalScroll(id="learn-note-scroll"):
                yield Static(self.body, id="learn-note-body", markup=False)
            keys = "Enter: close" + ("   F1: the rules about this" if self.topic else "")
            yield Static(keys, id="learn-note-keys", markup=False)

    def action_close(self) -> None:
        self.dismiss(None)

    def action_rules(self) -> None:
        if self.topic:
            self.dismiss(None)
            open_rules(self.app, self.topic)


def explain_choice(screen, choice, master: str | None = None) -> LearnNote:
    """The rule behind a decision-panel choice (legal or greyed) and, if refused, exactly why. A group
    line ("Tasks…", "Die 3B") is explained as the group: its own rule (``GROUP_RULES``, for a group that
    holds several kinds of move) or the rule its lines share, allowed unless the group is greyed.
    ``master``: the master's explanation, where the choice is its suggestion (◆), before the rule."""
    if choice is None:
        return LearnNote("Explain", "Nothing to explain here.")
    if choice.action is not None:
        ex = why_not(screen.model.state, choice.action)
    else:
        leaf = choice
        while leaf.action is None and leaf.children:
            leaf = leaf.children[0]
        rule = GROUP_RULES.get(choice.key) or (rule_for(leaf.action) if leaf.action is not None else None)
        if rule is None:
            return LearnNote("Explain", "Nothing to explain here.")
        ex = Explanation(not choice.disabled, choice.reason, rule)
    where = f"{page(ex.rule.page).title} › {page(ex.rule.page).section(ex.rule.section).heading}"
    why = f"Why the master suggests it:\n{master}\n\nThe rule: " if master else ""
    body = f"{choice.label}\n\n{why}{ex.text()}\n\nRead more: {where}"
    return LearnNote("Why?" if ex.allowed else "Why not?", body, f"{ex.rule.page}:{ex.rule.section}")


def score_preview(state) -> LearnNote:
    return LearnNote("What would this score?", preview_text(state), "scoring")


class QuestionDialog(ModalScreen[int | None]):
    """A tutorial step's question about the position on screen: its answers, numbered; dismissed with the
    index chosen (None: Esc, to look at the board again). It sits at the bottom, over the tutorial box,
    so the view the question is about stays in sight."""

    DEFAULT_CSS = """
    QuestionDialog > #question { width: 78; max-width: 100%; height: auto; max-height: 60%;
                                 border: round $warning; background: $surface; padding: 0 1; }
    #question-text { height: auto; max-height: 5; }
    #question-answers { height: auto; max-height: 8; border: none; padding: 0; }
    #question-keys { height: 1; color: $text-muted; }
    """
    BINDINGS = [
        Binding("escape", "close", "Back", id="tiletum.question-close"),
        *[Binding(str(n), f"pick({n})", show=False, id=f"tiletum.question-{n}") for n in range(1, 10)],
    ]

    def __init__(self, question: str, answers: tuple[str, ...]) -> None:
        super().__init__()
        self.question, self.answers = question, answers

    def compose(self) -> ComposeResult:
        with Vertical(id="question"):
            yield Static(self.question, id="question-text", markup=False)
            yield OptionList(*[Option(f"{i + 1} {a}", id=str(i)) for i, a in enumerate(self.answers)],
                             id="question-answers")
            yield Static(f"1–{len(self.answers)} or Enter: answer · Esc: look at the board again",
                         id="question-keys", markup=False)

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event) -> None:
        event.stop()
        self.dismiss(int(event.option_id))

    def action_pick(self, n: int) -> None:
        if n <= len(self.answers):
            self.dismiss(n - 1)

    def action_close(self) -> None:
        self.dismiss(None)
