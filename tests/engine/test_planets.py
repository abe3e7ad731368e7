"""The twelve asymmetric planets (engine/planets.py, RULINGS P1-P7 and R7): for each one a
refused placement with the planet's reason, an allowed one and its scoring or rover effect;
R7 lifting a restriction that alone blocks both depot tiles; the bitmask placement search
checked against a slow square-by-square reading of the rules; seeded random games on every
planet played to the end with consistent scores."""
import random

import pytest

from engine import IllegalAction, apply, dump, legal_actions, load, make_config, new_game, to_act, view_for
from engine import data as D
from engine import planets as P
from engine.actions import Move, Pick, Place
from engine.board import Board, placement_mask
from engine.data import SIZE, cell_name
from engine.data import parse_cell as sq
from engine.objectives import neighbour_value, private_met
from engine.rules import apply_card_op, item_values, planet_rule_lifted
from engine.scenario import Scenario, grant
from engine.scoring import score
from engine.setup import SUPPORTED_PLANETS

from .conftest import game as _game
from .conftest import give, items, place, settle_all

DOMINO = 8  # I2: civ icon above, energy icon below (orientation 3: civ left, energy right)
WATER_ROVER = 104  # I2: water above, rover below (orientation 2: rover above, water below)
TECH_BIOMASS = 80  # I2: tech above, biomass below (orientation 3: tech left, biomass right)
I3 = 2  # I3 civ/energy, orientation 0 upright
V3 = 3  # V3 civ/energy, orientation 2: (0,0) (1,0) (1,1)
I4 = 9  # I4 civ/energy (large ring), orientation 1 upright
ASYMMETRIC = [p for p in SUPPORTED_PLANETS if p != "ksb-4156"]


def game(players: int = 1, seed: int = 1, **config):
    """conftest's game with the round's event card settled: solo always plays events, and the
    first card of these games asks only for a choice (no round rule that would change what
    the planet tests look at)."""
    from engine import events as E

    g = _game(players, seed, **config)
    card = E.current(g)
    assert card is None or card.rule is None
    for seat in range(players):
        settle_all(g, seat)
    return g


def cells(*names: str) -> set[int]:
    return {sq(n) for n in names}


def covered_except(planet_id: str, free: set[int]) -> Board:
    """A planet whose every square but ``free`` holds a biomass patch."""
    b = Board(planet_id, lifepods=list(D.planet(planet_id).lifepods))
    for c in D.cells_of(b.planet.grid_mask):
        if c not in free:
            b.place_patch(c)
    return b


def solo(planet_id: str, seed: int = 1):
    """Seat 0's part of a solo scenario on ``planet_id`` whose first event card (114: lose a
    collected lifepod) asks nothing of a player who has none; end the chain with ``.start()``."""
    return Scenario(1, seed, planets=[planet_id]).next_event(114).seat(0)


def all_but(planet_id: str, free: set[int]) -> list[int]:
    """Every square of the planet but ``free`` (to cover with biomass patches)."""
    return [c for c in D.cells_of(D.planet(planet_id).grid_mask) if c not in free]


def seat_board(g, board: Board) -> Board:
    """Put a hand-made board in place of seat 0's (positions no game reaches: Arashi's ring
    under biomass patches, which the rules never allow and a Scenario refuses)."""
    g.seats[0].board = board
    return board


def first_place(g, seat: int = 0) -> None:
    """Pick the small tile and place it at the first legal spot the rules offer."""
    apply(g, seat, Pick("small"))
    apply(g, seat, next(a for a in legal_actions(g, seat) if isinstance(a, Place)))


# --------------------------------------------------------------------------- Arashi


def test_arashi_a_tile_lying_only_on_the_ring_is_refused_one_also_resting_off_it_is_allowed():
    b = Board("arashi")
    b.place_tile(DOMINO, 0, sq("D3"))  # D3-E3, just above the ring
    problem = b.placement_problem(DOMINO, 3, sq("F3"))  # F3-F4: ring only, touching E3
    assert "Arashi" in problem and "also rest on the planet off the ring" in problem
    assert b.placement_problem(I3, 0, sq("E4")) is None  # E4-G4 rests on E4
    ring = P.rules_for("arashi").ring
    legal = b.legal_placements(I4)
    assert legal and all(p.mask & ~ring for p in legal)
    assert any(p.mask & ring for p in legal)


