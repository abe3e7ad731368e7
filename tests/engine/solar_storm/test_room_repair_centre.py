"""Repair Centre V1 (CENTRE DE RÉPARATION): « réparer une autre pièce connexe en vous défaussant d'une
carte ressource correspondante comme si vous étiez dans cette pièce. Un seul cube de réparation est
placé, sauf si la pièce à réparer possède un jeton d'énergie déviée. » Rulings SS5 (any other room,
at any distance), SS4."""
from __future__ import annotations

from .helpers import act, legal, refused, scenario


def test_repair_another_room_anywhere_as_if_you_stood_there():
    # repair centre bottom-right; cargo hold top-left (track energy, metal, data)
    g = (scenario().room("cargo_hold", cubes="-x-").pawn(0, "repair_centre").hand(0, "data", "energy")
         .start(active=0))
    act(g, "activate")
    assert set(legal(g)) == {"undo", "repair energy cargo_hold", "repair data cargo_hold"}
    act(g, "repair data soute")
    assert g.cubes["cargo_hold"] == [False, True, True] and g.actions == 2 and g.pending is None


def test_a_diverted_target_is_fully_repaired():
    g = (scenario().room("bridge", cubes="---", diverted=True).pawn(0, "repair_centre").hand(0, "energy")
         .start(active=0))
    act(g, "activate")
    act(g, "repair energy bridge")
    assert g.cubes["bridge"] == [True, True, True]


def test_it_repairs_another_room_only_and_needs_a_matching_card():
    g = (scenario().room("bridge", cubes="-xx").pawn(0, "repair_centre").hand(0, "metal")
         .start(active=0))
    assert "activate" not in legal(g)
    refused(g, "activate", "no other room has an empty slot that your cards can repair")
    g = scenario().room("bridge", cubes="-xx").pawn(0, "repair_centre").hand(0, "nanobots").start(active=0)
    act(g, "activate")
    refused(g, "repair nanobots", "name the room")
    refused(g, "repair nanobots repair_centre", "repairs another room")
