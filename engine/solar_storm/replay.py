"""Replay a Solar Storm game record and print its outcome (or record a random game).

A record is ``{"config": {...}, "seed": 7, "actions": [[seat, "move bridge"], ...]}`` (see
engine/solar_storm/records.py).

    python -m engine.solar_storm.replay GAME.json             # the outcome as JSON
    python -m engine.solar_storm.replay --record 3 --difficulty hard --seed 7 --out GAME.json
"""
from __future__ import annotations

import argparse
import json
import sys
import types
from typing import Any

from ..core import EngineError, write_record
from .records import random_record, replay, summary


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.solar_storm.replay", description=__doc__.split("\n")[0])
    ap.add_argument("file", nargs="?", help="game record (JSON) to replay")
    ap.add_argument("--record", type=int, metavar="PLAYERS", help="record a random game instead")
    ap.add_argument("--difficulty", default="easy")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", help="where to write the recorded game (default: stdout)")
    args = ap.parse_args(argv)
    try:
        if args.record:
            record = random_record(args.record, args.seed, difficulty=args.difficulty)
            write_record(record, args.out)
            return 0
        if not args.file:
            ap.error("give a game record file, or --record PLAYERS")
        with open(args.file, encoding="utf-8") as fh:
            record = json.load(fh)
        state = replay(record)
    except EngineError as exc:
        print(f"replay failed: {exc}", file=sys.stderr)
        return 1
    print(json.dumps(summary(state), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())


class _CallableModule(types.ModuleType):
    """``engine.solar_storm.replay`` names both the package's function and this command-line
    module; importing the module rebinds the package's name to it, so the module answers calls as
    the function does (and the package need not import it early, which ``python -m`` warns of)."""

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return replay(*args, **kwargs)


sys.modules[__name__].__class__ = _CallableModule
