"""Weak spots of the computer players found by measuring scores per corporation (issue 20):
boards where a collected lifepod is a choice (Cosmos Inc, Jump Drive) and the hard level's
budget. Tests that the greedy evaluation follows each board's own rules."""
from __future__ import annotations

import pytest

import autopilot.greedy as G
import autopilot.hard as H
from autopilot import play_turn
from engine import apply, view_for
from engine.scenario import Scenario

ROVER_TECH_DOMINO = 56  # rover/tech, small stack
ROVER_TECH_LARGE = 48  # rover/tech N5, large stack


@pytest.mark.parametrize("corp", ["cosmos_inc", "jump_drive"])
def test_greedy_drives_a_rover_to_a_lifepod_on_boards_where_the_lifepod_is_then_placed(corp):
    """Rulebook 2020 (Cosmos): "Quand vous collectez un Module de Survie, placez-le soit sur une
    piste de Ressource soit sur la zone de score." The lifepod is worth at least its medal in
    the scoring area, so the rover goes to get it (it stayed put when the choice still to make
    was counted as nearly nothing)."""
    sc = Scenario(2, 3, corporations=[corp, None])
    sc.seat(0).trackers(rover=3)  # the next rover advance gives movement
    sc.seat(0).rovers("J8").lifepods("I9")  # two steps from the lifepod
    g = sc.seat(0).depot(small=ROVER_TECH_DOMINO, large=ROVER_TECH_LARGE).start()
    s = g.seats[0]
    before = len(s.board.lifepods)
    for action in play_turn(g, 0):
        apply(g, 0, action)
    assert before >= 1 and len(s.board.lifepods) == before - 1  # collected, not left on the planet
    placed = s.corp.lifepods + len(s.corp.special.get("pods", [])) + len(s.corp.special.get("slots", []))
    assert placed >= 1 and not s.pending


def test_hard_look_ahead_stays_within_its_budget_counted_in_work_not_time():
    """The play-outs of one decision stop adding worlds once one more would pass the
    decision's share of the budget, counted in states copied (the same on every machine)."""
    sc = Scenario(4, 9)
    g = sc.start()
    seat = 0
    spent: list[int] = []
    rollout = H.rollout

    def counted(*args):
        start = G.WORK[0]
        out = rollout(*args)
        spent.append(G.WORK[0] - start)
        return out

    budget = 0.6
    H.rollout = counted
    try:
        H.choose_hard(view_for(g, seat), budget)
    finally:
        H.rollout = rollout
    allowance = budget * H.SHARE["pick"] * H.UNITS_PER_S
    assert spent, "the pick was looked ahead"
    per_world = 2  # two tiles in the depot: two play-outs a world
    worlds = len(spent) // per_world
    assert sum(spent) <= allowance + max(spent) * per_world  # at most one world past the allowance
    assert worlds < H.MAX_WORLDS  # the budget, not the cap, stopped it


def test_hard_overrules_the_greedy_choice_only_on_a_gain_that_stands_out_of_the_worlds():
    """At a four-player table hard often has only one or two worlds for a decision (a station
    turn: one); it used to follow any candidate that beat the greedy choice by MARGIN there,
    however lucky the draw. Now the gain must also stand out of its spread over the worlds."""
    greedy_choice = [0.0, 0.0, 0.0]
    # one world: however big the gain, a single draw can't tell luck from a better move
    assert H._winner([[0.0], [6.0]]) == 0
    # the same gain in every world: the candidate is played
    assert H._winner([greedy_choice, [1.0, 1.2, 0.9]]) == 1
    # a big mean made of one lucky world: the greedy choice stays
    assert H._winner([greedy_choice, [7.0, -1.5, -1.0]]) == 0
    # a steady gain below MARGIN: not worth leaving the heuristic's choice
    small = H.MARGIN / 2
    assert H._winner([greedy_choice, [small] * 3]) == 0
    # of two candidates that stand out, the one with the larger mean gain
    assert H._winner([greedy_choice, [1.0, 1.1, 1.0], [2.0, 2.2, 1.9]]) == 2
    # a candidate that some world could not play is out
    assert H._winner([greedy_choice, None, [1.0, 1.1, 1.0]]) == 2
