"""Every data file loads and holds the facts of the published game."""
from collections import Counter

import pytest

from engine import data as D
from engine import planets as P
from engine.corporations import BOARDS
from engine.errors import InconsistentData
from engine.setup import SUPPORTED_CORPORATIONS, SUPPORTED_PLANETS


def test_144_tiles_12_shapes_6_terrain_pairs_half_with_meteors():
    tiles = D.tiles()
    assert len(tiles) == 144
    assert Counter(t.shape for t in tiles.values()) == {s: 12 for s in range(12)}
    pairs = Counter((t.terrain_a, t.terrain_b) for t in tiles.values())
    assert pairs == {("civ", "energy"): 24, ("energy", "water"): 24, ("rover", "tech"): 24,
                     ("tech", "biomass"): 24, ("water", "rover"): 24, ("biomass", "civ"): 24}
    assert sum(t.has_meteor for t in tiles.values()) == 72
    # each (shape, pair, meteor) combination exists exactly once
    assert len({(t.shape, t.terrain_a, t.has_meteor) for t in tiles.values()}) == 144


def test_every_tile_orientation_has_two_icons_one_per_terrain_and_a_meteor_only_on_meteor_tiles():
    for t in D.tiles().values():
        assert len(t.orientations) == 8
        for o in t.orientations:
            assert len(o.cells) == t.size
            icons = sorted(c.symbol for c in o.cells if c.symbol)
            assert icons == sorted([t.terrain_a, t.terrain_b])
            for c in o.cells:
                assert c.symbol in (None, c.terrain)
            assert sum(c.meteor for c in o.cells) == (1 if t.has_meteor else 0)
            assert (o.cells[0].dr, o.cells[0].dc) == (0, 0)  # the anchor is the first square


def test_station_has_6_depots_of_a_small_and_a_large_stack_of_12_covering_every_tile_once():
    st = D.station()
    assert len(st.small_slots) == len(st.large_slots) == 6
    all_ids = [i for s in st.small_slots + st.large_slots for i in s]
    assert sorted(all_ids) == list(range(144))
    for s in st.small_slots:
        assert len(s) == 12 and {D.tile(i).ring for i in s} == {"small"} and len({D.tile(i).shape for i in s}) == 1
    for s in st.large_slots:
        assert len(s) == 12 and {D.tile(i).ring for i in s} == {"large"}
    assert {D.tile(s[0]).size for s in st.small_slots} == {2, 3, 4}
    assert {D.tile(s[0]).size for s in st.large_slots} == {4, 5}
    assert st.indicator_positions[4] == (0, 1, 3, 4)


def test_ksb_4156_grid_ice_lifepods_and_medals():
    p = D.planet("ksb-4156")
    assert bin(p.grid_mask).count("1") == 96
    assert bin(p.ice_mask).count("1") == 21
    assert [D.cell_name(c) for c in p.lifepods] == ["C8", "E2", "E11", "H3", "I9", "J6"]
    assert p.row_medals == p.column_medals == (1, 1, 1, 2, 2, 3, 3, 2, 2, 1, 1, 1)
    assert not p.ice_mask & D.mask_of(p.lifepods)
    assert p.edge_mask & (1 << D.parse_cell("F1")) and not p.edge_mask & (1 << D.parse_cell("F6"))
    assert p.complexity == 1


def test_thirteen_planets_each_with_six_lifepods_on_grid_squares():
    ps = D.planets()
    assert len(ps) == 13
    for p in ps.values():
        assert len(p.lifepods) >= 6
        assert all(p.is_grid(c) for c in p.lifepods)


