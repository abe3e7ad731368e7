"""Rebuild a game from its setup and its action list, and print the score breakdown.

A game record is JSON: ``{"config": {...}, "seed": 7, "actions": [[seat, "pick large"], ...]}``
(``config`` as made by ``make_config``). This is how games are audited from the database's
action log and how a bug is reported: the record replays identically anywhere.

    python -m engine.replay GAME.json              # each player's score breakdown as JSON
    python -m engine.replay --record 4 --seed 7 --out GAME.json   # record a random game
"""
from __future__ import annotations

import argparse
import json
import random
import sys

from .actions import parse
from .core import play_record, write_record
from .errors import EngineError
from .rules import apply, legal_actions, to_act
from .scoring import score
from .setup import make_config, new_game
from .state import GameState


def replay(record: dict) -> GameState:
    """Play a record's actions on a fresh game. Raises EngineError naming the bad action."""
    return play_record(new_game(record["config"], record["seed"]), record["actions"], apply, parse)


def random_record(players: int, seed: int, play_seed: int | None = None) -> dict:
    """A whole game of random legal actions, as a record."""
    config = make_config(players)
    state = new_game(config, seed)
    rng = random.Random(seed if play_seed is None else play_seed)
    actions = []
    while state.phase != "over":
        seat = rng.choice(to_act(state))
        action = rng.choice(legal_actions(state, seat))
        apply(state, seat, action)
        actions.append([seat, str(action)])
    return {"config": config, "seed": seed, "actions": actions}


def summary(state: GameState) -> dict:
    result = state.result if state.result is not None else score(state)
    return {"phase": state.phase, "round": state.round, "finished": state.phase == "over", **result}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.replay", description=__doc__.split("\n")[0])
    ap.add_argument("file", nargs="?", help="game record (JSON) to replay")
    ap.add_argument("--record", type=int, metavar="PLAYERS", help="record a random game instead")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", help="where to write the recorded game (default: stdout)")
    args = ap.parse_args(argv)
    if args.record:
        record = random_record(args.record, args.seed)
        write_record(record, args.out)
        return 0
    if not args.file:
        ap.error("give a game record file, or --record PLAYERS")
    with open(args.file, encoding="utf-8") as fh:
        record = json.load(fh)
    try:
        state = replay(record)
    except EngineError as exc:
        print(f"replay failed: {exc}", file=sys.stderr)
        return 1
    print(json.dumps(summary(state), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
