"""Random playouts: 200 seeded games for 1-6 players played to the end by random legal
actions, checking invariants at every step (OpenSpiel-style). Solo games play the event
deck (always on in solo); a few more multiplayer games play it too."""
import random

import pytest

from engine import GameOver, apply, dump, legal_actions, load, make_config, new_game, parse, to_act
from engine.actions import Action, Undo
from engine.placement import fitting
from engine.replay import random_record, replay
from engine.station import depot_tops

GAMES = 200


def play(players: int, seed: int, *, deep_every: int = 40, **config):
    g = new_game(make_config(players, **config), seed)
    rng = random.Random(seed)
    steps = 0
    while g.phase != "over":
        acting = to_act(g)
        assert acting, f"nobody can act in phase {g.phase}"
        for seat in range(players):
            if seat not in acting:
                assert legal_actions(g, seat) == []
        seat = rng.choice(acting)
        actions = legal_actions(g, seat)
        assert actions, f"seat {seat} must act but has no legal action"
        if steps % deep_every == 0:  # every listed action really applies
            text = dump(g)
            for a in rng.sample(actions, min(len(actions), 25)):
                trial = load(text)
                apply(trial, seat, a)
        choices: list[Action] = [a for a in actions if not isinstance(a, Undo)] or actions
        if len(choices) < len(actions) and rng.random() < 0.02:
            choices = [Undo()]
        action = rng.choice(choices)
        assert parse(str(action)) == action
        apply(g, seat, action)
        text = dump(g)
        assert dump(load(text)) == text
        steps += 1
        assert steps < 20000
    return g, steps


def check_finished(g, players: int) -> None:
    assert all(not legal_actions(g, s) for s in range(players))
    with pytest.raises(GameOver):
        apply(g, 0, Undo())
    assert g.ending and g.round >= 8
    res = g.result
    assert sorted(p["seat"] for p in res["players"]) == list(range(players))
    for p in res["players"]:
        parts = [p[k]["total"] for k in "ABCDEF"]
        assert all(x >= 0 for x in parts) and p["total"] == sum(parts)
        assert p["A"]["total"] <= 40 and p["B"]["total"] <= 30
        assert 0 <= p["uncovered"] <= 96
    assert res["winners"] and all(res["players"][w]["place"] == 1 for w in res["winners"])
    events = g.extra.get("events")
    if "last_event" in g.ending:
        assert events and not events["deck"] and len(events["revealed"]) == 20 == g.round
    else:
        assert not events or len(events["revealed"]) == g.round < 20
    if "unplaceable" not in g.ending and "last_event" not in g.ending:
        assert any(not g.station["large"][j] and not g.station["small"][(j + g.station["offset"]) % 6]
                   for j in range(6))
    if players == 1:
        solo = res["solo"]
        assert solo["score"] == res["players"][0]["total"] and solo["delta"] == solo["score"] - solo["target"]


@pytest.mark.parametrize("chunk", range(10))
def test_random_games_play_to_the_end_with_every_invariant_holding(chunk):
    for seed in range(chunk * GAMES // 10, (chunk + 1) * GAMES // 10):
        players = 1 + seed % 6
        g, _ = play(players, seed)
        check_finished(g, players)


@pytest.mark.parametrize("players,seed,events", [(2, 301, "hard"), (3, 302, "normal"), (4, 303, "easy"),
                                                 (5, 304, {"green": 0, "orange": 2, "red": 18}),
                                                 (6, 305, {"green": 16, "orange": 4, "red": 0}),
                                                 (1, 306, {"green": 0, "orange": 0, "red": 20})])
def test_random_games_with_the_event_deck_play_to_the_end(players, seed, events):
    g, _ = play(players, seed, events=events)
    check_finished(g, players)
    assert g.extra["events"]["revealed"] and len(g.extra["events"]["revealed"]) == g.round


def test_a_seed_always_plays_to_the_same_result():
    a, _ = play(4, 123)
    b, _ = play(4, 123)
    assert dump(a) == dump(b)


def test_a_recorded_game_replays_to_the_same_final_state():
    record = random_record(3, 42)
    state = replay(record)
    assert state.phase == "over"
    again = replay(record)
    assert dump(state) == dump(again)


def test_can_place_any_agrees_with_the_pick_options():
    g, _ = play(2, 5)
    assert g.phase == "over"
    g2 = new_game(make_config(2), 5)
    assert all(fitting(g2, s, depot_tops(g2, s)) for s in range(2))


@pytest.mark.parametrize("seed", range(6))
def test_a_copy_played_on_with_undos_leaves_the_original_as_it_was(seed):
    """The computer players try every move on a copy (``engine.state.copy``), which shares
    each seat's undo point with the original: playing, undoing and playing again on the copy
    must leave the original's state, its undo points included, exactly as it was."""
    from engine.state import copy
    g = new_game(make_config(1 + seed % 2, events="normal"), seed)  # event choices set undo points too
    rng = random.Random(seed)
    for _ in range(300):  # into the game, where seats hold undo points
        if g.phase == "over":
            break
        seat = rng.choice(to_act(g))
        apply(g, seat, rng.choice([a for a in legal_actions(g, seat) if not isinstance(a, Undo)]))
        before = dump(g)
        twin = copy(g)
        for _ in range(40):  # across a round's end, where new undo points are set
            acting = to_act(twin)
            if not acting:
                break
            s = rng.choice(acting)
            actions = legal_actions(twin, s)
            undo = [a for a in actions if isinstance(a, Undo)]
            apply(twin, s, undo[0] if undo and rng.random() < 0.4 else rng.choice(actions))
        assert dump(g) == before
