"""The eight asymmetric corporations (engine/corporations.py): each board's own rules, its
five or six techs and its special pieces, checked on hand-built positions, then seeded random
games with every corporation (RULINGS D1-D16, R3, R7, C1)."""
import random

import pytest

from engine import (
    IllegalAction,
    apply,
    dump,
    legal_actions,
    load,
    make_config,
    new_game,
    parse,
    score,
    to_act,
)
from engine import corporations as C
from engine import data as D
from engine import rules as R
from engine.actions import Action, Confirm, Move, Pick, Place, Resolve, Undo
from engine.corporations.makeshift import columns
from engine.data import parse_cell as sq
from engine.effects import regress
from engine.scenario import Scenario, grant
from engine.scoring import track_medals
from engine.setup import SUPPORTED_CORPORATIONS
from engine.view import view_for

from .conftest import finish_turn, game, give, items, place, resolve

CIV_ENERGY = 8  # dominoes (orientation 0: first terrain on top)
ENERGY_WATER = 32
ROVER_TECH = 56
ROVER_TECH_METEOR = 68  # meteorite lands on the tech square
TECH_BIOMASS = 80
WATER_ROVER = 104
BIOMASS_CIV = 128
WATER_V3 = 99  # at F1, orientation 0: water on F1 and F2 (both ice), rover on G2


def cgame(corp: str, players: int = 2, seed: int = 1, **config):
    """A game with seat 0 playing ``corp`` and the others Universal Coalition."""
    return game(players, seed, corporations=[corp] + ["universal_coalition"] * (players - 1), **config)


def setup(corp: str, players: int = 2, seed: int = 1, **config):
    """Seat 0's part of a scenario where it plays ``corp`` and the others Universal Coalition
    (the same deal as ``cgame``); end the chain with ``.start()``."""
    return Scenario(players, seed, corporations=[corp] + [None] * (players - 1), **config).seat(0)


def item(g, kind, seat=0, **match):
    found = [i for i in items(g, seat, kind) if all(i.get(k) == v for k, v in match.items())]
    assert found, f"no pending {kind} {match}: {g.seats[seat].pending}"
    return found[0]


def tech_item(g, level, seat=0):
    found = [i for i in items(g, seat, "tech") if i["level"] == level]
    return found[0] if found else None


def values(g, it, seat=0):
    return R.item_values(g, seat, it)


def advance_item(g, track, seat=0):
    return next(i for i in items(g, seat, "advance") if i["options"] == [track])


def settle(g, seat=0):
    """Settle every blocking item with its first value (optional tech uses are left)."""
    while [i for i in items(g, seat) if not i.get("optional")]:
        it = next(i for i in items(g, seat) if not i.get("optional"))
        resolve(g, seat, it, values(g, it, seat)[0])


def quiet_turn(g, seat=0, tile_id=TECH_BIOMASS, square="F1"):
    """Pick and place a tile that gives nothing (like an extra tile), so the seat is settling
    its turn with an empty pending list."""
    apply(g, seat, Pick(give(g, seat, tile_id)))
    g.seats[seat].hand_advances = False
    apply(g, seat, Place(sq(square), 0))


def new_round(g):
    """Play the rest of the round through the rules until the next round's turns open: a
    seat confirms as soon as it may, else settles its blocking items, picks and places with
    the first choice offered (civ cards likewise)."""
    start = g.round
    while g.round == start and g.phase != "over":
        seat = to_act(g)[0]
        acts = legal_actions(g, seat)
        blocking = {i["id"] for i in items(g, seat) if not i.get("optional")}
        act = (Confirm() if Confirm() in acts else
               next((a for a in acts if isinstance(a, Resolve) and a.item in blocking), None)
               or next(a for a in acts if isinstance(a, (Pick, Place))))
        apply(g, seat, act)
    assert g.phase == "turns" and g.round == start + 1


def tracker_at(g, **pos):
    g.seats[0].corp.trackers.update(pos)


def special(g, seat=0):
    return g.seats[0].corp.special if seat == 0 else g.seats[seat].corp.special


# =========================================================================== all boards

def test_every_corporation_is_offered_and_starts_with_its_printed_rovers():
    assert set(SUPPORTED_CORPORATIONS) == set(D.corporations())
    g = new_game(make_config(6, corporations=list(SUPPORTED_CORPORATIONS)[3:]), 2)
    assert [s.corp.rover_supply for s in g.seats] == [4, 1, 2, 2, 1, 2]
    assert all(s.corp.special == {} for s in g.seats)


def test_an_unknown_benefit_still_raises():
    g = cgame("wormhole_corp")
    with pytest.raises(NotImplementedError):
        grant(g, 0, ("teleport_home",))


def test_optional_tech_uses_do_not_block_confirming_and_lapse_with_it():
    g = setup("makeshift").trackers(tech=10).start()  # tech 4: regress a tracker once per round
    place(g, 0, TECH_BIOMASS, "F1")
    settle(g)
    assert tech_item(g, 4) is not None and Confirm() in legal_actions(g, 0)
    apply(g, 0, Confirm())
    assert g.seats[0].pending == []


def test_a_state_saved_before_corporations_existed_still_loads():
    g = cgame("cosmos_inc")
    data = g.to_json()
    for s in data["seats"]:
        del s["corp"]["special"]
    again = type(g).from_json(data)
    assert again.seats[0].corp.special == {}


# =========================================================================== Cosmos Inc

def test_cosmos_a_collected_lifepod_goes_on_a_free_track_space_or_to_scoring():
    g = setup("cosmos_inc").trackers(rover=3, biomass=1, water=2).rovers("E3").start()
    place(g, 0, ROVER_TECH, "F1")
    resolve(g, 0, advance_item(g, "rover"), "rover")  # rover 4: 2 movement
    apply(g, 0, Move(1, "left"))  # E2 holds a lifepod
    pod = item(g, "pod")
    vals = values(g, pod)
    assert "score" in vals and "biomass 2" in vals and "water 0" in vals and "civ 15" in vals  # D15
    assert "biomass 1" not in vals and "rover 4" not in vals  # trackers stand there
    resolve(g, 0, pod, "biomass 2")
    assert special(g)["pods"] == [["biomass", 2]] and g.seats[0].corp.lifepods == 0


