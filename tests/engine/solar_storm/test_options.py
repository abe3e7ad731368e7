"""Difficulty (§ MISE EN PLACE step 3) and the optional rule (§ RÈGLE FACULTATIVE: « Vous ne pouvez pas
regarder les paquets ou les cartes défaussées, sauf si cela est indiqué par une action que le joueur
actuel est en train de faire. Cela inclut le comptage des cartes »), ruling SS17."""
from __future__ import annotations

from collections import Counter

import pytest

from engine.solar_storm import make_config, new_game, public_view, view_for
from engine.solar_storm.data import DIFFICULTIES, UNIVERSALS

from .helpers import act, scenario, seed_rolling


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_each_difficulty_shuffles_its_universal_cards_into_the_deck(difficulty):
    g = new_game(make_config(4, difficulty=difficulty), 2)
    cards = Counter(g.resource_deck) + Counter(g.offer) + Counter(c for h in g.hands for c in h)
    assert cards["universal"] == UNIVERSALS[difficulty] and sum(cards.values()) == 60 + UNIVERSALS[difficulty]


def test_without_the_option_counts_and_discards_are_public():
    g = scenario().discard("metal").start(active=0)
    v = public_view(g)
    assert v["resource_deck"] == len(g.resource_deck) and v["damage_deck"] == len(g.damage_deck)
    assert v["resource_discard"] == ["metal"] and v["damage_discard"] == g.damage_discard


def test_no_peek_hides_counts_and_discards():
    g = scenario(no_peek=True).discard("metal").start(active=0)
    for v in (public_view(g), view_for(g, 0), view_for(g, 1)):
        assert v["resource_deck"] is None and v["damage_deck"] is None
        assert v["resource_discard"] is None and v["damage_discard"] is None


def test_no_peek_shows_the_discard_while_the_engine_room_swap_is_chosen():
    # SS17/SS21: the action allows looking at the discard pile
    g = scenario(no_peek=True).pawn(0, "engine_room").hand(0, "metal").discard("data", "energy").start(active=0)
    act(g, "activate")
    assert public_view(g)["resource_discard"] == ["data", "energy"]
    act(g, "swap metal data")
    assert public_view(g)["resource_discard"] is None


def test_no_peek_shows_hull_breach_losses_as_a_count():
    g = scenario(seed=seed_rolling(5), no_peek=True).damage(left=0).resources(left=30).start(active=0)
    act(g, "end")
    act(g, "collect deck")
    breach = [e for e in public_view(g)["events"] if e["kind"] == "hull_breach"][0]
    assert breach["cards"] == 3
