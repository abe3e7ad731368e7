"""Civ cards (cards.md sections 2 and 5, RULINGS R4, C1, C7, S1): every one of the 36 cards.

Each card is taken through the real flow: positions are built with engine/scenario.py, the
seat reached the card's civ milestone during its turn, every player confirmed, and in the civ
step the seat chooses the card from the pile (``helpers_cards.take_card``). The effects are then settled with ``Resolve`` / ``Move``
actions exactly as a player would, and the test checks tracker positions, benefits claimed,
pieces collected or destroyed and the options the player is offered.
"""
from __future__ import annotations

import pytest

import engine.data as D
from engine import IllegalAction, NotYourTurn, apply, legal_actions, score, to_act, view_for
from engine.actions import Confirm, Move, Pick, Place, Resolve
from engine.board import placement_mask
from engine.rules import seat_depot

from .helpers_cards import TRACKS, items, lay, names, new, only, settle, sq, take_card, tile_id, values

FAMILIES = [("civ", "energy"), ("energy", "water"), ("rover", "tech"), ("tech", "biomass"), ("water", "rover"),
            ("biomass", "civ")]

# Every card and the test(s) that check its effect.
COVERED = {
    1: "two_different", 11: "two_different", 10: "three_different", 19: "three_different",
    2: "dept_of_operations", 3: "patches", 12: "patches", 26: "patches", 4: "dept_of_engineering",
    5: "extra_tile", 16: "extra_tile", 17: "landing_zone", 13: "collect_lifepods", 18: "collect_lifepods",
    14: "relocation_bonus", 25: "meteor_defense", 21: "unionization",
    6: "medal_card", 7: "medal_card", 8: "medal_card", 9: "medal_card", 15: "medal_card", 20: "medal_card",
    27: "medal_card", 23: "final_advance", 24: "final_advance", 22: "sustainable_living", 28: "space_citizen",
    29: "meteorite_repo", 30: "meteorite_repo", 31: "meteorite_repo", 32: "meteorite_repo",
    33: "commerce", 34: "commerce", 35: "commerce", 36: "commerce",
}


def test_every_card_has_a_test():
    assert sorted(COVERED) == sorted(D.civ_cards()) == list(range(1, 37))
    assert [len([c for c in D.civ_cards().values() if c.rank == r]) for r in (1, 2, 3, 4)] == [9, 9, 9, 9]


def trackers(state, seat=0) -> dict:
    return dict(state.seats[seat].corp.trackers)


def still_choosing(state, seat=0) -> bool:
    return state.phase == "civ" and state.active == seat


def round_tile(sc, seat, tid, spec) -> None:
    """The tile the seat placed last (new rovers go on it, p.6): the newest on its planet."""
    lay(sc.seat(seat), tid, spec)


def meteor_at(sc, family: int, meteor_sq: str, other_sq: str) -> None:
    """A meteor domino on seat 0's planet whose meteorite lands on ``meteor_sq``."""
    lay(sc.seat(0), tile_id("I2", *FAMILIES[family], meteor=True), f"{meteor_sq}! {other_sq}")
    assert D.parse_cell(meteor_sq) in sc.start().seats[0].board.meteorites


# --------------------------------------------------------------------------- advance two / three different


@pytest.mark.parametrize("card,civ,rank", [(1, 5, 2), (11, 9, 3)], ids=["temp_agency", "wage_increase"])
def test_two_different_trackers_with_benefits(card, civ, rank):
    state = take_card(new(2), 0, card, civ=civ, water=2, biomass=4, rover=6, tech=1)
    item = only(state, 0, "advance")
    assert item["picks"] == 2
    assert values(state, 0, item) == list(TRACKS)

    settle(state, 0, item, "civ")  # next civ milestone: its card is chosen now (civ step)
    assert trackers(state)["civ"] == civ + 1
    civ_item = only(state, 0, "civ")
    assert civ_item["rank"] == rank
    assert values(state, 0, civ_item) == [str(c) for c in state.civ_piles[str(rank)]]
    assert values(state, 0, item) == ["water", "biomass", "rover", "tech"]  # civ cannot be picked twice
    with pytest.raises(IllegalAction):
        settle(state, 0, item, "civ")

    settle(state, 0, item, "water")  # water 2 -> 3: synergy boost
    assert trackers(state) == {"civ": civ + 1, "water": 3, "biomass": 4, "rover": 6, "tech": 1}
    assert item not in state.seats[0].pending
    synergy = only(state, 0, "advance")
    assert synergy["source"] == "synergy" and synergy.get("picks", 1) == 1
    assert values(state, 0, synergy) == list(TRACKS)
    settle(state, 0, synergy, "civ")  # a synergy may go on a tracker the card already moved
    assert trackers(state)["civ"] == civ + 2