def test_cosmos_trackers_jump_covered_spaces_without_claiming_them():
    g = setup("cosmos_inc").trackers(biomass=1).track_lifepods("biomass 2").start()  # the synergy space
    place(g, 0, TECH_BIOMASS, "F1")
    resolve(g, 0, advance_item(g, "biomass"), "biomass")
    assert g.seats[0].corp.trackers["biomass"] == 3
    assert items(g, 0, "patch") and not [i for i in items(g, 0, "advance") if i["source"] == "synergy"]
    special(g)["pods"].append(["biomass", 0])
    assert regress(g, 0, "biomass") and g.seats[0].corp.trackers["biomass"] == 1  # regress jumps too


def test_cosmos_covered_medals_and_tech_milestones_are_ignored():
    g = cgame("cosmos_inc")
    tracker_at(g, water=7, tech=7)
    assert track_medals("cosmos_inc", g.seats[0].corp.trackers, {})["water"] == 3
    special(g)["pods"] = [["water", 6], ["tech", 5]]
    assert track_medals("cosmos_inc", g.seats[0].corp.trackers, special(g))["water"] == 2
    assert [R.has_tech(g, 0, lv) for lv in (1, 2, 3, 4)] == [True, False, True, False]


def test_cosmos_only_lifepods_in_the_scoring_area_score_but_all_count_as_collected():
    from engine.objectives import neighbour_value
    g = setup("cosmos_inc").collected(lifepods=2).track_lifepods("civ 4", "water 9", "rover 12").start()
    assert score(g)["players"][0]["C"]["lifepod_medals"] == 2
    assert neighbour_value(g, 0, {"kind": "collected", "what": "lifepod"}) == 5


def test_cosmos_tech1_diagonal_rover_steps():
    g = setup("cosmos_inc").rovers("E4").start()
    place(g, 0, CIV_ENERGY, "F1")
    grant(g, 0, "move 2")
    assert Move(1, "up-left") not in legal_actions(g, 0)
    with pytest.raises(IllegalAction, match="up, down, left or right"):
        apply(g, 0, Move(1, "up-left"))
    tracker_at(g, tech=3)
    assert Move(1, "up-left") in legal_actions(g, 0)
    apply(g, 0, Move(1, "down-right"))
    assert g.seats[0].board.rovers == [sq("F5")] and g.seats[0].pool == 1


def test_cosmos_tech2_moves_up_to_three_lifepods_once_per_game():
    g = setup("cosmos_inc").trackers(tech=5).collected(lifepods=1).track_lifepods("civ 4", "water 9").start()
    place(g, 0, CIV_ENERGY, "F1")
    t2 = tech_item(g, 2)
    assert t2["optional"] and set(values(g, t2)) == {"score", "civ 4", "water 9"}
    resolve(g, 0, t2, "civ 4")
    resolve(g, 0, item(g, "pod"), "score")
    more = item(g, "pod_move")
    assert more["left"] == 2 and more["optional"]
    resolve(g, 0, more, "water 9")
    resolve(g, 0, item(g, "pod"), "tech 0")
    assert g.seats[0].corp.lifepods == 2 and special(g)["pods"] == [["tech", 0]]
    assert item(g, "pod_move")["left"] == 1
    assert tech_item(g, 2) is None
    new_round(g)
    assert tech_item(g, 2) is None  # spent for the game


def test_cosmos_tech2_may_still_be_used_in_the_final_step():
    sc = Scenario(players=2, corporations=["cosmos_inc", None])
    sc.seat(0).trackers(tech=5).track_lifepods("civ 4", "water 9")
    g = sc.start(step="final")
    assert g.phase == "final" and g.active == 0
    t2 = tech_item(g, 2)
    assert t2["optional"] and values(g, t2) == ["civ 4", "water 9"]
    resolve(g, 0, t2, "water 9")
    resolve(g, 0, item(g, "pod"), "score")
    resolve(g, 0, item(g, "pod_move"), "civ 4")
    resolve(g, 0, item(g, "pod"), "score")
    apply(g, 0, Confirm())
    assert g.phase == "over" and g.result["players"][0]["C"]["lifepod_medals"] == 2


def test_cosmos_tech3_placing_an_energy_tile_lets_one_lifepod_move():
    g = setup("cosmos_inc").trackers(tech=7).spent(2).collected(lifepods=1).start()
    place(g, 0, CIV_ENERGY, "F1")
    assert item(g, "pod_move")["left"] == 1
    settle(g)
    apply(g, 0, Confirm())
    g2 = setup("cosmos_inc").trackers(tech=7).collected(lifepods=1).start()
    place(g2, 0, TECH_BIOMASS, "F1")  # no energy: nothing to move
    assert not items(g2, 0, "pod_move")


def test_cosmos_tech4_a_step_onto_energy_is_free():
    g = setup("cosmos_inc").trackers(tech=10).rovers("G2").start()
    place(g, 0, CIV_ENERGY, "F1")  # energy on G1
    grant(g, 0, "move 1")
    apply(g, 0, Move(1, "left"))
    assert g.seats[0].pool == 1
    apply(g, 0, Move(1, "right"))
    assert g.seats[0].pool == 0


def test_cosmos_tech5_moves_one_lifepod_once_per_round():
    g = setup("cosmos_inc").trackers(tech=14).spent(2).track_lifepods("civ 4").start()
    place(g, 0, TECH_BIOMASS, "F1")
    resolve(g, 0, tech_item(g, 5), "civ 4")
    resolve(g, 0, item(g, "pod"), "score")
    assert tech_item(g, 5) is None and not items(g, 0, "pod_move")
    new_round(g)
    assert tech_item(g, 5) is not None


