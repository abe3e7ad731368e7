"""The event module (rulebook 2023 p.9, RULINGS R1, R7, C2-C6; engine/events.py).

Each of the 60 cards is checked on a hand-built KSB-4156 position: the card is put on top of
the deck (``before``), the position is laid out, and the card is revealed through the real
round flow (``reveal``: private objectives chosen or the station turned). Solo-only cards are
played in solo games, the others in 3-player games. Then the deck itself: building and
validation, the reveal after the station turned, the last card ending the game, choices kept
private, the view hiding the order of the cards to come, undo, and save/load.
"""
from __future__ import annotations

import pytest

import engine.data as D
from engine import (
    IllegalAction,
    InvalidConfig,
    apply,
    dump,
    legal_actions,
    load,
    make_config,
    new_game,
    public_view,
    view_for,
)
from engine import events as E
from engine.actions import Move, Pick, Place, Resolve, Turn, Undo
from engine.board import placement_mask
from engine.rules import describe_item, has_tech, seat_depot, seat_position, station_slots
from engine.scenario import Scenario, grant

from .conftest import finish_turn, give, place, reveal
from .helpers_cards import find_lay, items, only, settle, sq, sqs, tile_id, values

TESTED: set[int] = set()  # every card a test below plays (checked by the last test)

ROVER_TECH, TECH_BIOMASS, BIOMASS_CIV, CIV_ENERGY = 56, 80, 128, 8  # dominoes, terrain A on top
DOMINO_WITH = {"civ": 8, "energy": 8, "water": 32, "rover": 56, "tech": 56, "biomass": 80}
I4 = tile_id("I4", "civ", "energy")


def cards_where(test) -> list[int]:
    ids = sorted(c.id for c in E.cards().values() if test(c))
    TESTED.update(ids)
    return ids


def scene(card_id: int, players: int = 3, seed: int = 1, deck: list[int] | None = None, **config) -> Scenario:
    """A scenario whose first event card will be ``card_id`` (``deck``: the whole deck to come,
    next first); lay out the position, then ``start()`` reveals the card through the real round
    flow (private objectives chosen or the station turned)."""
    config.setdefault("events", "normal")
    if players == 2:
        config.setdefault("private_objectives", True)
    sc = Scenario(players, seed, **config)
    return sc.events(*deck) if deck else sc.next_event(card_id)


def before(card_id: int, players: int = 3, seed: int = 1, deck: list[int] | None = None, **config):
    """A game about to reveal its first event, which will be ``card_id``, stopped at the step
    before the reveal: the commander's turn of the station, or with 1-2 players the private
    objective choice (``reveal`` then opens round 1)."""
    sc = scene(card_id, players, seed, deck, **config)
    g = sc.start(step="objectives") if players <= 2 else sc.start(turn=None)
    assert g.phase in ("objectives", "rotate") and not g.extra["events"]["revealed"]
    return g


def at(card_id: int, players: int = 3, **config):
    return reveal(before(card_id, players, **config))


def all_but(free: str) -> list[int]:
    """Every KSB-4156 square except the ``free`` ones (to cover with biomass patches)."""
    keep = set(sqs(free))
    return [c for c in D.cells_of(D.planet("ksb-4156").grid_mask) if c not in keep]


def places(g, seat: int) -> list[Place]:
    return [a for a in legal_actions(g, seat) if isinstance(a, Place)]


def picks(g, seat: int) -> list[str]:
    return [a.stack for a in legal_actions(g, seat) if isinstance(a, Pick)]


# --------------------------------------------------------------------------- green cards


def test_65_solo_extra_rover_goes_on_the_tile_placed_this_round_beyond_the_supply():
    TESTED.add(65)
    g = at(65, 1)
    s = g.seats[0]
    assert not items(g, 0, "extra_rover")  # nothing to do before the tile is down
    supply, rovers = s.corp.rover_supply, len(s.board.rover_cells())
    meteor_domino = tile_id("I2", "civ", "energy", meteor=True)
    place(g, 0, meteor_domino, "D2", 0)
    item = only(g, 0, "extra_rover")
    assert sorted(values(g, 0, item)) == ["D2", "E2"]
    (meteorite,) = s.board.meteorites
    settle(g, 0, item, D.cell_name(meteorite))
    assert len(s.board.rover_cells()) == rovers + 1 and s.corp.rover_supply == supply
    assert s.corp.meteorites == 1 and not s.board.meteorites  # landing on the meteorite collects it
    finish_turn(g, 0)
    assert g.round == 2 and not items(g, 0, "extra_rover")


