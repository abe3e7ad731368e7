"""engine/scenario.py: every kind of piece a scenario lays out shows in the state and in the
views and then behaves through the real rules; undo returns to the built position; bad specs
get a clear error; a 2-player game can choose its first event card."""
from __future__ import annotations

import json

import pytest

import engine.data as D
from engine import apply, dump, legal_actions, to_act, view_for
from engine import corporations as C
from engine.actions import Move, Pick, Place, Resolve, Turn, Undo
from engine.corporations.makeshift import columns
from engine.data import parse_cell as sq
from engine.rules import seat_depot
from engine.scenario import Scenario, ScenarioError, grant, has_tech, pending, seat_score, tile_id, values
from engine.scoring import track_medals


def picks(g, seat=0):
    return sorted(a.stack for a in legal_actions(g, seat) if isinstance(a, Pick))


def play_out(g):
    """Finish the game through the rules, each seat taking its first legal action (undo never)."""
    for _ in range(5000):
        if g.phase == "over":
            return
        seat = to_act(g)[0]
        apply(g, seat, next(a for a in legal_actions(g, seat) if not isinstance(a, Undo)))
    raise AssertionError("the game did not end")


def without_item_numbers(g) -> dict:
    """The state as JSON, less each seat's next pending item number (never reused, by design)."""
    d = json.loads(dump(g))
    for s in d["seats"]:
        del s["next_item"]
    return d


def test_the_module_docstring_example_runs_as_written(capsys):
    import engine.scenario as S

    lines = S.__doc__.splitlines()
    start = lines.index("    from engine import apply, parse")
    end = next(i for i in range(start, len(lines)) if lines[i] and not lines[i].startswith("    "))
    exec(compile("\n".join(line[4:] for line in lines[start:end]), "example", "exec"), {})
    assert capsys.readouterr().out == "[['water'], ['rover']]\n"


def test_the_readme_bug_report_example_runs_as_written(capsys):
    """README "Report a rules bug": the report filed for issue 14's defect 5 runs on today's
    rules and prints what its last comment says (Cosmos tech 4: the step onto energy is free)."""
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Report a rules bug"):]
    start = section.index("```python\n") + len("```python\n")
    code = section[start:section.index("```", start)]
    expected = code.rstrip().splitlines()[-1].split("# ")[-1]
    exec(compile(code, "README example", "exec"), {})
    assert capsys.readouterr().out == expected + "\n" == "F4 0\n"


# --------------------------------------------------------------------------- tiles


def test_tile_ids_are_found_by_shape_terrains_and_meteor():
    assert tile_id("domino", "tech", "biomass") == 80 and tile_id("I2", "energy", "civ", meteor=True) == 20
    for t in D.tiles().values():  # every tile, terrains in either order
        assert tile_id(t.shape_code, t.terrain_b, t.terrain_a, t.has_meteor) == t.id


def test_tiles_laid_by_description_or_id_show_on_the_planet_and_in_every_view():
    sc = Scenario(players=2)
    sc.seat(0).tile("domino civ/energy", at="F1").tile(80, at="F2", orient=0)
    g = sc.start()
    b = g.seats[0].board
    assert [b.terrain[sq(n)] for n in ("F1", "G1", "F2", "G2")] == ["civ", "energy", "tech", "biomass"]
    assert view_for(g, 1)["seats"][0]["board"]["tiles"] == [[8, 0, sq("F1")], [80, 0, sq("F2")]]


def test_a_laid_tile_takes_part_in_the_rules_like_a_placed_one():
    """Energy copies a terrain touching the energy area the tile is part of (p.5): the energy
    of the laid civ/energy domino (G1) joins the new tile's energy (G2), so civ is offered."""
    sc = Scenario(players=2)
    sc.seat(0).tile("domino civ/energy", at="F1").depot(small="domino energy/water")
    g = sc.start()
    apply(g, 0, Pick("small"))
    apply(g, 0, Place(sq("G2"), 0))  # energy G2, water H2
    energy = next(i for i in pending(g, 0, "advance") if i["source"] == "energy")
    assert "civ" in values(g, 0, energy)


