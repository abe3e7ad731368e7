"""Tracker advances: icons, synergy boosts, milestones, the top of a track, the rover
exception (RULINGS D10) and the Universal Coalition techs switched by position (D11)."""
import pytest

from engine import IllegalAction, apply, legal_actions
from engine import data as D
from engine.actions import Confirm, Pick, Place
from engine.data import parse_cell as sq
from engine.rules import item_values
from engine.scenario import Scenario

from .conftest import game, give, items, place, resolve

TECH_BIOMASS = 80  # I2: tech square on top, biomass below
BIOMASS_CIV = 128  # I2: biomass on top, civ below
ROVER_TECH = 56  # I2: rover on top, tech below
WATER_ROVER = 104  # I2: water on top, rover below
METEOR_DOMINO = 20


def seat0(players: int = 3, **config):
    """Seat 0's part of a scenario dealt like ``game()``; end the chain with ``.start()``."""
    return Scenario(players, 1, **config).seat(0)


def settle_all(g, seat, prefer=None):
    """Settle pending items in list order, taking ``prefer`` where offered, else the first value."""
    while items(g, seat):
        it = items(g, seat)[0]
        vals = item_values(g, seat, it)
        resolve(g, seat, it, prefer if prefer in vals else vals[0])


def test_a_placed_tile_advances_the_tracker_of_each_of_its_icons():
    g = game()
    place(g, 0, TECH_BIOMASS, "F1")
    assert sorted(i["options"][0] for i in items(g, 0)) == ["biomass", "tech"]
    settle_all(g, 0)
    t = g.seats[0].corp.trackers
    assert (t["tech"], t["biomass"], t["civ"]) == (1, 1, 0)


def test_reaching_a_synergy_space_lets_the_player_advance_any_tracker():
    g = seat0().trackers(biomass=1).start()
    place(g, 0, TECH_BIOMASS, "F1")
    bio = next(i for i in items(g, 0) if i["options"] == ["biomass"])
    resolve(g, 0, bio, "biomass")  # biomass 2: synergy
    syn = next(i for i in items(g, 0) if i["source"] == "synergy")
    assert set(item_values(g, 0, syn)) == set(D.TRACKS)
    resolve(g, 0, syn, "civ")
    assert g.seats[0].corp.trackers["civ"] == 1


def test_a_synergy_boost_cannot_pick_a_tracker_at_the_top_but_always_rover():
    g = seat0().trackers(civ=15, water=15, rover=15, biomass=1).start()
    corp = g.seats[0].corp
    place(g, 0, TECH_BIOMASS, "F1")
    resolve(g, 0, next(i for i in items(g, 0) if i["options"] == ["biomass"]), "biomass")
    syn = next(i for i in items(g, 0) if i["source"] == "synergy")
    assert set(item_values(g, 0, syn)) == {"biomass", "rover", "tech"}
    pool = g.seats[0].pool
    resolve(g, 0, syn, "rover")  # D10: a boost on a rover track at the top gives nothing more
    assert g.seats[0].pool == pool and corp.trackers["rover"] == 15


def test_tile_advances_on_a_track_at_the_top_are_lost():
    g = seat0().trackers(civ=15).start()
    place(g, 0, BIOMASS_CIV, "F1")
    assert [i["options"] for i in items(g, 0)] == [["biomass"]]


def test_at_the_top_of_the_rover_track_each_rover_icon_placed_gives_4_movement_again():
    g = seat0().trackers(rover=15).rovers("C5").start()
    place(g, 0, ROVER_TECH, "F1")
    resolve(g, 0, next(i for i in items(g, 0) if i["options"] == ["rover"]), "rover")
    assert g.seats[0].pool == 4 and g.seats[0].corp.trackers["rover"] == 15


def test_civ_milestone_is_picked_after_all_players_confirm_from_the_commander_on():
    sc = Scenario(3, 1, commander=2)
    for seat in (1, 2):
        sc.seat(seat).trackers(civ=2)
    g = sc.start()
    for seat in (1, 2):
        place(g, seat, BIOMASS_CIV, "F1")
        settle_all(g, seat, prefer="civ")
        assert g.seats[seat].civ_queue == [1]
        assert not items(g, seat, "civ")  # not during the turn (R4)
        apply(g, seat, Confirm())
    assert g.phase == "turns"
    place(g, 0, TECH_BIOMASS, "F1")
    settle_all(g, 0)
    apply(g, 0, Confirm())
    assert g.phase == "civ" and g.active == 2  # commander first
    civ = items(g, 2, "civ")[0]
    assert item_values(g, 2, civ) == [str(c) for c in g.civ_piles["1"]]
    card = int(item_values(g, 2, civ)[0])
    resolve(g, 2, civ, str(card))
    while g.active == 2:
        moves = legal_actions(g, 2)
        apply(g, 2, next((a for a in moves if isinstance(a, Confirm)), moves[0]))
    assert g.active == 1 and card in g.seats[2].corp.civ_cards and card not in g.civ_piles["1"]


def test_biomass_milestone_places_a_patch_next_to_a_tile_or_stores_it_with_tech_2():
    g = seat0().trackers(biomass=2).start()
    place(g, 0, TECH_BIOMASS, "F1")
    resolve(g, 0, next(i for i in items(g, 0) if i["options"] == ["biomass"]), "biomass")
    patch = items(g, 0, "patch")[0]
    vals = item_values(g, 0, patch)
    assert set(vals) == {"F2", "G2"}  # the free squares along the tile on F1-G1
    with pytest.raises(IllegalAction):
        resolve(g, 0, patch, "J6")  # not touching any tile
    resolve(g, 0, patch, "F2")
    b = g.seats[0].board
    assert b.terrain[sq("F2")] == "biomass" and b.symbol[sq("F2")] is None

    g = seat0().trackers(biomass=2, tech=5).start()
    place(g, 0, TECH_BIOMASS, "F1")
    resolve(g, 0, next(i for i in items(g, 0) if i["options"] == ["biomass"]), "biomass")
    patch = items(g, 0, "patch")[0]
    assert "store" in item_values(g, 0, patch)
    resolve(g, 0, patch, "store")
    assert g.seats[0].corp.stored_patches == 1


