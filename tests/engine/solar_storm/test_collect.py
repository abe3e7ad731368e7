"""Phase 2, § PHASE 2 : COLLECTE DES RESSOURCES: « Prendre une carte ressource face visible ... Ensuite,
remplacez la carte que vous avez prise par la carte supérieure du paquet ressources. OU Piochez 2
cartes » ; « Si vous avez maintenant 7 cartes ressources ou plus, défaussez les cartes ressources de
votre choix jusqu'à ce qu'il ne vous en reste plus que 6. » Rulings SS11, SS12."""
from __future__ import annotations

from .helpers import act, legal, refused, scenario


def test_collect_is_a_face_up_card_refilled_or_two_from_the_deck():
    g = scenario().hand(0).offer("data", "metal").resources(top=["energy", "nanobots", "data"]).start(active=0)
    act(g, "end")
    assert legal(g) == ["undo", "collect 1", "collect 2", "collect deck"]
    act(g, "collect 1")
    assert g.hand(0) == ["data"] and g.offer == ["energy", "metal"] and g.active == 1
    act(g, "end")
    before = list(g.hand(1))
    act(g, "collecter pioche")
    assert g.hand(1) == before + ["nanobots", "data"]


def test_collect_comes_after_the_actions():
    g = scenario().start(active=0)
    refused(g, "collect deck", "end them first")


def test_seven_cards_or_more_discard_down_to_six_of_your_choice():
    g = scenario().hand(0, "data", "data", "metal", "metal", "energy", "energy").resources(
        top=["universal", "nanobots"]).start(active=0)
    act(g, "end")
    act(g, "collect deck")
    assert g.phase == "discard" and g.active == 0
    assert set(legal(g)) == {"discard data", "discard metal", "discard energy", "discard universal",
                             "discard nanobots"}
    refused(g, "move bridge", "discard down to 6")
    refused(g, "undo", "nothing to undo")  # the draw was a reveal (SS25)
    act(g, "discard metal")
    act(g, "défausser data")
    assert len(g.hand(0)) == 6 and g.resource_discard[-2:] == ["metal", "data"] and g.active == 1


def test_the_hand_limit_is_checked_for_the_active_player_only():
    # SS12: other players may stay above 6 until their own phase 2
    g = scenario().hand(0, "data").hand(1, *["metal"] * 6).pawn(1, "energy_core").start(active=0)
    act(g, "give data 2")
    act(g, "end")
    act(g, "collect 1")
    assert len(g.hand(1)) == 7 and g.active == 1 and g.phase == "actions"


def test_drawing_the_last_cards_loses():
    # « S'il n'y a plus de cartes dans le paquet ressources ou que vous prenez les dernières cartes
    # ressources vous perdez la partie ! »
    g = scenario().resources(left=2).start(active=0)
    act(g, "end")
    act(g, "collect deck")
    assert g.result["reason"] == "resource_deck_empty" and g.phase == "over"
    g = scenario().resources(left=1).start(active=0)
    act(g, "end")
    act(g, "collect 2")  # the refill takes the last card
    assert g.result["reason"] == "resource_deck_empty"