@pytest.mark.parametrize("card", [1, 11, 10, 19])
def test_tracker_at_top_cannot_be_picked_except_rover(card):
    state = take_card(new(2), 0, card, civ=15, water=15, biomass=3, rover=15, tech=6)
    item = only(state, 0, "advance")
    assert values(state, 0, item) == ["biomass", "rover", "tech"]
    with pytest.raises(IllegalAction):
        settle(state, 0, item, "water")
    settle(state, 0, item, "tech")
    settle(state, 0, item, "biomass")
    assert trackers(state) == {"civ": 15, "water": 15, "biomass": 4, "rover": 15, "tech": 7}


@pytest.mark.parametrize("card", [1, 11, 10, 19])
def test_fewer_movable_trackers_than_picks_moves_those_that_can(card):
    sc = new(2)
    sc.seat(0).rovers("D4")  # a rover to spend the movement on
    state = take_card(sc, 0, card, civ=15, water=15, biomass=15, rover=3, tech=15)
    item = only(state, 0, "advance")
    assert values(state, 0, item) == ["rover"]
    settle(state, 0, item, "rover")  # rover 3 -> 4: 2 movement, +1 from UC tech 3 (tech at 15)
    assert trackers(state)["rover"] == 4
    assert not items(state, 0, "advance")  # nothing else can move: the card is done
    assert state.seats[0].pool == 3


@pytest.mark.parametrize("card", [10, 19], ids=["new_angel_investors", "partnership_opportunity"])
def test_three_different_trackers_with_benefits(card):
    sc = new(2)
    round_tile(sc, 0, tile_id("I2", "water", "rover"), "F4 F5")
    state = take_card(sc, 0, card, civ=10, water=0, biomass=2, rover=0, tech=4)
    item = only(state, 0, "advance")
    assert item["picks"] == 3 and values(state, 0, item) == list(TRACKS)
    settle(state, 0, item, "biomass")  # 2 -> 3: biomass patch
    settle(state, 0, item, "tech")  # 4 -> 5: tech 2 (store patches) comes on
    assert values(state, 0, item) == ["civ", "water", "rover"]
    for again in ("biomass", "tech"):
        with pytest.raises(IllegalAction):
            settle(state, 0, item, again)
    settle(state, 0, item, "rover")  # 0 -> 1: a new rover on the tile placed this round
    assert trackers(state) == {"civ": 10, "water": 0, "biomass": 3, "rover": 1, "tech": 5}
    assert not items(state, 0, "advance")
    assert "store" in values(state, 0, only(state, 0, "patch"))
    rover = only(state, 0, "rover")
    assert values(state, 0, rover) == ["F4", "F5"]
    settle(state, 0, rover, "F5")
    assert state.seats[0].board.rovers == [sq("F5")] and state.seats[0].corp.rover_supply == 1


# --------------------------------------------------------------------------- Dept of Operations


def test_dept_of_operations_one_tracker_two_steps_both_claimed():
    state = take_card(new(2), 0, 2, civ=3, water=5, biomass=1, rover=2, tech=15)
    item = only(state, 0, "advance")
    assert item["picks"] == 1 and item["times"] == 2
    assert values(state, 0, item) == ["civ", "water", "biomass", "rover"]  # tech is at the top
    settle(state, 0, item, "biomass")  # 1 -> 2 (synergy) -> 3 (patch)
    assert trackers(state)["biomass"] == 3
    assert trackers(state)["civ"] == 3 and trackers(state)["water"] == 5
    assert only(state, 0, "advance")["source"] == "synergy"
    assert only(state, 0, "patch")


def test_dept_of_operations_on_rover_gains_both_movements():
    sc = new(2)
    sc.seat(0).rovers("D4")
    state = take_card(sc, 0, 2, rover=3)
    settle(state, 0, only(state, 0, "advance"), "rover")  # 3 -> 4 (2 moves) -> 5 (2 moves)
    assert trackers(state)["rover"] == 5
    assert state.seats[0].pool == 4


def test_dept_of_operations_stops_at_the_top():
    state = take_card(new(2), 0, 2, civ=14)
    settle(state, 0, only(state, 0, "advance"), "civ")
    assert trackers(state)["civ"] == 15


# --------------------------------------------------------------------------- biomass patches


@pytest.mark.parametrize("card,count", [(3, 1), (12, 2), (26, 3)],
                         ids=["natural_resources", "parks_and_rec", "global_parks"])
def test_patch_cards_place_patches_by_adjacency(card, count):
    sc = new(2)
    round_tile(sc, 0, tile_id("I2", "civ", "energy"), "A6 A7")
    state = take_card(sc, 0, card, tech=2)  # below UC tech 1 (3, no adjacency) and tech 2 (5, store)
    pend = items(state, 0, "patch")
    assert len(pend) == count
    # only squares touching A6/A7 along a side: B6 and B7 (the rest of row A is not planet)
    assert values(state, 0, pend[0]) == ["B6", "B7"]
    settle(state, 0, pend[0], "B6")
    if count > 1:
        nxt = items(state, 0, "patch")[0]
        assert values(state, 0, nxt) == ["B5", "B7", "C6"]  # B6 now counts for adjacency
        with pytest.raises(IllegalAction):
            settle(state, 0, nxt, "D6")
        with pytest.raises(IllegalAction):
            settle(state, 0, nxt, "store")
        settle(state, 0, nxt, "C6")
    if count > 2:
        settle(state, 0, items(state, 0, "patch")[0], "D6")
    placed = ["B6", "C6", "D6"][:count]
    assert names(state.seats[0].board.patches) == placed
    assert state.seats[0].corp.stored_patches == 0
    assert not still_choosing(state)


