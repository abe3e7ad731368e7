"""Game records: rebuild a Solar Storm game from its setup and its action list.

A game record is JSON: ``{"config": {...}, "seed": 7, "actions": [[seat, "move bridge"], ...]}``
(``config`` as made by ``make_config``; seats counted from 0, as ``apply`` takes them). This is
how games are audited from the action log and how a rules bug is reported: the record replays
identically anywhere.

``python -m engine.solar_storm.replay GAME.json`` prints a record's outcome (engine/solar_storm/replay.py).
"""
from __future__ import annotations

import random

from ..core import play_record
from .actions import parse
from .rules import apply, legal_actions, outcome, round_of, to_act
from .setup import make_config, new_game
from .state import GameState


def replay(record: dict) -> GameState:
    """Play a record's actions on a fresh game. Raises EngineError naming the bad action."""
    return play_record(new_game(record["config"], record["seed"]), record["actions"], apply, parse)


def random_record(players: int, seed: int, *, difficulty: str = "easy", no_peek: bool = False,
                  play_seed: int | None = None) -> dict:
    """A whole game of random legal actions (never ``undo``), as a record."""
    config = make_config(players, difficulty=difficulty, no_peek=no_peek)
    state = new_game(config, seed)
    rng = random.Random(seed if play_seed is None else play_seed)
    actions = []
    while state.phase != "over":
        seat = to_act(state)[0]
        options = [a for a in legal_actions(state, seat) if str(a) != "undo"]
        action = rng.choice(options)
        apply(state, seat, action)
        actions.append([seat, str(action)])
    return {"config": config, "seed": seed, "actions": actions}


def summary(state: GameState) -> dict:
    """The outcome, or where an unfinished game stands."""
    result = outcome(state)
    if result is not None:
        return {"finished": True, **result, "diverted": len(state.diverted),
                "resource_deck": len(state.resource_deck)}
    return {"finished": False, "turn": state.turn, "round": round_of(state), "phase": state.phase,
            "diverted": len(state.diverted), "resource_deck": len(state.resource_deck)}
