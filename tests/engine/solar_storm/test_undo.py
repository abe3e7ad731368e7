"""Undo (ruling SS25; the book is silent): back to the last die roll, draw, refill or peek, or to the
start of the turn; never past what was revealed."""
from __future__ import annotations

from engine.solar_storm import dump, load

from .helpers import act, legal, refused, scenario, seed_rolling


def test_undo_goes_back_to_the_start_of_the_turn():
    g = scenario().hand(0, "metal").start(active=0)
    start = dump(g)
    assert "undo" not in legal(g)
    act(g, "move bridge")
    act(g, "move armoury")
    act(g, "annuler")
    assert g.pawns[0] == "energy_core" and g.actions == 3
    now, back = g.to_json(), load(start).to_json()
    assert now.pop("events") == [{"kind": "undo", "seat": 0}]  # the log says so; the position is the start's
    back.pop("events")
    assert now == back


def test_undo_stops_at_a_die_roll():
    g = scenario(seed=seed_rolling(1)).start(active=0)
    act(g, "move bridge")
    act(g, "scavenge")
    refused(g, "undo", "nothing to undo since the last die roll, draw or peek")
    act(g, "move armoury")
    act(g, "undo")
    assert g.pawns[0] == "bridge" and g.actions == 1 and g.rolls == 1


def test_undo_stops_at_a_peek_and_at_a_draw():
    g = scenario().pawn(0, "cargo_hold").start(active=0)
    act(g, "activate")
    refused(g, "undo", "nothing to undo")
    act(g, "order " + " ".join(g.pending["cards"]))
    act(g, "undo")
    assert g.pending is not None and g.pending["kind"] == "cargo_hold"


def test_undo_takes_back_ending_the_actions():
    g = scenario().start(active=0)
    act(g, "end")
    assert g.tokens[0] == 3
    act(g, "undo")
    assert g.phase == "actions" and g.tokens[0] == 0
