"""python3 tasks.py bench {render|load} [options]: run one of the benchmarks (see the README)."""
from __future__ import annotations

import sys

from bench import load_bench, render_bench

BENCHES = {"render": render_bench.main, "load": load_bench.main}


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in BENCHES:
        print(f"usage: python3 tasks.py bench {{{'|'.join(BENCHES)}}} [options]  (--help for a bench's options)")
        return 2
    return BENCHES[argv[0]](argv[1:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
