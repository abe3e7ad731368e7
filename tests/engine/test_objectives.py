"""Objective cards (cards.md sections 3-4, RULINGS S2): every neighbour criterion and every
private condition of the 28 cards, on hand-made KSB-4156 positions that make each one true
and false.

Neighbour cards are scored through ``engine.score`` with the card as the only neighbour
objective of a 2-player game: the better planet wins 5, equal values (0 against 0 included)
give 2 each, and for 'least' cards the lower value wins. Private cards are scored through the
E part of ``engine.score`` (5 when met).

Positions are built with engine/scenario.py. The neighbour tests then put their one card on
the table by hand, on purpose: a 2-player game always deals three neighbour cards, and a
table of one card (or of one card twice) isolates that card's medals in F
(tests/engine/test_public_api.py lists each such edit).
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import engine.data as D
from engine import score
from engine.objectives import neighbour_value, private_met

from .helpers_cards import PLANET, family_a, family_b, lay, names, new, sq, terrain, tile_id

CARDS = json.loads((Path(D.DATA_DIR) / "objectives.json").read_text())["cards"]
NEIGHBOUR = [(c["id"], c["neighbor"]["criterion"]) for c in CARDS]
PRIVATE = [(c["id"], c["private"]["condition"]) for c in CARDS]


def test_all_28_cards_are_covered():
    assert sorted(c for c, _ in NEIGHBOUR) == list(range(37, 65))
    kinds_n = {crit["kind"] for _, crit in NEIGHBOUR}
    kinds_p = {cond["kind"] for _, cond in PRIVATE}
    assert kinds_n == {"resources_on_edge", "largest_area", "area_count", "resources_on_planet", "tracks_at_max",
                       "collected"}
    assert kinds_p == {"rectangle", "area_with_resources", "track_at_max", "resources_on_planet_at_most",
                       "collected_at_least", "collected_more_than", "all_covered"}


def _other(fam: tuple[str, str], t: str) -> str:
    return fam[1] if fam[0] == t else fam[0]


# --------------------------------------------------------------------------- planet geometry


def test_ksb_edge_squares_are_the_squares_touching_the_outside():
    """Edge = a grid square with an orthogonal neighbour that is not a grid square (cards.md
    section 4). On KSB-4156 that is the outer ring, 28 squares."""
    expected = ("A6 A7 B4 B5 B8 B9 C3 C10 D2 D11 E2 E11 F1 F12 G1 G12 H2 H11 I2 I11 J3 J10 K4 K5 K8 K9 "
                "L6 L7").split()
    assert names(D.cells_of(PLANET.edge_mask)) == sorted(expected, key=sq)
    # D2 touches the outside on its left (C1/D1 are not grid squares); D3 only diagonally (C2)
    assert PLANET.edge_mask >> sq("D2") & 1
    assert not PLANET.edge_mask >> sq("D3") & 1
    assert not PLANET.is_grid(sq("C2")) and not PLANET.is_grid(sq("D1"))


# --------------------------------------------------------------------------- position builders


def edge_icon(seat, resource: str, on_edge: bool) -> None:
    """A domino showing ``resource``'s icon on D2 (edge) or on D3 (not edge: its only
    outside neighbour, C2, is diagonal); the domino's other icon takes the other square."""
    fam = family_a(resource)
    x = _other(fam, resource)
    r_sq, x_sq = ("D2", "D3") if on_edge else ("D3", "D2")
    lay(seat, tile_id("I2", *fam), f"{r_sq}:{resource}* {x_sq}:{x}*")


def area_pieces(seat, t: str, joined: bool) -> None:
    """E3-E4 in terrain ``t`` plus one more ``t`` square: F4 (under E4, joins it: one area of 3)
    or F5 (only diagonal to E4: areas of 2 and 1)."""
    fam = family_a(t)
    x = _other(fam, t)
    lay(seat, tile_id("I4", *fam), f"E3:{t}* E4:{t} E5:{x}* E6:{x}")
    col = "4" if joined else "5"
    lay(seat, tile_id("I2", *fam), f"F{col}:{t}* G{col}:{x}*")