# =========================================================================== Flux Industries

def test_flux_token_starts_nowhere_and_is_placed_at_each_tech_unlock():
    g = cgame("flux_industries")
    assert special(g).get("flux") is None  # D5
    tracker_at(g, tech=2)
    place(g, 0, ROVER_TECH, "F1")
    resolve(g, 0, advance_item(g, "tech"), "tech")  # tech 1 unlocked
    flux = item(g, "flux")
    assert values(g, flux) == list(D.TRACKS)
    resolve(g, 0, flux, "civ")
    assert special(g)["flux"] == "civ"


def test_flux_only_the_latest_tech_works():
    g = cgame("flux_industries")
    tracker_at(g, tech=7)
    assert [R.has_tech(g, 0, lv) for lv in range(1, 6)] == [False, False, True, False, False]
    tracker_at(g, tech=14)
    assert [R.has_tech(g, 0, lv) for lv in range(1, 6)] == [False] * 4 + [True]


def test_flux_tech1_start_of_round_movement_per_rover_on_the_flux_terrain_before_the_tile():
    sc = Scenario(players=2, corporations=["flux_industries", None])
    sc.seat(0).trackers(tech=3).flux("civ").tile(CIV_ENERGY, at="F1").rovers("F1", "G1")  # civ F1, energy G1
    g = sc.start()
    s = g.seats[0]
    assert s.step == "pick" and s.pool == 2  # one rover on civ terrain
    assert Move(1, "right") in legal_actions(g, 0)
    apply(g, 0, Move(1, "right"))  # spent before the tile is picked (R3)
    assert s.pool == 1 and Undo() in legal_actions(g, 0)
    apply(g, 0, Undo())
    assert s.pool == 2 and s.board.rovers == [sq("F1"), sq("G1")]


def test_flux_tech2_climbs_to_the_next_milestone_claiming_every_space_once_per_game():
    g = setup("flux_industries").trackers(tech=5).flux("biomass").start()
    place(g, 0, ROVER_TECH, "F1")
    t2 = tech_item(g, 2)
    assert values(g, t2) == ["biomass"]
    resolve(g, 0, t2, "biomass")
    assert g.seats[0].corp.trackers["biomass"] == 3  # 1, 2 (synergy: D4), 3 (patch milestone)
    assert items(g, 0, "patch") and [i for i in items(g, 0, "advance") if i["source"] == "synergy"]
    assert tech_item(g, 2) is None
    g2 = setup("flux_industries").trackers(tech=7).flux("biomass").start()  # tech 3 first: chance gone (FAQ)
    place(g2, 0, ROVER_TECH, "F1")
    assert tech_item(g2, 2) is None
    g3 = setup("flux_industries").trackers(tech=5).flux("water").start()  # the water track has no milestone
    place(g3, 0, ROVER_TECH, "F1")
    assert tech_item(g3, 2) is None


@pytest.mark.parametrize("flux,start,expect", [
    ("civ", {"civ": 2}, "civ rank 2"), ("water", {"water": 2}, "2 synergy"),
    ("biomass", {"biomass": 2}, "2 patches"), ("rover", {"rover": 3}, "3 movement"),
])
def test_flux_tech3_upgrades_the_flux_track_only(flux, start, expect):
    for marked in (flux, "tech"):
        g = setup("flux_industries").trackers(tech=7, **start).flux(marked).start()
        track = next(iter(start))
        R.advance(g, 0, track, 1, source="synergy")
        s = g.seats[0]
        synergies = [i for i in items(g, 0, "advance") if i["source"] == "synergy"]
        got = {"civ rank 2": s.civ_queue == [2], "2 synergy": len(synergies) == 2,
               "2 patches": len(items(g, 0, "patch")) == 2, "3 movement": s.pool == 3}[expect]
        assert got == (marked == flux)


def test_flux_tech4_a_tile_of_the_flux_type_collects_a_meteorite():
    g = setup("flux_industries").trackers(tech=10).flux("rover").meteorites("E5").start()
    place(g, 0, ROVER_TECH, "F1")
    met = item(g, "meteor")
    assert values(g, met) == ["E5"]
    resolve(g, 0, met, "E5")
    assert g.seats[0].corp.meteorites == 1 and g.seats[0].board.meteorites == []


def test_flux_tech5_advances_the_flux_tracker_once_per_round():
    g = setup("flux_industries").trackers(tech=14, water=4).flux("water").start()
    place(g, 0, TECH_BIOMASS, "F1")
    resolve(g, 0, tech_item(g, 5), "water")
    assert g.seats[0].corp.trackers["water"] == 5 and tech_item(g, 5) is None
    new_round(g)
    assert tech_item(g, 5) is not None


# =========================================================================== Horizon Group

def horizon_with_meteorite():
    g = setup("horizon_group").rovers("G2").start()
    place(g, 0, ROVER_TECH_METEOR, "F1")  # rover icon F1, meteorite on G1
    grant(g, 0, "move 3")
    return g


def test_horizon_rovers_carry_meteorites_and_deliver_them_to_rover_icons():
    g = horizon_with_meteorite()
    s = g.seats[0]
    apply(g, 0, Move(1, "left"))  # G1: picks the meteorite up
    assert s.board.meteorites == [] and s.corp.meteorites == 0 and C.board_of(g, 0).carrying(g, 0) == [0]
    apply(g, 0, Move(1, "up"))  # F1: rover icon, delivered
    assert s.corp.meteorites == 1 and C.board_of(g, 0).carrying(g, 0) == []


def test_horizon_a_loaded_rover_leaves_other_meteorites_where_they_are():
    g = horizon_with_meteorite()
    s = g.seats[0]
    s.board.meteorites.append(sq("G3"))
    apply(g, 0, Move(1, "left"))  # picks up G1
    apply(g, 0, Move(1, "right"))
    apply(g, 0, Move(1, "right"))  # G3: already loaded
    assert s.board.meteorites == [sq("G3")] and C.board_of(g, 0).carrying(g, 0) == [0]


