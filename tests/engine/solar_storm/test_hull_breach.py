"""The Hull Breach: « Lorsque cette carte devient visible et qu'il ne reste plus de carte dommages à
jouer, la PHASE TROIS est modifiée ... lancer le dé à la fin de votre tour et vous défausser ... Sur un
jet de 1 ou 2, défausser 1 Carte ... 3 ou 4, défausser 2 ... 5 ou 6, défausser 3 ». Ruling SS14: the
last damage card resolves normally; the roll starts in the next turn's phase 3."""
from __future__ import annotations

import pytest

from .helpers import act, scenario, seed_rolling


def _turn(g):
    act(g, "end")
    act(g, "collect deck")


def test_the_last_damage_card_resolves_then_the_next_turn_rolls():
    g = scenario(seed=seed_rolling(3)).damage(top=["D1-01"], left=1).resources(left=30).start(active=0)
    _turn(g)
    assert g.hull_breach and g.damage_deck == [] and g.cubes["bridge"] == [False, True, True]
    assert len(g.resource_deck) == 28 and g.rolls == 0
    _turn(g)  # rolls a 3: two cards discarded from the top of the deck
    assert g.rolls == 1 and len(g.resource_deck) == 24
    assert [e for e in g.events if e["kind"] == "hull_breach"][0]["roll"] == 3


@pytest.mark.parametrize("roll, discarded", [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)])
def test_the_die_table(roll, discarded):
    g = scenario(seed=seed_rolling(roll)).damage(left=0).resources(left=30).start(active=0)
    deck = list(g.resource_deck)
    _turn(g)
    assert len(g.resource_deck) == 28 - discarded
    assert g.resource_discard[-discarded:] == deck[-2 - discarded:-2][::-1]
    assert all(cubes == [True] * 3 for cubes in g.cubes.values())


def test_a_hull_breach_that_empties_the_deck_loses():
    g = scenario(seed=seed_rolling(6)).damage(left=0).resources(left=4).start(active=0)
    _turn(g)
    assert g.result["reason"] == "resource_deck_empty"