def test_66_solo_adds_one_random_unused_civ_card_to_each_rank_pile():
    TESTED.add(66)
    g = before(66, 1)
    piles = {rank: list(p) for rank, p in g.civ_piles.items()}
    box = list(g.civ_box)
    reveal(g)
    for rank, pile in g.civ_piles.items():
        (added,) = set(pile) - set(piles[rank])
        assert len(pile) == len(piles[rank]) + 1
        assert added in box and added not in g.civ_box and D.civ_card(added).rank == int(rank)
    assert at(66, 1).civ_piles == g.civ_piles  # seeded: a replay adds the same cards


def test_67_solo_draws_an_extra_private_objective_kept_hidden():
    TESTED.add(67)
    g = before(67, 1)
    next_card = g.objective_deck[0]
    reveal(g)
    objectives = g.seats[0].corp.objectives
    assert len(objectives) == 4 and next_card in objectives and next_card not in g.objective_deck
    pub = public_view(g)["seats"][0]["corp"]
    assert pub["objectives"] == [] and pub["hidden_objectives"] == 4


def test_68_moves_civ_biomass_or_water_up_three_steps_without_any_reward():
    TESTED.add(68)
    sc = scene(68)
    sc.seat(0).trackers(civ=1)  # 1 -> 4 passes the rank-1 civ milestone on 3
    sc.seat(1).trackers(water=2)  # 2 -> 5 passes the synergy on 3
    g = sc.start()
    item = only(g, 0, "advance")
    assert values(g, 0, item) == ["civ", "biomass", "water"]
    settle(g, 0, item, "civ")
    assert g.seats[0].corp.trackers["civ"] == 4 and g.seats[0].civ_queue == [] and not items(g, 0)
    settle(g, 1, only(g, 1, "advance"), "water")
    assert g.seats[1].corp.trackers["water"] == 5 and not items(g, 1)


# the tracker position just below a reward, and how the reward shows
BELOW_REWARD = {"civ": 2, "water": 2, "biomass": 2, "rover": 0, "tech": 2}


def _reward_shows(g, seat: int, track: str) -> None:
    s = g.seats[seat]
    if track == "civ":
        assert s.civ_queue == [1]
    elif track == "water":
        assert only(g, seat, "advance")["source"] == "synergy"
    elif track == "biomass":
        only(g, seat, "patch")
    elif track == "rover":  # the new rover goes on the tile placed last (here, last round's)
        item = only(g, seat, "rover")
        assert values(g, seat, item) == ["B5", "C5"]
        settle(g, seat, item, "C5")
        assert s.board.rovers == [sq("C5")]
    else:
        assert has_tech(g, seat, 1)


TWO_TRACK_BOOSTS = [(c, t) for c in cards_where(lambda c: c.effect[0]["op"] == "advance_choice"
                                                and c.effect[0]["tracks"] != "any" and c.effect[0]["times"] == 1)
                    for t in E.card(c).effect[0]["tracks"]]


@pytest.mark.parametrize("card_id,track", TWO_TRACK_BOOSTS)
def test_69_to_78_advance_one_of_two_trackers_one_step_with_its_reward(card_id, track):
    pair = E.card(card_id).effect[0]["tracks"]
    sc = scene(card_id)
    sc.seat(0).tile(ROVER_TECH, at="B5").trackers(**{track: BELOW_REWARD[track]})
    other = next(t for t in pair if t != track)
    g = sc.start()
    before_other = g.seats[0].corp.trackers[other]  # the card's advance is still to be settled
    item = only(g, 0, "advance")
    assert values(g, 0, item) == pair
    settle(g, 0, item, track)
    assert g.seats[0].corp.trackers[track] == BELOW_REWARD[track] + 1
    assert g.seats[0].corp.trackers[other] == before_other
    _reward_shows(g, 0, track)


def test_79_solo_turns_the_station_to_the_depot_the_player_chooses_before_the_pick():
    TESTED.add(79)
    g = at(79, 1)
    item = only(g, 0, "rotate_station")
    assert values(g, 0, item) == [str(k) for k in range(6)]
    assert picks(g, 0) == []
    with pytest.raises(IllegalAction, match="event asks"):
        apply(g, 0, Pick("small"))
    rotation = g.station["rotation"]
    settle(g, 0, item, "2")
    assert g.station["rotation"] == (rotation - 2) % 6
    assert seat_depot(g, 0) == station_slots((rotation - 2) % 6, g.station["offset"], seat_position(g, 0))
    assert sorted(picks(g, 0)) == ["large", "small"]
    assert Undo() not in legal_actions(g, 0)  # a turned station is not taken back