def test_horizon_carried_meteorites_are_removed_uncollected_at_game_end():
    sc = Scenario(players=2, corporations=["horizon_group", None])
    sc.seat(0).tile(ROVER_TECH_METEOR, at="F1").rovers("G1").carrying(1).meteorites()  # picked up on G1
    g = sc.start(step="final")
    assert C.board_of(g, 0).carrying(g, 0) == [] and g.seats[0].corp.meteorites == 0 and g.seats[0].board.meteorites == []


def test_horizon_tech1_rover_tiles_ignore_adjacency_and_nothing_else_does():
    g2 = setup("horizon_group").trackers(tech=3).tile(TECH_BIOMASS, at="F1").start()
    apply(g2, 0, Pick(give(g2, 0, CIV_ENERGY)))
    with pytest.raises(IllegalAction, match="touch"):
        apply(g2, 0, Place(sq("K5"), 1))
    g3 = setup("horizon_group").trackers(tech=3).tile(TECH_BIOMASS, at="F1").start()
    apply(g3, 0, Pick(give(g3, 0, ROVER_TECH)))
    apply(g3, 0, Place(sq("K5"), 1))  # far from F1: fine with rover terrain
    assert not R.ignores_adjacency(g3, 0, None)  # patches still need to touch
    g4 = setup("horizon_group").trackers(tech=3).start()
    apply(g4, 0, Pick(give(g4, 0, ROVER_TECH)))
    with pytest.raises(IllegalAction, match="edge"):  # D6: only adjacency is waived
        apply(g4, 0, Place(sq("F6"), 0))


def test_horizon_tech2_start_of_round_movement_per_loaded_rover():
    sc = Scenario(players=2, corporations=["horizon_group", None])
    sc.seat(0).trackers(tech=5).tile(ROVER_TECH_METEOR, at="F1").rovers("G1").carrying(1).meteorites()
    g = sc.start()
    assert g.seats[0].pool == 1


def test_horizon_tech3_a_delivered_meteorite_brings_a_biomass_patch():
    g = horizon_with_meteorite()
    tracker_at(g, tech=7)
    settle(g)
    apply(g, 0, Move(1, "left"))
    assert not items(g, 0, "patch")
    apply(g, 0, Move(1, "up"))
    assert items(g, 0, "patch")


def test_horizon_tech4_a_loaded_rover_on_water_may_destroy_its_meteorite():
    g = horizon_with_meteorite()
    tracker_at(g, tech=10)
    g.seats[0].board.place_tile(WATER_ROVER, 0, sq("F3"))  # water F3, rover G3
    apply(g, 0, Move(1, "left"))
    apply(g, 0, Move(1, "right"))
    assert tech_item(g, 4) is None
    apply(g, 0, Move(1, "up"))  # F2: no tile; not water
    g.seats[0].pool = 1
    apply(g, 0, Move(1, "right"))  # F3: water terrain
    t4 = tech_item(g, 4)
    assert values(g, t4) == ["1"]
    resolve(g, 0, t4, "1")
    assert C.board_of(g, 0).carrying(g, 0) == [] and g.seats[0].corp.meteorites == 0


def test_horizon_tech5_advances_the_rover_tracker_once_per_round():
    g = setup("horizon_group").trackers(tech=14, rover=4).start()
    place(g, 0, TECH_BIOMASS, "F1")
    resolve(g, 0, tech_item(g, 5), "rover")
    assert g.seats[0].corp.trackers["rover"] == 5 and g.seats[0].pool == 3  # Horizon rover 5: 3 movement
    assert tech_item(g, 5) is None


# =========================================================================== Jump Drive

def test_jump_drive_lifepods_unlock_techs_in_any_order():
    g = setup("jump_drive").rovers("E3").start()
    place(g, 0, CIV_ENERGY, "F1")
    grant(g, 0, "move 1")
    apply(g, 0, Move(1, "left"))  # E2: lifepod
    pod = item(g, "pod")
    assert values(g, pod) == ["score"] + [f"tech {n}" for n in range(1, 7)]
    resolve(g, 0, pod, "tech 4")
    assert [R.has_tech(g, 0, lv) for lv in range(1, 7)] == [False, False, False, True, False, False]
    assert g.seats[0].corp.lifepods == 0 and score(g)["players"][0]["C"]["lifepod_medals"] == 0


def test_jump_drive_climbing_the_tech_track_lowers_its_medal():
    medals = [track_medals("jump_drive", {**{t: 0 for t in D.TRACKS}, "tech": p}, {})["tech"] for p in (0, 1, 6, 8, 15)]
    assert medals == [0, 5, 3, 2, 1]


def test_jump_drive_tech1_a_synergy_instead_of_a_patch_once_per_round():
    g = setup("jump_drive").tech_slots(1).start()
    place(g, 0, TECH_BIOMASS, "F1")
    R.gain_patch(g, 0)
    patch = item(g, "patch")
    assert "synergy" in values(g, patch)
    resolve(g, 0, patch, "synergy")
    assert [i for i in items(g, 0, "advance") if i["source"] == "synergy"]
    R.gain_patch(g, 0)
    assert "synergy" not in values(g, item(g, "patch"))


def test_jump_drive_tech2_teleports_to_the_same_terrain_for_one_movement_once_per_round():
    sc = Scenario(players=2, corporations=["jump_drive", None])
    sc.seat(0).tech_slots(2).tile(CIV_ENERGY, at="F1").rovers("F1")
    g = sc.start()
    b = g.seats[0].board
    place(g, 0, CIV_ENERGY, "F2")
    grant(g, 0, "move 2")
    t2 = tech_item(g, 2)
    assert "1 F2" in values(g, t2) and "1 G2" not in values(g, t2)
    resolve(g, 0, t2, "1 F2")
    assert b.rovers == [sq("F2")] and g.seats[0].pool == 1 and tech_item(g, 2) is None


