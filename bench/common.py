"""Helpers shared by the benchmark modules: timing, percentiles, table rows, memory readings
and the positions the measurements start from.

Every area module exposes ``measure(quick: bool) -> list[dict]``; a row is
``{"what", "value", "unit", "target", "ok"}`` plus optional notes (``note``, ``p99``, ...),
built with :func:`row`. ``ok`` is True/False when the row has a target, None otherwise.
"""
from __future__ import annotations

import json
import os
import random
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MiB = 1024 * 1024
KiB = 1024


def row(what: str, value, unit: str, target: str = "", ok: bool | None = None, **notes) -> dict:
    return {"what": what, "value": value, "unit": unit, "target": target, "ok": ok, **notes}


def median(xs) -> float:
    return statistics.median(xs)


def percentile(xs, q: float) -> float:
    """The q-quantile (0..1) by the nearest-rank rule: the smallest sample with at least q of
    the samples at or below it."""
    xs = sorted(xs)
    if not xs:
        raise ValueError("no samples")
    k = max(0, min(len(xs) - 1, int(-(-q * len(xs) // 1)) - 1))
    return xs[k]


def time_ms(fn: Callable[[], object], runs: int) -> tuple[list[float], list[float]]:
    """Milliseconds of each of ``runs`` calls of ``fn``: CPU time of the process
    (time.process_time) and wall-clock time.

    CPU time is what the code itself costs; wall-clock time also counts the moments other
    programs had the processor, which on a shared machine can double it. The areas that only
    compute (engine, images) report CPU time; those that wait on a database or a simulated
    Discord report wall-clock time."""
    cpu, wall = [], []
    for _ in range(runs):
        t, c = time.perf_counter(), time.process_time()
        fn()
        cpu.append((time.process_time() - c) * 1000)
        wall.append((time.perf_counter() - t) * 1000)
    return cpu, wall


def rss_bytes() -> int:
    """The process's resident set size now (Linux /proc/self/statm), or its peak where that
    file does not exist (resource.getrusage)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak if sys.platform == "darwin" else peak * 1024


def run_child(module: str, args: list[str], timeout: float = 900) -> dict:
    """Run ``python -m module args`` in a fresh interpreter (clean memory, cold imports) and
    return the JSON object it prints on its last line of output."""
    proc = subprocess.run([sys.executable, "-m", module, *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=timeout)
    if proc.returncode != 0:
        last = [line for line in proc.stderr.strip().splitlines() if line.strip()][-1:] or ["no output"]
        print(proc.stderr[-5000:], file=sys.stderr)
        raise RuntimeError(f"{module} failed ({proc.returncode}): {last[0]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


# ------------------------------------------------------------------ positions


def random_game(players: int, seed: int, *, stop_round: int | None = None, record: list | None = None):
    """Random legal play (never undo) from a new standard game: at each step a random seat
    among those to act plays a random legal action. With ``stop_round``, stop when that
    round's turns are open and every seat is still to pick. ``record`` collects
    (seat, action text) pairs."""
    from engine import apply, legal_actions, make_config, new_game, to_act
    from engine.actions import Undo

    state = new_game(make_config(players), seed)
    rng = random.Random(seed)
    while state.phase != "over":
        if stop_round is not None and state.round >= stop_round and state.phase == "turns" \
                and all(s.step == "pick" for s in state.seats):
            break
        seat = rng.choice(to_act(state))
        options = [a for a in legal_actions(state, seat) if not isinstance(a, Undo)]
        action = rng.choice(options)
        apply(state, seat, action)
        if record is not None:
            record.append((seat, str(action)))
    return state
