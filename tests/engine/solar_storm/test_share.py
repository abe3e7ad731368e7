"""Phase 1, § PARTAGER DES RESSOURCES: « Vous pouvez partager vos cartes ressources entre vous si vous
êtes dans la même pièce. Cela consomme une action par carte donnée ou effectuée. Par conséquent,
l'échange d'une carte avec un autre joueur entraîne deux actions. »"""
from __future__ import annotations

from .helpers import act, legal, refused, scenario


def test_give_and_take_with_a_player_in_your_room_one_action_per_card():
    g = scenario(players=3).hand(0, "metal").hand(1, "data", "data").hand(2, "energy").start(active=0)
    # everybody stands on the core
    assert {"give metal 2", "give metal 3", "take data 2", "take energy 3"} <= set(legal(g))
    act(g, "give metal 2")
    act(g, "take data 2")
    assert g.hand(0) == ["data"] and sorted(g.hand(1)) == ["data", "metal"] and g.actions == 1


def test_no_sharing_across_rooms():
    g = scenario().pawn(1, "bridge").hand(0, "metal").hand(1, "data").start(active=0)
    assert not [t for t in legal(g) if t.startswith(("give", "take"))]
    refused(g, "give metal 2", "seat 2 is in the Bridge", "your room")


def test_share_names_a_card_the_giver_holds_and_another_seat():
    g = scenario().hand(0, "metal").hand(1, "data").start(active=0)
    refused(g, "give energy 2", "no Energy card", "Metal")
    refused(g, "take metal 2", "seat 2 holds no Metal", "Data")
    refused(g, "give metal 1", "your own seat")
    refused(g, "give metal 4", "no seat 4")


def test_french_share_verbs():
    g = scenario().hand(0, "metal").hand(1, "data").start(active=0)
    act(g, "donner métal 2")
    act(g, "prendre donnees 2")
    assert g.hand(0) == ["data"]
