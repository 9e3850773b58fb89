"""Silver (expansion text, "Silver"; docs/silver.md, ruling 16).

"It is not considered a Resource and cannot be gained by spending 2 Gold (as a Task) or via an exchange as part
of the Contract Action. Silver is mainly used to advance on the Technology board. It may also be spent to build
Cathedral tiles on the Underground maps, and for hiring new Prospectors."
"""

from __future__ import annotations

import pytest

from tiletum_tui.games.tiletum.engine import TiletumError, options
from tiletum_tui.games.tiletum.engine.contracts import Exchange
from tiletum_tui.games.tiletum.engine.silver.common import me
from tiletum_tui.games.tiletum.engine.state import ChooseResourceFrame
from tiletum_tui.games.tiletum.engine.tasks import Buy

from .conftest import act, game, give_action, legal, set_res, silver


def test_silver_is_never_bought_for_gold():
    """"... cannot be gained by spending 2 Gold (as a Task)": no Buy of Silver exists, nor can one be written."""
    s = game(2)
    set_res(s.players[0], G=9)
    buys = {o.action for o in options(s) if isinstance(o.action, Buy)}
    assert {b.resource for b in buys} == {"F", "W", "S", "I"}
    with pytest.raises(TiletumError, match="a Resource must be one of G, F, W, S, I"):
        act(s, "buy silver")


def test_silver_is_never_given_or_received_in_an_exchange():
    """"... or via an exchange as part of the Contract Action", nor as the first exchange's bonus Resource."""
    s = game(2)
    silver(s, 0, 3)
    give_action(s, "contract", 3)
    exchanges = [o.action for o in options(s) if isinstance(o.action, Exchange)]
    assert exchanges and all(e.give != "silver" and e.get != "silver" for e in exchanges)
    act(s, "exchange W I")
    assert isinstance(s.stack[-1], ChooseResourceFrame) and legal(s) == {f"gain {r}" for r in "GFWSI"}
    assert me(s, 0).silver == 3


def test_silver_is_spent_on_technologies_underground_cathedrals_and_new_prospectors():
    s = game(2)
    silver(s, 0, 1)
    assert {"prospector m2"} <= legal(s) and "prospector m3" not in legal(s)
    tech = next(m for m in legal(s) if m.startswith("tech "))
    act(s, tech)
    assert me(s, 0).silver == 0
