"""Phase 1, action tokens: « Si vous avez des jetons d'action, vous pouvez en défausser 1 ... afin de
réaliser une action supplémentaire » ; § PRENDRE UN JETON D'ACTION: « prenez un jeton d'action dans la
réserve pour chacune de vos 3 actions que vous n'avez pas réalisés ». Ruling SS8."""
from __future__ import annotations

from .helpers import act, legal, refused, scenario


def test_ending_early_banks_one_token_per_unused_action():
    g = scenario().start(active=0)
    act(g, "move bridge")
    act(g, "end")
    assert g.tokens[0] == 2 and g.phase == "collect"


def test_a_token_spent_gives_one_more_action():
    g = scenario().tokens(0, 2).start(active=0)
    for room in ("bridge", "energy_core", "bridge"):
        act(g, f"move {room}")
    assert g.actions == 0 and g.phase == "actions" and "token" in legal(g)
    act(g, "jeton")
    act(g, "move armoury")
    assert g.tokens[0] == 1 and g.pawns[0] == "armoury"


def test_a_token_is_spent_once_the_pool_is_empty_and_its_action_is_not_banked_again():
    # SS8: « The simplest interface offers one when the pool is empty »; only the turn's own 3
    # actions are banked (no spend-and-rebank loop)
    g = scenario().tokens(0, 1).start(active=0)
    assert "token" not in legal(g)
    refused(g, "token", "you still have 3 action(s)")
    g = scenario().tokens(0, 1).start(active=0, actions=0)
    act(g, "token")
    act(g, "end")
    assert g.tokens[0] == 0  # the token's action is not banked


def test_solo_a_token_may_top_up_one_action_to_pay_an_exchange():
    g = scenario(players=1).tokens(0, 1).hand(0, "metal").offer("data", "data").start(active=0, actions=1)
    assert "token" in legal(g)
    act(g, "token")
    act(g, "exchange metal 1")
    assert g.hand(0) == ["data"]


def test_banking_stops_at_the_supply_of_eight():
    g = scenario(players=3).tokens(1, 4).tokens(2, 3).start(active=0)
    act(g, "end")
    assert g.tokens == [1, 4, 3]


def test_no_token_to_spend():
    g = scenario().start(active=0)
    refused(g, "token", "no action token")


def test_an_action_beyond_the_pool_is_refused_with_the_hint():
    g = scenario().tokens(0, 1).start(active=0, actions=0)
    refused(g, "move bridge", "0 left", "spend an action token")
