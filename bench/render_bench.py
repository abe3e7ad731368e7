"""Render benchmark: median time per image type, and how much of it is PNG encoding.

    .venv/bin/python -m bench.render_bench [--runs 30]
    .venv/bin/python -m bench --only render          # the rows of the shared table (measure)

For each image: the median time to draw it (PIL image), to encode it (PNG bytes), the total,
and total / encode (encoding alone is the floor a renderer cannot go under). Targets (issue 3):
planet board under 60 ms, 6-player round summary under 250 ms, on a 2-core machine; Solar
Storm's ship image (issue 53) under 60 ms, encoded as render.solar_storm does (256 colours).
"""
from __future__ import annotations

import argparse
import os
import platform
import statistics
import time
from collections.abc import Callable
from functools import partial
from typing import TypeVar

from bench.common import row
from engine import public_view, view_for
from engine.solar_storm import public_view as storm_view
from render import (
    png_bytes,
    render_corporation,
    render_picker,
    render_planet,
    render_preview,
    render_round_summary,
    render_score,
    render_station,
    warm,
)
from render.demo import playout, preview_candidates
from render.solar_storm import demo as storm_demo
from render.solar_storm import encode as storm_encode
from render.solar_storm import render_ship

TARGETS_MS = {"planet": 60, "summary (6 players)": 250, "storm ship": 60}

T = TypeVar("T")


def _time(fn: Callable[[], T], runs: int) -> tuple[float, T]:
    out: T
    samples = []
    for _ in range(runs):
        t = time.perf_counter()
        out = fn()
        samples.append(time.perf_counter() - t)
    return statistics.median(samples) * 1000, out


def _draw_and_encode(fn, runs: int, encode=png_bytes) -> tuple[list[float], list[float], list[float], int]:
    """Per run: CPU milliseconds to draw the image and to encode it as PNG (with ``encode``),
    wall-clock milliseconds of both together; and the PNG size."""
    draws, encodes, walls, size = [], [], [], 0
    for _ in range(runs):
        t, c = time.perf_counter(), time.process_time()
        img = fn()
        c1 = time.process_time()
        size = len(encode(img))
        c2 = time.process_time()
        walls.append((time.perf_counter() - t) * 1000)
        draws.append((c1 - c) * 1000)
        encodes.append((c2 - c1) * 1000)
    return draws, encodes, walls, size


def measure(quick: bool = False) -> list[dict]:
    """Rows for the shared table (python -m bench): the planet board and the 6-player round
    summary, each drawn and encoded to PNG bytes; median CPU time of several runs (drawing is
    computation only: see bench.common.time_ms), wall-clock in the notes."""
    runs = 10 if quick else 40
    warm()
    mid = playout(4, 12, stop_round=9)
    six = playout(6, 3, stop_round=9)
    v0 = view_for(mid, 0)
    storm = storm_view(storm_demo.playout(3, 5, until_turn=8, difficulty="hard"))
    rows = []
    for name, what, fn, encode in (
            ("planet", "planet board render (PNG bytes), 4 players round 9", lambda: render_planet(v0, 0), png_bytes),
            ("summary (6 players)", "6-player round summary image (PNG bytes), round 9",
             lambda: render_round_summary(public_view(six)), png_bytes),
            ("storm ship", "Solar Storm ship image (PNG bytes), 3 players turn 8",
             lambda: render_ship(storm, storm_demo.NAMES), storm_encode)):
        fn()  # first call loads fonts and builds cached layers
        draws, encodes, walls, size = _draw_and_encode(fn, runs, encode)
        totals = [d + e for d, e in zip(draws, encodes)]
        total, enc = statistics.median(totals), statistics.median(encodes)
        target = TARGETS_MS[name]
        rows.append(row(what, round(total, 1), "ms", f"median <= {target} ms", total <= target,
                        ratio=round(total / enc, 2),
                        note=f"CPU time: draw {statistics.median(draws):.1f} + encode {enc:.1f} ms, "
                             f"render/encode-only ratio {total / enc:.2f}; wall-clock median "
                             f"{statistics.median(walls):.1f} ms; {size / 1024:.0f} KiB PNG; {runs} runs"))
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.render_bench")
    ap.add_argument("--runs", type=int, default=30)
    args = ap.parse_args(argv)
    warm()
    mid = playout(4, 12, stop_round=9)
    six = playout(6, 3, stop_round=9)
    end = playout(4, 5)
    storm = storm_view(storm_demo.playout(3, 5, until_turn=8, difficulty="hard"))
    v0 = view_for(mid, 0)
    tile = mid.station["small"][0][-1]
    (orient, anchor), _bad = preview_candidates(v0, 0, tile)
    cases = {
        "planet": lambda: render_planet(v0, 0),
        "preview": lambda: render_preview(v0, 0, tile, orient, anchor),
        "corporation": lambda: render_corporation(v0, 0),
        "station": lambda: render_station(public_view(mid)),
        "picker": lambda: render_picker(v0, 0),
        "summary (6 players)": lambda: render_round_summary(public_view(six)),
        "score (4 players)": lambda: render_score(public_view(end)),
        "storm ship": lambda: render_ship(storm, storm_demo.NAMES),
    }
    encoders = {"storm ship": storm_encode}
    print(f"render benchmark: {os.cpu_count()} cores, Python {platform.python_version()}, {args.runs} runs each")
    print(f"{'image':22} {'draw ms':>8} {'encode ms':>10} {'total ms':>9} {'total/encode':>13} {'PNG KiB':>8}  target")
    for name, fn in cases.items():
        draw, img = _time(fn, args.runs)
        enc, data = _time(partial(encoders.get(name, png_bytes), img), args.runs)
        total = draw + enc
        target = TARGETS_MS.get(name)
        verdict = "" if target is None else f"<= {target} ms: {'met' if total <= target else 'MISSED'}"
        print(f"{name:22} {draw:8.1f} {enc:10.1f} {total:9.1f} {total / enc:13.2f} {len(data) / 1024:8.0f}  {verdict}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
