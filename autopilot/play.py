"""Playing seats: the choice of one action at a level, and the one loop that plays a seat (or
several computer seats) until it waits. The game service (bot seats, turn timers, seats
handed to the autopilot), the offline console, the benchmarks and the tests all play through
``play_until_waiting``."""
from __future__ import annotations

import random
import zlib
from collections.abc import Callable, Collection

from engine import apply, legal_actions, new_game, to_act, view_for
from engine.actions import Action, Undo
from engine.errors import NotYourTurn
from engine.state import GameState, copy

from .easy import choose_easy
from .greedy import MAX_ACTIONS_PER_STEP, choose_from_view
from .hard import choose_hard

LEVELS = ("random", "easy", "normal", "hard")
ALIASES = {"greedy": "normal"}  # the normal level's old name: stored games and settings keep working


def level_name(level: str) -> str:
    """The level ``level`` names (an alias gives its level). Raises ValueError for an unknown one."""
    name = ALIASES.get(level, level)
    if name not in LEVELS:
        raise ValueError(f"unknown autopilot level {level!r}; choose one of {', '.join(LEVELS)}")
    return name


Chooser = Callable[[GameState, int], "Action | None"]


def choose(state: GameState, seat: int, level: str = "normal", rng: random.Random | None = None, *,
           budget_s: float | None = None) -> Action:
    """The next action for ``seat``: always one of ``legal_actions(state, seat)``, never Undo.
    ``budget_s``: the hard level's CPU budget per whole turn (default autopilot.hard.BUDGET_S).
    Raises NotYourTurn when the seat has nothing to decide, ValueError for an unknown level."""
    level = level_name(level)
    legal = [a for a in legal_actions(state, seat) if not isinstance(a, Undo)]
    if not legal:
        raise NotYourTurn("the autopilot has nothing to decide for this seat right now", seat)
    if level == "random":
        if rng is None:  # seeded from what the seat sees, so a position always gives the same move
            view = view_for(state, seat)
            rng = random.Random(zlib.crc32(repr(sorted(view.items(), key=lambda kv: kv[0])).encode()))
        return rng.choice(legal)
    view = view_for(state, seat)  # every other level decides from the seat's view alone
    if level == "easy":
        action = choose_easy(view)
    elif level == "hard":
        action = choose_hard(view, budget_s)
    else:
        action = choose_from_view(view)
    return action if action in legal else legal[0]


def play_until_waiting(state: GameState, seats: Collection[int], chooser: Chooser, *,
                       fallback: Chooser | None = None, this_step: bool = False, one_round: bool = False,
                       on_action: Callable[[int, Action], None] | None = None) -> list[tuple[int, Action]]:
    """Play ``seats`` on ``state`` (changed in place) until none of them has anything to decide:
    each time, the first seat of ``to_act`` that is one of ``seats`` plays ``chooser(state,
    seat)``. Stops early when the chooser gives None, with ``this_step`` when the phase or round
    changes, and with ``one_round`` when the round changes after a move. An action that fails
    to apply is replaced by ``fallback(state, seat)`` when given (it must be legal), else the
    error goes up. ``on_action(seat, action)`` is called after each action is applied. A seat
    never takes more than MAX_ACTIONS_PER_STEP actions in one step: past that the loop stops.
    Returns the (seat, action) pairs played, in order."""
    played: list[tuple[int, Action]] = []
    phase, rnd = state.phase, state.round
    streak, last = 0, None  # actions in a row of one seat in one step
    while True:
        if this_step and (state.phase != phase or state.round != rnd):
            break
        if one_round and played and state.round != rnd:
            break
        ready = [i for i in to_act(state) if i in seats]
        if not ready:
            break
        seat = ready[0]
        mark = (seat, state.phase, state.round)
        streak = streak + 1 if mark == last else 1
        last = mark
        if streak > MAX_ACTIONS_PER_STEP:
            break
        action = chooser(state, seat)
        if action is None:
            break
        if fallback is None:
            apply(state, seat, action)
        else:
            try:
                apply(state, seat, action)
            except Exception:  # noqa: BLE001 - a failing computer player must not stall a game
                action = fallback(state, seat)
                if action is None:
                    break
                apply(state, seat, action)
        played.append((seat, action))
        if on_action is not None:
            on_action(seat, action)
    return played


def play_turn(state: GameState, seat: int, level: str = "normal", rng: random.Random | None = None, *,
              budget_s: float | None = None) -> list[Action]:
    """Every action ``seat`` takes in its current step, chosen one by one on a copy of the
    state until the seat is waiting (its turn confirmed, or another seat or step is next).
    The state passed in is not changed; apply the actions to it in order. Raises NotYourTurn
    when the seat has nothing to decide, RuntimeError when the step never ends (a bug)."""
    sim = copy(state)
    if seat not in to_act(sim):
        raise NotYourTurn("the autopilot has nothing to decide for this seat right now", seat)
    played = play_until_waiting(sim, {seat}, lambda st, s: choose(st, s, level, rng, budget_s=budget_s),
                                this_step=True)
    if len(played) >= MAX_ACTIONS_PER_STEP and seat in to_act(sim):
        raise RuntimeError(f"autopilot: seat {seat} took more than {MAX_ACTIONS_PER_STEP} actions in one step")
    return [action for _seat, action in played]


def play_game(config: dict, seed: int, levels: str | list[str] = "normal", *,
              on_action=None, budget_s: float | None = None) -> GameState:
    """A whole game between autopilots (``levels``: one level for every seat, or one per seat).
    ``on_action(state, seat, action)`` is called before each action is applied; ``budget_s``
    is the hard level's budget per turn."""
    state = new_game(config, seed)
    n = state.players
    levels = [levels] * n if isinstance(levels, str) else list(levels)
    if len(levels) != n:
        raise ValueError("give one autopilot level per seat")
    rngs = [random.Random(seed * 7919 + i) for i in range(n)]
    count = 0
    while state.phase != "over":
        acting = to_act(state)
        if not acting:
            raise RuntimeError(f"nobody can act in phase {state.phase}")
        seat = acting[0]
        for action in play_turn(state, seat, levels[seat], rngs[seat], budget_s=budget_s):
            if on_action is not None:
                on_action(state, seat, action)
            apply(state, seat, action)
            count += 1
        if count > 100_000:
            raise RuntimeError("autopilot game did not finish")
    return state
