"""Crew Quarters V1 (QUARTIERS D'ÉQUIPAGES): « Vous pouvez déplacer un pion de n'importe quelle pièce
vers une autre pièce qui en contient déjà un. Cette action peut être utilisée pour déplacer le pion
qui a activé cette pièce. » Ruling SS19: any distance, no consent."""
from __future__ import annotations

from .helpers import act, legal, refused, scenario


def test_any_pawn_joins_a_room_holding_another_pawn():
    g = scenario(players=3).pawn(0, "crew_quarters").pawn(1, "cargo_hold").pawn(2, "armoury").start(active=0)
    act(g, "activate")
    moves = set(legal(g)) - {"undo"}
    assert moves == {"send 1 cargo_hold", "send 1 armoury", "send 2 crew_quarters", "send 2 armoury",
                     "send 3 crew_quarters", "send 3 cargo_hold"}
    act(g, "envoyer 1 armoury")  # the activating pawn itself, across the ship
    assert g.pawns[0] == "armoury" and g.actions == 2


def test_the_destination_must_hold_another_pawn():
    g = scenario().pawn(0, "crew_quarters").pawn(1, "bridge").start(active=0)
    act(g, "activate")
    refused(g, "send 2 armoury", "no other pawn is in the Armoury")
    refused(g, "send 2 bridge", "already in the Bridge")


def test_with_every_pawn_together_nothing_can_move():
    g = scenario().pawn(0, "crew_quarters").pawn(1, "crew_quarters").start(active=0)
    refused(g, "activate", "every pawn is in the same room")
