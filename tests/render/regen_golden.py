"""Regenerate the golden images of the render tests.

    python -m tests.render.regen_golden               # redraw every golden PNG
    python -m tests.render.regen_golden planet_full   # only some
    python -m tests.render.regen_golden --positions   # also rebuild golden/positions.json
                                                      # from seeded playouts first (and
                                                      # golden/corporations.json, hand-built)

Look at the new images (and at tests/render/_failures/ after a failed run) before
committing them: a golden image is a promise that this is what players see.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the project importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.render.golden_check import GOLDEN_SCALE, golden_path, reduce
from tests.render.positions import (
    CORPORATIONS,
    POSITIONS,
    build_corporation_views,
    build_positions,
    golden_cases,
    stored_corporation_views,
    stored_positions,
)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tests.render.regen_golden", description=__doc__.splitlines()[0])
    ap.add_argument("names", nargs="*", help="golden images to redraw (default: all)")
    ap.add_argument("--positions", action="store_true", help="rebuild golden/positions.json first")
    args = ap.parse_args(argv)
    if args.positions or not POSITIONS.exists():
        POSITIONS.parent.mkdir(parents=True, exist_ok=True)
        POSITIONS.write_text(json.dumps(build_positions(), sort_keys=True, separators=(",", ":")), encoding="utf-8")
        stored_positions.cache_clear()
        print(f"wrote {POSITIONS}")
    if args.positions or not CORPORATIONS.exists():
        CORPORATIONS.write_text(json.dumps(build_corporation_views(), sort_keys=True, separators=(",", ":")),
                                encoding="utf-8")
        stored_corporation_views.cache_clear()
        print(f"wrote {CORPORATIONS}")
    cases = golden_cases()
    unknown = [n for n in args.names if n not in cases]
    if unknown:
        print(f"unknown golden image(s): {', '.join(unknown)}; known: {', '.join(cases)}", file=sys.stderr)
        return 2
    for name in args.names or cases:
        path = golden_path(name)
        reduce(cases[name]()).save(path, format="PNG", optimize=True)
        print(f"wrote {path} ({path.stat().st_size // 1024} KiB, scale 1/{GOLDEN_SCALE})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