def test_arashi_biomass_patches_never_go_on_the_ring():
    b = Board("arashi")
    b.place_tile(I4, 1, sq("C2"))  # C2-F2: its last square is on the ring
    spots = set(b.legal_patch_cells())
    assert spots == cells("C3", "D3", "E3")  # F1, F3 and G2 touch the tile too, but lie on the ring
    assert not set(b.legal_patch_cells(ignore_adjacency=True)) & set(D.cells_of(P.rules_for("arashi").ring))


def test_arashi_a_tile_that_fits_only_against_the_rule_cannot_be_picked_while_the_other_fits():
    ring = set(D.cells_of(P.rules_for("arashi").ring))
    g = solo("arashi").patch(*all_but("arashi", ring | cells("E5"))).start()
    give(g, 0, DOMINO)  # fits upright on E5-F5
    give(g, 0, I4)  # only fits lying on the ring
    with pytest.raises(IllegalAction, match="fits nowhere on Arashi under its rule"):
        apply(g, 0, Pick("large"))
    apply(g, 0, Pick("small"))
    places = [a for a in legal_actions(g, 0) if isinstance(a, Place)]
    assert {a.anchor for a in places} == {sq("E5")}


# --------------------------------------------------------------------------- Cerberus


def test_cerberus_each_fully_covered_globe_scores_two_more_medals_meteorites_or_not():
    north_east = P.rules_for("cerberus").globes[0]
    assert bin(north_east).count("1") == 28
    g = solo("cerberus").patch(*D.cells_of(north_east)[:-1]).start()
    assert score(g)["players"][0]["A"]["planet"] == [{"what": "covered globes", "count": 0, "medals": 0}]
    g = solo("cerberus").patch(*D.cells_of(north_east)).meteorites("A8").start()  # A8 spoils row A (and
    part = score(g)["players"][0]["A"]  # column 8), not the globe
    assert part["planet"] == [{"what": "covered globes", "count": 1, "medals": 2}]
    assert [r["row"] for r in part["rows"]] == ["B", "C", "D"]  # rows A-D lie in that globe only
    assert part["total"] == 2 + 3
    assert P.rules_for("cerberus").max_medals == 45  # the rulebook's maximum


def test_cerberus_squares_where_globes_touch_are_not_edges_and_rovers_cross_there():
    p = D.planet("cerberus")
    for name in ("I7", "J7", "J8"):  # the west and south-east globes touch here, with no gap around
        assert not p.edge_mask >> sq(name) & 1
    assert p.edge_mask >> sq("I8") & 1 and p.edge_mask >> sq("L3") & 1  # a gap above I8, space below L3
    g = solo("cerberus").rovers("J7").start()
    first_place(g)
    s = g.seats[0]
    grant(g, 0, "move 1")
    assert Move(1, "right") in legal_actions(g, 0)
    apply(g, 0, Move(1, "right"))
    assert s.board.rovers == [sq("J8")]


# --------------------------------------------------------------------------- Charybdis


def test_charybdis_first_tile_covers_the_well_then_the_normal_rules_apply():
    g = game(1, planets=["charybdis"])
    give(g, 0, DOMINO)
    apply(g, 0, Pick("small"))
    with pytest.raises(IllegalAction, match="four centre squares of the well"):
        apply(g, 0, Place(sq("F1"), 0))  # an edge square, as on KSB-4156
    well = D.mask_of(cells("F6", "F7", "G6", "G7"))
    offered = [a for a in legal_actions(g, 0) if isinstance(a, Place)]
    assert len(offered) == 24  # 12 spots touching the well, each with either end first
    assert all(placement_mask(DOMINO, a.orient, a.anchor) & well for a in offered)
    apply(g, 0, Place(sq("F6"), 0))
    b = g.seats[0].board
    assert b.placement_problem(DOMINO, 0, sq("H6")) is None  # next to the first tile, away from the well