def icons_on_planet(seat, resource: str, count: int) -> None:
    """``count`` (1 or 2) tiles showing ``resource``'s icon once each."""
    fam = family_a(resource)
    x = _other(fam, resource)
    lay(seat, tile_id("I2", *fam), f"F4:{resource}* G4:{x}*")
    if count == 2:
        lay(seat, tile_id("I2", *fam, meteor=True), f"F5:{resource}* G5:{x}*!")


def build_neighbour(crit: dict, s, high: bool) -> None:
    """Give scenario seat ``s`` the position worth the card's 'high' value (or the 'low' one)."""
    kind = crit["kind"]
    if kind == "resources_on_edge":
        edge_icon(s, crit["resource"], on_edge=high)
    elif kind == "largest_area":
        area_pieces(s, crit["terrain"], joined=high)
    elif kind == "area_count":
        area_pieces(s, crit["terrain"], joined=not high)
    elif kind == "resources_on_planet":
        icons_on_planet(s, crit["resource"], 2 if high else 1)
    elif kind == "tracks_at_max":
        if high:
            s.trackers(civ=15, water=14, biomass=14, rover=15, tech=14)
        else:
            s.trackers(civ=14, water=15, biomass=14, rover=14, tech=14)
    elif kind == "collected":
        n = 4 if high else 2
        if crit["what"] == "meteorite":
            s.collected(meteorites=n, lifepods=6 - n)  # the other kind must not count
        else:
            s.collected(lifepods=n, meteorites=6 - n)
    else:
        raise AssertionError(kind)


HIGH_LOW = {"resources_on_edge": (1, 0), "largest_area": (3, 2), "area_count": (2, 1),
            "resources_on_planet": (2, 1), "tracks_at_max": (2, 1), "collected": (4, 2)}


def neighbour_game(sc, card_id: int):
    """The game of scenario ``sc`` with ``card_id`` as the only neighbour card (by hand, on
    purpose: see the module docstring)."""
    state = sc.start()
    state.neighbour_objectives = [card_id]
    return state


def f_part(state, seat: int) -> dict:
    f = score(state)["players"][seat]["F"]
    assert len(f["objectives"]) == 1
    return f["objectives"][0]


# --------------------------------------------------------------------------- neighbour side


@pytest.mark.parametrize("card_id,crit", NEIGHBOUR, ids=[f"card{c}-{k['kind']}" for c, k in NEIGHBOUR])
def test_neighbour_card_better_planet_wins_5(card_id, crit):
    sc = new(2)
    build_neighbour(crit, sc.seat(0), high=True)
    build_neighbour(crit, sc.seat(1), high=False)
    state = neighbour_game(sc, card_id)
    high, low = HIGH_LOW[crit["kind"]]
    assert neighbour_value(state, 0, crit) == high
    assert neighbour_value(state, 1, crit) == low
    f0, f1 = f_part(state, 0), f_part(state, 1)
    assert (f0["value"], f0["their_value"]) == (high, low)
    assert (f1["value"], f1["their_value"]) == (low, high)
    if crit["compare"] == "most":
        assert (f0["medals"], f1["medals"]) == (5, 0)
    else:  # 'least': the lower value wins
        assert crit["compare"] == "least"
        assert (f0["medals"], f1["medals"]) == (0, 5)


@pytest.mark.parametrize("card_id,crit", NEIGHBOUR, ids=[f"card{c}-{k['kind']}" for c, k in NEIGHBOUR])
def test_neighbour_card_equal_values_give_2_each(card_id, crit):
    sc = new(2)
    build_neighbour(crit, sc.seat(0), high=True)
    build_neighbour(crit, sc.seat(1), high=True)
    state = neighbour_game(sc, card_id)
    high, _ = HIGH_LOW[crit["kind"]]
    assert neighbour_value(state, 0, crit) == neighbour_value(state, 1, crit) == high
    assert (f_part(state, 0)["medals"], f_part(state, 1)["medals"]) == (2, 2)
    assert score(state)["players"][0]["F"]["total"] == 2


