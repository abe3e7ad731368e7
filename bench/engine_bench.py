"""Engine benchmark: legal placements mid-game, and whole random games per second.

    .venv/bin/python -m bench --only engine [--quick] [--profile]

Placements: positions of 4-player random games at the start of round 9 (everyone still to
pick); for each seat, the time to list every legal placement of both tiles of the depot
facing it (what the tile picker and the autopilot need). Games: random-legal 4-player
standard games, engine only (no copies, no serialisation, no images): a random seat among
those to act plays an action drawn uniformly from all its legal actions, undo included, as
engine.replay.random_record plays. Undo comes up often that way (about three quarters of the
actions then go into turns that are taken back), so games without undo, nearer to how people
play, are given beside it.

The engine keeps its recent placement answers (engine/board.py, engine/rules.py: pure functions
of the planet, the covered squares and the tile), so the placement figure is the computation
itself and the cached lookup is given beside it; the games include those caches as the bot
does, emptied before each game so that it is filled only by that game's own positions.

Both are computation only, so they are timed in CPU time of the process (bench.common.time_ms),
which other programs on a shared machine do not inflate; wall-clock figures are in the notes.
"""
from __future__ import annotations

import random
from functools import partial

from bench.common import median, percentile, random_game, row, time_ms

PLACEMENTS_TARGET_MS = 2.0
GAMES_TARGET = 20.0  # games per second


def depot_placements(state, seat: int, cached: bool = False) -> int:
    """List the legal placements of both tiles of the seat's depot; return how many there are.
    The engine keeps recent answers (engine.board: a position asked again, after an undo or
    by the tile picker, costs a dictionary lookup); ``cached`` False times the computation
    itself, as for a position never seen."""
    from engine import rules
    from engine.board import legal_placements_at

    s = state.seats[seat]
    adj = rules.ignores_adjacency(state, seat)
    n = 0
    for stack, slot in rules.seat_depot(state, seat).items():
        tile = rules.top_tile(state, stack, slot)
        if tile is not None:
            if cached:
                n += len(s.board.legal_placements(tile, ignore_adjacency=adj))
            else:
                n += len(legal_placements_at(s.board.planet_id, s.board.occupied, tile, adj))
    return n


def forget_positions() -> None:
    """Empty the engine's caches of positions (not its per-tile tables), so a game gains
    nothing from the games before it."""
    from engine import board, rules

    for cached in (board._legal_placements, board._can_place, board._derived, rules._place_actions):
        cached.cache_clear()


def play_game(seed: int, undo: bool = True) -> int:
    """One random-legal 4-player game (without undo if ``undo`` is False); return the number
    of actions played. Timed from an empty position cache."""
    from engine import apply, legal_actions, make_config, new_game, to_act
    from engine.actions import Undo

    state = new_game(make_config(4), seed)
    rng = random.Random(seed)
    n = 0
    while state.phase != "over":
        seat = rng.choice(to_act(state))
        options = legal_actions(state, seat)
        if not undo:
            options = [a for a in options if not isinstance(a, Undo)]
        apply(state, seat, rng.choice(options))
        n += 1
        if n >= 50_000:
            raise RuntimeError(f"random game {seed} does not end")
    return n


def measure(quick: bool = False) -> list[dict]:
    seeds = range(3) if quick else range(8)
    runs = 20 if quick else 100
    cpu, wall, counts, hot = [], [], [], []
    for seed in seeds:
        state = random_game(4, 100 + seed, stop_round=9)
        for seat in range(4):
            counts.append(depot_placements(state, seat))
            c, w = time_ms(partial(depot_placements, state, seat), runs)
            cpu += c
            wall += w
            hot += time_ms(partial(depot_placements, state, seat, cached=True), runs)[0]
    med = median(cpu)
    rows = [row("legal placements of both depot tiles, mid-game (4 players, round 9)", round(med, 3), "ms",
                f"median <= {PLACEMENTS_TARGET_MS:g} ms", med <= PLACEMENTS_TARGET_MS,
                note=f"CPU time, computed afresh each run; p99 {percentile(cpu, 0.99):.3f} ms; wall-clock median "
                     f"{median(wall):.3f} ms; a position asked again (kept answer) {median(hot) * 1000:.1f} us; "
                     f"{median(counts):.0f} placements (median) over {len(seeds) * 4} seat positions x {runs} runs")]

    n_games = 6 if quick else 40
    play_game(0)  # warm the lru caches (candidate anchors per planet shape)
    figures = {}
    for undo in (True, False):
        actions: list[int] = []
        cpu, wall = [], []
        for seed in range(1, n_games + 1):
            forget_positions()
            c, w = time_ms(lambda: actions.append(play_game(seed, undo)), 1)  # noqa: B023 - called at once, in this iteration
            cpu += c
            wall += w
        figures[undo] = (1000 / median(cpu), median(cpu), median(actions), 1000 / median(wall))
    rate, ms, actions_, wall_rate = figures[True]
    rate2, ms2, actions2, _ = figures[False]
    rows.append(row("random-legal full 4-player standard game, engine only", round(rate, 1), "games/s",
                    f">= {GAMES_TARGET:g} games/s", rate >= GAMES_TARGET,
                    note=f"CPU time: 1 / median game ({ms:.0f} ms, {actions_:.0f} actions); {n_games} games; "
                         f"wall-clock {wall_rate:.1f} games/s; never choosing undo: {rate2:.1f} games/s "
                         f"({ms2:.0f} ms, {actions2:.0f} actions)"))
    return rows
