"""Setup: seeded station stacks, the interior disc offset, civ piles of players+1 cards per
rank, objectives by player count, lifepods and rovers, the first commander."""
import pytest

from engine import InvalidConfig, make_config, new_game
from engine import data as D
from engine.rules import depot_slots, seat_depot


def test_the_same_seed_gives_the_same_game_and_another_seed_another():
    a, b, c = (new_game(make_config(4), s) for s in (5, 5, 6))
    assert a == b
    assert a.station != c.station


def test_each_stack_holds_its_own_12_tiles_shuffled():
    g = new_game(make_config(3), 11)
    st = D.station()
    for kind, slots in (("small", st.small_slots), ("large", st.large_slots)):
        for pile, ids in zip(g.station[kind], slots):
            assert sorted(pile) == sorted(ids)
    assert any(pile != list(ids) for pile, ids in zip(g.station["large"], st.large_slots))


def test_the_interior_offset_pairs_small_and_large_stacks_for_the_whole_game():
    g = new_game(make_config(3, interior_offset=2), 1)
    assert g.station["offset"] == 2
    for pos in range(6):
        slots = depot_slots(g, pos)
        assert slots["small"] == (slots["large"] + 2) % 6
    offsets = {new_game(make_config(3), s).station["offset"] for s in range(30)}
    assert len(offsets) > 1  # random when not chosen (RULINGS P8)


@pytest.mark.parametrize("players", range(1, 7))
def test_civ_piles_have_players_plus_one_cards_per_rank(players):
    g = new_game(make_config(players), 3)
    for rank in "1234":
        assert len(g.civ_piles[rank]) == players + 1
        assert all(D.civ_card(c).rank == int(rank) for c in g.civ_piles[rank])
    assert len(g.civ_box) == 36 - 4 * (players + 1)


@pytest.mark.parametrize("players,neighbour,offer", [(1, 0, 4), (2, 3, 0), (3, 3, 0), (4, 4, 0), (6, 6, 0)])
def test_objectives_are_dealt_by_player_count(players, neighbour, offer):
    g = new_game(make_config(players), 9)
    assert len(g.neighbour_objectives) == neighbour
    assert all(len(s.corp.objective_offer) == offer for s in g.seats)
    dealt = g.neighbour_objectives + [c for s in g.seats for c in s.corp.objective_offer]
    assert len(set(dealt)) == len(dealt) and not set(dealt) & set(g.objective_deck)
    assert g.phase == ("objectives" if offer else "rotate" if players >= 3 else "turns")


def test_private_objective_module_deals_two_to_each_player():
    g = new_game(make_config(3, private_objectives=True), 2)
    assert [len(s.corp.objective_offer) for s in g.seats] == [2, 2, 2]


def test_every_planet_starts_with_its_lifepods_and_every_corporation_with_two_rovers():
    g = new_game(make_config(5), 4)
    for s in g.seats:
        assert sorted(s.board.lifepods) == sorted(D.planet("ksb-4156").lifepods)
        assert s.corp.rover_supply == 2 and s.board.rovers == []
        assert s.corp.trackers == {t: 0 for t in D.TRACKS}


def test_each_seat_faces_a_different_depot():
    for n in range(1, 7):
        g = new_game(make_config(n), 1)
        larges = [seat_depot(g, i)["large"] for i in range(n)]
        assert len(set(larges)) == n


def test_the_first_commander_is_seeded_or_chosen():
    assert new_game(make_config(4, first_commander=2), 1).commander == 2
    assert {new_game(make_config(4), s).commander for s in range(20)} == {0, 1, 2, 3}


@pytest.mark.parametrize("kwargs,message", [
    ({"players": 7}, "1 to 6"), ({"players": 0}, "1 to 6"),
    ({"players": 2, "planets": ["earth", "ksb-4156"]}, "no planet 'earth'; choose from: ksb-4156, arashi"),
    ({"players": 2, "corporations": ["acme_mining", "universal_coalition"]},
     "no corporation 'acme_mining'; choose from: universal_coalition, cosmos_inc"),
    ({"players": 2, "interior_offset": 6}, "0 to 5"),
])
def test_bad_setups_are_refused_with_a_reason(kwargs, message):
    with pytest.raises(InvalidConfig, match=message):
        make_config(**kwargs)
