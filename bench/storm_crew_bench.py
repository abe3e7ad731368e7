"""Solar Storm crew-mates (issue 54): the win-rate grid and the turn times.

    .venv/bin/python -m bench.storm_crew_bench --levels normal,hard,clairvoyant \
        --difficulties easy,medium --crews 3 --games 200 --hard-budget 1.5 --workers 16 \
        --log bench/storm_crew_games.jsonl
    .venv/bin/python -m bench.storm_crew_bench --report bench/storm_crew_games.jsonl
    .venv/bin/python -m bench --only storm_crew [--quick]      # the rows of bench/RESULTS.md

Every seat of a game is a crew-mate of one level (``clairvoyant``: the hard look-ahead given the
true deck orders, the upper bound no real crew reaches). Crew sizes are 1 (solo: 3 crew members,
one hand), 2, 3 and 4 players. Games are played on held-out seeds: BENCH_SEED and up, which no
tuning run used (tuning: seeds below 10,000); cell (level, difficulty, crew) plays seeds
BENCH_SEED + 0 .. games-1, the same seeds for every level, so levels compare paired.

Games are spread over ``--workers`` processes (multiprocessing). Each game gives one JSON line
(level, difficulty, players, seed, budget, won, reason, turn, diverted, the CPU seconds of each
of its turns: every decision of a seat's turn, ``time.process_time`` in the worker); ``--log``
appends them, so a long grid can be played in parts and ``--report`` reads them all back. A win
rate is reported with its standard error sqrt(p(1-p)/n); turn times as median and p95.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from collections import defaultdict
from multiprocessing import Pool

from bench.common import median, percentile, row

BENCH_SEED = 100_000
LEVELS = ("easy", "normal", "hard", "clairvoyant")
DIFFICULTIES = ("easy", "medium", "hard", "veteran", "realistic")
CREWS = (1, 2, 3, 4)
NORMAL_TURN_TARGET_S = 0.1
HARD_MEDIAN_TARGET_S, HARD_P95_TARGET_S = 1.5, 3.0


def play_one(task: tuple) -> dict:
    """One game: ``(level, difficulty, players, seed, budget_s)`` -> its JSON record."""
    from autopilot.solar_storm import Memory, chooser
    from engine.solar_storm import apply, make_config, new_game, view_for

    level, difficulty, players, seed, budget = task
    state = new_game(make_config(players, difficulty=difficulty), seed)
    pick = chooser(level, budget)
    memory = Memory()
    memory.observe(view_for(state, None))
    turns: list[float] = []
    current, spent = state.turn, 0.0
    actions = 0
    while state.phase != "over":
        seat = state.active
        t = time.process_time()
        action = pick(state, seat, memory)
        spent += time.process_time() - t
        apply(state, seat, action)
        memory.observe(view_for(state, None))
        actions += 1
        if state.turn != current or state.phase == "over":
            turns.append(round(spent, 5))
            current, spent = state.turn, 0.0
        if actions > 5000:
            raise RuntimeError(f"game {task} does not end")
    result = state.result or {}
    return {"level": level, "difficulty": difficulty, "players": players, "seed": seed, "budget": budget,
            "won": result.get("result") == "won", "reason": result.get("reason"), "turn": state.turn,
            "diverted": len(state.diverted), "turn_cpu": turns}


def tasks(levels, difficulties, crews, games: int, budget: float | None, hard_games: int | None = None,
          first: int = 0) -> list[tuple]:
    out = []
    for level in levels:
        n = games if level in ("easy", "normal") or hard_games is None else hard_games
        for difficulty in difficulties:
            for players in crews:
                for i in range(first, first + n):
                    out.append((level, difficulty, players, BENCH_SEED + i, budget))
    return out


def run(task_list: list[tuple], workers: int, log: str | None = None) -> list[dict]:
    """Play the games over ``workers`` processes; each record appended to ``log`` as it comes."""
    records = []
    out = open(log, "a", encoding="utf-8") if log else None
    try:
        if workers <= 1:
            it = map(play_one, task_list)
            for rec in it:
                records.append(rec)
                if out:
                    out.write(json.dumps(rec) + "\n")
                    out.flush()
        else:
            with Pool(workers) as pool:
                for rec in pool.imap_unordered(play_one, task_list, chunksize=1):
                    records.append(rec)
                    if out:
                        out.write(json.dumps(rec) + "\n")
                        out.flush()
    finally:
        if out:
            out.close()
    return records


def rate(records: list[dict]) -> tuple[float, float, int]:
    """Win rate, its standard error and the number of games."""
    n = len(records)
    if not n:
        return 0.0, 0.0, 0
    p = sum(r["won"] for r in records) / n
    return p, math.sqrt(p * (1 - p) / n), n


def report(records: list[dict]) -> str:
    """The grid as markdown: one row per (difficulty, crew), one column per level (and budget)."""
    cells: dict[tuple, list[dict]] = defaultdict(list)
    for r in records:
        cells[(r["level"], r["budget"], r["difficulty"], r["players"])].append(r)
    columns = sorted({(lv, b) for lv, b, _d, _p in cells}, key=lambda c: (LEVELS.index(c[0]), c[1] or 0))
    head = ["difficulty", "crew"] + [f"{lv}" + (f" ({b:g} s)" if lv in ("hard", "clairvoyant") and b is not None
                                               else "") for lv, b in columns]
    lines = ["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
    for difficulty in DIFFICULTIES:
        for players in CREWS:
            row_cells = []
            for lv, b in columns:
                recs = cells.get((lv, b, difficulty, players), [])
                if not recs:
                    row_cells.append("-")
                    continue
                p, se, n = rate(recs)
                div = sum(r["diverted"] for r in recs) / n
                row_cells.append(f"{100 * p:.1f}% (se {100 * se:.1f}, n {n}; {div:.1f} diverted)")
            if any(c != "-" for c in row_cells):
                lines.append(f"| {difficulty} | {'solo' if players == 1 else players} | " + " | ".join(row_cells) + " |")
    lines.append("")
    lines.append("| level | turns | median CPU | p95 CPU | max |")
    lines.append("| --- | --- | --- | --- | --- |")
    for lv, b in columns:
        times = [t for r in records if r["level"] == lv and r["budget"] == b for t in r["turn_cpu"]]
        if times:
            lines.append(f"| {lv}" + (f" ({b:g} s)" if lv in ("hard", "clairvoyant") and b is not None else "")
                         + f" | {len(times)} | {1000 * median(times):.1f} ms | {1000 * percentile(times, 0.95):.1f} ms"
                         f" | {1000 * max(times):.0f} ms |")
    return "\n".join(lines)


def read_log(path: str) -> list[dict]:
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def calibrate(seeds=(9000, 9001, 9002), every: int = 9, repeat: int = 3) -> tuple[int, int, float]:
    """The hard level's work units per CPU second (``hard.UNITS_PER_S``): play-outs to the end of
    the turn from every ``every``-th position of phase 1 of normal games (1 to 4 players, medium
    difficulty), ``repeat`` each; -> (play-outs, units, CPU seconds)."""
    from autopilot.solar_storm import Memory, chooser
    from autopilot.solar_storm.hard import rollout
    from autopilot.solar_storm.policy import Work
    from engine.solar_storm import apply, copy, make_config, new_game, view_for

    outs, units, cpu = 0, 0, 0.0
    for players in CREWS:
        for seed in seeds:
            state = new_game(make_config(players, difficulty="medium"), seed)
            pick, memory, k = chooser("normal", None), Memory(), 0
            memory.observe(view_for(state, None))
            while state.phase != "over":
                if k % every == 0 and state.phase == "actions":
                    for _ in range(repeat):
                        work, sim = Work(), copy(state)
                        t = time.process_time()
                        rollout(sim, state.active, state.turn, work)
                        cpu += time.process_time() - t
                        units += work.units
                        outs += 1
                action = pick(state, state.active, memory)
                apply(state, state.active, action)
                memory.observe(view_for(state, None))
                k += 1
    return outs, units, cpu


def measure(quick: bool = False) -> list[dict]:
    """The rows of bench/RESULTS.md: normal and easy at 3 crew members on easy and medium
    difficulty, and the turn times of normal and hard (hard at its full budget on a few turns)."""
    n = 4 if quick else 40
    workers = min(2, os.cpu_count() or 1)
    recs = run(tasks(("easy", "normal"), ("easy", "medium"), (3,), n, None), workers)
    rows = []
    for difficulty in ("easy", "medium"):
        e = rate([r for r in recs if r["level"] == "easy" and r["difficulty"] == difficulty])
        m = rate([r for r in recs if r["level"] == "normal" and r["difficulty"] == difficulty])
        rows.append(row(f"Solar Storm crew-mates: 3 normal crew-mates win, {difficulty} difficulty", round(100 * m[0], 1),
                        "%", "report (easy below normal)", e[0] <= m[0],
                        note=f"{m[2]} games on held-out seeds {BENCH_SEED}+: normal {100 * m[0]:.1f}% (se "
                             f"{100 * m[1]:.1f}), easy {100 * e[0]:.1f}% (se {100 * e[1]:.1f}); the grid: "
                             f"docs/solar-storm-crew.md"))
    times = [t for r in recs if r["level"] == "normal" for t in r["turn_cpu"]]
    med = median(times)
    rows.append(row("Solar Storm crew-mates: normal whole turn, CPU", round(1000 * med, 1), "ms",
                    f"median <= {1000 * NORMAL_TURN_TARGET_S:g} ms", med <= NORMAL_TURN_TARGET_S,
                    note=f"p95 {1000 * percentile(times, 0.95):.1f} ms over {len(times)} turns of 3-player games"))
    hard = run([("hard", "medium", 3, BENCH_SEED + i, None) for i in range(1 if quick else 2)], 1)
    times = [t for r in hard for t in r["turn_cpu"]]
    med, p95 = median(times), percentile(times, 0.95)
    rows.append(row("Solar Storm crew-mates: hard whole turn, CPU (budget 1.5 s)", round(med, 3), "s",
                    f"median <= {HARD_MEDIAN_TARGET_S:g} s, p95 <= {HARD_P95_TARGET_S:g} s",
                    med <= HARD_MEDIAN_TARGET_S and p95 <= HARD_P95_TARGET_S,
                    note=f"p95 {p95:.2f} s, max {max(times):.2f} s over {len(times)} turns of {len(hard)} "
                         f"3-player game(s) at medium difficulty"))
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.storm_crew_bench", description=__doc__.split("\n\n")[0])
    ap.add_argument("--levels", default="easy,normal,hard,clairvoyant")
    ap.add_argument("--difficulties", default=",".join(DIFFICULTIES))
    ap.add_argument("--crews", default="1,2,3,4", help="players: 1 is solo (3 crew members)")
    ap.add_argument("--games", type=int, default=200, help="games a cell for easy and normal")
    ap.add_argument("--hard-games", type=int, default=None, help="games a cell for hard and clairvoyant")
    ap.add_argument("--first", type=int, default=0, help="the first game index (seed BENCH_SEED + index)")
    ap.add_argument("--hard-budget", type=float, default=1.5, help="the hard level's CPU seconds per turn")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--log", default=None, help="append each game's JSON line here")
    ap.add_argument("--report", default=None, help="print the grid of a log and stop")
    ap.add_argument("--calibrate", action="store_true", help="measure the hard level's work units per CPU second")
    args = ap.parse_args(argv)
    if args.calibrate:
        outs, units, cpu = calibrate()
        from autopilot.solar_storm.hard import UNITS_PER_S
        print(f"{outs} play-outs, {units} work units, {cpu:.2f} s CPU: {units / cpu:.0f} units a CPU second "
              f"(hard.UNITS_PER_S is {UNITS_PER_S})")
        return 0
    if args.report:
        print(report(read_log(args.report)))
        return 0
    levels = [x for x in args.levels.split(",") if x]
    bad = [x for x in levels if x not in LEVELS]
    if bad:
        ap.error(f"unknown level(s) {', '.join(bad)}; choose from {', '.join(LEVELS)}")
    diffs = [x for x in args.difficulties.split(",") if x]
    crews = [int(x) for x in args.crews.split(",") if x]
    todo = []
    for t in tasks(levels, diffs, crews, args.games, args.hard_budget, args.hard_games, args.first):
        level = t[0]
        todo.append(t if level in ("hard", "clairvoyant") else (*t[:4], None))
    started = time.perf_counter()
    records = run(todo, args.workers, args.log)
    print(report(records))
    print(f"\n{len(records)} games in {time.perf_counter() - started:.0f} s over {args.workers} process(es)",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
