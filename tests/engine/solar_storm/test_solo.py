"""§ MODE SOLO and § MÉCANISME DU JEU: 3 crew members, « chacun aura son propre tour ... comme s'il
s'agissait d'un jeu à 3 joueurs » ; « Vous n'avez qu'une seule main de cartes pour TOUT l'équipage » ;
« une limite de 6 cartes partagées » ; « Seul ce membre d'équipage peut utiliser ses propres jetons
d'action à son tour. » Rulings SS23, SS24."""
from __future__ import annotations

from engine.solar_storm import make_config, new_game, to_act

from .helpers import act, legal, refused, scenario


def test_three_crew_members_take_turns_with_one_shared_hand():
    g = new_game(make_config(1), 4)
    assert len(g.pawns) == 3 and len(g.hands) == 1 and len(g.hands[0]) == 4
    first = to_act(g)[0]
    act(g, "end")
    act(g, "collect deck")
    assert to_act(g) == [(first + 1) % 3] and len(g.hands[0]) == 6


def test_exchange_with_a_face_up_card_costs_two_actions_anywhere():
    # « vous pouvez maintenant échanger avec les ressources visibles à la place » ; SS23: 2 actions
    g = scenario(players=1).hand(0, "metal", "data").offer("energy", "metal").start(active=0)
    assert {"exchange metal 1", "exchange data 1", "exchange data 2"} <= set(legal(g))
    assert "exchange metal 2" not in legal(g)
    refused(g, "give metal 2", "shares one hand")
    act(g, "échanger metal 1")
    assert sorted(g.hand(0)) == ["data", "energy"] and g.offer == ["metal", "metal"] and g.actions == 1
    refused(g, "exchange data 1", "costs 2 action(s)")


def test_tokens_belong_to_the_crew_member_who_earned_them():
    g = scenario(players=1).tokens(1, 2).start(active=0)
    refused(g, "token", "no action token")
    act(g, "end")
    assert g.tokens == [3, 2, 0]


def test_the_shared_hand_limit_is_six():
    g = scenario(players=1).hand(1, *["data"] * 6).start(active=2)
    act(g, "end")
    act(g, "collect 1")
    assert g.phase == "discard"
    act(g, "discard data")
    assert g.active == 0