# --------------------------------------------------------------------------- Gaia


def test_gaia_each_visible_city_scores_two_medals_and_covering_one_completes_its_line():
    g = solo("gaia").start()
    assert score(g)["players"][0]["A"]["planet"] == [{"what": "visible cities", "count": 8, "medals": 16}]
    assert sq("A7") in g.seats[0].board.lifepods
    g = solo("gaia").patch("A6", "A7").start()  # a city on A6; row A is now complete
    b = g.seats[0].board
    part = score(g)["players"][0]["A"]
    assert part["planet"] == [{"what": "visible cities", "count": 7, "medals": 14}]
    assert [r["row"] for r in part["rows"]] == ["A"] and part["total"] == 14 + 1
    assert sq("A7") not in b.lifepods  # the patch destroyed the lifepod there


# --------------------------------------------------------------------------- K-273


def test_k273_a_tile_may_not_lie_on_ice_and_land_and_a_lifepod_square_is_land():
    b = Board("k-273")
    b.place_tile(DOMINO, 0, sq("F1"))  # F1-G1, ice
    problem = b.placement_problem(DOMINO, 3, sq("F2"))  # F2 ice, F3 land
    assert "K-273" in problem and "ice and on land" in problem and "F3 is land" in problem
    assert b.placement_problem(DOMINO, 3, sq("F3"), ignore_adjacency=True) is None  # F3-F4 land
    assert b.placement_problem(DOMINO, 0, sq("F3"), ignore_adjacency=True) is None  # F3 land, G3 lifepod
    assert "ice and on land" in b.placement_problem(DOMINO, 0, sq("G3"), ignore_adjacency=True)  # G3 pod, H3 ice
    assert b.placement_problem(DOMINO, 3, sq("H2"), ignore_adjacency=True) is None  # all ice
    ice = D.planet("k-273").ice_mask
    assert all(not p.mask & ice or not p.mask & ~ice for p in b.legal_placements(I4))


# --------------------------------------------------------------------------- K'aak


def test_kaak_rovers_never_enter_a_visible_toxic_square_until_it_is_covered():
    g = solo("kaak").rovers("F3").start()
    first_place(g)
    s = g.seats[0]
    grant(g, 0, "move 2")
    assert Move(1, "left") not in legal_actions(g, 0)
    with pytest.raises(IllegalAction, match="F2 is toxic"):
        apply(g, 0, Move(1, "left"))
    assert s.pool == 2
    g = solo("kaak").rovers("F3").patch("F2").start()  # F2 covered
    first_place(g)
    grant(g, 0, "move 2")
    apply(g, 0, Move(1, "left"))
    assert g.seats[0].board.rovers == [sq("F2")]


def test_kaak_a_teleported_rover_cannot_land_on_a_visible_toxic_square():
    g = solo("kaak").rovers("F3").start()
    first_place(g)
    apply_card_op(g, 0, {"op": "teleport_rover"})
    values = item_values(g, 0, items(g, 0, "teleport")[0])
    assert "1 F4" in values and "1 F2" not in values and "1 B4" not in values
    g = solo("kaak").rovers("F3").patch("F2").start()  # F2 covered
    first_place(g)
    apply_card_op(g, 0, {"op": "teleport_rover"})
    assert "1 F2" in item_values(g, 0, items(g, 0, "teleport")[0])


# --------------------------------------------------------------------------- Lacuna


def test_lacuna_holes_cannot_be_covered_are_not_edges_and_rows_ignore_them():
    b = Board("lacuna")
    assert b.placement_problem(DOMINO, 0, sq("B6")) == "square C6 is a hole in your planet: nothing can cover it"
    p = b.planet
    assert not p.edge_mask >> sq("C5") & 1  # next to two holes only
    assert "first tile must cover at least one square on the edge" in b.placement_problem(DOMINO, 0, sq("B5"))
    row_c = [c for c in range(SIZE) if p.is_grid(2 * SIZE + c)]
    assert [cell_name(2 * SIZE + c) for c in row_c] == ["C2", "C3", "C4", "C5", "C8", "C9", "C10", "C11"]
    for c in row_c:
        b.place_patch(2 * SIZE + c)
    assert b.full_lines()[0] == [2] and p.row_medals[2] == 2


