"""Self-play tuning: does a change of the computer player's weights play better?

    .venv/bin/python -m bench.tune --games 600 --jobs 2 --try "REACH=0.5" --try "REACH=0.7 PATCH=0.3"
    .venv/bin/python -m bench.tune --level hard --games 40 --first-seed 1000 --try "hard.MARGIN=0.5"
    .venv/bin/python -m bench.tune --boards asymmetric --games 240 --try "TECH_VALUE.ignore_adjacency=2.0"

Each ``--try`` is one variant: one or more ``NAME=VALUE`` overrides of the weights in
``autopilot/greedy.py`` (a bare name, or ``greedy.NAME``), ``autopilot/hard.py``
(``hard.NAME``) or ``autopilot/easy.py`` (``easy.NAME``); ``NAME.key`` changes one entry of a
table (``TECH_VALUE.ignore_adjacency``, ``POCKET.2``). Every variant and the current weights
play the same seeded solo games (normal event deck; standard boards, or ``--boards
asymmetric``: every planet and corporation in turn, as in ``bench.autopilot_bench``), all in
one pool of ``--jobs`` worker processes, so a seed's luck (tiles, events) is the same for
every variant and cancels out of the paired difference. The table gives each variant's mean
and spread, how often it reaches the solo target, and its paired difference against the
current weights with its standard error: a change is worth keeping when the difference stands
two standard errors or more above zero on seeds that were not used to choose it.

``--table``: four-player tables instead, two hard and two normal seats (standard boards, no
event deck, as the bench's hard-against-normal row); a game's figure is the hard seats' average
minus the normal seats'. Every seat of a game shares one process's weights, so there only the
hard level's own weights (``hard.NAME``) can change: a change of the heuristic would move the
normal seats too.
With ``--budget 0`` hard has no time to look ahead and plays its table weights and its station
turn alone: at four players that reads as hard itself does (hard minus normal +2.89, se 0.71,
against +3.10, se 0.61, over the bench's tables 2000-2099) for a sixth of the CPU (9 s a table
against 55), so it is the quick way to try a ``hard.TABLE_*`` weight; a difference of a medal
between two weights still takes a few hundred tables to show (a pair's spread is about 7.5).
``--table --one-hard``: one hard seat and three normal ones (the hard seat moving round the
table with the seed); the figure is the hard seat minus the normal seats' mean. At the
bench's seating each hard seat's neighbours are both normal and the player across is the
other hard seat, so anything hard does "to the others" (the commander's denial) reads twice
there; with one hard seat a change that only hands its neighbours poorer depots, at a cost
to itself, reads as the loss it is (docs/computer-players.md, the ninth and tenth sessions).

``--mixed``: four-player tables (standard boards, no event deck) where two seats, never
neighbours, play the variant's weights and the other two the current weights, every seat at
``--level``; each seed is played twice with the two sides' seats swapped, so the luck of the
seats cancels out, and a seed's figure is the variant's seats' average minus the current
weights' seats', over both games. A change of the heuristic is judged where the players meet
(the station turn, the neighbour cards), and a seat's luck (its depots' tiles) does not count:
at normal, a seed's two games read a spread of 3.8 medals against 6.1 for one game alone, so
the same standard error takes about 1.3 times fewer games.

The machine with many cores (``device``) runs the same command with a larger ``--jobs``; the
results do not depend on the machine.
"""
from __future__ import annotations

import argparse
import ast
import math
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from types import ModuleType

from autopilot import easy, greedy, hard, play_game, play_turn
from engine import apply, make_config, new_game, to_act
from engine.events import PRESETS, solo_target

from .autopilot_bench import SOLO_EVENTS, asymmetric_board, table_levels

MODULES: dict[str, ModuleType] = {"greedy": greedy, "hard": hard, "easy": easy}
LEVELS = ("easy", "normal", "hard")
SURE = 2.0  # standard errors a paired difference must stand out by to be called better or worse

Override = tuple[str, str, object]  # (module, weight, new value)


class TuneError(ValueError):
    """A ``--try`` the tuner cannot apply; the message says what would be right."""


def _weights(module: ModuleType) -> list[str]:
    return sorted(k for k, v in vars(module).items()
                  if k.isupper() and not k.startswith("_") and type(v) in (int, float, tuple, dict))


