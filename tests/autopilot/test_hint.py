"""The hint (autopilot/hint.py): the hard level's moves for a seat's step, and as reasons the
parts of the heuristic's evaluation (greedy.breakdown) that those moves change most."""
from __future__ import annotations

import pytest

from autopilot import breakdown, breakdowns, choose, evaluate, play_turn
from autopilot.hint import MIN_CHANGE, TOP_REASONS, hint, reasons_of
from engine import NotYourTurn, apply, legal_actions, make_config, new_game, to_act
from engine.actions import Confirm, Pick, Place
from engine.state import copy


def positions(config: dict, seed: int, count: int, level: str = "normal"):
    """The first ``count`` decision points (state, seat) of a game played at ``level``."""
    state = new_game(config, seed)
    for _n in range(count):
        if state.phase == "over":
            return
        seat = to_act(state)[0]
        yield copy(state), seat
        for action in play_turn(state, seat, level):
            apply(state, seat, action)


@pytest.mark.parametrize("config", [make_config(1), make_config(1, planets=["gaia"], corporations=["cosmos_inc"]),
                                    make_config(3, private_objectives=True)], ids=["standard", "gaia-cosmos", "three"])
def test_the_evaluation_parts_add_up_to_the_evaluation(config):
    for state, seat in positions(config, 21, 14):
        parts = breakdown(state, seat)
        assert sum(parts.values()) == pytest.approx(evaluate(state, seat), abs=1e-9)
        assert any(name.startswith("row:") for name in parts) and any(name.startswith("track:") for name in parts)


def test_the_hints_reasons_are_the_parts_the_hard_moves_change_most():
    checked = 0
    for state, seat in positions(make_config(1), 8, 10):
        found = hint(state, seat, budget_s=0.3)
        assert found.actions and not any(isinstance(a, Confirm) for a in found.actions)
        assert found.actions[0] == choose(state, seat, "hard", budget_s=0.3)  # the hard level's own first move
        after = copy(state)
        for action in found.actions:  # every move legal, in order
            assert action in legal_actions(after, seat)
            apply(after, seat, action)
        before_parts, after_parts = breakdowns([state, after], seat)
        change = {k: after_parts.get(k, 0.0) - before_parts.get(k, 0.0) for k in {*before_parts, *after_parts}}
        listed = [(r.part, r.change) for r in found.reasons]
        for part, delta in listed:  # each reason is the evaluation's own change of that part
            assert delta == pytest.approx(change[part])
            assert abs(delta) >= MIN_CHANGE
        # ... and no part left out changes more than the smallest listed
        left_out = [abs(d) for k, d in change.items() if k not in dict(listed)]
        if listed:
            assert max(left_out, default=0.0) <= min(abs(d) for _k, d in listed) + 1e-9
        assert len(listed) == min(TOP_REASONS, sum(abs(d) >= MIN_CHANGE for d in change.values()))
        assert found.after - found.before == pytest.approx(sum(change.values()))
        if any(isinstance(a, Place) for a in found.actions):
            view, tile, orient, anchor = found.preview
            assert view["viewer"] == seat and Place(anchor, orient) in found.actions and tile is not None
            checked += 1
        picks = [n for a, n in zip(found.actions, found.notes) if isinstance(a, Pick)]
        assert all("tile" in n for n in picks)
    assert checked >= 3  # placements were among the hints


def test_reasons_are_the_largest_changes_in_size_and_skip_tiny_ones():
    before = {"row:C": 1.0, "holes": 0.0, "track:water": 2.0, "cover": 0.30, "techs": 0.0}
    after = {"row:C": 3.0, "holes": -0.5, "track:water": 2.6, "cover": 0.33, "techs": 0.0, "lifepods": 1.0}
    assert [(r.part, round(r.change, 2)) for r in reasons_of(before, after)] == [
        ("row:C", 2.0), ("lifepods", 1.0), ("track:water", 0.6)]
    assert [r.part for r in reasons_of(before, after, top=5)] == ["row:C", "lifepods", "track:water", "holes"]


def test_no_hint_for_a_seat_with_nothing_to_decide():
    state = new_game(make_config(2), 3)
    seat = to_act(state)[0]
    for action in play_turn(state, seat):  # its step played and confirmed: it waits for the other player
        apply(state, seat, action)
    assert seat not in to_act(state)
    with pytest.raises(NotYourTurn):
        hint(state, seat)