def test_a_meteor_symbol_drops_its_meteorite_unless_the_position_says_otherwise():
    sc = Scenario(players=2)
    sc.seat(0).tile("domino rover/tech meteor", at="F1")  # meteor symbol on the tech square G1
    sc.seat(1).tile("domino rover/tech meteor", at="F1").meteorites()
    g = sc.start()
    assert g.seats[0].board.meteorites == [sq("G1")] and g.seats[1].board.meteorites == []


def test_patches_show_biomass_and_count_for_the_planet():
    sc = Scenario(players=2)
    sc.seat(0).tile(8, at="F1").patch("F2", "G2 H2")
    g = sc.start()
    b = g.seats[0].board
    assert sorted(b.patches) == sorted(map(sq, ("F2", "G2", "H2")))
    assert all(b.terrain[sq(n)] == "biomass" for n in ("F2", "G2", "H2"))
    assert b.area_of(sq("F2")) == sorted(map(sq, ("F2", "G2", "H2")))


# --------------------------------------------------------------------------- pieces on the planet


def test_rovers_lifepods_and_meteorites_on_the_planet_move_and_are_collected_through_the_rules():
    sc = Scenario(players=2)
    sc.seat(0).tile(8, at="F1").rovers("E4").lifepods("E3").meteorites("E5")
    g = sc.start()
    s = g.seats[0]
    assert s.board.rovers == [sq("E4")] and s.corp.rover_supply == 1  # Universal Coalition: 2 rovers
    assert s.board.lifepods == [sq("E3")] and view_for(g, 1)["seats"][0]["board"]["lifepods"] == [sq("E3")]
    grant(g, 0, "move 3")
    apply(g, 0, Move(1, "left"))  # E3: the lifepod
    assert s.board.lifepods == [] and s.corp.lifepods == 1
    apply(g, 0, Move(1, "right"))
    apply(g, 0, Move(1, "right"))  # E5: the meteorite
    assert s.board.meteorites == [] and s.corp.meteorites == 1
    assert s.pool == 0 and not [a for a in legal_actions(g, 0) if isinstance(a, Move)]


def test_a_tile_covers_the_lifepods_printed_under_it_and_collected_pieces_score():
    sc = Scenario(players=2)
    sc.seat(0).tile("I4 civ/energy", at="E2", orient=1).collected(lifepods=2, meteorites=3)
    g = sc.start()
    assert sq("E2") not in g.seats[0].board.lifepods  # printed lifepod, covered
    assert seat_score(g, 0)["C"]["total"] == 3  # 2 lifepods + one set of 3 meteorites


# --------------------------------------------------------------------------- the corporation board


def test_trackers_turn_techs_on_and_score_their_medals():
    sc = Scenario(players=2)
    sc.seat(0).trackers(tech=5, civ=5)
    g = sc.start()
    assert [has_tech(g, 0, lv) for lv in (1, 2, 3)] == [True, True, False]
    assert seat_score(g, 0)["B"]["civ"] == track_medals("universal_coalition", g.seats[0].corp.trackers)["civ"] > 0


def test_cosmos_lifepods_on_tracks_block_their_space():
    """Cosmos Inc: a tech milestone covered by a lifepod does not count (rulebook 2023 p.11)."""
    sc = Scenario(players=2, corporations=["cosmos_inc", None])
    sc.seat(0).trackers(tech=5).track_lifepods("tech 3", "civ 1").depot(small=80)
    g = sc.start()
    assert not has_tech(g, 0, 1) and has_tech(g, 0, 2)
    assert C.collected_lifepods(g, 0) == 2 and view_for(g, 1)["seats"][0]["corp"]["special"]["pods"] == [
        ["tech", 3], ["civ", 1]]
    apply(g, 0, Pick("small"))
    apply(g, 0, Place(sq("F1"), 0))
    grant(g, 0, "synergy")
    synergy = next(i for i in pending(g, 0, "advance") if i["source"] == "synergy")
    apply(g, 0, Resolve(synergy["id"], "civ"))
    assert g.seats[0].corp.trackers["civ"] == 2  # jumps the covered space