def _number(text: str, what: str) -> float:
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError):
        value = None
    if type(value) not in (int, float):
        raise TuneError(f"{what}: {text!r} is not a number (write it like 0.5 or 3)")
    return float(value) if isinstance(value, float) else value


def parse_variant(text: str) -> list[Override]:
    """The overrides of one ``--try`` ("REACH=0.5 hard.MARGIN=1"), checked against the weights
    that exist, with the value each weight will take (a whole new table for ``NAME.key``;
    several entries of one table, "POCKET.1=0.7 POCKET.2=1", change it together: one override)."""
    out: dict[tuple[str, str], object] = {}  # (module, weight) -> its value with every entry so far
    parts = text.replace(",", " ").split()
    if not parts:
        raise TuneError("an empty --try: give NAME=VALUE, for example REACH=0.5")
    for part in parts:
        name, eq, raw = part.partition("=")
        if not eq or not name or not raw:
            raise TuneError(f"{part!r}: write NAME=VALUE, for example REACH=0.5")
        path = name.split(".")
        module_name = path.pop(0) if path[0] in MODULES else "greedy"
        module = MODULES[module_name]
        if not path or not path[0]:
            raise TuneError(f"{part!r}: name a weight after {module_name}., for example {module_name}.{_weights(module)[0]}")
        weight, key = path[0], ".".join(path[1:])
        if weight not in _weights(module):
            raise TuneError(f"{module_name} has no weight {weight!r}; its weights: {', '.join(_weights(module))}")
        current = out.get((module_name, weight), getattr(module, weight))
        if isinstance(current, dict):
            if not key:
                raise TuneError(f"{weight} is a table: change one entry, as {weight}.{next(iter(current))}=...")
            match = next((k for k in current if str(k) == key), None)
            if match is None:
                raise TuneError(f"{weight} has no entry {key!r}; its entries: {', '.join(map(str, current))}")
            value: object = {**current, match: _number(raw, part)}
        elif isinstance(current, tuple):
            if not key.isdigit() or int(key) >= len(current):
                raise TuneError(f"{weight} is a list of {len(current)}: change one, as {weight}.0=... to "
                                f"{weight}.{len(current) - 1}=...")
            value = tuple(_number(raw, part) if i == int(key) else x for i, x in enumerate(current))
        else:
            if key:
                raise TuneError(f"{weight} is a single number: write {module_name}.{weight}=VALUE")
            value = _number(raw, part)
        out[module_name, weight] = value
    return [(module_name, weight, value) for (module_name, weight), value in out.items()]


def label(overrides: Sequence[Override]) -> str:
    return " ".join(f"{'' if m == 'greedy' else m + '.'}{w}={v!r}" for m, w, v in overrides) or "current weights"


_SAVED: dict[tuple[str, str], object] = {}  # this process's weights as the code sets them


def use(overrides: Sequence[Override]) -> None:
    """Give this process the weights of ``overrides`` (and the code's own for every other
    weight a previous call changed); the caches that hold values computed from weights are
    emptied."""
    for (module_name, weight), value in _SAVED.items():
        setattr(MODULES[module_name], weight, value)
    for module_name, weight, value in overrides:
        _SAVED.setdefault((module_name, weight), getattr(MODULES[module_name], weight))
        setattr(MODULES[module_name], weight, value)
    greedy.clear_weight_caches()


def _mixed(overrides: Sequence[Override], level: str, seed: int, budget_s: float | None, players: int,
           swapped: bool) -> float:
    """One game of a mixed table: the seats of one parity (odd ones when ``swapped``) play
    ``overrides``, the others the current weights; their averages' difference."""
    state = new_game(make_config(players), seed)
    side = 1 if swapped else 0
    weights = None
    while state.phase != "over":
        seat = to_act(state)[0]
        mine = seat % 2 == side
        if mine is not weights:
            use(overrides if mine else ())
            weights = mine
        for action in play_turn(state, seat, level, budget_s=budget_s):
            apply(state, seat, action)
    use(())
    assert state.result is not None  # the loop plays to the end
    totals = {p["seat"]: p["total"] for p in state.result["players"]}
    return (statistics.mean(t for s, t in totals.items() if s % 2 == side)
            - statistics.mean(t for s, t in totals.items() if s % 2 != side))


