"""The computer players' levels (autopilot/play.py LEVELS): a whole game at each level with
listed legal actions only, the same decision for the same position, the old name "greedy"
still accepted, hard far above random, and the hard level's sampled worlds keeping what the
seat sees. (Decisions from the seat's view only, at every level: test_autopilot.py.)"""
from __future__ import annotations

import random
from collections import Counter

import pytest

from autopilot import LEVELS, choose, level_name, play_game, play_turn, state_from_view
from autopilot import hard as H
from autopilot.hard import rollout, sample_world
from engine import apply, dump, legal_actions, make_config, view_for
from engine import data as D
from engine.actions import Undo
from engine.state import copy
from tests.engine.conftest import game

HARD_BUDGET = 0.25  # small: a few worlds a decision (a solo game in about 15 s of CPU; 25 s at 0.5, the same score)


def checked(players: int, seed: int, levels, **config):
    """A whole game between autopilots; every action is checked against the listed ones."""
    steps: Counter = Counter()

    def check(state, seat, action):
        assert action in legal_actions(state, seat) and not isinstance(action, Undo), action
        steps[seat] += 1

    state = play_game(make_config(players, **config), seed, levels, on_action=check, budget_s=HARD_BUDGET)
    assert state.phase == "over" and state.result is not None
    return state, steps


@pytest.fixture(scope="module")
def solo():
    """One solo game (normal event deck) per level, same seed: the same tiles and events."""
    return {level: checked(1, 31, level, events="normal")[0] for level in LEVELS}


def total(state, seat: int = 0) -> int:
    return next(p["total"] for p in state.result["players"] if p["seat"] == seat)


def test_every_level_plays_a_whole_solo_game_with_listed_actions_only(solo):
    assert set(solo) == {"random", "easy", "normal", "hard"}
    for state in solo.values():
        assert state.ending and len(state.result["players"]) == 1


def test_levels_play_together_at_one_table():
    state, steps = checked(2, 32, ["easy", "normal"])  # hard at a table: test_autopilot.py (3 seats)
    assert all(steps[seat] >= 10 * 3 for seat in range(2))  # pick, place, confirm each round at least
    assert len(state.result["players"]) == 2


def test_hard_scores_far_above_random(solo):
    assert total(solo["hard"]) >= 2 * total(solo["random"])
    assert total(solo["hard"]) - total(solo["random"]) >= 20 and total(solo["hard"]) >= 40


def test_easy_plays_sensibly(solo):
    """Easy is a friendly opponent, not a random one (that normal beats it most of the time is
    measured over many games in bench/autopilot_bench.py). Over three games: one game of easy
    ranges from about 26 to 55 medals."""
    config = make_config(1, events="normal")
    easy = [total(solo["easy"])] + [total(play_game(config, seed, "easy")) for seed in (32, 33)]
    rand = [total(solo["random"])] + [total(play_game(config, seed, "random")) for seed in (32, 33)]
    assert sum(easy) >= 2 * sum(rand), (easy, rand)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_the_same_position_gets_the_same_decision_at_every_level(level):
    g = game(2, seed=12)
    mine = play_turn(g, 0, level, budget_s=0.8)
    assert play_turn(copy(g), 0, level, budget_s=0.8) == mine
    assert choose(g, 1, level, budget_s=0.8) == choose(copy(g), 1, level, budget_s=0.8)


def test_the_old_name_greedy_is_the_normal_level():
    g = game(2, seed=12)
    assert level_name("greedy") == "normal"
    assert play_turn(g, 0, "greedy") == play_turn(g, 0, "normal")
    with pytest.raises(ValueError, match="easy, normal, hard"):
        level_name("expert")


def test_a_sampled_world_keeps_what_the_seat_sees_and_draws_the_rest_from_its_stacks():
    g = play_game_until(3, seed=14, round_=4, events="normal")
    view = view_for(g, 0)
    sim = state_from_view(view)
    world = sample_world(sim, 0, random.Random(1))
    assert view_for(world, 0) == view  # the tops, counts, events seen and played: unchanged
    on_boards = {t[0] for s in world.seats for t in s.board.tiles}
    slots = {"small": D.station().small_slots, "large": D.station().large_slots}
    for kind in ("small", "large"):
        for j, pile in enumerate(world.station[kind]):
            assert set(pile) <= set(slots[kind][j])  # a stack holds tiles of its own slot only
            assert len(set(pile)) == len(pile) and not set(pile[:-1]) & on_boards  # no stand-ins left
    deck = world.extra["events"]["deck"]
    assert len(set(deck)) == len(deck) and not set(deck) & set(world.extra["events"]["revealed"])
    # the civ piles: as many cards as the view counts, each of its rank, none twice, none the seat holds
    # (the rebuilt state repeats the rank's lowest card)
    held = set(world.seats[0].corp.civ_cards)
    in_piles = [c for pile in world.civ_piles.values() for c in pile]
    assert {r: len(p) for r, p in world.civ_piles.items()} == {r: p["count"] for r, p in view["civ_piles"].items()}
    assert all(D.civ_card(c).rank == int(r) for r, pile in world.civ_piles.items() for c in pile)
    assert len(set(in_piles)) == len(in_piles) and not set(in_piles) & held
    other = sample_world(sim, 0, random.Random(2))
    assert dump(other) != dump(world)  # another draw, another world
    assert dump(sample_world(sim, 0, random.Random(1))) == dump(world)