def test_jump_drive_tech3_a_synergy_may_move_its_tracker_twice_once_per_round():
    g = setup("jump_drive").tech_slots(3).start()
    place(g, 0, TECH_BIOMASS, "F1")
    grant(g, 0, "synergy")
    syn = [i for i in items(g, 0, "advance") if i["source"] == "synergy"][0]
    assert "civ twice" in values(g, syn)
    resolve(g, 0, syn, "civ twice")
    assert g.seats[0].corp.trackers["civ"] == 2
    grant(g, 0, "synergy")
    syn = [i for i in items(g, 0, "advance") if i["source"] == "synergy"][0]
    assert not [v for v in values(g, syn) if "twice" in v]


def test_jump_drive_tech4_a_tech_icon_may_copy_like_energy():
    g = cgame("jump_drive")
    special(g)["slots"] = [4]
    g.seats[0].board.place_tile(CIV_ENERGY, 0, sq("F1"))  # civ F1 next to the tech square F2
    place(g, 0, TECH_BIOMASS, "F2")
    tech = next(i for i in items(g, 0, "advance") if "tech" in i["options"])
    assert values(g, tech) == ["civ", "biomass", "tech"]


def test_jump_drive_tech5_claims_a_whole_row_once_per_game():
    g = setup("jump_drive").tech_slots(5).trackers(civ=3).start()
    place(g, 0, ROVER_TECH, "F1")
    settle(g)
    pool = g.seats[0].pool
    resolve(g, 0, tech_item(g, 5), "civ")  # row 3: civ card, synergy, patch, 1 movement
    s = g.seats[0]
    assert s.civ_queue == [1] and items(g, 0, "patch") and s.pool == pool + 1
    assert [i for i in items(g, 0, "advance") if i["source"] == "synergy"]
    assert tech_item(g, 5) is None


def test_jump_drive_tech6_keeps_an_objective_every_player_competes_for():
    g = cgame("jump_drive", 3)
    special(g)["slots"] = [6]
    place(g, 0, TECH_BIOMASS, "F1")
    top3 = g.objective_deck[:3]
    resolve(g, 0, tech_item(g, 6), "draw")
    obj = item(g, "objective")
    assert values(g, obj) == [str(c) for c in top3]
    resolve(g, 0, obj, str(top3[1]))
    assert view_for(g, 0)["table_objectives"] == [top3[1]]
    assert view_for(g, 1)["table_objectives"] == []  # the others see it once the turn is confirmed
    res = score(g)
    for p in res["players"]:
        extra = [o for o in p["F"]["objectives"] if o["against"] is None]
        assert [o["card"] for o in extra] == [top3[1]]
    medals = sorted(o["medals"] for p in res["players"] for o in p["F"]["objectives"] if o["against"] is None)
    assert medals in ([0, 0, 5], [0, 2, 2], [2, 2, 2])
    apply(g, 0, Undo())
    assert special(g).get("table_objective") is None and g.objective_deck[:3] == top3


def test_jump_drive_tech6_in_solo_counts_the_private_side():
    g = cgame("jump_drive", 1)
    special(g)["slots"] = [6]
    special(g)["table_objective"] = g.objective_deck[0]
    names = [o["card"] for o in score(g)["players"][0]["E"]["objectives"]]
    assert names[-1] == g.objective_deck[0] and len(names) == len(g.seats[0].corp.objectives) + 1


# =========================================================================== Makeshift

def mk(g, track, col, row):
    special(g).setdefault("col", {})[track] = col
    g.seats[0].corp.trackers[track] = row


def test_makeshift_a_tracker_moves_up_straight_or_diagonally_and_claims_what_it_lands_on():
    g = cgame("makeshift")
    place(g, 0, BIOMASS_CIV, "F1")
    resolve(g, 0, advance_item(g, "civ"), "civ")
    shift = item(g, "shift", track="civ")
    assert values(g, shift) == ["civ 1", "water 1"]  # civ is the left edge
    mk(g, "civ", "water", 2)
    assert values(g, shift) == ["water 3", "civ 3", "biomass 3"]
    resolve(g, 0, shift, "biomass 3")  # the civ cube on a biomass milestone: a patch
    assert columns(special(g))["civ"] == "biomass" and g.seats[0].corp.trackers["civ"] == 3
    assert items(g, 0, "patch")


def test_makeshift_trackers_block_each_other():
    g = setup("makeshift").trackers(water=1).start()
    R.advance(g, 0, "civ", 1, source="synergy")
    assert values(g, item(g, "shift", track="civ")) == ["civ 1"]
    assert C.board_of(g, 0).regress_target(g, 0, "water") == ("water", 0)
    mk(g, "civ", "water", 0)  # a regress may not land on another tracker either
    assert C.board_of(g, 0).regress_target(g, 0, "water") is None


def test_makeshift_tech_level_comes_from_the_highest_tracker_in_the_tech_column():
    g = cgame("makeshift")
    mk(g, "tech", "rover", 9)
    assert not any(R.has_tech(g, 0, lv) for lv in range(1, 6))  # no tracker in the tech column
    mk(g, "civ", "tech", 5)
    assert [R.has_tech(g, 0, lv) for lv in range(1, 6)] == [True, True, False, False, False]


def test_makeshift_tech1_civ_and_tech_columns_are_neighbours():
    g = setup("makeshift").trackers(tech=3).start()
    R.advance(g, 0, "civ", 1, source="synergy")
    assert values(g, item(g, "shift", track="civ")) == ["civ 1", "tech 1", "water 1"]


def test_makeshift_tech2_more_movement_with_two_trackers_on_the_rover_column():
    g = setup("makeshift").trackers(tech=5, rover=3, civ=1).columns(civ="rover").start()
    quiet_turn(g)
    R.advance(g, 0, "rover", 1, source="synergy")
    resolve(g, 0, item(g, "shift", track="rover"), "rover 4")
    assert g.seats[0].pool == 3  # 2 printed + 1


