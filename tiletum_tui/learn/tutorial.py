"""The guided first game, as data: a fixed seed, the learner's steps, the opponent's moves.

Each step has a short text, the part of the game screen it points at (a widget id of the game
screen) and either the one move it accepts (in the engine's notation), "press a key to continue",
or free play until a moment of the game. Round 1 is taught move by move; rounds 2 to 4 are free
play with hints, so the tutorial always reaches the end of a full game. The opponent's moves in
round 1 are scripted; after that (and if a scripted move ever stops fitting) the journeyman plays
her (``opponents``: one turn of planning, deterministic for a given position). ``tests/learn`` runs the whole script through the engine.

Pure Python: ``tiletum_tui.ui.learn`` puts this on the real game screen.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import apply, current_player, legal_actions, parse, sample, view
from ..engine.actions import notation_of_move
from ..engine.state import PlayerSetup, Settings
from .explain import why_not

SEED = 7
LEARNER, OPPONENT = 0, 1
SETTINGS = Settings(players=(PlayerSetup("Alex", "red"), PlayerSetup("Rosa", "blue")), seed=SEED, rules=1)
KEY, MOVE, FREE = "key", "move", "free"


@dataclass(frozen=True)
class Step:
    text: str
    target: str  # widget id on the game screen the step talks about
    kind: str = KEY  # KEY: press a key; MOVE: make ``move``; FREE: play freely until ``until``
    move: str = ""
    view: str = ""  # the game view to show (wheel, map, board, offers, log), "" to leave it
    until: str = ""  # FREE steps: "round2", "round4", "over"
    topic: str = ""  # the rules topic F1 opens on this step


def _k(text, target, view="", topic=""):
    return Step(text, target, KEY, view=view, topic=topic)


def _m(move, text, target="decision", view="", topic=""):
    return Step(text, target, MOVE, move=move, view=view, topic=topic)


STEPS: tuple[Step, ...] = (
    # ---- theme and goal; the round and its five phases
    _k("Welcome to Tiletum! You lead a merchant family in Renaissance Europe: trade at Fairs, hire Characters, "
       "raise Cathedrals. After 4 rounds the most Victory Points (VP) wins. You are Alex (red), against Rosa (blue).",
       "status", "wheel", "goal"),
    _k("The top line shows the round, the lap and everyone's VP. A round has five phases: Preparation (dice are "
       "rolled), Action (3 turns each), King, Fair and Cleanup. The game runs the phases without choices for you.",
       "status", "wheel", "overview"),
    # ---- taking a die: Resources against AP
    _k("This is the Action Wheel. Each die sits beside an Action. Taking a die gives its value in Resources of its "
       "colour, and 7 minus its value in Action Points (AP) for that Action: a 1 gives 1 Resource but 6 AP, a 6 "
       "gives 6 Resources but 1 AP.", "wheel-view", "wheel", "turn"),
    _m("die 1Y", "Take the yellow 1: only 1 Gold, but 6 AP for the Architect Action. In the decision panel choose "
       "'Die 1Y', then leave its Bonus tile.", "decision", "wheel", "turn"),
    # ---- the Architect Action
    _m("pillar TIL", "Architect Action: each option costs 1 AP. Your Architect stands in Tiletum: put a Pillar at its "
       "Cathedral. Pillars count at the end (Houses x Pillars) and let you build Cathedrals.", "map-view", "map",
       "architect"),
    _m("move architect r21", "Now walk to Koln: its Cathedral is cheap to build. Move one space onto the road "
       "towards Koln (1 AP).", "map-view", "map", "architect"),
    _m("move architect KOL", "One more step: into Koln.", "map-view", "map", "architect"),
    _m("pillar KOL", "Put your second Pillar at Koln's Cathedral.", "map-view", "map", "architect"),
    # ---- Tasks
    _m("buy S", "Tasks cost Resources, not AP, and can be done at any time in your turn. Press t for Tasks and buy "
       "a Stone for 2 Gold: you will need Stone for the Cathedral.", "decision", "", "tasks"),
    # ---- the Storehouse
    _m("take b38b", "A Bonus tile lies in Koln: an 'Iron and wool' Contract. Take it for 1 AP. Every tile you gain "
       "goes into your Storehouse first (4 spaces, shown on your board).", "board-view", "board", "storehouse"),
    _k("Your Storehouse now holds the Contract. A full Storehouse means you cannot take tiles, and tiles can never "
       "be thrown away, so keep room. Press b to look at your board any time.", "board-view", "board",
       "storehouse"),
    _m("end", "1 AP is left; it will be lost. End your turn (e): the game asks first, answer y. Then Rosa plays.",
       "decision", "wheel", "ap"),
    # ---- Characters and Buildings
    _m("die 3P +bonus", "Lap 2. Take the pink 3: 3 Food and 4 AP for the Character Action, and take its Bonus tile, "
       "a Crest of the Stag, into your Storehouse.", "wheel-view", "wheel", "storehouse"),
    _m("hire c04b", "Character Action: hire the Weaver from the offer (1 AP). Characters go to your Storehouse, then "
       "into the Rooms of your Buildings.", "offers-view", "offers", "character"),
    _m("room c04b 1 1", "Move the Weaver into Building 1, floor 1 (a floor costs its number in AP). Its bonus comes at "
       "once: 2 Wool. Building 1 has one Room, so it is now full: its roof House joins your supply.", "board-view",
       "board", "character"),
    _m("hire c05a", "Hire the Pedlar too.", "offers-view", "offers", "character"),
    _m("room c05a 2 1", "Put the Pedlar in Building 2, floor 1. One kind of Character per Building.", "board-view",
       "board", "character"),
    _m("move merchant r11", "The Pedlar's bonus: move your Merchant one space. Head towards Lyon.", "map-view", "map",
       "merchant"),
    _m("end", "No AP left. End your turn.", "decision", "", "turn"),
    # ---- Contracts and Pillars
    _m("die 4P", "Lap 3. Take the pink 4: 4 Food and 3 AP for the Contract Action.", "wheel-view", "wheel",
       "contract"),
    _m("fulfil b38b", "Fulfil the Contract in your Storehouse (a Task: t): pay 1 Wool and 1 Iron. It moves to your "
       "first Contract space, scores 2 VP, and frees the Pillar printed there into your supply.", "board-view",
       "board", "fulfil"),
    _m("contract k20a", "Contract Action: take the 'Iron and wool' Contract from the offer. Its space costs 1 AP.",
       "offers-view", "offers", "contract"),
    _m("exchange F I", "You lack Iron. Exchange 1 Food for 1 Iron (1 AP). The first exchange of a turn also gives a "
       "Resource of your choice.", "decision", "", "contract"),
    _m("gain S", "Choose Stone as the free Resource.", "decision", "", "contract"),
    _m("fulfil k20a", "Fulfil the new Contract: 2 VP plus 1 VP for its space, and another Pillar.", "board-view",
       "board", "fulfil"),
    _m("exchange W S", "Exchange your last Wool for Stone: now you have 4 Stone.", "decision", "", "contract"),
    _m("cathedral KOL", "Your Pillar in Koln lets you build there (a Task): pay 3 Stone, take the top Cathedral tile "
       "and score both tiles' VP. Each player helps each Cathedral once.", "map-view", "map", "cathedral"),
    # ---- Crests and Completed Buildings
    _m("crest b25a 1", "Place the Stag Crest under Building 1 (a Task, 6 Food). Building 1 has all its Rooms filled "
       "and a Crest: it is Completed! From now on the Merchant Action (the Weaver's icon) gives you +1 AP.",
       "board-view", "board", "completed"),
    _m("house LYO 1", "The Crest space's bonus: build a House in any Town. Lyon's first space pays 2 VP.", "map-view",
       "map", "crest"),
    _m("end", "End your turn. Rosa plays her last turn, then the King phase begins.", "decision", "", "turn"),
    # ---- the King phase
    _m("claim", "King phase. You are highest on the King track (on a shared space the bottom marker counts first), "
       "so you may take the Bonus tile beside it: a Lion Crest. Then everyone scores their King track space.",
       "wheel-view", "wheel", "king"),
    # ---- the Fair
    _k("The Fair in Tiletum scored too: everyone with a House or Merchant there took part, scoring per set of one "
       "fulfilled Contract and one Cathedral tile. The log (l) lists every point and why.", "log-view", "log",
       "fair"),
    _k("Round 2: the wheel turned one step, so each die value feeds a different Action now. From here you play on your "
       "own. Hints are on: moves that complete something are listed here. x explains the highlighted choice, v shows "
       "what the King phase, the Fair and final scoring would give now, F1 opens the rules.", "decision", "wheel",
       "cleanup"),
    Step("Free play: rounds 2 and 3.", "decision", FREE, until="round4", topic="turn"),
    _k("The last round. After its Fair comes final scoring: Houses on the map times Pillars on the map, Completed "
       "Buildings (3 or more pay), and 1 VP per 4 Resources left. Plan for it now.", "status", "", "final"),
    Step("Free play: round 4, to the end of the game.", "decision", FREE, until="over", topic="final"),
    _k("That was a whole game of Tiletum. The final scoring table shows where every point came from. Well played!",
       "status", "", "final"),
)

# Rosa's turns in round 1, in order: chosen to leave the dice and tiles the lessons use.
OPPONENT_SCRIPT: tuple[str, ...] = (
    "die 2D", "move merchant r22", "move merchant PRA", "house PRA 1", "take b15a", "move merchant r08", "end",
    "die 2B", "move merchant WIE", "house WIE 1", "take b33a", "move merchant r13", "move merchant BUD", "end",
    "die 3D", "hire c06b", "room c06b 2 1", "done", "hire c08b", "room c08b 1 1", "skip", "end",
)


def _gain(before, after, who: int) -> tuple:
    p, q = before.players[who], after.players[who]
    return (q.vp - p.vp, sum(q.resources.values()) - sum(p.resources.values()))


def rule_move(state):
    """A simple deterministic player: the legal action with the best immediate VP, then Resources; ties to
    the engine's order (which puts Done / End first, so it never wanders)."""
    who = current_player(state)
    tried = sample(state, 0) if state.hidden.redacted else state  # a view: try moves on a state sampled from it
    best, best_key = None, None
    for i, action in enumerate(legal_actions(state)):
        key = (*_gain(tried, apply(tried, action), who), -i)
        if best_key is None or key > best_key:
            best, best_key = action, key
    return best


