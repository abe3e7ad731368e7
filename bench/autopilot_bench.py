"""Autopilot benchmark: how long a greedy turn takes mid-game, and how well it plays.

    .venv/bin/python -m bench --only autopilot [--quick]          # as an area of the shared table
    .venv/bin/python -m bench.autopilot_bench [--quick] [--jobs 2] [--games N] [--solo-games N]

Targets (issue 6): a greedy turn within 200 ms median on a 2-core machine for a mid-game
position; greedy scoring far above random over 200 seeded 4-player games (standard boards:
KSB-4156 and Universal Coalition, no event deck); solo scores against the solo target of the
normal event preset (58).

Timing: four-player games between greedy seats are played to round 9; there the commander's
station turn, every seat's whole turn (pick, place, settle, move, confirm: ``play_turn``)
and each single decision (``choose``) are timed, in CPU time of the process like the other
computation figures (wall-clock in the notes). Scores: seeded 4-player games where seats
alternate greedy and random (so both play the same tiles at the same table), games where
every seat is random, games where every seat is greedy, and solo games with the normal event
deck. The full run plays 200 of each but 20 all-greedy tables; ``jobs`` worker processes
share the games (the shared table uses one per core).
"""
from __future__ import annotations

import argparse
import os
import platform
import statistics
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from typing import TypeVar

from autopilot import choose, play_game, play_turn
from autopilot.hard import BUDGET_S as HARD_BUDGET_S
from bench.common import median, percentile, row
from engine import apply, make_config, new_game, to_act
from engine.actions import Place
from engine.events import PRESETS, solo_target
from engine.setup import SUPPORTED_CORPORATIONS, SUPPORTED_PLANETS
from engine.state import copy

TURN_TARGET_MS = 200
SOLO_EVENTS = "normal"
FAR_ABOVE = 2.0  # "far higher": the greedy average at least this many times the random one

T = TypeVar("T")


def midgame(seed: int, players: int = 4, round_: int = 9):
    """The position at the start of round ``round_`` (the commander about to turn the
    station), reached by greedy play."""
    state = new_game(make_config(players), seed)
    while state.round < round_ and state.phase != "over":
        seat = to_act(state)[0]
        for action in play_turn(state, seat):
            apply(state, seat, action)
    return state


def _timed(fn: Callable[[], T]) -> tuple[float, float, T]:
    """(CPU ms, wall-clock ms, result) of one call."""
    t, c = time.perf_counter(), time.process_time()
    out = fn()
    return (time.process_time() - c) * 1000, (time.perf_counter() - t) * 1000, out


def time_turns(positions) -> dict[str, list[float]]:
    """CPU milliseconds of each commander's station turn, of each seat's whole turn (pick to
    confirm) and of each single decision in those turns; wall-clock of the whole turns."""
    out: dict[str, list[float]] = {"rotation": [], "turn": [], "turn_wall": [], "decision": []}
    for state in positions:
        state = copy(state)
        if state.phase == "rotate":
            commander = state.active
            assert commander is not None  # the commander turns the station
            cpu, _wall, action = _timed(partial(choose, state, commander))
            out["rotation"].append(cpu)
            apply(state, commander, action)
        for seat in to_act(state):
            cpu, wall, actions = _timed(partial(play_turn, state, seat))
            out["turn"].append(cpu)
            out["turn_wall"].append(wall)
            sim = copy(state)
            for action in actions:
                cpu, _wall, _ = _timed(partial(choose, sim, seat))
                out["decision"].append(cpu)
                apply(sim, seat, action)
    return out


def time_levels(positions, budget_s: float | None) -> dict[str, list[float]]:
    """CPU milliseconds of each seat's whole turn (pick to confirm) at each level."""
    out: dict[str, list[float]] = {}
    for level in ("easy", "normal", "hard"):
        out[level] = []
        for state in positions:
            state = copy(state)
            if state.phase == "rotate":
                commander = state.active
                assert commander is not None  # the commander turns the station
                apply(state, commander, choose(state, commander))
            for seat in to_act(state):
                cpu, _wall, _ = _timed(partial(play_turn, state, seat, level, budget_s=budget_s))
                out[level].append(cpu)
    return out


