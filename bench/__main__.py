"""Run the benchmarks and print (and save) one table of medians against the targets of issue 8.

    .venv/bin/python -m bench                      # everything; writes bench/RESULTS.md
    .venv/bin/python -m bench --quick              # fewer runs, under a minute
    .venv/bin/python -m bench --only render,service [--out results.md]
    .venv/bin/python -m bench --only engine --profile   # also the top functions by own time

Areas, one module each, each with ``measure(quick) -> list[dict]``: engine, autopilot
(bench.autopilot_bench, when autopilot/ is there), render, service, discord, memory,
startup, dbsize, loop (event-loop stalls, acknowledgements, the worker pool, the
leaderboard at scale), solar_storm (its engine), storm_crew (its computer crew-mates; the full
win-rate grid is ``python -m bench.storm_crew_bench``), storm_service (one Solar Storm action
through the service, commit included) and storm_discord (end of a turn to its post with the ship
image, in SimCord). A run with ``--only`` writes a file only when ``--out`` is given, so a
partial run never replaces the full table.
"""
from __future__ import annotations

import argparse
import cProfile
import datetime as dt
import importlib
import io
import os
import platform
import pstats
import sys
import time
import traceback
from pathlib import Path

from bench.common import ROOT, row

AREAS = {
    "engine": "bench.engine_bench",
    "autopilot": "bench.autopilot_bench",
    "render": "bench.render_bench",
    "service": "bench.service_bench",
    "discord": "bench.discord_bench",
    "memory": "bench.memory_bench",
    "startup": "bench.startup_bench",
    "dbsize": "bench.dbsize_bench",
    "loop": "bench.loop_bench",
    "players": "bench.players_bench",
    "solar_storm": "bench.storm_bench",
    "storm_crew": "bench.storm_crew_bench",
    "storm_discord": "bench.storm_discord_bench",
    "storm_service": "bench.storm_service_bench",
}
DEFAULT_OUT = ROOT / "bench" / "RESULTS.md"
COLUMNS = ("area", "what", "median (or value)", "target", "met", "notes")


def _failed(area: str, error: BaseException) -> list[dict]:
    return [row(f"{area}: the measurement failed", "error", "", "", False,
                note=f"{type(error).__name__}: {str(error)[:300]}")]


def _judge(r: dict) -> bool | None:
    """Whether a row meets its target. Rows from modules that do not say (no "ok"): a plain
    '<= N' or '>= N' target is read against a numeric value."""
    if r.get("ok") is not None:
        return bool(r["ok"])
    target, value = str(r.get("target", "")).strip(), r.get("value")
    if not isinstance(value, (int, float)):
        return None
    for op in ("<=", ">="):
        if target.startswith(op):
            try:
                bound = float(target[2:].split()[0])
            except (ValueError, IndexError):
                return None
            return value <= bound if op == "<=" else value >= bound
    return None


def run_area(area: str, quick: bool, profile: bool = False) -> tuple[list[dict], str]:
    """The rows of one area (a failure becomes a row saying so) and its profile text."""
    try:
        module = importlib.import_module(AREAS[area])
    except ImportError as error:
        if area == "autopilot" and error.name in (AREAS[area], "autopilot"):
            rows = [row("greedy autopilot turn, mid-game", "not available", "", "median <= 200 ms", None,
                        note="autopilot/ and bench/autopilot_bench.py are not in this branch yet")]
        else:
            traceback.print_exc()
            rows = _failed(area, error)
        for r in rows:
            r["area"] = area
        return rows, ""
    profiler = cProfile.Profile() if profile else None
    try:
        if profiler:
            profiler.enable()
        rows = module.measure(quick)
    except Exception as error:  # noqa: BLE001 - one broken area must not hide the others
        traceback.print_exc()
        rows = _failed(area, error)
    finally:
        if profiler:
            profiler.disable()
    text = ""
    if profiler:
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(15)
        text = out.getvalue()
    for r in rows:
        r["ok"] = _judge(r)
        r["area"] = area
    return rows, text