@pytest.mark.parametrize("card,count", [(3, 1), (12, 2), (26, 3)],
                         ids=["natural_resources", "parks_and_rec", "global_parks"])
def test_patch_cards_may_store_with_uc_tech_2(card, count):
    sc = new(2)
    round_tile(sc, 0, tile_id("I2", "civ", "energy"), "A6 A7")
    state = take_card(sc, 0, card, tech=5)
    pend = items(state, 0, "patch")
    assert len(pend) == count
    vals = values(state, 0, pend[0])
    assert vals[-1] == "store" and "B6" in vals
    for it in pend:
        settle(state, 0, it, "store")
    assert state.seats[0].corp.stored_patches == count
    assert state.seats[0].board.patches == []


@pytest.mark.parametrize("tech", [3, 4])
def test_patch_cards_without_uc_tech_2_cannot_store(tech):
    sc = new(2)
    round_tile(sc, 0, tile_id("I2", "civ", "energy"), "A6 A7")
    state = take_card(sc, 0, 3, tech=tech)
    item = only(state, 0, "patch")
    assert "store" not in values(state, 0, item)
    with pytest.raises(IllegalAction):
        settle(state, 0, item, "store")


def test_patch_card_on_an_empty_planet_goes_on_an_edge_square():
    state = take_card(new(2), 0, 3)
    vals = values(state, 0, only(state, 0, "patch"))
    assert vals == names(D.cells_of(D.planet("ksb-4156").edge_mask))


# --------------------------------------------------------------------------- Dept of Engineering


@pytest.mark.parametrize("tech,movement", [(0, 4), (6, 4), (7, 5), (15, 5)])
def test_dept_of_engineering_movement(tech, movement):
    """4 rover movement; Universal Coalition tech 3 (tech tracker 7+) adds 1 (RULINGS C1)."""
    sc = new(2)
    lay(sc.seat(0), tile_id("I2", "civ", "energy"), "H4 H5").rovers("H4", supply=1)
    state = take_card(sc, 0, 4, tech=tech)
    b = state.seats[0].board
    assert state.seats[0].pool == movement
    assert still_choosing(state)
    assert Move(1, "left") in legal_actions(state, 0)
    path = ["left", "up", "up", "up", "left"][:movement]  # H3 (lifepod), G3, F3, E3, E2 (lifepod)
    for step in path:
        assert still_choosing(state)
        apply(state, 0, Move(1, step))
    assert not still_choosing(state)  # movement spent: the civ step is over
    assert b.rovers == [sq("E3" if movement == 4 else "E2")]
    assert state.seats[0].corp.lifepods == (1 if movement == 4 else 2)
    assert sq("H3") not in b.lifepods


def test_dept_of_engineering_movement_may_be_split_between_rovers():
    sc = new(2)
    lay(sc.seat(0), tile_id("I4", "civ", "energy"), "H4 H5 H6 H7").rovers("H4", "H7", supply=0)
    state = take_card(sc, 0, 4)
    b = state.seats[0].board
    for rover, step in ((1, "left"), (2, "down"), (1, "up"), (2, "down")):
        apply(state, 0, Move(rover, step))
    assert b.rovers == [sq("G3"), sq("J7")]
    assert state.seats[0].corp.lifepods == 1  # H3
    assert not still_choosing(state)


def test_dept_of_engineering_unspent_movement_is_lost_on_confirm():
    sc = new(2)
    lay(sc.seat(0), tile_id("I2", "civ", "energy"), "H4 H5").rovers("H4")
    state = take_card(sc, 0, 4)
    b = state.seats[0].board
    apply(state, 0, Move(1, "right"))
    apply(state, 0, Confirm())
    assert not still_choosing(state)
    assert b.rovers == [sq("H5")]
    assert state.seats[0].pool == 0


def test_dept_of_engineering_without_a_rover_on_the_planet_ends_the_step_by_itself():
    state = take_card(new(2), 0, 4)
    assert not still_choosing(state)  # the movement has nothing to move: nothing to ask
    assert state.phase == "turns" and state.seats[0].pool == 0  # the next round has begun


# --------------------------------------------------------------------------- extra tile


WATER_ROVER_METEOR = next(t.id for t in D.tiles().values() if t.ring == "small" and t.has_meteor
                          and (t.terrain_a, t.terrain_b) == ("water", "rover"))