def test_jump_drive_tech_slots_turn_their_techs_on():
    sc = Scenario(players=2, corporations=["jump_drive", None])
    sc.seat(0).tech_slots(2, 5)
    g = sc.start()
    assert [has_tech(g, 0, lv) for lv in range(1, 7)] == [False, True, False, False, True, False]


def test_the_flux_token_gives_start_of_round_movement_per_rover_on_its_terrain():
    """Flux tech 1 (start-of-round movement, R3) counts rovers on the terrain the token marks."""
    sc = Scenario(players=2, corporations=["flux_industries", None])
    sc.seat(0).trackers(tech=3).flux("civ").tile("domino civ/energy", at="F1").rovers("F1", "G1")
    g = sc.start()
    assert g.seats[0].pool == 2 and Move(1, "right") in legal_actions(g, 0)
    sc.seat(0).flux("water")
    assert sc.start().seats[0].pool == 0


def test_makeshift_columns_decide_tech_and_medals():
    sc = Scenario(players=2, corporations=["makeshift", None])
    sc.seat(0).columns(civ="tech").trackers(civ=5)
    g = sc.start()
    assert has_tech(g, 0, 2)  # the civ tracker stands in the tech column
    assert columns(g.seats[0].corp.special)["civ"] == "tech"
    assert seat_score(g, 0)["B"]["civ"] == track_medals("makeshift", g.seats[0].corp.trackers,
                                                        g.seats[0].corp.special)["civ"]


def test_horizon_carried_meteorites_are_delivered_on_a_rover_icon():
    sc = Scenario(players=2, corporations=["horizon_group", None])
    sc.seat(0).tile("domino rover/tech", at="F1").rovers("G1").carrying(1)
    g = sc.start()
    assert C.board_of(g, 0).carrying(g, 0) == [0]
    grant(g, 0, "move 1")
    apply(g, 0, Move(1, "up"))  # F1: the rover icon
    assert C.board_of(g, 0).carrying(g, 0) == [] and g.seats[0].corp.meteorites == 1


def test_used_techs_are_not_offered_again():
    sc = Scenario(players=2, corporations=["cosmos_inc", None])
    sc.seat(0).trackers(tech=14).spent(2).used_this_round(5).track_lifepods("civ 4")
    g = sc.start()
    assert not [i for i in pending(g, 0, "tech") if i["level"] in (2, 5)]
    sc.seat(0).spent().used_this_round()
    assert {i["level"] for i in pending(sc.start(), 0, "tech")} >= {2, 5}


# --------------------------------------------------------------------------- cards


def test_civ_cards_held_score_and_the_piles_offer_what_was_set():
    sc = Scenario(players=2)
    sc.seat(0).civ_cards(7, 27)
    sc.civ_pile(1, 1, 2)
    sc.seat(1).civ_milestone(1)
    g = sc.start(step="civ")
    assert seat_score(g, 0)["D"]["total"] == 6 and g.seats[0].corp.civ_cards == [7, 27]
    assert g.phase == "civ" and g.active == 1
    assert values(g, 1, pending(g, 1, "civ")[0]) == ["1", "2"]
    assert 7 not in g.civ_box and 1 not in g.civ_box


def test_a_civ_card_put_in_its_pile_joins_the_cards_dealt_there():
    dealt = Scenario(players=2).start().civ_piles["1"]
    card = next(c for c in range(1, 37) if D.civ_card(c).rank == 1 and c not in dealt)
    sc = Scenario(players=2).civ_in_pile(card, dealt[0])
    sc.seat(0).civ_milestone(1)
    g = sc.start(step="civ")
    assert sorted(g.civ_piles["1"]) == sorted(dealt + [card]) and card not in g.civ_box
    assert values(g, 0, pending(g, 0, "civ")[0]) == [str(c) for c in g.civ_piles["1"]]