def _game(args: tuple) -> list[tuple[str, int]]:
    players, seed, levels, events, budget_s = args
    state = play_game(make_config(players, events=events), seed, levels, budget_s=budget_s)
    assert state.result is not None  # the game was played to its end
    return [(levels[p["seat"]], p["total"]) for p in state.result["players"]]


def _timed_solo(args: tuple) -> tuple[int, list[float]]:
    """(final score, CPU ms of each whole turn that places a tile) of a solo game at one level."""
    seed, level, budget_s = args
    state = new_game(make_config(1, events=SOLO_EVENTS), seed)
    times = []
    while state.phase != "over":
        seat = to_act(state)[0]
        cpu, _wall, actions = _timed(partial(play_turn, state, seat, level, budget_s=budget_s))
        if any(isinstance(a, Place) for a in actions):
            times.append(cpu)
        for action in actions:
            apply(state, seat, action)
    assert state.result is not None  # the loop ends with the game
    return state.result["players"][0]["total"], times


def _table(args: tuple) -> list[tuple[str, int, int]]:
    """(level, score, place) of each seat of one game."""
    players, seed, levels, events, budget_s = args
    state = play_game(make_config(players, events=events), seed, levels, budget_s=budget_s)
    assert state.result is not None  # the game was played to its end
    return [(levels[p["seat"]], p["total"], p["place"]) for p in state.result["players"]]


def play_many(players: int, seeds: range, tables: list[list[str]], jobs: int = 1,
              events: str | None = None, budget_s: float | None = None) -> dict[str, list[int]]:
    """Final scores by level over the seeded games; table ``seed % len(tables)`` is used."""
    tasks = [(players, seed, tables[seed % len(tables)], events, budget_s) for seed in seeds]
    if jobs > 1 and len(tasks) > 1:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(_game, tasks, chunksize=2))
    else:
        results = [_game(t) for t in tasks]
    scores: dict[str, list[int]] = {}
    for result in results:
        for level, total in result:
            scores.setdefault(level, []).append(total)
    return scores


def _mean_sd(xs: list[int]) -> str:
    return f"{statistics.mean(xs):.1f} (sd {statistics.pstdev(xs):.1f}, {len(xs)} scores)"


def _sd(xs) -> float:
    return statistics.pstdev(xs) if len(xs) > 1 else 0.0


def table_levels(seed: int) -> list[str]:
    """The seats' levels at the hard-against-normal table of ``seed``: two of each, alternating,
    hard first at an odd seed (so each level sits first as often)."""
    return ["hard", "normal"] * 2 if seed % 2 else ["normal", "hard"] * 2