def _extra_tile_setup(sc):
    """Seat 0 placed E7-E10 this round; its small stack now shows a water/rover tile with a
    meteor. Returns that tile."""
    round_tile(sc, 0, tile_id("I4", "civ", "energy"), "E7 E8 E9 E10")
    sc.seat(0).depot(small=WATER_ROVER_METEOR)
    return WATER_ROVER_METEOR


def _depot_stack(state, kind):
    """The station stack of that size facing seat 0 now."""
    return state.station[kind][seat_depot(state, 0)[kind]]


def _water_on_ice_place(state, tid):
    """A legal placement (from legal_actions) whose water square covers ice, with the squares
    it covers and the square of its meteor symbol."""
    planet = state.seats[0].board.planet
    for a in legal_actions(state, 0):
        if not isinstance(a, Place):
            continue
        o = D.tile(tid).orientations[a.orient]
        ar, ac = divmod(a.anchor, 12)
        cells = {(ar + c.dr) * 12 + ac + c.dc: c for c in o.cells}
        if any(c.terrain == "water" and planet.is_ice(cell) for cell, c in cells.items()):
            meteor = next(cell for cell, c in cells.items() if c.meteor)
            return a, sorted(cells), meteor
    raise AssertionError("no placement with water on ice")


@pytest.mark.parametrize("card,advances", [(5, False), (16, True)], ids=["salvage_yard", "depot_repair_online"])
def test_extra_tile_from_own_depot(card, advances):
    sc = new(2)
    tid = _extra_tile_setup(sc)
    state = take_card(sc, 0, card, civ=10)
    before = trackers(sc.start())  # the position as built, before the civ step
    pile = _depot_stack(state, "small")
    assert pile[-1] == tid
    depth = len(pile)
    item = only(state, 0, "extra_tile")
    assert sorted(values(state, 0, item)) == ["large", "small"]
    settle(state, 0, item, "small")
    assert len(pile) == depth - 1
    assert state.seats[0].hand == tid
    place, cells, meteor = _water_on_ice_place(state, tid)
    # normal placement rules: it must touch a placed tile
    far = next(p for p in state.seats[0].board.legal_placements(tid, ignore_adjacency=True)
               if Place(p.anchor, p.orient) not in legal_actions(state, 0))
    with pytest.raises(IllegalAction):
        apply(state, 0, Place(far.anchor, far.orient))
    apply(state, 0, place)
    b = state.seats[0].board
    assert b.tiles[-1][0] == tid
    assert placement_mask(tid, place.orient, place.anchor) == D.mask_of(cells)
    assert b.meteorites == [meteor]  # its meteor lands either way
    if not advances:
        assert trackers(state) == before
        assert not state.seats[0].pending
        assert not still_choosing(state)
        return
    # Depot Repair Online: water (on ice) and rover advance as for a placed tile
    adv = items(state, 0, "advance")
    assert sorted(i["options"][0] for i in adv) == ["rover", "water"]
    for i in adv:
        settle(state, 0, i, i["options"][0])
    assert trackers(state) == {**before, "water": 1, "rover": 1}
    rover = only(state, 0, "rover")  # rover milestone: the new rover goes on this extra tile
    assert values(state, 0, rover) == names(cells)
    target = next(c for c in cells if c != meteor)
    settle(state, 0, rover, D.cell_name(target))
    assert b.rovers == [target]


@pytest.mark.parametrize("tech,water,meteorites", [(10, 2, 1), (14, 2, 0), (9, 1, 1)])
def test_depot_repair_with_uc_techs(tech, water, meteorites):
    """UC tech 4 (tech 10+): water from a placed tile on ice advances twice; UC tech 5 (14+):
    no meteorite lands."""
    sc = new(2)
    tid = _extra_tile_setup(sc)
    state = take_card(sc, 0, 16, civ=10, tech=tech, rover=3)
    settle(state, 0, only(state, 0, "extra_tile"), "small")
    place, _cells, _meteor = _water_on_ice_place(state, tid)
    apply(state, 0, place)
    settle(state, 0, next(i for i in items(state, 0, "advance") if i["options"] == ["water"]), "water")
    assert trackers(state)["water"] == water
    assert len(state.seats[0].board.meteorites) == meteorites


def test_extra_tile_offers_only_stacks_whose_tile_fits():
    sc = new(2)
    _extra_tile_setup(sc)
    sc.seat(0).depot(large="empty")  # the large stack is empty
    state = take_card(sc, 0, 5)
    assert _depot_stack(state, "large") == []
    assert values(state, 0, only(state, 0, "extra_tile")) == ["small"]


# --------------------------------------------------------------------------- meteorites


def _four_meteorites(sc):
    meteor_at(sc, 0, "F3", "F4")
    meteor_at(sc, 1, "F8", "F9")
    meteor_at(sc, 2, "J3", "J4")
    meteor_at(sc, 3, "D9", "D10")


