"""The autopilot (autopilot/): whole games with legal actions only at both levels,
greedy far above random, decisions taken from the seat's view alone, the same decisions for
the same position, a turn through rover movement and a civ card pick, and no endless turn."""
from __future__ import annotations

import random
import statistics
from collections import Counter

import pytest

from autopilot import choose, play_game, play_turn, state_from_view
from engine import NotYourTurn, apply, dump, legal_actions, make_config, new_game, to_act, view_for
from engine.actions import Confirm, DropObjective, Move, Pick, Place, Resolve, Turn, Undo
from engine.data import civ_card
from engine.scenario import Scenario
from engine.state import copy
from engine.station import seat_depot
from tests.engine.conftest import game

ROVER_TECH_DOMINO = 56  # rover/tech, small stack
ROVER_TECH_LARGE = 48  # rover/tech N5, large stack
CIV_ENERGY_DOMINO = 8  # civ/energy, small stack
CIV_ENERGY_LARGE = 0  # civ/energy N5, large stack


def checked_game(players: int, seed: int, levels, **config):
    """A whole game between autopilots, checking every action before it is applied."""
    per_step: Counter = Counter()

    def check(state, seat, action):
        assert action in legal_actions(state, seat), f"{action} is not legal for seat {seat}"
        assert not isinstance(action, Undo)
        per_step[(state.round, state.phase, seat)] += 1

    state = play_game(make_config(players, **config), seed, levels, on_action=check)
    assert state.phase == "over" and state.result is not None
    assert all(not legal_actions(state, s) for s in range(players))
    return state, per_step


@pytest.fixture(scope="module")
def played():
    """Games shared by several tests (greedy games take a second or more each)."""
    return {
        "random": [checked_game(n, 10 + n, "random") for n in (1, 2, 4)],
        "greedy_solo": [checked_game(1, seed, "greedy") for seed in (1, 2, 3)],
        "random_solo": [checked_game(1, seed, "random") for seed in (1, 2, 3)],
        "mixed_4p": checked_game(4, 5, ["random", "greedy", "random", "random"]),
        # asymmetric boards and the event deck: item kinds the greedy player has no special case for
        "boards": [checked_game(1, 4, "greedy", planets=["cerberus"], corporations=["cosmos_inc"], events="normal"),
                   checked_game(2, 6, ["greedy", "random"], planets=["tartarus", "petra"],
                                corporations=["jump_drive", "makeshift"], events="hard")],
    }


def totals(state) -> list[int]:
    return [p["total"] for p in state.result["players"]]


def test_random_and_greedy_autopilots_play_whole_games_with_legal_actions_only(played):
    # the checks run inside checked_game; here: every player count finished, every seat scored
    finished = [g for g, _ in played["random"]] + [g for g, _ in played["greedy_solo"]]
    finished += [played["mixed_4p"][0]] + [g for g, _ in played["boards"]]
    assert sorted({g.players for g in finished}) == [1, 2, 4]
    for g in finished:
        assert g.ending and g.round >= 8
        assert len(g.result["players"]) == g.players


def test_every_step_ends_after_a_bounded_number_of_actions(played):
    games = played["random"] + played["greedy_solo"] + played["boards"] + [played["mixed_4p"]]
    longest = max(max(per_step.values()) for _g, per_step in games)
    assert longest <= 40  # pick, place, a few items, some rover steps, confirm


def test_greedy_scores_far_above_random(played):
    greedy = [totals(g)[0] for g, _ in played["greedy_solo"]]
    rand = [totals(g)[0] for g, _ in played["random_solo"]]
    assert min(greedy) > max(rand)
    assert statistics.mean(greedy) >= 2 * statistics.mean(rand)
    mixed = totals(played["mixed_4p"][0])
    assert mixed[1] > max(mixed[0], mixed[2], mixed[3]) + 10  # the same table


def test_greedy_uses_its_whole_planet_better_than_random(played):
    greedy_uncovered = [g.result["players"][0]["uncovered"] for g, _ in played["greedy_solo"]]
    random_uncovered = [g.result["players"][0]["uncovered"] for g, _ in played["random_solo"]]
    assert max(greedy_uncovered) < min(random_uncovered)


def test_the_same_position_always_gets_the_same_decisions(played):
    again = play_game(make_config(1), 1, "greedy")
    assert dump(again) == dump(played["greedy_solo"][0][0])
    g = game(3, seed=4)
    assert play_turn(g, 1) == play_turn(copy(g), 1)
    assert play_turn(g, 2, "random", random.Random(9)) == play_turn(g, 2, "random", random.Random(9))