def on_station(state) -> int:
    return sum(len(pile) for kind in ("small", "large") for pile in state.station[kind])


def test_in_a_sampled_world_the_other_players_take_their_hidden_turn(monkeypatch):
    """Another player's turn this round is hidden until everyone confirms: the view shows
    their planet as at the start of the round and their tile still on the station, whether
    they have confirmed or not. In the hard level's worlds they play that turn (before, they
    only confirmed: the next round opened with their tiles still on offer and their planets
    unchanged). In a play-out that turn is a stand-in's, nearly free: the tile leaves the
    station, placed nowhere (their quick play took nearly half of a four-player play-out's CPU)."""
    g = play_game_until(4, seed=21, round_=5)
    while g.phase == "rotate":
        apply(g, g.active, choose(g, g.active, "normal"))
    for seat in (1, 2):  # two other seats play and confirm their turn, unseen by seat 0
        for action in play_turn(g, seat, "normal"):
            apply(g, seat, action)
    view = view_for(g, 0)
    world = sample_world(state_from_view(view), 0, random.Random(3))
    assert [s.step for s in world.seats] == ["pick", "pick", "pick", "pick"]
    tiles = [len(s.board.tiles) for s in world.seats]
    end = copy(world)
    rollout(end, 0, world.round)
    assert end.round == world.round + 1  # the round was played to its end and the next opened
    # all four took a tile this round, and seat 0 another in the next: none still on offer
    assert on_station(end) == on_station(world) - 5
    assert [len(s.board.tiles) for s in end.seats] == [tiles[0] + 2] + tiles[1:]  # the stand-ins place nothing
    monkeypatch.setattr(H, "STAND_INS", False)  # as before: their turns played by the quick policy
    played = copy(world)
    rollout(played, 0, world.round)
    assert on_station(played) <= on_station(world) - 5  # when they play their turns (a tech may take one more)
    assert all(len(s.board.tiles) > n for s, n in zip(played.seats[1:], tiles[1:], strict=True))
    seen = view_for(world, 0)  # what seat 0 sees is still what it saw, but that the others now play
    assert [sv["step"] for sv in seen["seats"][1:]] == ["playing"] * 3
    for sv in seen["seats"] + view["seats"]:
        del sv["step"]
    assert seen == view


def play_game_until(players: int, seed: int, round_: int, **config):
    from engine import new_game, to_act
    state = new_game(make_config(players, **config), seed)
    while state.round < round_:
        seat = to_act(state)[0]
        for action in play_turn(state, seat, "random", random.Random(seed)):
            apply(state, seat, action)
    return state


def test_at_a_table_hard_counts_on_fewer_track_advances_and_alone_on_the_heuristic_s():
    """Hard's own judgement at a table of two or more expects TABLE_ADVANCES advances a round
    on a track (tuned at four-player tables), fewer than the heuristic's ADVANCES_PER_ROUND
    (tuned in solo): a tracker's worth looks less far up its track. Solo it is the heuristic's
    own, so solo play is unchanged."""
    from autopilot.greedy import ADVANCES_PER_ROUND, _Greedy
    assert H.TABLE_ADVANCES < ADVANCES_PER_ROUND
    table = game(4, seed=7)
    sim = state_from_view(view_for(table, 0))
    mine, heuristic = H._mine(sim, 0), _Greedy(sim, 0)
    assert mine.per_round == H.TABLE_ADVANCES and heuristic.per_round == ADVANCES_PER_ROUND
    assert mine.tracks != heuristic.tracks
    solo = state_from_view(view_for(game(1, seed=7), 0))
    assert H._mine(solo, 0).tracks == _Greedy(solo, 0).tracks


def test_at_a_table_hard_counts_a_lead_on_a_neighbour_card_for_more_while_rounds_remain():
    """Hard's own judgement at a table weighs a neighbour card by TABLE_NEIGHBOUR_ROUNDS rather
    than the heuristic's NEIGHBOUR_ROUNDS (tuned at four-player tables): ahead by two with the
    game still young, it expects more of the card's 5 medals than the heuristic does, and behind
    by two fewer; level, both expect the tie's 2."""
    from autopilot.greedy import NEIGHBOUR_ROUNDS, _Greedy
    assert H.TABLE_NEIGHBOUR_ROUNDS > NEIGHBOUR_ROUNDS
    sim = state_from_view(view_for(game(4, seed=7), 0))
    mine, heuristic = H._mine(sim, 0), _Greedy(sim, 0)
    assert mine.rounds == heuristic.rounds > 5 and len(mine.opponents) == 2  # a neighbour on each side
    assert 2 < heuristic.lead_worth(2) < mine.lead_worth(2) < 5
    assert 0 < mine.lead_worth(-2) < heuristic.lead_worth(-2) < 2
    assert mine.lead_worth(0) == heuristic.lead_worth(0) == 2


