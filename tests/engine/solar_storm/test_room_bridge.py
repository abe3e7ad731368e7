"""Bridge V1 (LE PONT): « prendre les 3 premières cartes Dommages du paquet Dommages, les regarder,
les disposer dans n'importe quel ordre, puis les retourner face cachée sur le dessus ». Ruling SS15:
never the Hull Breach; no damage card left, no activation."""
from __future__ import annotations

from .helpers import act, legal, refused, scenario


def test_reorder_the_top_three_damage_cards_and_the_next_one_drawn_follows_it():
    g = scenario().pawn(0, "bridge").damage(top=["D1-01", "D2-04", "D3-01"], left=10).start(active=0)
    act(g, "activate")
    assert g.pending["cards"] == ["D1-01", "D2-04", "D3-01"]
    assert len([t for t in legal(g) if t.startswith("order")]) == 6
    act(g, "order D3-01 D1-01 D2-04")
    assert g.damage_deck[-3:] == ["D2-04", "D1-01", "D3-01"]
    act(g, "end")
    act(g, "collect deck")
    assert g.damage_discard[-1] == "D3-01"  # bridge, medical bay, mess hall
    assert g.cubes["bridge"] == [False, True, True]


def test_fewer_than_three_left_shows_only_those_and_none_left_refuses():
    g = scenario().pawn(0, "bridge").damage(top=["D1-05", "D1-06"], left=2).start(active=0)
    act(g, "activate")
    assert g.pending["cards"] == ["D1-05", "D1-06"]
    g = scenario().pawn(0, "bridge").damage(left=0).start(active=0)
    assert "activate" not in legal(g)
    refused(g, "activate", "no damage card is left above the Hull Breach")
