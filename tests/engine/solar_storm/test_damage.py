"""Phase 3, § PHASE 3 : CARTES DOMMAGES: « Piochez la carte Dommage du dessus du paquet Dommages et
endommagez-la ou les pièces qui y sont indiquées en retirant le cube de réparation situé le plus
haut du suivi des réparations. » Protection (Armoury, « retirés à la place d'un cube »). Rulings
SS6, SS7."""
from __future__ import annotations

from .helpers import act, scenario


def _turn(g):
    act(g, "end")
    act(g, "collect deck")


def test_each_named_room_loses_its_highest_cube_still_present():
    g = scenario().room("engine_room", cubes="-xx").damage(top=["D3-03"]).start(active=0)
    _turn(g)  # engine room, armoury, cargo hold
    assert g.cubes["engine_room"] == [False, False, True]
    assert g.cubes["armoury"] == [False, True, True] and g.cubes["cargo_hold"] == [False, True, True]
    assert g.damage_discard[-1] == "D3-03"


def test_the_oldest_protection_token_goes_first_one_per_mention():
    g = scenario(players=3).room("bridge", protection=[2, 0]).damage(top=["D1-01", "D2-04"]).start(active=1)
    _turn(g)
    assert g.protection["bridge"] == [0] and g.cubes["bridge"] == [True, True, True]


def test_tokens_do_not_protect_from_the_hull_breach_and_one_card_per_turn():
    g = scenario().damage(top=["D1-01", "D1-02"], left=5).start(active=0)
    _turn(g)
    assert len(g.damage_deck) == 4 and g.cubes["bridge"] == [False, True, True]
    assert g.cubes["crew_quarters"] == [True, True, True]