def test_79_solo_offers_only_depots_with_a_tile_the_player_can_place():
    g = scene(79, 1).seat(0).patch(*all_but("F7 F8")).start()  # room for a domino only
    give(g, 0, TECH_BIOMASS)  # the depot in front holds a domino on top
    offered = values(g, 0, only(g, 0, "rotate_station"))
    assert "0" in offered and len(offered) < 6
    board = g.seats[0].board
    for k in range(6):
        slots = station_slots((g.station["rotation"] - k) % 6, g.station["offset"], seat_position(g, 0))
        fits = any(board.can_place(g.station[st][sl][-1]) for st, sl in slots.items() if g.station[st][sl])
        assert (str(k) in offered) == fits


def test_80_places_a_biomass_patch():
    TESTED.add(80)
    g = at(80)
    item = only(g, 0, "patch")
    assert "B5" in values(g, 0, item) and "F6" not in values(g, 0, item)  # first piece on the edge
    settle(g, 0, item, "B5")
    assert g.seats[0].board.patches == [sq("B5")]


@pytest.mark.parametrize("card_id", cards_where(lambda c: c.effect == ({"op": "advance_choice", "tracks": "any",
                                                                          "choose": 1, "times": 1,
                                                                          "benefits": True},)))
def test_81_84_one_synergy_boost_on_any_tracker(card_id):
    assert card_id in (81, 84)
    g = scene(card_id).seat(0).trackers(tech=2).start()
    item = only(g, 0, "advance")
    assert values(g, 0, item) == list(D.TRACKS)
    settle(g, 0, item, "tech")
    assert g.seats[0].corp.trackers["tech"] == 3 and has_tech(g, 0, 1)


def test_82_collects_a_lifepod_without_a_rover():
    TESTED.add(82)
    sc = scene(82)
    sc.seat(1).lifepods("C8")
    sc.seat(2).lifepods()
    g = sc.start()
    item = only(g, 0, "collect")
    assert values(g, 0, item) == ["C8", "E2", "E11", "H3", "I9", "J6"]
    settle(g, 0, item, "I9")
    assert g.seats[0].corp.lifepods == 1 and sq("I9") not in g.seats[0].board.lifepods
    assert g.seats[1].corp.lifepods == 1 and not g.seats[1].board.lifepods and not items(g, 1)  # no choice
    assert g.seats[2].corp.lifepods == 0 and not items(g, 2)


def test_83_collects_a_meteorite_without_a_rover():
    TESTED.add(83)
    sc = scene(83)
    sc.seat(0).meteorites("F7 C5")
    sc.seat(1).meteorites("F7")
    g = sc.start()
    item = only(g, 0, "collect_meteorite")
    assert values(g, 0, item) == ["C5", "F7"]
    settle(g, 0, item, "c5")
    assert g.seats[0].corp.meteorites == 1 and g.seats[0].board.meteorites == [sq("F7")]
    assert g.seats[1].corp.meteorites == 1 and not g.seats[1].board.meteorites and not items(g, 1)
    assert not items(g, 2)  # nothing to collect


# --------------------------------------------------------------------------- orange cards


ONE_STEP_REGRESS = [(c, t) for c in cards_where(lambda c: c.effect[0]["op"] == "regress_choice"
                                                and c.effect[0]["times"] == 1)
                    for t in (D.TRACKS if E.card(c).effect[0]["tracks"] == "any" else E.card(c).effect[0]["tracks"])]


@pytest.mark.parametrize("card_id,track", ONE_STEP_REGRESS)
def test_85_to_94_and_96_move_one_tracker_down_one_step_without_reward(card_id, track):
    options = E.card(card_id).effect[0]["tracks"]
    options = list(D.TRACKS) if options == "any" else options
    sc = scene(card_id)
    for seat in (0, 1):
        sc.seat(seat).trackers(civ=4, water=4, biomass=4, rover=4, tech=4)
    sc.seat(1).trackers(**{track: 0})  # a tracker at the start can't go down
    g = sc.start()
    item = only(g, 0, "regress")
    assert values(g, 0, item) == [t for t in D.TRACKS if t in options]
    settle(g, 0, item, track)
    corp = g.seats[0].corp
    assert corp.trackers[track] == 3 and all(corp.trackers[t] == 4 for t in D.TRACKS if t != track)
    assert not items(g, 0) and g.seats[0].civ_queue == []
    assert values(g, 1, only(g, 1, "regress")) == [t for t in D.TRACKS if t in options and t != track]


def test_regressing_the_tech_tracker_below_a_milestone_switches_that_tech_off():
    g = scene(89).seat(0).trackers(tech=3, civ=0).start()  # civ or tech down one
    assert has_tech(g, 0, 1)
    item = only(g, 0, "regress")
    assert values(g, 0, item) == ["tech"]
    settle(g, 0, item, "tech")
    assert not has_tech(g, 0, 1)  # D11: techs go by position


