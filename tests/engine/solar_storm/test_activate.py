"""Phase 1, § ACTIVER UNE PIÈCE: « ces capacités uniques ne peuvent être exercées que si la pièce est
entièrement réparée, c'est-à-dire que les trois cubes de réparation sont sur le suivi des
réparations. La capacité unique de la pièce peut être utilisée aussi souvent que vous le souhaitez.
Cependant, il faudra dépenser une action à chaque fois qu'elle sera utilisée. »"""
from __future__ import annotations

from .helpers import act, legal, refused, scenario


def test_a_room_missing_a_cube_cannot_be_activated_and_the_message_names_the_slot():
    # the example: the Bridge's track is nanobots, data, energy
    g = scenario().room("bridge", cubes="x-x").pawn(0, "bridge").start(active=0)
    assert "activate" not in legal(g)
    refused(g, "activate", "the Bridge is not fully repaired: it needs a Data card on its middle slot")


def test_a_power_may_be_used_again_for_another_action():
    g = scenario().pawn(0, "bridge").start(active=0)
    act(g, "activate")
    act(g, "order " + " ".join(g.pending["cards"]))
    act(g, "activer")
    assert g.actions == 1 and g.pending["kind"] == "bridge"


def test_a_diverted_room_keeps_its_power():
    # SS18
    g = scenario().room("bridge", diverted=True).pawn(0, "bridge").start(active=0)
    assert "activate" in legal(g)


def test_an_open_choice_must_be_settled_before_anything_else():
    g = scenario().pawn(0, "bridge").start(active=0)
    act(g, "activate")
    refused(g, "move armoury", "put the peeked cards back first")
    refused(g, "end", "put the peeked cards back first")