def test_makeshift_tech3_sideways_shift_claims_the_space_but_never_goes_back_that_round():
    g = setup("makeshift").trackers(tech=7, civ=8).start()
    quiet_turn(g)
    R.advance(g, 0, "civ", 1, source="synergy")
    shift = item(g, "shift", track="civ")
    assert "water 8" in values(g, shift)
    resolve(g, 0, shift, "water 8")  # Makeshift water 8: synergy
    syn = [i for i in items(g, 0, "advance") if i["source"] == "synergy"][0]
    resolve(g, 0, syn, "civ")
    assert "civ 8" not in values(g, item(g, "shift", track="civ"))


def test_makeshift_tech4_regresses_a_tracker_once_per_round():
    g = setup("makeshift").trackers(tech=10, water=4).start()
    place(g, 0, TECH_BIOMASS, "F1")
    t4 = tech_item(g, 4)
    assert "water" in values(g, t4) and "civ" not in values(g, t4)
    resolve(g, 0, t4, "water")
    assert g.seats[0].corp.trackers["water"] == 3 and tech_item(g, 4) is None


def test_makeshift_scores_each_tracker_in_its_column_and_tech5_at_the_columns_highest():
    g = setup("makeshift").columns(civ="water", tech="rover").trackers(civ=3, water=9, tech=12).start()
    corp = g.seats[0].corp
    medals = track_medals("makeshift", corp.trackers, special(g))
    assert (medals["civ"], medals["water"], medals["tech"]) == (1, 3, 2)  # no tracker on tech: no tech 5
    mk(g, "rover", "tech", 14)
    medals = track_medals("makeshift", corp.trackers, special(g))
    assert (medals["civ"], medals["water"]) == (3, 3)  # D9: each column's highest tracker


def test_makeshift_the_top_of_the_rover_column_repeats_its_movement_for_tiles():
    g = setup("makeshift").trackers(rover=15).start()
    place(g, 0, ROVER_TECH, "F1")
    resolve(g, 0, advance_item(g, "rover"), "rover")
    shift = item(g, "shift", track="rover")
    assert values(g, shift) == ["rover 15"]
    resolve(g, 0, shift, "rover 15")
    assert g.seats[0].pool == 3


# =========================================================================== Oasis Ultd.

def test_oasis_the_water_path_claims_what_is_printed_on_other_columns():
    g = setup("oasis_ultd").trackers(water=1).start()
    R.advance(g, 0, "water", 1, source="synergy")  # step 2: biomass row 2, synergy
    assert [i for i in items(g, 0, "advance") if i["source"] == "synergy"]
    R.advance(g, 0, "water", 1, source="synergy")  # step 3: rover row 3, 1 movement
    assert g.seats[0].pool == 1


def test_oasis_water_advances_once_per_water_square_on_ice():
    g = cgame("oasis_ultd")
    place(g, 0, WATER_V3, "F1")
    water = advance_item(g, "water")
    assert water["times"] == 2
    resolve(g, 0, water, "water")
    assert g.seats[0].corp.trackers["water"] == 2


def test_oasis_an_occupied_space_blocks_unless_tech1_jumps_it():
    g = setup("oasis_ultd").trackers(water=1, biomass=2).start()  # the biomass cube sits on path step 2
    place(g, 0, WATER_V3, "F1")
    assert not [i for i in items(g, 0, "advance") if i["options"] == ["water"]]  # both steps lost
    g = setup("oasis_ultd").trackers(water=1, biomass=2, tech=3).start()
    place(g, 0, WATER_V3, "F1")
    resolve(g, 0, advance_item(g, "water"), "water")
    assert g.seats[0].corp.trackers["water"] == 4 and g.seats[0].pool == 1  # jumped 2, claimed 3, on 4
    g = setup("oasis_ultd").trackers(water=3, rover=2).start()  # the water cube blocks the rover cube too
    assert R.at_top(g, 0, "rover")


def test_oasis_water_scores_only_the_water_column_medals():
    for step, medal in ((9, 0), (10, 3), (14, 6), (19, 9), (23, 15)):  # D1: 9 on row 11
        assert track_medals("oasis_ultd", {**{t: 0 for t in D.TRACKS}, "water": step}, {})["water"] == medal


def test_oasis_the_water_tracker_on_the_tech_column_unlocks_techs():
    g = cgame("oasis_ultd")
    tracker_at(g, water=4)  # tech row 4 (D2)
    assert [R.has_tech(g, 0, lv) for lv in range(1, 6)] == [True, False, False, False, False]
    tracker_at(g, water=16)  # tech row 8
    assert [R.has_tech(g, 0, lv) for lv in range(1, 6)] == [True, True, True, False, False]
    tracker_at(g, water=17)
    assert not R.has_tech(g, 0, 1)


def test_oasis_tech2_start_of_round_movement_per_rover_on_water():
    sc = Scenario(players=2, corporations=["oasis_ultd", None])
    sc.seat(0).trackers(tech=5).tile(WATER_ROVER, at="F1").rovers("F1", "G1")  # water F1, rover G1
    g = sc.start()
    assert g.seats[0].pool == 1


def test_oasis_tech3_to_5_water_tiles_and_tiles_off_ice():
    g = setup("oasis_ultd").trackers(tech=7).tile(ROVER_TECH, at="E4").start()
    place(g, 0, TECH_BIOMASS, "E3")  # no ice under it
    assert advance_item(g, "water")
    g = setup("oasis_ultd").trackers(tech=14).tile(ROVER_TECH, at="E4").start()
    place(g, 0, WATER_ROVER, "E3")  # a water tile off ice: patch, synergy and tech 3's step
    assert items(g, 0, "patch") and advance_item(g, "water")
    assert [i for i in items(g, 0, "advance") if i["source"] == "synergy"]