def test_objectives_on_the_table_and_kept_count_in_the_score():
    sc = Scenario(players=2, private_objectives=True)
    sc.neighbour_objectives(37, 38, 39)
    sc.seat(0).objectives(40)
    g = sc.start()
    assert g.neighbour_objectives == [37, 38, 39] and view_for(g, 1)["neighbour_objectives"] == [37, 38, 39]
    assert g.seats[0].corp.objectives == [40] and view_for(g, 0)["seats"][0]["corp"]["objectives"] == [40]
    assert [o["card"] for o in seat_score(g, 0)["E"]["objectives"]] == [40]
    assert {o["card"] for o in seat_score(g, 0)["F"]["objectives"]} == {37, 38, 39}


def test_the_objective_deck_order_decides_what_event_67_draws():
    sc = Scenario(players=1, seed=3)
    sc.seat(0).objectives(37, 38, 39)
    sc.objective_deck(45).next_event(67)
    g = sc.start()
    assert g.seats[0].corp.objectives == [37, 38, 39, 45]


# --------------------------------------------------------------------------- station, round, end


def test_depot_tops_are_the_tiles_the_seat_may_pick():
    sc = Scenario(players=2)
    sc.seat(0).depot(small="domino tech/biomass", large="I4 civ/energy")
    sc.seat(1).depot(large="empty")
    g = sc.start()
    slots = seat_depot(g, 0)
    assert g.station["small"][slots["small"]][-1] == 80 and g.station["large"][slots["large"]][-1] == 9
    assert picks(g, 0) == ["large", "small"] and picks(g, 1) == ["small"]
    apply(g, 0, Pick("large"))
    assert g.seats[0].hand == 9


def test_a_depot_can_hold_its_last_tiles_and_then_ends_the_game():
    """R6: a depot found empty at the end of a round ends the game after that round."""
    g = Scenario(players=3).seat(1).depot(small="empty", large=9, alone=True).start()
    slots = seat_depot(g, 1)
    assert g.station["small"][slots["small"]] == [] and g.station["large"][slots["large"]] == [9]
    play_out(g)
    assert g.round == 1 and "depot_empty" in g.ending


def test_with_three_players_the_depot_faces_the_seat_after_the_commanders_turn():
    sc = Scenario(players=3).commander(2)
    sc.seat(1).depot(small=80)
    g = sc.start(turn=4)
    assert g.commander == 2 and g.phase == "turns"
    apply(g, 1, Pick("small"))
    assert g.seats[1].hand == 80
    waiting = sc.start(turn=None)
    assert waiting.phase == "rotate" and to_act(waiting) == [2] and Turn(4) in legal_actions(waiting, 2)


def test_a_stack_can_be_set_whole_and_emptied():
    sc = Scenario(players=2).stack("large", 3, 9, 0).stack("small", 2)
    g = sc.start()
    assert g.station["large"][3] == [9, 0] and g.station["small"][2] == []
    assert all(9 not in p for i, p in enumerate(g.station["large"]) if i != 3)


def test_the_round_number_and_the_last_round_end_the_game_after_it():
    sc = Scenario(players=3).round(7).last_round("depot_empty")
    g = sc.start()
    assert g.round == 7 and g.ending == ["depot_empty"]
    play_out(g)
    assert g.round == 7 and g.phase == "over" and g.result is not None


def test_a_two_player_game_can_choose_its_first_event_card():
    """R1: the card is revealed after the station turned; with 2 players the station turns by
    itself, and the scenario still chooses which card that is."""
    g = Scenario(players=2).next_event(114).start()
    assert g.round == 1 and g.extra["events"]["current"] == 114 and g.extra["events"]["revealed"] == [114]
    g = Scenario(players=2, events=True).next_event(81).start()
    assert g.extra["events"]["current"] == 81 and pending(g, 0, "advance")[0]["event"]


