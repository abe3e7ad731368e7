"""The saturated load run (bench.load_bench.service_load: every player acts the moment they can)
on SQLite with 1 process, and on PostgreSQL with 1, 2 and 4 processes, in one run.

    .venv/bin/python -m bench.multi_bench                       # 60 games, 4 rounds each
    .venv/bin/python -m bench.multi_bench --games 200 --rounds 0 --url postgresql://...

Several processes run as they would with shards: each serves the games of its own servers
(every k-th game), all on one PostgreSQL database, playing at the same moment (they wait for
one another after setting their games up). Moves per second are all processes' accepted moves
over the longest process's play time; latencies are every request's, all processes together.
Without --url, a throwaway PostgreSQL server is started (tests/pg_cluster.py: it needs the
system's PostgreSQL). CPU ms per move is the CPU time the bot processes spent during the play,
plus (with the throwaway server) the server's, over the moves: unlike wall time, it hardly
moves when other programs share the machine's cores. Every game is checked as in the load bench (nothing lost or doubled,
state = replay of the log); any problem makes the run fail.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import asynccontextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _child(argv: list[str]) -> int:
    """One process's share: python -m bench.multi_bench --child URL GAMES ROUNDS INDEX COUNT BARRIER."""
    from bench.load_bench import service_load

    url = argv[0]
    games, rounds, index, count = (int(a) for a in argv[1:5])
    barrier = Path(argv[5])

    waited = cpu = 0.0

    @asynccontextmanager
    async def together():  # the load bench's clock is already running: the wait is taken off below
        nonlocal waited, cpu
        began = time.perf_counter()
        (barrier / f"ready-{index}").touch()
        while len(list(barrier.glob("ready-*"))) < count:
            await asyncio.sleep(0.01)
        waited = time.perf_counter() - began
        cpu = -_cpu_self()
        yield
        cpu += _cpu_self()

    report = asyncio.run(service_load(games=games, rounds=rounds or None, seed=1, timeout=1200, path=url,
                                      only=range(index, games, count), around_play=together()))
    print(json.dumps({"accepted": report.accepted, "wall": report.wall - waited, "cpu": cpu,
                      "latencies": report.latencies,
                      "problems": report.problems, "finished": report.finished}))
    return 0


def _cpu_self() -> float:
    """CPU seconds of this process, all its threads (SQLite's included)."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _cpu_server(cluster) -> float:
    """CPU seconds the throwaway PostgreSQL server's processes have used (0 without one)."""
    if cluster is None:
        return 0.0
    try:
        postmaster = int((cluster.data / "postmaster.pid").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 0.0
    total, tick = 0.0, os.sysconf("SC_CLK_TCK")
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # gone meanwhile
        pid = int(stat.parent.name)
        if pid == postmaster or int(fields[1]) == postmaster:  # the server and its children
            total += (int(fields[11]) + int(fields[12])) / tick  # utime, stime
    return total


def run(label: str, url: str, games: int, rounds: int, processes: int, cluster=None) -> dict:
    server = -_cpu_server(cluster)
    with tempfile.TemporaryDirectory() as barrier:
        procs = [subprocess.Popen([sys.executable, "-m", "bench.multi_bench", "--child", url, str(games), str(rounds),
                                   str(k), str(processes), barrier], cwd=ROOT, stdout=subprocess.PIPE, text=True)
                 for k in range(processes)]
        outs = [json.loads(p.communicate()[0].strip().splitlines()[-1]) for p in procs]
    server += _cpu_server(cluster)  # the games' set-up and checks too: a little more than the play
    accepted = sum(o["accepted"] for o in outs)
    wall = max(o["wall"] for o in outs)
    lat = sorted(x for o in outs for x in o["latencies"])
    return {"run": label, "processes": processes, "accepted": accepted, "wall_s": round(wall, 2),
            "moves_per_s": round(accepted / wall, 1),
            "cpu_ms": round((sum(o["cpu"] for o in outs) + server) * 1000 / accepted, 2),
            "median_ms": round(statistics.median(lat) * 1000, 1),
            "p99_ms": round(lat[int(len(lat) * 0.99) - 1] * 1000, 1),
            "problems": [p for o in outs for p in o["problems"]]}


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "--child":
        return _child(argv[1:])
    ap = argparse.ArgumentParser(prog="python -m bench.multi_bench")
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--rounds", type=int, default=4, help="0: every game to its end")
    ap.add_argument("--url", help="a PostgreSQL database to use (emptied schema per run: give a blank one)")
    args = ap.parse_args(argv)
    cluster = None
    if args.url is None:
        sys.path.insert(0, str(ROOT))
        from tests.pg_cluster import Cluster
        cluster = Cluster().start()
    rows = []
    try:
        with tempfile.TemporaryDirectory() as folder:
            rows.append(run("SQLite", str(Path(folder) / "load.sqlite3"), args.games, args.rounds, 1))
        for processes in (1, 2, 4):
            url = cluster.fresh_url() if cluster else args.url
            if not cluster and processes > 1:
                url = args.url  # a given database is reused: its games from the first run stay there
            rows.append(run("PostgreSQL", url, args.games, args.rounds, processes, cluster))
    finally:
        if cluster:
            cluster.stop()
    print(f"{args.games} games, {'to the end' if not args.rounds else f'{args.rounds} rounds'}, "
          f"{os.cpu_count()} CPU(s)")
    print(f"{'run':<11} {'procs':>5} {'moves':>6} {'wall s':>7} {'moves/s':>8} {'median ms':>10} {'p99 ms':>8} "
          f"{'CPU ms/move':>12}")
    for r in rows:
        print(f"{r['run']:<11} {r['processes']:>5} {r['accepted']:>6} {r['wall_s']:>7} {r['moves_per_s']:>8} "
              f"{r['median_ms']:>10} {r['p99_ms']:>8} {r['cpu_ms']:>12}")
    pg = [r for r in rows if r["run"] == "PostgreSQL"]
    print(f"scaling on PostgreSQL, 2 processes / 1: {pg[1]['moves_per_s'] / pg[0]['moves_per_s']:.2f}x, "
          f"4 / 1: {pg[2]['moves_per_s'] / pg[0]['moves_per_s']:.2f}x; "
          f"PostgreSQL / SQLite median latency (1 process): {pg[0]['median_ms'] / rows[0]['median_ms']:.2f}x, "
          f"CPU per move: {pg[0]['cpu_ms'] / rows[0]['cpu_ms']:.2f}x")
    problems = [p for r in rows for p in r["problems"]]
    for p in problems:
        print("PROBLEM:", p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