def test_oasis_and_wormhole_an_unplaceable_final_tile_still_advances_its_resources():
    for corp, tile_id, track in (("oasis_ultd", ENERGY_WATER, "water"), ("wormhole_corp", TECH_BIOMASS, "biomass")):
        sc = Scenario(players=2, corporations=[corp, None])
        sc.seat(0).patch(*D.cells_of(D.planet("ksb-4156").grid_mask)).depot(small=tile_id)  # nothing fits
        g = sc.start()
        apply(g, 0, Pick("small"))
        assert g.seats[0].unplaced == tile_id and "unplaceable" in g.ending  # D13 / D14
        it = next(i for i in items(g, 0, "advance") if track in i["options"])
        resolve(g, 0, it, track)
        assert g.seats[0].corp.trackers[track] == 1


# =========================================================================== Republic

def test_republic_each_civ_milestone_forces_another_tracker_down():
    g = setup("republic").trackers(civ=1, water=3, rover=2, tech=3).start()
    place(g, 0, BIOMASS_CIV, "F1")
    resolve(g, 0, advance_item(g, "civ"), "civ")  # civ 2: rank 1 milestone
    reg = item(g, "civ_regress")
    assert values(g, reg) == ["water", "rover", "tech"]  # biomass is at 0
    resolve(g, 0, reg, "tech")
    assert g.seats[0].corp.trackers["tech"] == 2 and not R.has_tech(g, 0, 1)  # D11
    assert g.seats[0].civ_queue == [1]


def test_republic_the_regress_is_skipped_when_nothing_can_go_down():
    g = setup("republic").trackers(civ=1).start()
    place(g, 0, BIOMASS_CIV, "F1")
    resolve(g, 0, advance_item(g, "civ"), "civ")
    assert not items(g, 0, "civ_regress")


def test_republic_tech1_picking_a_civ_tile_gives_movement_before_placing():
    g = cgame("republic")
    tracker_at(g, tech=3, rover=4)
    g.seats[0].board.rovers = [sq("E3")]
    apply(g, 0, Pick(give(g, 0, BIOMASS_CIV)))
    assert g.seats[0].pool == 2 and Move(1, "left") in legal_actions(g, 0)
    apply(g, 0, Move(1, "left"))  # lifepod at E2, collected before the tile lands
    assert g.seats[0].corp.lifepods == 1
    apply(g, 0, Undo())
    apply(g, 0, Pick(give(g, 0, TECH_BIOMASS)))
    assert g.seats[0].pool == 0


def test_republic_tech2_a_card_of_the_next_rank_joins_the_choice():
    g = setup("republic").trackers(civ=1, tech=5, water=2).start()
    place(g, 0, BIOMASS_CIV, "F1")
    settle(g)
    apply(g, 0, Confirm())
    place(g, 1, TECH_BIOMASS, "F1")
    finish_turn(g, 1)
    assert g.phase == "civ" and g.active == 0
    civ = item(g, "civ")
    rank1 = list(g.civ_piles["1"])
    assert civ["extra"] in g.civ_piles["2"] and values(g, civ) == [str(c) for c in rank1] + [str(civ["extra"])]
    resolve(g, 0, civ, str(civ["extra"]))
    assert civ["extra"] in g.seats[0].corp.civ_cards and g.civ_piles["1"] == rank1


def test_republic_tech3_teleports_between_civ_resources():
    sc = Scenario(players=2, corporations=["republic", None])
    sc.seat(0).trackers(tech=7).tile(CIV_ENERGY, at="F1").rovers("F1")
    sc.seat(0).tile(BIOMASS_CIV, at="H2")  # civ icon on I2
    sc.seat(0).tile(2, at="H4")  # energy H4, civ icon I4, plain civ terrain J4
    g = sc.start()
    b = g.seats[0].board
    place(g, 0, CIV_ENERGY, "F2")  # civ icons on F1 and F2
    grant(g, 0, "move 1")
    t3 = tech_item(g, 3)
    assert values(g, t3) == ["1 F2", "1 I2", "1 I4"]  # D8: resource icons only, not J4
    resolve(g, 0, t3, "1 I2")
    assert b.rovers == [sq("I2")] and g.seats[0].pool == 0


def test_republic_tech4_a_civ_milestone_brings_a_synergy():
    g = setup("republic").trackers(civ=1, tech=10).start()
    place(g, 0, BIOMASS_CIV, "F1")
    resolve(g, 0, advance_item(g, "civ"), "civ")
    assert [i for i in items(g, 0, "advance") if i["source"] == "synergy"]


def test_republic_tech5_keeps_two_of_the_remaining_civ_cards_at_game_end():
    sc = Scenario(players=2, corporations=["republic", None])
    sc.seat(0).trackers(tech=14)
    g = sc.start(step="final")
    assert g.phase == "final" and g.active == 0
    keep = item(g, "keep_civ")
    left = sorted(c for p in g.civ_piles.values() for c in p)
    assert keep["count"] == 2 and values(g, keep) == [str(c) for c in left]
    end_cards = [c for c in left if D.civ_card(c).timing == "end_game"]
    resolve(g, 0, keep, str(end_cards[0]))
    resolve(g, 0, keep, str(end_cards[1]))
    assert not items(g, 0, "keep_civ") and set(end_cards[:2]) <= set(g.seats[0].corp.civ_cards)


# =========================================================================== Wormhole Corp

def test_wormhole_a_biomass_icon_advances_only_when_the_tile_grows_a_biomass_area():
    g = cgame("wormhole_corp")
    place(g, 0, TECH_BIOMASS, "F1")  # the first biomass area
    assert [i["options"] for i in items(g, 0, "advance")] == [["tech"]]
    g = setup("wormhole_corp").tile(TECH_BIOMASS, at="F1").start()  # biomass on G1
    place(g, 0, BIOMASS_CIV, "G2")  # biomass G2 touches G1
    assert advance_item(g, "biomass")


