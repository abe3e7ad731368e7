"""Solar Storm crew-mates (autopilot/solar_storm, issue 54): every level plays legal actions in
any position, decides the same way for the same position, never reads a deck order, and a whole
computer crew finishes its game; the hint explains its turn from what the crew can know.

Small hard budgets keep the file fast: the look-ahead still runs (a few worlds a decision)."""
from __future__ import annotations

import random

import pytest

from autopilot.solar_storm import LEVELS, Memory, choose, choose_clairvoyant, hint, play_game, sample_world
from autopilot.solar_storm.play import explain
from autopilot.solar_storm.world import canonical_world, unseen_resources
from engine.solar_storm import (
    apply,
    copy,
    dump,
    legal_actions,
    load,
    make_config,
    new_game,
    parse,
    to_act,
    view_for,
)
from engine.solar_storm import data as D
from engine.solar_storm.actions import Repair, Undo
from engine.solar_storm.scenario import Scenario

DIFFICULTIES = D.DIFFICULTIES
SMALL = 0.03  # a hard budget below two worlds a decision: the heuristic's choice, cheaply
LOOK = 1.0  # a hard budget that plays out a few worlds a decision


def random_position(players: int, difficulty: str, seed: int, steps: int):
    """A position reached by ``steps`` random legal actions (undo left out), game not over."""
    state = new_game(make_config(players, difficulty=difficulty), seed)
    rng = random.Random(seed)
    for _ in range(steps):
        seat = to_act(state)[0]
        before = copy(state)
        apply(state, seat, rng.choice([a for a in legal_actions(state, seat) if not isinstance(a, Undo)]))
        if state.phase == "over":
            return before
    return state


POSITIONS = [(p, d, 10 * p + i, 4 + 9 * i) for p in (1, 2, 3, 4) for i, d in enumerate(DIFFICULTIES)]


@pytest.mark.parametrize("players,difficulty,seed,steps", POSITIONS)
def test_every_level_plays_a_legal_action_in_random_positions(players, difficulty, seed, steps):
    state = random_position(players, difficulty, seed, steps)
    seat = to_act(state)[0]
    legal = legal_actions(state, seat)
    for level in LEVELS:
        action = choose(state, seat, level, budget_s=SMALL)
        assert action in legal and not isinstance(action, Undo), (level, action)
    assert choose_clairvoyant(state, seat, SMALL) in legal


def test_a_level_decides_the_same_way_for_the_same_position_and_budget():
    for i, (players, difficulty, seed, steps) in enumerate(POSITIONS[::3]):
        state = random_position(players, difficulty, seed, steps)
        seat = to_act(state)[0]
        for level in LEVELS:
            budget = LOOK if i % 2 else SMALL
            first = choose(state, seat, level, budget_s=budget)
            assert choose(load(dump(state)), seat, level, budget_s=budget) == first


def _reshuffled(state, rng: random.Random):
    """The same position with what nobody can see changed: the resource deck's order, the order
    of each damage tier still in the deck (tiers stay stacked, § MISE EN PLACE step 6), the seed
    (the dice)."""
    other = copy(state)
    rng.shuffle(other.resource_deck)
    top_first = other.damage_deck[::-1]
    tiers = {t: [c for c in top_first if D.DAMAGE_TIER[c] == t] for t in (1, 2, 3)}
    for group in tiers.values():
        rng.shuffle(group)
    other.damage_deck = (tiers[1] + tiers[2] + tiers[3])[::-1]
    other.seed = state.seed + 1000
    return other


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_no_level_reads_a_deck_order(players):
    """Two states that differ only in the hidden deck orders (and the dice) get the same decision
    at every level: a crew-mate never knows more than the crew may see (SS16)."""
    rng = random.Random(players)
    checked = 0
    for i in range(6):
        state = random_position(players, DIFFICULTIES[i % 5], 500 + 10 * players + i, 3 + 7 * i)
        if state.pending is not None and state.pending["kind"] in ("bridge", "cargo_hold"):
            continue  # a peek shows the top cards: they are not hidden then
        other = _reshuffled(state, rng)
        assert other.resource_deck != state.resource_deck or len(set(state.resource_deck)) < 2
        assert view_for(other, 0) == view_for(state, 0)
        seat = to_act(state)[0]
        budget = LOOK if i < 2 else SMALL
        for level in LEVELS:
            assert choose(state, seat, level, budget_s=budget) == choose(other, seat, level, budget_s=budget), level
        checked += 1
    assert checked >= 4


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_a_whole_four_seat_computer_game_finishes(difficulty):
    for level in LEVELS:
        state = play_game(4, 77, level, difficulty=difficulty, budget_s=0.01)
        assert state.phase == "over"
        assert state.result["result"] in ("won", "lost")


