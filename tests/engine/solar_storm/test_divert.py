"""Phase 1, § DÉVIATION DE L'ÉNERGIE: « vous devez vous défausser de toutes les cartes Ressources
indiquées en même temps. Cela nécessite 1 action. Vous devez avoir TOUTES les cartes » ;
« IMPORTANT : ... que si la pièce dans laquelle vous vous trouvez est entièrement réparée ».
Rulings SS2 (own hand, once, never the core), SS3 (exact cards first)."""
from __future__ import annotations

from .helpers import act, legal, refused, scenario

# mess hall: divert cost data, data, energy


def test_divert_discards_the_three_cards_at_once_for_one_action():
    g = scenario().pawn(0, "mess_hall").hand(0, "data", "energy", "data", "metal").start(active=0)
    assert "divert" in legal(g)
    act(g, "divert")
    assert g.diverted == ["mess_hall"] and g.hand(0) == ["metal"] and g.actions == 2
    assert sorted(g.resource_discard) == ["data", "data", "energy"]


def test_universal_cards_fill_only_the_gaps():
    g = scenario().pawn(0, "mess_hall").hand(0, "universal", "data", "universal", "energy").start(active=0)
    act(g, "dévier")
    assert g.hand(0) == ["universal"]


def test_every_card_is_needed_and_the_message_lists_them():
    g = scenario().pawn(0, "mess_hall").hand(0, "data", "energy").start(active=0)
    assert "divert" not in legal(g)
    refused(g, "divert", "Data, Data, Energy", "you hold Data, Energy")


def test_the_room_must_be_fully_repaired():
    g = (scenario().pawn(0, "mess_hall").room("mess_hall", cubes="x-x").hand(0, "data", "data", "energy")
         .start(active=0))
    # mess hall track: nanobots, energy, data
    refused(g, "divert", "not fully repaired", "an Energy card on its middle slot")


def test_a_room_is_diverted_once_the_core_never_and_teammates_cards_do_not_count():
    g = scenario().pawn(0, "mess_hall").room("mess_hall", diverted=True).hand(0, "data", "data", "energy")
    g = g.start(active=0)
    refused(g, "divert", "already diverted")
    g = scenario().hand(0, "data", "data", "energy").start(active=0)
    refused(g, "divert", "Energy Core is not diverted")
    g = scenario().pawn(0, "mess_hall").pawn(1, "mess_hall").hand(0, "data").hand(1, "data", "energy")
    refused(g.start(active=0), "divert", "all at once")


def test_a_diverted_room_can_still_be_damaged_and_keeps_its_token():
    # « Une fois que l'énergie d'une pièce a été déviée, elle peut encore subir des dommages. »
    g = (scenario().room("mess_hall", diverted=True).damage(top=["D1-03"]).pawn(0, "mess_hall")
         .start(active=0))
    act(g, "end")
    act(g, "collect deck")
    assert g.cubes["mess_hall"] == [False, True, True] and "mess_hall" in g.diverted
