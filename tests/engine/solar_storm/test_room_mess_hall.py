"""Mess Hall V1 (§ ACTIONS DES PIÈCES, SALLE A MANGER): « Prendre 1 carte d'un autre joueur, OU donner
1 carte à un autre joueur, OU échanger 1 carte avec un autre joueur ... Le joueur avec lequel vous
échangez des cartes n'a pas besoin d'être dans cette salle. » Ruling SS20 (a swap costs 1 action);
solo SS23."""
from __future__ import annotations

from .helpers import act, legal, refused, scenario


def test_give_take_or_swap_with_a_player_anywhere_for_one_action():
    g = (scenario(players=3).pawn(0, "mess_hall").pawn(1, "bridge").hand(0, "metal").hand(1, "data")
         .hand(2).start(active=0))
    act(g, "activate")
    assert set(legal(g)) == {"undo", "give metal 2", "give metal 3", "take data 2", "swap metal data 2"}
    act(g, "swap metal data 2")
    assert g.hand(0) == ["data"] and g.hand(1) == ["metal"] and g.actions == 2 and g.pending is None


def test_you_must_be_one_of_the_two_and_hold_the_card():
    g = scenario().pawn(0, "mess_hall").hand(0, "metal").hand(1, "data").start(active=0)
    act(g, "activate")
    refused(g, "give metal 1", "your own seat")
    refused(g, "take metal 2", "seat 2 holds no Metal")
    refused(g, "swap metal metal 2", "no Metal")


def test_solo_the_mess_hall_exchanges_with_a_face_up_card_for_one_action():
    # « Au lieu d'échanger avec d'autres joueurs, vous pouvez maintenant échanger avec les ressources
    # visibles à la place. Cela inclut l'utilisation de l'action "salle à manger". »
    g = scenario(players=1).pawn(0, "mess_hall").hand(0, "metal").offer("data", "metal").start(active=0)
    act(g, "activate")
    assert set(legal(g)) == {"undo", "exchange metal 1"}
    act(g, "exchange metal 1")
    assert g.hand(0) == ["data"] and g.offer == ["metal", "metal"] and g.actions == 2