def test_a_solo_crew_and_the_clairvoyant_crew_finish_too():
    assert play_game(1, 5, "normal", difficulty="medium").phase == "over"
    assert play_game(3, 5, "clairvoyant", difficulty="easy", budget_s=0.01).phase == "over"


def test_memory_keeps_what_a_bridge_peek_showed_until_the_cards_are_drawn():
    """Peek results are shown to the whole crew (SS16): after the Bridge's order the crew knows
    the next damage cards, and forgets each as it is drawn."""
    sc = Scenario(players=2, seed=3, difficulty="medium")
    sc.pawn(0, "bridge").damage(top=["D1-01", "D1-02", "D1-03"], left=10)
    state = sc.start(active=0)
    memory = Memory()
    apply(state, 0, parse("activate"))
    memory.observe(view_for(state, None))
    assert memory.damage_top == ["D1-01", "D1-02", "D1-03"]
    order = choose(state, 0, "normal", memory=memory)
    apply(state, 0, order)
    memory.observe(view_for(state, None))
    assert sorted(memory.damage_top) == ["D1-01", "D1-02", "D1-03"]
    top = list(memory.damage_top)
    while state.active == 0:
        apply(state, 0, choose(state, 0, "normal", memory=memory))
        memory.observe(view_for(state, None))
    assert memory.damage_top == top[1:]  # the end of seat 1's turn drew one
    assert Memory.from_json(memory.to_json()).damage_top == top[1:]


def test_the_bridge_puts_the_card_that_would_destroy_a_room_last():
    """§ ACTIONS DES PIÈCES, the Bridge: « regardez-les, et remettez-les dans l'ordre de votre
    choix ». A room with no cube left loses the game if hit, so that card goes to the bottom."""
    sc = Scenario(players=2, seed=4, difficulty="easy")
    sc.pawn(0, "bridge").room("mess_hall", cubes="---").damage(top=["D1-03", "D1-01", "D1-02"], left=12)
    state = sc.start(active=0)
    apply(state, 0, parse("activate"))
    order = choose(state, 0, "normal")
    assert order.cards[-1] == "D1-03"


def test_a_crew_mate_spends_its_last_two_actions_saving_a_room_with_no_cube_left():
    """§ PHASE 3 : « Si une pièce est endommagée et qu'aucun cube [...] vous perdez la partie ! »
    The Mess Hall next door has no cube left and seat 1 holds a card that fits it; with two
    actions left, the normal crew-mate plans the pair (move there, repair it) rather than taking
    the repair in reach first (its own Cargo Hold's slot) and being left one action short."""
    sc = Scenario(players=3, seed=4, difficulty="easy")
    sc.layout("mess_hall", "cargo_hold", "medical_bay", "repair_centre", "armoury", "bridge", "engine_room",
              "crew_quarters")
    sc.room("mess_hall", cubes="---").room("cargo_hold", cubes="x-x")
    sc.pawn(0, "cargo_hold").hand(0, "data", "metal", "nanobots")
    sc.pawn(1, "crew_quarters").hand(1, "metal", "metal")
    sc.pawn(2, "crew_quarters").hand(2, "metal")
    state = sc.damage(left=14).start(active=0, actions=2)
    played = []
    while state.phase == "actions" and state.active == 0:
        action = choose(state, 0, "normal")
        played.append(str(action))
        apply(state, 0, action)
    assert played[0] == "move mess_hall"
    assert any(state.cubes["mess_hall"])


def test_sampled_worlds_keep_what_is_known_and_change_only_what_is_not():
    state = random_position(3, "medium", 9, 30)
    view = view_for(state, to_act(state)[0])
    memory = Memory()
    memory.damage_top = list(reversed(state.damage_deck))[:2]
    w1 = sample_world(view, memory, random.Random(1))
    w2 = sample_world(view, memory, random.Random(2))
    for w in (w1, w2):
        assert view_for(w, view["seat"])["hands"] == view["hands"]
        assert sorted(w.resource_deck) == sorted(state.resource_deck)
        assert sorted(w.damage_deck) == sorted(state.damage_deck)
        assert w.damage_deck[-2:] == state.damage_deck[-2:]  # the known top stays on top
    assert (w1.resource_deck, w1.damage_deck) != (w2.resource_deck, w2.damage_deck)
    assert sum(unseen_resources(view).values()) == len(state.resource_deck)