@pytest.mark.parametrize("card_id,crit", NEIGHBOUR, ids=[f"card{c}-{k['kind']}" for c, k in NEIGHBOUR])
def test_neighbour_card_zero_against_zero_is_a_tie(card_id, crit):
    state = neighbour_game(new(2), card_id)  # untouched planets and boards: every value is 0
    assert neighbour_value(state, 0, crit) == neighbour_value(state, 1, crit) == 0
    assert (f_part(state, 0)["medals"], f_part(state, 1)["medals"]) == (2, 2)


def test_least_card_one_icon_beats_two_and_patches_have_no_icon():
    """20 Percent (57): fewest biomass icons. Biomass patches are biomass terrain with no icon."""
    sc = new(2)
    icons_on_planet(sc.seat(0), "biomass", 1)
    sc.seat(0).patch("H4 H5 H6")
    icons_on_planet(sc.seat(1), "biomass", 2)
    state = neighbour_game(sc, 57)
    assert f_part(state, 0)["value"] == 1 and f_part(state, 0)["medals"] == 5
    assert f_part(state, 1)["value"] == 2 and f_part(state, 1)["medals"] == 0


def test_resources_on_edge_counts_icons_not_terrain_on_edge_squares():
    """Perimeter (37, civ icons on the edge): civ terrain without an icon on the edge gives
    nothing; an icon on each of two edge squares gives 2."""
    sc = new(2)
    # N5 civ/energy: civ squares D2 (edge, no icon), D3 (icon, not edge), D4
    lay(sc.seat(0), tile_id("N5", "civ", "energy"), "D2:civ D3:civ* D4:civ C4:energy* C5:energy")
    assert neighbour_value(sc.start(), 0, {"kind": "resources_on_edge", "resource": "civ"}) == 0
    # I2 biomass/civ with the civ icon on H2 (edge: G1/H1 side is outside) and biomass on H3
    lay(sc.seat(0), tile_id("I2", "biomass", "civ"), "H2:civ* H3:biomass*")
    lay(sc.seat(0), tile_id("I2", "civ", "energy"), "K5:civ* K6:energy*")  # K5: L5 below is outside
    state = neighbour_game(sc, 37)
    assert neighbour_value(state, 0, {"kind": "resources_on_edge", "resource": "civ"}) == 2
    assert neighbour_value(state, 0, {"kind": "resources_on_edge", "resource": "biomass"}) == 0
    assert f_part(state, 0)["medals"] == 5


def test_biomass_patches_join_and_extend_biomass_areas():
    """Biome (42, largest biomass area) and Garden (48, number of biomass areas): patches are
    biomass terrain; squares touching only at a corner stay separate areas."""
    sc = new(2)
    lay(sc.seat(0), tile_id("I2", "tech", "biomass"), "E3:tech* E4:biomass*")
    sc.seat(0).patch("E5 E6 D6")  # joins E4: one area of 4
    lay(sc.seat(1), tile_id("I2", "tech", "biomass"), "E3:tech* E4:biomass*")
    sc.seat(1).patch("F5 G6 D5")  # each only diagonal to the others / to E4: 4 areas of 1
    state = sc.start()
    largest = {"kind": "largest_area", "terrain": "biomass"}
    count = {"kind": "area_count", "terrain": "biomass"}
    assert neighbour_value(state, 0, largest) == 4 and neighbour_value(state, 1, largest) == 1
    assert neighbour_value(state, 0, count) == 1 and neighbour_value(state, 1, count) == 4
    # by hand on purpose (Biome twice): 2 players, all three cards compare the pair
    state.neighbour_objectives = [42, 48, 42]
    f = score(state)["players"]
    assert [o["medals"] for o in f[0]["F"]["objectives"]] == [5, 0, 5]
    assert [o["medals"] for o in f[1]["F"]["objectives"]] == [0, 5, 0]


