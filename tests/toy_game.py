"""A toy game defined in the test folder (issue 19: "a test that a toy game in the test folder plays
through" the game interface). Counters: a seeded pile; on a turn a player takes 1 or 2 counters, as
often as they like, then ends the turn ("end"); whoever takes the last counter scores 1. Dealing
the pile is the one reveal. Nothing here is imported from any real game."""

from __future__ import annotations

import msgspec


class ToyError(ValueError):
    pass


class ToySettings(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    names: tuple[str, ...]
    seed: int


class Take(msgspec.Struct, frozen=True):
    seat: int
    n: int


class End(msgspec.Struct, frozen=True):
    seat: int


class ToyState(msgspec.Struct, frozen=True):
    settings: ToySettings
    pile: int
    seat: int
    taken: int  # this turn
    turn: int
    scores: tuple[int, ...]
    events: tuple = ()


class ToyGame:
    name = "toy"
    title = "Counters"
    Settings = ToySettings
    Error = ToyError
    rules_versions = (1,)
    rules_version = 1

    def new_game(self, settings):
        return ToyState(settings, pile=5 + settings.seed % 7, seat=0, taken=0, turn=1,
                        scores=(0,) * len(settings.names), events=("dealt",))

    def apply(self, state, action):
        if action.seat != state.seat:
            raise ToyError("it is not your turn")
        if isinstance(action, End):
            if not state.taken:
                raise ToyError("take at least one counter first")
            return msgspec.structs.replace(state, seat=(state.seat + 1) % len(state.scores), taken=0,
                                           turn=state.turn + 1, events=())
        if not 1 <= action.n <= min(2, state.pile):
            raise ToyError(f"there are {state.pile} counters: take 1 or 2 of them")
        pile = state.pile - action.n
        scores = tuple(s + (i == state.seat and pile == 0) for i, s in enumerate(state.scores))
        return msgspec.structs.replace(state, pile=pile, taken=state.taken + action.n, scores=scores, events=())

    def parse(self, text, seat=None, settings=None):
        head, _, rest = text.partition(":")
        if rest:
            seat, text = int(head) - 1, rest.strip()
        if seat is None:
            raise ToyError("whose action? write '1: take 2'")
        if text == "end":
            return End(seat)
        word, _, n = text.partition(" ")
        if word != "take" or not n.isdigit():
            raise ToyError(f"not an action: {text!r}")
        return Take(seat, int(n))

    def notation(self, action):
        return f"{action.seat + 1}: " + ("end" if isinstance(action, End) else f"take {action.n}")

    def describe(self, state, action):
        return self.notation(action)

    def current_player(self, state):
        return None if state.pile == 0 else state.seat

    def legal_actions(self, state):
        if state.pile == 0:
            return []
        takes = [Take(state.seat, n) for n in (1, 2) if n <= state.pile]
        return takes + ([End(state.seat)] if state.taken else [])

    def clone(self, state):
        return state  # a frozen Struct: a value already

    def view(self, state, seat=None):
        return state  # nothing hidden in a pile of counters

    def finished(self, state):
        return state.pile == 0

    def digest(self, state):
        import hashlib

        return hashlib.sha256(msgspec.json.encode(msgspec.structs.replace(state, events=()))).hexdigest()

    def barriers(self, events):
        return ["the pile was dealt"] if "dealt" in events else []

    def turn_key(self, state):
        return (state.turn,)

    def turn_began(self, before, after):
        return "a new turn"

    def summary(self, state):
        return {"round": state.turn, "phase": "over" if state.pile == 0 else "play", "scores": list(state.scores)}

    def progress(self, summary):
        return f"turn {summary['round']}"

    def turn_label(self, state):
        return f"turn {state.turn}"

    def winners(self, state):
        return tuple(i for i, s in enumerate(state.scores) if s) if state.pile == 0 else ()

    def scores_by_category(self, state):
        return [{"last counter": s} for s in state.scores]

    def automatic(self, before, after, events):
        return []  # (nothing happens that nobody chose)

    def player_names(self, settings):
        return list(settings.names)

    def seed(self, settings):
        return settings.seed

    def decode_settings(self, raw):
        return msgspec.json.decode(raw, type=ToySettings)

    def encode_settings(self, settings):
        return msgspec.Raw(msgspec.json.encode(settings))


TOY = ToyGame()


class HostedToyGame(ToyGame):
    """The same game with what ``tiletum host`` needs of it (``game_interface.Hosted``): its players, no
    module, a table's settings, and its view and events as bytes (nothing of a pile of counters is hidden)."""

    player_counts = (2, 4)

    def modules_offered(self):
        return ()

    def table_settings(self, players, seed, modules=()):
        return ToySettings(names=tuple(name for name, _colour in players), seed=seed)

    def encode_view(self, seen):
        return msgspec.msgpack.encode(seen)

    def decode_view(self, data):
        return msgspec.msgpack.decode(data, type=ToyState)

    def encode_events(self, events):
        return msgspec.msgpack.encode(list(events))

    def decode_events(self, data):
        return tuple(msgspec.msgpack.decode(data, type=list[str]))


HOSTED_TOY = HostedToyGame()


# Its registry entry (issue 38): the toy game registers itself as any game from outside
# ``tiletum_tui/games/`` would, through ``core.games.register``; no monkeypatching. ``playable``: with
# its screens (``toy_screens``) and what the host needs, so it plays on screen and through the host.
def entry(playable: bool = False):
    from tiletum_tui.core.games import Entry

    if not playable:
        return Entry(name="toy", title="Counters", game=f"{__name__}:TOY", order=50)
    return Entry(name="toy", title="Counters", game=f"{__name__}:HOSTED_TOY", order=50,
                 screens=f"{__name__.rpartition('.')[0]}.toy_screens:TOY_SCREENS", player_counts=(2, 4))


def registered(playable: bool = False):
    """A context in which the toy game is registered (``with registered(): ...``)."""
    from contextlib import contextmanager

    from tiletum_tui.core import games

    @contextmanager
    def context():
        games.register(entry(playable))
        try:
            yield HOSTED_TOY if playable else TOY
        finally:
            games.unregister("toy")
    return context()
