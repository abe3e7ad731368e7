"""Energy copies a resource: the tile's other icon, or the terrain of any square touching the
energy area the placement formed (rulebook p.7); water chosen this way needs no ice."""
from engine import data as D
from engine.data import parse_cell as sq
from engine.rules import item_values
from engine.scenario import Scenario

from .conftest import game, items, place, resolve

CIV_ENERGY = 8  # I2 civ on top, energy below
ENERGY_WATER = 32  # I2 energy on top, water below
TECH_BIOMASS = 80


def energy_item(g, seat=0):
    return next(i for i in items(g, seat) if i["source"] == "energy")


def test_a_lone_tile_lets_energy_copy_its_other_icon_only():
    g = game()
    place(g, 0, CIV_ENERGY, "F1")
    assert item_values(g, 0, energy_item(g)) == ["civ"]
    resolve(g, 0, energy_item(g), "civ")
    resolve(g, 0, items(g, 0)[0], "civ")
    assert g.seats[0].corp.trackers["civ"] == 2  # civ icon + energy copy


def test_energy_offers_every_terrain_touching_the_whole_energy_area():
    sc = Scenario(3, 1)
    sc.seat(0).tile(CIV_ENERGY, at="F3", orient=1)  # energy F3, civ F4 (an earlier tile)
    g = sc.seat(0).tile(TECH_BIOMASS, at="F1").start()  # tech F1, biomass G1
    b = g.seats[0].board
    place(g, 0, ENERGY_WATER, "F2", 0)  # energy F2 joins F3; water G2
    assert b.area_of(sq("F2")) and set(b.area_of(sq("F2"))) == {sq("F2"), sq("F3")}
    # F1 tech, G2 water (its own), F4 civ touch the area; G1 biomass only touches G2
    assert item_values(g, 0, energy_item(g)) == ["civ", "water", "tech"]


def test_terrain_touching_only_diagonally_is_not_offered():
    g = Scenario(3, 1).seat(0).tile(TECH_BIOMASS, at="G2", orient=1).start()  # biomass G2, tech G3
    b = g.seats[0].board
    place(g, 0, CIV_ENERGY, "F1", 1)  # energy F1, civ F2 (F2 sits on G2)
    assert b.terrain[sq("F1")] == "energy" and b.terrain[sq("G2")] == "biomass"
    vals = item_values(g, 0, energy_item(g))
    assert vals == ["civ"]  # G2's biomass meets the energy square F1 only at a corner


def test_energy_may_copy_water_without_ice():
    g = Scenario(3, 1).seat(0).tile(TECH_BIOMASS, at="F2").start()
    place(g, 0, ENERGY_WATER, "F3", 0)  # energy F3, water G3: no ice under the water square
    assert not any(i["options"] == ["water"] for i in items(g, 0))
    resolve(g, 0, energy_item(g), "water")
    assert g.seats[0].corp.trackers["water"] == 1
    assert not D.planet("ksb-4156").is_ice(sq("G3"))