def test_largest_area_counts_squares_across_tiles_of_the_same_terrain():
    """Megacity (45): civ squares of three tiles joined side by side make one area of 5."""
    s = new(2).seat(0)
    lay(s, tile_id("I4", "civ", "energy"), "F3:civ* F4:civ F5:energy* F6:energy")
    lay(s, tile_id("I4", "biomass", "civ"), "G1:biomass* G2:biomass G3:civ* G4:civ")
    lay(s, tile_id("I2", "civ", "energy"), "E4:civ* D4:energy*")
    # a separate civ square on the far side does not add to it
    lay(s, tile_id("I2", "civ", "energy", meteor=True), "F9:civ* F10:energy*!")
    state = s.start()
    b = state.seats[0].board
    assert neighbour_value(state, 0, {"kind": "largest_area", "terrain": "civ"}) == 5
    assert neighbour_value(state, 0, {"kind": "area_count", "terrain": "civ"}) == 2
    assert sorted(len(a) for a in b.areas("civ")) == [1, 5]


def test_tracks_at_max_is_the_top_space():
    """Pinnacle (60): a tracker counts only on the top space (15), one below does not."""
    sc = new(2)
    sc.seat(0).trackers(civ=15, water=15, biomass=15, rover=15, tech=15)
    sc.seat(1).trackers(civ=14, water=14, biomass=14, rover=14, tech=14)
    state = neighbour_game(sc, 60)
    assert f_part(state, 0)["value"] == 5 and f_part(state, 1)["value"] == 0
    assert f_part(state, 0)["medals"] == 5


# --------------------------------------------------------------------------- private side: builders


def rect_3x3(seat, t: str, complete: bool = True) -> None:
    """Terrain ``t`` on E4:G6 (3x3): four I4 rows (E4-E7 and F4-F7 from two families) and an
    N5 whose three-square side fills G4-G6. Without the N5 only E4:F7 (2x4) is ``t``."""
    fa, fb = family_a(t), family_b(t)
    x, y = _other(fa, t), _other(fb, t)
    lay(seat, tile_id("I4", *fb), f"E2:{y}* E3:{y} E4:{t}* E5:{t}")
    lay(seat, tile_id("I4", *fb, meteor=True), f"F2:{y}* F3:{y} F4:{t}* F5:{t}!")
    lay(seat, tile_id("I4", *fa), f"E6:{t}* E7:{t} E8:{x}* E9:{x}")
    lay(seat, tile_id("I4", *fa, meteor=True), f"F6:{t}* F7:{t} F8:{x}* F9:{x}!")
    if complete:
        lay(seat, tile_id("N5", *fa), f"G4:{t} G5:{t}* G6:{t} H3:{x} H4:{x}*")
        board = seat.start().seats[seat.index].board
        assert all(terrain(board, n) == t for n in "E4 E5 E6 F4 F5 F6 G4 G5 G6".split())


def rect_wide(seat, t: str, complete: bool = True) -> None:
    """Terrain ``t`` on E4:F8: 2 rows by 5 columns (four upright I4 and an O4 for column 8)."""
    fa, fb = family_a(t), family_b(t)
    x, y = _other(fa, t), _other(fb, t)
    lay(seat, tile_id("I4", *fa), f"E4:{t}* F4:{t} G4:{x}* H4:{x}")
    lay(seat, tile_id("I4", *fa, meteor=True), f"E5:{t}* F5:{t} G5:{x}* H5:{x}!")
    lay(seat, tile_id("I4", *fb), f"E6:{t} F6:{t}* G6:{y} H6:{y}*")
    lay(seat, tile_id("I4", *fb, meteor=True), f"E7:{t}! F7:{t}* G7:{y} H7:{y}*")
    if complete:
        lay(seat, tile_id("O4", *fa), f"E8:{t} E9:{x}* F8:{t}* F9:{x}")
        board = seat.start().seats[seat.index].board
        assert all(terrain(board, f"{r}{c}") == t for r in "EF" for c in range(4, 9))


