"""The one play-until-the-seat-waits loop (autopilot/play.py), which the service's computer
seats and turn timers, the console, the benchmarks and ``play_turn`` all go through."""
from __future__ import annotations

import pytest

from autopilot import choose, play_until_waiting
from engine import legal_actions, to_act
from engine.actions import Confirm, Undo
from engine.errors import IllegalAction
from service.autoplay import default_action
from tests.engine.conftest import game


def test_the_loop_plays_a_seat_until_it_waits_and_leaves_the_others_alone():
    g = game(3, seed=4)
    played = play_until_waiting(g, {0}, lambda st, seat: choose(st, seat, "random"))
    assert played and {seat for seat, _ in played} == {0} and played[-1][1] == Confirm()
    assert 0 not in to_act(g) and to_act(g) == [1, 2]


def test_an_action_that_fails_is_replaced_by_the_fallback():
    """A computer player that goes wrong must not stall the game: the legal default plays."""
    g = game(2, seed=4)
    wrong = []

    def confirm_at_once(st, seat):  # Confirm before the tile is placed: refused by the rules
        action = Confirm()
        if action not in legal_actions(st, seat):
            wrong.append(action)
        return action

    played = play_until_waiting(g, {0}, confirm_at_once, fallback=default_action)
    assert wrong and 0 not in to_act(g)
    assert all(not isinstance(a, Undo) for _, a in played)


def test_without_a_fallback_the_error_goes_up():
    g = game(2, seed=4)
    with pytest.raises(IllegalAction):
        play_until_waiting(g, {0}, lambda st, seat: Confirm())


def test_one_round_stops_when_the_round_ends():
    g = game(3, seed=4)
    start = g.round
    played = play_until_waiting(g, {0, 1, 2}, lambda st, seat: choose(st, seat, "random"), one_round=True)
    assert played and g.round == start + 1
    assert {seat for seat, _ in played} == {0, 1, 2}