def opponent_move(state, scripted: int):
    """Rosa's next move and how many scripted moves that used: the script while it fits, then the journeyman."""
    if scripted < len(OPPONENT_SCRIPT):
        action = parse(OPPONENT_SCRIPT[scripted], OPPONENT)
        if why_not(state, action).allowed:
            return action, scripted + 1
    return _journeyman().choose(view(state)).action, len(OPPONENT_SCRIPT)


_ROSA = []


def _journeyman():
    """Rosa in free play (issue 14): the journeyman, kept so she follows her turn's plan step by step
    (she plans again whenever the position is not the one her plan foresaw)."""
    if not _ROSA:
        from ..opponents.levels import Opponent

        _ROSA.append(Opponent(OPPONENT, "journeyman"))
    return _ROSA[0]


def reached(state, until: str) -> bool:
    if until == "over":
        return state.phase == "over"
    if until.startswith("round"):
        return state.round >= int(until[5:]) or state.phase == "over"
    raise ValueError(f"unknown tutorial moment {until!r}")


class Tutorial:
    """Where the learner is: the step index and how much of Rosa's script is used. Pure bookkeeping."""

    def __init__(self, step: int = 0, scripted: int = 0) -> None:
        self.index, self.scripted = step, scripted

    @property
    def done(self) -> bool:
        return self.index >= len(STEPS)

    @property
    def step(self) -> Step | None:
        return None if self.done else STEPS[self.index]

    def verdict(self, state, action) -> tuple[bool, str]:
        """May the learner make this move now? If not, why not now (the engine's rule, or the lesson)."""
        step = self.step
        check = why_not(state, action)
        if not check.allowed:
            return False, f"Not allowed: {check.reason}. {check.rule.text}"
        if step is None or step.kind == FREE:
            return True, ""
        if step.kind == KEY:
            return False, "Not yet: read this step, then press space to continue."
        if action.seat != LEARNER or notation_of_move(action) != step.move:
            return False, f"Not now: that is a legal move, but this step teaches something else: {expected(step)}."
        return True, ""

    def moved(self, state) -> None:
        """After an accepted move: a MOVE step is done; a FREE step ends when its moment comes."""
        step = self.step
        if step is not None and step.kind == MOVE:
            self.index += 1
        self.settle(state)

    def settle(self, state) -> None:
        step = self.step
        while step is not None and step.kind == FREE and reached(state, step.until):
            self.index += 1
            step = self.step

    def next(self, state) -> bool:
        """The continue key: moves past a KEY step (and only a KEY step)."""
        if self.step is not None and self.step.kind == KEY:
            self.index += 1
            self.settle(state)
            return True
        return False


def expected(step: Step) -> str:
    """The move a step asks for: its notation, which the log (n) and the docs use too."""
    return f"this step asks for '{step.move}' (see the text above)"


def play_script(until_step: int | None = None):
    """Replay the tutorial from the start as the engine sees it: (state, tutorial, moves) after the scripted
    steps, stopping at the first FREE step (or at ``until_step``). Used by the tests and to resume."""
    from ..engine import new_game

    state = new_game(SETTINGS)
    tut = Tutorial()
    moves: list[str] = []
    while not tut.done and (until_step is None or tut.index < until_step):
        while current_player(state) == OPPONENT:
            action, tut.scripted = opponent_move(state, tut.scripted)
            moves.append(notation_of_move(action))
            state = apply(state, action)
        step = tut.step
        if step.kind == FREE:
            break
        if step.kind == KEY:
            tut.next(state)
            continue
        action = parse(step.move, LEARNER)
        ok, why = tut.verdict(state, action)
        if not ok:
            raise AssertionError(f"tutorial step {tut.index} ({step.move}): {why}")
        moves.append(step.move)
        state = apply(state, action)
        tut.moved(state)
    return state, tut, moves