@pytest.mark.parametrize("card_id", cards_where(lambda c: c.effect[0]["op"] == "add_meteorite"))
def test_95_107_put_a_meteorite_on_an_empty_meteorite_symbol(card_id):
    sc = scene(card_id)
    for seat in (0, 1, 2):  # meteor symbol on G7; a rover took its meteorite away earlier
        sc.seat(seat).tile("domino civ/energy meteor", at="F7").meteorites()
    sc.seat(0).tile("domino rover/tech meteor", at="F9").meteorites("G9")  # a second, still occupied
    sc.seat(0).tile("domino water/rover meteor", at="F10")  # its symbol on G10, empty
    sc.seat(1).rovers("G7")
    sc.seat(2).trackers(tech=14)  # Universal Coalition tech 5: immune to meteorites
    g = sc.start()
    b0, b1, b2 = (s.board for s in g.seats)
    item = only(g, 0, "add_meteorite")
    assert values(g, 0, item) == ["G7", "G10"]
    settle(g, 0, item, "G10")
    assert sorted(b0.meteorites) == sqs("G9 G10")
    assert b1.meteorites == [sq("G7")] and b1.rovers == [None] and not items(g, 1)  # one symbol: no choice
    assert b2.meteorites == [] and not items(g, 2)


RULE_TERRAINS = [(c, (E.card(c).rule or {})["terrain"])
                 for c in cards_where(lambda c: c.rule and c.rule["rule"] == "rovers_cannot_enter_terrain")]


@pytest.mark.parametrize("card_id,terrain", RULE_TERRAINS)
def test_97_to_102_rovers_may_not_move_onto_that_terrain_this_round(card_id, terrain):
    assert {t for _, t in RULE_TERRAINS} == set(D.TERRAINS)
    domino = DOMINO_WITH[terrain]
    other = next(t for t in D.tile(domino).resources if t != terrain)
    orient, anchor = find_lay(domino, f"F7:{terrain}* G7:{other}*")
    g = scene(card_id).seat(0).tile(domino, at=anchor, orient=orient).rovers("F8").start()
    b = g.seats[0].board
    grant(g, 0, "move 2")  # rover movement to spend this turn
    moves = [a for a in legal_actions(g, 0) if isinstance(a, Move)]
    assert Move(1, "left") not in moves and Move(1, "down") in moves
    with pytest.raises(IllegalAction, match=f"off {terrain} terrain"):
        apply(g, 0, Move(1, "left"))
    apply(g, 0, Move(1, "down"))  # G8: bare land
    apply(g, 0, Move(1, "left"))  # G7: the other terrain of the tile
    assert b.rovers == [sq("G7")] and g.seats[0].pool == 0


@pytest.mark.parametrize("card_id", cards_where(lambda c: c.rule and c.rule["rule"] == "tiles_not_on_edge"))
def test_103_124_no_tile_square_on_the_planet_edge(card_id):
    g = scene(card_id).seat(0).tile(ROVER_TECH, at="C3").start()  # C3 (edge) and D3
    give(g, 0, TECH_BIOMASS)
    apply(g, 0, Pick("small"))
    with pytest.raises(IllegalAction, match="D2 is on the edge"):
        apply(g, 0, Place(sq("D2"), 0))
    edge = g.seats[0].board.planet.edge_mask
    legal = places(g, 0)
    assert legal and all(not placement_mask(TECH_BIOMASS, p.orient, p.anchor) & edge for p in legal)
    apply(g, 0, Place(sq("D4"), 0))
    # seat 1 has an empty planet: its first tile must touch the edge, so the card is lifted (R7)
    place(g, 1, TECH_BIOMASS, "D2", 0)
    assert g.seats[1].board.tiles == [[TECH_BIOMASS, 0, sq("D2")]]


@pytest.mark.parametrize("card_id", cards_where(lambda c: c.rule and c.rule["rule"] ==
                                                "advance_only_one_tile_resource"))
def test_104_108_only_one_of_the_placed_tiles_two_resources_advances(card_id):
    g = at(card_id)
    place(g, 0, ROVER_TECH, "B5", 0)
    tile_items = items(g, 0, "advance")
    assert sorted(i["options"][0] for i in tile_items) == ["rover", "tech"]
    assert all("only one" in describe_item(i) for i in tile_items)
    settle(g, 0, next(i for i in tile_items if i["options"] == ["tech"]), "tech")
    assert not items(g, 0) and g.seats[0].corp.trackers == {"civ": 0, "water": 0, "biomass": 0, "rover": 0,
                                                             "tech": 1}


# --------------------------------------------------------------------------- red cards


@pytest.mark.parametrize("card_id,steps", [(c, E.card(c).effect[0]["times"]) for c in cards_where(
    lambda c: c.effect[0]["op"] == "regress_choice" and c.effect[0]["times"] > 1)])
