"""Autopilot benchmark: how long a greedy turn takes mid-game, and how well it plays.

    .venv/bin/python -m bench.autopilot_bench [--quick] [--games N] [--solo-games N] [--jobs J]

Targets (issue 6): a greedy turn within 200 ms median on a 2-core machine for a mid-game
position; greedy scoring far above random over 200 seeded 4-player games (standard boards:
KSB-4156 and Universal Coalition, no event deck); solo scores against the solo target of the
normal event preset (58).

Timing: four-player games between greedy seats are played to round 9; there the commander's
station turn, every seat's whole turn (pick, place, settle, move, confirm: ``play_turn``)
and each single decision (``choose``) are timed. Scores: seeded games where seats alternate greedy and random
(so both play the same tiles), games where every seat is random, games where every seat is
greedy, and solo games with the normal event deck. ``measure(quick)`` returns the rows for
the shared bench table.
"""
from __future__ import annotations

import argparse
import os
import platform
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from engine import apply, make_config, new_game, to_act
from engine.autopilot import choose, play_game, play_turn
from engine.events import PRESETS, solo_target
from engine.state import copy

TURN_TARGET_MS = 200
SOLO_EVENTS = "normal"


def midgame(seed: int, players: int = 4, round_: int = 9):
    """The position at the start of round ``round_`` (the commander about to turn the
    station), reached by greedy play."""
    state = new_game(make_config(players), seed)
    while state.round < round_ and state.phase != "over":
        seat = to_act(state)[0]
        for action in play_turn(state, seat):
            apply(state, seat, action)
    return state


def time_turns(positions) -> tuple[list[float], list[float], list[float]]:
    """Milliseconds of each commander's station turn, of each seat's whole turn (pick to
    confirm) and of each single decision in those turns."""
    rotations, turns, decisions = [], [], []
    for state in positions:
        state = copy(state)
        if state.phase == "rotate":
            commander = state.active
            t = time.perf_counter()
            action = choose(state, commander)
            rotations.append((time.perf_counter() - t) * 1000)
            apply(state, commander, action)
        for seat in to_act(state):
            t = time.perf_counter()
            actions = play_turn(state, seat)
            turns.append((time.perf_counter() - t) * 1000)
            sim = copy(state)
            for action in actions:
                t = time.perf_counter()
                choose(sim, seat)
                decisions.append((time.perf_counter() - t) * 1000)
                apply(sim, seat, action)
    return rotations, turns, decisions


def _game(args: tuple) -> list[tuple[str, int]]:
    players, seed, levels, events = args
    state = play_game(make_config(players, events=events), seed, levels)
    return [(levels[p["seat"]], p["total"]) for p in state.result["players"]]


def _percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q * (len(xs) - 1))))]


def play_many(players: int, seeds: range, tables: list[list[str]], jobs: int = 1,
              events: str | None = None) -> dict[str, list[int]]:
    """Final scores by level over the seeded games; table ``seed % len(tables)`` is used."""
    tasks = [(players, seed, tables[seed % len(tables)], events) for seed in seeds]
    scores: dict[str, list[int]] = {}
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(_game, tasks, chunksize=2))
    else:
        results = [_game(t) for t in tasks]
    for result in results:
        for level, total in result:
            scores.setdefault(level, []).append(total)
    return scores


def measure(quick: bool = False, *, games: int | None = None, solo_games: int | None = None,
            jobs: int = 1, full_greedy_games: int | None = None) -> list[dict]:
    """Rows {"what", "value", "unit", "target"} for the bench table."""
    games = games if games is not None else (4 if quick else 200)
    solo_games = solo_games if solo_games is not None else (4 if quick else 200)
    full_greedy_games = full_greedy_games if full_greedy_games is not None else (2 if quick else 50)
    rows = []
    positions = [midgame(seed) for seed in (range(2) if quick else range(6))]
    rotations, turns, decisions = time_turns(positions)
    rows.append({"what": "greedy commander's station turn, median", "value": round(statistics.median(rotations), 1),
                 "unit": "ms", "target": ""})
    rows.append({"what": "greedy whole turn, 4 players round 9, median", "value": round(statistics.median(turns), 1),
                 "unit": "ms", "target": f"<= {TURN_TARGET_MS}"})
    rows.append({"what": "greedy whole turn, 95th percentile", "value": round(_percentile(turns, 0.95), 1),
                 "unit": "ms", "target": ""})
    rows.append({"what": "greedy single decision, median", "value": round(statistics.median(decisions), 1),
                 "unit": "ms", "target": ""})
    rows.append({"what": "greedy single decision, 95th percentile", "value": round(_percentile(decisions, 0.95), 1),
                 "unit": "ms", "target": ""})
    mixed = play_many(4, range(games), [["greedy", "random"] * 2, ["random", "greedy"] * 2], jobs)
    rows.append({"what": f"4 players, greedy seats vs random seats ({games} games): greedy average",
                 "value": round(statistics.mean(mixed["greedy"]), 1), "unit": "medals",
                 "target": "far above random"})
    rows.append({"what": "  same games: random average", "value": round(statistics.mean(mixed["random"]), 1),
                 "unit": "medals", "target": ""})
    pure_random = play_many(4, range(games), [["random"] * 4], jobs)
    rows.append({"what": f"4 random players ({games} games): average", "unit": "medals",
                 "value": round(statistics.mean(pure_random["random"]), 1), "target": ""})
    pure_greedy = play_many(4, range(full_greedy_games), [["greedy"] * 4], jobs)
    rows.append({"what": f"4 greedy players ({full_greedy_games} games): average", "unit": "medals",
                 "value": round(statistics.mean(pure_greedy["greedy"]), 1), "target": ""})
    target = solo_target(PRESETS[SOLO_EVENTS])["target"]
    solo = play_many(1, range(games, games + solo_games), [["greedy"]], jobs, events=SOLO_EVENTS)["greedy"]
    rows.append({"what": f"solo greedy, {SOLO_EVENTS} event deck ({solo_games} games): average", "unit": "medals",
                 "value": round(statistics.mean(solo), 1), "target": f"solo target {target}"})
    rows.append({"what": f"  solo games reaching the target ({target})", "unit": "%",
                 "value": round(100 * sum(1 for s in solo if s >= target) / len(solo)), "target": ""})
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.autopilot_bench")
    ap.add_argument("--quick", action="store_true", help="a few games only (about a minute)")
    ap.add_argument("--games", type=int, help="4-player games per kind of table (default 200)")
    ap.add_argument("--solo-games", type=int, help="solo games (default 200)")
    ap.add_argument("--greedy-games", type=int, help="games with four greedy seats (default 50)")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes for the games")
    args = ap.parse_args(argv)
    t = time.perf_counter()
    print(f"autopilot benchmark: {os.cpu_count()} cores, Python {platform.python_version()}", flush=True)
    rows = measure(args.quick, games=args.games, solo_games=args.solo_games, jobs=args.jobs,
                   full_greedy_games=args.greedy_games)
    width = max(len(r["what"]) for r in rows)
    for r in rows:
        print(f"{r['what']:{width}}  {r['value']:>8} {r['unit']:<6}  {r['target']}")
    print(f"({time.perf_counter() - t:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
