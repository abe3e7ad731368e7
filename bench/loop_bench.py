"""Event-loop responsiveness: the longest stall of the loop while computer players think, the
acknowledgement time and throughput of a saturated load run, and the leaderboard at scale.

    .venv/bin/python -m bench --only loop [--quick]
    .venv/bin/python -m bench.loop_bench [--quick]          # the same rows, as JSON

A probe task sleeps 2 ms at a time and records how late it wakes: that lateness is how long
the loop was busy with something else (an interaction arriving then would wait that long for
its first answer). Measured:

- stall (a): a 6-seat game, one human and 5 greedy computer players; the human's seat goes to
  the autopilot (``replace``), which plays the rest of the game;
- stall (b): the human of such a game plays one whole round (each action through ``act``,
  the 5 greedy seats playing theirs after the human's last decision);
- stall (c), acknowledgement, throughput: the play of the saturated load run of
  bench.load_bench (every player acts the moment it can; its setup and final checks are not
  counted). Interactions arrive from a thread every 10 ms, whatever the loop is doing; an
  acknowledgement is the time from arrival until the loop runs the handler, whose first step
  is the cog's defer or answer;
- the leaderboard of a server with 10,000 finished games, 1,000 of them daily challenges.

The worker pool (service/workers.py) is a ProcessPoolExecutor of WORKERS processes (default:
the machine's cores); "inline" runs the same jobs on the loop, as before the pool existed.
"""
from __future__ import annotations

import argparse
import asyncio
import inspect
import json
import os
import random
import sys
import tempfile
import threading
import time
from pathlib import Path

from bench.common import percentile, row

STALL_TARGET_MS = 100.0
ACK_P99_TARGET_MS = 250.0
LEADERBOARD_TARGET_MS = 300.0


class StallProbe:
    """The longest time the loop did not get back to a 2 ms sleeper, while running (``worst_ms``,
    wall time), and the most CPU time the loop's own thread spent between two of its wake-ups
    (``worst_cpu_ms``: work done on the loop itself, whatever else the machine is doing; a
    descheduled process or another thread holding the GIL does not count there)."""

    def __init__(self, tick: float = 0.002):
        self.tick = tick
        self.worst = 0.0
        self.worst_cpu = 0.0
        self._task: asyncio.Task | None = None

    async def _run(self) -> None:
        while True:
            t, cpu = time.perf_counter(), time.thread_time()
            await asyncio.sleep(self.tick)
            self.worst = max(self.worst, time.perf_counter() - t - self.tick)
            self.worst_cpu = max(self.worst_cpu, time.thread_time() - cpu)

    async def __aenter__(self) -> StallProbe:
        self._task = asyncio.get_running_loop().create_task(self._run())
        await asyncio.sleep(0)
        return self

    async def __aexit__(self, *exc) -> None:
        task = self._task
        assert task is not None  # set on entry
        task.cancel()
        try:
            await task
        except asyncio.CancelledError:
            pass

    @property
    def worst_ms(self) -> float:
        return self.worst * 1000

    @property
    def worst_cpu_ms(self) -> float:
        return self.worst_cpu * 1000


class ArrivalProbe(StallProbe):
    """Interactions arriving from outside, every ``every`` seconds, independently of what the
    loop is doing (a thread stands for the network): each one's acknowledgement time is from
    its arrival until the loop runs its handler, whose first step is the cog's defer or answer.
    Also records the longest stall, like StallProbe."""

    def __init__(self, every: float = 0.01):
        super().__init__()
        self.every = every
        self.acks: list[float] = []
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def _arrive(self, loop) -> None:
        start, k = time.perf_counter(), 0
        while True:
            k += 1
            arrived = start + k * self.every  # on schedule, even if this thread was held up
            if self._stop.wait(max(0.0, arrived - time.perf_counter())):
                return
            try:
                loop.call_soon_threadsafe(lambda arrived=arrived: self.acks.append(time.perf_counter() - arrived))
            except RuntimeError:  # the loop closed
                return

    async def __aenter__(self) -> ArrivalProbe:
        await super().__aenter__()
        self._thread = threading.Thread(target=self._arrive, args=(asyncio.get_running_loop(),), daemon=True)
        self._thread.start()
        return self

    async def __aexit__(self, *exc) -> None:
        self._stop.set()
        assert self._thread is not None  # set on entry
        self._thread.join()
        await super().__aexit__(*exc)


def make_service(repo, executor=None, **kwargs):
    """A GameService with this executor (where the service takes one)."""
    from service import GameService

    if "executor" in inspect.signature(GameService).parameters:
        kwargs["executor"] = executor
    return GameService(repo, **kwargs)