def test_lacuna_rovers_cannot_enter_a_hole():
    g = solo("lacuna").rovers("C5").start()
    first_place(g)
    grant(g, 0, "move 1")
    with pytest.raises(IllegalAction, match="C6 is a hole and rovers can't enter it"):
        apply(g, 0, Move(1, "right"))
    assert Move(1, "left") in legal_actions(g, 0)


# --------------------------------------------------------------------------- Oblivion


def test_oblivion_first_tile_on_the_outer_border_and_nothing_on_the_black_hole():
    b = Board("oblivion")
    assert "outer border of the board" in b.placement_problem(DOMINO, 0, sq("C4"))  # touches the void only
    assert b.placement_problem(DOMINO, 0, sq("A4")) is None
    b.place_tile(DOMINO, 0, sq("A4"))
    assert b.placement_problem(DOMINO, 3, sq("E3")) == "square E4 is in the black hole: nothing can cover it"
    assert all(p.mask & D.planet("oblivion").edge_mask for p in Board("oblivion").legal_placements(I4))


def test_oblivion_rows_through_the_void_need_only_their_two_squares_and_edges_are_the_outer_border():
    g = solo("oblivion").patch("F1", "F12").start()
    assert [r["row"] for r in score(g)["players"][0]["A"]["rows"]] == ["F"]
    seat = solo("oblivion").patch("F1", "F12")
    seat.tile(TECH_BIOMASS, at="C4", orient=0)  # tech icon next to the void, not on the border
    seat.tile(TECH_BIOMASS, at="A4", orient=3)  # tech icon on the border
    g = seat.start()
    assert neighbour_value(g, 0, {"kind": "resources_on_edge", "resource": "tech"}) == 1


# --------------------------------------------------------------------------- Pajitnov


def corridor() -> Board:
    """Pajitnov covered but for column 6 from A6 down to F6, and F7 beside it."""
    return covered_except("pajitnov", cells("A6", "B6", "C6", "D6", "E6", "F6", "F7"))


def test_pajitnov_a_tile_slides_down_an_open_corridor_without_turning():
    b = corridor()
    assert b.placement_problem(I3, 0, sq("D6")) is None  # straight down to D6-F6
    problem = b.placement_problem(DOMINO, 3, sq("F6"))  # F6-F7 lying flat: too wide for the corridor
    assert "Pajitnov" in problem and "slide into place" in problem and "F6" in problem
    assert "slide" in b.placement_problem(V3, 2, sq("E6"))  # E6 F6 F7: would have to turn
    assert b.placement_problem(DOMINO, 3, sq("F6"), planet_rule=False) is None
    assert {(p.anchor, p.orient) for p in b.legal_placements(DOMINO)} == {
        (sq(a), o) for a in ("A6", "B6", "C6", "D6", "E6") for o in (0, 2)}


def test_pajitnov_lifepods_rovers_and_meteorites_do_not_block_and_patches_skip_the_slide():
    b = corridor()
    b.rovers = [sq("B6")]
    b.meteorites = [sq("C6")]
    b.lifepods.append(sq("A6"))
    assert b.placement_problem(I3, 0, sq("D6")) is None
    assert sq("F7") in b.legal_patch_cells()
    b.place_patch(sq("C6"))  # a patch blocks the corridor
    assert "slide" in b.placement_problem(I3, 0, sq("D6"))


def test_pajitnov_the_first_tile_slides_anywhere_on_the_edge():
    b = Board("pajitnov")
    assert b.placement_problem(DOMINO, 0, sq("F1")) is None
    assert len(b.legal_placements(I4)) == len(Board("ksb-4156").legal_placements(I4))


# --------------------------------------------------------------------------- Persephone


def persephone() -> Board:
    b = Board("persephone")
    b.place_tile(DOMINO, 1, sq("L6"))  # energy L6, civ L7: a first tile far away
    return b