def test_play_turn_leaves_the_state_alone_and_stops_when_the_seat_waits():
    g = game(3, seed=2)
    before = dump(g)
    actions = play_turn(g, 0)
    assert dump(g) == before
    assert isinstance(actions[0], Pick) and isinstance(actions[1], Place) and actions[-1] == Confirm()
    for a in actions:
        apply(g, 0, a)
    assert 0 not in to_act(g) and to_act(g) == [1, 2]


def test_choose_refuses_a_seat_with_nothing_to_decide():
    g = game(3, seed=2)
    for a in play_turn(g, 0):
        apply(g, 0, a)
    with pytest.raises(NotYourTurn):
        choose(g, 0)
    with pytest.raises(ValueError):
        choose(g, 1, level="clever")


def hidden_twin(state, viewer: int):
    """A copy of ``state`` that differs only in what ``viewer`` cannot see: the seed, the
    order of every stack below its top tile, the civ piles it is not choosing from, the
    objective deck and every other seat's private objectives. The tile below the top of the
    viewer's own two stacks stays: once it has picked, the viewer sees it (R5), and the hard
    level uses what it sees."""
    twin = copy(state)
    rng = random.Random(5)
    twin.seed += 1000
    own = seat_depot(state, viewer)
    for kind in ("small", "large"):
        for slot, pile in enumerate(twin.station[kind]):
            keep = 2 if slot == own[kind] else 1
            under = pile[:-keep]
            rng.shuffle(under)
            pile[:-keep] = under
    choosing = {str(i["rank"]) for i in twin.seats[viewer].pending if i["kind"] == "civ"}
    for rank, pile in twin.civ_piles.items():
        box = [c for c in twin.civ_box if civ_card(c).rank == int(rank)]
        if rank not in choosing and box and pile:
            twin.civ_box[twin.civ_box.index(box[0])] = pile[0]
            pile[0] = box[0]
            pile.sort()
    twin.objective_deck.reverse()
    for i, s in enumerate(twin.seats):
        if i != viewer and s.corp.objectives:
            s.corp.objectives = sorted(twin.objective_deck[:len(s.corp.objectives)])
    assert dump(twin) != dump(state)
    return twin


# the levels that decide from the seat's view (random draws from the generator it is given);
# hard with a budget that makes it look ahead at the pick and the placement
VIEW_LEVELS = [("easy", None), ("normal", None), ("hard", 0.8)]


@pytest.mark.parametrize(("level", "budget"), VIEW_LEVELS)
def test_every_level_decides_from_the_seats_view_only(level, budget):
    g = game(3, seed=6, private_objectives=True)
    before = copy(g)
    for a in play_turn(g, 1)[:-1]:  # seat 1 plays its turn but has not confirmed it
        apply(g, 1, a)
    twin = hidden_twin(before, 0)  # in the twin seat 1 has not even picked yet
    assert view_for(twin, 0) == view_for(g, 0)
    mine = play_turn(g, 0, level, budget_s=budget)
    assert play_turn(twin, 0, level, budget_s=budget) == mine
    assert any(isinstance(a, Resolve) for a in mine)


UNSEEN = 10_000  # no tile, card or objective has this number: reading it fails loudly


class Unseen:
    """Stands for something the seat may not look at: any use of it fails the test."""

    def __getattr__(self, name):
        raise AssertionError(f"the autopilot looked at hidden information ({name})")


@pytest.mark.parametrize(("level", "budget"), VIEW_LEVELS)
def test_no_level_reads_what_the_seat_cannot_see(level, budget):
    g = game(3, seed=6, private_objectives=True)
    for a in play_turn(g, 1)[:-1]:  # seat 1 plays its turn but has not confirmed it
        apply(g, 1, a)
    # replace everything seat 0 may not see by values that break whatever reads them (the tile
    # below the top of its own stacks it sees once it has picked, R5)
    own = seat_depot(g, 0)
    for kind in ("small", "large"):
        for slot, pile in enumerate(g.station[kind]):
            keep = 2 if slot == own[kind] else 1
            pile[:-keep] = [UNSEEN] * (len(pile) - keep)
    g.civ_piles = {rank: [UNSEEN] * len(pile) for rank, pile in g.civ_piles.items()}
    g.civ_box = [UNSEEN] * len(g.civ_box)
    g.objective_deck = [UNSEEN] * len(g.objective_deck)
    g.seats[2].corp.objectives = [UNSEEN]
    for other in (1, 2):
        g.seats[other].snapshot["corp"]["objectives"] = [UNSEEN]
    g.seats[1].board = Unseen()  # seat 1's unconfirmed turn: its planet and corporation now
    g.seats[1].corp = Unseen()
    g.seed = Unseen()
    steps = 0
    while 0 in to_act(g):
        apply(g, 0, choose(g, 0, level, budget_s=budget))
        steps += 1
    assert steps >= 3 and g.seats[0].step == "done"