def rect_tall(seat, t: str, complete: bool = True) -> None:
    """Terrain ``t`` on C7:G8: 5 rows by 2 columns (four flat I4 and an O4 for row G)."""
    fa, fb = family_a(t), family_b(t)
    x, y = _other(fa, t), _other(fb, t)
    lay(seat, tile_id("I4", *fa), f"C7:{t}* C8:{t} C9:{x}* C10:{x}")
    lay(seat, tile_id("I4", *fa, meteor=True), f"D7:{t}* D8:{t} D9:{x}* D10:{x}!")
    lay(seat, tile_id("I4", *fb), f"E7:{t} E8:{t}* E9:{y} E10:{y}*")
    lay(seat, tile_id("I4", *fb, meteor=True), f"F7:{t}! F8:{t}* F9:{y} F10:{y}*")
    if complete:
        lay(seat, tile_id("O4", *fa), f"G7:{t}* G8:{t} H7:{x} H8:{x}*")
        board = seat.start().seats[seat.index].board
        assert all(terrain(board, f"{r}{c}") == t for r in "CDEFG" for c in (7, 8))


def area_six_icons(seat, t: str, together: bool = True) -> None:
    """Five ``t`` icons in the E4:F8 block (rect_wide) and a sixth on an N5 whose ``t`` side
    touches it (D4-D6) or stands apart (J6-J8)."""
    rect_wide(seat, t)
    fa = family_a(t)
    x = _other(fa, t)
    if together:
        lay(seat, tile_id("N5", *fa), f"D4:{t} D5:{t}* D6:{t} C6:{x}* C7:{x}")
    else:
        lay(seat, tile_id("N5", *fa), f"J6:{t} J7:{t}* J8:{t} I8:{x}* I9:{x}")


RECT_CARDS = [(c, cond) for c, cond in PRIVATE if cond["kind"] == "rectangle"]
SQUARE_CARDS = [(c, cond) for c, cond in RECT_CARDS if (cond["width"], cond["height"]) == (3, 3)]
LONG_CARDS = [(c, cond) for c, cond in RECT_CARDS if {cond["width"], cond["height"]} == {2, 5}]


def private_game(players: int = 2):
    """A scenario of a game with private objectives (kept ones are set by ``private_score``)."""
    return new(players, private_objectives=True)


def private_score(sc, seat: int, card_id: int) -> int:
    """Seat ``seat`` keeps ``card_id`` as its only private objective (the other seats keep none
    and three other cards lie on the table); its E medals in the position of ``sc``."""
    for i in range(len(sc.start().seats)):
        sc.seat(i).objectives()
    sc.neighbour_objectives(*[c for c in range(37, 65) if c != card_id][:3])
    sc.seat(seat).objectives(card_id)
    e = score(sc.start())["players"][seat]["E"]
    assert [o["card"] for o in e["objectives"]] == [card_id]
    return e["total"]


def test_rectangle_cards_are_six_3x3_and_six_2x5():
    assert sorted(c["terrain"] for _, c in SQUARE_CARDS) == sorted(["civ", "tech", "biomass", "water", "rover",
                                                                     "energy"])
    assert sorted(c["terrain"] for _, c in LONG_CARDS) == sorted(["civ", "tech", "biomass", "water", "rover",
                                                                   "energy"])


@pytest.mark.parametrize("card_id,cond", SQUARE_CARDS, ids=[f"card{c}-{k['terrain']}" for c, k in SQUARE_CARDS])
def test_private_3x3_rectangle(card_id, cond):
    sc = private_game()
    rect_3x3(sc.seat(0), cond["terrain"])
    rect_3x3(sc.seat(1), cond["terrain"], complete=False)  # 2x4 only
    state = sc.start()
    assert private_met(state, 0, cond) is True
    assert private_met(state, 1, cond) is False
    assert private_score(sc, 0, card_id) == 5
    assert private_score(sc, 1, card_id) == 0


