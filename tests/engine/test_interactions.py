"""Asymmetric planets, asymmetric corporations and the event deck in the same game.

Each module has its own tests (test_planets, test_corporations, test_events); these check
where two of them meet:
- an event moving a tracker down on a board whose track is no plain ladder (Oasis' water
  path, Makeshift's columns, Cosmos' covered spaces) and next to Republic's own regress;
- "no milestone benefits" (C2) and the Flux token, and the corporation choices such a round
  (or one without synergy) leaves empty;
- an event's placement limit on a planet with its own restriction (R7 lifts each on its own);
- Cosmos' diagonal rovers on Tartarus (P5); Horizon's loaded rovers and the events that
  destroy or add rovers; lifepods kept on Cosmos and Jump Drive boards lost to an event;
  corporation jumps in a round that keeps rovers off a terrain;
- the event's items settled before the pick on boards that open items of their own;
- setup offering every board with the event deck, and seeded random games mixing all three
  for 1-6 players.
"""
from __future__ import annotations

import random

import pytest

from engine import (
    IllegalAction,
    InvalidConfig,
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
from engine import events as E
from engine import planets as P
from engine import rules as R
from engine.actions import Action, Move, Pick, Place, Resolve, Undo
from engine.board import placement_mask
from engine.corporations.makeshift import columns
from engine.data import parse_cell as sq
from engine.scenario import Scenario, grant
from engine.setup import SUPPORTED_CORPORATIONS, SUPPORTED_PLANETS
from engine.view import view_for

from .conftest import items, place, resolve, reveal

DOMINO = 8  # I2 civ/energy, civ on top in orientation 0
ROVER_TECH = 56
TECH_BIOMASS = 80
BIOMASS_CIV = 128
METEOR_DOMINO = 20  # I2 civ/energy with a meteor


def scene(card_id: int, players: int, seed: int = 1, **config) -> Scenario:
    """A scenario whose first event card will be ``card_id`` (private objectives on, the
    first card offered put back when it starts); lay out the position, then ``start()``."""
    if players > 1:
        config.setdefault("events", "normal")
    config.setdefault("private_objectives", True)
    return Scenario(players, seed, **config).next_event(card_id)


def before(card_id: int, players: int, seed: int = 1, **config):
    """A game about to reveal its first event card, which will be ``card_id``, stopped at the
    private objective choice (solo always; 2 players: turned on) or the commander's turn of
    the station; ``reveal`` opens the round."""
    sc = scene(card_id, players, seed, **config)
    g = sc.start(step="objectives") if players <= 2 else sc.start(turn=None)
    assert not g.extra["events"]["revealed"]
    return g




def offered(g, seat: int, item: dict) -> list[str]:
    """The values legal_actions offers for ``item`` right now."""
    return [a.value for a in legal_actions(g, seat) if isinstance(a, Resolve) and a.item == item["id"]]


def one(g, seat: int, kind: str) -> dict:
    found = items(g, seat, kind)
    assert len(found) == 1, g.seats[seat].pending
    return found[0]


# --------------------------------------------------------------------------- regress on corporation boards


def test_an_event_regress_on_oasis_follows_the_water_path_and_its_blocked_spaces():
    # Oasis water path: step 5 is rover row 5, step 6 biomass row 4, step 7 water row 3.
    sc = scene(96, 2, corporations=["oasis_ultd", "universal_coalition"])  # any tracker one step down
    sc.seat(0).trackers(water=7, biomass=4, rover=1)  # the biomass cube stands on path step 6
    g = sc.start()
    item = one(g, 0, "regress")
    assert "water" not in offered(g, 0, item)  # blocked: no tech 1 to jump the cube
    g = sc.seat(0).trackers(tech=3).start()  # the same position with Oasis tech 1: jump an occupied space
    item = one(g, 0, "regress")
    assert "water" in offered(g, 0, item)
    resolve(g, 0, item, "water")
    assert g.seats[0].corp.trackers["water"] == 5  # jumped step 6 (a plain decrement would stop on it)


def test_a_multi_step_event_regress_takes_each_step_on_the_oasis_path():
    sc = scene(105, 2, corporations=["oasis_ultd", "universal_coalition"])  # one tracker down twice (C6)
    g = sc.seat(0).trackers(water=7, biomass=4, tech=3).start()
    resolve(g, 0, one(g, 0, "regress"), "water")
    assert g.seats[0].corp.trackers["water"] == 4  # 7 -> 5 (over the biomass cube) -> 4, not 7 - 2


def test_an_event_regress_on_makeshift_goes_straight_down_its_column_and_respects_other_cubes():
    sc = scene(96, 2, corporations=["makeshift", "universal_coalition"])
    sc.seat(0).columns(civ="tech", water="water", biomass="water")
    sc.seat(0).trackers(civ=5, water=3, biomass=2)  # civ cube in the tech column (row 5: techs 1-2)
    g = sc.start()
    sp = g.seats[0].corp.special
    assert [R.has_tech(g, 0, lv) for lv in (1, 2)] == [True, True]
    item = one(g, 0, "regress")
    assert "water" not in offered(g, 0, item)  # the biomass cube sits right under it
    resolve(g, 0, item, "civ")
    assert columns(sp)["civ"] == "tech" and g.seats[0].corp.trackers["civ"] == 4
    assert [R.has_tech(g, 0, lv) for lv in (1, 2)] == [True, False]  # D11: the civ cube left tech 2


def test_an_event_regress_on_cosmos_jumps_spaces_covered_by_lifepods():
    sc = scene(96, 2, corporations=["cosmos_inc", "universal_coalition"])
    g = sc.seat(0).trackers(water=5).track_lifepods("water 4").start()
    resolve(g, 0, one(g, 0, "regress"), "water")
    assert g.seats[0].corp.trackers["water"] == 3


def test_republic_keeps_the_event_regress_and_its_own_civ_milestone_regress_apart():
    sc = scene(85, 2, corporations=["republic", "universal_coalition"])  # rover or civ down one
    g = sc.seat(0).trackers(civ=2, water=3, rover=2, tech=3).start()
    event_item = one(g, 0, "regress")
    assert offered(g, 0, event_item) == ["civ", "rover"] and "(event)" in R.describe_item(event_item)
    resolve(g, 0, event_item, "civ")  # civ 2 -> 1
    place(g, 0, BIOMASS_CIV, "F1")
    resolve(g, 0, next(i for i in items(g, 0, "advance") if i["options"] == ["civ"]), "civ")  # civ 2 again
    own = one(g, 0, "civ_regress")
    assert "civ milestone" in R.describe_item(own) and not items(g, 0, "regress")
    assert R.item_values(g, 0, own) == ["water", "rover", "tech"]
    resolve(g, 0, own, "tech")
    assert g.seats[0].corp.trackers["tech"] == 2 and not R.has_tech(g, 0, 1)


# --------------------------------------------------------------------------- C2 and the flux token


@pytest.mark.parametrize("card_id", [109, 123])
def test_no_milestone_benefits_keeps_the_flux_token_still_but_the_tech_counts(card_id):
    def reach_tech_1(sc):
        g = sc.seat(0).trackers(tech=2).start()
        place(g, 0, ROVER_TECH, "F1")
        resolve(g, 0, next(i for i in items(g, 0, "advance") if i["options"] == ["tech"]), "tech")
        return g

    corps = ["flux_industries", "universal_coalition"]
    calm = reach_tech_1(Scenario(2, corporations=corps, commander=0, interior_offset=0))  # no event deck
    assert items(calm, 0, "flux")  # the usual: place the token at a tech unlock (D5)
    g = reach_tech_1(scene(card_id, 2, corporations=corps))
    assert R.has_tech(g, 0, 1) and not items(g, 0, "flux")  # C2
    assert g.seats[0].corp.special.get("flux") is None


def test_no_milestone_benefits_withholds_the_flux_upgraded_civ_card_too():
    sc = scene(109, 2, corporations=["flux_industries", "universal_coalition"])
    sc.seat(0).trackers(tech=7, civ=1).flux("civ")  # Flux tech 3 (the latest) upgrades the flux track
    g = sc.start()
    place(g, 0, BIOMASS_CIV, "F1")
    resolve(g, 0, next(i for i in items(g, 0, "advance") if i["options"] == ["civ"]), "civ")
    assert g.seats[0].corp.trackers["civ"] == 2 and g.seats[0].civ_queue == []


@pytest.mark.parametrize("card_id,left", [(109, ["synergy"]), (122, ["patch"])])
def test_a_wormhole_biomass_level_offers_only_what_the_round_does_not_withhold(card_id, left):
    g = reveal(before(card_id, 2, corporations=["wormhole_corp", "universal_coalition"]))
    place(g, 0, ROVER_TECH, "F1")
    R.advance(g, 0, "biomass", 1, source="synergy")  # level 1: synergy or a patch
    assert R.item_values(g, 0, one(g, 0, "choose")) == left


def test_jump_drive_is_not_offered_a_synergy_for_its_patch_in_a_round_without_synergy():
    sc = scene(122, 2, corporations=["jump_drive", "universal_coalition"])  # no synergy boosts
    g = sc.seat(0).tech_slots(1).start()  # tech 1: a synergy instead of a patch
    place(g, 0, TECH_BIOMASS, "F1")
    R.gain_patch(g, 0)
    assert "synergy" not in R.item_values(g, 0, one(g, 0, "patch"))


# --------------------------------------------------------------------------- R7: planet and event limits


# K-273 (no tile on ice and land at once) with the event "no tile square on the planet edge".
# Land squares used: D8 D9 E9 (inside), H11 I11 (edge); ice: E10 H10 (inside).
K273_CASES = {
    # free squares -> (squares the legal placements cover, planet rule lifted)
    "both hold: only the land pair off the edge": ("D8 D9 E9 E10 H11 I11", [{"D8", "D9"}, {"D9", "E9"}], False),
    "both hold but no pair meets the two: the event gives way": ("E9 E10 H11 I11", [{"H11", "I11"}], False),
    "the planet rule alone blocks: lifted, the event holds": ("E9 E10 H10 H11", [{"E9", "E10"}], True),
    "the event alone blocks: lifted, the planet rule holds": ("H10 H11 I11", [{"H11", "I11"}], False),
}


def k273_covered_except(free: str):
    """Solo on K-273, event 103 in force: every square but ``free`` holds a biomass patch and
    the small stack in front shows the civ/energy domino."""
    sc = scene(103, 1, planets=["k-273"])
    keep = {sq(n) for n in free.split()}
    sc.seat(0).patch(*(c for c in D.cells_of(D.planet("k-273").grid_mask) if c not in keep)).depot(small=DOMINO)
    return sc.start()


@pytest.mark.parametrize("case", sorted(K273_CASES))
def test_an_event_limit_and_a_planet_limit_are_each_lifted_on_their_own(case):
    free, want, lifted = K273_CASES[case]
    g = k273_covered_except(free)  # the large tile on the other stack fits nowhere
    assert [a for a in legal_actions(g, 0) if isinstance(a, Pick)] == [Pick("small")]
    apply(g, 0, Pick("small"))
    placed = [a for a in legal_actions(g, 0) if isinstance(a, Place)]
    covered = {frozenset(D.cell_name(c) for c in D.cells_of(placement_mask(DOMINO, p.orient, p.anchor)))
               for p in placed}
    assert covered == {frozenset(w) for w in want}
    every = g.seats[0].board.legal_placements(DOMINO, planet_rule=False)  # with no limit at all
    for p in every:  # what is offered is accepted, the rest refused
        if Place(p.anchor, p.orient) in placed:
            apply(load(dump(g)), 0, Place(p.anchor, p.orient))
        else:
            with pytest.raises(IllegalAction, match="ice and on land|event"):
                apply(load(dump(g)), 0, Place(p.anchor, p.orient))
    assert R.planet_rule_lifted(g, 0) == lifted
    assert view_for(g, 0)["seats"][0]["planet_rule_lifted"] == lifted


def test_the_refusal_names_the_limit_that_still_holds():
    g = k273_covered_except("D8 D9 E9 E10 H11 I11")
    apply(g, 0, Pick("small"))
    with pytest.raises(IllegalAction, match="ice and on land"):
        apply(g, 0, Place(sq("E9"), 3))  # E9-E10: off the edge, but ice and land
    with pytest.raises(IllegalAction, match="event.*edge"):
        apply(g, 0, Place(sq("H11"), 0))  # H11-I11: all land, but on the edge
    apply(g, 0, Place(sq("D8"), 3))
    assert g.seats[0].board.tiles[-1] == [DOMINO, 3, sq("D8")]


# --------------------------------------------------------------------------- Cosmos diagonals on Tartarus


def tartarus_rover(corp: str, at: str, tech: int = 0):
    sc = Scenario(2, planets=["tartarus", "ksb-4156"], corporations=[corp, "universal_coalition"])
    g = sc.seat(0).trackers(tech=tech).rovers(at).start()
    place(g, 0, TECH_BIOMASS, "F1")
    grant(g, 0, "move 3")
    return g


def moves(g) -> set[str]:
    return {a.direction for a in legal_actions(g, 0) if isinstance(a, Move)}


def test_cosmos_rovers_cross_the_tartarus_chasm_diagonally_only_at_its_two_points():
    g = tartarus_rover("cosmos_inc", "D6", tech=3)  # Cosmos tech 1: diagonal steps
    assert "down-right" in moves(g)  # D6 -> E7: a crossing point
    assert not {"right", "down"} & moves(g)  # D7 and E6 are across the chasm
    with pytest.raises(IllegalAction, match="chasm.*D6-E7 or I7-J6"):
        apply(g, 0, Move(1, "right"))
    apply(g, 0, Move(1, "down-right"))
    assert g.seats[0].board.rovers == [sq("E7")] and g.seats[0].pool == 2
    g = tartarus_rover("cosmos_inc", "F5", tech=3)  # side A, the chasm runs between F5 and F6
    assert {"up-right", "down-right", "right"}.isdisjoint(moves(g)) and "down-left" in moves(g)
    with pytest.raises(IllegalAction, match="chasm"):
        apply(g, 0, Move(1, "up-right"))  # F5 -> E6 crosses away from the two points
    g = tartarus_rover("cosmos_inc", "I7", tech=3)
    apply(g, 0, Move(1, "down-left"))  # I7 -> J6: the other crossing point
    assert g.seats[0].board.rovers == [sq("J6")]


def test_without_diagonal_steps_a_rover_never_walks_across_the_chasm():
    g = tartarus_rover("cosmos_inc", "D6", tech=0)  # Cosmos without tech 1
    assert moves(g) == {"up", "left"}  # D7 and E6 are across the chasm, and no diagonals
    with pytest.raises(IllegalAction, match="up, down, left or right"):
        apply(g, 0, Move(1, "down-right"))
    g = tartarus_rover("universal_coalition", "D6")
    assert moves(g) == {"up", "left"}


# --------------------------------------------------------------------------- Horizon rovers and events


def test_an_event_destroying_a_loaded_horizon_rover_loses_its_meteorite():
    sc = scene(111, 2, corporations=["horizon_group", "universal_coalition"])  # destroy a rover if 2+
    sc.seat(0).trackers(tech=5)  # Horizon tech 2: 1 movement per loaded rover at the start of a round
    g = sc.seat(0).rovers("C5", "F6").carrying(1).start()
    s = g.seats[0]
    assert s.pool == 1  # counted when the turn opens, before the card's choice
    item = one(g, 0, "destroy_rover")
    assert offered(g, 0, item) == ["C5", "F6"]
    resolve(g, 0, item, "C5")
    assert s.board.rovers == [None, sq("F6")] and C.board_of(g, 0).carrying(g, 0) == []
    assert s.corp.meteorites == 0 and s.board.meteorites == []  # lost, not collected
    assert C.board("horizon_group").start_of_round_movement(g, 0) == 0


def test_an_event_meteorite_crushing_a_loaded_horizon_rover_loses_what_it_carried():
    sc = scene(95, 2, corporations=["horizon_group", "universal_coalition"])  # a meteorite on an empty symbol
    symbol = sq("G7")  # the domino's meteor symbol
    sc.seat(0).tile(METEOR_DOMINO, at="F7").meteorites()  # a rover took it away earlier
    g = sc.seat(0).rovers(symbol, "C5").carrying(1).start()  # one empty symbol: no choice, settled at once
    b = g.seats[0].board
    assert b.meteorites == [symbol] and b.rovers == [None, sq("C5")]
    assert C.board_of(g, 0).carrying(g, 0) == [] and g.seats[0].corp.meteorites == 0


def test_the_solo_extra_rover_of_a_horizon_player_loads_the_meteorite_it_lands_on():
    g = reveal(before(65, 1, corporations=["horizon_group"]))
    s = g.seats[0]
    place(g, 0, METEOR_DOMINO, "D2", 0)
    (meteorite,) = s.board.meteorites
    resolve(g, 0, one(g, 0, "extra_rover"), D.cell_name(meteorite))
    new = len(s.board.rovers) - 1
    assert s.board.rovers[new] == meteorite and C.board_of(g, 0).carrying(g, 0) == [new]
    assert s.corp.meteorites == 0 and not s.board.meteorites  # carried, not yet delivered


# --------------------------------------------------------------------------- lifepods and jumps


def test_losing_a_collected_lifepod_lets_cosmos_and_jump_drive_choose_which_one():
    sc = scene(114, 3, corporations=["cosmos_inc", "jump_drive", "universal_coalition"])  # lose a collected pod
    sc.seat(0).track_lifepods("water 4")  # Cosmos: nothing in the scoring area
    sc.seat(1).collected(lifepods=1).tech_slots(2)  # Jump Drive: tech 2 unlocked by a lifepod
    sc.seat(2).collected(lifepods=2)
    g = sc.start()
    cosmos = one(g, 0, "lose_lifepod")
    assert offered(g, 0, cosmos) == ["water 4"]
    resolve(g, 0, cosmos, "water 4")
    assert g.seats[0].corp.special["pods"] == [] and C.collected_lifepods(g, 0) == 0
    jump = one(g, 1, "lose_lifepod")
    assert offered(g, 1, jump) == ["score", "tech 2"] and R.has_tech(g, 1, 2)
    resolve(g, 1, jump, "score")  # keeps its tech
    assert g.seats[1].corp.lifepods == 0 and R.has_tech(g, 1, 2)
    assert g.seats[2].corp.lifepods == 1 and not items(g, 2)  # nothing to choose: taken at once


def test_a_teleport_may_not_land_on_terrain_this_rounds_event_keeps_rovers_off():
    def republic_jump(sc):
        """Republic tech 3 (jump between civ icons for 1 movement), a rover on a civ icon."""
        sc.seat(0).trackers(tech=7).rovers("G1")
        sc.seat(0).tile(BIOMASS_CIV, at="F1")  # civ icon on G1
        sc.seat(0).tile(DOMINO, at="F3")  # civ icon on F3
        return sc.start()

    calm = republic_jump(Scenario(2, corporations=["republic", "universal_coalition"]))
    place(calm, 0, ROVER_TECH, "F2")
    grant(calm, 0, "move 1")
    assert R.item_values(calm, 0, one(calm, 0, "tech")) == ["1 F3"]
    g = republic_jump(scene(102, 2, corporations=["republic", "universal_coalition"]))  # no civ
    place(g, 0, ROVER_TECH, "F2")
    grant(g, 0, "move 1")
    assert not items(g, 0, "tech")  # a jump onto civ terrain enters it: nothing to use this round


# --------------------------------------------------------------------------- before the pick


def test_what_an_event_advance_opens_on_makeshift_is_settled_before_the_pick():
    sc = scene(81, 2, corporations=["makeshift", "universal_coalition"])  # synergy on any tracker
    sc.seat(0).columns(tech="tech")
    g = sc.seat(0).trackers(tech=10).start()  # Makeshift tech 4: an optional regress, usable once the tile is placed
    resolve(g, 0, one(g, 0, "advance"), "civ")
    shift = one(g, 0, "shift")  # Makeshift: where the civ cube goes is a choice
    assert Pick("small") not in legal_actions(g, 0)
    with pytest.raises(IllegalAction, match="event asks"):
        apply(g, 0, Pick("small"))
    resolve(g, 0, shift, offered(g, 0, shift)[0])
    tech = one(g, 0, "tech")
    assert tech["optional"] and not offered(g, 0, tech)  # waits for the tile, blocks nothing
    assert Pick("small") in legal_actions(g, 0)
    apply(g, 0, Undo())  # back to the card's choice
    assert one(g, 0, "advance") and not items(g, 0, "shift") and g.seats[0].corp.trackers["civ"] == 0


def test_a_lifepod_an_event_collects_for_cosmos_is_put_away_before_the_pick():
    sc = scene(82, 2, corporations=["cosmos_inc", "universal_coalition"])  # collect a lifepod, no rover
    g = sc.seat(0).lifepods("C8").start()  # one: collected at once
    pod = one(g, 0, "pod")
    assert pod.get("event") and Pick("small") not in legal_actions(g, 0)
    resolve(g, 0, pod, "biomass 3")
    assert g.seats[0].corp.special["pods"] == [["biomass", 3]] and Pick("small") in legal_actions(g, 0)


def test_an_event_patch_counts_as_wormholes_first_patch_of_the_round():
    sc = scene(80, 2, corporations=["wormhole_corp", "universal_coalition"])  # place a biomass patch
    g = sc.seat(0).trackers(tech=7).start()  # Wormhole tech 3: the first patch gain of a round is doubled
    assert len(items(g, 0, "patch")) == 2


# --------------------------------------------------------------------------- setup and random games


def test_setup_offers_every_planet_and_corporation_with_the_event_deck():
    assert set(SUPPORTED_PLANETS) == set(D.planets()) and len(SUPPORTED_PLANETS) == 13
    assert set(SUPPORTED_CORPORATIONS) == set(D.corporations()) and len(SUPPORTED_CORPORATIONS) == 9
    planets = [p for p in SUPPORTED_PLANETS if p != "ksb-4156"]
    corps = [c for c in SUPPORTED_CORPORATIONS if c != "universal_coalition"]
    for events in ("easy", "hard", {"green": 5, "orange": 7, "red": 8}, True):
        config = make_config(6, planets=planets[:6], corporations=corps[:6], events=events)
        g = new_game(config, 4)
        assert [s.board.planet_id for s in g.seats] == planets[:6]
        assert [s.corp.corp_id for s in g.seats] == corps[:6]
        deck = g.extra["events"]["deck"]
        assert len(deck) == 20 and all(not E.card(c).solo_only for c in deck)
        counts = {c: sum(1 for x in deck if E.card(x).colour == c) for c in E.COLOURS}
        assert counts == {c: config["events"][c] for c in E.COLOURS}
    solo = make_config(1, planets=planets[6:7], corporations=corps[6:7])
    assert solo["events"]["preset"] == "normal"  # solo always plays the deck
    with pytest.raises(InvalidConfig, match="no planet 'mars'"):
        make_config(2, planets=["mars", "petra"], events="hard")
    with pytest.raises(InvalidConfig, match="20 cards"):
        make_config(2, planets=planets[:2], corporations=corps[:2], events={"green": 5, "orange": 5, "red": 5})


def _play_mixed(players: int, seed: int, deep_every: int = 7):
    """A seeded random game with asymmetric planets and corporations and the event deck,
    checking every step: the state reloads equal, the listed actions read back from their
    text, a sample of them applies, every pending item reads as words, no rover walks across
    Tartarus' chasm away from its two points or stands on a visible K'aak toxic square."""
    asym_planets = [p for p in SUPPORTED_PLANETS if p != "ksb-4156"]
    asym_corps = [c for c in SUPPORTED_CORPORATIONS if c != "universal_coalition"]
    start = players * (players - 1) // 2  # 0, 1, 3, 6, 10, 15: the seats of all games cover every board
    planets = [asym_planets[(start + i) % len(asym_planets)] for i in range(players)]
    corps = [asym_corps[(start + i) % len(asym_corps)] for i in range(players)]
    events = None if players == 1 else ("easy", "normal", "hard")[seed % 3]
    g = new_game(make_config(players, planets=planets, corporations=corps, events=events), seed)
    rng = random.Random(seed)
    steps = 0
    while g.phase != "over":
        seat = rng.choice(to_act(g))
        actions = legal_actions(g, seat)
        assert actions
        if steps % deep_every == 0:
            text = dump(g)
            for a in rng.sample(actions, min(len(actions), 6)):
                assert parse(str(a)) == a
                apply(load(text), seat, a)
            view_for(g, seat)
        for it in g.seats[seat].pending:
            assert R.describe_item(it) != it["kind"]
        choices: list[Action] = [a for a in actions if not isinstance(a, Undo)] or actions
        if len(choices) < len(actions) and rng.random() < 0.03:
            choices = [Undo()]
        action = rng.choice(choices)
        board = g.seats[seat].board
        before = list(board.rovers)
        apply(g, seat, action)
        pr = P.rules_for(board.planet_id)
        if isinstance(action, Move) and pr.sides:  # Tartarus: the chasm only at its two points (P5)
            src, dst = before[action.rover - 1], board.rovers[action.rover - 1]
            assert src is not None and dst is not None
            assert any(m >> src & 1 and m >> dst & 1 for m in pr.sides) or frozenset((src, dst)) in pr.crossings
        for b in (x.board for x in g.seats):  # K'aak: never on a visible toxic square
            assert not any((P.rules_for(b.planet_id).toxic & ~b.occupied) >> c & 1 for c in b.rover_cells())
        text = dump(g)
        assert dump(load(text)) == text
        steps += 1
        assert steps < 20000
    return g


@pytest.mark.parametrize("players", range(1, 7))
def test_random_games_mixing_planets_corporations_and_events_finish_with_consistent_scores(players):
    g = _play_mixed(players, 30 + players)
    assert all(not legal_actions(g, s) for s in range(players))
    assert g.extra["events"]["revealed"] and g.ending
    for p in g.result["players"]:
        assert p["total"] == sum(p[k]["total"] for k in "ABCDEF")
        assert all(p[k]["total"] >= 0 for k in "ABCDEF")
    assert {k: v for k, v in g.result.items() if k != "solo"} == score(g)
    assert ("solo" in g.result) == (players == 1)
    if players == 1:
        solo = g.result["solo"]
        assert solo["score"] == g.result["players"][0]["total"] and solo["delta"] == solo["score"] - solo["target"]
