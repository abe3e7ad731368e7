"""Round flow (RULINGS R1-R7): the commander's rotation, simultaneous picks and placements,
pending items in the player's order, undo until confirmation, civ picks after all confirm,
the commander token passing, and what one seat may see of the others."""
import pytest

from engine import IllegalAction, NotYourTurn, apply, legal_actions, to_act, view_for
from engine.actions import Confirm, Pick, Place, Turn, Undo
from engine.data import parse_cell as sq
from engine.rules import item_values, seat_depot, top_tile
from engine.scenario import Scenario

from .conftest import finish_turn, game, give, items, place, resolve, settle_all

TECH_BIOMASS = 80


def test_only_the_commander_turns_the_station_and_it_changes_every_depot():
    g = game(4, turn=False)
    assert g.phase == "rotate" and to_act(g) == [0]
    with pytest.raises(NotYourTurn, match="commander"):
        apply(g, 1, Turn(1))
    before = [seat_depot(g, i) for i in range(4)]
    apply(g, 0, Turn(1))
    after = [seat_depot(g, i) for i in range(4)]
    assert g.phase == "turns" and to_act(g) == [0, 1, 2, 3]
    assert all(a["large"] == (b["large"] - 1) % 6 for a, b in zip(after, before))


@pytest.mark.parametrize("players", [1, 2])
def test_with_one_or_two_players_the_station_turns_one_depot_by_itself(players):
    g = game(players)
    assert g.phase == "turns"
    r1 = g.station["rotation"]
    for s in range(players):
        settle_all(g, s)  # the solo event card, if it asks anything
        place(g, s, TECH_BIOMASS if s == 0 else 104, "F1")
        finish_turn(g, s)
    assert g.round == 2 and g.phase == "turns" and g.station["rotation"] == (r1 - 1) % 6


def test_players_act_at_the_same_time_in_any_order():
    g = game(3)
    place(g, 2, TECH_BIOMASS, "F1")
    place(g, 0, TECH_BIOMASS, "F1")
    finish_turn(g, 0)
    assert to_act(g) == [1, 2]
    with pytest.raises(NotYourTurn, match="already confirmed"):
        apply(g, 0, Pick("large"))


def test_confirm_needs_every_pending_item_settled():
    g = game()
    place(g, 0, TECH_BIOMASS, "F1")
    assert Confirm() not in legal_actions(g, 0)
    with pytest.raises(IllegalAction, match="settle your pending items"):
        apply(g, 0, Confirm())


def test_undo_puts_the_tile_back_and_restores_planet_and_trackers():
    g = game()
    slot = seat_depot(g, 0)["small"]
    give(g, 0, TECH_BIOMASS)
    apply(g, 0, Pick("small"))
    assert top_tile(g, "small", slot) != TECH_BIOMASS
    apply(g, 0, Place(sq("F1"), 0))
    resolve(g, 0, items(g, 0)[0], item_values(g, 0, items(g, 0)[0])[0])
    apply(g, 0, Undo())
    s = g.seats[0]
    assert top_tile(g, "small", slot) == TECH_BIOMASS
    assert s.board.tiles == [] and s.corp.trackers["tech"] == 0 and s.step == "pick" and not s.pending
    finish_after = place(g, 0, TECH_BIOMASS, "F1")  # and the turn can be played again
    assert finish_after is None and s.board.tiles


def test_nothing_can_be_undone_after_confirming():
    g = game()
    place(g, 0, TECH_BIOMASS, "F1")
    finish_turn(g, 0)
    with pytest.raises(NotYourTurn):
        apply(g, 0, Undo())


def test_the_commander_token_passes_to_the_left_each_round():
    g = game(3)
    for s in range(3):
        place(g, s, TECH_BIOMASS, "F1")
        finish_turn(g, s)
    assert g.round == 2 and g.commander == 1 and g.phase == "rotate" and to_act(g) == [1]


def test_another_players_unconfirmed_turn_is_hidden_until_the_round_resolves():
    g = game(3)
    place(g, 0, TECH_BIOMASS, "F1")
    v1 = view_for(g, 1)
    assert v1["seats"][0]["board"]["tiles"] == [] and "pending" not in v1["seats"][0]
    assert v1["seats"][0]["step"] == "playing"
    # the tile seat 0 took still shows on seat 0's stack for the others
    slot = seat_depot(g, 0)["small"]
    assert v1["station"]["small"][slot]["top"] == TECH_BIOMASS
    assert view_for(g, 0)["seats"][0]["board"]["tiles"] == [[TECH_BIOMASS, 0, sq("F1")]]
    finish_turn(g, 0)
    assert view_for(g, 1)["seats"][0]["board"]["tiles"] == []  # confirmed, but the round is not over
    for s in (1, 2):
        place(g, s, TECH_BIOMASS, "F1")
        finish_turn(g, s)
    assert view_for(g, 1)["seats"][0]["board"]["tiles"] == [[TECH_BIOMASS, 0, sq("F1")]]


def test_views_hide_the_seed_the_stack_order_and_other_players_secrets():
    sc = Scenario(3, private_objectives=True, commander=0, interior_offset=0)
    sc.seat(1).civ_cards(7, 1)  # 7 is an end-game card, 1 immediate
    g = sc.start(step="objectives")
    assert g.seats[1].corp.civ_cards == [7, 1]
    v = view_for(g, 0)
    text = str(v)
    assert "seed" not in v
    assert v["seats"][1]["corp"]["objectives"] == [] and v["seats"][1]["corp"]["objective_offer"] == []
    assert v["seats"][1]["corp"]["civ_cards"] == [1] and v["seats"][1]["corp"]["hidden_civ_cards"] == 1
    assert all(set(p) == {"count"} for p in v["civ_piles"].values())
    assert all(set(e) == {"top", "count"} for e in v["station"]["large"])
    assert str(g.station["large"][0][:-1]) not in text
    own = view_for(g, 1)["seats"][1]["corp"]
    assert own["civ_cards"] == [7, 1] and len(own["objective_offer"]) == 2


def test_actions_out_of_order_get_a_clear_reason():
    g = game()
    with pytest.raises(IllegalAction, match="first pick a tile"):
        apply(g, 0, Place(sq("F1"), 0))
    give(g, 0, TECH_BIOMASS)
    apply(g, 0, Pick("small"))
    with pytest.raises(IllegalAction, match="place your tile first"):
        apply(g, 0, Confirm())
    with pytest.raises(IllegalAction, match="already picked"):
        apply(g, 0, Pick("large"))
    with pytest.raises(IllegalAction, match="orientation is a number from 0 to 7"):
        apply(g, 0, Place(sq("F1"), 9))
