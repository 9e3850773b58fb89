"""Why an action is (not) allowed now: the engine's reason, and the rule behind it.

The rule of each kind of action lives with the action itself (``Action.RULE`` in the engine); the
rule of each kind of decision in ``engine.decisions.FRAME_RULES``. ``why_not`` asks the engine for
the refusal (the engine's reason is the one source of truth) and adds the rule it comes from and
where to read more.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import Rule, check, frame_rule
from ..engine.errors import TiletumError

__all__ = ["GROUP_RULES", "Explanation", "Rule", "frame_rule", "rule_for", "why_not"]

# The rule of a group line of the decision panel (its ``Choice.key``), for 'why?' on the group itself:
# the Tasks line holds every kind of Task, so it must not be explained by its first line (buying) alone.
GROUP_RULES: dict[str, Rule] = {
    "task": Rule("Tasks cost Resources, not AP, and can be done between the choices of your turn (never in the middle "
                 "of a bonus), as often as you can pay: "
                 "buy a Resource for 2 Gold, fulfil a Contract from your Storehouse, place a Crest under a Building "
                 "(paid in Food), build at a Cathedral where you have a Pillar (paid in Stone), or use a Helper.",
                 "actions", "tasks"),
}


@dataclass(frozen=True)
class Explanation:
    allowed: bool
    reason: str | None  # the engine's own refusal, None when allowed
    rule: Rule

    def text(self) -> str:
        if self.allowed:
            return f"Allowed. {self.rule.text}"
        return f"Not now: {self.reason}.\nThe rule: {self.rule.text}"


def rule_for(action) -> Rule:
    return type(action).RULE


def why_not(state, action) -> Explanation:
    """Whether ``action`` is allowed now; if not, the engine's reason, with the rule it comes from."""
    rule = rule_for(action)
    try:
        check(state, action)
    except TiletumError as exc:
        return Explanation(False, str(exc), rule)
    return Explanation(True, None, rule)