def pool(kind: str):
    """The executor of a run: "process" (the bot's pool), "thread", or "inline" (on the loop).
    The garbage collector is tuned as the bot does at start (service.workers.tune_gc)."""
    try:
        from service import workers
    except ImportError:  # before the pool existed: everything ran on the loop
        return None
    workers.tune_gc()
    if kind == "process":
        return workers.process_pool(workers.default_size())
    if kind == "thread":
        return workers.thread_pool()
    return workers.Inline()


async def _bot_game(service, human: int = 1):
    game = await service.create(creator_id=human, creator_name="human", guild_id=1, channel_id=1,
                                options={"max_players": 6, "seed": 6006, "remind_hours": 0})
    for _ in range(5):
        await service.add_bot(game.id, human, False)
    return await service.start(game.id, human, False)


async def _stalls(executor_kind: str) -> dict:
    from db.connection import open_database
    from db.repository import GameRepository
    from engine import rules
    from service import autoplay

    executor = pool(executor_kind)
    out: dict[str, tuple] = {}
    with tempfile.TemporaryDirectory() as tmp:
        db = await open_database(Path(tmp) / "stall.sqlite3")
        try:
            service = make_service(GameRepository(db), executor, autopilot_level="greedy")
            # (b) the human plays round 2 (the bots answer after each of the human's decisions)
            game = await _bot_game(service)
            while game.state.round < 2:
                game = await _human_step(service, game, autoplay, rules)
            start_round = game.state.round
            t = time.perf_counter()
            async with StallProbe() as probe:
                while game.state.round == start_round and game.status == "active":
                    game = await _human_step(service, game, autoplay, rules)
            out["round"] = (probe.worst_ms, time.perf_counter() - t)
            # (a) the last human seat goes to the autopilot: the rest of the game
            t = time.perf_counter()
            async with StallProbe() as probe:
                game = await service.replace(game.id, 1, False, 0, None)
            out["replace"] = (probe.worst_ms, time.perf_counter() - t, game.status)
        finally:
            await db.close()
            if executor is not None:
                executor.shutdown()
    return out


async def _human_step(service, game, autoplay, rules):
    if 0 not in rules.to_act(game.state):
        raise RuntimeError("the human is not to act: the computer seats did not finish")
    action = autoplay.default_action(game.state, 0)
    return (await service.act(game.id, 1, action)).game


async def _load(games: int, rounds: int | None, executor_kind: str) -> dict:
    from bench import load_bench

    executor = pool(executor_kind)
    probe = ArrivalProbe()
    try:
        report = await load_bench.service_load(games, rounds, seed=1, executor=executor, around_play=probe)
    finally:
        if executor is not None:
            executor.shutdown()
    acks = sorted(probe.acks) or [0.0]
    return {"stall_ms": probe.worst_ms, "moves_per_s": report.accepted / report.wall if report.wall else 0.0,
            "ack_p99_ms": percentile(acks, 0.99) * 1000, "ack_max_ms": acks[-1] * 1000,
            "accepted": report.accepted, "wall_s": report.wall, "problems": report.problems[:3]}


async def _leaderboard(finished: int, daily: int) -> dict:
    """Seconds of one leaderboard of a server holding ``finished`` finished games, ``daily`` of
    them daily challenges (the database built at the previous schema and migrated, as an
    upgraded bot would find it)."""
    from bench.common import random_game
    from db import migrations
    from db.connection import open_database
    from db.repository import GameRepository
    from engine.state import dump

    solo = [dump(random_game(1, seed)) for seed in range(6)]
    multi = [dump(random_game(2 + seed % 3, 100 + seed)) for seed in range(6)]
    days = [f"2026-10-{d:02d}" for d in range(1, 21)]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "board.sqlite3"
        db = await open_database(path, migrate=False) if "migrate" in inspect.signature(open_database).parameters \
            else await open_database(path)
        try:
            before = 2 if len(migrations.load_migrations()) > 2 else None
            await migrations.apply_migrations(db, target=before)
            now = time.time()
            rows: list[tuple] = []
            seats: list[tuple] = []
            rng = random.Random(7)
            for i in range(1, finished + 1):
                is_daily = i <= daily
                state = rng.choice(solo) if is_daily or i % 4 == 0 else rng.choice(multi)
                players = json.loads(state)["config"]["players"] if "players" in json.loads(state)["config"] else 1
                creator = 1000 + (i if is_daily else i % 400)  # one daily game per player per day
                key = days[i % len(days)] if is_daily else None
                rows.append((i, 1 + i % 2, creator, "daily" if is_daily else "normal", key, state, now, now))
                seats.extend((i, s, creator + s, f"player {creator + s}") for s in range(players))
            await db.executemany(
                "INSERT INTO games (id, guild_id, channel_id, creator_id, status, kind, daily_key, state,"
                " created_at, updated_at) VALUES (?, ?, 1, ?, 'finished', ?, ?, ?, ?, ?)", rows)
            await db.executemany("INSERT INTO seats (game_id, seat, user_id, display_name) VALUES (?, ?, ?, ?)", seats)
            t = time.perf_counter()
            await migrations.apply_migrations(db)
            migrate_s = time.perf_counter() - t
            service = make_service(GameRepository(db))
            times = []
            for _ in range(3):
                t = time.perf_counter()
                board = await service.leaderboard(1, days[0])
                times.append(time.perf_counter() - t)
        finally:
            await db.close()
    return {"seconds": min(times), "migrate_s": migrate_s, "today": board["players_today"], "best": len(board["best"])}