def test_wormhole_energy_never_advances_biomass():
    g = setup("wormhole_corp").tile(TECH_BIOMASS, at="E2").start()  # biomass on F2
    place(g, 0, ENERGY_WATER, "F1")  # energy F1 touches biomass F2
    energy = next(i for i in items(g, 0, "advance") if i["source"] == "energy")
    assert "biomass" not in values(g, energy)


def test_wormhole_each_biomass_level_offers_one_of_two_benefits():
    g = cgame("wormhole_corp")
    quiet_turn(g, tile_id=ROVER_TECH)
    R.advance(g, 0, "biomass", 1, source="synergy")
    choose = item(g, "choose")
    assert values(g, choose) == ["synergy", "patch"]
    resolve(g, 0, choose, "patch")
    assert items(g, 0, "patch")
    R.advance(g, 0, "biomass", 1, source="synergy")
    choose = item(g, "choose")
    assert values(g, choose) == ["advance civ", "patch"]
    resolve(g, 0, choose, "advance civ")
    assert g.seats[0].corp.trackers["civ"] == 1
    assert [track_medals("wormhole_corp", {**{t: 0 for t in D.TRACKS}, "biomass": lv}, {})["biomass"]
            for lv in range(6)] == [0, 0, 1, 2, 3, 5]


def test_wormhole_tech1_resets_the_biomass_tracker_from_the_top():
    g = setup("wormhole_corp").trackers(tech=3, biomass=4).start()
    place(g, 0, ROVER_TECH, "F1")
    assert tech_item(g, 1) is None
    grant(g, 0, "synergy")
    resolve(g, 0, next(i for i in items(g, 0, "advance") if i["source"] == "synergy"), "biomass")
    assert g.seats[0].corp.trackers["biomass"] == 5
    resolve(g, 0, tech_item(g, 1), "reset")
    assert g.seats[0].corp.trackers["biomass"] == 0


def test_wormhole_tech2_patches_may_cover_tiles_but_not_meteorites():
    g = setup("wormhole_corp").trackers(tech=5).start()
    place(g, 0, ROVER_TECH_METEOR, "F1")  # rover icon F1, meteorite on G1
    R.gain_patch(g, 0)
    patch = item(g, "patch")
    assert "F1" in values(g, patch) and "G1" not in values(g, patch)
    resolve(g, 0, patch, "F1")
    b = g.seats[0].board
    assert b.terrain[sq("F1")] == "biomass" and b.symbol[sq("F1")] is None


def test_wormhole_tech3_doubles_the_first_patch_of_each_round():
    g = setup("wormhole_corp").trackers(tech=7).start()
    R.gain_patch(g, 0)
    assert len(items(g, 0, "patch")) == 2
    R.gain_patch(g, 0)
    assert len(items(g, 0, "patch")) == 3


def test_wormhole_tech4_stores_and_tech5_destroys_meteorites_with_patches():
    g = cgame("wormhole_corp")
    tracker_at(g, tech=10)
    place(g, 0, ROVER_TECH_METEOR, "F1")
    R.gain_patch(g, 0)
    patch = item(g, "patch")
    assert "store" in values(g, patch) and "G1" not in values(g, patch)
    tracker_at(g, tech=14)
    assert "G1" not in values(g, patch)  # D16 (revised): tech 5 works at the end of the game only


def test_wormhole_tech5_works_with_patches_stored_for_the_end_of_the_game():
    sc = Scenario(players=2, corporations=["wormhole_corp", None])
    sc.seat(0).trackers(tech=14).tile(ROVER_TECH_METEOR, at="F1").stored_patches(1)  # meteorite on G1
    g = sc.start(step="final")
    assert g.phase == "final" and g.active == 0
    patch = item(g, "patch")
    assert "G1" in values(g, patch) and "store" not in values(g, patch)  # D16
    resolve(g, 0, patch, "G1")
    assert g.seats[0].board.meteorites == [] and g.seats[0].corp.meteorites == 0


# =========================================================================== random games

def _play(corps: list[str], seed: int, deep_every: int = 9):
    g = new_game(make_config(len(corps), corporations=corps), seed)
    rng = random.Random(seed)
    steps = 0
    while g.phase != "over":
        acting = to_act(g)
        assert acting
        seat = rng.choice(acting)
        actions = legal_actions(g, seat)
        assert actions
        if steps % deep_every == 0:  # every listed action really applies
            text = dump(g)
            for a in rng.sample(actions, min(len(actions), 8)):
                apply(load(text), seat, a)
        for it in g.seats[seat].pending:  # every choice reads as words
            assert R.describe_item(it) != it["kind"]
        if steps % deep_every == 0:
            view_for(g, seat)
        choices: list[Action] = [a for a in actions if not isinstance(a, Undo)] or actions
        if len(choices) < len(actions) and rng.random() < 0.03:
            choices = [Undo()]
        a = rng.choice(choices)
        assert parse(str(a)) == a
        apply(g, seat, a)
        text = dump(g)
        assert dump(load(text)) == text
        steps += 1
        assert steps < 20000
    return g


@pytest.mark.parametrize("corp", [c for c in SUPPORTED_CORPORATIONS if c != "universal_coalition"])
def test_random_games_with_each_corporation_finish_with_consistent_scores(corp):
    others = [c for c in SUPPORTED_CORPORATIONS if c != corp]
    for seed, corps in ((11, [corp]), (12, [corp, corp]), (13, [corp, others[1], others[5]])):
        g = _play(corps, seed)
        assert all(not legal_actions(g, s) for s in range(len(corps)))
        for p in g.result["players"]:
            parts = [p[k]["total"] for k in "ABCDEF"]
            assert all(x >= 0 for x in parts) and p["total"] == sum(parts)
        # solo games always play the event deck: their result adds the solo target (p.10)
        assert {k: v for k, v in g.result.items() if k != "solo"} == score(g)
        assert ("solo" in g.result) == (len(corps) == 1)
