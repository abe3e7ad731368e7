"""Action text forms round-trip, and unreadable input gets a usage hint, never a crash."""
import pytest

from engine import MalformedAction, parse
from engine.actions import Confirm, DropObjective, Move, Pick, Place, Resolve, Turn, Undo
from engine.data import parse_cell


@pytest.mark.parametrize("action", [
    DropObjective(45), Turn(3), Pick("small"), Pick("large"), Place(parse_cell("C5"), 3),
    Resolve(4, "water"), Resolve(2, "C5"), Resolve(7, "row C"), Resolve(3, "1 D4"), Move(1, "up"), Undo(), Confirm(),
])
def test_every_action_round_trips_through_its_text(action):
    assert parse(str(action)) == action


def test_text_is_read_case_insensitively():
    assert parse("  PLACE c5 3 ") == Place(parse_cell("C5"), 3)
    assert parse("Pick Large") == Pick("large")


@pytest.mark.parametrize("text", ["", "fly", "place", "place Z9 1", "place C5 x", "pick medium", "move 1 north",
                                  "turn", "resolve x water", "x" * 500, "place C13 0", "drop ✨"])
def test_unreadable_actions_raise_a_readable_error(text):
    with pytest.raises(MalformedAction) as err:
        parse(text)
    assert len(str(err.value)) < 200