def test_persephone_a_banned_icon_in_its_quarter_is_refused():
    b = persephone()
    problem = b.placement_problem(DOMINO, 0, sq("E3"), ignore_adjacency=True)
    assert problem == ("on Persephone no civ icon may lie in the north-west quarter, and this tile's civ icon "
                       "would be on E3")
    assert "no energy icon may lie in the north-east" in b.placement_problem(DOMINO, 0, sq("B8"),
                                                                              ignore_adjacency=True)
    assert "no water icon may lie in the south-east" in b.placement_problem(WATER_ROVER, 0, sq("H8"),
                                                                             ignore_adjacency=True)
    assert "no tech icon may lie in the south-west" in b.placement_problem(TECH_BIOMASS, 0, sq("H2"),
                                                                            ignore_adjacency=True)


def test_persephone_a_tile_may_straddle_quarters_and_plain_terrain_is_never_banned():
    b = persephone()
    assert b.placement_problem(DOMINO, 0, sq("G3"), ignore_adjacency=True) is None  # both icons south-west
    assert b.placement_problem(DOMINO, 1, sq("F6"), ignore_adjacency=True) is None  # energy F6 NW, civ F7 NE
    assert "civ icon" in b.placement_problem(DOMINO, 3, sq("F6"), ignore_adjacency=True)  # civ F6 NW
    assert b.placement_problem(I3, 2, sq("F2"), ignore_adjacency=True) is None  # plain civ square on F2 (NW)


def test_persephone_refusal_reaches_the_player_through_the_rules():
    g = game(1, planets=["persephone"])
    give(g, 0, DOMINO)
    apply(g, 0, Pick("small"))
    with pytest.raises(IllegalAction, match="can't place it there: on Persephone no civ icon"):
        apply(g, 0, Place(sq("F1"), 0))  # civ icon on F1, north-west
    apply(g, 0, Place(sq("F1"), 2))  # turned over: civ icon on G1, south-west
    assert g.seats[0].board.symbol[sq("G1")] == "civ"


# --------------------------------------------------------------------------- Petra


def petra():
    """Seat 0's part of a Petra scenario with two dominoes laid."""
    seat = solo("petra").tile(WATER_ROVER, at="A6", orient=2)  # rover A6, water B6 beside the current on B5
    return seat.tile(TECH_BIOMASS, at="D2", orient=3)  # tech D2, biomass D3


def petra_game():
    g = petra().start()
    return g, g.seats[0].board


def test_petra_currents_are_energy_terrain_that_carries_an_energy_copy_to_water():
    g, b = petra_game()
    assert b.terrain[sq("B5")] == "energy" and b.symbol[sq("B5")] is None
    place(g, 0, DOMINO, "E3", 0)  # civ E3, energy F3 on a current joined to B5 by currents
    assert b.terrain[sq("F3")] == "energy"
    energy = next(i for i in items(g, 0) if i["source"] == "energy")
    assert "water" in item_values(g, 0, energy)  # no ice on Petra: water only this way
    assert not D.planet("petra").ice_mask


def test_petra_visible_currents_complete_rows_and_count_for_objectives_and_ties():
    g, b = petra_game()
    currents = P.rules_for("petra").currents
    assert b.uncovered() == 96 - 4 - bin(currents).count("1")  # two dominoes, none on a current
    g = petra().patch("B4", "B7", "B8", "B9").start()
    b = g.seats[0].board
    assert 1 in b.full_lines()[0]  # B5 is a current, B6 water: row B is complete
    assert neighbour_value(g, 0, {"kind": "largest_area", "terrain": "energy"}) > 10
    assert private_met(g, 0, {"kind": "all_covered", "terrain": "ice"})  # no ice to cover
    assert not private_met(g, 0, {"kind": "all_covered", "terrain": "land"})
    rest = D.cells_of(b.planet.grid_mask & ~b.occupied & ~currents)
    g = petra().patch("B4", "B7", "B8", "B9").patch(*rest).start()
    b = g.seats[0].board
    assert private_met(g, 0, {"kind": "all_covered", "terrain": "land"})  # currents count as covered
    assert b.uncovered() == 0
    assert Board.from_json(b.to_json()).terrain[sq("B5")] == "energy"  # still energy after a reload


