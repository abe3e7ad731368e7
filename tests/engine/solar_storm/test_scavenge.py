"""Phase 1, § FOUILLER: « Si vous obtenez un 3, un 4 ou un 5, vous pouvez prendre 1 ressource dans
les ressources visibles ou la carte du haut du paquet ressources. Si vous obtenez un 6, vous pouvez
prendre 2 cartes ... Si vous obtenez un 1 ou un 2, vous ne gagnez rien! »"""
from __future__ import annotations

from .helpers import act, legal, refused, scenario, seed_rolling


def test_a_one_or_two_gives_nothing():
    g = scenario(seed=seed_rolling(2)).hand(0, "metal").start(active=0)
    act(g, "scavenge")
    assert g.pending is None and g.hand(0) == ["metal"] and g.actions == 2
    assert g.events[0]["roll"] == 2


def test_a_three_to_five_takes_one_face_up_card_refilled_at_once_from_the_deck():
    # « Si vous prenez une ressource des cartes ressources face visible, remplacez-la immédiatement »
    g = (scenario(seed=seed_rolling(4)).hand(0).offer("data", "metal")
         .resources(top=["energy", "nanobots"], left=10).start(active=0))
    act(g, "scavenge")
    assert legal(g) == ["pick 1", "pick 2", "pick deck", "pass"]
    refused(g, "move bridge", "you rolled a 4", "pick")
    act(g, "pick 2")
    assert g.hand(0) == ["metal"] and g.offer == ["data", "energy"] and len(g.resource_deck) == 9
    assert g.pending is None and g.actions == 2


def test_a_six_takes_two_cards_one_at_a_time_and_the_second_may_be_the_refill():
    g = (scenario(seed=seed_rolling(6)).hand(0).offer("data", "metal")
         .resources(top=["universal", "nanobots"], left=10).start(active=0))
    act(g, "scavenge")
    act(g, "pick 1")
    assert g.offer == ["universal", "metal"]
    act(g, "pick 1")  # SS10: the card just revealed
    assert sorted(g.hand(0)) == ["data", "universal"] and g.pending is None


def test_the_deck_top_may_be_taken_and_the_picks_declined():
    # SS10: « vous pouvez prendre » is a choice: pass stops taking
    g = scenario(seed=seed_rolling(6)).hand(0).resources(top=["energy"], left=10).start(active=0)
    act(g, "scavenge")
    act(g, "pick deck")
    assert g.hand(0) == ["energy"]
    act(g, "pass")
    assert g.pending is None and len(g.hand(0)) == 1


def test_taking_the_last_deck_card_while_scavenging_loses():
    # « S'il n'y a plus de cartes dans le paquet ressources ou que vous prenez les dernières cartes
    # ressources vous perdez la partie ! » (SS13: after every card that leaves the deck)
    g = scenario(seed=seed_rolling(5)).resources(left=1).start(active=0)
    act(g, "scavenge")
    act(g, "pick deck")
    assert g.result["result"] == "lost" and g.result["reason"] == "resource_deck_empty"


def test_each_roll_comes_from_the_stored_seed():
    a = scenario(seed=11).start(active=0)
    b = scenario(seed=11).start(active=0)
    act(a, "scavenge")
    act(b, "scavenge")
    assert a.events == b.events and a.rolls == 1


def test_no_pick_without_a_roll():
    g = scenario().start(active=0)
    refused(g, "pick deck", "scavenge first")
    refused(g, "pass", "scavenge first")
