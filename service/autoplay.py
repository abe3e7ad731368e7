"""Who plays a seat nobody is playing: computer seats, and players whose turn timer ran out.

The autopilot (autopilot/) decides; should it fail, a legal default: the first option of
every decision (first legal placement, first value of each pending item), never an undo and
never a rover step, then confirm. Both only ever pick from ``legal_actions``, so whatever
they play is legal. The seats are played by the autopilot's one loop
(``autopilot.play_until_waiting``), as in the console, the benchmarks and the tests.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Collection, Mapping

import autopilot
from engine import rules
from engine.actions import Action, Confirm, Move, Resolve, Undo
from engine.state import GameState


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


def choose(state: GameState, seat: int, level: str = "normal", budget_s: float | None = None) -> Action | None:
    """The next action for a seat played by the computer. ``budget_s``: the hard level's CPU
    seconds per whole turn (None: autopilot.hard.BUDGET_S; the server's HARD_TURN_SECONDS)."""
    if not rules.legal_actions(state, seat):
        return None
    rng = random.Random(f"{state.seed}:{state.round}:{seat}:{len(state.seats[seat].pending)}")
    try:
        return autopilot.choose(state, seat, level=level, rng=rng, budget_s=budget_s)
    except Exception:  # noqa: BLE001 - a failing autopilot must not stall a game; the default is legal
        return default_action(state, seat)


def play(state: GameState, seats: Collection[int], level: str | Mapping[int, str] = "normal", *,
         one_round: bool = False, on_action: Callable[[int, Action], None] | None = None,
         budget_s: float | None = None) -> list[tuple[int, Action]]:
    """Apply the decisions of the computer-played ``seats`` on ``state`` until none of them has
    anything to do now (with ``one_round``: or the round ends); return the (seat, action) pairs.
    ``level``: one level for every seat, or each seat's level; ``budget_s`` as in ``choose``."""
    levels = level if isinstance(level, Mapping) else dict.fromkeys(seats, level)
    return autopilot.play_until_waiting(state, seats, lambda st, seat: choose(st, seat, levels[seat], budget_s),
                                        fallback=default_action, one_round=one_round, on_action=on_action)


def play_for(state: GameState, seat: int, level: str = "normal", budget_s: float | None = None, *,
             one_round: bool = False) -> list[Action]:
    """Apply the seat's decisions on ``state`` until it has nothing left to do now (with
    ``one_round``: or its moves end the round); return them."""
    return [action for _seat, action in play(state, {seat}, level, one_round=one_round, budget_s=budget_s)]