def test_petra_a_covered_current_shows_the_tile_terrain():
    b = Board("petra")
    b.place_tile(TECH_BIOMASS, 0, sq("B5"))  # tech on the current B5, biomass on C5 (a current)
    assert b.terrain[sq("B5")] == "tech" and b.terrain[sq("C5")] == "biomass"
    assert b.terrain[sq("C6")] == "energy"
    assert sq("C5") not in D.cells_of(P.visible_energy(b))


# --------------------------------------------------------------------------- Tartarus


def tartarus() -> Board:
    b = Board("tartarus")
    b.place_tile(TECH_BIOMASS, 3, sq("D5"))  # tech D5, biomass D6: west of the chasm
    return b


def test_tartarus_no_tile_across_the_chasm_but_squares_across_it_are_neighbours():
    b = tartarus()
    problem = b.placement_problem(DOMINO, 3, sq("E5"))  # E5 west, E6 east
    assert problem == "on Tartarus a tile may not lie across the chasm: all its squares must be on the same side"
    assert b.placement_problem(TECH_BIOMASS, 1, sq("D7")) is None  # east side, touching D6 across the chasm
    b.place_tile(TECH_BIOMASS, 1, sq("D7"))  # biomass D7 next to biomass D6
    assert sorted(len(a) for a in b.areas("biomass")) == [2]
    sides = P.rules_for("tartarus").sides
    for p in b.legal_placements(I4):
        assert not (p.mask & sides[0] and p.mask & sides[1])


def test_tartarus_rovers_cross_the_chasm_only_diagonally_at_two_points_or_by_teleport():
    b = tartarus()
    assert "chasm" in P.rover_step_problem(b, sq("D6"), sq("D7"))
    assert P.rover_step_problem(b, sq("D6"), sq("E7")) is None  # diagonal at the first point
    assert P.rover_step_problem(b, sq("J6"), sq("I7")) is None  # and at the second
    assert "D6-E7 or I7-J6" in P.rover_step_problem(b, sq("E5"), sq("F6"))  # diagonal elsewhere
    assert P.rover_step_problem(b, sq("D6"), sq("C6")) is None
    g = solo("tartarus").rovers("D6").start()
    first_place(g)
    grant(g, 0, "move 2")
    with pytest.raises(IllegalAction, match="the chasm is in the way"):
        apply(g, 0, Move(1, "right"))
    assert Move(1, "right") not in legal_actions(g, 0) and Move(1, "left") in legal_actions(g, 0)
    apply_card_op(g, 0, {"op": "teleport_rover"})
    assert "1 D7" in item_values(g, 0, items(g, 0, "teleport")[0])


# --------------------------------------------------------------------------- R7


LIFT = {  # two free squares where a domino fits only against the planet's rule
    "arashi": ("F3", "F4"),  # only on the ring
    "k-273": ("F2", "F3"),  # ice and land
    "persephone": ("E3", "E4"),  # its civ icon in the north-west quarter whichever way
    "tartarus": ("D6", "D7"),  # across the chasm
    "pajitnov": ("F6", "F7"),  # shut in: nothing slides there
}


@pytest.mark.parametrize("planet_id", sorted(LIFT))
def test_r7_a_planet_rule_that_alone_blocks_both_depot_tiles_is_lifted(planet_id):
    g = game(1, planets=[planet_id])
    b = seat_board(g, covered_except(planet_id, cells(*LIFT[planet_id])))
    assert not b.can_place(DOMINO) and b.can_place(DOMINO, planet_rule=False)
    give(g, 0, DOMINO)  # the large tile of the depot cannot fit two squares at all
    assert view_for(g, 0)["seats"][0]["planet_rule_lifted"]
    apply(g, 0, Pick("small"))
    assert planet_rule_lifted(g, 0)
    places = [a for a in legal_actions(g, 0) if isinstance(a, Place)]
    assert places
    apply(g, 0, places[0])
    assert not b.planet.grid_mask & ~b.occupied and "unplaceable" not in g.ending


