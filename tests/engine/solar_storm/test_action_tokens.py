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


def test_actions_from_tokens_are_not_banked_again():
    # SS8: only the turn's own 3 actions are banked (no spend-and-rebank loop)
    g = scenario().tokens(0, 1).start(active=0)
    act(g, "token")
    act(g, "end")
    assert g.tokens[0] == 3  # 1 - 1 spent + 3 unused of the turn's own


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
