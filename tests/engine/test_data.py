"""Every data file loads and holds the facts of the published game."""
from collections import Counter

from engine import data as D


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
    with pytest.raises(D.DataError, match="teleport_planet"):
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