def test_a_short_event_deck_makes_its_last_card_end_the_game():
    """p.9: when the last event card is revealed, that round is the last one."""
    g = Scenario(players=2).events(114, 115).start()
    assert g.ending == [] and g.extra["events"]["deck"] == [115]
    play_out(g)
    assert g.round == 2 and g.ending == ["last_event"] and g.extra["events"]["revealed"] == [114, 115]


# --------------------------------------------------------------------------- opening play


def test_undo_returns_to_the_built_position():
    sc = Scenario(players=2, corporations=["cosmos_inc", None], events=True)
    sc.seat(0).tile(8, at="F1").rovers("F1").trackers(tech=5, water=2).track_lifepods("civ 4")
    sc.seat(0).depot(small="domino water/rover").lifepods("E3")
    sc.next_event(81)
    g = sc.start()
    built = without_item_numbers(g)
    while [i for i in pending(g, 0) if i.get("event")]:  # event 81 and what it brings
        it = next(i for i in pending(g, 0) if i.get("event"))
        apply(g, 0, Resolve(it["id"], values(g, 0, it)[0]))
    apply(g, 0, Pick("small"))
    apply(g, 0, Place(sq("F2"), 0))
    assert without_item_numbers(g) != built
    apply(g, 0, Undo())
    assert without_item_numbers(g) == built


def test_objectives_step_opens_the_choice_and_turns_keep_all_but_the_first_card_offered():
    sc = Scenario(players=1, seed=3)
    g = sc.start(step="objectives")
    offer = list(g.seats[0].corp.objective_offer)
    assert g.phase == "objectives" and len(offer) == 4
    g = sc.start()
    assert g.phase == "turns" and g.seats[0].corp.objectives == sorted(offer[1:])


def test_final_step_opens_the_end_of_game_decisions():
    sc = Scenario(players=2).round(9)
    sc.seat(1).tile(8, at="F1").stored_patches(1)
    g = sc.start(step="final")
    assert g.phase == "final" and g.active == 1 and g.round == 9
    patch = pending(g, 1, "patch")[0]
    assert "store" not in values(g, 1, patch)
    apply(g, 1, Resolve(patch["id"], values(g, 1, patch)[0]))  # nothing else to decide: scored
    assert g.phase == "over" and len(g.seats[1].board.patches) == 1


def test_final_step_with_nothing_to_decide_scores_the_game():
    sc = Scenario(players=2)
    sc.seat(0).civ_cards(7)
    g = sc.start(step="final")
    assert g.phase == "over" and g.result["players"][0]["D"]["total"] == 2


def test_grant_gives_a_track_reward_through_the_rules():
    g = Scenario(players=2).start()
    grant(g, 0, "synergy")
    assert [i["source"] for i in pending(g, 0, "advance")] == ["synergy"]
    with pytest.raises(NotImplementedError):
        grant(g, 0, ("teleport_home",))
    apply(g, 1, Pick(picks(g, 1)[0]))
    with pytest.raises(ScenarioError, match="not deciding"):
        grant(Scenario(players=3).start(turn=None), 0, "synergy")


def test_a_scenario_may_be_started_again_for_a_fresh_copy():
    sc = Scenario(players=2)
    sc.seat(0).tile(8, at="F1")
    a, b = sc.start(), sc.start()
    apply(a, 0, Pick(picks(a)[0]))
    assert a != b and b == sc.start()


def test_a_scenario_can_start_from_an_existing_state():
    g = Scenario(players=2).start()
    apply(g, 0, Pick("small"))
    apply(g, 0, next(a for a in legal_actions(g, 0) if isinstance(a, Place)))
    tiles = [list(t) for t in g.seats[0].board.tiles]
    again = Scenario.from_state(g).round(4).start(step="final")
    assert again.phase == "over" and again.round == 4 and again.seats[0].board.tiles == tiles
    with pytest.raises(ScenarioError, match="over"):
        Scenario.from_state(again)


# --------------------------------------------------------------------------- bad specs


