"""Engine Room V1 (SALLE DES MACHINES): « Vous pouvez échanger une carte que vous avez contre une
autre carte de la pile de défausse ressources. » Ruling SS21: any card of the discard pile."""
from __future__ import annotations

from .helpers import act, legal, refused, scenario


def test_swap_a_card_for_any_card_of_the_discard_pile():
    g = (scenario().pawn(0, "engine_room").hand(0, "metal").discard("universal", "data", "energy")
         .start(active=0))
    act(g, "activate")
    assert set(legal(g)) == {"undo", "swap metal universal", "swap metal data", "swap metal energy"}
    act(g, "troquer metal universal")
    assert g.hand(0) == ["universal"] and g.resource_discard == ["data", "energy", "metal"]
    assert g.actions == 2


def test_it_needs_a_card_in_hand_and_a_discard_pile():
    g = scenario().pawn(0, "engine_room").hand(0, "metal").discard().start(active=0)
    assert "activate" not in legal(g)
    refused(g, "activate", "Engine Room needs a card in your hand")
    g = scenario().pawn(0, "engine_room").hand(0, "metal").discard("data").start(active=0)
    act(g, "activate")
    refused(g, "swap metal energy", "no Energy card")
