"""§ CONDITIONS DE FIN DE PARTIE: « Il n'y a qu'une seule façon de gagner : Dévier l'énergie des 8 pièces
et activer le noyau d'énergie. » ; « Si l'une de ces conditions est remplie, la partie se termine
immédiatement et vous perdez ! » Rulings SS13, SS18."""
from __future__ import annotations

import pytest

from engine.solar_storm import GameOver, apply, legal_actions, outcome, parse
from engine.solar_storm.data import OUTER

from .helpers import act, legal, refused, scenario


def _all_diverted(sc, but=()):
    for room in OUTER:
        if room not in but:
            sc.room(room, diverted=True)
    return sc


def test_restarting_the_core_with_eight_rooms_diverted_wins_at_once():
    sc = _all_diverted(scenario())
    sc.room("bridge", cubes="---")  # SS18: damaged rooms still count once diverted
    g = sc.start(active=0, turn=17)
    assert "reactivate" in legal(g)
    act(g, "relancer")
    assert outcome(g) == {"result": "won", "reason": "core_restarted", "turn": 17, "round": 9,
                          "text": "won on turn 17: the Energy Core restarted"}
    assert legal_actions(g, 0) == [] and legal_actions(g, 1) == []
    with pytest.raises(GameOver, match="the game is over"):
        apply(g, 0, parse("move bridge"))


def test_the_core_restarts_only_from_the_core_with_every_room_diverted():
    g = _all_diverted(scenario(), but=("bridge",)).start(active=0)
    refused(g, "reactivate", "still to divert: Bridge")
    g = _all_diverted(scenario()).pawn(0, "bridge").start(active=0)
    refused(g, "reactivate", "go there first")
    g = _all_diverted(scenario()).start(active=0)
    refused(g, "activate", "reactivate")


def test_a_room_with_no_cube_hit_again_loses():
    # « Si une pièce est entièrement endommagée ... et qu'elle doit subir des dommages supplémentaires. »
    g = scenario().room("bridge", cubes="---", diverted=True).damage(top=["D2-04"]).start(active=0, turn=5)
    act(g, "end")
    act(g, "collect deck")
    assert outcome(g)["result"] == "lost" and outcome(g)["reason"] == "room_destroyed"
    assert outcome(g)["room"] == "bridge" and outcome(g)["turn"] == 5
    assert g.to_json()["phase"] == "over"


def test_an_empty_deck_loses_but_face_up_cards_and_hands_do_not_count():
    # « Cela n'inclut pas les Ressources face visible ou les cartes en main »
    g = scenario().resources(left=3).start(active=0)
    act(g, "end")
    act(g, "collect deck")
    assert outcome(g) is None and len(g.resource_deck) == 1