def test_105_106_one_tracker_goes_down_as_far_as_it_can_up_to_the_amount(card_id, steps):
    sc = scene(card_id)
    sc.seat(0).trackers(civ=1, water=6)
    sc.seat(1).trackers(civ=1, water=6)
    g = sc.start()
    assert values(g, 0, only(g, 0, "regress")) == ["civ", "water"]
    settle(g, 0, only(g, 0, "regress"), "civ")
    settle(g, 1, only(g, 1, "regress"), "water")
    assert g.seats[0].corp.trackers["civ"] == 0 and g.seats[0].corp.trackers["water"] == 6  # C6
    assert g.seats[1].corp.trackers["water"] == 6 - steps and g.seats[1].corp.trackers["civ"] == 1


@pytest.mark.parametrize("card_id", cards_where(lambda c: c.rule and c.rule["rule"] == "no_milestone_benefits"))
def test_109_123_track_milestones_give_nothing_this_round_but_techs_and_synergy_still_count(card_id):
    sc = scene(card_id)
    sc.seat(0).trackers(civ=2, biomass=2)
    sc.seat(1).trackers(rover=0, tech=2)
    sc.seat(2).trackers(tech=1)
    g = sc.start()
    place(g, 0, BIOMASS_CIV, "B5", 0)
    for item in items(g, 0, "advance"):
        settle(g, 0, item, item["options"][0])
    assert g.seats[0].corp.trackers["civ"] == 3 and g.seats[0].corp.trackers["biomass"] == 3
    assert g.seats[0].civ_queue == [] and not items(g, 0)  # no civ card, no biomass patch
    place(g, 1, ROVER_TECH, "B5", 0)
    for item in items(g, 1, "advance"):
        settle(g, 1, item, item["options"][0])
    assert g.seats[1].corp.trackers["rover"] == 1 and not items(g, 1, "rover")  # no new rover
    assert has_tech(g, 1, 1)  # C2: the tech milestone is reached all the same
    place(g, 2, ROVER_TECH, "B5", 0)
    settle(g, 2, next(i for i in items(g, 2, "advance") if i["options"] == ["tech"]), "tech")
    assert sorted(i["source"] for i in items(g, 2)) == ["synergy", "tile"]  # synergy is no milestone


def test_110_solo_throws_away_one_private_objective_of_the_players_choice():
    TESTED.add(110)
    g = at(110, 1)
    kept = list(g.seats[0].corp.objectives)
    assert len(kept) == 3
    item = only(g, 0, "discard_objective")
    assert values(g, 0, item) == [str(c) for c in kept]
    settle(g, 0, item, str(kept[1]))
    assert g.seats[0].corp.objectives == [kept[0], kept[2]]


def test_111_a_player_with_two_rovers_or_more_loses_one_of_their_choice():
    TESTED.add(111)
    g = scene(111).seat(0).rovers("F8", "G8").seat(1).rovers("F8", None).start()
    supply = g.seats[0].corp.rover_supply
    item = only(g, 0, "destroy_rover")
    assert values(g, 0, item) == ["F8", "G8"]
    settle(g, 0, item, "G8")
    assert g.seats[0].board.rovers == [sq("F8"), None] and g.seats[0].corp.rover_supply == supply  # not back
    assert not items(g, 1) and g.seats[1].board.rovers == [sq("F8"), None]


def test_112_removes_one_random_card_from_each_civ_pile():
    TESTED.add(112)
    g = before(112)
    piles = {rank: list(p) for rank, p in g.civ_piles.items()}
    reveal(g)
    for rank, pile in g.civ_piles.items():
        (gone,) = set(piles[rank]) - set(pile)
        assert len(pile) == len(piles[rank]) - 1 and gone in g.civ_box


def test_113_removes_a_lifepod_still_on_the_planet_from_the_game():
    TESTED.add(113)
    g = at(113)
    item = only(g, 0, "destroy_lifepod")
    assert len(values(g, 0, item)) == 6
    settle(g, 0, item, "C8")
    assert sq("C8") not in g.seats[0].board.lifepods and len(g.seats[0].board.lifepods) == 5
    assert g.seats[0].corp.lifepods == 0


@pytest.mark.parametrize("card_id,what", [(114, "lifepods"), (115, "meteorites")])
def test_114_115_lose_one_collected_piece(card_id, what):
    TESTED.add(card_id)
    g = scene(card_id).seat(0).collected(**{what: 3}).start()
    assert getattr(g.seats[0].corp, what) == 2 and getattr(g.seats[1].corp, what) == 0
    assert not items(g, 0) and not items(g, 1)


