"""Rover movement (R3): a pool spent one orthogonal step at a time, split between rovers,
collecting lifepods and meteorites passed over; what is left at confirmation is lost."""
import pytest

from engine import IllegalAction, apply, legal_actions
from engine.actions import Confirm, Move
from engine.data import parse_cell as sq
from engine.scenario import Scenario

from .conftest import items, place, resolve

ROVER_TECH = 56


def rover_turn(pool_from_rover_pos=3, rover_1="D4"):
    sc = Scenario(3, 1)
    sc.seat(0).trackers(rover=pool_from_rover_pos)  # 3 -> 4 gives 2 movement
    g = sc.seat(0).rovers(rover_1, "J8").meteorites("D6").start()
    place(g, 0, ROVER_TECH, "F1")
    resolve(g, 0, next(i for i in items(g, 0) if i["options"] == ["rover"]), "rover")
    return g


def test_movement_collects_lifepods_and_meteorites_passed_over():
    g = rover_turn()
    s = g.seats[0]
    assert s.pool == 2
    apply(g, 0, Move(1, "right"))  # D5
    apply(g, 0, Move(1, "right"))  # D6: meteorite
    assert s.board.rovers[0] == sq("D6") and s.corp.meteorites == 1 and sq("D6") not in s.board.meteorites
    assert s.pool == 0 and not any(isinstance(a, Move) for a in legal_actions(g, 0))


def test_movement_can_be_split_between_rovers_and_picks_up_a_lifepod():
    g = rover_turn()
    s = g.seats[0]
    apply(g, 0, Move(2, "right"))  # J8 -> J9
    apply(g, 0, Move(2, "up"))  # I9: lifepod
    assert s.corp.lifepods == 1 and sq("I9") not in s.board.lifepods


def test_a_rover_cannot_leave_the_planet_and_unknown_rovers_are_refused():
    g = rover_turn(rover_1="D2")  # rover 1 on the planet's left edge
    assert g.seats[0].board.rovers[0] == sq("D2")
    with pytest.raises(IllegalAction, match="leaves the planet"):
        apply(g, 0, Move(1, "left"))
    with pytest.raises(IllegalAction, match="no rover 3"):
        apply(g, 0, Move(3, "up"))
    assert g.seats[0].pool == 2


def test_unspent_movement_is_lost_when_the_turn_is_confirmed():
    g = rover_turn()
    while items(g, 0):
        it = items(g, 0)[0]
        from engine.rules import item_values
        resolve(g, 0, it, item_values(g, 0, it)[0])
    apply(g, 0, Confirm())
    assert g.seats[0].pool == 0


def test_no_movement_without_pool():
    g = Scenario(3, 1).seat(0).rovers("D4").start()
    place(g, 0, 80, "F1")
    with pytest.raises(IllegalAction, match="no rover movement"):
        apply(g, 0, Move(1, "up"))
