"""The fast placement search (engine/board.py: whole-board bitmask tests per orientation, and
the answers kept per position) against the slow reading of the rules square by square
(Board.placement_problem), on every planet, with and without a waived adjacency and with
the planet's restriction lifted (R7); and the cached answers never outliving a position."""
import random

import pytest

from engine import apply, legal_actions, make_config, new_game, to_act
from engine import data as D
from engine.actions import Pick, Place
from engine.board import Board
from engine.data import parse_cell as sq
from engine.setup import SUPPORTED_PLANETS

from .conftest import game, give
from .test_planets import boards_from_play

FLAGS = [(False, True), (True, True), (False, False), (True, False)]  # (ignore_adjacency, planet_rule)


def brute_force(board: Board, tile_id: int, ignore_adjacency: bool, planet_rule: bool) -> set[tuple[int, int]]:
    """Every (anchor, orientation) of the 8 x 144 that the rules allow, asked one by one."""
    return {(anchor, o) for o in range(8) for anchor in range(144)
            if board.placement_problem(tile_id, o, anchor, ignore_adjacency=ignore_adjacency,
                                       planet_rule=planet_rule) is None}


@pytest.mark.parametrize("planet_id", SUPPORTED_PLANETS)
def test_every_legal_placement_is_found_and_nothing_else(planet_id):
    rng = random.Random(planet_id)
    tiles = sorted(D.tiles())
    boards = [Board(planet_id)] + boards_from_play(planet_id, 5, every=4)
    checked = 0
    for board in boards:
        for tile_id in rng.sample(tiles, 3):
            for adj, rule in FLAGS:
                found = board.legal_placements(tile_id, ignore_adjacency=adj, planet_rule=rule, distinct=False)
                assert len(found) == len(set(found))
                want = brute_force(board, tile_id, adj, rule)
                assert {(p.anchor, p.orient) for p in found} == want, (planet_id, tile_id, adj, rule)
                assert board.can_place(tile_id, ignore_adjacency=adj, planet_rule=rule) == bool(want)
                for p in found:  # each placement says which squares it covers
                    cells = D.tile(tile_id).orientations[p.orient].cells
                    assert sorted(p.cells) == sorted(p.anchor + c.dr * 12 + c.dc for c in cells)
                checked += len(want)
    assert checked > 1000


def test_distinct_placements_leave_out_only_orientations_that_look_the_same():
    board = boards_from_play("ksb-4156", 2, every=5)[2]
    for tile_id in sorted(D.tiles())[::7]:
        every = board.legal_placements(tile_id, distinct=False)
        distinct = board.legal_placements(tile_id)
        assert set(distinct) <= set(every)

        def look(p, tile_id=tile_id):
            return frozenset((p.anchor + c.dr * 12 + c.dc, c.terrain, c.symbol)
                             for c in D.tile(tile_id).orientations[p.orient].cells)

        assert {look(p) for p in distinct} == {look(p) for p in every}
        assert len({look(p) for p in distinct}) == len(distinct)


def test_the_offered_squares_follow_the_board_after_a_placement_and_an_undo():
    g = game(2)
    give(g, 0, 8)  # a domino for seat 0
    apply(g, 0, Pick("small"))
    first = {(a.anchor, a.orient) for a in legal_actions(g, 0) if isinstance(a, Place)}
    anchor, orient = sorted(first)[0]
    apply(g, 0, Place(anchor, orient))
    b = g.seats[0].board
    covered = b.occupied
    apply(g, 0, next(a for a in legal_actions(g, 0) if str(a) == "undo"))
    assert g.seats[0].board.occupied == 0  # the planet is empty again
    apply(g, 0, Pick("small"))
    again = {(a.anchor, a.orient) for a in legal_actions(g, 0) if isinstance(a, Place)}
    assert again == first  # the same position gets the same answer
    apply(g, 0, Place(anchor, orient))
    assert g.seats[0].board.occupied == covered
    # the next tile is offered only free squares touching the first one
    nxt = Board.from_json(g.seats[0].board.to_json())
    for p in nxt.legal_placements(8):
        assert not p.mask & covered
        assert D.halo(p.mask) & covered


def test_boards_loaded_from_the_same_record_do_not_share_squares():
    b = boards_from_play("ksb-4156", 3, every=5)[1]
    one, two = Board.from_json(b.to_json()), Board.from_json(b.to_json())
    free = next(p for p in one.legal_placements(8))
    one.place_tile(8, free.orient, free.anchor)
    assert two.occupied == b.occupied and two.terrain == b.terrain and two.owner == b.owner
    assert one.occupied != two.occupied
    assert any(one.terrain[c] != two.terrain[c] for c in free.cells)


@pytest.mark.parametrize("planet_id", ["ksb-4156", "petra", "gaia"])
def test_a_terrain_area_is_the_connected_group_its_square_belongs_to(planet_id):
    for board in boards_from_play(planet_id, 4, every=3)[-2:]:
        for terrain in set(t for t in board.terrain if t):
            for group in board.areas(terrain):
                for cell in group:
                    assert board.area_of(cell) == sorted(group)
    assert Board("ksb-4156").area_of(sq("A1")) == []  # an empty square belongs to no area


def test_random_games_agree_with_the_slow_check_at_every_placement():
    """Through legal_actions (the cached place actions) in whole games: what is offered is
    exactly what the square-by-square check allows, orientation duplicates aside."""
    for seed in (1, 2):
        g = new_game(make_config(3, planets=["ksb-4156", "k-273", "tartarus"]), seed)
        rng = random.Random(seed)
        checks = 0
        while g.phase != "over":
            seat = rng.choice(to_act(g))
            acts = legal_actions(g, seat)
            s = g.seats[seat]
            if s.hand is not None and checks < 40 and rng.random() < 0.5:
                offered = {(a.anchor, a.orient) for a in acts if isinstance(a, Place)}
                b = s.board
                looks = {}
                for anchor, o in brute_force(b, s.hand, *_flags(g, seat)):
                    key = frozenset((anchor + c.dr * 12 + c.dc, c.terrain, c.symbol)
                                    for c in D.tile(s.hand).orientations[o].cells)
                    looks.setdefault(key, set()).add((anchor, o))
                assert len(offered) == len(looks)
                assert all(len(offered & same) == 1 for same in looks.values())
                checks += 1
            acts = [a for a in acts if str(a) != "undo"] or acts
            apply(g, seat, rng.choice(acts))
        assert checks >= 20


def _flags(g, seat):
    from engine.rules import placement_rules

    r = placement_rules(g, seat)
    return r["ignore_adjacency"], r["planet_rule"]