def _value(r: dict) -> str:
    value, unit = r["value"], r.get("unit", "")
    if isinstance(value, float):
        value = f"{value:,.3f}".rstrip("0").rstrip(".") if abs(value) < 10 else f"{value:,.1f}"
    elif isinstance(value, int):
        value = f"{value:,}"
    return f"{value} {unit}".strip()


def _cell(text) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def _load() -> str:
    try:
        return ", ".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:
        return "unknown"


def table(rows: list[dict], *, quick: bool, areas: list[str], seconds: float, when: dt.datetime,
          load: tuple[str, str] = ("unknown", "unknown"), profiled: bool = False) -> str:
    met = {True: "yes", False: "**no**", None: "-"}
    lines = [
        "# Benchmark results",
        "",
        f"- date: {when:%Y-%m-%d %H:%M} UTC",
        f"- cores: {os.cpu_count()} ({platform.machine()}, {platform.system()})",
        f"- Python: {platform.python_version()} ({platform.python_implementation()})",
        f"- mode: {'quick' if quick else 'full'}" + ("" if areas == list(AREAS) else f", only {', '.join(areas)}"),
        f"- took: {seconds:.0f} s" + (" (profiled with cProfile: every figure is slower)" if profiled else ""),
        f"- load average (1, 5, 15 min): {load[0]} at the start, {load[1]} at the end",
        "- engine and image figures are CPU time of the process (other programs on a shared machine do not "
        "inflate it; wall-clock figures are in the notes); the others are wall-clock time",
        "",
        "| " + " | ".join(COLUMNS) + " |",
        "|" + "|".join(" --- " for _ in COLUMNS) + "|",
    ]
    for r in rows:
        cells = [r["area"], r["what"], _value(r), r.get("target", ""), met[r.get("ok")], r.get("note", "")]
        lines.append("| " + " | ".join(_cell(c) for c in cells) + " |")
    return "\n".join(lines) + "\n"


def parse_args(argv: list[str] | None):
    ap = argparse.ArgumentParser(prog="python -m bench", description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="fewer runs and games: under a minute")
    ap.add_argument("--only", action="append", metavar="NAME",
                    help=f"areas to run (repeat or comma-separate): {', '.join(AREAS)}")
    ap.add_argument("--out", type=Path, help=f"where to write the table (default {DEFAULT_OUT.relative_to(ROOT)} "
                                             "for a run of every area)")
    ap.add_argument("--profile", action="store_true", help="profile each area in-process (cProfile) and print "
                                                           "its top functions")
    args = ap.parse_args(argv)
    areas = list(AREAS)
    if args.only:
        wanted = [a.strip() for item in args.only for a in item.split(",") if a.strip()]
        unknown = [a for a in wanted if a not in AREAS]
        if unknown:
            ap.error(f"unknown area(s) {', '.join(unknown)}; choose from {', '.join(AREAS)}")
        areas = [a for a in AREAS if a in wanted]
    out = args.out if args.out is not None else (DEFAULT_OUT if not args.only else None)
    return args, areas, out


def main(argv: list[str] | None = None) -> int:
    args, areas, out = parse_args(argv)
    when = dt.datetime.now(dt.UTC)
    load_start = _load()
    started = time.perf_counter()
    print(f"benchmarks ({'quick' if args.quick else 'full'}): {os.cpu_count()} cores, "
          f"Python {platform.python_version()}; areas: {', '.join(areas)}", flush=True)
    rows: list[dict] = []
    for area in areas:
        t = time.perf_counter()
        got, profile = run_area(area, args.quick, args.profile)
        rows += got
        for r in got:
            print(f"  {area:9} {r['what'][:70]:70} {_value(r):>16}  {r.get('target', '')}", flush=True)
        print(f"  ({area}: {time.perf_counter() - t:.1f} s)", flush=True)
        if profile:
            print(profile, flush=True)
    text = table(rows, quick=args.quick, areas=areas, seconds=time.perf_counter() - started, when=when,
                 load=(load_start, _load()), profiled=args.profile)
    print()
    print(text)
    if out is not None:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text)
        print(f"written to {out}")
    return 0 if all(r.get("ok") is not False for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