def level_rows(quick: bool, hard_games: int, jobs: int, budget_s: float | None, asym_games: int = 0,
               tables: int | None = None) -> list[dict]:
    """The levels (issue 20): turn time per level, hard solo, hard against normal at 4
    players (``tables`` games, by default a quarter of ``hard_games``), easy against normal at
    2 players. ``budget_s``: the hard level's budget."""
    budget = f"hard at a budget of {budget_s:g} s per turn" if budget_s is not None else \
        f"hard at its default budget ({HARD_BUDGET_S:g} s per turn)"
    positions = [midgame(seed) for seed in (range(1) if quick else range(3))]
    t = time_levels(positions, budget_s)
    rows = []
    for level, target, p95_target in (("easy", None, None), ("normal", 100, None), ("hard", 1500, 3000)):
        med, p95 = median(t[level]), percentile(t[level], 0.95)
        wanted = (f"median <= {target} ms" + (f", p95 <= {p95_target} ms" if p95_target else "")) if target else "report"
        met = (med <= target and (p95_target is None or p95 <= p95_target)) if target else None
        rows.append(row(f"{level} autopilot turn, mid-game", round(med), "ms", wanted, met,
                        note=f"CPU time of a whole turn, 4 players at round 9: p95 {percentile(t[level], 0.95):.0f} "
                             f"ms, {len(t[level])} turns from {len(positions)} games"
                             + (f"; {budget}" if level == "hard" else "")))
    target = solo_target(PRESETS[SOLO_EVENTS])["target"]
    seeds = range(1000, 1000 + hard_games)
    timed = _run(_timed_solo, [(seed, "hard", budget_s) for seed in seeds], jobs)
    solo = [x for x, _t in timed]
    turns = [ms for _x, times in timed for ms in times]
    if turns:
        med, p95 = median(turns), percentile(turns, 0.95)
        rows.append(row("hard autopilot turn, solo", round(med), "ms", "median <= 1500 ms, p95 <= 3000 ms",
                        med <= 1500 and p95 <= 3000,
                        note=f"CPU time of every whole turn that places a tile in the solo games below: p95 "
                             f"{p95:.0f} ms, max {max(turns):.0f} ms, {len(turns)} turns; the last rounds, "
                             f"played out to the final score, take more; {budget}"))
    base = play_many(1, seeds, [["normal"]], jobs, events=SOLO_EVENTS)["normal"]
    reached = sum(1 for x in solo if x >= target)
    rows.append(row(f"solo hard, {SOLO_EVENTS} event deck, {len(solo)} games: average", round(statistics.mean(solo), 1),
                    "medals", ">= 60, target reached in >= 60%", statistics.mean(solo) >= 60 and reached >= 0.6 * len(solo),
                    note=f"{_mean_sd(solo)}; target {target} reached in {reached} of {len(solo)} games; normal on the "
                         f"same seeds {_mean_sd(base)}, target reached in {sum(1 for x in base if x >= target)}; "
                         f"{budget}"))
    if asym_games:
        rows += asymmetric_rows("hard", asym_games, jobs, budget_s, target_share=0.5)
    if tables is None:  # a whole 4-player game with hard seats: too long for --quick
        tables = 0 if quick else max(1, hard_games // 4)
    tasks = [(4, seed, table_levels(seed), None, budget_s) for seed in range(2000, 2000 + tables)]
    results = _run(_table, tasks, jobs) if tables else []
    by: dict[str, list[int]] = {"hard": [], "normal": []}
    for result in results:
        for level, total, _place in result:
            by[level].append(total)
    if not results:
        return rows + easy_rows(hard_games, jobs)
    diff = statistics.mean(by["hard"]) - statistics.mean(by["normal"])
    per_table = [statistics.mean(x for lv, x, _ in r if lv == "hard") - statistics.mean(x for lv, x, _ in r if lv == "normal")
                 for r in results]
    rows.append(row(f"4 players, 2 hard + 2 normal seats, {tables} tables: hard minus normal", round(diff, 1), "medals",
                    ">= 5", diff >= 5,
                    note=f"hard {_mean_sd(by['hard'])}, normal {_mean_sd(by['normal'])}; per table the difference "
                         f"has sd {_sd(per_table):.1f} (se {_sd(per_table) / len(per_table) ** 0.5:.2f}); standard boards, no event deck; {budget}"))
    return rows + easy_rows(hard_games, jobs)


ASYMMETRIC_PLANETS = tuple(p for p in SUPPORTED_PLANETS if p != "ksb-4156")
ASYMMETRIC_CORPORATIONS = tuple(c for c in SUPPORTED_CORPORATIONS if c != "universal_coalition")
WEAK_GAP = 6  # no planet or corporation may average more than this below the overall solo average


def asymmetric_board(i: int) -> tuple[str, str]:
    """The planet and corporation of the ``i``-th asymmetric solo game: every planet in turn,
    the corporations shifted every round of planets, so that each pair comes up."""
    planets, corps = ASYMMETRIC_PLANETS, ASYMMETRIC_CORPORATIONS
    return planets[i % len(planets)], corps[(i + i // len(planets)) % len(corps)]


def _asymmetric_game(args: tuple) -> tuple[str, str, int]:
    i, level, budget_s = args
    planet, corp = asymmetric_board(i)
    config = make_config(1, planets=[planet], corporations=[corp], events=SOLO_EVENTS)
    state = play_game(config, 4000 + i, [level], budget_s=budget_s)
    assert state.result is not None  # the game was played to its end
    return planet, corp, state.result["players"][0]["total"]


def asymmetric_rows(level: str, games: int, jobs: int, budget_s: float | None = None,
                    target_share: float | None = None) -> list[dict]:
    """Solo on asymmetric planets and corporations (``games`` games, every board in turn): the
    share of games reaching the solo target, and the weakest planet and corporation against the
    overall average."""
    target = solo_target(PRESETS[SOLO_EVENTS])["target"]
    results = _run(_asymmetric_game, [(i, level, budget_s) for i in range(games)], jobs)
    scores = [x for _p, _c, x in results]
    mean = statistics.mean(scores)
    reached = sum(1 for x in scores if x >= target)
    by_planet: dict[str, list[int]] = {}
    by_corp: dict[str, list[int]] = {}
    for planet, corp, x in results:
        by_planet.setdefault(planet, []).append(x)
        by_corp.setdefault(corp, []).append(x)
    planet_avg = {k: statistics.mean(v) for k, v in by_planet.items()}
    corp_avg = {k: statistics.mean(v) for k, v in by_corp.items()}
    low_p = min(planet_avg, key=lambda k: planet_avg[k])
    low_c = min(corp_avg, key=lambda k: corp_avg[k])
    gap = mean - min(planet_avg[low_p], corp_avg[low_c])
    share = reached / len(scores)
    rows = [row(f"solo {level}, asymmetric planet and corporation, {len(scores)} games: target reached",
                round(100 * share), "%", f">= {100 * target_share:.0f}%" if target_share else "report",
                share >= target_share if target_share else None,
                note=f"{_mean_sd(scores)}; target {target} reached in {reached}; every planet "
                     f"{len(scores) // len(ASYMMETRIC_PLANETS)} or more times"),
            row(f"solo {level}, asymmetric boards: weakest board below the average", round(gap, 1), "medals",
                f"<= {WEAK_GAP}", gap <= WEAK_GAP,
                note="by planet: " + ", ".join(f"{k} {v:.1f}" for k, v in sorted(planet_avg.items(), key=lambda kv: kv[1]))
                     + "; by corporation: " + ", ".join(f"{k} {v:.1f}" for k, v in sorted(corp_avg.items(), key=lambda kv: kv[1]))
                     + f" (each {len(scores) // len(ASYMMETRIC_CORPORATIONS)} games or more)")]
    return rows


def easy_rows(hard_games: int, jobs: int) -> list[dict]:
    pairs = max(2, hard_games)
    tasks = [(2, seed, ["easy", "normal"] if seed % 2 else ["normal", "easy"], None, None)
             for seed in range(3000, 3000 + pairs)]
    wins = 0
    easy, normal = [], []
    for result in _run(_table, tasks, jobs):
        score = {lv: (x, place) for lv, x, place in result}
        wins += score["normal"][1] < score["easy"][1]
        easy.append(score["easy"][0])
        normal.append(score["normal"][0])
    return [row(f"2 players, easy against normal, {pairs} games: normal wins", round(100 * wins / pairs), "%",
                ">= 75%", wins >= 0.75 * pairs,
                note=f"normal {_mean_sd(normal)}, easy {_mean_sd(easy)}; a tie counts as no win")]


def _run(fn, tasks: list, jobs: int) -> list:
    if jobs > 1 and len(tasks) > 1:
        with ProcessPoolExecutor(jobs) as pool:
            return list(pool.map(fn, tasks, chunksize=1))
    return [fn(t) for t in tasks]


def measure(quick: bool = False, *, games: int | None = None, solo_games: int | None = None,
            greedy_games: int | None = None, jobs: int | None = None, hard_games: int | None = None,
            hard_budget: float | None = None, levels_only: bool = False, asym_games: int | None = None,
            hard_tables: int | None = None) -> list[dict]:
    """Rows {"what", "value", "unit", "target", "ok", "note"} for the shared bench table."""
    games = games if games is not None else (2 if quick else 200)
    solo_games = solo_games if solo_games is not None else (2 if quick else 200)
    greedy_games = greedy_games if greedy_games is not None else (0 if quick else 20)
    jobs = jobs if jobs is not None else (1 if quick else max(1, min(2, os.cpu_count() or 1)))
    hard_games = hard_games if hard_games is not None else (1 if quick else 20)
    hard_budget = hard_budget if hard_budget is not None else (0.5 if quick else None)
    asym_games = asym_games if asym_games is not None else (0 if quick else 24)
    if levels_only:
        return level_rows(quick, hard_games, jobs, hard_budget, asym_games, hard_tables)
    positions = [midgame(seed) for seed in (range(2) if quick else range(8))]
    t = time_turns(positions)
    med = median(t["turn"])
    rows = [row("greedy autopilot turn, mid-game", round(med, 1), "ms", f"median <= {TURN_TARGET_MS} ms",
                med <= TURN_TARGET_MS,
                note=f"CPU time of a whole turn (pick to confirm), 4 players at round 9: p95 "
                     f"{percentile(t['turn'], 0.95):.0f} ms, max {max(t['turn']):.0f} ms, wall-clock median "
                     f"{median(t['turn_wall']):.0f} ms, {len(t['turn'])} turns from {len(positions)} games; "
                     f"one decision (choose) median {median(t['decision']):.1f} ms, p95 "
                     f"{percentile(t['decision'], 0.95):.0f} ms; the commander's station turn median "
                     f"{median(t['rotation']):.0f} ms")]

    mixed = play_many(4, range(games), [["greedy", "random"] * 2, ["random", "greedy"] * 2], jobs)
    g, r = statistics.mean(mixed["greedy"]), statistics.mean(mixed["random"])
    rows.append(row(f"4 players, 2 greedy + 2 random seats, {games} games: greedy average", round(g, 1), "medals",
                    f">= {FAR_ABOVE:g} x random", g >= FAR_ABOVE * r,
                    note=f"greedy {_mean_sd(mixed['greedy'])}, random at the same tables {_mean_sd(mixed['random'])}; "
                         "standard boards, no event deck"))
    pure = play_many(4, range(games), [["random"] * 4], jobs)["random"]
    rows.append(row(f"4 random players, {games} games: average", round(statistics.mean(pure), 1), "medals",
                    "report", None, note=_mean_sd(pure)))
    if greedy_games:
        pure = play_many(4, range(greedy_games), [["greedy"] * 4], jobs)["greedy"]
        rows.append(row(f"4 greedy players, {greedy_games} games: average", round(statistics.mean(pure), 1),
                        "medals", "report", None, note=_mean_sd(pure)))
    target = solo_target(PRESETS[SOLO_EVENTS])["target"]
    solo = play_many(1, range(games, games + solo_games), [["greedy"]], jobs, events=SOLO_EVENTS)["greedy"]
    reached = sum(1 for s in solo if s >= target)
    rows.append(row(f"solo greedy, {SOLO_EVENTS} event deck, {solo_games} games: average",
                    round(statistics.mean(solo), 1), "medals", f"solo target {target}", None,
                    note=f"{_mean_sd(solo)}; target reached in {reached} of {len(solo)} games; "
                         f"median {statistics.median(solo):g}"))
    if asym_games:
        rows += asymmetric_rows("normal", 4 * asym_games, jobs)
    return rows + level_rows(quick, hard_games, jobs, hard_budget, asym_games, hard_tables)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.autopilot_bench")
    ap.add_argument("--quick", action="store_true", help="a few games only (under a minute)")
    ap.add_argument("--games", type=int, help="4-player games per kind of table (default 200)")
    ap.add_argument("--solo-games", type=int, help="solo games (default 200)")
    ap.add_argument("--greedy-games", type=int, help="games with four greedy seats (default 20)")
    ap.add_argument("--jobs", type=int, help="worker processes for the games (default: 2, 1 with --quick)")
    ap.add_argument("--hard-games", type=int, help="solo games with the hard level (and a quarter as many "
                    "4-player tables, as many easy-normal games; default 20)")
    ap.add_argument("--hard-budget", type=float, help="the hard level's CPU seconds per turn (default: its own)")
    ap.add_argument("--asym-games", type=int, help="solo games with the hard level on asymmetric boards (four "
                    "times as many with the normal level; default 24, none with --quick)")
    ap.add_argument("--hard-tables", type=int, help="4-player tables of 2 hard and 2 normal seats (default: a "
                    "quarter of --hard-games; the issue's figure is 100)")
    ap.add_argument("--levels-only", action="store_true", help="only the rows of the levels (easy, normal, hard)")
    args = ap.parse_args(argv)
    t = time.perf_counter()
    print(f"autopilot benchmark: {os.cpu_count()} cores, Python {platform.python_version()}", flush=True)
    rows = measure(args.quick, games=args.games, solo_games=args.solo_games, greedy_games=args.greedy_games,
                   jobs=args.jobs, hard_games=args.hard_games, hard_budget=args.hard_budget,
                   levels_only=args.levels_only, asym_games=args.asym_games, hard_tables=args.hard_tables)
    for r in rows:
        print(f"{r['what']}: {r['value']} {r['unit']}  (target: {r['target']})")
        if r.get("note"):
            print(f"    {r['note']}")
    print(f"({time.perf_counter() - t:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