@pytest.mark.parametrize("card_id,cond", LONG_CARDS, ids=[f"card{c}-{k['terrain']}" for c, k in LONG_CARDS])
@pytest.mark.parametrize("layout", ["wide", "tall"])
def test_private_2x5_rectangle_either_orientation(card_id, cond, layout):
    build = rect_wide if layout == "wide" else rect_tall
    sc = private_game()
    build(sc.seat(0), cond["terrain"])
    build(sc.seat(1), cond["terrain"], complete=False)  # 2x4 / 4x2 only
    state = sc.start()
    assert private_met(state, 0, cond) is True
    assert private_met(state, 1, cond) is False
    assert private_score(sc, 0, card_id) == 5
    assert private_score(sc, 1, card_id) == 0


def test_3x3_block_is_not_a_2x5_and_2x5_is_not_a_3x3():
    sc = new(2)
    rect_3x3(sc.seat(0), "civ")
    rect_wide(sc.seat(1), "civ")
    state = sc.start()
    skyway = D.objective_card(49).private
    complex_ = D.objective_card(37).private
    assert private_met(state, 0, complex_) and not private_met(state, 0, skyway)
    assert private_met(state, 1, skyway) and not private_met(state, 1, complex_)


def test_rectangle_may_be_part_of_a_larger_area_and_patches_count_as_biomass():
    """Landfill (39): a 3x3 of biomass patches inside a larger biomass area."""
    sc = private_game()
    sc.seat(0).patch("E3 E4 E5 F3 F4 F5 G3 G4 G5 H4 D4")
    assert private_score(sc, 0, 39) == 5
    sc.seat(1).patch("E3 E4 E5 F3 F5 G3 G4 G5 H4 D4")  # F4 missing: a ring, no 3x3
    assert private_score(sc, 1, 39) == 0


AREA_CARDS = [(c, cond) for c, cond in PRIVATE if cond["kind"] == "area_with_resources"]


@pytest.mark.parametrize("card_id,cond", AREA_CARDS, ids=[f"card{c}-{k['terrain']}" for c, k in AREA_CARDS])
def test_private_area_with_six_icons(card_id, cond):
    t = cond["terrain"]
    assert cond["min_resources"] == 6
    sc = private_game()
    area_six_icons(sc.seat(0), t, together=True)
    area_six_icons(sc.seat(1), t, together=False)  # 6 icons, but 5 + 1 in two areas
    state = sc.start()
    b0, b1 = state.seats[0].board, state.seats[1].board
    assert sum(1 for c in range(144) if b1.symbol[c] == t) == 6
    assert max(len(a) for a in b0.areas(t)) == 13
    assert private_score(sc, 0, card_id) == 5
    assert private_score(sc, 1, card_id) == 0


def test_germinate_patches_extend_the_area_but_bring_no_icon():
    sc = private_game()
    rect_wide(sc.seat(0), "biomass")  # 5 biomass icons in one area
    sc.seat(0).patch("D4 D5 D6 D7 D8 E10")
    assert private_score(sc, 0, 45) == 0


TRACK_CARDS = [(c, cond) for c, cond in PRIVATE if cond["kind"] == "track_at_max"]


@pytest.mark.parametrize("card_id,cond", TRACK_CARDS, ids=[f"card{c}-{k['track']}" for c, k in TRACK_CARDS])
def test_private_track_at_top(card_id, cond):
    sc = private_game()
    others = {t: 14 for t in ("civ", "water", "biomass", "rover", "tech")}
    sc.seat(0).trackers(**{**others, cond["track"]: 15})
    sc.seat(1).trackers(**{**{t: 15 for t in others}, cond["track"]: 14})
    assert private_score(sc, 0, card_id) == 5
    assert private_score(sc, 1, card_id) == 0


def _energy_tiles(seat, count: int) -> None:
    specs = [(tile_id("I4", "civ", "energy"), "F1 F2 F3 F4"),
             (tile_id("I4", "energy", "water"), "F5 F6 F7 F8"),
             (tile_id("I4", "civ", "energy", True), "F9 F10 F11 F12!"),
             (tile_id("I4", "energy", "water", True), "G1 G2 G3 G4!"),
             (tile_id("I2", "civ", "energy"), "G5 G6"),
             (tile_id("I2", "energy", "water"), "G7 G8")]
    for tid, spec in specs[:count]:
        lay(seat, tid, spec)


