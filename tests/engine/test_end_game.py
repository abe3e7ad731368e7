"""End of the game: an emptied depot or a player who cannot place ends the game after the
round (R6); stored biomass patches and end-game card advances are settled, then scoring."""
import pytest

from engine import IllegalAction, apply, legal_actions, to_act
from engine import data as D
from engine.actions import Pick
from engine.rules import item_values
from engine.scenario import Scenario

from .conftest import finish_turn, items, place, resolve

TECH_BIOMASS = 80


def nearly_full(keep: set[str]):
    """Seat 0's part of a 3-player scenario: a tile on F1-G1 and every other square but
    ``keep`` under a biomass patch; its depot offers 44 (I2 energy/water with a meteor) and 47
    (S5 energy/water with a meteor). End the chain with ``.start()``."""
    sc = Scenario(3, 1)
    free = {D.cell_name(c) for c in D.cells_of(D.planet("ksb-4156").grid_mask)} - keep - {"F1", "G1"}
    return sc.seat(0).tile(TECH_BIOMASS, at="F1").patch(*sorted(free)).depot(small=44, large=47)


def test_emptying_a_depot_ends_the_game_after_the_round():
    sc = Scenario(3, 1)
    g = sc.seat(1).depot(small="empty", large="I4 civ/energy", alone=True).start()  # its last tile
    for s in range(3):
        stack = "large" if s == 1 else "small"
        apply(g, s, Pick(stack))
        apply(g, s, legal_actions(g, s)[0])
        finish_turn(g, s)
    assert g.phase == "over" and "depot_empty" in g.ending
    assert g.result and [p["seat"] for p in g.result["players"]] == [0, 1, 2]
    assert all(not legal_actions(g, s) for s in range(3)) and to_act(g) == []


def test_a_player_who_cannot_place_advances_both_resources_and_the_game_ends_after_the_round():
    g = nearly_full({"C5", "J8"}).start()  # two lone holes: nothing bigger than 1 square fits
    acts = legal_actions(g, 0)
    assert acts == [Pick("large"), Pick("small")]  # neither fits: either may be taken
    apply(g, 0, Pick("small"))
    s = g.seats[0]
    assert s.unplaced == 44 and "unplaceable" in g.ending
    assert sorted(i["options"][0] for i in items(g, 0)) == ["water", "water"]  # energy copies water
    finish_turn(g, 0)
    assert s.corp.trackers["water"] == 2 and s.board.meteorites == []  # no ice needed, meteor ignored
    for seat in (1, 2):
        place(g, seat, TECH_BIOMASS, "F1")
        finish_turn(g, seat)
    assert g.phase == "over"


def test_must_place_a_tile_that_fits_when_the_other_does_not():
    g = nearly_full({"C5", "C6"}).start()  # room for a domino only: the I2 fits, the S5 does not
    assert legal_actions(g, 0) == [Pick("small")]
    with pytest.raises(IllegalAction, match="must place a tile when you can"):
        apply(g, 0, Pick("large"))


def test_undoing_an_unplaceable_pick_clears_the_end_of_game_signal():
    g = nearly_full({"C5", "J8"}).start()
    apply(g, 0, Pick("small"))
    apply(g, 0, legal_actions(g, 0)[-1])
    assert g.ending == [] and g.seats[0].corp.trackers["water"] == 0


def test_stored_patches_are_placed_in_the_final_step_before_scoring():
    sc = Scenario(3, 1)
    sc.seat(2).stored_patches(1)
    g = sc.seat(1).depot(small="empty", large="I4 civ/energy", alone=True).start()
    for s in range(3):
        apply(g, s, Pick("large" if s == 1 else "small"))
        apply(g, s, legal_actions(g, s)[0])
        finish_turn(g, s)
    assert g.phase == "final" and to_act(g) == [2]
    patch = items(g, 2, "patch")[0]
    assert "store" not in item_values(g, 2, patch)
    resolve(g, 2, patch, item_values(g, 2, patch)[0])
    assert g.phase == "over" and len(g.seats[2].board.patches) == 1