def test_rover_milestone_puts_a_rover_on_the_tile_just_placed_and_collects_its_meteorite():
    g = game()
    place(g, 0, 68, "F1")  # I2 rover/tech with a meteor
    b = g.seats[0].board
    assert len(b.meteorites) == 1
    resolve(g, 0, next(i for i in items(g, 0) if i["options"] == ["rover"]), "rover")
    rover = items(g, 0, "rover")[0]
    assert set(item_values(g, 0, rover)) == {"F1", "G1"}
    resolve(g, 0, rover, D.cell_name(b.meteorites[0]))
    assert g.seats[0].corp.meteorites == 1 and not b.meteorites
    assert g.seats[0].corp.rover_supply == 1 and len(b.rover_cells()) == 1


def test_rover_milestone_with_no_rover_left_gives_nothing():
    g = seat0().rovers(supply=0).start()
    place(g, 0, ROVER_TECH, "F1")
    resolve(g, 0, next(i for i in items(g, 0) if i["options"] == ["rover"]), "rover")
    assert not items(g, 0, "rover")


def test_water_advances_only_when_a_water_square_covers_ice():
    g = game()
    place(g, 0, WATER_ROVER, "F1", 0)  # water on F1 (ice)
    assert ["water"] in [i["options"] for i in items(g, 0)]
    g = seat0().tile(TECH_BIOMASS, at="F2").start()  # an earlier tile on F2-G2
    place(g, 0, WATER_ROVER, "F3", 0)  # water on F3 (land)
    assert ["water"] not in [i["options"] for i in items(g, 0)]
    g = game()
    place(g, 0, WATER_ROVER, "E2", 0)  # water on land, rover on F2 (ice): no water either
    assert ["water"] not in [i["options"] for i in items(g, 0)]


def test_tech_4_doubles_water_from_a_tile_on_ice_claiming_both_spaces():
    g = seat0().trackers(tech=10, water=1).start()
    place(g, 0, WATER_ROVER, "F1", 0)
    resolve(g, 0, next(i for i in items(g, 0) if i["options"] == ["water"]), "water")
    assert g.seats[0].corp.trackers["water"] == 3
    assert any(i["source"] == "synergy" for i in items(g, 0))  # water 3 is a synergy space


def test_tech_4_does_not_double_a_synergy_advance_of_water():
    g = seat0().trackers(tech=10, biomass=1).start()
    place(g, 0, TECH_BIOMASS, "F1")
    resolve(g, 0, next(i for i in items(g, 0) if i["options"] == ["biomass"]), "biomass")
    resolve(g, 0, next(i for i in items(g, 0) if i["source"] == "synergy"), "water")
    assert g.seats[0].corp.trackers["water"] == 1


def test_tech_1_waives_adjacency_only_while_the_tech_tracker_stands_on_it():
    g = seat0().trackers(tech=3).start()
    place(g, 0, TECH_BIOMASS, "F1")
    settle_all(g, 0)
    apply(g, 0, Confirm())
    for s in (1, 2):
        place(g, s, TECH_BIOMASS, "F1")
        settle_all(g, s)
        apply(g, s, Confirm())
    apply(g, 1, legal_actions(g, 1)[0])  # round 2: seat 1 commands
    stack = give(g, 0, BIOMASS_CIV)
    apply(g, 0, Pick(stack))
    apply(g, 0, Place(sq("J6"), 0))  # nowhere near F1: fine with tech 1
    apply(g, 0, legal_actions(g, 0)[-1])  # undo
    # the same board, the tech tracker regressed below the milestone (D11) by event 96
    g = seat0(events="normal").trackers(tech=3).tile(TECH_BIOMASS, at="F1").scenario.next_event(96).start()
    regress = next(i for i in items(g, 0) if i["kind"] == "regress")
    resolve(g, 0, regress, "tech")
    assert g.seats[0].corp.trackers["tech"] == 2
    stack = give(g, 0, BIOMASS_CIV)
    apply(g, 0, Pick(stack))
    with pytest.raises(IllegalAction, match="touch"):
        apply(g, 0, Place(sq("J6"), 0))


def test_tech_3_adds_one_to_every_movement_gain():
    g = seat0().trackers(rover=1, tech=7).rovers("C5").start()
    place(g, 0, ROVER_TECH, "F1")
    resolve(g, 0, next(i for i in items(g, 0) if i["options"] == ["rover"]), "rover")
    assert g.seats[0].pool == 2  # the space gives 1, the tech adds 1


def test_resolution_order_matters_and_is_the_players_choice():
    """Reaching tech 3 first makes the rover advance give one more step (R2)."""
    def run(first):
        g = seat0().trackers(rover=1, tech=6).rovers("C5").start()
        place(g, 0, ROVER_TECH, "F1")
        resolve(g, 0, next(i for i in items(g, 0) if i["options"] == [first]), first)
        other = "tech" if first == "rover" else "rover"
        resolve(g, 0, next(i for i in items(g, 0) if i["options"] == [other]), other)
        return g.seats[0].pool
    assert run("tech") == 2 and run("rover") == 1


def test_tech_5_stops_meteorites_from_landing():
    g = seat0().trackers(tech=14).start()
    place(g, 0, METEOR_DOMINO, "F1")
    assert g.seats[0].board.meteorites == []