def test_116_solo_throws_away_one_stack_of_the_depot_in_front():
    TESTED.add(116)
    g = at(116, 1)
    item = only(g, 0, "remove_stack")
    assert values(g, 0, item) == ["small", "large"]
    with pytest.raises(IllegalAction, match="event asks"):
        apply(g, 0, Pick("large"))
    slot = seat_depot(g, 0)["small"]
    settle(g, 0, item, "small")
    assert g.station["small"][slot] == [] and picks(g, 0) == ["large"]


def test_116_solo_never_throws_away_a_stack_when_that_alone_would_end_the_game():
    g = scene(116, 1).seat(0).patch(*all_but("F7 F8")).depot(small=TECH_BIOMASS).start()  # the small
    # stack's domino fits, no large tile can
    assert values(g, 0, only(g, 0, "remove_stack")) == ["large"]
    # a depot whose other stack is already empty keeps its last one: the card is ignored
    g = scene(116, 1).seat(0).depot(large="empty").start()
    depot = seat_depot(g, 0)
    assert g.station["large"][depot["large"]] == [] and g.station["small"][depot["small"]]
    assert not items(g, 0) and picks(g, 0) == ["small"]


@pytest.mark.parametrize("card_id", cards_where(lambda c: c.effect[0]["op"] == "choose_one"))
def test_117_118_a_synergy_boost_or_a_secret_look_at_the_next_event(card_id):
    g = before(card_id)
    next_card = g.extra["events"]["deck"][1]
    reveal(g)
    item = only(g, 0, "event_choice")
    assert values(g, 0, item) == ["synergy", "peek"]
    settle(g, 0, item, "peek")
    assert view_for(g, 0)["events"]["peek"]["id"] == next_card
    assert "peek" not in view_for(g, 1)["events"] and "peek" not in public_view(g)["events"]
    assert Undo() not in legal_actions(g, 0)  # what was seen can't be unseen
    settle(g, 1, only(g, 1, "event_choice"), "synergy")
    assert values(g, 1, only(g, 1, "advance")) == list(D.TRACKS)
    with pytest.raises(IllegalAction, match="event asks: .*advance any tracker"):
        apply(g, 1, Pick("small"))  # the boost comes before the tile, like the whole card (p.9)
    settle(g, 1, only(g, 1, "advance"), "water")
    settle(g, 2, only(g, 2, "event_choice"), "synergy")
    settle(g, 2, only(g, 2, "advance"), "civ")
    for seat in range(3):
        place(g, seat, TECH_BIOMASS, "B5", 0)
        finish_turn(g, seat)
    apply(g, g.commander, Turn(0))
    assert g.round == 2 and g.extra["events"]["current"] == next_card
    assert "peek" not in view_for(g, 0)["events"]  # the peeked card is now face up for everyone


def test_117_as_the_last_card_offers_only_the_synergy_boost():
    g = before(117, deck=[117])
    reveal(g)
    assert values(g, 0, only(g, 0, "event_choice")) == ["synergy"] and g.ending == ["last_event"]


def test_119_no_tile_square_may_touch_placed_terrain_of_its_own_kind():
    TESTED.add(119)
    g = scene(119).seat(0).tile(CIV_ENERGY, at="F7").start()  # F7 civ, G7 energy
    give(g, 0, BIOMASS_CIV)
    apply(g, 0, Pick("small"))
    bad = find_lay(BIOMASS_CIV, "F8:civ* G8:biomass*")
    with pytest.raises(IllegalAction, match="civ square F8 would touch your civ terrain on F7"):
        apply(g, 0, Place(bad[1], bad[0]))
    assert Place(bad[1], bad[0]) not in places(g, 0)
    good = find_lay(BIOMASS_CIV, "F8:biomass* G8:civ*")
    apply(g, 0, Place(good[1], good[0]))
    assert len(g.seats[0].board.tiles) == 2


@pytest.mark.parametrize("card_id", cards_where(lambda c: c.rule and c.rule["rule"] == "tiles_not_on_ice"))
def test_120_121_no_tile_may_cover_ice(card_id):
    g = scene(card_id).seat(0).tile(ROVER_TECH, at="F7").start()
    give(g, 0, TECH_BIOMASS)
    apply(g, 0, Pick("small"))
    with pytest.raises(IllegalAction, match="F6 is ice"):
        apply(g, 0, Place(sq("F6"), 0))
    ice = g.seats[0].board.planet.ice_mask
    assert all(not placement_mask(TECH_BIOMASS, p.orient, p.anchor) & ice for p in places(g, 0))
    apply(g, 0, Place(sq("F8"), 0))