# Facts of each planet board as the reference gives them (planets.json stats and legend):
# grid squares, ice, lifepods, the sum of row and of column medals, complexity, and the
# number of its special squares (ring, well, city, toxic, hole or black hole, current).
PLANET_FACTS = {
    "ksb-4156": (96, 21, 6, 20, 20, 1, {}),
    "arashi": (96, 22, 6, 20, 20, 2, {"R": 24}),
    "cerberus": (96, 29, 6, 18, 21, 3, {}),
    "charybdis": (96, 31, 6, 20, 20, 1, {"W": 4}),
    "gaia": (96, 24, 6, 20, 20, 2, {"C": 8}),
    "k-273": (96, 80, 6, 20, 20, 3, {}),
    "kaak": (96, 25, 6, 20, 20, 2, {"T": 21}),
    "lacuna": (94, 28, 6, 20, 20, 4, {"O": 15}),
    "oblivion": (96, 36, 6, 20, 20, 3, {"O": 48}),
    "pajitnov": (96, 28, 6, 20, 20, 2, {}),
    "persephone": (96, 27, 6, 20, 20, 3, {}),
    "petra": (96, 0, 6, 20, 20, 2, {"E": 36, "p": 1}),
    "tartarus": (96, 23, 6, 20, 20, 3, {}),
}


@pytest.mark.parametrize("planet_id", sorted(PLANET_FACTS))
def test_each_planet_has_the_squares_ice_lifepods_and_medals_of_its_board(planet_id):
    grid, ice, pods, row_sum, col_sum, complexity, special = PLANET_FACTS[planet_id]
    p = D.planet(planet_id)
    assert bin(p.grid_mask).count("1") == grid == p.raw["stats"]["grid_cells"]
    assert bin(p.ice_mask).count("1") == ice
    assert len(p.lifepods) == pods and not D.mask_of(p.lifepods) & p.ice_mask
    assert all(p.kind(c) in "Pp" for c in p.lifepods)
    assert (sum(p.row_medals), sum(p.column_medals)) == (row_sum, col_sum)
    assert set(p.row_medals) | set(p.column_medals) <= {1, 2, 3}
    assert p.complexity == complexity
    counts = Counter("".join(p.grid))
    assert {k: counts[k] for k in special} == special
    assert not (p.ice_mask & ~p.grid_mask)
    # rows and columns hold exactly the grid squares, holes and space left out
    assert sum(bin(m).count("1") for m in p.row_masks) == sum(bin(m).count("1") for m in p.column_masks) == grid
    assert P.rules_for(planet_id).max_medals == p.raw["stats"]["max_row_column_medals"] + {
        "gaia": 16, "cerberus": 6}.get(planet_id, 0)


def test_special_squares_of_the_asymmetric_planets_are_where_the_rules_need_them():
    assert P.rules_for("arashi").ring == D.planet("arashi").row_masks[5] | D.planet("arashi").row_masks[6]
    assert [D.cell_name(c) for c in D.cells_of(P.rules_for("charybdis").first_mask)] == ["F6", "F7", "G6", "G7"]
    assert [D.cell_name(c) for c in D.cells_of(P.rules_for("gaia").cities)] == [
        "A6", "C3", "C10", "F12", "G1", "J3", "J10", "L7"]
    assert P.rules_for("lacuna").holes == D.mask_of([r * 12 + c for r, c in D.planet("lacuna").raw["holes"]])
    petra = P.rules_for("petra")
    assert bin(petra.currents).count("1") == 37 and petra.currents >> D.parse_cell("J9") & 1  # a lifepod on one
    assert P.rules_for("pajitnov").slide and P.rules_for("k-273").land_ice
    assert [(q, r) for q, r, _ in P.rules_for("persephone").banned] == [
        ("north-west", "civ"), ("north-east", "energy"), ("south-west", "tech"), ("south-east", "water")]
    assert sum(bin(m).count("1") for _, _, m in P.rules_for("persephone").banned) == 96
    restricting = {pid for pid in D.planets() if P.rules_for(pid).restricts_tiles}
    assert restricting == {"arashi", "k-273", "pajitnov", "persephone", "tartarus"}