@pytest.mark.parametrize("line,gone", [("row F", ["F3", "F8"]), ("col 3", ["F3", "J3"]), ("row D", ["D9"])])
def test_landing_zone_destroys_a_row_or_column(line, gone):
    sc = new(2)
    _four_meteorites(sc)
    state = take_card(sc, 0, 17)
    b = state.seats[0].board
    item = only(state, 0, "line")
    assert values(state, 0, item) == ["row D", "row F", "row J", "col 3", "col 8", "col 9"]
    with pytest.raises(IllegalAction):
        settle(state, 0, item, "row E")  # no meteorite there
    settle(state, 0, item, line)
    assert names(b.meteorites) == sorted({"F3", "F8", "J3", "D9"} - set(gone), key=sq)
    assert state.seats[0].corp.meteorites == 0  # destroyed, not collected


def test_landing_zone_without_meteorites_does_nothing():
    state = take_card(new(2), 0, 17)
    assert not still_choosing(state)
    assert state.seats[0].corp.civ_cards == [17]


def test_meteor_defense_destroys_three_of_your_choice():
    sc = new(2)
    _four_meteorites(sc)
    meteor_at(sc, 4, "H8", "H9")
    state = take_card(sc, 0, 25)
    b = state.seats[0].board
    item = only(state, 0, "destroy")
    assert values(state, 0, item) == ["D9", "F3", "F8", "H8", "J3"]
    for name in ("F8", "J3", "H8"):
        settle(state, 0, item, name)
    assert names(b.meteorites) == ["D9", "F3"]
    assert state.seats[0].corp.meteorites == 0
    assert not still_choosing(state)


@pytest.mark.parametrize("count", [0, 2, 3])
def test_meteor_defense_with_three_or_fewer_destroys_them_all(count):
    sc = new(2)
    for fam, (m, o) in enumerate([("F3", "F4"), ("F8", "F9"), ("J3", "J4")][:count]):
        meteor_at(sc, fam, m, o)
    state = take_card(sc, 0, 25)
    b = state.seats[0].board
    assert b.meteorites == []
    assert state.seats[0].corp.meteorites == 0
    assert not still_choosing(state)


# --------------------------------------------------------------------------- lifepods


@pytest.mark.parametrize("card,count", [(13, 2), (18, 3)], ids=["approved_overtime", "search_and_rescue"])
def test_collect_lifepods_of_your_choice(card, count):
    state = take_card(new(2), 0, card)
    b = state.seats[0].board
    assert names(new(2).start().seats[0].board.lifepods) == ["C8", "E2", "E11", "H3", "I9", "J6"]
    item = only(state, 0, "collect")
    assert values(state, 0, item) == ["C8", "E2", "E11", "H3", "I9", "J6"]
    chosen = ["J6", "C8", "E11"][:count]
    for name in chosen:
        settle(state, 0, item, name)
    assert state.seats[0].corp.lifepods == count
    assert names(b.lifepods) == [n for n in ["C8", "E2", "E11", "H3", "I9", "J6"] if n not in chosen]
    assert not still_choosing(state)


@pytest.mark.parametrize("card,count", [(13, 2), (18, 3)], ids=["approved_overtime", "search_and_rescue"])
@pytest.mark.parametrize("left", [0, 1, 2])
def test_collect_lifepods_automatic_when_no_more_than_the_card_says(card, count, left):
    sc = new(2)
    sc.seat(0).lifepods(*["E2", "I9"][:left])
    state = take_card(sc, 0, card)
    b = state.seats[0].board
    assert state.seats[0].corp.lifepods == left
    assert b.lifepods == []
    assert not still_choosing(state)


def test_relocation_bonus_teleport_collects_a_lifepod():
    sc = new(2)
    lay(sc.seat(0), tile_id("I2", "civ", "energy"), "F4 F5").rovers("F4", None)
    state = take_card(sc, 0, 14)
    b = state.seats[0].board
    assert state.seats[0].corp.rover_supply == 0
    item = only(state, 0, "teleport")
    vals = values(state, 0, item)
    assert len(vals) == 95  # every grid square but the rover's own
    assert all(v.startswith("1 ") for v in vals)  # rover 2 is not on the planet
    assert "1 F4" not in vals and "1 A1" not in vals and "1 E2" in vals and "1 F5" in vals
    settle(state, 0, item, "1 E2")
    assert b.rovers == [sq("E2"), None]
    assert state.seats[0].corp.lifepods == 1
    assert sq("E2") not in b.lifepods


def test_relocation_bonus_teleport_collects_a_meteorite():
    sc = new(2)
    lay(sc.seat(0), tile_id("I2", "civ", "energy"), "F4 F5").rovers("F4")
    meteor_at(sc, 1, "D9", "D10")
    state = take_card(sc, 0, 14)
    b = state.seats[0].board
    settle(state, 0, only(state, 0, "teleport"), "1 D9")
    assert b.rovers == [sq("D9")]
    assert state.seats[0].corp.meteorites == 1
    assert b.meteorites == []