def test_122_synergy_boosts_are_lost_this_round():
    TESTED.add(122)
    g = scene(122).seat(0).trackers(tech=1).start()
    place(g, 0, ROVER_TECH, "B5", 0)
    settle(g, 0, next(i for i in items(g, 0, "advance") if i["options"] == ["tech"]), "tech")
    assert g.seats[0].corp.trackers["tech"] == 2
    assert [i["options"] for i in items(g, 0)] == [["rover"]]  # the synergy on tech 2 is gone


# --------------------------------------------------------------------------- "ignore what alone would end the game"


def test_a_tile_that_fits_only_against_the_card_cannot_be_picked_while_the_other_fits():
    g = scene(103).seat(0).patch(*all_but("F1 F2 F3 F4 F7 F8")).start()  # the I4 only fits along row F from the edge
    give(g, 0, TECH_BIOMASS)
    give(g, 0, I4)
    assert picks(g, 0) == ["small"]
    with pytest.raises(IllegalAction, match="fits nowhere under this round's event"):
        apply(g, 0, Pick("large"))


def test_a_placement_limit_that_alone_would_leave_no_tile_placeable_is_lifted():
    g = scene(120).seat(0).patch(*all_but("F1 F2 G1 G2")).start()  # only ice is left
    give(g, 0, TECH_BIOMASS)
    assert picks(g, 0) == ["small"]
    apply(g, 0, Pick("small"))
    assert places(g, 0)
    apply(g, 0, Place(sq("F2"), 0))  # F2 and G2: on ice, as the card is lifted (R7)
    assert "unplaceable" not in g.ending


# --------------------------------------------------------------------------- the deck and the round


def test_the_deck_holds_20_cards_of_the_chosen_colours_and_no_solo_card_with_more_players():
    for players, events, counts in ((3, "hard", (4, 6, 10)), (2, {"green": 16, "orange": 0, "red": 4}, (16, 0, 4)),
                                    (1, None, (9, 3, 8)), (1, {"green": 20, "orange": 0, "red": 0}, (20, 0, 0))):
        g = new_game(make_config(players, events=events), 5)
        ev = g.extra["events"]
        deck = ev["deck"] + ev["revealed"]
        assert len(deck) == len(set(deck)) == 20
        assert tuple(sum(E.card(c).colour == col for c in deck) for col in E.COLOURS) == counts
        if players > 1:
            assert not any(E.card(c).solo_only for c in deck)
    assert new_game(make_config(4), 5).extra == {}  # off by default with players


def test_the_deck_is_seeded_and_stored():
    a = new_game(make_config(3, events="normal"), 8)
    b = new_game(make_config(3, events="normal"), 8)
    c = new_game(make_config(3, events="normal"), 9)
    assert a.extra["events"]["deck"] == b.extra["events"]["deck"] != c.extra["events"]["deck"]
    assert load(dump(a)).extra == a.extra
    # a game without events deals exactly as before the module existed
    assert new_game(make_config(3, events="normal"), 8).station == new_game(make_config(3), 8).station


@pytest.mark.parametrize("players,events,message", [
    (3, {"green": 10, "orange": 5, "red": 4}, "holds 20 cards: 10 green \\+ 5 orange \\+ 4 red makes 19"),
    (3, {"green": 17, "orange": 3, "red": 0}, "only 16 green event cards with 2 or more players"),
    (2, {"green": 0, "orange": 1, "red": 19}, "only 18 red"),
    (3, {"green": -1, "orange": 11, "red": 10}, "whole number"),
    (3, {"green": 10, "blue": 10}, "not blue"),
    (3, "brutal", "unknown event deck preset 'brutal'"),
    (1, False, "solo games always use the event deck"),
])
def test_a_bad_event_deck_is_refused_with_a_reason(players, events, message):
    with pytest.raises(InvalidConfig, match=message):
        make_config(players, events=events)


def test_presets_and_counts_are_stored_in_the_config():
    assert make_config(1)["events"] == {"preset": "normal", "green": 9, "orange": 3, "red": 8}
    assert make_config(3)["events"] is None
    assert make_config(3, events=True)["events"]["preset"] == "normal"
    assert make_config(3, events="Easy")["events"] == {"preset": "easy", "green": 12, "orange": 6, "red": 2}
    assert make_config(3, events={"green": 4, "orange": 6, "red": 10})["events"]["preset"] == "hard"
    assert make_config(1, events={"green": 0, "orange": 0, "red": 20})["events"]["preset"] is None


def test_the_card_is_revealed_after_the_commander_turns_the_station_and_before_the_picks():
    g = before(81)
    assert g.phase == "rotate" and view_for(g, 0)["events"]["current"] is None
    assert view_for(g, 0)["events"]["remaining"] == 20
    apply(g, 0, Turn(2))
    v = view_for(g, 1)
    assert v["events"]["current"]["id"] == 81 and v["events"]["remaining"] == 19
    assert all(s.step == "pick" and items(g, i, "advance") for i, s in enumerate(g.seats))