def _game(task: tuple) -> tuple[int, int, float]:
    """(variant index, game index, figure) of one game: the final score of a solo game; at a
    table, the hard seats' average minus the normal seats'; at a mixed table, the variant's
    seats' average minus the current weights' seats', over both seatings."""
    variant, index, overrides, level, boards, seed, budget_s, players = task
    if boards == "mixed":
        return variant, index, statistics.mean(_mixed(overrides, level, seed, budget_s, players, swapped)
                                               for swapped in (False, True))
    use(overrides)
    if boards in ("table", "one-hard"):
        levels = table_levels(seed) if boards == "table" else one_hard_levels(seed)
        state = play_game(make_config(4), seed, levels, budget_s=budget_s)
        assert state.result is not None  # play_game plays to the end
        by: dict[str, list[int]] = {"hard": [], "normal": []}
        for p in state.result["players"]:
            by[levels[p["seat"]]].append(p["total"])
        return variant, index, statistics.mean(by["hard"]) - statistics.mean(by["normal"])
    if boards == "asymmetric":
        planet, corp = asymmetric_board(index)
        config = make_config(1, planets=[planet], corporations=[corp], events=SOLO_EVENTS)
    else:
        config = make_config(1, events=SOLO_EVENTS)
    state = play_game(config, seed, [level], budget_s=budget_s)
    assert state.result is not None  # play_game plays to the end
    return variant, index, state.result["players"][0]["total"]


def one_hard_levels(seed: int) -> list[str]:
    """The seats' levels at a table of one hard seat and three normal ones: the hard seat is
    seat ``seed % 4``, so it sits in every place as often."""
    levels = ["normal"] * 4
    levels[seed % 4] = "hard"
    return levels


def compare(variants: Sequence[Sequence[Override]], *, games: int, first_seed: int = 60000,
            level: str = "normal", boards: str = "standard", jobs: int = 1,
            budget_s: float | None = None, players: int = 4) -> list[dict]:
    """Play the current weights (first) and every variant on the same seeded games (solo; with
    ``boards="table"`` 4-player tables of hard and normal seats, two of each, or one hard seat
    with ``boards="one-hard"``; with ``boards="mixed"``
    tables of ``players`` seats, the variant's against the current weights'); a summary per variant:
    figures, mean, sd, target reached (solo), and against the current weights the paired mean
    difference, its standard error and a verdict."""
    runs: list[Sequence[Override]] = [(), *variants]
    mixed = boards == "mixed"  # the current weights against themselves: the same game seen from
    # both sides, a figure of exactly 0, so not played
    tasks = [(v, i, list(over), level, boards, first_seed + i, budget_s, players)
             for i in range(games) for v, over in enumerate(runs) if v or not mixed]
    if jobs > 1 and len(tasks) > 1:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(_game, tasks, chunksize=1))
    else:
        results = [_game(t) for t in tasks]
        use(())
    scores: list[list[float]] = [[0] * games for _ in runs]
    for v, i, total in results:
        scores[v][i] = total
    target = solo_target(PRESETS[SOLO_EVENTS])["target"]
    out = []
    for v, over in enumerate(runs):
        xs = scores[v]
        solo = boards in ("standard", "asymmetric")
        line = {"variant": label(over), "scores": xs, "mean": statistics.mean(xs), "sd": statistics.pstdev(xs),
                "reached": sum(x >= target for x in xs) if solo else None, "target": target,
                "table": not solo, "mixed": mixed, "players": players, "boards": boards}
        if v:
            diff = [a - b for a, b in zip(xs, scores[0])]
            mean = statistics.mean(diff)
            se = statistics.stdev(diff) / math.sqrt(games) if games > 1 else math.inf
            line.update(diff=mean, se=se, verdict=_verdict(mean, se))
        out.append(line)
    return out


def _verdict(diff: float, se: float) -> str:
    if se == 0:
        return "same games" if diff == 0 else ("better" if diff > 0 else "worse")
    if diff >= SURE * se:
        return "better"
    if diff <= -SURE * se:
        return "worse"
    return "within the noise"


