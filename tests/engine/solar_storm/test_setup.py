"""Setup, § MISE EN PLACE DU JEU steps 1-13, and the configuration."""
from __future__ import annotations

from collections import Counter

import pytest

from engine.solar_storm import InvalidConfig, dump, make_config, new_game
from engine.solar_storm import data as D

AFTER_SETUP = D.RAW["resource_deck"]["after_setup_by_players_and_difficulty"]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("difficulty", D.DIFFICULTIES)
def test_deck_hands_and_offer_as_the_rulebook_deals_them(players, difficulty):
    # step 4: « Nombre de joueurs 2 3 4 / Cartes ressources pour chaque joueur 4 3 2 »; solo:
    # « Distribuer 4 cartes ressources. C'est votre main de départ. »; step 5: « les deux premières cartes »
    g = new_game(make_config(players, difficulty=difficulty), 3)
    each = {1: 4, 2: 4, 3: 3, 4: 2}[players]
    assert [len(h) for h in g.hands] == [each] * players
    assert len(g.offer) == 2
    assert len(g.resource_deck) == AFTER_SETUP[str(players)][difficulty]
    every = Counter(g.resource_deck) + Counter(g.offer) + Counter(c for h in g.hands for c in h)
    assert every == Counter({**{r: 15 for r in D.RESOURCES}, "universal": D.UNIVERSALS[difficulty]}) + Counter()


def test_the_core_is_in_the_centre_and_the_other_rooms_shuffled_around_it():
    # step 1: « Placez la carte ... Salle du Noyau énergétique au centre ... placez-les au hasard »
    layouts = {tuple(new_game(make_config(2), seed).layout) for seed in range(20)}
    assert all(layout[4] == "energy_core" and sorted(layout) == sorted(D.ROOMS) for layout in layouts)
    assert len(layouts) > 10


def test_initial_damage_takes_the_highest_cubes_named_by_the_two_bottom_tier_three_cards():
    # step 7: « Piochez 2 cartes du bas du paquet "Dommages" ... retirez le cube de réparation situé
    # au plus haut du suivi » ; « une pièce peut être endommagée 2 fois pendant l'installation »
    for seed in range(30):
        g = new_game(make_config(3), seed)
        assert len(g.damage_discard) == 2 and all(D.DAMAGE_TIER[c] == 3 for c in g.damage_discard)
        hits = Counter(r for c in g.damage_discard for r in D.DAMAGE[c])
        for room in D.OUTER:
            n = hits[room]
            assert g.cubes[room] == [False] * n + [True] * (3 - n)
        assert sum(not c for cubes in g.cubes.values() for c in cubes) == 6


def test_damage_deck_is_tier_one_on_top_then_two_then_three_with_22_cards_left():
    # step 6: « Placez les cartes Dommages de "type 3" ... "type 2" au-dessus, puis ... "type 1" au-dessus »
    g = new_game(make_config(2), 5)
    tiers = [D.DAMAGE_TIER[c] for c in g.damage_deck[::-1]]  # top first
    assert tiers == [1] * 8 + [2] * 8 + [3] * 6
    assert not g.hull_breach


@pytest.mark.parametrize("players, crew", [(1, 3), (2, 2), (3, 3), (4, 4)])
def test_every_pawn_starts_on_the_core_and_nobody_holds_tokens(players, crew):
    # step 12: « placez-le sur la carte de la salle du noyau d'énergie »; solo: « placez 3 meeple »
    g = new_game(make_config(players), 1)
    assert g.pawns == ["energy_core"] * crew
    assert g.tokens == [0] * crew and all(v == [] for v in g.protection.values())
    assert g.phase == "actions" and g.actions == 3


def test_first_player_is_drawn_from_the_seed_and_the_same_seed_sets_up_the_same_game():
    # step 13 « ou bien vous en choisissez un au hasard » ; SS26: drawn from the game seed
    firsts = {new_game(make_config(4), seed).active for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert dump(new_game(make_config(4), 9)) == dump(new_game(make_config(4), 9))
    assert dump(new_game(make_config(4), 9)) != dump(new_game(make_config(4), 10))


@pytest.mark.parametrize("args, kwargs, words", [
    ((0,), {}, "1 to 4 players"), ((5,), {}, "1 to 4 players"), (("2",), {}, "1 to 4 players"),
    ((2,), {"difficulty": "nightmare"}, "unknown difficulty"), ((2,), {"no_peek": "yes"}, "no_peek"),
])
def test_a_bad_configuration_says_what_would_be_right(args, kwargs, words):
    with pytest.raises(InvalidConfig, match=words):
        make_config(*args, **kwargs)


def test_difficulty_may_be_named_in_french():
    assert make_config(2, difficulty="Vétéran")["difficulty"] == "veteran"
    assert make_config(2, difficulty="RÉALISTE")["difficulty"] == "realistic"
    with pytest.raises(InvalidConfig, match="lacks"):
        new_game({"players": 2}, 1)