def test_relocation_bonus_without_a_rover_on_the_planet_does_nothing():
    state = take_card(new(2), 0, 14)
    assert not still_choosing(state)


# --------------------------------------------------------------------------- Unionization


def test_unionization_moves_every_low_tracker_to_5():
    sc = new(2)
    round_tile(sc, 0, tile_id("I2", "water", "rover"), "F4 F5")
    state = take_card(sc, 0, 21, civ=10, water=0, biomass=1, rover=0, tech=4)
    assert trackers(state) == {"civ": 10, "water": 5, "biomass": 5, "rover": 5, "tech": 5}
    pend = state.seats[0].pending
    # biomass 3: patch; rover 1: new rover. Synergies (water 3, biomass 2, tech 2) are
    # skipped; civ (rank 3 card: 10 or more) stays where it is.
    assert sorted(i["kind"] for i in pend) == ["patch", "rover"]
    assert state.seats[0].pool == 1 + 1 + 2 + 2  # rover spaces 2, 3, 4, 5
    assert "store" in values(state, 0, only(state, 0, "patch"))  # tech 5: UC tech 2 on
    assert values(state, 0, only(state, 0, "rover")) == ["F4", "F5"]


def test_unionization_with_uc_tech_3_adds_one_to_each_movement_gain():
    sc = new(2)
    sc.seat(0).rovers("D4", supply=0)  # on the planet already, none left to add
    state = take_card(sc, 0, 21, civ=12, water=5, biomass=9, rover=0, tech=8)
    assert trackers(state) == {"civ": 12, "water": 5, "biomass": 9, "rover": 5, "tech": 8}
    assert state.seats[0].pending == []  # rover milestone with no rover left: lost
    assert state.seats[0].pool == (1 + 1) + (1 + 1) + (2 + 1) + (2 + 1)


# --------------------------------------------------------------------------- end-game cards

MEDAL_CARDS = {6: 1, 7: 2, 8: 1, 9: 2, 15: 2, 20: 3, 27: 4}


@pytest.mark.parametrize("card,medals", sorted(MEDAL_CARDS.items()))
def test_end_game_medal_cards(card, medals):
    sc = new(2)
    state = take_card(sc, 0, card, civ=14, water=3)
    before = trackers(sc.start())  # the position as built, before the civ step
    assert not still_choosing(state)  # nothing happens now
    assert trackers(state) == before and state.seats[0].corp.civ_cards == [card]
    d = score(state)["players"][0]["D"]
    assert d["total"] == medals
    assert [(c["card"], c["medals"]) for c in d["cards"]] == [(card, medals)]
    # end-game cards stay hidden from the other players
    other = view_for(state, 1)["seats"][0]["corp"]
    assert other["civ_cards"] == [] and other["hidden_civ_cards"] == 1
    assert view_for(state, 0)["seats"][0]["corp"]["civ_cards"] == [card]


@pytest.mark.parametrize("card,medals", [(23, 2), (24, 3)], ids=["gaming_commission", "planet_lottery"])
def test_final_step_tracker_advance_then_scoring(card, medals):
    sc = new(2).last_round("unplaceable")  # the game ends after this round
    state = take_card(sc, 0, card, civ=1, water=3, biomass=0, rover=15, tech=15)
    assert not still_choosing(state)
    assert trackers(state)["water"] == 3  # nothing moves when the card is taken
    # every seat confirmed before the civ step: the final step begins once the card is taken
    assert state.phase == "final" and state.active == 0 and to_act(state) == [0]
    item = only(state, 0, "advance")
    assert values(state, 0, item) == ["civ", "water", "biomass", "rover"]  # tech at the top
    settle(state, 0, item, "water")  # 3 (medal 1) -> 4 (medal 2)
    assert state.phase == "over"
    p0 = state.result["players"][0]
    assert p0["B"]["water"] == 2
    assert [(c["card"], c["medals"]) for c in p0["D"]["cards"]] == [(card, medals)]
    assert p0["D"]["total"] == medals


def test_end_game_card_taken_in_the_last_round_still_advances_in_the_final_step():
    sc = new(2).last_round("unplaceable").civ_in_pile(24)
    sc.seat(0).trackers(water=3, civ=14).civ_milestone(4)
    state = sc.start(step="civ")
    assert state.phase == "civ"
    settle(state, 0, only(state, 0, "civ"), "24")
    assert state.phase == "final" and state.active == 0
    settle(state, 0, only(state, 0, "advance"), "water")
    assert state.phase == "over"
    p0 = state.result["players"][0]
    assert p0["D"]["total"] == 3 and p0["B"]["water"] == 2


@pytest.mark.parametrize("card", [23, 24])
def test_final_step_advance_claims_its_benefits(card):
    state = take_card(new(2).last_round("unplaceable"), 0, card, water=2, biomass=0)
    assert state.phase == "final"
    settle(state, 0, only(state, 0, "advance"), "water")  # 2 -> 3: synergy boost
    assert state.phase == "final"
    synergy = only(state, 0, "advance")
    assert synergy["source"] == "synergy"
    settle(state, 0, synergy, "biomass")  # 0 -> 1
    assert state.phase == "over"
    assert trackers(state)["water"] == 3 and trackers(state)["biomass"] == 1


