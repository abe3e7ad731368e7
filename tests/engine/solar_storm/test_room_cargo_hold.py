"""Cargo Hold V1 (SOUTE): « Vous piochez les 5 premières cartes Ressources de la pioche. Disposez-les
dans l'ordre que vous souhaitez, puis remettez les 5 cartes sur le dessus du paquet ». Rulings SS15
(fewer near the end; a peek never loses), SS16 (shown to the whole crew)."""
from __future__ import annotations

from engine.solar_storm import public_view

from .helpers import act, legal, refused, scenario


def test_look_at_the_top_five_and_put_them_back_in_any_order():
    g = (scenario().pawn(0, "cargo_hold").resources(top=["data", "metal", "energy", "data", "universal"], left=12)
         .start(active=0))
    act(g, "activate")
    assert g.pending["cards"] == ["data", "metal", "energy", "data", "universal"]
    assert public_view(g)["pending"]["cards"] == g.pending["cards"]  # SS16
    orders = [t for t in legal(g) if t.startswith("order")]
    assert len(orders) == 60  # 5! / 2! distinct orders (two Data cards)
    act(g, "order universal data data metal energy")
    assert g.resource_deck[::-1][:5] == ["universal", "data", "data", "metal", "energy"]
    assert len(g.resource_deck) == 12


def test_the_order_must_hold_exactly_the_peeked_cards():
    g = scenario().pawn(0, "cargo_hold").resources(top=["data", "metal", "energy", "data", "data"]).start(active=0)
    act(g, "activate")
    refused(g, "order data data data data metal", "exactly the peeked cards")


def test_near_the_end_it_shows_what_is_left_and_never_loses():
    g = scenario().pawn(0, "cargo_hold").resources(top=["metal", "data"], left=2).start(active=0)
    act(g, "activate")
    assert g.pending["cards"] == ["metal", "data"] and g.result is None
    act(g, "order data metal")
    assert g.resource_deck == ["metal", "data"]