def test_greedy_civ_pick_does_not_depend_on_cards_it_cannot_see():
    sc = Scenario(2, seed=8, commander=0, interior_offset=0)
    g = sc.seat(0).civ_milestone(1, 2).start(step="civ")  # seat 0 reached two civ milestones this round
    assert g.phase == "civ" and g.active == 0
    twin = hidden_twin(g, 0)
    assert view_for(twin, 0) == view_for(g, 0)
    assert play_turn(twin, 0) == play_turn(g, 0)


@pytest.mark.parametrize("config", [
    {"players": 3, "private_objectives": True},
    {"players": 3, "private_objectives": True, "events": "hard", "planets": ["pajitnov", "k-273", "petra"],
     "corporations": ["jump_drive", "republic", "cosmos_inc"]},
    {"players": 2, "events": "normal", "planets": ["gaia", "kaak"], "corporations": ["oasis_ultd", "horizon_group"]},
])
def test_a_state_rebuilt_from_a_view_offers_the_same_actions_as_the_real_one(config):
    config = dict(config)
    g = new_game(make_config(config.pop("players"), **config), 21)
    rng = random.Random(21)
    checked = 0
    while g.phase != "over":
        for seat in to_act(g):
            real = [a for a in legal_actions(g, seat) if not isinstance(a, Undo)]
            rebuilt = state_from_view(view_for(g, seat))
            assert [a for a in legal_actions(rebuilt, seat) if not isinstance(a, Undo)] == real
            checked += 1
        seat = rng.choice(to_act(g))
        apply(g, seat, rng.choice([a for a in legal_actions(g, seat) if not isinstance(a, Undo)]))
    assert checked > 200


def test_greedy_turn_spends_rover_movement_on_a_lifepod_or_meteorite():
    sc = Scenario(2, 3)
    sc.seat(0).trackers(rover=3)  # the next rover advance gives 2 movement
    sc.seat(0).rovers("D4", "J8").meteorites("D6")  # two steps from the meteorite D6 and the lifepod I9
    g = sc.seat(0).depot(small=ROVER_TECH_DOMINO, large=ROVER_TECH_LARGE).start()
    s = g.seats[0]
    before = s.corp.lifepods + s.corp.meteorites
    actions = play_turn(g, 0)
    for a in actions:
        apply(g, 0, a)
    assert sum(isinstance(a, Move) for a in actions) == 2
    assert s.corp.lifepods + s.corp.meteorites == before + 1
    assert actions[-1] == Confirm() and not s.pending


def test_greedy_reaches_a_civ_milestone_then_picks_a_card_and_settles_it():
    sc = Scenario(2, 4)
    sc.seat(0).trackers(civ=2)  # a civ icon now reaches the rank 1 milestone
    g = sc.seat(0).depot(small=CIV_ENERGY_DOMINO, large=CIV_ENERGY_LARGE).start()
    s = g.seats[0]
    for seat in (0, 1):
        for a in play_turn(g, seat):
            apply(g, seat, a)
    assert g.phase == "civ" and g.active == 0
    pile = list(g.civ_piles["1"])
    actions = play_turn(g, 0)
    picked = [a for a in actions if isinstance(a, Resolve) and a.value.isdigit()]
    assert len(picked) == 1 and int(picked[0].value) in pile
    for a in actions:
        apply(g, 0, a)
    assert int(picked[0].value) in s.corp.civ_cards and not s.pending
    assert g.phase != "civ" or g.active != 0


def test_greedy_commander_turns_the_station_and_solo_drops_an_objective():
    g = new_game(make_config(4, first_commander=2), 3)
    assert g.phase == "rotate"
    assert isinstance(choose(g, 2), Turn)
    solo = new_game(make_config(1), 3)
    drop = choose(solo, 0)
    assert isinstance(drop, DropObjective) and drop.card in solo.seats[0].corp.objective_offer