def test_final_step_runs_in_seat_order_from_the_commander():
    sc = new(3, commander=2).last_round("unplaceable")
    sc.seat(0).civ_cards(23).seat(2).civ_cards(24)
    state = sc.start(step="final")
    assert state.active == 2 and to_act(state) == [2]
    with pytest.raises(NotYourTurn):
        apply(state, 0, Resolve(1, "civ"))
    settle(state, 2, only(state, 2, "advance"), "civ")
    assert state.active == 0
    settle(state, 0, only(state, 0, "advance"), "civ")
    assert state.phase == "over"


def test_sustainable_living_counts_patches_on_the_planet_after_stored_ones_are_placed():
    sc = new(2).last_round("unplaceable")
    lay(sc.seat(0), tile_id("I2", "civ", "energy"), "F4 F5").patch("F6 F7 F8").stored_patches(2)
    state = take_card(sc, 0, 22)
    assert score(state)["players"][0]["D"]["total"] == 3
    assert state.phase == "final"
    pend = items(state, 0, "patch")
    assert len(pend) == 2
    assert "store" not in values(state, 0, pend[0])
    settle(state, 0, pend[0], "F9")
    settle(state, 0, pend[1], "F10")
    assert state.phase == "over"
    d = state.result["players"][0]["D"]
    assert d["total"] == 5 and [(c["card"], c["medals"]) for c in d["cards"]] == [(22, 5)]


def test_stored_patches_must_be_placed_in_the_final_step_even_with_uc_tech_2():
    sc = new(2).last_round("unplaceable")
    lay(sc.seat(0), tile_id("I2", "civ", "energy"), "A6 A7").trackers(tech=5).stored_patches(1)
    state = sc.start(step="final")
    b = state.seats[0].board
    item = only(state, 0, "patch")
    assert values(state, 0, item)[-1] != "store" and "store" not in values(state, 0, item)
    with pytest.raises(IllegalAction):
        settle(state, 0, item, "store")
    settle(state, 0, item, "B6")
    assert state.phase == "over"
    assert names(b.patches) == ["B6"] and state.seats[0].corp.stored_patches == 0


def test_space_citizen_decree_two_medals_per_collected_lifepod():
    sc = new(2)
    sc.seat(0).collected(lifepods=3)
    assert score(sc.start())["players"][0]["C"]["lifepod_medals"] == 3
    state = take_card(sc, 0, 28)
    c = score(state)["players"][0]["C"]
    assert c["lifepod_medals"] == 6 and c["total"] == 6
    # lifepods still on the planet do not count
    assert len(state.seats[0].board.lifepods) == 6


@pytest.mark.parametrize("repo,meteorites,expected", [
    (0, 7, 2), (1, 7, 4), (2, 7, 6), (3, 7, 8), (4, 7, 10), (4, 2, 0), (2, 9, 9), (1, 5, 2)])
def test_meteorite_repo_trios(repo, meteorites, expected):
    sc = new(2)
    sc.seat(0).civ_cards(*[29, 30, 31, 32][:repo], 6).collected(meteorites=meteorites)
    state = sc.start()
    c = score(state)["players"][0]["C"]
    assert c["meteorite_medals"] == expected
    assert c["medals_per_trio"] == 1 + repo
    assert score(state)["players"][0]["D"]["total"] == 1  # the repo cards add nothing to D


def test_meteorite_repo_taken_through_the_civ_step():
    sc = new(2)
    sc.seat(0).collected(meteorites=6)
    state = take_card(sc, 0, 31)
    assert not still_choosing(state)
    assert score(state)["players"][0]["C"]["meteorite_medals"] == 4


@pytest.mark.parametrize("cards,medals", [([33], 1), ([36], 1), ([33, 34], 3), ([34, 35, 36], 6),
                                          ([33, 34, 35, 36], 10)])
def test_commerce_agreement_set(cards, medals):
    sc = new(2)
    sc.seat(0).civ_cards(*cards, 29)
    state = sc.start()
    d = score(state)["players"][0]["D"]
    assert d["total"] == medals
    assert [c["medals"] for c in d["cards"]] == [medals]


def test_commerce_agreement_taken_through_the_civ_step():
    first = take_card(new(2), 0, 34)
    assert first.seats[0].corp.civ_cards == [34]
    sc = new(2)  # a later round: 34 is held, another rank 4 milestone is reached
    sc.seat(0).civ_cards(34)
    state = take_card(sc, 0, 35)
    assert state.seats[0].corp.civ_cards == [34, 35]
    assert score(state)["players"][0]["D"]["total"] == 3


# --------------------------------------------------------------------------- the civ step (R4)