def measure(quick: bool = False) -> list[dict]:
    """Each part in a fresh interpreter (the pool, the collector's settings and the caches of
    one part do not carry over to the next)."""
    from bench.common import run_child

    games, rounds = (40, 2) if quick else (200, 3)
    load_args = ["--part", "load", "--games", str(games), "--rounds", str(rounds)]
    stalls = run_child("bench.loop_bench", ["--part", "stalls"])
    loaded = run_child("bench.loop_bench", load_args + ["--executor", "process"])
    inline = run_child("bench.loop_bench", load_args + ["--executor", "inline"])
    board = run_child("bench.loop_bench", ["--part", "leaderboard"] + (["--quick"] if quick else []))
    cores = f"{os.cpu_count()} cores"
    a, b = stalls["replace"], stalls["round"]
    rows = [
        row("loop: longest stall, last human seat of a 6-seat game (5 greedy bots) to the autopilot",
            round(a[0], 1), "ms", f"<= {STALL_TARGET_MS:g} ms", a[0] <= STALL_TARGET_MS,
            note=f"the rest of the game took {a[1]:.1f} s ({a[2]}); {cores}"),
        row("loop: longest stall, a round with 5 greedy bot seats", round(b[0], 1), "ms",
            f"<= {STALL_TARGET_MS:g} ms", b[0] <= STALL_TARGET_MS, note=f"round took {b[1]:.1f} s; {cores}"),
        row(f"loop: longest stall, saturated load run ({games} games, {rounds} rounds)", round(loaded["stall_ms"], 1), "ms",
            f"<= {STALL_TARGET_MS:g} ms", loaded["stall_ms"] <= STALL_TARGET_MS, note=cores),
        row(f"loop: interaction acknowledged, saturated load run ({games} games, {rounds} rounds), p99",
            round(loaded["ack_p99_ms"], 1), "ms", f"<= {ACK_P99_TARGET_MS:g} ms",
            loaded["ack_p99_ms"] <= ACK_P99_TARGET_MS, note=f"max {loaded['ack_max_ms']:.1f} ms"),
        row("loop: load-run throughput, worker pool / inline", round(loaded["moves_per_s"] / inline["moves_per_s"], 2)
            if inline["moves_per_s"] else "n/a", "x", "", None,
            note=f"{loaded['moves_per_s']:.1f} vs {inline['moves_per_s']:.1f} moves/s "
                 f"(inline: stall {inline['stall_ms']:.0f} ms, ack p99 {inline['ack_p99_ms']:.0f} ms); {cores}"),
        row(f"loop: /pu leaderboard, {'2,000' if quick else '10,000'} finished games", round(board["seconds"] * 1000, 1),
            "ms", f"<= {LEADERBOARD_TARGET_MS:g} ms", board["seconds"] * 1000 <= LEADERBOARD_TARGET_MS,
            note=f"migration with backfill {board['migrate_s']:.1f} s"),
    ]
    problems = loaded["problems"] + inline["problems"]
    if problems:
        rows.append(row("loop: load run problems", len(problems), "", "0", False, note="; ".join(problems)))
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.loop_bench")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--part", choices=("stalls", "load", "leaderboard", "all"), default="all")
    ap.add_argument("--executor", choices=("process", "thread", "inline"), default="process")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--rounds", type=int, default=None)
    args = ap.parse_args(argv)
    if args.part == "all":
        print(json.dumps(measure(args.quick), indent=1))
    elif args.part == "stalls":
        print(json.dumps(asyncio.run(_stalls(args.executor))))
    elif args.part == "load":
        print(json.dumps(asyncio.run(_load(args.games, args.rounds, args.executor))))
    else:
        print(json.dumps(asyncio.run(_leaderboard(2000, 200) if args.quick else _leaderboard(10_000, 1000))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
