"""The component data (engine/solar_storm/data/solar_storm.json) against the rulebook's counts
(§ CONTENU, § MISE EN PLACE DU JEU)."""
from __future__ import annotations

import copy
from collections import Counter

import pytest

from engine.core import InconsistentData
from engine.solar_storm import data as D


def test_damage_cards_come_in_three_tiers_of_eight():
    # « 24 Cartes Dommages » ; « Le type est déterminé par le nombre de pièces que la carte endommage »
    assert len(D.DAMAGE) == 24
    assert Counter(D.DAMAGE_TIER.values()) == {1: 8, 2: 8, 3: 8}
    assert all(len(rooms) == D.DAMAGE_TIER[card] for card, rooms in D.DAMAGE.items())


def test_each_room_is_named_on_one_two_and_three_cards_of_the_tiers():
    for tier in (1, 2, 3):
        named = Counter(r for c, rooms in D.DAMAGE.items() if D.DAMAGE_TIER[c] == tier for r in rooms)
        assert named == {room: tier for room in D.OUTER}
    assert all(D.CORE not in rooms for rooms in D.DAMAGE.values())  # « elle ne peut pas être endommagée »


def test_sixty_basic_resource_cards_and_eight_universal():
    # « 68 Cartes Ressources » : « 15 Données », « 15 Métal », « 15 Nanorobots », « 15 Energie », « 8 Universelle »
    assert sorted(D.RESOURCES) == ["data", "energy", "metal", "nanobots"]
    assert [r["count"] for r in D.RAW["resource_types"]] == [15, 15, 15, 15]
    assert D.RAW["resource_deck"]["basic_cards"] == 60
    assert D.RAW["universal_card"]["in_box"] == 8


def test_each_resource_on_six_repair_slots_and_six_divert_costs():
    slots = Counter(t for room in D.OUTER for t in D.TRACK[room])
    costs = Counter(t for room in D.OUTER for t in D.DIVERT[room])
    assert slots == costs == {r: 6 for r in D.RESOURCES}
    assert all(len(set(D.TRACK[room])) == 3 for room in D.OUTER)


def test_nine_rooms_with_english_and_french_names_and_powers():
    assert len(D.ROOMS) == 9 and D.ROOMS[0] == D.CORE
    assert D.room_name("bridge") == "Bridge" and D.room_name("bridge", "fr") == "Pont"
    assert D.room_name("cargo_hold", "fr") == "Soute"
    for room in D.ROOMS:
        assert D.power_text(room) and D.power_text(room, "fr")


def test_difficulty_levels_hold_eight_six_four_two_and_no_universal_cards():
    # « FACILE : 8 », « MOYENNE : 6 », « DIFFICILE : 4 », « VÉTÉRAN : 2 », « RÉALISTE : 0 »
    assert D.UNIVERSALS == {"easy": 8, "medium": 6, "hard": 4, "veteran": 2, "realistic": 0}
    assert D.DIFFICULTY_FR["veteran"] == "Vétéran"


@pytest.mark.parametrize("change, words", [
    (lambda d: d["damage_cards"].pop(), "24 damage cards"),
    (lambda d: d["rooms"][1]["repair_track"].reverse() or d["rooms"][1].update(repair_track=["data"] * 3),
     "3 different"),
    (lambda d: d["resource_types"][0].update(count=14), "15 cards"),
    (lambda d: d["difficulty_levels"][0].update(universal_cards=7), "8/6/4/2/0"),
])
def test_a_data_file_that_breaks_a_count_is_refused_with_the_reason(change, words):
    raw = copy.deepcopy(D.RAW)
    change(raw)
    with pytest.raises(InconsistentData, match=words):
        D.validate(raw)