ROOM = {  # two more free squares where a domino fits under the rule
    "arashi": ("C4", "C5"),
    "k-273": ("H2", "H3"),
    "persephone": ("H3", "H4"),
    "tartarus": ("H2", "H3"),
    "pajitnov": ("A6", "B6"),  # open to the space above
}


@pytest.mark.parametrize("planet_id", sorted(LIFT))
def test_r7_keeps_the_rule_while_a_depot_tile_fits_under_it(planet_id):
    g = game(1, planets=[planet_id])
    b = seat_board(g, covered_except(planet_id, cells(*LIFT[planet_id], *ROOM[planet_id])))
    give(g, 0, DOMINO)
    assert not planet_rule_lifted(g, 0)
    apply(g, 0, Pick("small"))
    assert not planet_rule_lifted(g, 0)
    room = D.mask_of(cells(*ROOM[planet_id]))
    places = [a for a in legal_actions(g, 0) if isinstance(a, Place)]
    assert places and all(placement_mask(DOMINO, a.orient, a.anchor) == room for a in places)
    against = next(p for p in b.legal_placements(DOMINO, planet_rule=False) if p.mask != room)
    with pytest.raises(IllegalAction, match=f"on {b.planet.name} "):
        apply(g, 0, Place(against.anchor, against.orient))


def test_r7_a_tile_that_fits_nowhere_even_without_the_rule_still_ends_the_game():
    g = solo("tartarus").patch(*all_but("tartarus", cells("D6"))).start()
    give(g, 0, DOMINO)
    assert not planet_rule_lifted(g, 0)
    apply(g, 0, Pick("small"))
    assert g.seats[0].unplaced == DOMINO and "unplaceable" in g.ending


# --------------------------------------------------------------------------- the search against a slow reading


def slides_in(board: Board, tile_id: int, orient: int, anchor: int) -> bool:
    """Breadth-first search over positions of the tile, square by square."""
    offsets = [(c.dr, c.dc) for c in D.tile(tile_id).orientations[orient].cells]
    occupied = set(D.cells_of(board.occupied))
    grid = set(D.cells_of(board.planet.grid_mask))

    def squares(r, c):
        return [(r + dr, c + dc) for dr, dc in offsets]

    def free(r, c):
        return all(not (0 <= y < SIZE and 0 <= x < SIZE and y * SIZE + x in occupied) for y, x in squares(r, c))

    start = divmod(anchor, SIZE)
    seen, todo = {start}, [start]
    while todo:
        r, c = todo.pop()
        if all(not (0 <= y < SIZE and 0 <= x < SIZE and y * SIZE + x in grid) for y, x in squares(r, c)):
            return True
        for nr, nc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if -6 <= nr <= 17 and -6 <= nc <= 17 and (nr, nc) not in seen and free(nr, nc):
                seen.add((nr, nc))
                todo.append((nr, nc))
    return False


def breaks_planet_rule(board: Board, tile_id: int, orient: int, anchor: int) -> bool:
    """The planet restrictions read square by square from the printed board (planets.json)."""
    raw = board.planet.raw
    ar, ac = divmod(anchor, SIZE)
    squares = [(ar + c.dr, ac + c.dc, c.symbol) for c in D.tile(tile_id).orientations[orient].cells]
    kinds = [raw["grid"][r][c] for r, c, _ in squares]
    pid = board.planet_id
    if pid == "arashi":
        return all(k == "R" for k in kinds)
    if pid == "k-273":
        return "I" in kinds and any(k != "I" for k in kinds)
    if pid == "persephone":
        banned = {(True, True): "civ", (True, False): "energy", (False, True): "tech", (False, False): "water"}
        return any(s == banned[(r < 6, c < 6)] for r, c, s in squares if s)
    if pid == "tartarus":
        return len({raw["regions"]["map"][r][c] for r, c, _ in squares}) > 1
    if pid == "pajitnov":
        return not board.is_empty() and not slides_in(board, tile_id, orient, anchor)
    return False