BAD = [
    (lambda: Scenario(players=2, planets=["mars", None]), "no planet 'mars'"),
    (lambda: Scenario(players=2, corporations=["acme", None]), "no corporation 'acme'"),
    (lambda: Scenario(players=7), "1 to 6 players"),
    (lambda: Scenario().seat(2), "no seat 2"),
    (lambda: Scenario().seat(0).tile(8, at="F1").tile(9, at="F1"), "overlaps what already covers F1"),
    (lambda: Scenario().seat(0).tile(9, at="L12"), "sticks out past the edge"),
    (lambda: Scenario().seat(0).tile(9, at="A1"), "A1 is not part of KSB-4156"),
    (lambda: Scenario().seat(0).tile(9, at="Z1"), "not a square"),
    (lambda: Scenario().seat(0).tile(9, at="F1", orient=8), "orientation 8"),
    (lambda: Scenario().seat(0).tile(999, at="F1"), "no tile 999"),
    (lambda: Scenario().seat(0).tile("X9 civ/energy", at="F1"), "no tile shape 'X9'"),
    (lambda: Scenario().seat(0).tile("I4 civ/water", at="F1"), "no tile shows civ/water"),
    (lambda: Scenario().seat(0).tile("I4", at="F1"), "SHAPE A/B"),
    (lambda: Scenario().seat(0).patch("A1"), "not part of KSB-4156"),
    (lambda: Scenario().seat(0).tile(8, at="F1").patch("F1"), "already covered"),
    (lambda: Scenario(planets=["arashi", None]).seat(0).patch("F1"), "forbids patches"),
    (lambda: Scenario().seat(0).rovers("F1", "F2", "F3"), "has 2 rover"),
    (lambda: Scenario().seat(0).trackers(fuel=3), "no 'fuel' tracker"),
    (lambda: Scenario().seat(0).trackers(tech=40).scenario.start(), "past the top"),
    (lambda: Scenario().seat(0).flux("civ"), "Flux Industries piece"),
    (lambda: Scenario().seat(0).tech_slots(1), "Jump Drive piece"),
    (lambda: Scenario(corporations=["jump_drive", None]).seat(0).tech_slots(7), "slots are 1 to 6"),
    (lambda: Scenario(corporations=["cosmos_inc", None]).seat(0).track_lifepods("civ 99"), "TRACK SPACE"),
    (lambda: Scenario(corporations=["horizon_group", None]).seat(0).carrying(1).scenario.start(),
     "not on the planet"),
    (lambda: Scenario().seat(0).lifepods("F1").tile(8, at="F1").scenario.start(), "lifepod on F1, which is covered"),
    (lambda: Scenario().seat(0).civ_cards(99), "no civ card 99"),
    (lambda: Scenario().seat(0).civ_cards(7).seat(1).civ_cards(7), "already held by seat 1"),
    (lambda: Scenario().civ_pile(1, 8), "rank 2"),
    (lambda: Scenario().seat(0).civ_cards(7).scenario.civ_in_pile(7), "held by seat 1"),
    (lambda: Scenario().civ_in_pile(37), "no civ card 37"),
    (lambda: Scenario().seat(0).objectives(40), "without private objectives"),
    (lambda: Scenario().neighbour_objectives(37), "has 3 neighbour objectives"),
    (lambda: Scenario().seat(0).depot(small=9), "large tile"),
    (lambda: Scenario().next_event(67), "solo games only"),
    (lambda: Scenario().events(114, 114), "once"),
    (lambda: Scenario().next_event(5), "no event card 5"),
    (lambda: Scenario().last_round("boredom"), "depot_empty"),
    (lambda: Scenario().round(0), "from 1"),
    (lambda: Scenario().start(step="lunch"), "start at one of"),
    (lambda: Scenario().start(step="civ"), "civ_milestone"),
]


@pytest.mark.parametrize("build,message", BAD, ids=[m for _b, m in BAD])
def test_a_bad_spec_is_refused_with_a_clear_error(build, message):
    with pytest.raises(ScenarioError, match=message):
        build()