def report(lines: list[dict], games: int, seconds: float) -> str:
    if lines[0].get("mixed"):
        n = lines[0]["players"]
        head = (f"{games} seeds each, two {n}-player games a seed ({n // 2} seats with the variant's weights, "
                f"{n - n // 2} with the current ones, then swapped); {seconds:.0f} s")
        rows = ["| variant | its seats minus the current weights' (sd) | against the current weights |",
                "| --- | --- | --- |"]
    elif lines[0]["table"]:
        seats = "1 hard + 3 normal seats" if lines[0]["boards"] == "one-hard" else "2 hard + 2 normal seats"
        head = f"{games} paired 4-player tables each ({seats}); {seconds:.0f} s"
        rows = ["| variant | hard minus normal (sd) | against the current weights |", "| --- | --- | --- |"]
    else:
        head = f"{games} paired solo games each; solo target {lines[0]['target']}; {seconds:.0f} s"
        rows = ["| variant | mean (sd) | target reached | against the current weights |",
                "| --- | --- | --- | --- |"]
    for line in lines:
        vs = (f"{line['diff']:+.2f} (se {line['se']:.2f}): {line['verdict']}" if "diff" in line else "")
        reached = "" if line["table"] else f"{line['reached']}/{len(line['scores'])} | "
        rows.append(f"| {line['variant']} | {line['mean']:.2f} ({line['sd']:.1f}) | {reached}{vs} |")
    return "\n".join([head, *rows])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.tune", description=__doc__.split("\n\n")[0])
    ap.add_argument("--try", dest="tries", action="append", default=[], metavar="NAME=VALUE ...",
                    help="a variant: weights to change, e.g. \"REACH=0.5 hard.MARGIN=1\" (repeat for more)")
    ap.add_argument("--games", type=int, default=200, help="seeded solo games per variant (default 200)")
    ap.add_argument("--first-seed", type=int, default=60000, help="seed of the first game (default 60000)")
    ap.add_argument("--level", choices=LEVELS, default="normal")
    ap.add_argument("--boards", choices=("standard", "asymmetric"), default="standard")
    ap.add_argument("--table", action="store_true", help="4-player tables of 2 hard and 2 normal seats instead "
                    "of solo games: hard minus normal per table (only hard.NAME weights may change)")
    ap.add_argument("--one-hard", action="store_true", help="with --table: one hard seat and three normal "
                    "ones (the hard seat's place moving with the seed): the hard seat minus the normal seats' mean")
    ap.add_argument("--mixed", action="store_true", help="4-player tables instead of solo games: 2 seats with the "
                    "variant's weights against 2 with the current ones, each seed twice with the seats swapped")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    ap.add_argument("--budget", type=float, help="the hard level's CPU seconds per turn (default: its own)")
    args = ap.parse_args(argv)
    if args.games < 2:
        ap.error("--games must be 2 or more: the spread of the differences needs two games")
    if args.jobs < 1:
        ap.error("--jobs must be 1 or more")
    try:
        variants = [parse_variant(t) for t in args.tries]
    except TuneError as e:
        ap.error(str(e))
    if args.one_hard and not args.table:
        ap.error("--one-hard is a seating of --table: add --table")
    if args.table and args.mixed:
        ap.error("choose --table (hard against normal) or --mixed (weights against weights), not both")
    if (args.table or args.mixed) and args.boards != "standard":
        ap.error(f"--{'table' if args.table else 'mixed'} plays the standard boards: leave out --boards")
    if args.table:
        shared = sorted({f"{'' if m == 'greedy' else m + '.'}{w}" for v in variants for m, w, _x in v if m != "hard"})
        if shared:
            ap.error(f"--table: {', '.join(shared)} would change the normal seats too (every seat of a game shares "
                     "the weights); only hard.NAME weights can be compared at a table")
    start = time.perf_counter()
    lines = compare(variants, games=args.games, first_seed=args.first_seed, level=args.level,
                    boards=("one-hard" if args.one_hard else "table") if args.table else "mixed" if args.mixed
                    else args.boards, jobs=args.jobs,
                    budget_s=args.budget)
    print(report(lines, args.games, time.perf_counter() - start))
    return 0


if __name__ == "__main__":
    sys.exit(main())
