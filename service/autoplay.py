"""Who plays a seat nobody is playing: computer seats, and players whose turn timer ran out.

The autopilot (engine.autopilot) decides when it is available; otherwise a legal default:
the first option of every decision (first legal placement, first value of each pending
item), never an undo and never a rover step, then confirm. Both only ever pick from
``legal_actions``, so whatever they play is legal.
"""
from __future__ import annotations

import random

from engine import rules
from engine.actions import Action, Confirm, Move, Resolve, Undo
from engine.state import GameState

MAX_ACTIONS_PER_STEP = 400  # a turn is a few dozen actions; more means a bug, not a long turn


def default_action(state: GameState, seat: int) -> Action | None:
    """The plain legal default for the seat's next decision, or None if it has none."""
    options = [a for a in rules.legal_actions(state, seat) if not isinstance(a, (Undo, Move))]
    if not options:
        return None
    for kind in (Resolve, Confirm):
        for action in options:
            if isinstance(action, kind):
                return action
    return options[0]


def choose(state: GameState, seat: int, level: str = "greedy") -> Action | None:
    """The next action for a seat played by the computer."""
    if not rules.legal_actions(state, seat):
        return None
    try:
        from engine import autopilot
    except ImportError:
        return default_action(state, seat)
    rng = random.Random(f"{state.seed}:{state.round}:{seat}:{len(state.seats[seat].pending)}")
    try:
        return autopilot.choose(state, seat, level=level, rng=rng)
    except Exception:  # noqa: BLE001 - a failing autopilot must not stall a game; the default is legal
        return default_action(state, seat)


def play_for(state: GameState, seat: int, level: str = "greedy") -> list[Action]:
    """Apply the seat's decisions on ``state`` until it has nothing left to do now; return them."""
    played: list[Action] = []
    while seat in rules.to_act(state) and len(played) < MAX_ACTIONS_PER_STEP:
        action = choose(state, seat, level)
        if action is None:
            break
        try:
            rules.apply(state, seat, action)
        except Exception:  # noqa: BLE001 - fall back to the default, which is always legal
            action = default_action(state, seat)
            if action is None:
                break
            rules.apply(state, seat, action)
        played.append(action)
    return played