def test_cerberus_globes_and_tartarus_sides_split_the_grid_and_the_chasm_is_their_border():
    cerberus = P.rules_for("cerberus")
    assert [bin(g).count("1") for g in cerberus.globes] == [28, 47, 21]  # north-east, west, south-east
    assert sum(cerberus.globes) == D.planet("cerberus").grid_mask
    tartarus = P.rules_for("tartarus")
    west, east = tartarus.sides
    grid = D.planet("tartarus").grid_mask
    assert west | east == grid and not west & east
    border = {frozenset((a, b)) for a in D.cells_of(west) for b in D.neighbours(a) if east >> b & 1}
    chasm = {frozenset(r * 12 + c for r, c in e) for e in D.planet("tartarus").raw["regions"]["chasm_edges"]}
    assert border == chasm and len(chasm) == 16
    assert {tuple(sorted(D.cell_name(c) for c in pair)) for pair in tartarus.crossings} == {
        ("D6", "E7"), ("I7", "J6")}


def test_edges_follow_the_rulings_for_oblivion_lacuna_and_cerberus():
    oblivion = D.planet("oblivion")
    border = sum(1 << c for c in range(144) if c // 12 in (0, 11) or c % 12 in (0, 11)) & oblivion.grid_mask
    assert oblivion.edge_mask == border  # P2: the outer border only
    lacuna = D.planet("lacuna")
    holes = P.rules_for("lacuna").holes
    for c in D.cells_of(lacuna.edge_mask):  # P6: every edge square touches space or the board's side
        r, col = divmod(c, 12)
        assert r in (0, 11) or col in (0, 11) or any(lacuna.kind(n) == "." for n in D.neighbours(c))
    assert any(D.halo(1 << c) & holes for c in D.cells_of(lacuna.grid_mask & ~lacuna.edge_mask))
    cerberus = D.planet("cerberus")  # P3: squares where two globes touch are not edges
    assert not cerberus.edge_mask >> D.parse_cell("J7") & 1 and not cerberus.edge_mask >> D.parse_cell("J8") & 1


def test_universal_coalition_tracks_techs_and_rovers():
    c = D.corporation("universal_coalition")
    assert c.rovers == 2
    assert set(c.tracks) == set(D.TRACKS)
    assert all(t.top == 15 for t in c.tracks.values())
    assert c.tech_positions == {1: 3, 2: 5, 3: 7, 4: 10, 5: 14}
    assert [t.code for t in c.techs] == ["ignore_adjacency", "store_biomass_patches", "rover_move_plus_n",
                                          "double_water_from_tile_placement", "meteor_immunity"]
    assert c.tracks["water"].medal_at[15] == 10
    assert c.tracks["civ"].benefits[3] == (("civ", 1),)
    assert c.tracks["rover"].repeat_at_top == (("move", 4),)
    assert len(D.corporations()) == 9


def test_every_tech_carries_its_board_label_and_every_tech_used_at_will_its_item_text():
    """Texts live in the data (corporations.json): a label for the board image, and a "use"
    text for the optional pending item of a tech a player uses at will (every once-per-game
    tech, and those a board offers again in the final step)."""
    for cid, corp in D.corporations().items():
        for tech in corp.techs:
            assert tech.label.strip() and len(tech.label) <= 50, (cid, tech.level, tech.label)
            assert tech.use == tech.use.strip(), (cid, tech.level)
            if tech.timing == "once_per_game" or tech.level in BOARDS[cid].final_techs:
                assert tech.use, f"{cid} tech {tech.level} is used at will but has no 'use' text"


def test_every_corporation_carries_its_menu_line_and_its_tech_note():
    """Menu lines are select-menu descriptions: Discord takes at most 100 characters."""
    for cid, corp in D.corporations().items():
        assert corp.pitch.strip().endswith(".") and len(corp.pitch) <= 100, cid
        assert corp.tech_note.strip(), cid


def test_every_planet_carries_its_menu_line_and_each_asymmetric_one_its_rule_in_a_sentence():
    for pid, planet in D.planets().items():
        assert planet.pitch.strip().endswith(".") and len(planet.pitch) <= 100, pid
        assert bool(planet.summary) == (planet.raw["board_side"] == "asymmetric"), pid
        assert P.rules_for(pid).summary == planet.summary


def test_what_the_engine_offers_is_what_the_data_and_the_board_registry_hold():
    assert SUPPORTED_PLANETS == tuple(D.planets())
    assert SUPPORTED_CORPORATIONS == tuple(D.corporations())  # every corporation of the data has its board
    assert set(BOARDS) == set(D.corporations())


def test_36_civ_cards_9_per_rank_and_28_objective_cards():
    cards = D.civ_cards()
    assert len(cards) == 36
    assert Counter(c.rank for c in cards.values()) == {1: 9, 2: 9, 3: 9, 4: 9}
    assert {c.timing for c in cards.values()} == {"immediate", "end_game"}
    objs = D.objective_cards()
    assert sorted(objs) == list(range(37, 65))
    assert all(o.neighbour["compare"] in ("most", "least") for o in objs.values())


def test_squares_are_named_by_row_letter_and_column_number():
    assert D.cell_name(0) == "A1" and D.cell_name(143) == "L12"
    assert D.parse_cell("c5") == 2 * 12 + 4
    for bad in ("M1", "A0", "A13", "", "55", "C"):
        try:
            D.parse_cell(bad)
        except ValueError as exc:
            assert "square" in str(exc)
        else:
            raise AssertionError(bad)


def test_60_event_cards_20_per_colour_with_the_six_solo_only_ones():
    from engine import events as E

    cards = E.cards()
    assert sorted(cards) == list(range(65, 125))
    assert sorted(c.number for c in cards.values()) == list(range(1, 61))
    assert Counter(c.colour for c in cards.values()) == {"green": 20, "orange": 20, "red": 20}
    assert sorted(c.id for c in cards.values() if c.solo_only) == [65, 66, 67, 79, 110, 116]
    assert {c: len(ids) for c, ids in E.pool(2).items()} == {"green": 16, "orange": 20, "red": 18}
    assert {c: len(ids) for c, ids in E.pool(1).items()} == {"green": 20, "orange": 20, "red": 20}
    assert D.events_raw()["setup"]["multiplayer_pool_after_removing_solo_only"] == {
        c: len(ids) for c, ids in E.pool(3).items()}
    assert all(c.name and c.text for c in cards.values())


def test_every_event_effect_is_one_the_engine_applies(monkeypatch):
    import json

    import pytest

    from engine import events as E

    seen_ops, seen_rules = set(), set()
    for c in E.cards().values():
        for op in c.ops():
            seen_ops.add(op["op"])
            if op["op"] == "round_restriction":
                seen_rules.add(op["rule"])
    assert seen_ops == E.KNOWN_OPS and seen_rules == E.ROUND_RULES  # each known effect is used by a card
    # an unknown effect is refused when the data is loaded, not met in the middle of a game
    raw = json.loads((D.DATA_DIR / "events.json").read_text(encoding="utf-8"))
    bad = dict(raw, cards=[dict(raw["cards"][0], effect=[{"op": "teleport_planet"}])])
    monkeypatch.setattr(D, "events_raw", lambda: bad)
    E.cards.cache_clear()
    with pytest.raises(InconsistentData, match="teleport_planet"):
        E.cards()
    monkeypatch.undo()
    E.cards.cache_clear()
    assert len(E.cards()) == 60


def test_solo_target_table_and_epilogue_bands_cover_every_count_and_score():
    solo = D.events_raw()["solo"]
    assert solo["base_target"] == 60
    assert solo["adjustment_by_count"]["bands"] == ["0-2", "3-6", "7-10", "11-14", "15+"]
    bands = solo["epilogues"]
    assert bands[0]["delta_min"] is None and bands[-1]["delta_max"] is None
    for a, b in zip(bands, bands[1:]):
        assert b["delta_min"] == a["delta_max"] + 1  # no gap, no overlap