def test_a_hard_commander_hands_the_poorer_depots_to_its_neighbours_not_the_player_across(monkeypatch):
    """Hard's station turn (four players) weighs what the turn hands its two neighbours, the
    players it races on the neighbour cards ("each player is scored on the card to the left and
    the card to the right"), not the player across, with whom it shares no card
    (DENY_ACROSS). Here every turn is worth the same to the commander; the neighbours gain
    one more medal with each step, and the player across gains 100 from the first turn only:
    the commander takes the first turn, the neighbours' poorest."""
    from autopilot.greedy import _Greedy
    from autopilot.play import play_until_waiting
    assert H.DENY_ACROSS == 0
    state = game(4, seed=7)
    while state.phase != "rotate":
        play_until_waiting(state, set(range(4)), lambda st, s: choose(st, s, "normal"), this_step=True)
    commander = 1
    turns = legal_actions(state, commander)
    assert state.phase == "rotate" and turns
    start = state.station["rotation"]

    def worth(self, f):
        steps = (start - f.station["rotation"]) % 6
        if self.seat == commander:
            return 10.0
        if self.seat == 3:  # across from seat 1
            return 100.0 if steps == 0 else 0.0
        return float(steps)

    monkeypatch.setattr(_Greedy, "depot_worth", worth)
    monkeypatch.setattr(_Greedy, "value", lambda self, sim: 0.0)
    sim = state_from_view(view_for(state, commander))
    assert H.station_turn(sim, commander, turns).steps == 0
    monkeypatch.setattr(H, "DENY_ACROSS", 1.0)  # the player across counted as a neighbour: another turn
    assert H.station_turn(sim, commander, turns).steps == 1


def test_at_a_table_the_last_rounds_are_played_out_to_the_final_score_with_every_planet_growing():
    """In the last rounds of a four-player game (TABLE_ENDGAME_ROUNDS or fewer to come) hard's
    worlds are played on to the end and the seat's final score is what counts. The other
    players' turns there are their quick play, not stand-ins: the shared objectives are won "en
    comparant votre Planète avec celle de votre /vos voisin•e•s" (2023 rulebook, end of the
    game, F), so a neighbour card at the end is judged against the planet the neighbour will
    have, not one that stopped growing (with stand-ins to the end: -0.17 medals, se 0.16, over
    100 tables)."""
    from autopilot.greedy import _rounds_left
    from engine import new_game, to_act
    g = new_game(make_config(4), 2002)
    while not (g.phase == "turns" and 0 in to_act(g) and _rounds_left(g) <= H.TABLE_ENDGAME_ROUNDS):
        seat = to_act(g)[0]
        for action in play_turn(g, seat, "normal"):
            apply(g, seat, action)
    world = sample_world(state_from_view(view_for(g, 0)), 0, random.Random(5))
    tiles = [len(s.board.tiles) for s in world.seats]
    end = copy(world)
    worth = rollout(end, 0, world.round, to_end=True)
    assert end.phase == "over" and end.result is not None
    assert worth == next(p["total"] for p in end.result["players"] if p["seat"] == 0)  # the final score
    assert all(len(s.board.tiles) > n for s, n in zip(end.seats, tiles, strict=True))  # every planet grew
    short = copy(world)
    rollout(short, 0, world.round)  # earlier in the game: on to the seat's next turn only
    assert short.phase != "over" and [len(s.board.tiles) for s in short.seats][1:] == tiles[1:]


def test_in_hard_s_play_outs_another_commander_turns_the_station_as_drawn_with_the_world():
    """The next round's commander, when it is another player, chooses the station's turn
    itself ("À chaque tour, le•a Commandant•e peut faire tourner la Station Spatiale autant
    qu'il•elle le souhaite", 2023 rulebook, p. 3); the seat cannot know it. Each of
    hard's worlds draws that turn (PLAYOUT_TURN), so its play-outs spread over the depots the
    seat may face next round; before, every world took the first turn listed (no turn at all)."""
    from engine import new_game, to_act
    g = new_game(make_config(4), 2002)
    while not (g.phase == "turns" and 0 in to_act(g) and g.commander == 2):  # seat 3 is commander next
        seat = to_act(g)[0]
        for action in play_turn(g, seat, "normal"):
            apply(g, seat, action)
    sim = state_from_view(view_for(g, 0))
    drawn = {sample_world(sim, 0, random.Random(n)).extra[H.PLAYOUT_TURN] for n in range(30)}
    assert len(drawn) >= 4 and drawn <= set(range(6))
    ends = {}
    for n in range(30):
        world = sample_world(sim, 0, random.Random(n))
        rollout(world, 0, sim.round)
        assert world.round == sim.round + 1 and world.commander == 3
        ends[world.extra[H.PLAYOUT_TURN]] = world.station["rotation"]
    # the station turned by the steps each world drew (a turn of k depots takes k off the rotation)
    assert {(sim.station["rotation"] - rot) % 6 for rot in ends.values()} == set(ends) == drawn
