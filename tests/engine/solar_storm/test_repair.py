"""Phase 1, § RÉPARER UNE PIÈCE: « vous devez vous défausser d'une carte ressource qui correspond à un
emplacement exposé sur le suivi de réparation de cette pièce » ; « Chaque emplacement de réparation
nécessite 1 action » ; « Il n'y a pas d'ordre ». Diverted rooms: SS4. Universal cards: SS1, SS3."""
from __future__ import annotations

from .helpers import act, legal, refused, scenario

# bridge track, top to bottom: nanobots, data, energy


def test_a_matching_card_fills_its_empty_slot_in_any_order_for_one_action():
    g = scenario().room("bridge", cubes="--x").pawn(0, "bridge").hand(0, "data", "nanobots").start(active=0)
    assert {"repair data", "repair nanobots"} <= set(legal(g))
    act(g, "repair data")  # the middle slot first: no order
    assert g.cubes["bridge"] == [False, True, True] and g.actions == 2
    assert g.resource_discard[-1] == "data" and g.hand(0) == ["nanobots"]


def test_only_an_empty_slot_of_the_card_type_can_be_repaired_and_the_message_says_what_is_needed():
    g = scenario().room("bridge", cubes="x-x").pawn(0, "bridge").hand(0, "energy", "metal").start(active=0)
    refused(g, "repair energy", "no empty Energy slot", "a Data card on its middle slot")
    refused(g, "repair data", "no Data card")
    refused(g, "repair data universal", "no Universal")


def test_only_the_room_you_stand_in():
    g = scenario().room("bridge", cubes="x-x").hand(0, "data").start(active=0)  # on the core
    refused(g, "repair data", "Energy Core has no repair track")
    refused(g, "repair data bridge", "only repair the room you are in")


def test_a_universal_card_pays_for_any_one_slot_but_an_exact_card_is_spent_first():
    # SS1: a wildcard for exactly one resource; SS3: exact cards before Universals
    g = scenario().room("bridge", cubes="--x").pawn(0, "bridge").hand(0, "universal", "data").start(active=0)
    assert "repair nanobots universal" in legal(g) and "repair data" in legal(g)
    assert "repair data universal" not in legal(g)  # dominated
    refused(g, "repair data universal", "you hold a Data card: it pays first")
    act(g, "repair data")
    assert g.hand(0) == ["universal"]
    act(g, "repair nanobots")  # no Nanobots card: the Universal pays
    assert g.hand(0) == [] and g.cubes["bridge"] == [True, True, True]


def test_a_diverted_room_is_fully_repaired_by_one_card_of_any_type_of_its_track():
    # « Dans une pièce où l'énergie a été déviée, une carte correspondant à l'une des ressources indiquées
    # sur le suivi de réparation peut être défaussée pour réparer TOUTES les pièces. Cela ne nécessite
    # de consommer qu'une seule action. » (SS4)
    g = (scenario().room("bridge", cubes="---", diverted=True).pawn(0, "bridge").hand(0, "energy", "metal")
         .start(active=0))
    assert [t for t in legal(g) if t.startswith("repair")] == ["repair energy"]
    refused(g, "repair metal", "is diverted", "not Metal")
    act(g, "repair energy")
    assert g.cubes["bridge"] == [True, True, True] and g.actions == 2 and g.hand(0) == ["metal"]


def test_a_fully_repaired_room_cannot_be_repaired():
    g = scenario().pawn(0, "bridge").hand(0, "data").room("bridge", cubes="xxx").start(active=0)
    refused(g, "repair data", "fully repaired")