def test_the_hint_gives_the_turn_with_a_reason_each_and_changes_nothing():
    state = random_position(3, "easy", 21, 12)
    seat = to_act(state)[0]
    before = dump(state)
    lines = hint(state, seat, budget_s=SMALL)
    assert lines and dump(state) == before
    assert lines[0][0] in legal_actions(state, seat)
    assert all(reason.text and reason.key and str(reason) == reason.text for _a, reason in lines)
    with pytest.raises(Exception, match="not your turn"):
        hint(state, (seat + 1) % 3)


def test_a_repair_hint_says_when_the_next_damage_cards_hit_the_room():
    """The hint uses only what the crew knows: here a Bridge peek showed two cards hitting the Bridge."""
    sc = Scenario(players=2, seed=5, difficulty="easy")
    sc.pawn(0, "bridge").room("bridge", cubes="-xx").hand(0, "nanobots", "data")
    sc.damage(top=["D1-01", "D2-04", "D1-05"], left=12)
    state = sc.start(active=0)
    slot = D.TRACK["bridge"][0]
    reason = explain(state, 0, Repair(slot), ["D1-01", "D2-04", "D1-05"])
    assert reason.text == f"repair the Bridge's {D.card_name(slot)} slot: the next 2 damage cards hit it"
    reason = explain(state, 0, Repair(slot), [])  # nothing known: no such claim
    assert "next" not in reason.text


def test_the_canonical_world_is_the_position_the_view_shows():
    state = random_position(4, "hard", 31, 25)
    seat = to_act(state)[0]
    view = view_for(state, seat)
    world = canonical_world(view)
    assert view_for(world, seat) | {"events": []} == view | {"events": [], "can_undo": False}
    assert legal_actions(world, seat) == [a for a in legal_actions(state, seat) if not isinstance(a, Undo)]


def test_the_bench_plays_a_game_and_reports_a_win_rate_with_its_standard_error():
    from bench.storm_crew_bench import BENCH_SEED, play_one, rate, report

    rec = play_one(("normal", "easy", 2, BENCH_SEED, None))
    assert rec["reason"] in ("core_restarted", "resource_deck_empty", "room_destroyed")
    assert len(rec["turn_cpu"]) == rec["turn"] and all(t >= 0 for t in rec["turn_cpu"])
    won = dict(rec, won=True)
    lost = dict(rec, won=False)
    p, se, n = rate([won, lost, lost, lost])
    assert (p, n) == (0.25, 4) and abs(se - (0.25 * 0.75 / 4) ** 0.5) < 1e-12
    text = report([won, lost, lost, lost])
    assert "| easy | 2 | 25.0% (se 21.7, n 4;" in text


@pytest.mark.parametrize("level", LEVELS)
def test_with_all_eight_rooms_diverted_the_seat_whose_turn_it_is_walks_in_and_restarts_the_core(level):
    """§ CONDITIONS DE FIN DE PARTIE: « Il n'y a qu'une seule façon de gagner : Dévier l'énergie des
    8 pièces et activer le noyau d'énergie. » Every room is diverted, the Hull Breach eats the last
    cards, and a pawn already stands in the core, but its seat plays two turns from now: the seat
    whose turn it is, one room away, walks in and restarts the core at once (the heuristic used
    to bank its actions, counting the pawn in the core as the win's distance, and lost)."""
    sc = Scenario(players=3, seed=4, difficulty="easy")
    sc.layout("repair_centre", "crew_quarters", "engine_room", "armoury", "bridge", "cargo_hold", "medical_bay",
              "mess_hall")
    for room in D.OUTER:
        sc.room(room, diverted=True)
    sc.pawn(0, "bridge").hand(0, "data", "metal")
    sc.pawn(1, "cargo_hold").hand(1, "metal")
    sc.pawn(2, "energy_core").hand(2, "nanobots")
    state = sc.resources(left=4).damage(left=0).start(active=0)
    played = []
    while state.phase == "actions" and state.active == 0:
        action = choose(state, 0, level, budget_s=SMALL if level == "hard" else None)
        played.append(str(action))
        apply(state, 0, action)
    assert state.result is not None and state.result["result"] == "won", played
    assert played[0] == "move energy_core"