def _civ_tile_on_top(sc, seat, want_civ: bool) -> int:
    """A small tile without a meteor or water, showing civ or not, on top of the seat's small
    stack when the round opens."""
    tid = next(t.id for t in D.tiles().values() if t.ring == "small" and not t.has_meteor
               and ("civ" in t.resources) == want_civ and "water" not in t.resources)
    sc.seat(seat).depot(small=tid)
    return tid


def _play_turn(state, seat, prefer):
    apply(state, seat, Pick("small"))
    place = next(a for a in legal_actions(state, seat) if isinstance(a, Place))
    apply(state, seat, place)
    while state.seats[seat].pending:
        it = state.seats[seat].pending[0]
        vals = values(state, seat, it)
        settle(state, seat, it, prefer if prefer in vals else vals[0])


def test_civ_milestones_are_picked_after_every_confirm_from_the_commander():
    sc = new(3, commander=1).civ_in_pile(6, 7)
    for seat in (0, 2):
        sc.seat(seat).trackers(civ=2)
        _civ_tile_on_top(sc, seat, True)
    _civ_tile_on_top(sc, 1, False)
    state = sc.start(turn=None)
    assert state.phase == "rotate"
    apply(state, 1, next(a for a in legal_actions(state, 1)))  # commander turns the station
    assert state.phase == "turns"
    pile1 = list(state.civ_piles["1"])

    _play_turn(state, 0, "civ")
    s0 = state.seats[0]
    assert s0.corp.trackers["civ"] >= 3
    assert s0.civ_queue == [1] and not items(state, 0, "civ")  # not now: after every confirm
    assert "cards" not in view_for(state, 0)["civ_piles"]["1"]
    apply(state, 0, Confirm())
    assert state.phase == "turns" and state.civ_piles["1"] == pile1

    _play_turn(state, 2, "civ")
    apply(state, 2, Confirm())
    assert state.phase == "turns"
    _play_turn(state, 1, "tech")
    apply(state, 1, Confirm())

    # commander is seat 1 (no card): seat 2 chooses first, then seat 0
    assert state.phase == "civ" and state.active == 2 and to_act(state) == [2]
    assert legal_actions(state, 0) == []
    with pytest.raises(NotYourTurn):
        apply(state, 0, Resolve(1, "6"))
    view2, view0 = view_for(state, 2), view_for(state, 0)
    assert view2["civ_piles"]["1"]["cards"] == pile1
    assert "cards" not in view0["civ_piles"]["1"] and view0["civ_piles"]["1"]["count"] == len(pile1)
    settle(state, 2, only(state, 2, "civ"), "7")
    assert state.seats[2].corp.civ_cards == [7]
    assert "cards" not in view_for(state, 2)["civ_piles"]["1"]

    assert state.phase == "civ" and state.active == 0
    item = only(state, 0, "civ")
    assert values(state, 0, item) == [str(c) for c in pile1 if c != 7]
    assert view_for(state, 0)["civ_piles"]["1"]["cards"] == [c for c in pile1 if c != 7]
    settle(state, 0, item, "6")
    assert state.seats[0].corp.civ_cards == [6]
    assert state.phase == "rotate" and state.commander == 2  # next round, commander passed on


def test_empty_pile_gives_nothing():
    sc = new(2).civ_pile(2)  # the rank 2 pile is empty
    sc.seat(0).civ_milestone(2)
    state = sc.start(step="civ")
    assert state.phase == "turns" and state.round == 2
    assert state.seats[0].corp.civ_cards == []


def test_two_ranks_in_one_turn_give_two_cards():
    sc = new(2).civ_in_pile(6, 9)
    sc.seat(0).civ_milestone(1, 2)
    state = sc.start(step="civ")
    civ = items(state, 0, "civ")
    assert sorted(i["rank"] for i in civ) == [1, 2]
    by_rank = {i["rank"]: i for i in civ}
    with pytest.raises(IllegalAction):
        settle(state, 0, by_rank[1], "9")  # a rank 2 card is not in the rank 1 pile
    settle(state, 0, by_rank[1], "6")
    settle(state, 0, by_rank[2], "9")
    assert state.seats[0].corp.civ_cards == [6, 9]
    assert score(state)["players"][0]["D"]["total"] == 3


def test_civ_pile_hidden_outside_the_choice():
    sc = new(2).civ_in_pile(6)
    assert all("cards" not in p for p in view_for(sc.start(), 0)["civ_piles"].values())
    sc.seat(0).civ_milestone(1)
    state = sc.start(step="civ")
    item = only(state, 0, "civ")
    assert view_for(state, 0)["civ_piles"]["1"]["cards"] == state.civ_piles["1"]
    assert "cards" not in view_for(state, 1)["civ_piles"]["1"]
    assert "cards" not in view_for(state, None)["civ_piles"]["1"]
    assert all("cards" not in view_for(state, 0)["civ_piles"][r] for r in "234")
    settle(state, 0, item, "6")
    assert all("cards" not in p for p in view_for(state, 0)["civ_piles"].values())