def boards_from_play(planet_id: str, seed: int, every: int = 3) -> list[Board]:
    g = new_game(make_config(1, planets=[planet_id]), seed)
    rng = random.Random(seed)
    out: list[Board] = []
    while g.phase != "over":
        seat = rng.choice(to_act(g))
        acts = [a for a in legal_actions(g, seat) if str(a) != "undo"]
        apply(g, seat, rng.choice(acts))
        b = g.seats[0].board
        if len(b.tiles) % every == 1 and (not out or len(out[-1].tiles) != len(b.tiles)):
            out.append(Board.from_json(b.to_json()))
    return out


@pytest.mark.parametrize("planet_id", sorted(LIFT))
def test_the_bitmask_search_gives_exactly_the_placements_the_printed_rule_allows(planet_id):
    rng = random.Random(planet_id)
    tiles = sorted(D.tiles())
    checked = refused = 0
    for board in boards_from_play(planet_id, 3):
        for tile_id in rng.sample(tiles, 6):
            every = board.legal_placements(tile_id, planet_rule=False)
            want = [p for p in every if not breaks_planet_rule(board, tile_id, p.orient, p.anchor)]
            assert board.legal_placements(tile_id) == want
            assert board.can_place(tile_id) == bool(want)
            for p in every:
                problem = board.placement_problem(tile_id, p.orient, p.anchor)
                assert (problem is None) == (p in want), (cell_name(p.anchor), p.orient, problem)
            checked += len(every)
            refused += len(every) - len(want)
    assert checked > 500 and refused > 10  # the rule really bit in these positions


# --------------------------------------------------------------------------- whole games


def play_checked(planets: list[str], seed: int):
    """Random legal play to the end, checking after every action that the state reloads
    equal, every placement obeys the planet's rule unless R7 lifted it, and no rover stands
    on a visible toxic square or walked across the chasm."""
    g = new_game(make_config(len(planets), planets=planets), seed)
    rng = random.Random(seed)
    lifted = 0
    while g.phase != "over":
        seat = rng.choice(to_act(g))
        acts = [a for a in legal_actions(g, seat) if str(a) != "undo"] or legal_actions(g, seat)
        action = rng.choice(acts)
        s = g.seats[seat]
        if isinstance(action, Place):
            if planet_rule_lifted(g, seat):
                lifted += 1
            else:
                assert s.hand is not None and not breaks_planet_rule(s.board, s.hand, action.orient, action.anchor)
        before = list(s.board.rovers)
        apply(g, seat, action)
        if isinstance(action, Move):
            src, dst = before[action.rover - 1], s.board.rovers[action.rover - 1]
            assert src is not None and dst is not None
            sides = P.rules_for(s.board.planet_id).sides
            assert not sides or any(m >> src & 1 and m >> dst & 1 for m in sides)
        for b in (x.board for x in g.seats):
            toxic = P.rules_for(b.planet_id).toxic & ~b.occupied
            assert not any(toxic >> c & 1 for c in b.rover_cells())
        text = dump(g)
        assert dump(load(text)) == text
    return g, lifted


@pytest.mark.parametrize("planet_id", ASYMMETRIC)
def test_random_games_on_every_planet_finish_with_consistent_scores(planet_id):
    k = ASYMMETRIC.index(planet_id)
    games = ((11 + k, [planet_id]), (40 + k, [planet_id, ASYMMETRIC[k - 5]]),
             (70 + k, [ASYMMETRIC[k - 3], planet_id, ASYMMETRIC[k - 7]]))
    for seed, planets in games:
        g, _ = play_checked(planets, seed)
        assert g.phase == "over" and g.ending
        for p in g.result["players"]:
            b = g.seats[p["seat"]].board
            pr = P.rules_for(b.planet_id)
            assert p["total"] == sum(p[k]["total"] for k in "ABCDEF")
            lines = sum(x["medals"] for x in p["A"]["rows"] + p["A"]["columns"])
            bonus = sum(x["medals"] for x in p["A"]["planet"])
            assert p["A"]["total"] == lines + bonus <= pr.max_medals
            assert bonus == 2 * bin(pr.cities & ~b.occupied).count("1") + 2 * sum(
                1 for m in pr.globes if not m & ~b.occupied)
            assert 0 <= p["uncovered"] <= bin(b.planet.grid_mask).count("1")
            assert not b.occupied & ~b.planet.grid_mask
