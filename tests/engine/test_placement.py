"""Tile placement rules: edge first, orthogonal adjacency, no overlap, on the grid, all eight
orientations, destruction of lifepods and rovers, meteorites, and what legal_actions lists."""
import pytest

from engine import IllegalAction, apply, legal_actions
from engine import data as D
from engine.actions import Pick, Place
from engine.board import Board
from engine.data import parse_cell as sq
from engine.scenario import Scenario

from .conftest import game, give, place

DOMINO = 8  # I2 civ (top) / energy (bottom), no meteor
DOMINO_METEOR = 20  # same, meteor on the energy square
L4 = 6  # L4 civ/energy


def test_first_tile_must_touch_the_planet_edge():
    g = game()
    give(g, 0, DOMINO)
    apply(g, 0, Pick("small"))
    with pytest.raises(IllegalAction, match="first tile must cover at least one square on the edge"):
        apply(g, 0, Place(sq("F6"), 0))
    apply(g, 0, Place(sq("F1"), 0))  # F1 is on the edge
    assert g.seats[0].board.terrain[sq("F1")] == "civ"
    assert g.seats[0].board.terrain[sq("G1")] == "energy"


def test_squares_off_the_planet_and_off_the_board_are_refused_with_the_reason():
    b = Board("ksb-4156")
    assert "not part of your planet" in b.placement_problem(DOMINO, 0, sq("A1"))
    assert "stick out" in b.placement_problem(DOMINO, 0, sq("L6"))


def test_later_tiles_must_touch_a_side_not_only_a_corner_and_never_overlap():
    b = Board("ksb-4156")
    b.place_tile(DOMINO, 1, sq("F1"))  # lying flat on F1-F2
    assert "already covered" in b.placement_problem(DOMINO, 1, sq("F2"))
    assert "touch" in b.placement_problem(DOMINO, 1, sq("G3"))  # G3 meets F2 only at a corner
    assert "touch" in b.placement_problem(DOMINO, 0, sq("D5"))
    assert b.placement_problem(DOMINO, 1, sq("E2")) is None  # E2-E3 lies along F2


def test_the_eight_orientations_are_rotations_then_mirror_images():
    t = D.tile(DOMINO)
    # orientation 0: civ above energy; a quarter turn clockwise puts civ on the right
    o1 = t.orientations[1]
    assert [(c.dr, c.dc, c.terrain) for c in o1.cells] == [(0, 0, "energy"), (0, 1, "civ")]
    o2 = t.orientations[2]
    assert [(c.dr, c.dc, c.terrain) for c in o2.cells] == [(0, 0, "energy"), (1, 0, "civ")]
    l4 = D.tile(L4)
    shapes = {tuple(sorted((c.dr, c.dc) for c in o.cells)) for o in l4.orientations}
    assert len(shapes) == 8  # the L tetromino has 8 distinct placements
    o4 = D.tile(10)  # O4: one footprint, but its halves and icons can lie eight ways
    assert len({tuple(sorted((c.dr, c.dc) for c in o.cells)) for o in o4.orientations}) == 1
    assert sum(o.duplicate_of is None for o in o4.orientations) == 8
    # the domino looks the same mirrored: only its four rotations are distinct
    assert [o.duplicate_of for o in t.orientations] == [None, None, None, None, 0, 1, 2, 3]


def test_orientation_4_is_the_mirror_image_of_orientation_0():
    def footprint(o):
        pts = [(c.dr, c.dc) for c in o.cells]
        r0, c0 = min(r for r, _ in pts), min(c for _, c in pts)
        return sorted((r - r0, c - c0) for r, c in pts)

    l4 = D.tile(L4).orientations
    width = l4[0].width
    mirrored = sorted((r, width - 1 - c) for r, c in footprint(l4[0]))
    assert footprint(l4[4]) == mirrored


def test_placing_puts_every_square_where_the_orientation_says():
    g = game()
    place(g, 0, L4, "E2", 4)
    b = g.seats[0].board
    o = D.tile(L4).orientations[4]
    expected = {sq("E2") + c.dr * 12 + c.dc for c in o.cells}
    assert set(b.tile_cells(0)) == expected
    for c in o.cells:
        assert b.terrain[sq("E2") + c.dr * 12 + c.dc] == c.terrain


def test_covering_a_lifepod_or_a_rover_destroys_it_without_collecting_it():
    b = Board("ksb-4156", lifepods=list(D.planet("ksb-4156").lifepods))
    b.rovers = [sq("F2"), sq("A6")]
    out = b.place_tile(L4, 0, sq("E2"))  # covers E2 (lifepod) and F2 (rover)
    assert sq("E2") not in b.lifepods and out["lifepods_destroyed"] == [sq("E2")]
    assert b.rovers == [None, sq("A6")] and out["rovers_destroyed"] == [0]


def test_destroyed_lifepod_does_not_score_for_the_player():
    g = game()
    place(g, 0, L4, "E2", 0)
    assert g.seats[0].corp.lifepods == 0
    assert sq("E2") not in g.seats[0].board.lifepods


def test_a_meteor_symbol_drops_a_meteorite_on_its_square():
    g = game()
    place(g, 0, DOMINO_METEOR, "F1", 0)
    assert g.seats[0].board.meteorites == [sq("G1")]


def test_legal_actions_list_exactly_the_legal_placements_without_duplicates():
    sc = Scenario(3, commander=0, interior_offset=0)
    sc.seat(1).tile(L4, at="E2", orient=0).depot(small=DOMINO)
    g = sc.start()
    apply(g, 1, Pick("small"))
    b = g.seats[1].board
    listed = {(a.anchor, a.orient) for a in legal_actions(g, 1) if isinstance(a, Place)}
    brute = set()
    seen = set()
    t = D.tile(DOMINO)
    for o in t.orientations:
        for anchor in range(144):
            if b.placement_problem(DOMINO, o.index, anchor) is None:
                key = frozenset((anchor + c.dr * 12 + c.dc, c.terrain, c.symbol) for c in o.cells)
                if key not in seen:
                    seen.add(key)
                    brute.add((anchor, o.index))
    assert listed == brute
    assert listed  # the domino fits next to the L


def test_the_first_tile_may_be_any_orientation_touching_the_edge():
    g = game()
    give(g, 0, DOMINO)
    apply(g, 0, Pick("small"))
    places = [a for a in legal_actions(g, 0) if isinstance(a, Place)]
    edge = D.planet("ksb-4156").edge_mask
    assert places
    for a in places:
        mask = sum(1 << (a.anchor + c.dr * 12 + c.dc) for c in D.tile(DOMINO).orientations[a.orient].cells)
        assert mask & edge
