"""Views: hands are open (« Les cartes qui vous sont distribuées sont connues de tous les joueurs et
doivent être visibles par tous »), the decks' order never shown (counts only), a peek shown to the
whole crew (SS16)."""
from __future__ import annotations

import json

import pytest

from engine.solar_storm import UnsupportedSave, dump, load, make_config, new_game, public_view, view_for

from .helpers import act, scenario


def test_every_seat_sees_every_hand_pawn_and_the_ship():
    g = new_game(make_config(3), 8)
    v = view_for(g, 2)
    assert v["hands"] == g.hands and v["pawns"] == g.pawns and v["seat"] == 2
    assert v["your_turn"] == (g.active == 2)
    cells = {c["room"]: c for c in v["ship"]}
    assert cells["energy_core"]["cell"] == 4 and "cubes" not in cells["energy_core"]
    assert cells["bridge"]["name_fr"] == "Pont" and cells["bridge"]["track"] == ["nanobots", "data", "energy"]
    assert "trois premières cartes Dommages" in cells["bridge"]["power_fr"]
    assert {k: v for k, v in view_for(g, 0).items() if k not in ("seat", "your_turn")} == public_view(g)


def test_no_deck_order_and_no_seed_in_a_view():
    g = new_game(make_config(4), 12)
    text = json.dumps(view_for(g, 0))
    assert "seed" not in text
    v = public_view(g)
    assert v["resource_deck"] == len(g.resource_deck) and v["damage_deck"] == 22


def test_a_cargo_hold_peek_is_shown_to_the_whole_crew():
    g = scenario().pawn(0, "cargo_hold").resources(top=["data", "metal", "energy", "nanobots", "data"]).start(
        active=0)
    act(g, "activate")
    for seat in (None, 0, 1):
        assert view_for(g, seat)["pending"] == {"kind": "cargo_hold",
                                                "cards": ["data", "metal", "energy", "nanobots", "data"]}


def test_the_view_tells_what_the_last_action_did_and_whether_undo_is_possible():
    g = scenario().start(active=0)
    assert not public_view(g)["can_undo"]
    act(g, "move bridge")
    v = public_view(g)
    assert v["can_undo"] and v["events"] == [{"kind": "move", "seat": 0, "room": "bridge"}]


def test_solo_has_three_crew_seats_sharing_one_hand():
    v = public_view(new_game(make_config(1), 3))
    assert v["solo"] and v["crew"] == 3 and len(v["pawns"]) == 3 and len(v["hands"]) == 1


def test_a_saved_state_of_another_schema_is_refused():
    text = dump(new_game(make_config(2), 1)).replace('"schema":1', '"schema":99')
    with pytest.raises(UnsupportedSave, match="schema 99 is not supported"):
        load(text)