@pytest.mark.parametrize("count,met", [(0, True), (5, True), (6, False)])
def test_private_alternative_energy_at_most_five_icons(count, met):
    (card_id, cond), = [(c, k) for c, k in PRIVATE if k["kind"] == "resources_on_planet_at_most"]
    assert (card_id, cond["resource"], cond["max"]) == (60, "energy", 5)
    sc = private_game()
    _energy_tiles(sc.seat(0), count)
    state = sc.start()
    assert sum(1 for c in range(144) if state.seats[0].board.symbol[c] == "energy") == count
    assert private_score(sc, 0, 60) == (5 if met else 0)


@pytest.mark.parametrize("meteorites,met", [(9, True), (10, True), (8, False)])
def test_private_cleanup_nine_meteorites(meteorites, met):
    sc = private_game()
    sc.seat(0).collected(meteorites=meteorites, lifepods=12).meteorites()
    assert sc.start().seats[0].board.meteorites == []
    assert private_score(sc, 0, 61) == (5 if met else 0)


def test_private_cleanup_does_not_count_meteorites_left_on_the_planet():
    sc = private_game()
    lay(sc.seat(0), tile_id("I2", "civ", "energy", True), "F4 G4!").collected(meteorites=8)
    assert len(sc.start().seats[0].board.meteorites) == 1
    assert private_score(sc, 0, 61) == 0


@pytest.mark.parametrize("lifepods,meteorites,met", [(3, 2, True), (1, 0, True), (2, 2, False), (0, 0, False),
                                                     (2, 5, False)])
def test_private_tight_ship_more_lifepods_than_meteorites(lifepods, meteorites, met):
    sc = private_game()
    sc.seat(0).collected(lifepods=lifepods, meteorites=meteorites)
    assert private_score(sc, 0, 62) == (5 if met else 0)


ICE = [D.cell_name(c) for c in D.cells_of(PLANET.ice_mask)]
LAND = [D.cell_name(c) for c in D.cells_of(PLANET.grid_mask & ~PLANET.ice_mask)]


def test_ksb_ice_and_land_counts():
    assert len(ICE) == 21 and len(LAND) == 75


def _cover_ice(seat, leave: str | None = None) -> None:
    # a water tile on F1/G1/F2/G2 (ice) and patches on the rest
    lay(seat, tile_id("O4", "energy", "water"), "F1 F2 G1 G2")
    seat.patch(*(n for n in ICE if n not in ("F1", "F2", "G1", "G2", leave)))


def test_private_meltdown_all_ice_covered_land_may_stay_open():
    sc = private_game()
    _cover_ice(sc.seat(0))
    _cover_ice(sc.seat(1), leave="K4")
    assert private_score(sc, 0, 63) == 5
    assert private_score(sc, 1, 63) == 0
    assert private_score(sc, 0, 64) == 0  # covering ice is not covering land


def _cover_land(seat, leave: str | None = None) -> None:
    lay(seat, tile_id("I4", "civ", "energy"), "E7 E8 E9 E10")
    seat.patch(*(n for n in LAND if n not in ("E7", "E8", "E9", "E10", leave)))


@pytest.mark.parametrize("leave", ["A6", "C8", "E11"])
def test_private_coveralls_all_land_covered_ice_may_stay_open(leave):
    sc = private_game()
    _cover_land(sc.seat(0))
    _cover_land(sc.seat(1), leave=leave)
    assert sc.start().seats[0].board.uncovered() == 21  # only the ice is still visible
    assert private_score(sc, 0, 64) == 5
    assert private_score(sc, 1, 64) == 0
    assert private_score(sc, 0, 63) == 0  # the ice is open


def test_every_private_condition_is_false_on_an_empty_planet_except_the_at_most_one():
    state = new(2).start()
    met = {c: private_met(state, 0, cond) for c, cond in PRIVATE}
    assert [c for c, m in met.items() if m] == [60]