def test_with_two_players_the_station_turns_by_itself_then_the_card_shows():
    g = before(82, 2)
    rotation = g.station["rotation"]
    reveal(g)
    assert g.station["rotation"] == (rotation - 1) % 6 and g.extra["events"]["current"] == 82
    assert len(g.neighbour_objectives) == 3


def test_revealing_the_last_card_makes_its_round_the_last_one():
    g = before(114, deck=[114, 115])  # two cards left, nothing to decide
    reveal(g)
    assert g.ending == []
    for seat in range(3):
        place(g, seat, TECH_BIOMASS, "B5", 0)
        finish_turn(g, seat)
    apply(g, g.commander, Turn(0))
    assert g.round == 2 and g.extra["events"]["current"] == 115 and g.ending == ["last_event"]
    for seat in range(3):
        place(g, seat, TECH_BIOMASS, "D5", 0)
        finish_turn(g, seat)
    assert g.phase == "over" and g.round == 2 and g.ending == ["last_event"]


def test_each_players_choices_are_their_own_and_hidden_from_the_others():
    sc = scene(96)  # any tracker down one step
    for seat, track in enumerate(("civ", "water", "tech")):
        sc.seat(seat).trackers(**{track: 2})
    g = sc.start()
    assert all(only(g, seat, "regress") for seat in range(3))
    settle(g, 1, only(g, 1, "regress"), "water")
    assert g.seats[1].corp.trackers["water"] == 1 and g.seats[0].corp.trackers["civ"] == 2
    own = view_for(g, 0)["seats"][0]
    assert own["pending"][0]["kind"] == "regress" and "down" in own["pending"][0]["text"]
    assert own["pending"][0]["values"] == ["civ"]
    assert "pending" not in view_for(g, 0)["seats"][2] and "pending" not in public_view(g)["seats"][0]
    with pytest.raises(IllegalAction):
        apply(g, 0, Resolve(only(g, 2, "regress")["id"], "tech"))  # not an item of seat 1


def test_the_view_shows_the_card_and_the_colours_played_never_the_order_to_come():
    g = at(81)
    ev = g.extra["events"]
    v = public_view(g)["events"]
    assert v["current"] == {"id": 81, "number": 17, "name": E.card(81).name, "colour": "green",
                            "text": E.card(81).text}
    assert v["remaining"] == 19 and v["played"] == {"green": 1, "orange": 0, "red": 0}
    assert v["deck"] == {"green": 9, "orange": 3, "red": 8} and v["revealed"] == [81]
    for seat in (None, 0, 1, 2):
        text = str(view_for(g, seat))
        assert str(ev["deck"]) not in text and str(ev["deck"][:3])[:-1] not in text
        assert "peek" not in view_for(g, seat)["events"]


def test_the_events_choices_come_before_the_pick_and_undo_gives_them_back():
    g = scene(96).seat(0).trackers(civ=2, tech=2).start()
    item = only(g, 0, "regress")
    assert picks(g, 0) == [] and Undo() not in legal_actions(g, 0)
    with pytest.raises(IllegalAction, match="first settle what this round's event asks: .*down one step"):
        apply(g, 0, Pick("small"))
    settle(g, 0, item, "civ")
    assert g.seats[0].corp.trackers["civ"] == 1 and Undo() in legal_actions(g, 0) and picks(g, 0)
    apply(g, 0, Undo())
    assert g.seats[0].corp.trackers["civ"] == 2 and only(g, 0, "regress")["id"] == item["id"]
    settle(g, 0, item, "tech")
    place(g, 0, TECH_BIOMASS, "B5", 0)
    apply(g, 0, Undo())  # the whole turn, the event's choice included
    assert g.seats[0].board.tiles == [] and g.seats[0].corp.trackers["tech"] == 2
    assert only(g, 0, "regress") and g.seats[0].step == "pick"


def test_rewards_of_an_events_advance_come_before_the_pick_too():
    g = scene(72).seat(0).trackers(biomass=2).start()  # rover or biomass up one step
    settle(g, 0, only(g, 0, "advance"), "biomass")  # biomass 3: a patch
    patch = only(g, 0, "patch")
    assert picks(g, 0) == []
    settle(g, 0, patch, "B5")
    assert picks(g, 0) and g.seats[0].board.patches == [sq("B5")]


def test_a_game_with_events_saves_and_loads_at_every_step_of_a_round():
    g = at(117)
    settle(g, 0, only(g, 0, "event_choice"), "peek")
    assert load(dump(g)) == g and view_for(load(dump(g)), 0)["events"]["peek"]


def test_every_one_of_the_60_cards_is_played_by_a_test_here():
    assert TESTED == set(range(65, 125))
